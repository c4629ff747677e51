package kit

import (
	"fmt"
	"strconv"
	"strings"

	"course/ga/algebra"
	"course/internal/lazy"
	"course/internal/report"
	"course/theory"
)

// The chords and sets lessons 14 and 22 to 24 ask about, and how the course's own theory reads
// and names them.

// ChordSpelling is a chord as a question writes it, and the symbol a textbook spells it by.
type ChordSpelling struct{ Token, Symbol string }

// ICVChords are the chords asked after "ICV neighbors of", with the textbook's symbol for each:
// root C unless named; "C minor" is Cm, "a Cmaj7" is Cmaj7.
var ICVChords = []ChordSpelling{
	{"C", "C"}, {"Cm", "Cm"}, {"Cmaj7", "Cmaj7"}, {"CM7", "Cmaj7"}, {"Cmin7", "Cmin7"}, {"Cdom7", "C7"},
	{"Cm7b5", "Cm7b5"}, {"Cø7", "Cm7b5"}, {"Cdim", "Cdim"}, {"C°", "C°"}, {"Cdim7", "Cdim7"}, {"C°7", "C°7"},
	{"Caug", "Caug"}, {"C+", "C+"}, {"Cadd9", "Cadd9"}, {"C7sus4", "C7sus4"}, {"C7b9", "C7b9"}, {"C7#9", "C7#9"},
	{"Cm11", "Cm11"}, {"C13", "C13"}, {"CmMaj7", "CmMaj7"}, {"C5", "C5"}, {"F#m7b5", "F#m7b5"}, {"B♭7", "Bb7"},
	{"C minor", "Cm"}, {"A minor", "Am"}, {"a Cmaj7", "Cmaj7"},
}

// GrothendieckQualities are the sixteen qualities the skills' table knows, as suffixes.
var GrothendieckQualities = []string{"", "m", "dim", "aug", "7", "m7", "maj7", "m7b5", "dim7", "sus2", "sus4", "6", "m6", "9", "maj9", "m9"}

// SetVectors are the course's own interval-class vectors of the 4,096 pitch-class sets, by id.
func SetVectors() [][6]int {
	out := make([][6]int, algebra.ItemCount)
	for _, s := range algebra.Items() {
		out[s] = theory.IntervalVector(s.PitchClasses())
	}
	return out
}

// SharpNotes names pitch classes with sharps, in the order given.
func SharpNotes(pcs []int) string {
	names := make([]string, len(pcs))
	for i, p := range pcs {
		names[i] = theory.SharpName(p)
	}
	return strings.Join(names, " ")
}

// SplitInts reads "0,4,7" as numbers, recording the first error.
func SplitInts(s string, errp *error) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(f)
		if err != nil && *errp == nil {
			*errp = fmt.Errorf("read %q: %w", s, err)
		}
		out = append(out, n)
	}
	return out
}

// TextbookPCs are the pitch classes of a chord symbol as the course's theory spells it; the
// first error is kept in errp.
func TextbookPCs(symbol string, errp *error) []int {
	c, err := theory.ParseChord(symbol)
	if err != nil && *errp == nil {
		*errp = fmt.Errorf("textbook chord: %w", err)
	}
	return theory.PitchClasses(c.Tones)
}

// Forte is the set's Forte label in GA's catalogue, "?" when it has none.
func Forte(s algebra.Set) string {
	if label, ok := algebra.ForteLabel(s); ok {
		return label
	}
	return "?"
}

// RootPitchClass is the pitch class of the note name at the start of a symbol, or -1.
func RootPitchClass(note string) int {
	n, err := theory.ParseNote(NoteRoot().FindString(note))
	if err != nil {
		return -1
	}
	return n.PitchClass()
}

// NoteRoot is a note name at the start of a symbol, as the lesson reads the closures' output.
var NoteRoot = lazy.Regexp(`^[A-G](?:bb|b|##|#)?`)

// TonicHeader joins the tonics of keys, each padded to two columns.
func TonicHeader(keys []theory.Tonality) string {
	cells := make([]string, len(keys))
	for i, k := range keys {
		cells[i] = report.Pad(k.Tonic.String(), 2)
	}
	return strings.Join(cells, " ")
}
