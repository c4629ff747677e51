// Package tonalmodes models the scale modes of GA's domain: each parent scale as GA spells it,
// its modes by degree with GA's names, the intervals of a mode from its root, and the formula
// that marks the characteristic ones (Common/GA.Domain.Core/Theory/Tonal/Scales/Scale.cs,
// Theory/Tonal/Modes and Primitives/Formulas/ModeFormula.cs @ c781df5c).
package tonalmodes

import (
	"slices"
	"strings"
)

// Family is a parent scale and the names GA gives its modes, degree 1 first.
type Family struct {
	// Scale is the scale's notes as GA spells them, "C D E F G A B".
	Scale string
	// Names are the modes' names by degree (the *ScaleDegree.ToName of each family).
	Names []string
}

// The families GA's voicing analysis and modal embedding read, with their scales
// (Scale.cs:53-65, 118-120) and degree names (Primitives/**/*ScaleDegree.cs ToName and
// MajorPentatonicMode.cs:29-36 @ c781df5c).

// Major is the major scale's family.
func Major() Family {
	return Family{"C D E F G A B", []string{"Ionian", "Dorian", "Phrygian", "Lydian", "Mixolydian", "Aeolian", "Locrian"}}
}

// HarmonicMinor is the harmonic minor scale's family.
func HarmonicMinor() Family {
	return Family{"A B C D E F G#", []string{"Harmonic Minor", "Locrian Natural 6", "Ionian Augmented", "Dorian Sharp 4",
		"Phrygian Dominant", "Lydian Sharp 2", "Altered bb7"}}
}

// MelodicMinor is the melodic minor scale's family.
func MelodicMinor() Family {
	return Family{"A B C D E F# G#", []string{"Melodic Minor", "Dorian b2", "Lydian Augmented", "Lydian Dominant",
		"Mixolydian b6", "Locrian Natural 2", "Altered"}}
}

// NaturalMinor is the natural minor scale's family, numbered from Aeolian.
func NaturalMinor() Family {
	return Family{"A B C D E F G", []string{"Aeolian", "Locrian", "Ionian", "Dorian", "Phrygian", "Lydian", "Mixolydian"}}
}

// HarmonicMajor is the harmonic major scale's family.
func HarmonicMajor() Family {
	return Family{"C D E F G Ab B", []string{"Harmonic major", "Dorian b5", "Phrygian b4", "Lydian b3", "Mixolydian b2",
		"Lydian augmented #2", "Locrian bb7"}}
}

// MajorPentatonic is the major pentatonic scale's family.
func MajorPentatonic() Family {
	return Family{"C D E G A", []string{"Major pentatonic", "Egyptian", "Blues minor", "Blues major", "Minor pentatonic"}}
}

// Blues is the blues scale's family; only its first mode is used here.
func Blues() Family { return Family{"C Eb F F# G Bb", []string{"Blues"}} }

// WholeTone is the whole-tone scale's family; only its first mode is used here.
func WholeTone() Family { return Family{"C D E F# G# A#", []string{"Whole-tone"}} }

// Interval is an Interval.Simple: a number from the letters (1 to 7) and semitones.
type Interval struct{ Number, Semitones int }

// note is a spelled note: a letter (0 for C to 6 for B) and a pitch class.
type note struct{ letter, pc int }

func parseScale(s string) []note {
	letters := map[byte][2]int{'C': {0, 0}, 'D': {1, 2}, 'E': {2, 4}, 'F': {3, 5}, 'G': {4, 7}, 'A': {5, 9}, 'B': {6, 11}}
	var out []note
	for _, f := range strings.Fields(s) {
		l := letters[f[0]]
		pc := l[1]
		for _, c := range f[1:] {
			switch c {
			case '#':
				pc++
			case 'b':
				pc--
			}
		}
		out = append(out, note{l[0], (pc + 12) % 12})
	}
	return out
}

// Mode is the mode of degree (1-based) as ScaleMode.SimpleIntervals gives it: the scale rotated
// to the degree, each note's interval from the new root
// (Common/GA.Domain.Core/Theory/Tonal/Modes/ScaleMode.cs:58-110 @ c781df5c).
func (f Family) Mode(degree int) []Interval {
	scale := parseScale(f.Scale)
	root := scale[degree-1]
	out := make([]Interval, len(scale))
	for i := range scale {
		n := scale[(degree-1+i)%len(scale)]
		out[i] = Interval{(n.letter-root.letter+7)%7 + 1, (n.pc - root.pc + 12) % 12}
	}
	return out
}

// PitchClasses are the mode's semitones from its root, the set VoicingAnalyzer looks modes up by.
func PitchClasses(mode []Interval) []int {
	out := make([]int, len(mode))
	for i, iv := range mode {
		out[i] = iv.Semitones
	}
	return out
}

// qualityByNumber is ToQualityByNumber: the first interval of each number, its semitones standing
// for its quality (Common/GA.Domain.Core/Primitives/Extensions/IntervalExtensions.cs:9-11 @ c781df5c).
func qualityByNumber(iv []Interval) map[int]int {
	m := map[int]int{}
	for _, i := range iv {
		if _, ok := m[i.Number]; !ok {
			m[i.Number] = i.Semitones
		}
	}
	return m
}

// Formula is ModeFormula's two lists as ModalCharacteristicIntervalService reads them: every
// interval takes the quality of the first interval of its number; full holds their semitones
// modulo 12, characteristic those whose quality differs from the reference mode's (Aeolian for a
// mode with a minor third, Ionian otherwise), each once
// (Common/GA.Domain.Core/Primitives/Formulas/ModeFormula.cs:12-50; Theory/Tonal/Modes/ScaleMode.cs:33-37;
// Common/GA.Business.ML/Musical/Enrichment/ModalCharacteristicIntervalService.cs:170-185 @ c781df5c).
func Formula(mode []Interval) (full, characteristic []int) {
	ref := Major().Mode(1) // Ionian
	if slices.Contains(mode, Interval{3, 3}) {
		ref = Major().Mode(6) // Aeolian
	}
	q, rq := qualityByNumber(mode), qualityByNumber(ref)
	for _, i := range mode {
		semis := q[i.Number]
		if !slices.Contains(full, semis%12) {
			full = append(full, semis%12)
		}
		if semis != rq[i.Number] && !slices.Contains(characteristic, semis) {
			characteristic = append(characteristic, semis)
		}
	}
	return full, characteristic
}
