package theory

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Tuning is a guitar tuning as a textbook writes it: its name and its six strings' pitches,
// low string first.
type Tuning struct {
	// Name is the tuning's usual name.
	Name string
	// Strings are the open strings' notes with their octaves, low first: "E2 A2 D3 G3 B3 E4".
	Strings []string
}

// StandardTuning is E A D G B E, E2 to E4.
var StandardTuning = Tuning{"standard", strings.Fields("E2 A2 D3 G3 B3 E4")}

// StandardMidi returns StandardTuning's open strings as MIDI numbers, low E first, the numbers a
// fret chart's frets are added to. They are read from StandardTuning once, on first use.
var StandardMidi = sync.OnceValue(func() [6]int {
	m, err := StandardTuning.Midi()
	if err != nil || len(m) != 6 {
		panic(fmt.Sprintf("theory: standard tuning %v: %v", StandardTuning.Strings, err))
	}
	return [6]int(m)
})

// AlternateTunings are the common alternate tunings of six strings: each string tuned down or
// up from standard by as little as the tuning's notes allow.
var AlternateTunings = []Tuning{
	{"DADGAD", strings.Fields("D2 A2 D3 G3 A3 D4")},
	{"Drop D", strings.Fields("D2 A2 D3 G3 B3 E4")},
	{"Double Drop D", strings.Fields("D2 A2 D3 G3 B3 D4")},
	{"Drop C", strings.Fields("C2 G2 C3 F3 A3 D4")},
	{"Open G", strings.Fields("D2 G2 D3 G3 B3 D4")},
	{"Open D", strings.Fields("D2 A2 D3 F#3 A3 D4")},
	{"DGCGCD", strings.Fields("D2 G2 C3 G3 C4 D4")},
	{"Half-step down (Eb standard)", strings.Fields("Eb2 Ab2 Db3 Gb3 Bb3 Eb4")},
	{"Whole-step down (D standard)", strings.Fields("D2 G2 C3 F3 A3 D4")},
}

// splitOctave cuts "F#3" into its note and octave.
func splitOctave(s string) (Note, int, error) {
	i := strings.IndexAny(s, "0123456789-")
	if i < 1 {
		return Note{}, 0, fmt.Errorf("theory: pitch %q: want a note and an octave", s)
	}
	n, err := ParseNote(s[:i])
	if err != nil {
		return Note{}, 0, err
	}
	oct, err := strconv.Atoi(s[i:])
	if err != nil {
		return Note{}, 0, fmt.Errorf("theory: pitch %q: octave: %w", s, err)
	}
	return n, oct, nil
}

// Notes are the strings' notes without their octaves.
func (t Tuning) Notes() []string {
	out := make([]string, len(t.Strings))
	for i, s := range t.Strings {
		n, _, err := splitOctave(s)
		if err != nil {
			out[i] = s
			continue
		}
		out[i] = n.String()
	}
	return out
}

// Midi are the strings' MIDI note numbers, middle C (C4) being 60.
func (t Tuning) Midi() ([]int, error) {
	out := make([]int, len(t.Strings))
	for i, s := range t.Strings {
		n, oct, err := splitOctave(s)
		if err != nil {
			return nil, err
		}
		// B#3 is C4 and Cb4 is B3: the octave belongs to the letter.
		out[i] = 12*(oct+1) + naturals[n.Letter] + n.Acc
	}
	return out, nil
}

// MovesFrom are the semitones each string is tuned away from the same string of from.
func (t Tuning) MovesFrom(from Tuning) ([]int, error) {
	a, err := from.Midi()
	if err != nil {
		return nil, err
	}
	b, err := t.Midi()
	if err != nil {
		return nil, err
	}
	if len(a) != len(b) {
		return nil, fmt.Errorf("theory: %s has %d strings, %s %d", t.Name, len(b), from.Name, len(a))
	}
	out := make([]int, len(a))
	for i := range a {
		out[i] = b[i] - a[i]
	}
	return out, nil
}

// SignatureKeys are the tonics a key signature can write, major or minor: those whose scale
// spells every degree with at most one sharp or one flat, all of one kind. There are fifteen of
// each, from seven flats to seven sharps.
func SignatureKeys(minor bool) []string {
	degrees := []string{"1", "2", "3", "4", "5", "6", "7"}
	if minor {
		degrees = []string{"1", "2", "b3", "4", "5", "b6", "b7"}
	}
	var out []string
	// Around the circle of fifths from C, sharps first, then flats.
	for _, names := range [][]string{
		{"C", "G", "D", "A", "E", "B", "F#", "C#", "G#", "D#", "A#", "E#", "B#"},
		{"F", "Bb", "Eb", "Ab", "Db", "Gb", "Cb", "Fb"},
	} {
		for _, name := range names {
			notes, err := Spell(MustNote(name), degrees...)
			if err != nil {
				continue
			}
			sharps, flats, ok := 0, 0, true
			for _, n := range notes {
				switch {
				case n.Acc == 1:
					sharps++
				case n.Acc == -1:
					flats++
				case n.Acc != 0:
					ok = false
				}
			}
			if ok && (sharps == 0 || flats == 0) {
				out = append(out, name)
			}
		}
	}
	return out
}
