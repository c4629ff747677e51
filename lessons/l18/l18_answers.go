package l18

import (
	"slices"
	"strconv"
	"strings"

	"course/internal/lazy"
	"course/lessons/kit"
	"course/theory"
)

// How the lesson reads VoiceLeadingSkill's answers, and the textbook's chords and least motion
// it grades them by.

// vlAnswer is what the lesson reads in the skill's answer: the total it gives, each voice's
// notes as it spells them, the distinct pitch classes of each side, and whether it closes
// claiming every other voicing moves more.
type vlAnswer struct {
	cost     int
	voices   [][2]string
	from, to []int
	claims   bool
}

var vlTotalRe = lazy.Regexp(`total motion = \*\*(\d+) semitones\*\*`)

// ask puts prompt to the skill and reads its answer; nil when it gives no total. A voice is a
// table row "| <voice> | <from> | <to> | <move> |".
func (l *lesson) ask(prompt string) *vlAnswer {
	text := strings.ReplaceAll(l.skill.Execute(prompt).Text, "\r\n", "\n")
	m := vlTotalRe().FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	cost, _ := strconv.Atoi(m[1])
	a := &vlAnswer{cost: cost, claims: strings.Contains(text, "requires more total semitone movement")}
	for line := range strings.SplitSeq(text, "\n") {
		if len(line) < 3 || line[0] != '|' || line[2] < '0' || line[2] > '9' {
			continue // not a voice's row: the header, its rule, or prose
		}
		inner, ok := strings.CutPrefix(line, "| ")
		if !ok {
			continue
		}
		inner, ok = strings.CutSuffix(inner, " |")
		cells := strings.Split(inner, " | ")
		if !ok || len(cells) != 4 {
			continue
		}
		if _, err := strconv.Atoi(cells[0]); err != nil {
			continue
		}
		a.voices = append(a.voices, [2]string{cells[1], cells[2]})
		for k, side := range []*[]int{&a.from, &a.to} {
			if pc, ok := theory.PitchClass(cells[1+k]); ok && !slices.Contains(*side, pc) {
				*side = append(*side, pc)
			}
		}
	}
	return a
}

// root is the first chord's root as the answer spells it, or "declined": voice 1 starts on it
// (VoiceLeadingSkill.cs:117-128).
func (a *vlAnswer) root() string {
	if a == nil {
		return "declined"
	}
	return a.voices[0][0]
}

// side is the distinct pitch classes of one side of the answer's voices, 0 the first chord.
func (a *vlAnswer) side(k int) []int {
	if k == 0 {
		return a.from
	}
	return a.to
}

// chord spells a chord symbol by the course's theory; an error sticks and ends the lesson.
func (l *lesson) chord(symbol string) theory.Chord {
	if c, ok := l.chords[symbol]; ok {
		return c
	}
	c, err := theory.ParseChord(symbol)
	if err != nil && l.err == nil {
		l.err = err
	}
	if l.chords == nil {
		l.chords = map[string]theory.Chord{}
	}
	l.chords[symbol] = c
	return c
}

// pcs are the pitch classes of a chord symbol's tones, made once per symbol; callers must not
// change them.
func (l *lesson) pcs(symbol string) []int {
	if p, ok := l.pcsOf[symbol]; ok {
		return p
	}
	if l.pcsOf == nil {
		l.pcsOf = map[string][]int{}
	}
	p := l.chord(symbol).PitchClasses()
	l.pcsOf[symbol] = p
	return p
}

// note reads a note name; an error sticks and ends the lesson.
func (l *lesson) note(name string) theory.Note {
	n, err := theory.ParseNote(name)
	if err != nil && l.err == nil {
		l.err = err
	}
	return n
}

// reads reports whether the answer moves exactly the notes of chord from to those of chord to.
func (l *lesson) reads(a *vlAnswer, from, to string) bool {
	return a != nil && kit.SameSet(a.side(0), l.pcs(from)) && kit.SameSet(a.side(1), l.pcs(to))
}

// readAs names the two chords the answer moves between, each on the root asked.
func (l *lesson) readAs(a *vlAnswer, from, to string) string {
	if a == nil {
		return "declined"
	}
	return theory.NameChord(a.side(0), l.chord(from).Root, allQualities) + " → " + theory.NameChord(a.side(1), l.chord(to).Root, allQualities)
}

// bestPairings counts the different pairings of notes that reach cost when both chords are
// padded with their root, as the skill pads them.
func bestPairings(a, b []int, cost int) int {
	n := max(len(a), len(b))
	pad := func(c []int) []int {
		out := slices.Clone(c)
		for len(out) < n {
			out = append(out, c[0])
		}
		return out
	}
	pa, pb := pad(a), pad(b)
	var seen []uint64
	pairs := make([]int, n)
	for _, p := range theory.Permutations(n) {
		if theory.Motion(pa, pb, p) != cost {
			continue
		}
		for i := range n {
			pairs[i] = pa[i]*12 + pb[p[i]]
		}
		slices.Sort(pairs)
		// A pairing of up to eight voices fits one number, a byte per pair.
		var key uint64
		for _, x := range pairs {
			key = key<<8 | uint64(x)
		}
		if !slices.Contains(seen, key) {
			seen = append(seen, key)
		}
	}
	return len(seen)
}
