package gahost

import (
	"strings"
	"testing"

	"course/ga/embeddings"
	"course/ga/notation"
	"course/ga/optick"
	"course/ga/voicing"
	"course/internal/indexcache"
	"course/internal/indexcache/cachetest"
)

// TestHostSearchesTheCachedIndex puts in the cache, where lesson 3 writes the index, the index of
// another corpus (the first frets in windows of two), for the pin and for main: each host
// answers a voicing question with what its own search over that index gives, and so reads the
// cache the lessons write rather than building an index of its own.
func TestHostSearchesTheCachedIndex(t *testing.T) {
	cachetest.Temp(t)
	for _, main := range []bool{false, true} {
		var v optick.Version
		cfg := Config{}
		if main {
			v, cfg.Ga = optick.Main(), "main"
		}
		other, err := optick.BuildCorpusIndexWith(3, 2, 3, embeddings.Partitions(), false, v.Pipeline)
		if err != nil {
			t.Fatal(err)
		}
		if err := indexcache.Store(indexcache.Course(v.Pipeline), other.Index); err != nil {
			t.Fatal(err)
		}
		ix, err := voicing.NewIndex(other.Index, embeddings.Partitions(), v)
		if err != nil {
			t.Fatal(err)
		}
		const question = "Show me Cmaj7 voicings"
		want, err := voicing.Agent{Index: ix, Read: reader(main)}.Process(question)
		if err != nil {
			t.Fatal(err)
		}
		wantText, _ := notation.AugmentMarkdownWithVexTabFences(want.Text, "\n")
		if ix.Len() == 15360 || strings.Contains(want.Text, "Found 2 voicings") {
			t.Fatalf("main %v: the other index answers as lesson 3's:\n%s", main, want.Text)
		}
		got := decodeChat(t, ask(t, startHost(t, cfg), chatPath, question))
		if got.NaturalLanguageAnswer != wantText {
			t.Errorf("main %v: the host answers\n%s\nwant the cached index's answer\n%s", main, got.NaturalLanguageAnswer, wantText)
		}
	}
}
