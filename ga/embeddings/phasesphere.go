package embeddings

import (
	"math"
	"math/cmplx"
	"slices"
	"sync"
	"sync/atomic"

	"course/ga/algebra"
)

// WeightedSpectralVector is PhaseSphereService.ComputeWeightedSpectralVector: a chroma of the
// notes, the lowest and the highest weighing half a note more, scaled to a maximum of 1, and
// its DFT coefficients k = 1..6
// (Common/GA.Business.ML/Embeddings/Services/PhaseSphereService.cs:97-160 @ c781df5c).
func WeightedSpectralVector(midi []int) []complex128 {
	s := weightedSpectral(midi)
	return s[:]
}

// weightedSpectral is WeightedSpectralVector as an array.
func weightedSpectral(midi []int) [6]complex128 {
	if len(midi) == 0 {
		return [6]complex128{}
	}
	var chroma [12]float64
	lo, hi := slices.Min(midi), slices.Max(midi)
	for _, n := range midi {
		w := 1.0
		if n == lo {
			w += 0.5
		}
		if n == hi {
			w += 0.5
		}
		chroma[n%12] += w
	}
	if m := slices.Max(chroma[:]); m > 0 {
		for i := range chroma {
			chroma[i] /= m
		}
	}
	return dft(chroma)
}

// dft is the DFT loop of ComputeSpectralVector (PhaseSphereService.cs:63-90 @ c781df5c).
func dft(chroma [12]float64) [6]complex128 {
	var out [6]complex128
	t := dftTable()
	for k := 1; k <= 6; k++ {
		var re, im float64
		for n := range 12 {
			re += chroma[n] * t.cos[k-1][n]
			im += chroma[n] * t.sin[k-1][n]
		}
		out[k-1] = complex(re, im)
	}
	return out
}

// dftTable holds the cosines and sines of the DFT's angles, computed as the loop computes them,
// once: every voicing of a corpus needs the same 72 of each.
var dftTable = sync.OnceValue(func() *struct{ cos, sin [6][12]float64 } {
	t := &struct{ cos, sin [6][12]float64 }{}
	for k := 1; k <= 6; k++ {
		for n := range 12 {
			angle := -2.0 * math.Pi * float64(k) * float64(n) / 12
			t.cos[k-1][n], t.sin[k-1][n] = math.Cos(angle), math.Sin(angle)
		}
	}
	return t
})

// NormalizeToSphere is PhaseSphereService.NormalizeToSphere: the vector over its length, zeros
// when it is nearly zero (PhaseSphereService.cs:165-178 @ c781df5c).
func NormalizeToSphere(s []complex128) []complex128 {
	out := make([]complex128, len(s))
	normalizeInto(out, s)
	return out
}

// normalizeToSphere is NormalizeToSphere of six coefficients.
func normalizeToSphere(s [6]complex128) [6]complex128 {
	var out [6]complex128
	normalizeInto(out[:], s[:])
	return out
}

// normalizeInto writes NormalizeToSphere of s into out, zeros on entry.
func normalizeInto(out, s []complex128) {
	sum := 0.0
	for _, c := range s {
		m := cmplx.Abs(c)
		sum += m * m
	}
	norm := math.Sqrt(sum)
	if norm < 1e-10 {
		return
	}
	for i, c := range s {
		out[i] = c / complex(norm, 0)
	}
}

// SpectralEntropy is PhaseSphereService.ComputeSpectralEntropy: the entropy of the six
// coefficients' powers of the plain chroma, over log 6 (PhaseSphereService.cs:380-405 @ c781df5c).
func SpectralEntropy(pcs []int) float64 {
	var set algebra.Set
	for _, pc := range pcs {
		if pc >= 0 && pc < 12 {
			set |= 1 << pc
		}
	}
	// The chroma is the set of pitch classes in 0-11: each set's entropy is worked out once.
	c := &entropies[set]
	if p := c.Load(); p != nil {
		return *p
	}
	h := spectralEntropy(set)
	c.Store(&h)
	return h
}

// entropies holds SpectralEntropy by set.
var entropies [algebra.ItemCount]atomic.Pointer[float64]

// spectralEntropy is SpectralEntropy of a set's chroma, without the cache.
func spectralEntropy(set algebra.Set) float64 {
	var chroma [12]float64
	for _, pc := range set.PitchClasses() {
		chroma[pc] = 1
	}
	spectral := dft(chroma)
	var powers [len(spectral)]float64
	total := 0.0
	for i, c := range spectral {
		m := cmplx.Abs(c)
		powers[i] = m * m
		total += powers[i]
	}
	if total < 1e-10 {
		return 0
	}
	h := 0.0
	for _, p := range powers {
		if p > 1e-10 {
			prob := p / total
			h -= prob * math.Log(prob)
		}
	}
	return h / math.Log(6)
}
