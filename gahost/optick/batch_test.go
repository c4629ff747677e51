package optick

import (
	"math"
	"testing"

	"course/gahost/embeddings"
)

// TestSemanticSearchBatchIsSemanticSearch checks the one-pass search against SemanticSearch, on
// sparse query vectors from the encoder and a dense one, with limits below and above the index.
func TestSemanticSearchBatchIsSemanticSearch(t *testing.T) {
	ps := embeddings.Partitions()
	r := corpusReader(t, 2, 2, 3)
	var queries [][]float64
	for _, q := range []Query{{ChordSymbol: "C"}, {ChordSymbol: "Am7", Tags: []string{"jazz"}}, {Tags: []string{"shell"}}, {}} {
		queries = append(queries, Encode(q, ps))
	}
	dense := make([]float64, r.Dimension())
	for i := range dense {
		dense[i] = math.Sin(float64(i))
	}
	queries = append(queries, dense)
	s := NewStrategy(r)
	checkBatch(t, s, queries, 1, 5, int(r.Count())+3)
	if _, err := s.SemanticSearchBatch([][]float64{{1, 2}}, 1); err == nil {
		t.Error("a 2-dim query was searched")
	}
}

// TestSemanticSearchBatchOnTheCorpus checks the batch, which scores groups of voicings, against
// SemanticSearch on the course's corpus, where hundreds of voicings tie: chords alone, with
// tags, tags alone and nothing, at several limits.
func TestSemanticSearchBatchOnTheCorpus(t *testing.T) {
	ps := embeddings.Partitions()
	r := corpusReader(t, CorpusFretCount, CorpusWindowSize, CorpusMinPlayed)
	var queries [][]float64
	for _, root := range []string{"C", "Eb", "F#", "A"} {
		for _, quality := range []string{"", "m", "7", "maj7", "m7b5", "dim7", "9", "sus4"} {
			for _, tags := range [][]string{nil, {"jazz"}, {"rootless", "dreamy"}} {
				queries = append(queries, Encode(Query{ChordSymbol: root + quality, Tags: tags}, ps))
			}
		}
	}
	queries = append(queries, Encode(Query{Tags: []string{"shell"}}, ps), Encode(Query{}, ps))
	checkBatch(t, NewStrategy(r), queries, 1, 10, 50)
}

// checkBatch holds the batch's results for the queries to SemanticSearch's, at each limit.
func checkBatch(t *testing.T, s *Strategy, queries [][]float64, limits ...int) {
	t.Helper()
	for _, limit := range limits {
		batch, err := s.SemanticSearchBatch(queries, limit)
		if err != nil {
			t.Fatal(err)
		}
		for i, q := range queries {
			one, err := s.SemanticSearch(q, limit)
			if err != nil {
				t.Fatal(err)
			}
			if len(one) != len(batch[i]) {
				t.Fatalf("query %d, limit %d: %d results, want %d", i, limit, len(batch[i]), len(one))
			}
			for j := range one {
				if one[j].Index != batch[i][j].Index || one[j].Score != batch[i][j].Score {
					t.Fatalf("query %d, limit %d, rank %d: %d %v, want %d %v", i, limit, j, batch[i][j].Index, batch[i][j].Score, one[j].Index, one[j].Score)
				}
			}
		}
	}
}

// corpusReader builds GA's corpus of a guitar's first frets and opens its index.
func corpusReader(t *testing.T, fretCount, windowSize, minPlayed int) *Reader {
	t.Helper()
	ps := embeddings.Partitions()
	c, err := BuildCorpusIndex(fretCount, windowSize, minPlayed, ps)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Open(c.Index, ps)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
