package theory

import "fmt"

// Tonality is a key in one mode: a tonic, major or (natural) minor. Unlike Key, which stands
// for a major key and its relative minor together, a Tonality is spelled from its own tonic,
// so G# major is a key with eight sharps, not Ab major.
type Tonality struct {
	// Tonic is the key's first note, spelled as the key is named.
	Tonic Note
	// Minor is true for the natural minor mode, false for major.
	Minor bool
}

// The scales' intervals above the tonic, one per letter.
var (
	majorIntervals = []string{"P1", "M2", "M3", "P4", "P5", "M6", "M7"}
	minorIntervals = []string{"P1", "M2", "m3", "P4", "P5", "m6", "m7"}
)

// Notes returns the key's seven notes from the tonic up, each letter once, with as many
// accidentals as the intervals need (F## in G# major).
func (t Tonality) Notes() []Note {
	ivs := majorIntervals
	if t.Minor {
		ivs = minorIntervals
	}
	notes := make([]Note, len(ivs))
	for i, s := range ivs {
		iv, _ := ParseInterval(s) // the lists above are valid
		notes[i] = t.Tonic.Above(iv)
	}
	return notes
}

// Signature counts the key's accidentals: sharps above zero, flats below. A double sharp
// counts twice, as it does on the staff of a theoretical key.
func (t Tonality) Signature() int {
	n := 0
	for _, note := range t.Notes() {
		n += note.Acc
	}
	return n
}

// SignatureName writes a count of accidentals in words: "no sharps or flats", "1 sharp",
// "5 sharps", "1 flat", "8 flats".
func SignatureName(n int) string {
	switch {
	case n == 0:
		return "no sharps or flats"
	case n == 1:
		return "1 sharp"
	case n == -1:
		return "1 flat"
	case n > 0:
		return fmt.Sprintf("%d sharps", n)
	}
	return fmt.Sprintf("%d flats", -n)
}

// Relative is the key with the same notes in the other mode: a major key's sixth degree as
// a minor tonic, a minor key's third degree as a major tonic.
func (t Tonality) Relative() Tonality {
	if t.Minor {
		return Tonality{Tonic: t.Notes()[2]}
	}
	return Tonality{Tonic: t.Notes()[5], Minor: true}
}

// Mode names the key's mode, "major" or "minor".
func (t Tonality) Mode() string {
	if t.Minor {
		return "minor"
	}
	return "major"
}

// String names the key, e.g. "G# minor".
func (t Tonality) String() string { return t.Tonic.String() + " " + t.Mode() }

// Tonalities returns the fifteen keys of a mode whose signature has at most seven sharps or
// flats, from seven flats to seven sharps: each a fifth above the one before.
func Tonalities(minor bool) []Tonality {
	start := Tonality{Tonic: MustNote("C"), Minor: minor}
	if minor {
		start.Tonic = MustNote("A")
	}
	fifth, _ := ParseInterval("P5")
	fourth, _ := ParseInterval("P4")
	keys := make([]Tonality, 15)
	keys[7] = start
	for i := 8; i < 15; i++ {
		keys[i] = Tonality{Tonic: keys[i-1].Tonic.Above(fifth), Minor: minor}
	}
	for i := 6; i >= 0; i-- {
		keys[i] = Tonality{Tonic: keys[i+1].Tonic.Above(fourth), Minor: minor}
	}
	return keys
}
