package embeddings

import "testing"

func TestPartitionsTileTheVector(t *testing.T) {
	next := 0
	for _, p := range Partitions() {
		if p.Start != next || p.End < p.Start {
			t.Errorf("%s spans %d-%d, want it to start at %d", p.Name, p.Start, p.End, next)
		}
		if (p.Weight > 0) != (p.Role == Similarity) {
			t.Errorf("%s: weight %v with role %d", p.Name, p.Weight, p.Role)
		}
		next = p.End + 1
	}
	if next != TotalDimension {
		t.Errorf("the partitions end at %d, want %d", next, TotalDimension)
	}
}

func TestCompactDimension(t *testing.T) {
	ps := Partitions()
	if got := CompactDimension(ps); got != 124 {
		t.Errorf("compact dimension %d, want 124", got)
	}
	// Without ROOT, the v1.7 layout's 112.
	if got := CompactDimension(ps[:len(ps)-1]); got != 112 {
		t.Errorf("compact dimension without ROOT %d, want 112", got)
	}
	ps[1].Role = Info // STRUCTURE out of the search
	if got := CompactDimension(ps); got != 100 {
		t.Errorf("compact dimension without STRUCTURE %d, want 100", got)
	}
}
