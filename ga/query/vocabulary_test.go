package query

import (
	"slices"
	"testing"
)

// TestKnownModesAreTheExtractorsModes checks the listed modes are the ones the extractor reads.
func TestKnownModesAreTheExtractorsModes(t *testing.T) {
	modes := KnownModes()
	if len(modes) != len(knownModes()) {
		t.Fatalf("%d modes listed, the extractor reads %d", len(modes), len(knownModes()))
	}
	for _, m := range modes {
		if !knownModes()[m] {
			t.Errorf("%q is not a mode the extractor reads", m)
		}
	}
	// A one-word mode wins before the two-word one it starts, as GA's loop tries it first.
	if q := ExtractTyped("lydian dominant"); q.ModeName != "lydian" || len(q.Tags) != 1 || q.Tags[0] != "dominant" {
		t.Errorf("lydian dominant read as mode %q, tags %v", q.ModeName, q.Tags)
	}
	if n := len(KnownTags()); n != 188 {
		t.Errorf("%d tags, want the registry's 188", n)
	}
}

// TestExtractTypedReadsChordsAsChordPitchClasses checks chords are read by GA's compositional
// parser, root and ascending pitch classes, and that an iconic chord's first note is its root.
func TestExtractTypedReadsChordsAsChordPitchClasses(t *testing.T) {
	q := ExtractTyped("Cmaj7#5 jazz")
	if q.ChordSymbol != "Cmaj7#5" || q.Root == nil || *q.Root != 0 || !slices.Equal(q.PitchClasses, []int{0, 4, 8, 11}) {
		t.Errorf("Cmaj7#5 read as %q, root %v, %v", q.ChordSymbol, q.Root, q.PitchClasses)
	}
	q = ExtractTyped("the Hendrix chord")
	if q.ChordSymbol != "E7#9" || q.Root == nil || *q.Root != 4 {
		t.Errorf("the Hendrix chord read as %q, root %v", q.ChordSymbol, q.Root)
	}
}
