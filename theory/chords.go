package theory

import (
	"fmt"
	"strings"
	"sync"
)

// Chord is a chord symbol with its root and spelled tones, root first.
type Chord struct {
	// Symbol is the chord symbol as parsed, e.g. "C7#11" or "C/E".
	Symbol string
	// Root is the chord's root, spelled as written.
	Root Note
	// Tones are the chord's notes in formula order, root first; a slash bass the chord lacks comes last.
	Tones []Note
}

// chordFormulas are the degrees of each chord suffix: every suffix GA's chord-token expression
// accepts, every arpeggio suffix the skill names, and the written forms lesson 5 uses.
var chordFormulas = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"":        {"1", "3", "5"},
		"maj":     {"1", "3", "5"},
		"5":       {"1", "5"},
		"6":       {"1", "3", "5", "6"},
		"69":      {"1", "3", "5", "6", "9"},
		"add9":    {"1", "3", "5", "9"},
		"add11":   {"1", "3", "5", "11"},
		"sus2":    {"1", "2", "5"},
		"sus4":    {"1", "4", "5"},
		"sus":     {"1", "4", "5"},
		"m":       {"1", "b3", "5"},
		"min":     {"1", "b3", "5"},
		"-":       {"1", "b3", "5"},
		"m6":      {"1", "b3", "5", "6"},
		"m7":      {"1", "b3", "5", "b7"},
		"min7":    {"1", "b3", "5", "b7"},
		"-7":      {"1", "b3", "5", "b7"},
		"m9":      {"1", "b3", "5", "b7", "9"},
		"m11":     {"1", "b3", "5", "b7", "9", "11"},
		"m13":     {"1", "b3", "5", "b7", "9", "13"},
		"m7b5":    {"1", "b3", "b5", "b7"},
		"ø":       {"1", "b3", "b5", "b7"},
		"m7#5":    {"1", "b3", "#5", "b7"},
		"mMaj7":   {"1", "b3", "5", "7"},
		"mmaj7":   {"1", "b3", "5", "7"},
		"minmaj7": {"1", "b3", "5", "7"},
		"maj7":    {"1", "3", "5", "7"},
		"Δ":       {"1", "3", "5", "7"},
		"maj9":    {"1", "3", "5", "7", "9"},
		"maj13":   {"1", "3", "5", "7", "9", "13"},
		"maj7#5":  {"1", "3", "#5", "7"},
		"maj7#11": {"1", "3", "5", "7", "#11"},
		"maj7+11": {"1", "3", "5", "7", "#11"},
		"7":       {"1", "3", "5", "b7"},
		"9":       {"1", "3", "5", "b7", "9"},
		"11":      {"1", "3", "5", "b7", "9", "11"},
		"13":      {"1", "3", "5", "b7", "9", "13"},
		"7sus4":   {"1", "4", "5", "b7"},
		"7#11":    {"1", "3", "5", "b7", "#11"},
		"7b5":     {"1", "3", "b5", "b7"},
		"7b9":     {"1", "3", "5", "b7", "b9"},
		"7#9":     {"1", "3", "5", "b7", "#9"},
		"13b9":    {"1", "3", "5", "b7", "b9", "13"},
		"7alt":    {"1", "3", "b7", "b9", "#9", "#11", "b13"},
		"alt":     {"1", "3", "b7", "b9", "#9", "#11", "b13"},
		"dim":     {"1", "b3", "b5"},
		"°":       {"1", "b3", "b5"},
		"dim7":    {"1", "b3", "b5", "bb7"},
		"°7":      {"1", "b3", "b5", "bb7"},
		"aug":     {"1", "3", "#5"},
		"+":       {"1", "3", "#5"},
	}
})

// ParseChord spells a chord symbol such as "C7#11", "Bbm7b5" or "C/E"; a bass note after a
// slash joins the tones when the chord lacks its pitch class.
func ParseChord(symbol string) (Chord, error) {
	root, suffix, err := splitRoot(symbol)
	if err != nil {
		return Chord{}, fmt.Errorf("theory: chord %q: %w", symbol, err)
	}
	suffix, bassName, slash := strings.Cut(suffix, "/")
	formula, ok := chordFormulas()[suffix]
	if !ok {
		return Chord{}, fmt.Errorf("theory: chord %q: no formula for %q", symbol, suffix)
	}
	tones, err := Spell(root, formula...)
	if err != nil {
		return Chord{}, fmt.Errorf("theory: chord %q: %w", symbol, err)
	}
	if slash {
		bass, err := ParseNote(bassName)
		if err != nil {
			return Chord{}, fmt.Errorf("theory: chord %q: bass: %w", symbol, err)
		}
		tones = append(tones, Missing([]Note{bass}, tones)...)
	}
	return Chord{Symbol: symbol, Root: root, Tones: tones}, nil
}

// Scale is a named scale on a root, its notes spelled from the root up.
type Scale struct {
	// Name is the scale as written, e.g. "F Lydian".
	Name string
	// Root is the note the scale is built on, the name's first word.
	Root Note
	// Notes are the scale's notes spelled from the root up.
	Notes []Note
}

// scaleFormulas are the degrees of every scale name GA's improvisation skill can return.
var scaleFormulas = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"Ionian (major)":                {"1", "2", "3", "4", "5", "6", "7"},
		"Major scale of the chord root": {"1", "2", "3", "4", "5", "6", "7"},
		"Dorian":                        {"1", "2", "b3", "4", "5", "6", "b7"},
		"Phrygian":                      {"1", "b2", "b3", "4", "5", "b6", "b7"},
		"Lydian":                        {"1", "2", "3", "#4", "5", "6", "7"},
		"Mixolydian":                    {"1", "2", "3", "4", "5", "6", "b7"},
		"Aeolian (natural minor)":       {"1", "2", "b3", "4", "5", "b6", "b7"},
		"Aeolian (minor)":               {"1", "2", "b3", "4", "5", "b6", "b7"},
		"Locrian":                       {"1", "b2", "b3", "4", "b5", "b6", "b7"},
		"Melodic Minor":                 {"1", "2", "b3", "4", "5", "6", "7"},
		"Locrian #2":                    {"1", "2", "b3", "4", "b5", "b6", "b7"},
		"Lydian Augmented":              {"1", "2", "3", "#4", "#5", "6", "7"},
		"Lydian Dominant":               {"1", "2", "3", "#4", "5", "6", "b7"},
		"Mixolydian b6":                 {"1", "2", "3", "4", "5", "b6", "b7"},
		"Altered (Super Locrian)":       {"1", "b2", "#2", "3", "b5", "#5", "b7"},
		"Phrygian Dominant":             {"1", "b2", "3", "4", "5", "b6", "b7"},
		"Major Pentatonic":              {"1", "2", "3", "5", "6"},
		"Minor Pentatonic":              {"1", "b3", "4", "5", "b7"},
		"Whole Tone":                    {"1", "2", "3", "#4", "#5", "b7"},
		"Whole-Half Diminished":         {"1", "2", "b3", "4", "b5", "#5", "6", "7"},
		"Half-Whole Diminished":         {"1", "b2", "#2", "3", "#4", "5", "6", "b7"},
	}
})

// ParseScale spells a rooted scale name such as "F Lydian" or "A Aeolian (natural minor)".
func ParseScale(name string) (Scale, error) {
	rootName, kind, ok := strings.Cut(name, " ")
	if !ok {
		return Scale{}, fmt.Errorf("theory: scale %q: want a root and a name", name)
	}
	root, err := ParseNote(rootName)
	if err != nil {
		return Scale{}, fmt.Errorf("theory: scale %q: %w", name, err)
	}
	formula, ok := scaleFormulas()[kind]
	if !ok {
		return Scale{}, fmt.Errorf("theory: scale %q: no formula for %q", name, kind)
	}
	notes, err := Spell(root, formula...)
	if err != nil {
		return Scale{}, fmt.Errorf("theory: scale %q: %w", name, err)
	}
	return Scale{Name: name, Root: root, Notes: notes}, nil
}
