package query

import "testing"

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
