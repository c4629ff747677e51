package query

import (
	"slices"
	"testing"
)

// TestExtractTypedReadsChordPitchClasses checks the chords the typed extractor reads with
// ChordPitchClasses: parentheses stay in the token and are dropped by the parser, a minus is a
// separator, pitch classes come ascending, the root is kept, and an iconic chord's root is its
// first pitch class.
func TestExtractTypedReadsChordPitchClasses(t *testing.T) {
	for _, c := range []struct {
		msg, chord string
		root       int
		pcs        []int
	}{
		{"voicings for C7(b9)", "C7(b9)", 0, []int{0, 1, 4, 7, 10}},
		{"voicings for Am", "Am", 9, []int{0, 4, 9}},
		{"voicings for C-7", "C-7", 0, []int{0, 4, 7, 10}},
		{"voicings for C/G", "C/G", 0, []int{0, 4, 7}},
		{"voicings for F#m7b5", "F#m7b5", 6, []int{0, 4, 6, 9}},
		{"the Hendrix chord", "E7#9", 4, []int{4, 8, 11, 2, 7}},
	} {
		q := ExtractTyped(c.msg)
		if q.ChordSymbol != c.chord || q.Root == nil || *q.Root != c.root || !slices.Equal(q.PitchClasses, c.pcs) {
			t.Errorf("ExtractTyped(%q) = %q root %v pcs %v; want %q root %d pcs %v", c.msg, q.ChordSymbol, q.Root, q.PitchClasses, c.chord, c.root, c.pcs)
		}
	}
	for _, msg := range []string{"voicings for Cdom7", "voicings for Cma7", "voicings for am"} {
		if q := ExtractTyped(msg); q.ChordSymbol != "" || q.Root != nil || q.PitchClasses != nil {
			t.Errorf("ExtractTyped(%q) read %q", msg, q.ChordSymbol)
		}
	}
}
