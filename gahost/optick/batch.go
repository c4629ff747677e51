package optick

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
)

// SemanticSearchBatch answers SemanticSearch for many query vectors in one pass over the index:
// each voicing's vector is read once and scored against every query. A query's zero dimensions
// are skipped, which leaves each score the float sum SemanticSearch makes in dimension order:
// a zero product added to a sum that starts at +0 changes nothing. The results are those
// SemanticSearch returns for each query, in the same order.
func (s *Strategy) SemanticSearchBatch(queries [][]float64, limit int) ([][]Result, error) {
	type sparse struct {
		dims []int
		vals []float32
	}
	qs := make([]sparse, len(queries))
	for i, q := range queries {
		if len(q) != s.r.dim {
			return nil, fmt.Errorf("OPTK query must be %d-dim, got %d", s.r.dim, len(q))
		}
		for d, v := range q {
			if f := float32(v); f != 0 {
				qs[i].dims = append(qs[i].dims, d)
				qs[i].vals = append(qs[i].vals, f)
			}
		}
	}
	// The queries are split between the processors; each worker reads every vector once and
	// scores it against its own queries, so each query's sum is made as before.
	best := make([][]batchHit, len(queries))
	start, count := s.r.InstrumentRange("")
	workers := max(1, min(runtime.GOMAXPROCS(0), len(qs)/8))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := len(qs)*w/workers, len(qs)*(w+1)/workers
		wg.Go(func() {
			vec := make([]float32, s.r.dim)
			for idx := start; idx < start+count && limit > 0; idx++ {
				v, err := s.r.Vector(vec, idx)
				if err != nil {
					errs[w] = err
					return
				}
				for i := lo; i < hi; i++ {
					q := qs[i]
					var score float32
					for j, d := range q.dims {
						score += float32(q.vals[j] * v[d])
					}
					best[i] = keepBest(best[i], batchHit{idx, score}, limit)
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
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

// keepBest inserts h into best, kept by score, the lower index first on a tie, at most limit
// long, as SearchInternal keeps its top results.
func keepBest(best []batchHit, h batchHit, limit int) []batchHit {
	better := func(a, b batchHit) bool { return a.score > b.score || a.score == b.score && a.idx < b.idx }
	if len(best) == limit && !better(h, best[len(best)-1]) {
		return best
	}
	at, _ := slices.BinarySearchFunc(best, h, func(a, b batchHit) int {
		if better(a, b) {
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
