package embeddings

import (
	"math"
	"math/cmplx"
	"slices"
	"strings"
	"sync"
)

// Embedding is a raw OPTIC-K vector as GA returns it: 240 floats, read here as doubles as a
// caller converting GA's float[] reads them.
type Embedding []float64

// Slice returns the values of one partition.
func (e Embedding) Slice(p Partition) []float64 { return e[p.Start : p.End+1] }

// Generate is MusicalEmbeddingGenerator.GenerateEmbeddingAsync: each partition's service writes
// its slice of a float vector (Common/GA.Business.ML/Embeddings/MusicalEmbeddingGenerator.cs:63-170 @ c781df5c).
func Generate(doc Document) Embedding {
	raw := make([]float64, TotalDimension)
	generate(raw, doc, ModalOptions{})
	for i, v := range raw {
		raw[i] = float64(float32(v)) // GA's vector is a float[]
	}
	return raw
}

// GenerateInto is Generate written into dst, GA's float[] itself, for callers that embed many
// voicings into one slab: it allocates nothing.
func GenerateInto(dst []float32, doc Document) { GenerateIntoWith(dst, doc, ModalOptions{}) }

// GenerateIntoWith is GenerateInto with the version of ModalVectorService modal names.
func GenerateIntoWith(dst []float32, doc Document, modal ModalOptions) {
	var raw [TotalDimension]float64
	generate(raw[:], doc, modal)
	for i, v := range raw {
		dst[i] = float32(v)
	}
}

// starts are the partitions' first slots, looked up once.
var starts = sync.OnceValue(func() (s struct {
	identity, structure, morphology, context, symbolic, modal, hierarchy, atonal, root int
}) {
	s.identity, s.structure = partition("IDENTITY").Start, partition("STRUCTURE").Start
	s.morphology, s.context = partition("MORPHOLOGY").Start, partition("CONTEXT").Start
	s.symbolic, s.modal = partition("SYMBOLIC").Start, partition("MODAL").Start
	s.hierarchy, s.atonal = partition("HIERARCHY").Start, partition("ATONAL_MODAL").Start
	s.root = partition("ROOT").Start
	return s
})

// generate is Generate into raw, zeros on entry: each service writes its slots in place.
func generate(raw []float64, doc Document, modal ModalOptions) {
	at := starts()
	identityInto(raw[at.identity:])
	structureInto(raw[at.structure:], doc.PitchClasses, doc.HasRoot, doc.IntervalClassVector)
	melody := -1
	if len(doc.MidiNotes) > 0 {
		melody = slices.Max(doc.MidiNotes) % 12
	}
	bass := -1
	if doc.MidiBassNote >= 0 {
		bass = doc.MidiBassNote
	}
	morphologyInto(raw[at.morphology:], Morphology{
		Bass: bass, Melody: melody,
		NormalizedSpan: float64(doc.HandStretch) / 12.0,
		NoteCountRatio: float64(len(doc.MidiNotes)) / 6.0,
		IsRootless:     doc.IsRootless,
		AverageFret:    float64(doc.MinFret+doc.MaxFret) / 2.0,
		BarreRequired:  doc.BarreRequired,
	})
	contextInto(raw[at.context:], doc.HarmonicFunction, 1.0-doc.Consonance)
	// The CAGED shape's tag follows the semantic tags.
	symbolic := raw[at.symbolic : at.symbolic+12]
	symbolicInto(symbolic, doc.SemanticTags)
	if doc.CagedShape != "" {
		symbolicInto(symbolic, []string{strings.ToLower(doc.CagedShape) + "-shape"})
	}
	extensions(raw, doc)
	spectral(raw, doc)
	modalSlots := raw[at.modal : at.modal+modalDim]
	modalInto(modalSlots, doc.PitchClasses, doc.RootPitchClass, modal)
	raw[at.hierarchy] = complexityScore(len(doc.PitchClasses))
	atonalInto(raw[at.atonal:at.atonal+atonalSlots], doc.PitchClasses, modalSlots)
	rootInto(raw[at.root:], doc.RootPitchClass, doc.HasRoot)
}

// spectral is PopulateSpectralPartition: the weighted spectrum's magnitudes and phases on the
// sphere, and one minus the spectral entropy (MusicalEmbeddingGenerator.cs:172-200 @ c781df5c).
func spectral(raw []float64, doc Document) {
	if len(doc.PitchClasses) == 0 {
		return
	}
	s := normalizeToSphere(weightedSpectral(doc.MidiNotes))
	const mag, phase, entropy = 96, 102, 108
	for k := range 6 {
		raw[mag+k] = clamp01(cmplx.Abs(s[k]))
		raw[phase+k] = clamp01((cmplx.Phase(s[k]) + math.Pi) / (2 * math.Pi))
	}
	raw[entropy] = clamp(1-SpectralEntropy(doc.PitchClasses), 0, 1)
}

// The psychoacoustic constants of EmbeddingSchema (EmbeddingSchema.cs, MinMidi to OpenPositionThreshold @ c781df5c).
const (
	minMidi                = 40
	midiRange              = 88 - 40
	lowThreshold           = 52
	highThreshold          = 76
	spreadMax              = 12.0
	spanMax                = 48.0
	closeIntervalThreshold = 2
	openPositionThreshold  = 12
)

// extensions is ComputeExtensions, slots 78-95: inertia and pressure from the consonance,
// doubling, the top note above the root, register, spread, clustering, roughness, span, doubled
// third and fifth, open position, inner voices and the omitted root
// (MusicalEmbeddingGenerator.cs:205-333 @ c781df5c).
func extensions(e []float64, doc Document) {
	midi, pcs := doc.MidiNotes, doc.PitchClasses
	root := doc.RootPitchClass
	n := len(midi)
	if n == 0 {
		return
	}
	tension := 1.0 - doc.Consonance
	stability := doc.Consonance
	unique := len(pcs)
	top := slices.Max(midi) % 12
	var buf [8]int
	sorted := append(buf[:0], midi...)
	slices.Sort(sorted)
	mean := 0.0
	for _, m := range sorted {
		mean += float64(m)
	}
	mean /= float64(n)
	variance := 0.0
	for _, m := range sorted {
		variance += math.Pow(float64(m)-mean, 2)
	}
	stddev := math.Sqrt(variance / float64(n))
	span := sorted[n-1] - sorted[0]
	count := func(ok func(int) bool) int {
		c := 0
		for _, pc := range pcs {
			if ok(pc) {
				c++
			}
		}
		return c
	}

	e[78] = clamp01(stability * (1 - tension))
	e[79] = clamp01(0.7*tension + 0.3*(1-stability))
	doubling := float64(n-unique) / float64(max(1, n))
	e[80] = clamp01(doubling)
	if doc.HasRoot {
		if count(func(pc int) bool { return pc == root }) > 1 {
			e[81] = 1
		}
		e[82] = clamp01(float64((top-root+12)%12) / 11.0)
	}
	e[84] = clamp01((mean - minMidi) / midiRange)
	spread := clamp01(stddev / spreadMax)
	e[85] = spread
	low, high := 0, 0
	for _, m := range sorted {
		if m < lowThreshold {
			low++
		}
		if m > highThreshold {
			high++
		}
	}
	e[86] = float64(low) / float64(n)
	e[87] = float64(high) / float64(n)
	small, beat := 0, 0.0
	for i := 0; i < n-1; i++ {
		if sorted[i+1]-sorted[i] <= closeIntervalThreshold {
			small++
			mid := float64(sorted[i]+sorted[i+1]) / 2.0
			beat += 1.0 - clamp01((mid-minMidi)/midiRange)
		}
	}
	clustering := float64(small) / float64(max(1, n-1))
	e[88] = clamp01(clustering)
	e[89] = clamp01(beat / float64(max(1, n-1)))
	e[83] = clamp01(0.5*doubling + 0.7*(1-spread) - 0.3*clustering)
	e[90] = clamp01(float64(span) / spanMax)
	if doc.HasRoot {
		third := count(func(pc int) bool { return pc == (root+4)%12 || pc == (root+3)%12 })
		if third > 1 {
			e[91] = 1
		}
		if count(func(pc int) bool { return pc == (root+7)%12 }) > 1 {
			e[92] = 1
		}
	}
	if span > openPositionThreshold {
		e[93] = 1
	}
	inner := 0
	for _, m := range sorted {
		if m > lowThreshold && m < highThreshold {
			inner++
		}
	}
	e[94] = float64(inner) / float64(max(1, n))
	if doc.HasRoot && !slices.Contains(pcs, root) {
		e[95] = 1
	}
}

// clamp01 is math.Min(1, math.Max(0, x)) without the calls: NaN stays NaN, -0 and every x
// below 0 give +0, every x above 1 gives 1.
func clamp01(x float64) float64 {
	switch {
	case x != x:
		return x
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	return x
}
