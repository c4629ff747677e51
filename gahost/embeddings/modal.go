package embeddings

import (
	"slices"
	"strings"
	"sync"
)

// modeIntervals is what ModalCharacteristicIntervalService holds for a mode: its intervals from
// the root in semitones, and the characteristic ones, those whose quality differs from the
// reference mode's interval of the same number.
type modeIntervals struct {
	full, characteristic []int
}

// modalSlotModes are the mode names ModalVectorService.ComputeEmbedding asks for, slot by slot,
// spelled as it spells them (Common/GA.Business.ML/Embeddings/Services/ModalVectorService.cs:38-105 @ c781df5c).
var modalSlotModes = []string{
	"Ionian", "Dorian", "Phrygian", "Lydian", "Mixolydian", "Aeolian", "Locrian",
	"Harmonic minor", "Locrian ♮6", "Ionian augmented", "Dorian ♯4", "Phrygian dominant", "Lydian ♯2", "Altered ♭♭7",
	"Melodic minor", "Dorian ♭2", "Lydian ♯5", "Lydian dominant", "Mixolydian ♭6", "Locrian ♮2", "Altered",
	"Harmonic major", "Dorian b5", "Phrygian b4", "Lydian b3", "Mixolydian b2", "Lydian augmented #2", "Locrian bb7",
	"Major Pentatonic", "Minor Pentatonic", "Blues", "Whole-tone", "Diminished",
}

// modeFamily is one family ModalCharacteristicIntervalService loads: the parent scale's notes as
// GA spells them, and its modes' names by degree.
type modeFamily struct {
	notes string
	names []string
}

// modeFamilies are the families whose modes the MODAL slots name, with GA's scales
// (Common/GA.Domain.Core/Theory/Tonal/Scales/Scale.cs:53-65, 118-120) and degree names
// (Common/GA.Domain.Core/Theory/Tonal/Primitives/**/*ScaleDegree.cs ToName @ c781df5c). The
// other families the service loads (double harmonic, Neapolitan, enigmatic, bebop, Prometheus,
// tritone, Hirajoshi, In Sen, diminished, augmented) share no name with a slot and overwrite
// none of these modes' indices, so they change nothing here
// (Common/GA.Business.ML/Musical/Enrichment/ModalCharacteristicIntervalService.cs:43-120 @ c781df5c).
var modeFamilies = []modeFamily{
	{"C D E F G A B", []string{"Ionian", "Dorian", "Phrygian", "Lydian", "Mixolydian", "Aeolian", "Locrian"}},
	{"A B C D E F G#", []string{"Harmonic Minor", "Locrian Natural 6", "Ionian Augmented", "Dorian Sharp 4", "Phrygian Dominant", "Lydian Sharp 2", "Altered bb7"}},
	{"A B C D E F# G#", []string{"Melodic Minor", "Dorian b2", "Lydian Augmented", "Lydian Dominant", "Mixolydian b6", "Locrian Natural 2", "Altered"}},
	{"C D E F G Ab B", []string{"Harmonic major", "Dorian b5", "Phrygian b4", "Lydian b3", "Mixolydian b2", "Lydian augmented #2", "Locrian bb7"}},
	{"C Eb F F# G Bb", []string{"Blues"}},
	{"C D E G A", []string{"Major pentatonic", "Egyptian", "Blues minor", "Blues major", "Minor pentatonic"}},
	{"C D E F# G# A#", []string{"Whole-tone"}},
}

// spelledNote is a note as a letter (0 for C to 6 for B) and a pitch class.
type spelledNote struct{ letter, pc int }

func parseNotes(s string) []spelledNote {
	letters := map[byte][2]int{'C': {0, 0}, 'D': {1, 2}, 'E': {2, 4}, 'F': {3, 5}, 'G': {4, 7}, 'A': {5, 9}, 'B': {6, 11}}
	var out []spelledNote
	for _, f := range strings.Fields(s) {
		l := letters[f[0]]
		pc := l[1]
		for _, c := range f[1:] {
			if c == '#' {
				pc++
			} else if c == 'b' {
				pc--
			}
		}
		out = append(out, spelledNote{l[0], (pc + 12) % 12})
	}
	return out
}

// simpleInterval is an Interval.Simple as a number (1 to 7, from the letters) and semitones.
type simpleInterval struct{ number, semitones int }

// modeSimpleIntervals are a mode's intervals from its root, the scale rotated to the degree.
func modeSimpleIntervals(scale []spelledNote, degree int) []simpleInterval {
	root := scale[degree]
	out := make([]simpleInterval, len(scale))
	for i := range scale {
		n := scale[(degree+i)%len(scale)]
		out[i] = simpleInterval{(n.letter-root.letter+7)%7 + 1, (n.pc - root.pc + 12) % 12}
	}
	return out
}

// qualityByNumber is ToQualityByNumber: the first interval of each number, as semitones stand
// for the quality (Common/GA.Domain.Core/Primitives/Extensions/IntervalExtensions.cs:9-11 @ c781df5c).
func qualityByNumber(iv []simpleInterval) map[int]int {
	m := map[int]int{}
	for _, i := range iv {
		if _, ok := m[i.number]; !ok {
			m[i.number] = i.semitones
		}
	}
	return m
}

// formula is ModeFormula: every interval takes the quality of the first interval of its number,
// is characteristic when that quality differs from the reference mode's (Aeolian for a mode with
// a minor third, Ionian otherwise), and counts its semitones, the full set modulo 12
// (Common/GA.Domain.Core/Primitives/Formulas/ModeFormula.cs:12-50; Theory/Tonal/Modes/ScaleMode.cs:33-37 @ c781df5c).
func formula(iv []simpleInterval) modeIntervals {
	major := parseNotes("C D E F G A B")
	ref := modeSimpleIntervals(major, 0) // Ionian
	if slices.Contains(iv, simpleInterval{3, 3}) {
		ref = modeSimpleIntervals(major, 5) // Aeolian
	}
	q, rq := qualityByNumber(iv), qualityByNumber(ref)
	var m modeIntervals
	for _, i := range iv {
		semis := q[i.number]
		if !slices.Contains(m.full, semis%12) {
			m.full = append(m.full, semis%12)
		}
		if semis != rq[i.number] && !slices.Contains(m.characteristic, semis) {
			m.characteristic = append(m.characteristic, semis)
		}
	}
	return m
}

// modesByName is ModalCharacteristicIntervalService's lookup by name, ignoring case, built on
// first use.
var modesByName = sync.OnceValue(func() map[string]modeIntervals {
	out := map[string]modeIntervals{}
	for _, f := range modeFamilies {
		scale := parseNotes(f.notes)
		for d, name := range f.names {
			out[strings.ToLower(name)] = formula(modeSimpleIntervals(scale, d))
		}
	}
	return out
})

// ModalVector is ModalVectorService.ComputeEmbedding, the MODAL partition: for each slot's mode,
// 0 when the chord has an interval from the root outside the mode, else the share of the mode's
// characteristic intervals it holds (all of the mode's when it has none), 1 when it holds the
// whole mode. A slot whose name the service does not know ("Locrian ♮6" against GA's "Locrian
// Natural 6") stays 0 (ModalVectorService.cs:19-110, 172-209 @ c781df5c).
func ModalVector(pcs []int, root int) []float64 {
	v := make([]float64, 40)
	if len(pcs) == 0 {
		return v
	}
	intervals := map[int]bool{}
	for _, pc := range pcs {
		intervals[(pc-root+12)%12] = true
	}
	modes := modesByName()
	for slot, name := range modalSlotModes {
		m, ok := modes[strings.ToLower(name)]
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
