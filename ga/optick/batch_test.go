package optick

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"course/ga/embeddings"
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
	c, err := BuildCorpusIndex(fretCount, windowSize, minPlayed, ps, false)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Open(c.Index, ps)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestKeepBestHalvesAsBinarySearchFunc holds keepBest to the same list kept with
// slices.BinarySearchFunc, on scores that tie often and are now and then NaN, which ranks
// before nothing and so lands where the halving leaves it.
func TestKeepBestHalvesAsBinarySearchFunc(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	nans := 0
	for range 200 {
		limit := 1 + rng.IntN(20)
		var got, want []batchHit
		for i := range 300 {
			h := batchHit{int64(i), float32(rng.IntN(8))}
			if rng.IntN(20) == 0 {
				h.score = float32(math.NaN())
			}
			got = keepBest(got, h, limit)
			if len(want) == limit && !h.better(want[len(want)-1]) {
				continue
			}
			at, _ := slices.BinarySearchFunc(want, h, func(a, b batchHit) int {
				if a.better(b) {
					return -1
				}
				return 1
			})
			want = slices.Insert(want, at, h)[:min(len(want)+1, limit)]
		}
		for i := range want {
			if got[i].idx != want[i].idx {
				t.Fatalf("limit %d, place %d: voicing %d, want %d", limit, i, got[i].idx, want[i].idx)
			}
			if want[i].score != want[i].score {
				nans++
			}
		}
		if len(got) != len(want) {
			t.Fatalf("limit %d: %d kept, want %d", limit, len(got), len(want))
		}
	}
	if nans == 0 {
		t.Error("no NaN was kept to check its place")
	}
}

// TestCorpusIndexWithoutRawVectors holds the build that reduces each raw vector as it is made
// to the one that keeps them all: the same index byte for byte, and no raw vectors kept. A
// smaller window and another registry, whose compact layout differs, move the index; the two
// builds must still agree.
func TestCorpusIndexWithoutRawVectors(t *testing.T) {
	for _, c := range []struct {
		window int
		ps     []embeddings.Partition
	}{{2, embeddings.Partitions()}, {3, embeddings.Partitions()}, {2, embeddings.Partitions()[:3]}} {
		kept, err := BuildCorpusIndex(3, c.window, 3, c.ps, true)
		if err != nil {
			t.Fatal(err)
		}
		reduced, err := BuildCorpusIndex(3, c.window, 3, c.ps, false)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(kept.Index, reduced.Index) {
			t.Fatalf("window %d, %d partitions: the indexes differ", c.window, len(c.ps))
		}
		if kept.Voicings[0].Raw == nil || reduced.Voicings[0].Raw != nil {
			t.Fatalf("window %d: raw vectors kept %v and %v, want only with keepRaw", c.window, kept.Voicings[0].Raw != nil, reduced.Voicings[0].Raw != nil)
		}
	}
}
