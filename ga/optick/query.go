package optick

import (
	"slices"

	"course/ga/embeddings"
	"course/ga/search"
)

// Query is StructuredQuery: a chord symbol, or a root and pitch classes given outright, and
// style tags (Common/GA.Business.ML/Search/MusicalQueryEncoder.cs:11-19 @ c781df5c).
type Query struct {
	ChordSymbol string
	// Root is the root's pitch class, nil for none.
	Root *int
	// PitchClasses, when set, win over the chord symbol's.
	PitchClasses []int
	Tags         []string
}

// Encode is MusicalQueryEncoder.Encode: STRUCTURE from the pitch classes (no interval-class
// vector: the query path leaves it empty), MODAL from the same pitch classes and the root,
// SYMBOLIC from the tags, ROOT from the root, the rest zeros; then EmbeddingSchema.ExtractCompact
// over partitions (MusicalQueryEncoder.cs:43-120 @ c781df5c).
func Encode(q Query, partitions []embeddings.Partition) []float64 {
	return EncodeWith(q, partitions, EncodeOptions{})
}

// EncodeOptions are the versions of MusicalQueryEncoder: the zero value is the pin's.
type EncodeOptions struct {
	// IntervalClassVector writes the chord's interval-class vector into STRUCTURE, in
	// ComputeIcvString's digit form, as GA's main does after #689: the wiring that
	// MusicalQueryEncoder's "ICV not yet wired" comment defers to GA's plan
	// docs/plans/2026-05-12-icv-format-reconciliation-plan.md (MusicalQueryEncoder.cs:52-58,
	// 109-137 @ c781df5c; fix 12 of the original course's journal, spareilleux/learn
	// src/content/docs/ga-ai/journal.md, 2026-09-24).
	IntervalClassVector bool
	// Modal is the version of ModalVectorService the encoder calls.
	Modal embeddings.ModalOptions
}

// EncodeWith is Encode in the version o names.
func EncodeWith(q Query, partitions []embeddings.Partition, o EncodeOptions) []float64 {
	raw := make([]float64, embeddings.TotalDimension)
	pcs := q.PitchClasses
	root := q.Root
	// The symbol is read only for what the query leaves out: a caller that read it already
	// gives both.
	if q.ChordSymbol != "" && (pcs == nil || root == nil) {
		if r, parsed, ok := search.TryParse(q.ChordSymbol); ok {
			if pcs == nil {
				pcs = parsed
			}
			if root == nil {
				root = &r
			}
		}
	}
	write := func(name string, v []float64) {
		for _, p := range partitions {
			if p.Name == name {
				copy(raw[p.Start:p.End+1], v)
			}
		}
	}
	if len(pcs) > 0 {
		icv := ""
		if o.IntervalClassVector {
			icv = icvDigits(pcs)
		}
		write("STRUCTURE", embeddings.StructureVector(distinct(pcs), root != nil, icv))
		r := 0 // ModalVectorService reads a missing root as C
		if root != nil {
			r = *root
		}
		write("MODAL", embeddings.ModalVectorWith(pcs, r, o.Modal))
	}
	if len(q.Tags) > 0 {
		write("SYMBOLIC", embeddings.SymbolicVector(q.Tags))
	}
	if root != nil {
		write("ROOT", embeddings.RootVector(*root, true))
	}
	return embeddings.ExtractCompact(raw, partitions)
}

// distinct keeps each pitch class once, in first-seen order, as Enumerable.Distinct does.
func distinct(pcs []int) []int {
	out := make([]int, 0, len(pcs))
	for _, pc := range pcs {
		if !slices.Contains(out, pc) {
			out = append(out, pc)
		}
	}
	return out
}

// icvDigits is ComputeIcvString: the interval-class counts of the distinct pitch classes, one
// digit each, capped at 9 (MusicalQueryEncoder.cs:109-137 @ c781df5c).
func icvDigits(pcs []int) string {
	var counts [6]int
	d := distinct(pcs)
	for i := range d {
		for j := i + 1; j < len(d); j++ {
			diff := d[i] - d[j]
			if diff < 0 {
				diff = -diff
			}
			diff %= 12
			ic := min(diff, 12-diff)
			if ic >= 1 && ic <= 6 {
				counts[ic-1]++
			}
		}
	}
	b := make([]byte, 6)
	for i, c := range counts {
		b[i] = byte('0' + min(c, 9))
	}
	return string(b)
}
