package optick

import (
	"slices"
	"testing"

	"course/ga/embeddings"
)

// TestReadCorpus reads a corpus back from its index and holds it to the corpus built: each
// voicing's diagram, name, notes and frets, in order.
func TestReadCorpus(t *testing.T) {
	ps := embeddings.Partitions()
	c, err := BuildCorpusIndex(3, 2, 3, ps, false)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Open(c.Index, ps)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadCorpus(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(c.Voicings) || len(got) == 0 {
		t.Fatalf("%d voicings read, %d built", len(got), len(c.Voicings))
	}
	for i, want := range c.Voicings {
		g := got[i]
		if g.Diagram != want.Diagram || g.Name != want.Name || !slices.Equal(g.MidiNotes, want.MidiNotes) ||
			!slices.Equal(g.Voicing.Frets, want.Voicing.Frets) || !slices.Equal(g.Voicing.Notes, want.Voicing.Notes) ||
			g.Voicing.Diagram() != want.Diagram || g.RootPitchClass != -1 || g.Raw != nil {
			t.Fatalf("voicing %d: read %+v, built %+v", i, g, want)
		}
	}
	// A record whose diagram plays another number of strings than its notes is refused.
	if _, err := voicingOf(Metadata{Diagram: "0-0-x", MidiNotes: []int{64}}); err == nil {
		t.Error("a diagram of two played strings with one note reads")
	}
}
