package embeddings

import (
	"math"
	"slices"
	"strings"
	"testing"

	"course/ga/algebra"
)

// TestRememberedVectorsAreTheComputedOnes checks the per-set memories against the computations
// they stand for, for every set of pitch classes and root, and that a caller writing into a
// returned vector does not change the next answer.
func TestRememberedVectorsAreTheComputedOnes(t *testing.T) {
	for m := algebra.Set(1); m < 1<<12; m++ {
		pcs := m.PitchClasses()
		for root := range 12 {
			if got, want := ModalVector(pcs, root), modalVector(pcs, root, ModalOptions{}); !slices.Equal(got, want) {
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
	if got, want := ModalVector([]int{12, 16, 19}, 12), modalVector([]int{12, 16, 19}, 12, ModalOptions{}); !slices.Equal(got, want) {
		t.Errorf("ModalVector above the octave: %v, want %v", got, want)
	}
}

// TestBitIndexRemembered checks that the memory of BitIndex, and its reading of a key as the
// registry writes it, answer as the lookup does: on every key, and on each written otherwise.
func TestBitIndexRemembered(t *testing.T) {
	tags := []string{"jazz", "Jazz", "open voicing", "drop_2", "nothing-like-it", "", "  ", "\tjazz"}
	for _, k := range registry().keys {
		tags = append(tags, k, strings.ToUpper(k), " "+k, k+" ", strings.ReplaceAll(k, "-", " "), strings.ReplaceAll(k, "-", "_"), k[1:])
	}
	for _, tag := range tags {
		b1, ok1 := BitIndex(tag)
		b2, ok2 := bitIndex(tag)
		b3, ok3 := BitIndex(tag)
		if b1 != b2 || ok1 != ok2 || b3 != b2 || ok3 != ok2 {
			t.Errorf("%q: %d %v, %d %v, %d %v", tag, b1, ok1, b2, ok2, b3, ok3)
		}
	}
}

// modalVectorByMap is ModalVectorService.ComputeEmbedding written as the service writes it, the
// intervals in a map and each mode looked up by name: the reference the bit-mask version is
// held to (ModalVectorService.cs:19-110, 172-209 @ c781df5c).
func modalVectorByMap(pcs []int, root int) []float64 {
	v := make([]float64, modalDim)
	if len(pcs) == 0 {
		return v
	}
	intervals := map[int]bool{}
	for _, pc := range pcs {
		intervals[(pc-root+12)%12] = true
	}
	for slot, name := range modalSlotModes {
		m, ok := modesByName()[strings.ToLower(name)]
		if !ok || len(m.full) == 0 {
			continue
		}
		effective := m.characteristic
		if len(effective) == 0 {
			effective = m.full
		}
		matches, conflicts, covered := 0, 0, 0
		for _, s := range effective {
			if intervals[s] {
				matches++
			}
		}
		for i := range intervals {
			if !slices.Contains(m.full, i) {
				conflicts++
			}
		}
		for _, s := range m.full {
			if intervals[s] {
				covered++
			}
		}
		if conflicts > 0 {
			continue
		}
		ratio := float64(matches) / float64(len(effective))
		if float64(covered)/float64(len(m.full)) >= 0.99 {
			ratio = 1
		}
		v[slot] = clamp(ratio, 0, 1)
	}
	return v
}

// TestModalVectorByBits holds the bit-mask modal vector to the map-based reading for every set
// and root, and for pitch classes and roots outside 0-11.
func TestModalVectorByBits(t *testing.T) {
	for m := algebra.Set(1); m < 1<<12; m++ {
		pcs := m.PitchClasses()
		for root := range 12 {
			if got, want := modalVector(pcs, root, ModalOptions{}), modalVectorByMap(pcs, root); !slices.Equal(got, want) {
				t.Fatalf("modalVector(%v, %d) = %v, want %v", pcs, root, got, want)
			}
		}
	}
	for _, c := range []struct {
		pcs  []int
		root int
	}{{[]int{12, 16, 19}, 12}, {[]int{-5, 0, 4}, 0}, {[]int{0, 4, 7}, 30}, {[]int{0, 4, 7, 40}, -3}, {[]int{0, 12}, 23}, {[]int{0}, 23}} {
		if got, want := modalVector(c.pcs, c.root, ModalOptions{}), modalVectorByMap(c.pcs, c.root); !slices.Equal(got, want) {
			t.Errorf("modalVector(%v, %d) = %v, want %v", c.pcs, c.root, got, want)
		}
	}
}

// TestSpectralEntropyRemembered checks the per-set memory of SpectralEntropy against the
// computation, asked twice for every set, and that pitch classes outside 0-11 are left out.
func TestSpectralEntropyRemembered(t *testing.T) {
	for round := range 2 {
		for m := algebra.Set(0); m < 1<<12; m++ {
			if got, want := SpectralEntropy(m.PitchClasses()), spectralEntropy(m); got != want {
				t.Fatalf("round %d: SpectralEntropy(%v) = %v, want %v", round, m.PitchClasses(), got, want)
			}
		}
	}
	if got, want := SpectralEntropy([]int{0, 4, 7, 12, -1}), spectralEntropy(algebra.NewSet(0, 4, 7)); got != want {
		t.Errorf("SpectralEntropy with pitch classes outside 0-11 = %v, want %v", got, want)
	}
}

// TestClamp01 holds clamp01 to math.Min(1, math.Max(0, x)), bit for bit, on the edges and
// between them.
func TestClamp01(t *testing.T) {
	xs := []float64{math.NaN(), math.Inf(-1), math.Inf(1), math.Copysign(0, -1), 0, 1, -1, 0.5, 1e-300, -1e-300,
		math.Nextafter(1, 2), math.Nextafter(1, 0), 2, -0.25}
	for _, x := range xs {
		want := math.Min(1, math.Max(0, x))
		if got := clamp01(x); math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("clamp01(%v) = %v, want %v", x, got, want)
		}
	}
}
