package optick

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
)

// SemanticSearchBatch answers SemanticSearch for many query vectors, the queries split
// between the processors; each query's scores are the ones SemanticSearch makes, and the
// results are those it returns for each query, in the same order.
func (s *Strategy) SemanticSearchBatch(queries [][]float64, limit int) ([][]Result, error) {
	qs := make([][]float32, len(queries))
	for i, q := range queries {
		if len(q) != s.r.dim {
			return nil, fmt.Errorf("OPTK query must be %d-dim, got %d", s.r.dim, len(q))
		}
		qs[i] = make([]float32, len(q))
		for d, v := range q {
			qs[i][d] = float32(v)
		}
	}
	// The dimensions any query reads are decoded first, in one pass over the voicings.
	dims := make([][]int, len(qs))
	var all []int
	for i, q := range qs {
		dims[i] = s.queryDims(q)
		all = append(all, dims[i]...)
	}
	slices.Sort(all)
	all = slices.Compact(all)
	k, _ := slices.BinarySearch(all, s.r.lead)
	s.r.columns().need(all[k:])
	best := make([][]batchHit, len(queries))
	start, count := s.r.InstrumentRange("")
	if limit <= 0 {
		count = 0
	}
	workers := max(1, min(runtime.GOMAXPROCS(0), len(qs)/8))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			scores := make([]float32, count)
			for i := len(qs) * w / workers; i < len(qs)*(w+1)/workers; i++ {
				s.scoreRange(scores, qs[i], dims[i], start)
				best[i] = bestOf(scores, start, limit)
			}
		})
	}
	wg.Wait()
	out := make([][]Result, len(queries))
	for i, hits := range best {
		res, err := s.results(hits)
		if err != nil {
			return nil, err
		}
		out[i] = res
	}
	return out, nil
}

// batchHit is a voicing's index and score.
type batchHit struct {
	idx   int64
	score float32
}

// bestOf keeps the limit best of scores, those of voicings start on, as keepBest keeps them
// when handed the voicings in order.
func bestOf(scores []float32, start int64, limit int) []batchHit {
	if limit <= 0 {
		return nil
	}
	best := make([]batchHit, 0, min(limit, len(scores))+1)
	full, last := false, float32(0) // whether best is full, and then its last score
	for i, score := range scores {
		// A voicing comes after every one kept, so on a full list only a higher score than the
		// last one's gets in: keepBest's own first test.
		if full && !(score > last) {
			continue
		}
		best = keepBest(best, batchHit{start + int64(i), score}, limit)
		if len(best) == limit {
			full, last = true, best[limit-1].score
		}
	}
	return best
}

// better reports whether a ranks before b: by score, the lower index first on a tie.
func (a batchHit) better(b batchHit) bool {
	return a.score > b.score || a.score == b.score && a.idx < b.idx
}

// keepBest inserts h into best, kept by score, the lower index first on a tie, at most limit
// long, as SearchInternal keeps its top results.
func keepBest(best []batchHit, h batchHit, limit int) []batchHit {
	if len(best) == limit && !h.better(best[len(best)-1]) {
		return best
	}
	at, _ := slices.BinarySearchFunc(best, h, func(a, b batchHit) int {
		if a.better(b) {
			return -1
		}
		return 1
	})
	best = slices.Insert(best, at, h)
	if len(best) > limit {
		best = best[:limit]
	}
	return best
}
