package query

import (
	"slices"
	"testing"
)

// TestExtractTypedReadsGAsVocabulary checks the main extractor against the readings the voicing
// agent's answers on main show: modes as written, tags found by the registry's substring rule.
func TestExtractTypedReadsGAsVocabulary(t *testing.T) {
	for _, c := range []struct {
		msg, chord, mode string
		tags             []string
	}{
		{"transpose this progression down a half step", "", "", []string{"half"}},
		{"transpose C-Am-F-G to G major", "G", "major", []string{"g-major"}}, // an iconic chord's alternate name
		{"transposing the chorus down a tone", "", "", []string{"the", "tone"}},
		{"Major vs minor", "", "Major", []string{"minor"}},
		{"Raise Bb7 by a minor third", "Bb7", "minor", []string{"third"}},
		{"Transpose this progression to capo 3", "", "", nil},
		{"Cmaj7 on bass", "Cmaj7", "", nil},
		{"the Hendrix chord", "E7#9", "", []string{"the", "hendrix", "hendrix-chord"}},
	} {
		q := ExtractTyped(c.msg)
		if q.ChordSymbol != c.chord || q.ModeName != c.mode || !slices.Equal(q.Tags, c.tags) {
			t.Errorf("ExtractTyped(%q) = chord %q mode %q tags %v; want %q %q %v", c.msg, q.ChordSymbol, q.ModeName, q.Tags, c.chord, c.mode, c.tags)
		}
	}
	if q := ExtractTyped("Cmaj7 on bass"); q.Instrument != "bass" {
		t.Errorf("instrument %q", q.Instrument)
	}
}
