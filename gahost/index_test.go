package gahost

import (
	"strings"
	"testing"

	"course/ga/embeddings"
	"course/ga/indexcache"
	"course/ga/indexcache/cachetest"
	"course/ga/notation"
	"course/ga/optick"
	"course/ga/revision"
	"course/ga/voicing"
)

// TestHostSearchesTheCachedIndex puts in the cache, where lesson 3 writes the index, the index of
// another corpus (the first frets in windows of two), for the pin and for main: each host
// answers a voicing question with what its own search over that index gives, and so reads the
// cache the lessons write rather than building an index of its own.
func TestHostSearchesTheCachedIndex(t *testing.T) {
	cachetest.Temp(t)
	for _, rev := range []revision.Revision{revision.Pin, revision.Main} {
		v, cfg := rev.Voicings(), Config{Ga: rev.Setting()}
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
		want, err := voicing.Agent{Index: ix, Read: reader(rev)}.Process(question)
		if err != nil {
			t.Fatal(err)
		}
		wantText, _ := notation.AugmentMarkdownWithVexTabFences(want.Text, "\n")
		if ix.Len() == 15360 || strings.Contains(want.Text, "Found 2 voicings") {
			t.Fatalf("%v: the other index answers as lesson 3's:\n%s", rev, want.Text)
		}
		got := decodeChat(t, ask(t, startHost(t, cfg), chatPath, question))
		if got.NaturalLanguageAnswer != wantText {
			t.Errorf("%v: the host answers\n%s\nwant the cached index's answer\n%s", rev, got.NaturalLanguageAnswer, wantText)
		}
	}
}
