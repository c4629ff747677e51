package algebra

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// searchPathReference is the search as GrothendieckService.FindShortestPath writes it, each
// queued set with its own copy of the path and its neighbours scanned afresh
// (GrothendieckService.cs:117-163 at c781df5c): the reference searchPath is held to.
func searchPathReference(source, target Set, maxSteps int) (SearchStats, []Set) {
	type entry struct {
		current Set
		path    []Set
	}
	var st SearchStats
	var visited [ItemCount]bool
	visited[source&full] = true
	queue := []entry{{source, []Set{source}}}
	for len(queue) > 0 {
		e := queue[0]
		queue = queue[1:]
		st.Dequeued++
		if e.current == target {
			return st, e.path
		}
		if len(e.path) >= maxSteps+1 {
			continue
		}
		st.Expanded++
		for _, s := range nearbyOfSize(e.current) {
			if visited[s] {
				continue
			}
			visited[s] = true
			next := make([]Set, len(e.path), len(e.path)+1)
			copy(next, e.path)
			queue = append(queue, entry{s, append(next, s)})
		}
	}
	return st, nil
}

// TestNearbyIsNearbyOfSize checks the cache against the scan it holds, for every set.
func TestNearbyIsNearbyOfSize(t *testing.T) {
	for _, s := range Items() {
		if got, want := nearby(s), nearbyOfSize(s); !slices.Equal(got, want) {
			t.Fatalf("%v: %v, want %v", s, got, want)
		}
	}
}

// TestSearchPathIsTheReference checks the search against GA's, path, tie order and counts
// alike: every set of three notes to a major triad at each limit of moves, random pairs of four
// and five notes, and three searches that find no path.
func TestSearchPathIsTheReference(t *testing.T) {
	type search struct {
		a, b  Set
		steps int
	}
	var searches []search
	for _, s := range bySize()[3] {
		for steps := range 6 {
			searches = append(searches, search{s, NewSet(0, 4, 7), steps})
		}
	}
	r := rand.New(rand.NewPCG(23, 4))
	for range 40 {
		sizes := bySize()[4+r.IntN(2)]
		searches = append(searches, search{sizes[r.IntN(len(sizes))], sizes[r.IntN(len(sizes))], 5})
	}
	searches = append(searches, search{NewSet(0, 3, 6, 9), NewSet(0, 4, 7, 11), 5}, search{NewSet(0, 4, 8), NewSet(0, 4, 7), 5},
		search{NewSet(9, 0, 4), NewSet(2, 6, 9, 0), 5})
	found, none := 0, 0
	for _, s := range searches {
		gotStats, got := searchPath(s.a, s.b, s.steps)
		wantStats, want := searchPathReference(s.a, s.b, s.steps)
		if !slices.Equal(got, want) || gotStats != wantStats {
			t.Fatalf("%v to %v in %d: %v %+v, want %v %+v", s.a, s.b, s.steps, got, gotStats, want, wantStats)
		}
		switch {
		case len(got) > 2:
			found++
		case got == nil:
			none++
		}
	}
	// The comparison means something only if many paths of several moves, and no paths, are
	// compared.
	if found < len(searches)/6 || none < 3 {
		t.Fatalf("%d of %d searches found a path of two moves or more, %d none", found, len(searches), none)
	}
	t.Logf("%d of %d searches found a path of two moves or more, %d none", found, len(searches), none)
}

// TestAppendSigned checks the appended form against signed's, over every count a delta holds.
func TestAppendSigned(t *testing.T) {
	for n := -150; n <= 150; n++ {
		if got, want := string(AppendSigned([]byte("x"), n)), "x"+signed(n); got != want {
			t.Fatalf("%d: %q, want %q", n, got, want)
		}
	}
}

// TestVectorTextIsTheVectorsString checks the remembered texts, written and read back, for every
// set.
func TestVectorTextIsTheVectorsString(t *testing.T) {
	for range 2 {
		for _, s := range Items() {
			if got, want := s.VectorText(), s.IntervalClassVector().String(); got != want {
				t.Fatalf("%v: %q, want %q", s, got, want)
			}
		}
	}
	if got := NewSet(0, 4, 7).VectorText(); got != "<0 0 1 1 1 0>" {
		t.Fatalf("C major: %q", got)
	}
}
