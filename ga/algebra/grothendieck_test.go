package algebra

import (
	"fmt"
	"slices"
	"testing"
)

// TestCountWrapsTheAggregate checks the indexer against GA's documented limitation: the
// aggregate's twelves do not survive the base-12 id.
func TestCountWrapsTheAggregate(t *testing.T) {
	if got := Set(full).IntervalClassVector().Counts(); got != [6]int{1, 1, 1, 1, 0, 6} {
		t.Errorf("aggregate counts = %v, want GA's <1 1 1 1 0 6>", got)
	}
	if got := NewSet(0, 2, 4, 5, 7, 9, 11).IntervalClassVector().Counts(); got != [6]int{2, 5, 4, 3, 6, 1} {
		t.Errorf("major scale counts = %v", got)
	}
}

func TestDeltaOf(t *testing.T) {
	cmaj7 := NewSet(0, 4, 7, 11).IntervalClassVector()
	g7 := NewSet(7, 11, 2, 5).IntervalClassVector()
	d := DeltaOf(cmaj7, g7)
	if d != (Delta{-1, 1, 1, -1, -1, 1}) || d.L1() != 6 || fmt.Sprintf("%.3f", d.L2()) != "2.449" {
		t.Errorf("Cmaj7 to G7 = %v, L1 %d, L2 %f", d, d.L1(), d.L2())
	}
	if got := d.Explain(); got != "-1 ic1 (semitone), +1 ic2 (whole tone), +1 ic3 (minor 3rd), -1 ic4 (major 3rd), -1 ic5 (perfect 4th), +1 ic6 (tritone) â†’ more chromatic color" {
		t.Errorf("Explain = %q", got)
	}
	// Equal vectors: the heuristic's +1 ic1, where the honest difference is zero.
	if d := DeltaOf(cmaj7, cmaj7); d != (Delta{1, 0, 0, 0, 0, 0}) {
		t.Errorf("same vector delta = %v", d)
	}
	if d := Difference(cmaj7, cmaj7); !d.IsZero() || d.Explain() != "No change" {
		t.Errorf("Difference = %v", d)
	}
	dm7 := NewSet(2, 5, 9, 0).IntervalClassVector()
	for _, tt := range []struct {
		a, b ICV
		want string
	}{
		{dm7, g7, "increased tension"},
		{g7, dm7, "more consonant"},
		{NewSet(0, 1, 2).IntervalClassVector(), NewSet(0, 4, 8).IntervalClassVector(), "more consonant"},
		{NewSet(0, 1, 6).IntervalClassVector(), NewSet(0, 4, 7).IntervalClassVector(), "more consonant"},
		{NewSet(0, 1, 2).IntervalClassVector(), NewSet(0, 1).IntervalClassVector(), "less chromatic"},
		{NewSet(0, 6).IntervalClassVector(), NewSet(0).IntervalClassVector(), "reduced tension"},
	} {
		if got := DeltaOf(tt.a, tt.b).Interpretation(); got != tt.want {
			t.Errorf("%v to %v: %q, want %q", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestFindNearbyOrder checks the order GA's stable sort by cost gives, and the source's copy
// that only a caller's own set meets.
func TestFindNearbyOrder(t *testing.T) {
	c := NewSet(0, 4, 7)
	own := FindNearby(c, 2, false)
	items := FindNearby(c, 2, true)
	if !own[0].Source || own[0].Set != c || own[0].Cost != 0 {
		t.Fatalf("first entry = %+v", own[0])
	}
	if len(own) != len(items)+1 {
		t.Errorf("own source: %d entries, Items source: %d; want one more", len(own), len(items))
	}
	for i := 1; i < len(own); i++ {
		a, b := own[i-1], own[i]
		if a.Cost > b.Cost || (a.Cost == b.Cost && !a.Source && a.Set > b.Set) {
			t.Fatalf("entries %d, %d out of order: %+v %+v", i-1, i, a, b)
		}
	}
	// The copy of C sits among the cost-0.6 entries, at its id.
	i := slices.IndexFunc(own[1:], func(n Neighbor) bool { return n.Set == c })
	if i < 0 || own[i+1].Cost != 0.6 || own[i+1].Delta != (Delta{1, 0, 0, 0, 0, 0}) {
		t.Errorf("C's copy: index %d", i)
	}
	// A wider radius takes more sets.
	if n := len(FindNearby(c, 3, false)); n <= len(own) {
		t.Errorf("radius 3: %d entries, radius 2: %d", n, len(own))
	}
}

func TestFindShortestPath(t *testing.T) {
	cmaj7, g7 := NewSet(0, 4, 7, 11), NewSet(7, 11, 2, 5)
	path := FindShortestPath(cmaj7, g7, 5)
	want := []Set{cmaj7, NewSet(0, 2, 3, 7), NewSet(0, 1, 4, 6), g7}
	if !slices.Equal(path, want) {
		t.Errorf("Cmaj7 to G7 = %v, want %v", path, want)
	}
	// Another target, another path; one step fewer allowed, none.
	if p := FindShortestPath(cmaj7, NewSet(2, 5, 9, 0), 5); slices.Equal(p, path) || len(p) == 0 {
		t.Errorf("Cmaj7 to Dm7 = %v", p)
	}
	if p := FindShortestPath(cmaj7, g7, 2); p != nil {
		t.Errorf("two steps: %v", p)
	}
	// Different sizes never meet: the search runs out after every set within four moves.
	p, st := FindShortestPathStats(NewSet(9, 0, 4), NewSet(2, 6, 9, 0), 5)
	if p != nil || st.Expanded != 168 {
		t.Errorf("Am to D7 = %v, expanded %d, want none after 168", p, st.Expanded)
	}
	if p := FindShortestPath(NewSet(0, 4, 7), NewSet(0, 4, 7), 5); len(p) != 1 {
		t.Errorf("C to C = %v", p)
	}
}

// TestNearbyOfSizeIsFindNearbyFiltered checks the search's step against FindNearby and the
// size filter GA applies to it, for every set.
func TestNearbyOfSizeIsFindNearbyFiltered(t *testing.T) {
	for _, s := range Items() {
		var want []Set
		for _, n := range FindNearby(s, 2, true) {
			if n.Set.Len() == s.Len() && n.Set != s {
				want = append(want, n.Set)
			}
		}
		got := slices.DeleteFunc(nearbyOfSize(s), func(x Set) bool { return x == s })
		if !slices.Equal(got, want) {
			t.Fatalf("%v: %v, want %v", s, got, want)
		}
	}
}
