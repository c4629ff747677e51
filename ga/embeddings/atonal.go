package embeddings

import (
	"math"
	"slices"
	"sync/atomic"

	"course/ga/algebra"
	"course/ga/voicinganalysis"
)

// AtonalModalVector is ModalVectorService.ComputeAtonalModalEmbedding, the first seventeen slots
// of ATONAL_MODAL: the set's rank and size in its modal family, whether the family has one
// member or holds sets of another class, whether any MODAL slot passes 0.5, the interval-class
// vector over the number of pairs, and PitchClassSet's prime-form id, step entropy, step
// brightness, consonance, dissonance and centre of gravity
// (Common/GA.Business.ML/Embeddings/Services/ModalVectorService.cs:114-170 @ c781df5c).
func AtonalModalVector(pcs []int, modal []float64) []float64 {
	v := make([]float64, atonalSlots)
	atonalInto(v, pcs, modal)
	return v
}

// atonalSlots are the ATONAL_MODAL slots the service writes.
const atonalSlots = 17

// atonalInto writes AtonalModalVector into v, zeros on entry. All but the hero-mode flag depend
// on the set alone: they are remembered per set, 4096 at most.
func atonalInto(v []float64, pcs []int, modal []float64) {
	if len(pcs) == 0 {
		return
	}
	set := algebra.NewSet(pcs...)
	c := &atonalCache[set]
	p := c.Load()
	if p == nil {
		p = new([atonalSlots]float64)
		copy(p[:], atonalBySet(set))
		c.Store(p) // two callers computing one set at once store equal vectors
	}
	copy(v, p[:])
	if slices.ContainsFunc(modal, func(x float64) bool { return x > 0.5 }) {
		v[3] = 1
	}
}

// atonalCache remembers atonalBySet's vectors by set.
var atonalCache [algebra.ItemCount]atomic.Pointer[[atonalSlots]float64]

// atonalBySet is AtonalModalVector of a set, the hero-mode flag left 0.
func atonalBySet(set algebra.Set) []float64 {
	v := make([]float64, atonalSlots)
	family := voicinganalysis.ModalFamily(set)
	rank := slices.Index(family, set) // -1 when the set lacks pitch class 0
	v[0] = clamp(float64(rank)/float64(max(1, len(family)-1)), 0, 1)
	v[1] = clamp(float64(len(family))/12.0, 0, 1)
	if len(family) == 1 {
		v[2] = 1
	}
	if zRelated(family) {
		v[16] = 1
	}
	icv := set.IntervalClassVector().Counts()
	n := float64(set.Len())
	if norm := n * (n - 1) / 2; norm > 0 {
		for i := range 6 {
			v[4+i] = float64(icv[i]) / norm
		}
	}
	v[10] = float64(set.PrimeForm()) / 4095.0
	v[11] = stepEntropy(set)
	v[12] = stepBrightness(set)
	total := 0
	for _, c := range icv {
		total += c
	}
	if total > 0 {
		v[13] = float64(icv[2]+icv[3]+icv[4]) / float64(total)
		v[14] = float64(icv[0]+icv[1]+icv[5]) / float64(total)
	}
	v[15] = centerOfGravity(set)
	return v
}

// zRelated is PitchClassSet.IsZRelated: a family of several sets one of which is no
// transposition or inversion of the first (Common/GA.Domain.Core/Theory/Atonal/PitchClassSet.cs:199-212 @ c781df5c).
func zRelated(family []algebra.Set) bool {
	if len(family) <= 1 {
		return false
	}
	first := family[0].PrimeForm()
	return slices.ContainsFunc(family, func(m algebra.Set) bool { return m.PrimeForm() != first })
}

// steps are the set's ascending steps, the last one wrapping round the octave.
func steps(s algebra.Set) []int {
	pcs := s.PitchClasses()
	out := make([]int, len(pcs))
	for i := range pcs {
		out[i] = (pcs[(i+1)%len(pcs)] - pcs[i] + 12) % 12
	}
	return out
}

// stepEntropy is PitchClassSet.StepEntropy: the entropy in bits of the steps, over log2 12
// (PitchClassSet.cs:236-262 @ c781df5c).
func stepEntropy(s algebra.Set) float64 {
	if s.Len() <= 1 {
		return 0
	}
	st := steps(s)
	counts := map[int]int{}
	var order []int
	for _, x := range st {
		if counts[x] == 0 {
			order = append(order, x)
		}
		counts[x]++
	}
	h := 0.0
	for _, x := range order {
		p := float64(counts[x]) / float64(len(st))
		h += -p * math.Log2(p)
	}
	return h / math.Log2(12)
}

// stepBrightness is PitchClassSet.StepBrightness: the mean step over 6 (PitchClassSet.cs:265-285 @ c781df5c).
func stepBrightness(s algebra.Set) float64 {
	if s.Len() <= 1 {
		return 0.5
	}
	sum := 0
	st := steps(s)
	for _, x := range st {
		sum += x
	}
	return float64(sum) / float64(len(st)) / 6.0
}

// centerOfGravity is PitchClassSet.CenterOfGravity: the angle of the pitch classes' mean on the
// circle of semitones, mapped to [0, 1] (PitchClassSet.cs:217-233 @ c781df5c).
func centerOfGravity(s algebra.Set) float64 {
	if s.Len() == 0 {
		return 0
	}
	var x, y float64
	for _, pc := range s.PitchClasses() {
		x += math.Cos(float64(pc) * math.Pi / 6.0)
		y += math.Sin(float64(pc) * math.Pi / 6.0)
	}
	return (math.Atan2(y, x) + math.Pi) / (2 * math.Pi)
}

func clamp(x, lo, hi float64) float64 { return math.Min(hi, math.Max(lo, x)) }
