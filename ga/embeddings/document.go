package embeddings

import (
	"slices"

	"course/ga/voicinganalysis"
)

// Document is the part of ChordVoicingRagDocument the embedding generator reads, filled as
// VoicingDocumentFactory.FromAnalysis fills it
// (Common/GA.Business.ML/Rag/VoicingDocumentFactory.cs:10-74 @ c781df5c).
type Document struct {
	Diagram   string
	ChordName string
	// RootPitchClass is, at the pin, the first MIDI note's pitch class: string 1's, the highest
	// string, not the chord's root. HasRoot is always true.
	RootPitchClass int
	HasRoot        bool
	// MidiBassNote is, at the pin, the first MIDI note, string 1's.
	MidiBassNote     int
	IsRootless       bool
	Inversion        int
	Brightness       float64
	Consonance       float64
	MinFret, MaxFret int
	HandStretch      int
	BarreRequired    bool
	HarmonicFunction string
	SemanticTags     []string
	CagedShape       string
	// MidiNotes are in string order; PitchClasses ascending, each once.
	MidiNotes           []int
	PitchClasses        []int
	IntervalClassVector string
}

// DocumentOptions are the versions of VoicingDocumentFactory: the zero value is the pin's.
type DocumentOptions struct {
	// ChordRoot takes the document's root from the analysed chord and its bass from the lowest
	// note, as GA's main does after #689 (fix 1 of the original course's journal,
	// spareilleux/learn src/content/docs/ga-ai/journal.md, 2026-09-14 and 2026-09-24); the pin
	// takes both from the first MIDI note, string 1's, the highest.
	ChordRoot bool
}

// DocumentFromAnalysis is VoicingDocumentFactory.FromAnalysis. The document's Brightness and
// Consonance are the analysis' PerceptualQualities; at the pin the consonance lands in
// Brightness and Consonance is always 0 (VoicingDocumentFactory.cs:10-74; VoicingAnalyzer.cs:157;
// Common/GA.Business.Core/Analysis/Voicings/PerceptualQualities.cs:3 @ c781df5c).
func DocumentFromAnalysis(v voicinganalysis.Voicing, a voicinganalysis.Analysis) Document {
	return DocumentFromAnalysisWith(v, a, DocumentOptions{})
}

// DocumentFromAnalysisWith is DocumentFromAnalysis in the version o names.
func DocumentFromAnalysisWith(v voicinganalysis.Voicing, a voicinganalysis.Analysis, o DocumentOptions) Document {
	first := a.MidiNotes[0]
	// ChordIdentification.RootPitchClass is the recognizer's root, or the lowest note's name
	// when it found none (VoicingHarmonicAnalyzer.cs:78-86 @ c781df5c).
	chordRoot, ok := voicinganalysis.ParsePitchClass(a.Chord.Root)
	if !ok {
		chordRoot = slices.Min(a.MidiNotes) % 12
	}
	root, bass := first%12, first
	if o.ChordRoot {
		root, bass = chordRoot, slices.Min(a.MidiNotes)
	}
	return Document{
		Diagram:             v.Diagram(),
		ChordName:           a.Chord.CanonicalName,
		RootPitchClass:      root,
		HasRoot:             true,
		MidiBassNote:        bass,
		IsRootless:          a.IsRootless,
		Inversion:           inversion(bass, chordRoot),
		Brightness:          a.Brightness,
		Consonance:          a.ConsonanceScore,
		MinFret:             a.Layout.MinFret,
		MaxFret:             a.Layout.MaxFret,
		HandStretch:         a.Layout.HandStretch,
		BarreRequired:       a.Layout.BarreRequired,
		HarmonicFunction:    voicinganalysis.FunctionalHarmony,
		SemanticTags:        a.Tags,
		MidiNotes:           a.MidiNotes,
		PitchClasses:        a.PitchClasses.PitchClasses(),
		IntervalClassVector: a.PitchClasses.VectorText(),
	}
}

// inversion is CalculateInversion: the bass's interval above the root, a third for the first
// inversion, a fifth for the second, a seventh for the third, -1 otherwise
// (VoicingDocumentFactory.cs:76-85 @ c781df5c).
func inversion(midiBass, rootPc int) int {
	switch (midiBass%12 - rootPc + 12) % 12 {
	case 0:
		return 0
	case 3, 4:
		return 1
	case 6, 7:
		return 2
	case 10, 11:
		return 3
	}
	return -1
}
