package embeddings

import "math"

// Morphology is what MorphologyVectorService.ComputeEmbedding takes.
type Morphology struct {
	// Bass and Melody are pitch classes, or -1 for none.
	Bass, Melody   int
	NormalizedSpan float64
	NoteCountRatio float64
	IsRootless     bool
	AverageFret    float64
	BarreRequired  bool
}

// MorphologyVector is MorphologyVectorService.ComputeEmbedding: the bass one-hot, span, note
// count, rootless, the melody on a circle, the average fret and the barre
// (Common/GA.Business.ML/Embeddings/Services/MorphologyVectorService.cs:14-56 @ c781df5c).
func MorphologyVector(m Morphology) []float64 {
	v := make([]float64, 24)
	morphologyInto(v, m)
	return v
}

// morphologyInto writes MorphologyVector into v, zeros on entry.
func morphologyInto(v []float64, m Morphology) {
	if m.Bass >= 0 {
		v[m.Bass%12] = 1
	}
	v[12] = m.NormalizedSpan
	v[13] = m.NoteCountRatio
	if m.IsRootless {
		v[14] = 1
	}
	if m.Melody >= 0 {
		angle := float64(m.Melody%12) * (math.Pi * 2 / 12.0)
		v[15], v[16] = math.Sin(angle), math.Cos(angle)
	}
	v[17] = m.AverageFret / 12.0 * 2.0
	if m.BarreRequired {
		v[18] = 2
	}
}
