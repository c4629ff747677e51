package skills

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file models GA's ChordVocabulary, the chord vocabulary ChordInfoSkill, OutsideNotesSkill and
// the ga_chord_info tool share, and ChordSpelling, the letter arithmetic of the first and the last
// (Common/GA.Business.ML/Agents/ChordVocabulary.cs and Agents/Mcp/ChordSpelling.cs at a826864).

// chordRootPitchClasses is ChordVocabulary.PitchClasses: 21 root spellings, read without regard
// to case (ChordVocabulary.cs:23-32).
var chordRootPitchClasses = []struct {
	name string
	pc   int
}{
	{"C", 0}, {"C#", 1}, {"Db", 1},
	{"D", 2}, {"D#", 3}, {"Eb", 3},
	{"E", 4}, {"F", 5}, {"F#", 6}, {"Gb", 6},
	{"G", 7}, {"G#", 8}, {"Ab", 8},
	{"A", 9}, {"A#", 10}, {"Bb", 10},
	{"B", 11}, {"B#", 0}, {"Cb", 11}, {"E#", 5}, {"Fb", 4},
}

// ChordRoots returns the 21 root spellings ChordVocabulary knows, in the order GA writes them.
func ChordRoots() []string {
	roots := make([]string, len(chordRootPitchClasses))
	for i, r := range chordRootPitchClasses {
		roots[i] = r.name
	}
	return roots
}

// ChordRootPitchClass is ChordVocabulary.TryGetPitchClass: the pitch class of a root spelling,
// compared as OrdinalIgnoreCase compares, so "c#" and "DB" are known and "C♯" is not
// (ChordVocabulary.cs:35-36).
func ChordRootPitchClass(root string) (int, bool) {
	for _, r := range chordRootPitchClasses {
		if equalFoldASCII(r.name, root) {
			return r.pc, true
		}
	}
	return 0, false
}

// equalFoldASCII compares an ASCII key with s, folding only ASCII letters: every key is ASCII,
// and .NET's ordinal case folding never maps a non-ASCII character onto an ASCII one.
func equalFoldASCII(key, s string) bool {
	if len(key) != len(s) {
		return false
	}
	for i := 0; i < len(key); i++ {
		if lowerASCII(key[i]) != lowerASCII(s[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// NormalizeRoot is ChordVocabulary.NormalizeRoot: trimmed, the first character upper-cased and
// the rest lower-cased, so "c#" becomes "C#" and "bB" becomes "Bb" (ChordVocabulary.cs:39-48).
func NormalizeRoot(raw string) string {
	s := strings.TrimSpace(raw)
	if s == "" {
		return ""
	}
	first, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(first)) + strings.ToLower(s[n:])
}

// NormalizeQuality is ChordVocabulary.NormalizeQuality: the canonical quality of a written
// suffix or word. "M" and "M7" are read before the suffix is lower-cased; a suffix it does not
// know comes back lower-cased, and GetFormula then reads it as major (ChordVocabulary.cs:59-104).
func NormalizeQuality(raw string) string {
	s := strings.TrimSpace(raw)
	switch s {
	case "M":
		return "major"
	case "M7":
		return "major 7"
	}
	lower := strings.ToLower(s)
	for _, arm := range qualityArms {
		if slices.Contains(arm.suffixes, lower) {
			return arm.quality
		}
	}
	return lower
}

// qualityArms are the arms of NormalizeQuality's switch on the lower-cased suffix, in GA's
// order. The "Δ7" arm is compared with a lower-cased suffix, "δ7" for "Δ7", so it never
// matches (ChordVocabulary.cs:66-101).
var qualityArms = []struct {
	quality  string
	suffixes []string
}{
	{"major", []string{"", "maj", "major"}},
	{"minor", []string{"m", "min", "minor"}},
	{"diminished", []string{"dim", "diminished"}},
	{"augmented", []string{"aug", "augmented", "+"}},
	{"power", []string{"5", "no3", "power"}},
	{"sus2", []string{"sus2"}},
	{"sus4", []string{"sus4", "sus"}},
	{"add9", []string{"add9"}},
	{"major 6", []string{"6", "maj6", "major 6"}},
	{"minor 6", []string{"m6", "min6", "minor 6"}},
	{"dominant 7", []string{"7", "dominant", "dom7", "dominant 7"}},
	{"major 7", []string{"maj7", "major 7", "ma7", "Δ7"}},
	{"minor 7", []string{"m7", "min7", "minor 7", "-7"}},
	{"diminished 7", []string{"dim7", "diminished 7", "diminished7", "°7"}},
	{"half-diminished", []string{"m7b5", "min7b5", "ø", "ø7", "half-diminished", "half diminished", "minor 7 flat 5"}},
	{"dominant 7 flat 5", []string{"7b5", "dominant 7 flat 5"}},
	{"dominant 7 sharp 5", []string{"7#5", "7+5", "dominant 7 sharp 5"}},
	{"dominant 7 flat 9", []string{"7b9", "dominant 7 flat 9"}},
	{"dominant 7 sharp 9", []string{"7#9", "dominant 7 sharp 9"}},
	{"altered dominant", []string{"7alt", "alt", "altered", "altered dominant"}},
	{"dominant 9", []string{"9", "dominant 9"}},
	{"major 9", []string{"maj9", "major 9"}},
	{"minor 9", []string{"m9", "min9", "minor 9"}},
	{"dominant 11", []string{"11", "dominant 11"}},
	{"major 11", []string{"maj11", "major 11"}},
	{"minor 11", []string{"m11", "min11", "minor 11"}},
	{"dominant 13", []string{"13", "dominant 13"}},
	{"major 13", []string{"maj13", "major 13"}},
	{"minor 13", []string{"m13", "min13", "minor 13"}},
}

// QualitySuffixes returns every suffix and word NormalizeQuality maps, in its order, the
// case-sensitive "M" and "M7" first and the empty suffix left out.
func QualitySuffixes() []string {
	out := []string{"M", "M7"}
	for _, arm := range qualityArms {
		for _, s := range arm.suffixes {
			if s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// ChordFormula is GA's ChordFormula: a canonical quality, its semitones above the root, the
// letters each tone lies above the root's letter, and each tone's name (ChordVocabulary.cs:152-156).
type ChordFormula struct {
	// Quality is the canonical quality, e.g. "minor 7".
	Quality string
	// Intervals are the tones' semitones above the root, e.g. 0 3 7 10.
	Intervals []int
	// LetterSteps are the tones' letters above the root's letter, which decide their spelling.
	LetterSteps []int
	// IntervalNames name the tones, e.g. "root", "minor third".
	IntervalNames []string
}

// chordFormulas is GetFormula's table, in GA's order; GetFormula gives the last, major, for
// any quality it does not know (ChordVocabulary.cs:110-141).
var chordFormulas = []ChordFormula{
	{"minor", []int{0, 3, 7}, []int{0, 2, 4}, []string{"root", "minor third", "perfect fifth"}},
	{"diminished", []int{0, 3, 6}, []int{0, 2, 4}, []string{"root", "minor third", "diminished fifth"}},
	{"augmented", []int{0, 4, 8}, []int{0, 2, 4}, []string{"root", "major third", "augmented fifth"}},
	{"power", []int{0, 7}, []int{0, 4}, []string{"root", "perfect fifth"}},
	{"sus2", []int{0, 2, 7}, []int{0, 1, 4}, []string{"root", "major second", "perfect fifth"}},
	{"sus4", []int{0, 5, 7}, []int{0, 3, 4}, []string{"root", "perfect fourth", "perfect fifth"}},
	{"add9", []int{0, 4, 7, 14}, []int{0, 2, 4, 8}, []string{"root", "major third", "perfect fifth", "ninth"}},
	{"major 6", []int{0, 4, 7, 9}, []int{0, 2, 4, 5}, []string{"root", "major third", "perfect fifth", "major sixth"}},
	{"minor 6", []int{0, 3, 7, 9}, []int{0, 2, 4, 5}, []string{"root", "minor third", "perfect fifth", "major sixth"}},
	{"dominant 7", []int{0, 4, 7, 10}, []int{0, 2, 4, 6}, []string{"root", "major third", "perfect fifth", "minor seventh"}},
	{"major 7", []int{0, 4, 7, 11}, []int{0, 2, 4, 6}, []string{"root", "major third", "perfect fifth", "major seventh"}},
	{"minor 7", []int{0, 3, 7, 10}, []int{0, 2, 4, 6}, []string{"root", "minor third", "perfect fifth", "minor seventh"}},
	{"diminished 7", []int{0, 3, 6, 9}, []int{0, 2, 4, 6}, []string{"root", "minor third", "diminished fifth", "diminished seventh"}},
	{"half-diminished", []int{0, 3, 6, 10}, []int{0, 2, 4, 6}, []string{"root", "minor third", "diminished fifth", "minor seventh"}},
	{"dominant 7 flat 5", []int{0, 4, 6, 10}, []int{0, 2, 4, 6}, []string{"root", "major third", "diminished fifth", "minor seventh"}},
	{"dominant 7 sharp 5", []int{0, 4, 8, 10}, []int{0, 2, 4, 6}, []string{"root", "major third", "augmented fifth", "minor seventh"}},
	{"dominant 7 flat 9", []int{0, 4, 7, 10, 13}, []int{0, 2, 4, 6, 8}, []string{"root", "major third", "perfect fifth", "minor seventh", "minor ninth"}},
	{"dominant 7 sharp 9", []int{0, 4, 7, 10, 15}, []int{0, 2, 4, 6, 8}, []string{"root", "major third", "perfect fifth", "minor seventh", "augmented ninth"}},
	{"altered dominant", []int{0, 4, 6, 8, 10, 13, 15}, []int{0, 2, 3, 4, 6, 8, 8}, []string{"root", "major third", "flat fifth", "sharp fifth", "minor seventh", "flat ninth", "sharp ninth"}},
	{"dominant 9", []int{0, 4, 7, 10, 14}, []int{0, 2, 4, 6, 8}, []string{"root", "major third", "perfect fifth", "minor seventh", "major ninth"}},
	{"major 9", []int{0, 4, 7, 11, 14}, []int{0, 2, 4, 6, 8}, []string{"root", "major third", "perfect fifth", "major seventh", "major ninth"}},
	{"minor 9", []int{0, 3, 7, 10, 14}, []int{0, 2, 4, 6, 8}, []string{"root", "minor third", "perfect fifth", "minor seventh", "major ninth"}},
	{"dominant 11", []int{0, 4, 7, 10, 14, 17}, []int{0, 2, 4, 6, 8, 10}, []string{"root", "major third", "perfect fifth", "minor seventh", "major ninth", "perfect eleventh"}},
	{"major 11", []int{0, 4, 7, 11, 14, 17}, []int{0, 2, 4, 6, 8, 10}, []string{"root", "major third", "perfect fifth", "major seventh", "major ninth", "perfect eleventh"}},
	{"minor 11", []int{0, 3, 7, 10, 14, 17}, []int{0, 2, 4, 6, 8, 10}, []string{"root", "minor third", "perfect fifth", "minor seventh", "major ninth", "perfect eleventh"}},
	{"dominant 13", []int{0, 4, 7, 10, 14, 17, 21}, []int{0, 2, 4, 6, 8, 10, 12}, []string{"root", "major third", "perfect fifth", "minor seventh", "major ninth", "perfect eleventh", "major thirteenth"}},
	{"major 13", []int{0, 4, 7, 11, 14, 17, 21}, []int{0, 2, 4, 6, 8, 10, 12}, []string{"root", "major third", "perfect fifth", "major seventh", "major ninth", "perfect eleventh", "major thirteenth"}},
	{"minor 13", []int{0, 3, 7, 10, 14, 17, 21}, []int{0, 2, 4, 6, 8, 10, 12}, []string{"root", "minor third", "perfect fifth", "minor seventh", "major ninth", "perfect eleventh", "major thirteenth"}},
	{"major", []int{0, 4, 7}, []int{0, 2, 4}, []string{"root", "major third", "perfect fifth"}},
}

// GetFormula is ChordVocabulary.GetFormula: the formula of a canonical quality, or the major
// triad's for a quality it does not know (ChordVocabulary.cs:110-141).
func GetFormula(quality string) ChordFormula {
	for _, f := range chordFormulas {
		if f.Quality == quality {
			return f
		}
	}
	return chordFormulas[len(chordFormulas)-1]
}

// Qualities returns the 29 canonical qualities GetFormula knows, in its order.
func Qualities() []string {
	q := make([]string, len(chordFormulas))
	for i, f := range chordFormulas {
		q[i] = f.Quality
	}
	return q
}

// naturalLetters and naturalPitchClasses are ChordSpelling's letter tables (ChordSpelling.cs:26-38).
const naturalLetters = "CDEFGAB"

var naturalPitchClasses = [7]int{0, 2, 4, 5, 7, 9, 11}

// SpellTone is ChordSpelling.Spell: the tone of pitch class pc written on the letter
// letterSteps above the root's, with up to two sharps or flats and, further away, as many as
// it takes up to six. The root starts with a letter A-G, as every caller's expression ensures
// (ChordSpelling.cs:52-70).
func SpellTone(root string, pc, letterSteps int) string {
	first, _ := utf8.DecodeRuneInString(root)
	rootIndex := strings.IndexRune(naturalLetters, unicode.ToUpper(first))
	target := (rootIndex + letterSteps) % 7
	letter := naturalLetters[target : target+1]
	acc := mod12(mod12(pc) - naturalPitchClasses[target])
	switch {
	case acc == 0:
		return letter
	case acc < 6:
		return letter + strings.Repeat("#", acc)
	default:
		return letter + strings.Repeat("b", 12-acc)
	}
}

// SpellChord spells a formula's tones above a root of pitch class rootPc, as ChordInfoSkill
// and ga_chord_info do (ChordInfoSkill.cs:126-130; ChordMcpTools.cs:60-63).
func SpellChord(root string, rootPc int, f ChordFormula) []string {
	notes := make([]string, len(f.Intervals))
	for i, iv := range f.Intervals {
		notes[i] = SpellTone(root, rootPc+iv, f.LetterSteps[i])
	}
	return notes
}

func mod12(n int) int { return ((n % 12) + 12) % 12 }
