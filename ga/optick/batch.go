package optick

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math"
	"runtime"
	"slices"
	"sync"
)

// SemanticSearchBatch answers SemanticSearch for many query vectors, the queries split
// between the processors; each query's scores are the ones SemanticSearch makes, and the
// results are those it returns for each query, in the same order. The voicings are first
// grouped by their values over every dimension a query reads: a group's voicings share their
// scores, which are worked out once per group.
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
	dims := make([][]int, len(qs))
	var all []int
	for i, q := range qs {
		dims[i] = s.queryDims(q)
		all = append(all, dims[i]...)
	}
	slices.Sort(all)
	all = slices.Compact(all)
	k, _ := slices.BinarySearch(all, s.r.lead)
	c := s.r.columns()
	c.need(all[k:])
	g := c.groupOver(all[k:])
	best := make([][]batchHit, len(queries))
	workers := max(1, min(runtime.GOMAXPROCS(0), len(qs)/8))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			sums, partial := make([]float32, len(g.first)), make([]float32, c.leadGroups())
			for i := len(qs) * w / workers; i < len(qs)*(w+1)/workers; i++ {
				best[i] = g.best(sums, partial, qs[i], dims[i], limit)
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

// groups are the voicings of an index grouped by their values over the first partition and
// some dimensions beyond it, bit for bit: a dot product that reads those dimensions only is
// the same float sum for every voicing of a group.
type groups struct {
	c *columns
	// of is each voicing's group, numbered in the order of their first voicings; first is each
	// group's first voicing and lead its group over the first partition.
	of, lead []int32
	first    []int64
	// members lists each group's voicings in order, those of group g at
	// members[at[g]:at[g+1]].
	members, at []int32
	// values holds group g's value of dimension d at values[d][g], for the dimensions beyond
	// the first partition that the groups were made over.
	values map[int][]float32
}

// groupOver groups the voicings by their group over the first partition and their values
// over dims, decoded dimensions beyond it. The groups are found by a hash of those values and
// told apart by the values themselves.
func (c *columns) groupOver(dims []int) *groups {
	n := len(c.group)
	g := &groups{c: c, of: make([]int32, n), values: map[int][]float32{}}
	same := func(i, j int64) bool {
		if c.group[i] != c.group[j] {
			return false
		}
		for _, d := range dims {
			if col := c.dim(d); math.Float32bits(col[i]) != math.Float32bits(col[j]) {
				return false
			}
		}
		return true
	}
	head := map[uint64]int32{} // the last group found of each hash
	var chain []int32          // each group's previous group of the same hash, -1 for none
	seed := maphash.MakeSeed()
	key := make([]byte, 4+4*len(dims))
	for i := range int64(n) {
		binary.LittleEndian.PutUint32(key, uint32(c.group[i]))
		for j, d := range dims {
			binary.LittleEndian.PutUint32(key[4+4*j:], math.Float32bits(c.dim(d)[i]))
		}
		h := maphash.Bytes(seed, key)
		id, found := int32(-1), false
		last, ok := head[h]
		for j := last; ok && j >= 0 && !found; j = chain[j] {
			id, found = j, same(g.first[j], i)
		}
		if !found {
			id = int32(len(g.first))
			g.first = append(g.first, i)
			g.lead = append(g.lead, c.group[i])
			if !ok {
				last = -1
			}
			chain = append(chain, last)
			head[h] = id
		}
		g.of[i] = id
	}
	g.at = make([]int32, len(g.first)+1)
	for _, id := range g.of {
		g.at[id+1]++
	}
	for j := range len(g.first) {
		g.at[j+1] += g.at[j]
	}
	g.members = make([]int32, n)
	next := slices.Clone(g.at[:len(g.first)])
	for i, id := range g.of {
		g.members[next[id]] = int32(i)
		next[id]++
	}
	for _, d := range dims {
		col := make([]float32, len(g.first))
		for j, i := range g.first {
			col[j] = c.dim(d)[i]
		}
		g.values[d] = col
	}
	return g
}

// best is bestOf the scores of q over dims, which the groups were made over, for every
// voicing: each group's score summed in sums as scoreRange sums a voicing's, partial holding
// the sums over the first partition. Each group ranking before a voicing's group holds a
// voicing ranking before it, so the limit best voicings belong to the limit best groups,
// ranked by score and then by first voicing; their voicings alone are handed to keepBest, in
// order. Should a score be NaN, which ranks before nothing, every voicing is.
func (g *groups) best(sums, partial, q []float32, dims []int, limit int) []batchHit {
	if limit <= 0 {
		return nil
	}
	k, _ := slices.BinarySearch(dims, g.c.r.lead)
	if k == 0 {
		clear(sums)
	} else {
		partial = g.c.leadSums(partial, q, dims[:k])
		for j, l := range g.lead {
			sums[j] = partial[l]
		}
	}
	for _, d := range dims[k:] {
		qd := q[d]
		for j, v := range g.values[d] {
			sums[j] += float32(qd * v)
		}
	}
	if slices.ContainsFunc(sums, func(v float32) bool { return v != v }) {
		scores := make([]float32, len(g.of))
		for i, j := range g.of {
			scores[i] = sums[j]
		}
		return bestOf(scores, 0, limit)
	}
	var voicings []int32
	for _, h := range bestOf(sums, 0, limit) {
		voicings = append(voicings, g.members[g.at[h.idx]:g.at[h.idx+1]]...)
	}
	slices.Sort(voicings)
	best := make([]batchHit, 0, limit+1)
	for _, i := range voicings {
		best = keepBest(best, batchHit{int64(i), sums[g.of[i]]}, limit)
	}
	return best
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
	// The first place whose hit h does not rank after, found by halving as
	// slices.BinarySearchFunc halves, written out so that the test is inlined.
	at, j := 0, len(best)
	for at < j {
		if m := int(uint(at+j) >> 1); best[m].better(h) {
			at = m + 1
		} else {
			j = m
		}
	}
	best = slices.Insert(best, at, h)
	if len(best) > limit {
		best = best[:limit]
	}
	return best
}
