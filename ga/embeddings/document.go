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
	// RootPitchClass is the first MIDI note's pitch class: string 1's, the highest string, not
	// the chord's root. HasRoot is always true.
	RootPitchClass int
	HasRoot        bool
	// MidiBassNote is the first MIDI note, string 1's.
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

// DocumentFromAnalysis is VoicingDocumentFactory.FromAnalysis. The analysis' PerceptualQualities
// is built by position with consonance first, where the record has Brightness first, so the
// document's Consonance is always 0 (VoicingDocumentFactory.cs:10-74; VoicingAnalyzer.cs:157;
// Common/GA.Business.Core/Analysis/Voicings/PerceptualQualities.cs:3 @ c781df5c).
func DocumentFromAnalysis(v voicinganalysis.Voicing, a voicinganalysis.Analysis) Document {
	first := a.MidiNotes[0]
	// ChordIdentification.RootPitchClass is the recognizer's root, or the lowest note's name
	// when it found none (VoicingHarmonicAnalyzer.cs:78-86 @ c781df5c).
	chordRoot, ok := voicinganalysis.ParsePitchClass(a.Chord.Root)
	if !ok {
		chordRoot = slices.Min(a.MidiNotes) % 12
	}
	return Document{
		Diagram:             v.Diagram(),
		ChordName:           a.Chord.CanonicalName,
		RootPitchClass:      first % 12,
		HasRoot:             true,
		MidiBassNote:        first,
		IsRootless:          a.IsRootless,
		Inversion:           inversion(first, chordRoot),
		Brightness:          a.Consonance,
		Consonance:          0,
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
