package voicingtools

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"course/ga/embeddings"
	"course/ga/optick"
)

// testIndex is the course's corpus index (three frets, window three, three notes or more), built once for the package's tests.
var testIndex = sync.OnceValues(func() (*optick.Reader, error) {
	c, err := optick.BuildCorpusIndex(3, 3, 3, embeddings.Partitions(), false) // lesson 3's corpus
	if err != nil {
		return nil, err
	}
	return optick.Open(c.Index, embeddings.Partitions())
})

// newTool is a search tool over the course's index.
func newTool(t *testing.T) *SearchTool {
	t.Helper()
	r, err := testIndex()
	if err != nil {
		t.Fatal(err)
	}
	return NewSearchTool(r, embeddings.Partitions())
}

// ask asks the tool and fails the test on an error.
func ask(t *testing.T, tool *SearchTool, q string, limit int) Answer {
	t.Helper()
	a, err := tool.Search(q, limit)
	if err != nil {
		t.Fatal(err)
	}
	if a.Error != "" {
		t.Fatalf("%q: %s", q, a.Error)
	}
	return a
}

// TestAWordReadAsATagMovesTheScore adds "for" to "G7 shell": the registry's substring rule reads
// it as a tag (it is part of "normal-form"), which sets a second SYMBOLIC bit and lowers the
// best voicing's score.
func TestAWordReadAsATagMovesTheScore(t *testing.T) {
	tool := newTool(t)
	a, b := ask(t, tool, "G7 shell", 10), ask(t, tool, "G7 shell for", 10)
	if !slices.Equal(a.Interpreted.Tags, []string{"shell"}) || !slices.Equal(b.Interpreted.Tags, []string{"shell", "for"}) {
		t.Fatalf("tags %v and %v", a.Interpreted.Tags, b.Interpreted.Tags)
	}
	if a.Results[0].Score != 0.5078 || b.Results[0].Score != 0.4932 {
		t.Errorf("top scores %v and %v, want 0.5078 and 0.4932", a.Results[0].Score, b.Results[0].Score)
	}
}

// TestNothingReadNothingSearched checks that a query naming no chord, mode or tag returns no
// voicing, and that one word the registry knows is enough to search.
func TestNothingReadNothingSearched(t *testing.T) {
	tool := newTool(t)
	if a := ask(t, tool, "something warm and mellow", 10); a.Interpreted != nil || len(a.Results) != 0 {
		t.Errorf("read %+v, %d results", a.Interpreted, len(a.Results))
	}
	a := ask(t, tool, "something warm and dreamy", 10)
	if a.Interpreted == nil || !slices.Equal(a.Interpreted.Tags, []string{"dreamy"}) || len(a.Results) != 10 {
		t.Errorf("read %+v, %d results", a.Interpreted, len(a.Results))
	}
}

// TestTheModeIsReadButNotEncoded checks that a mode after a chord changes nothing: the encoder
// has no use for the mode name.
func TestTheModeIsReadButNotEncoded(t *testing.T) {
	tool := newTool(t)
	a, b := ask(t, tool, "C", 10), ask(t, tool, "C dorian", 10)
	if b.Interpreted.Mode != "dorian" || !sameHits(a.Results, b.Results) {
		t.Errorf("C dorian read as mode %q; the same results %v", b.Interpreted.Mode, sameHits(a.Results, b.Results))
	}
}

// TestAnInstrumentNarrowsTheSearch checks "on guitar" is read as the instrument filter, not a tag.
func TestAnInstrumentNarrowsTheSearch(t *testing.T) {
	a := ask(t, newTool(t), "Lydian on guitar", 10)
	if a.Interpreted.Instrument != "guitar" || a.Interpreted.Mode != "Lydian" || len(a.Interpreted.Tags) != 0 || len(a.Results) != 10 {
		t.Errorf("read %+v, %d results", a.Interpreted, len(a.Results))
	}
}

// TestBadQueries checks the tool's two refusals and the limit's clamp.
func TestBadQueries(t *testing.T) {
	tool := newTool(t)
	if a, err := tool.Search("  ", 10); err != nil || a.Error != "query is required" {
		t.Errorf("blank query: %+v, %v", a, err)
	}
	if a, err := tool.Search(strings.Repeat("C", 513), 10); err != nil || a.Error != "query too long" {
		t.Errorf("long query: %+v, %v", a.Error, err)
	}
	if a := ask(t, tool, strings.Repeat("C", 512), 10); a.Error != "" {
		t.Errorf("512 characters refused: %s", a.Error)
	}
	if n := len(ask(t, tool, "Cmaj7", 500).Results); n != 50 {
		t.Errorf("limit 500 gave %d results, want 50", n)
	}
	if n := len(ask(t, tool, "Cmaj7", 0).Results); n != 1 {
		t.Errorf("limit 0 gave %d results, want 1", n)
	}
}

// TestPrefetchChangesNoAnswer checks that answers read from a prefetch are the ones a search
// without it gives.
func TestPrefetchChangesNoAnswer(t *testing.T) {
	queries := []string{"Cmaj7", "Cmaj7 jazz", "G7 shell for", "jazz voicings", "F# Lydian", "Dm7 rootless", "Ab+7", "hendrix chord"}
	plain, fetched := newTool(t), newTool(t)
	if err := fetched.Prefetch(queries, 10); err != nil {
		t.Fatal(err)
	}
	for _, q := range queries {
		a, b := ask(t, plain, q, 10), ask(t, fetched, q, 10)
		if !sameHits(a.Results, b.Results) {
			t.Errorf("%q: prefetched answer differs", q)
		}
	}
}

// TestVocabulary checks the counts ga_voicing_vocabulary lists and that its lists are sorted.
func TestVocabulary(t *testing.T) {
	v := VoicingVocabulary()
	if len(v.Roots) != 18 || len(v.Qualities) != 45 || len(v.Modes) != 23 || len(v.Tags) != 188 || len(v.Examples) != 5 {
		t.Errorf("roots %d, qualities %d, modes %d, tags %d, examples %d", len(v.Roots), len(v.Qualities), len(v.Modes), len(v.Tags), len(v.Examples))
	}
	for _, l := range [][]string{v.Roots, v.Qualities, v.Modes, v.Tags} {
		if !slices.IsSorted(l) {
			t.Errorf("not sorted: %v", l)
		}
	}
}

// sameHits reports whether two answers list the same voicings, names and scores.
func sameHits(a, b []Hit) bool {
	return slices.EqualFunc(a, b, func(x, y Hit) bool {
		return x.Diagram == y.Diagram && x.Score == y.Score && x.ChordName == y.ChordName
	})
}
