package embeddings

import (
	"slices"
	"testing"

	"course/gahost/algebra"
)

// TestRememberedVectorsAreTheComputedOnes checks the per-set memories against the computations
// they stand for, for every set of pitch classes and root, and that a caller writing into a
// returned vector does not change the next answer.
func TestRememberedVectorsAreTheComputedOnes(t *testing.T) {
	for m := algebra.Set(1); m < 1<<12; m++ {
		pcs := m.PitchClasses()
		for root := range 12 {
			if got, want := ModalVector(pcs, root), modalVector(pcs, root); !slices.Equal(got, want) {
				t.Fatalf("ModalVector(%v, %d) = %v, want %v", pcs, root, got, want)
			}
		}
		modal := ModalVector(pcs, pcs[0])
		got := AtonalModalVector(pcs, modal)
		want := atonalBySet(m)
		if slices.ContainsFunc(modal, func(x float64) bool { return x > 0.5 }) {
			want[3] = 1
		}
		if !slices.Equal(got, want) {
			t.Fatalf("AtonalModalVector(%v) = %v, want %v", pcs, got, want)
		}
		got[0], got[3] = 42, 42
		if again := AtonalModalVector(pcs, make([]float64, 40)); again[0] == 42 || again[3] != 0 {
			t.Fatalf("a caller's write reached the memory: %v", again)
		}
	}
	v := ModalVector([]int{0, 4, 7}, 0)
	v[0] = 42
	if ModalVector([]int{0, 4, 7}, 0)[0] == 42 {
		t.Error("a caller's write reached ModalVector's memory")
	}
	// Pitch classes or a root outside 0-11 are computed, not looked up.
	if got, want := ModalVector([]int{12, 16, 19}, 12), modalVector([]int{12, 16, 19}, 12); !slices.Equal(got, want) {
		t.Errorf("ModalVector above the octave: %v, want %v", got, want)
	}
}

// TestBitIndexRemembered checks that the memory of BitIndex answers as the lookup does.
func TestBitIndexRemembered(t *testing.T) {
	for _, tag := range []string{"jazz", "Jazz", "open voicing", "drop_2", "nothing-like-it", "", "  "} {
		b1, ok1 := BitIndex(tag)
		b2, ok2 := bitIndex(tag)
		b3, ok3 := BitIndex(tag)
		if b1 != b2 || ok1 != ok2 || b3 != b2 || ok3 != ok2 {
			t.Errorf("%q: %d %v, %d %v, %d %v", tag, b1, ok1, b2, ok2, b3, ok3)
		}
	}
}
