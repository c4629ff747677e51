package algebra

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// The Grothendieck service is GA's arithmetic on interval-class vectors: the signed difference of
// two vectors (a "delta"), its norms and cost, the sets whose vectors lie near a set's, and a
// breadth-first path between two sets through such neighbours. The models follow
// Common/GA.Domain.Services/Atonal/Grothendieck/GrothendieckService.cs and GrothendieckDelta.cs
// at c781df5c, the newest readable commit before the pin a826864; GA's main (f4f5b4a) is not
// readable, and the course's original program records the same answers there.

// ItemCount is the number of pitch-class sets PitchClassSet.Items enumerates: every id from 0
// to 4095, the empty set and the aggregate included (PitchClassSetId.cs:70-71).
const ItemCount = 1 << 12

// Items returns PitchClassSet.Items in GA's order, ascending id, which is the order every scan
// below visits them in (PitchClassSet.cs:361, 664-673).
func Items() []Set {
	out := make([]Set, ItemCount)
	for i := range out {
		out[i] = Set(i)
	}
	return out
}

// Count is the interval-class vector's indexer for interval class ic (1 to 6): the id's
// base-12 digit, read as IntervalClassVectorId.GetVector decomposes it, so a count of 12 (the
// aggregate's) wraps to 0 and carries into the digit above (IntervalClassVector.cs:108-109;
// IntervalClassVectorId.cs:39-56).
func (v ICV) Count(ic int) int {
	if ic < 1 || ic > 6 {
		return 0
	}
	n := int(v)
	for range 6 - ic {
		n /= 12
	}
	return n % 12
}

// Counts returns the six counts, ic1 first, as the indexer reads them.
func (v ICV) Counts() [6]int {
	var c [6]int
	for ic := 1; ic <= 6; ic++ {
		c[ic-1] = v.Count(ic)
	}
	return c
}

// itemCounts holds the indexer's six counts of every set of Items, by id: every search below
// reads them thousands of times.
var itemCounts = sync.OnceValue(func() *[ItemCount][6]int8 {
	var out [ItemCount][6]int8
	for i := range out {
		c := Set(i).IntervalClassVector().Counts()
		for j, n := range c {
			out[i][j] = int8(n)
		}
	}
	return &out
})

// SetDifference is Difference of two sets' vectors, read from the counts of Items.
func SetDifference(source, target Set) Delta {
	counts := itemCounts()
	a, b := &counts[source&full], &counts[target&full]
	var d Delta
	for i := range 6 {
		d[i] = int(b[i]) - int(a[i])
	}
	return d
}

// SetDelta is DeltaOf two sets' vectors, read from the counts of Items.
func SetDelta(source, target Set) Delta {
	d := SetDifference(source, target)
	if d.IsZero() {
		d[0] = 1
	}
	return d
}

// Delta is GrothendieckDelta: the signed change of each interval-class count from a source
// vector to a target, ic1 first (GrothendieckDelta.cs:18-79).
type Delta [6]int

// Difference is target minus source, count by count: the "honest" delta IcvNeighborsSkill
// computes for itself, with no correction of a zero result (IcvNeighborsSkill.cs:183-194).
func Difference(source, target ICV) Delta {
	var d Delta
	for ic := 1; ic <= 6; ic++ {
		d[ic-1] = target.Count(ic) - source.Count(ic)
	}
	return d
}

// DeltaOf is GrothendieckDelta.FromIcVs, which GrothendieckService.ComputeDelta returns: the
// difference, except that two equal vectors give +1 ic1 instead of zero, so that distinct sets
// sharing a vector are never at distance 0 (GrothendieckDelta.cs:113-134).
func DeltaOf(source, target ICV) Delta {
	d := Difference(source, target)
	if d.IsZero() {
		d[0] = 1
	}
	return d
}

// L1 is the delta's L1Norm, the sum of the absolute changes (GrothendieckDelta.cs:84-85).
func (d Delta) L1() int {
	n := 0
	for _, c := range d {
		n += abs(c)
	}
	return n
}

// L2 is the delta's L2Norm, the Euclidean length TensorPrimitives.Norm computes; the squares
// are small integers, so the sum is exact and the root correctly rounded (GrothendieckDelta.cs:90-102).
func (d Delta) L2() float64 {
	s := 0
	for _, c := range d {
		s += c * c
	}
	return math.Sqrt(float64(s))
}

// IsZero reports whether no count changes (GrothendieckDelta.cs:107-108).
func (d Delta) IsZero() bool { return d == Delta{} }

// String is GrothendieckDelta.ToString: "<+1, 0, -2, 0, 0, 0>" (GrothendieckDelta.cs:261).
func (d Delta) String() string {
	parts := make([]string, 6)
	for i, c := range d {
		parts[i] = signed(c)
	}
	return "<" + strings.Join(parts, ", ") + ">"
}

// signed writes a count with a plus sign when positive, as the .NET formats "+0;-0;0" and
// "+#;-#;0" both do for integers.
func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// AppendSigned appends signed's text of n to b.
func AppendSigned(b []byte, n int) []byte {
	switch {
	case n > 0 && n < 10:
		return append(b, '+', byte('0'+n))
	case n > 0:
		b = append(b, '+')
	case n == 0:
		return append(b, '0')
	case n > -10:
		return append(b, '-', byte('0'-n))
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// ExplainArrow is the arrow Explain puts before its interpretation. GrothendieckDelta.cs holds
// the UTF-8 bytes of "→" read as Windows-1252 and saved again as UTF-8, so the answer carries
// the three characters "â†’" (GrothendieckDelta.cs:217).
const ExplainArrow = "\u00e2\u2020\u2019"

// deltaNames are Explain's glosses of the six interval classes (GrothendieckDelta.cs:176-204).
var deltaNames = [6]string{"semitone", "whole tone", "minor 3rd", "major 3rd", "perfect 4th", "tritone"}

// Explain is GrothendieckDelta.Explain: each changed interval class with its signed count and
// gloss, then the arrow and the interpretation; "No change" for a zero delta
// (GrothendieckDelta.cs:172-221).
func (d Delta) Explain() string { return string(d.AppendExplain(nil)) }

// AppendExplain appends Explain's text to b, for answers that write many deltas.
func (d Delta) AppendExplain(b []byte) []byte {
	start := len(b)
	for i, c := range d {
		if c == 0 {
			continue
		}
		if len(b) > start {
			b = append(b, ", "...)
		}
		b = AppendSigned(b, c)
		b = append(b, " ic"...)
		b = strconv.AppendInt(b, int64(i+1), 10)
		b = append(b, " ("...)
		b = append(b, deltaNames[i]...)
		b = append(b, ')')
	}
	if len(b) == start {
		return append(b, "No change"...)
	}
	if in := d.Interpretation(); in != "" {
		b = append(b, ' ')
		b = append(b, ExplainArrow...)
		b = append(b, ' ')
		b = append(b, in...)
	}
	return b
}

// Interpretation is InterpretDelta: the first rule that holds, in GA's order, so any gain in
// ic1 or ic2 reads "more chromatic color" whatever else changes (GrothendieckDelta.cs:226-258).
func (d Delta) Interpretation() string {
	switch {
	case d[0] > 0 || d[1] > 0:
		return "more chromatic color"
	case d[5] > 0:
		return "increased tension"
	case d[2] > 0 || d[3] > 0 || d[4] > 0:
		return "more consonant"
	case d[0] < 0 || d[1] < 0:
		return "less chromatic"
	case d[5] < 0:
		return "reduced tension"
	}
	return ""
}

// HarmonicCost is GrothendieckService.ComputeHarmonicCost: the L1 norm times 0.6
// (GrothendieckService.cs:39-42).
func HarmonicCost(d Delta) float64 { return float64(d.L1()) * 0.6 }

// Neighbor is one entry of FindNearby: a set, the delta from the source to it, and its cost.
type Neighbor struct {
	// Set is the neighbouring set.
	Set Set
	// Delta is DeltaOf the source's vector and the set's, or zero for the source's own entry.
	Delta Delta
	// Cost is HarmonicCost of Delta.
	Cost float64
	// Source marks the entry FindNearby puts first for the very set the caller passed.
	Source bool
}

// FindNearby is GrothendieckService.FindNearby: the source itself at cost 0, then every set of
// Items whose DeltaOf the source is at most maxDistance, ordered by cost and, for equal costs,
// by id. GA skips the candidate that is the source by reference only, so a source the caller
// built itself (fromItems false) meets its own copy among the candidates at cost 0.6, beside
// every other set with its vector. GA's cache of results is left out: it returns what a fresh
// scan returns for every caller here (GrothendieckService.cs:45-90).
func FindNearby(source Set, maxDistance int, fromItems bool) []Neighbor {
	if maxDistance < 0 {
		return nil
	}
	counts := itemCounts()
	src := counts[source&full]
	// OrderBy(cost) is stable and the cost grows with the L1 norm, so one bucket per norm,
	// each filled in id order, is the sorted list. DeltaOf is never zero, so the norms run
	// from 1.
	buckets := make([][]Neighbor, maxDistance+1)
	for id := range counts {
		c := &counts[id]
		l1 := 0
		for i := range 6 {
			l1 += abs(int(c[i]) - int(src[i]))
		}
		if l1 == 0 {
			l1 = 1 // DeltaOf's +1 ic1
		}
		if l1 > maxDistance || (fromItems && Set(id) == source) {
			continue
		}
		var d Delta
		for i := range 6 {
			d[i] = int(c[i]) - int(src[i])
		}
		if d.IsZero() {
			d[0] = 1
		}
		buckets[l1] = append(buckets[l1], Neighbor{Set: Set(id), Delta: d, Cost: HarmonicCost(d)})
	}
	out := []Neighbor{{Set: source, Source: true}}
	for _, b := range buckets {
		out = append(out, b...)
	}
	return out
}

// FindShortestPath is GrothendieckService.FindShortestPath: a breadth-first search from source,
// each step to a set of the same size among FindNearby(current, 2), taken in FindNearby's order
// and marked visited as it is queued; a path is not extended past maxSteps moves, and the
// first path dequeued at target wins. No path gives nil. The source is the caller's own set,
// every later one a set of Items (GrothendieckService.cs:117-163).
func FindShortestPath(source, target Set, maxSteps int) []Set {
	_, path := searchPath(source, target, maxSteps)
	return path
}

// SearchStats are what a FindShortestPath call did: the sets it dequeued and expanded, that
// is scanned the Items for, before it answered.
type SearchStats struct {
	// Dequeued counts the sets taken off the queue, the target included when found.
	Dequeued int
	// Expanded counts the sets whose neighbours were searched: FindNearby calls.
	Expanded int
}

// FindShortestPathStats is FindShortestPath with what the search did on the way.
func FindShortestPathStats(source, target Set, maxSteps int) ([]Set, SearchStats) {
	st, path := searchPath(source, target, maxSteps)
	return path, st
}

// searchPath is the search, each queued set holding the index of the one it was reached from
// rather than a copy of its path: the sets queued, the order they are dequeued in and the path
// read back from the target are the same.
func searchPath(source, target Set, maxSteps int) (SearchStats, []Set) {
	type entry struct {
		current Set
		from    int32 // the entry this one was reached from, -1 for the source
		moves   int32
	}
	var st SearchStats
	var visited [ItemCount]bool
	visited[source&full] = true
	queue := []entry{{source, -1, 0}}
	for head := 0; head < len(queue); head++ {
		e := queue[head]
		st.Dequeued++
		if e.current == target {
			path := make([]Set, e.moves+1)
			for i := head; i >= 0; i = int(queue[i].from) {
				path[queue[i].moves] = queue[i].current
			}
			return st, path
		}
		if int(e.moves) >= maxSteps {
			continue
		}
		st.Expanded++
		for _, s := range nearby(e.current) {
			if visited[s] {
				continue
			}
			visited[s] = true
			queue = append(queue, entry{s, int32(head), e.moves + 1})
		}
	}
	return st, nil
}

// bySize lists the sets of Items of each size, in id order.
var bySize = sync.OnceValue(func() [13][]Set {
	var out [13][]Set
	for id := range ItemCount {
		s := Set(id)
		out[s.Len()] = append(out[s.Len()], s)
	}
	return out
})

// nearbyCache holds nearbyOfSize of each set the searches have expanded, by id, each computed
// the first time a search expands the set: a search that finds no path expands most sets of its
// size, and the lessons search hundreds of times. Two searches that reach a set at once may both
// compute its list; they store the same list.
var nearbyCache [ItemCount]atomic.Pointer[[]Set]

// nearby is nearbyOfSize(current), computed once per set.
func nearby(current Set) []Set {
	c := &nearbyCache[current&full]
	if p := c.Load(); p != nil {
		return *p
	}
	list := nearbyOfSize(current)
	c.Store(&list)
	return list
}

// nearbyOfSize is the search's step: the sets FindNearby(current, 2) returns that have the
// current set's size, in FindNearby's order (norm 1, the sets sharing the vector included, then
// norm 2, each by id). Scanning only the sets of that size gives the same list as scanning all
// 4,096 and dropping the others, at an eighth of the cost for four notes. The current set's own
// entries come back too; the search has always visited it.
func nearbyOfSize(current Set) []Set {
	src := itemCounts()[current&full]
	n := current.Len()
	sets, counts := bySize()[n], sizeCounts()[n]
	var one, two []Set
	for i := range counts {
		c := &counts[i]
		l1 := absDiff(c[0], src[0]) + absDiff(c[1], src[1]) + absDiff(c[2], src[2])
		if l1 > 2 {
			continue // most sets are this far already
		}
		l1 += absDiff(c[3], src[3]) + absDiff(c[4], src[4]) + absDiff(c[5], src[5])
		switch l1 {
		case 0, 1:
			one = append(one, sets[i])
		case 2:
			two = append(two, sets[i])
		}
	}
	return append(one, two...)
}

// sizeCounts holds the counts of itemCounts for the sets of bySize, side by side, so that a
// search's scan of one size reads them in order.
var sizeCounts = sync.OnceValue(func() [13][][6]int8 {
	var out [13][][6]int8
	counts := itemCounts()
	for n, sets := range bySize() {
		out[n] = make([][6]int8, len(sets))
		for i, s := range sets {
			out[n][i] = counts[s]
		}
	}
	return out
})

func absDiff(a, b int8) int {
	d := int(a) - int(b)
	if d < 0 {
		return -d
	}
	return d
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
