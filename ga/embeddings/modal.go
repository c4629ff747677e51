package embeddings

import (
	"math/bits"
	"strings"
	"sync"
	"sync/atomic"

	"course/ga/algebra"
	"course/ga/tonalmodes"
)

// modeIntervals is what ModalCharacteristicIntervalService holds for a mode: its intervals from
// the root in semitones, and the characteristic ones.
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

// catalogueSlotNames are the slots' names on GA's main after #689, which looks the MODAL slots
// up by the mode catalogue's names: the eight display names the pin's lookup misses are spelled
// as the catalogue spells their modes, and "Diminished", a mode no family of the lookup names,
// stays unresolved (fix 9 of the original course's journal, spareilleux/learn
// src/content/docs/ga-ai/journal.md, 2026-09-14 and 2026-09-24).
var catalogueSlotNames = map[string]string{
	"Locrian ♮6": "Locrian Natural 6", "Dorian ♯4": "Dorian Sharp 4", "Lydian ♯2": "Lydian Sharp 2",
	"Altered ♭♭7": "Altered bb7", "Dorian ♭2": "Dorian b2", "Lydian ♯5": "Lydian Augmented",
	"Mixolydian ♭6": "Mixolydian b6", "Locrian ♮2": "Locrian Natural 2",
}

// ModalOptions are the versions of ModalVectorService: the zero value is the pin's.
type ModalOptions struct {
	// CatalogueNames looks the slots' modes up by the mode catalogue's names, as GA's main does
	// after #689; the pin's display names leave eight slots always 0.
	CatalogueNames bool
}

// modesByName is ModalCharacteristicIntervalService's lookup by name, ignoring case, built on
// first use from the families whose modes the MODAL slots name. The other families the service
// loads (double harmonic, Neapolitan, enigmatic, bebop, Prometheus, tritone, Hirajoshi, In Sen,
// diminished, augmented) share no name with a slot and overwrite none of these modes' indices,
// so they change nothing here
// (Common/GA.Business.ML/Musical/Enrichment/ModalCharacteristicIntervalService.cs:43-120 @ c781df5c).
var modesByName = sync.OnceValue(func() map[string]modeIntervals {
	out := map[string]modeIntervals{}
	for _, f := range []tonalmodes.Family{tonalmodes.Major(), tonalmodes.HarmonicMinor(), tonalmodes.MelodicMinor(),
		tonalmodes.HarmonicMajor(), tonalmodes.Blues(), tonalmodes.MajorPentatonic(), tonalmodes.WholeTone()} {
		for d, name := range f.Names {
			full, characteristic := tonalmodes.Formula(f.Mode(d + 1))
			out[strings.ToLower(name)] = modeIntervals{full, characteristic}
		}
	}
	return out
})

// ModalVector is ModalVectorService.ComputeEmbedding, the MODAL partition: for each slot's mode,
// 0 when the chord has an interval from the root outside the mode, else the share of the mode's
// characteristic intervals it holds (all of the mode's when it has none), 1 when it holds the
// whole mode. A slot whose name the service does not know ("Locrian ♮6" against GA's "Locrian
// Natural 6") stays 0 (ModalVectorService.cs:19-110, 172-209 @ c781df5c).
func ModalVector(pcs []int, root int) []float64 { return ModalVectorWith(pcs, root, ModalOptions{}) }

// ModalVectorWith is ModalVector in the version o names.
func ModalVectorWith(pcs []int, root int, o ModalOptions) []float64 {
	v := make([]float64, modalDim)
	modalInto(v, pcs, root, o)
	return v
}

// modalDim is the MODAL partition's size.
const modalDim = 40

// modalInto writes ModalVector into v. The vector depends on the set of intervals from the
// root only: it is remembered per set and root, 4096 x 12 vectors at most, for pitch classes
// and roots in 0-11.
func modalInto(v []float64, pcs []int, root int, o ModalOptions) {
	key, cacheable := modalKey(pcs, root)
	if !cacheable {
		copy(v, modalVector(pcs, root, o))
		return
	}
	c := &modalCache[key]
	if o.CatalogueNames {
		c = &catalogueModalCache[key]
	}
	p := c.Load()
	if p == nil {
		p = new([modalDim]float64)
		copy(p[:], modalVector(pcs, root, o))
		c.Store(p) // two callers computing one key at once store equal vectors
	}
	copy(v, p[:])
}

// modalCache remembers ModalVector's vectors by pitch-class mask and root, mask*12+root.
var modalCache, catalogueModalCache [algebra.ItemCount * 12]atomic.Pointer[[modalDim]float64]

// modalKey is the pitch classes' mask times 12 plus the root, cacheable when all lie in 0-11.
func modalKey(pcs []int, root int) (int, bool) {
	if root < 0 || root >= 12 {
		return 0, false
	}
	mask := 0
	for _, pc := range pcs {
		if pc < 0 || pc >= 12 {
			return 0, false
		}
		mask |= 1 << pc
	}
	return mask*12 + root, true
}

// modalVector is ModalVector without the cache. The intervals from the root, each in -11..11,
// are held as bits, as is each mode's full formula.
func modalVector(pcs []int, root int, o ModalOptions) []float64 {
	v := make([]float64, modalDim)
	if len(pcs) == 0 {
		return v
	}
	var intervals uint32
	for _, pc := range pcs {
		intervals |= intervalBit((pc - root + 12) % 12)
	}
	modes := slotModes()
	if o.CatalogueNames {
		modes = catalogueSlotModes()
	}
	for slot, m := range modes {
		if m == nil {
			continue
		}
		effective := m.characteristic
		if len(effective) == 0 {
			effective = m.full
		}
		matches, covered := 0, 0
		for _, s := range effective {
			if intervals&intervalBit(s) != 0 {
				matches++
			}
		}
		conflicts := bits.OnesCount32(intervals &^ m.fullBits) // the chord's intervals outside the mode
		for _, s := range m.full {
			if intervals&intervalBit(s) != 0 {
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

// intervalBit is an interval's bit, i+11 for i in -11..11, none for any other.
func intervalBit(i int) uint32 {
	if i < -11 || i > 11 {
		return 0
	}
	return 1 << (i + 11)
}

// slotMode is a slot's mode as the service finds it by name, with its full formula's bits.
type slotMode struct {
	modeIntervals
	fullBits uint32
}

// slotModes are the slots' modes, looked up by name once; nil for a slot whose name the service
// does not know or whose mode has no interval.
var slotModes = sync.OnceValue(func() []*slotMode { return lookUpSlots(nil) })

// catalogueSlotModes are the slots' modes looked up by the catalogue's names.
var catalogueSlotModes = sync.OnceValue(func() []*slotMode { return lookUpSlots(catalogueSlotNames) })

// lookUpSlots finds each slot's mode by its name, or by the name rename gives it.
func lookUpSlots(rename map[string]string) []*slotMode {
	out := make([]*slotMode, len(modalSlotModes))
	modes := modesByName()
	for slot, name := range modalSlotModes {
		if n, ok := rename[name]; ok {
			name = n
		}
		m, ok := modes[strings.ToLower(name)]
		if !ok || len(m.full) == 0 {
			continue
		}
		sm := &slotMode{modeIntervals: m}
		for _, s := range m.full {
			sm.fullBits |= intervalBit(s)
		}
		out[slot] = sm
	}
	return out
}
