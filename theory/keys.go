package theory

import (
	"fmt"
	"slices"
	"strings"
)

// Key is a major key and its relative minor: one collection of seven notes, one per letter.
type Key struct {
	// Tonic is the major key's tonic; the relative minor is its sixth degree.
	Tonic Note
}

// keyTonics are the twelve major keys from C up by semitones, each spelled with the fewer
// accidentals; of F# and Gb, which tie, the flat side is taken like its neighbours Db, Eb, Ab, Bb.
var keyTonics = [12]string{"C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"}

// Keys returns the twelve major keys from C up by semitones.
func Keys() []Key {
	keys := make([]Key, len(keyTonics))
	for i, t := range keyTonics {
		keys[i] = Key{Tonic: MustNote(t)}
	}
	return keys
}

// Notes returns the key's major scale from its tonic.
func (k Key) Notes() []Note {
	notes, _ := Spell(k.Tonic, scaleFormulas()["Ionian (major)"]...)
	return notes
}

// RelativeMinor is the tonic of the key's minor, its sixth degree.
func (k Key) RelativeMinor() Note { return k.Tonic.Up(Degree{Number: 6}) }

// String names the key with its relative minor, e.g. "Db major / Bb minor".
func (k Key) String() string {
	return fmt.Sprintf("%s major / %s minor", k.Tonic, k.RelativeMinor())
}

// Outside counts the chord tones of chords that the key's notes lack, chord by chord.
func (k Key) Outside(chords []Chord) int {
	n := 0
	for _, c := range chords {
		n += len(Missing(c.Tones, k.Notes()))
	}
	return n
}

// FindKeys returns the major keys that leave the fewest chord tones of chords outside, every
// tied key in the order of Keys, and that count.
func FindKeys(chords []Chord) ([]Key, int) {
	var best []Key
	fewest := -1
	for _, k := range Keys() {
		switch n := k.Outside(chords); {
		case fewest < 0 || n < fewest:
			best, fewest = []Key{k}, n
		case n == fewest:
			best = append(best, k)
		}
	}
	return best, fewest
}

// Textbook returns the scale the key gives chord c: the key's notes with each chord tone in
// place of the key note on its letter, read from the chord's root, named by NameSteps.
func (k Key) Textbook(c Chord) Scale {
	notes := k.Notes()
	for _, t := range c.Tones {
		i := slices.IndexFunc(notes, func(n Note) bool { return n.Letter == t.Letter })
		notes[i] = t
	}
	start := slices.IndexFunc(notes, func(n Note) bool { return n.Letter == c.Root.Letter })
	notes = append(notes[start:], notes[:start]...)
	return Scale{Name: c.Root.String() + " " + NameSteps(notes), Root: c.Root, Notes: notes}
}

// modes are the seven-note step patterns with a name, as semitones above the root.
var modes = []struct {
	name  string
	steps []int
}{
	{"Ionian", []int{0, 2, 4, 5, 7, 9, 11}},
	{"Dorian", []int{0, 2, 3, 5, 7, 9, 10}},
	{"Phrygian", []int{0, 1, 3, 5, 7, 8, 10}},
	{"Lydian", []int{0, 2, 4, 6, 7, 9, 11}},
	{"Mixolydian", []int{0, 2, 4, 5, 7, 9, 10}},
	{"Aeolian", []int{0, 2, 3, 5, 7, 8, 10}},
	{"Locrian", []int{0, 1, 3, 5, 6, 8, 10}},
	{"Mixolydian b6", []int{0, 2, 4, 5, 7, 8, 10}},
	{"Phrygian dominant", []int{0, 1, 4, 5, 7, 8, 10}},
}

// NameSteps names a scale given from its root by its pattern of semitones above the root: a
// mode of the major scale, Mixolydian b6 or Phrygian dominant, otherwise the semitones in
// brackets, e.g. "(0 2 3 6 7 9 11)".
func NameSteps(notes []Note) string {
	if len(notes) == 0 {
		return "()"
	}
	steps := make([]int, 0, len(notes))
	for _, n := range notes {
		steps = append(steps, mod12(n.PitchClass()-notes[0].PitchClass()))
	}
	slices.Sort(steps)
	steps = slices.Compact(steps)
	for _, m := range modes {
		if slices.Equal(m.steps, steps) {
			return m.name
		}
	}
	s := make([]string, len(steps))
	for i, st := range steps {
		s[i] = fmt.Sprint(st)
	}
	return "(" + strings.Join(s, " ") + ")"
}
