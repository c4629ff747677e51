package theory

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// qualityFormulas are the degrees of chords named in words, as a textbook lists them: every
// tone the name implies, the eleventh of a thirteenth chord included.
var qualityFormulas = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"major":                      {"1", "3", "5"},
		"minor":                      {"1", "b3", "5"},
		"diminished":                 {"1", "b3", "b5"},
		"augmented":                  {"1", "3", "#5"},
		"power":                      {"1", "5"},
		"sus2":                       {"1", "2", "5"},
		"sus4":                       {"1", "4", "5"},
		"add9":                       {"1", "3", "5", "9"},
		"major 6":                    {"1", "3", "5", "6"},
		"minor 6":                    {"1", "b3", "5", "6"},
		"major 6 add 9":              {"1", "3", "5", "6", "9"},
		"dominant 7":                 {"1", "3", "5", "b7"},
		"dominant 7 sus4":            {"1", "4", "5", "b7"},
		"major 7":                    {"1", "3", "5", "7"},
		"minor 7":                    {"1", "b3", "5", "b7"},
		"minor major 7":              {"1", "b3", "5", "7"},
		"diminished 7":               {"1", "b3", "b5", "bb7"},
		"half-diminished":            {"1", "b3", "b5", "b7"},
		"dominant 7 flat 5":          {"1", "3", "b5", "b7"},
		"dominant 7 sharp 5":         {"1", "3", "#5", "b7"},
		"dominant 7 flat 9":          {"1", "3", "5", "b7", "b9"},
		"dominant 7 sharp 9":         {"1", "3", "5", "b7", "#9"},
		"dominant 7 sharp 11":        {"1", "3", "5", "b7", "#11"},
		"dominant 7 sharp 5 sharp 9": {"1", "3", "#5", "b7", "#9"},
		"major 7 sharp 11":           {"1", "3", "5", "7", "#11"},
		"altered dominant":           {"1", "3", "b5", "#5", "b7", "b9", "#9"},
		"dominant 9":                 {"1", "3", "5", "b7", "9"},
		"major 9":                    {"1", "3", "5", "7", "9"},
		"minor 9":                    {"1", "b3", "5", "b7", "9"},
		"dominant 11":                {"1", "3", "5", "b7", "9", "11"},
		"major 11":                   {"1", "3", "5", "7", "9", "11"},
		"minor 11":                   {"1", "b3", "5", "b7", "9", "11"},
		"dominant 13":                {"1", "3", "5", "b7", "9", "11", "13"},
		"major 13":                   {"1", "3", "5", "7", "9", "11", "13"},
		"minor 13":                   {"1", "b3", "5", "b7", "9", "11", "13"},
	}
})

// QualityFormula returns the degrees of a chord quality named in words, e.g. "minor 7" gives
// 1 b3 5 b7.
func QualityFormula(quality string) ([]string, error) {
	f, ok := qualityFormulas()[quality]
	if !ok {
		return nil, fmt.Errorf("theory: no chord quality %q", quality)
	}
	return slices.Clone(f), nil
}

// SpellQuality spells the chord of a quality named in words on root, one letter per degree:
// Bb diminished 7 is Bb Db Fb Abb.
func SpellQuality(root Note, quality string) ([]Note, error) {
	f, err := QualityFormula(quality)
	if err != nil {
		return nil, err
	}
	return Spell(root, f...)
}

// PitchClasses returns the pitch classes of notes, sorted and each once.
func PitchClasses(notes []Note) []int {
	pcs := make([]int, 0, len(notes))
	for _, n := range notes {
		pcs = append(pcs, n.PitchClass())
	}
	slices.Sort(pcs)
	return slices.Compact(pcs)
}

// flatSpellings names each pitch class with a flat where it needs an accidental.
var flatSpellings = [12]string{"C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"}

// FlatName names a pitch class with a flat where it needs an accidental, e.g. 10 is "Bb".
func FlatName(pc int) string { return flatSpellings[mod12(pc)] }

// FlatNames names pitch classes as FlatName does, separated by spaces.
func FlatNames(pcs []int) string {
	s := make([]string, len(pcs))
	for i, pc := range pcs {
		s[i] = FlatName(pc)
	}
	return strings.Join(s, " ")
}

// Accidentals is the most sharps or flats any of notes carries: 2 for a chord with a double
// flat, 0 for one of naturals only.
func Accidentals(notes []Note) int {
	most := 0
	for _, n := range notes {
		most = max(most, n.Acc, -n.Acc)
	}
	return most
}
