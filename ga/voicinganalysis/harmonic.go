package voicinganalysis

import (
	"slices"
	"strings"
	"sync"

	"course/ga/algebra"
)

// Characteristics is VoicingCharacteristics as VoicingHarmonicAnalyzer fills it. GA's
// constructor call passes its arguments by position into a record whose order differs from the
// call's: "is the spread wider than an octave" lands in IsRootless, the drop voicing in
// DropVoicing, and false in IsOpenVoicing
// (Common/GA.Business.Core/Analysis/Voicings/VoicingCharacteristics.cs:3-15 and
// Common/GA.Domain.Services/Fretboard/Voicings/Analysis/VoicingHarmonicAnalyzer.cs:30-42 @ c781df5c).
type Characteristics struct {
	Chord           Chord
	DissonanceScore float64
	Consonance      float64
	IntervalSpread  int
	NoteCount       int
	ICV             string
	IsRootless      bool
	DropVoicing     string
	IsOpenVoicing   bool
	// SemanticTags are shared by analyses with equal tags: read only.
	SemanticTags []string
}

// FunctionalHarmony is AnalysisConstants.FunctionalHarmony, the harmonic function every
// identified chord gets (Common/GA.Business.Core/Analysis/AnalysisConstants.cs:11 @ c781df5c).
const FunctionalHarmony = "Functional Harmony"

// Options are the versions of the analysis records' construction: the zero value is the pin's.
type Options struct {
	// NamedArguments builds VoicingCharacteristics and PerceptualQualities with named arguments,
	// as GA's main does after #689 (fixes 3 and 4 of the original course's journal,
	// spareilleux/learn src/content/docs/ga-ai/journal.md, 2026-09-14 and 2026-09-24): the
	// spread wider than an octave is the open voicing, no voicing is rootless, and the
	// consonance is the perceptual consonance, with no brightness. GA's own
	// Common/GA.Domain.Services/Fretboard/Voicings/Analysis/VoicingHarmonicAnalyzer.cs, in a
	// stored version later than c781df5c, reads so: IsRootless: false, IsOpenVoicing:
	// intervalSpread > 12.
	NamedArguments bool
	// ChartOrderShapes reads the frets low E first where VoicingPhysicalAnalyzer's CAGED shapes
	// are written that way, as GA's main does once the diagram's string order is explicit
	// (fix 13 of the original course's journal, spareilleux/learn
	// src/content/docs/ga-ai/journal.md, 2026-09-14 and 2026-09-24); the pin reads string 1, the
	// high E, as the low E, so the open E chord is no E shape.
	ChartOrderShapes bool
}

// AnalyzeHarmony is VoicingHarmonicAnalyzer.Analyze of a voicing with at least one note
// (VoicingHarmonicAnalyzer.cs:10-44 @ c781df5c).
func AnalyzeHarmony(v Voicing) Characteristics { return AnalyzeHarmonyWith(v, Options{}) }

// AnalyzeHarmonyWith is AnalyzeHarmony in the version o names.
func AnalyzeHarmonyWith(v Voicing, o Options) Characteristics {
	var buf [8]int
	return analyzeHarmony(sortedNotes(buf[:0], v.Notes), o)
}

// sortedNotes appends the notes to dst and sorts them, ascending.
func sortedNotes(dst, notes []int) []int {
	dst = append(dst, notes...)
	slices.Sort(dst)
	return dst
}

// analyzeHarmony is AnalyzeHarmony of the voicing's notes sorted, ascending.
func analyzeHarmony(midi []int, o Options) Characteristics {
	var tagBuf [16]string
	set := algebra.NewSet(midi...)
	chord := identifySet(set, midi[0]%12)
	dissonance := dissonanceScore(midi)
	consonance := 1 - min(dissonance/10, 1)
	spread := midi[len(midi)-1] - midi[0]
	rootless, open := spread > 12, false
	if o.NamedArguments {
		rootless, open = false, spread > 12
	}
	return Characteristics{
		Chord:           chord,
		DissonanceScore: dissonance,
		Consonance:      consonance,
		IntervalSpread:  spread,
		NoteCount:       set.Len(),
		ICV:             set.VectorText(),
		IsRootless:      rootless,
		DropVoicing:     dropVoicing(midi),
		IsOpenVoicing:   open,
		SemanticTags:    internTags(distinct(harmonicTags(tagBuf[:0], chord, spread, consonance))),
	}
}

// dropVoicing is DetectDropVoicing: four notes or more whose bass, raised an octave, leaves them
// within an octave are a "Drop-2" (VoicingHarmonicAnalyzer.cs:46-58 @ c781df5c). The notes are
// sorted, so the raised set's extremes are the raised bass and the second and top notes.
func dropVoicing(sorted []int) string {
	if len(sorted) < 4 {
		return ""
	}
	raised := sorted[0] + 12
	if max(sorted[len(sorted)-1], raised)-min(sorted[1], raised) <= 12 {
		return "Drop-2"
	}
	return ""
}

// dissonanceScore is CalculateDissonance: one for every pair of notes a minor second or a
// tritone apart, octaves folded (VoicingHarmonicAnalyzer.cs:151-168 @ c781df5c).
func dissonanceScore(midi []int) float64 {
	d := 0.0
	for i := range midi {
		for j := i + 1; j < len(midi); j++ {
			iv := midi[j] - midi[i]
			if iv < 0 {
				iv = -iv
			}
			if iv%12 == 1 || iv%12 == 6 {
				d++
			}
		}
	}
	return d
}

// harmonicTags is GenerateSemanticTags (VoicingHarmonicAnalyzer.cs:170-207 @ c781df5c).
// The tags are appended to tags.
func harmonicTags(tags []string, chord Chord, spread int, consonance float64) []string {
	if consonance > 0.7 {
		tags = append(tags, "consonant")
	} else if consonance < 0.3 {
		tags = append(tags, "dissonant")
	}
	if spread > 24 {
		tags = append(tags, "wide-voicing")
	} else if spread < 12 {
		tags = append(tags, "close-voicing")
	}
	if chord.Quality != "" {
		q := strings.ToLower(chord.Quality)
		tags = append(tags, q)
		if strings.Contains(q, "sus2") || strings.Contains(q, "sus4") || strings.Contains(q, "add9") {
			tags = append(tags, "pop")
		}
		if strings.Contains(q, "diminished") || strings.Contains(q, "augmented") || strings.Contains(q, "alt") {
			tags = append(tags, "tension")
		}
	}
	if consonance < 0.4 {
		tags = append(tags, "dark")
	}
	if spread > 12 && spread < 24 {
		tags = append(tags, "balanced")
	}
	return tags
}

// distinct keeps the first of equal strings, as LINQ's Distinct does, in place; nil when in is
// empty.
func distinct(in []string) []string {
	if len(in) == 0 {
		return nil
	}
	out := in[:0]
	for _, s := range in {
		if !slices.Contains(out, s) { // a voicing has a few dozen tags at most
			out = append(out, s)
		}
	}
	return out
}

// tagText is a name as a tag: lower case, spaces turned to hyphens, as the analyzers write
// strings.ToLower(x).Replace(" ", "-"). The names the analyzers use are turned once.
func tagText(s string) string {
	if t, ok := tagTexts()[s]; ok {
		return t
	}
	return strings.ReplaceAll(strings.ToLower(s), " ", "-")
}

// tagTexts holds tagText of the hand positions, difficulties, string sets, shapes and drop
// voicings the analyzers name.
var tagTexts = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	for _, s := range []string{"Open Position", "Low Position", "Middle Position", "Upper Position",
		"Beginner", "Intermediate", "Advanced", "E-Shape", "Drop-2",
		"Mixed", "Top 3", "Bottom 3", "Inner 4", "Top 4", "Bottom 4", "Full"} {
		out[s] = strings.ReplaceAll(strings.ToLower(s), " ", "-")
	}
	return out
})
