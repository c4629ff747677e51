package voicinganalysis

import (
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"course/ga/algebra"
	"course/ga/tonalmodes"
)

// Analysis is the part of MusicalVoicingAnalysis the voicing document and the embedding read
// (Common/GA.Domain.Services/Fretboard/Voicings/Analysis/VoicingAnalyzer.cs:96-204 @ c781df5c).
type Analysis struct {
	Characteristics
	Layout Layout
	// MidiNotes are the voicing's notes in string order, string 1 first.
	MidiNotes []int
	// PitchClasses is the set of the voicing's pitch classes.
	PitchClasses algebra.Set
	// ModeName and FamilyName are set for a set of four pitch classes or more, holding pitch
	// class 0, whose family has several modes.
	ModeName, FamilyName string
	// Tags are the semantic tags: the harmony's, the shape's, the mode's, the drop voicing's and
	// the classification engine's, without repeats; nil for none.
	Tags []string
	// Brightness and ConsonanceScore are the analysis' PerceptualQualities. At the pin its
	// positional call puts the consonance in Brightness and 0 in ConsonanceScore
	// (VoicingAnalyzer.cs:157; Common/GA.Business.Core/Analysis/Voicings/PerceptualQualities.cs:3 @ c781df5c).
	Brightness, ConsonanceScore float64
}

// Analyze is VoicingAnalyzer.Analyze (VoicingAnalyzer.cs:91-204 @ c781df5c).
func Analyze(v Voicing) (Analysis, error) { return AnalyzeWith(v, Options{}) }

// AnalyzeWith is Analyze in the version o names.
func AnalyzeWith(v Voicing, o Options) (Analysis, error) {
	if len(v.Notes) == 0 {
		return Analysis{}, fmt.Errorf("analyze %s: no note is played", v.Diagram())
	}
	var buf [8]int
	sorted := sortedNotes(buf[:0], v.Notes)
	set := algebra.NewSet(v.Notes...)
	a := Analysis{Characteristics: analyzeHarmony(sorted, o), MidiNotes: slices.Clone(v.Notes), PitchClasses: set}
	a.Brightness = a.Consonance
	if o.NamedArguments {
		a.Brightness, a.ConsonanceScore = 0, a.Consonance
	}

	// Modal family detection (VoicingAnalyzer.cs:111-141 @ c781df5c)
	mode := modeOf(set)
	a.ModeName, a.FamilyName = mode.mode, mode.family

	a.Layout = analyzePhysical(v, o)
	var tagBuf [48]string // the tags are gathered on the stack and kept at their own size
	tags := append(tagBuf[:0], a.SemanticTags...)
	tags = append(tags, a.Layout.Tags...)
	if a.ModeName != "" {
		tags = append(tags, mode.modeTag, mode.familyTag)
	}
	if a.DropVoicing != "" {
		tags = append(tags, tagText(a.DropVoicing)) // "Drop-2" holds no space
	}
	tags = classify(tags, a.Characteristics, sorted)
	// The whole lists are nearly one per voicing, too many to share: each analysis keeps its own.
	if tags = distinct(tags); len(tags) > 0 {
		a.Tags = slices.Clip(slices.Clone(tags))
	}
	return a, nil
}

// internTags returns a list equal to tags, nil for none, shared with earlier callers that asked
// for an equal list: a corpus of thousands of voicings has a few hundred lists of tags. The
// lists are capped, so a caller's append copies. It remembers 4096 lists at most, by hash.
func internTags(tags []string) []string {
	if len(tags) == 0 {
		return nil
	}
	var h maphash.Hash
	h.SetSeed(tagListSeed)
	for _, t := range tags {
		h.WriteString(t)
		h.WriteByte(0)
	}
	slot := &tagLists[h.Sum64()%uint64(len(tagLists))]
	if p := slot.Load(); p != nil && slices.Equal(*p, tags) {
		return *p
	}
	list := slices.Clip(slices.Clone(tags))
	slot.Store(&list)
	return list
}

// tagLists holds internTags's lists by hash; a list whose slot another holds is copied again.
var tagLists [4096]atomic.Pointer[[]string]

// tagListSeed seeds tagLists's hash.
var tagListSeed = maphash.MakeSeed()

// setMode is what the modal family detection says of a set: its mode and family names, ""
// for none, and their tags.
type setMode struct {
	mode, family       string
	modeTag, familyTag string
}

// modeOf is the modal family detection of a set, each set's answer worked out once: a corpus
// of thousands of voicings holds a few hundred sets. Two callers asking for one set at once
// store equal answers.
func modeOf(set algebra.Set) setMode {
	c := &setModes[set&(algebra.ItemCount-1)]
	if p := c.Load(); p != nil {
		return *p
	}
	m := detectMode(set)
	c.Store(&m)
	return m
}

// setModes holds modeOf's answers by set.
var setModes [algebra.ItemCount]atomic.Pointer[setMode]

// detectMode is modeOf without the cache: a set of four pitch classes or more, holding pitch
// class 0, whose family has several modes, is named by the mode lookup, else "Mode n" by its
// rank, and its family by the family names, else by its vector (VoicingAnalyzer.cs:111-141 @ c781df5c).
func detectMode(set algebra.Set) setMode {
	var m setMode
	if set.Len() >= 4 {
		modes := modalFamily(set)
		if len(modes) > 1 {
			if i := slices.Index(modes, set); i >= 0 {
				m.mode = fmt.Sprintf("Mode %d", i+1)
				if name, ok := modeLookup()[set]; ok {
					m.mode = name
				}
				icv := set.IntervalClassVector()
				m.family = "Family " + icv.String()
				if name, ok := familyNames()[icv]; ok {
					m.family = name
				}
				m.modeTag = strings.ReplaceAll(strings.ToLower(m.mode), " ", "-")
				m.familyTag = strings.ReplaceAll(strings.ToLower(m.family), " ", "-")
			}
		}
	}
	return m
}

// modeLookup is VoicingAnalyzer's _modeLookupById: the pitch classes of every mode of the major,
// harmonic minor, melodic minor, natural minor, harmonic major, major pentatonic and whole-tone
// scales, from their root, with the first name found for each (VoicingAnalyzer.cs:25-60 @ c781df5c).
var modeLookup = sync.OnceValue(func() map[algebra.Set]string {
	out := map[algebra.Set]string{}
	for _, f := range []tonalmodes.Family{tonalmodes.Major(), tonalmodes.HarmonicMinor(), tonalmodes.MelodicMinor(),
		tonalmodes.NaturalMinor(), tonalmodes.HarmonicMajor(), tonalmodes.MajorPentatonic(), tonalmodes.WholeTone()} {
		for d, name := range f.Names {
			set := algebra.NewSet(tonalmodes.PitchClasses(f.Mode(d + 1))...)
			if _, ok := out[set]; !ok {
				out[set] = name
			}
		}
	}
	return out
})

// familyNames is VoicingAnalyzer's _familyNames: the interval-class vectors of four scales' first
// modes, each named; harmonic minor shares harmonic major's vector and, added later, names it
// (VoicingAnalyzer.cs:62-78 @ c781df5c).
var familyNames = sync.OnceValue(func() map[algebra.ICV]string {
	out := map[algebra.ICV]string{}
	for _, f := range []struct {
		family tonalmodes.Family
		name   string
	}{
		{tonalmodes.Major(), "Major Scale Family"},
		{tonalmodes.HarmonicMajor(), "Harmonic Major Family"},
		{tonalmodes.HarmonicMinor(), "Harmonic Minor Family"},
		{tonalmodes.MelodicMinor(), "Melodic Minor Family"},
	} {
		out[algebra.NewSet(tonalmodes.PitchClasses(f.family.Mode(1))...).IntervalClassVector()] = f.name
	}
	return out
})

// modalFamily is ModalFamily.TryGetValue on the set's interval-class vector: the sets holding
// pitch class 0 that share it, in PitchClassSet.Items order, by mask
// (Common/GA.Domain.Core/Theory/Atonal/ModalFamily.cs:100-121 @ c781df5c).
func modalFamily(s algebra.Set) []algebra.Set {
	return modalFamilies()[familyKey{s.Len(), s.IntervalClassVector()}] // shared: read only
}

// familyKey is what sets of one modal family share: their size and interval-class vector.
type familyKey struct {
	n   int
	icv algebra.ICV
}

// modalFamilies groups the sets holding pitch class 0 by size and interval-class vector, each
// group in mask order, built on first use.
var modalFamilies = sync.OnceValue(func() map[familyKey][]algebra.Set {
	out := map[familyKey][]algebra.Set{}
	for m := algebra.Set(1); m < 1<<12; m += 2 { // odd masks hold pitch class 0
		k := familyKey{m.Len(), m.IntervalClassVector()}
		out[k] = append(out[k], m)
	}
	return out
})

// ModalFamily returns the modes of s's family as GA's PitchClassSet.ModalFamily lists them, nil
// for the empty set.
func ModalFamily(s algebra.Set) []algebra.Set {
	if s.Len() == 0 {
		return nil
	}
	return slices.Clone(modalFamily(s))
}

// hasSeventhOrBeyond is ChordIdentification.HasSeventhOrBeyond
// (Common/GA.Business.Core/Analysis/Voicings/ChordIdentification.cs @ c781df5c).
func hasSeventhOrBeyond(ext string) bool {
	return ext == "7th" || ext == "9th" || ext == "11th" || ext == "13th"
}

// classify is VoicingTagEnricher.Enrich through ChordClassificationEngine.Classify: register,
// mood, style and technique tags (Common/GA.Domain.Services/Fretboard/Voicings/Analysis/
// VoicingTagEnricher.cs:23-45 and ChordClassificationEngine.cs:27-175 @ c781df5c).
// The tags are appended to tags.
func classify(tags []string, c Characteristics, sorted []int) []string {
	mean := 0.0
	for _, n := range sorted {
		mean += float64(n)
	}
	mean /= float64(len(sorted))
	switch {
	case mean < 50:
		tags = append(tags, "register:low")
	case mean < 58:
		tags = append(tags, "register:mid-low")
	case mean < 67:
		tags = append(tags, "register:mid")
	case mean < 76:
		tags = append(tags, "register:mid-high")
	default:
		tags = append(tags, "register:high")
	}

	q := strings.ToLower(c.Chord.Quality)
	isMinor := strings.Contains(q, "min") || strings.HasPrefix(q, "m") && !strings.HasPrefix(q, "maj")
	isMajor := strings.Contains(q, "maj") || (!isMinor && !strings.Contains(q, "dim") && !strings.Contains(q, "aug"))
	extended := hasSeventhOrBeyond(c.Chord.Extension)
	hasDrop := c.DropVoicing != ""

	// ClassifyMood (ChordClassificationEngine.cs:66-112)
	if c.DissonanceScore > 0.65 {
		tags = append(tags, "tense")
	} else {
		if extended && (hasDrop || c.IsOpenVoicing) && mean >= 58 {
			tags = append(tags, "dreamy")
		}
		if isMajor && mean >= 67 && c.Consonance >= 0.60 {
			tags = append(tags, "bright")
		}
		if isMinor && mean < 60 {
			tags = append(tags, "melancholy", "sad")
		}
		if c.Consonance >= 0.75 && c.NoteCount <= 4 && !c.IsOpenVoicing && !hasDrop {
			tags = append(tags, "stable")
		}
		if c.IsOpenVoicing && c.IntervalSpread >= 14 {
			tags = append(tags, "resonant")
		}
	}

	// ClassifyStyle (ChordClassificationEngine.cs:120-151)
	if extended {
		tags = append(tags, "jazz")
	}
	if c.IsRootless && extended {
		tags = append(tags, "neo-soul")
	}
	if q == "5" || strings.HasPrefix(q, "5 ") || strings.HasSuffix(q, " 5") {
		tags = append(tags, "rock-guitar", "power-chord")
	}
	simpleTriad := c.NoteCount <= 5 && (q == "maj" || q == "" || q == "m" || q == "min")
	if simpleTriad && c.IsOpenVoicing {
		tags = append(tags, "campfire-chord")
	}

	// ClassifyTechnique (ChordClassificationEngine.cs:154-175)
	if c.IsRootless {
		tags = append(tags, "rootless")
	}
	if c.IsOpenVoicing {
		tags = append(tags, "open-voicing")
	} else {
		tags = append(tags, "closed-voicing")
	}
	if hasDrop {
		norm := tagText(c.DropVoicing)
		if strings.Contains(norm, "drop-2") {
			tags = append(tags, "drop-2-voicings")
		} else if strings.Contains(norm, "drop-3") {
			tags = append(tags, "drop-3-voicings")
		}
	}
	if c.IsRootless && c.NoteCount == 3 {
		tags = append(tags, "shell-voicing")
	}
	return tags
}
