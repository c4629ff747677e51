package theory

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// parentScales are the scales a textbook gives for each family of modes, as semitones above
// the root, in the order the scale is played from its first degree.
var parentScales = sync.OnceValue(func() map[string][]int {
	return map[string][]int{
		"Major Scale":             {0, 2, 4, 5, 7, 9, 11},
		"Harmonic Minor":          {0, 2, 3, 5, 7, 8, 11},
		"Melodic Minor":           {0, 2, 3, 5, 7, 9, 11},
		"Major Pentatonic":        {0, 2, 4, 7, 9},
		"Whole Tone":              {0, 2, 4, 6, 8, 10},
		"Diminished":              {0, 1, 3, 4, 6, 7, 9, 10}, // half-whole, as the dominant's scale
		"Blues Scale":             {0, 3, 5, 6, 7, 10},
		"Chromatic":               {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
		"Perfect Fourth":          {0, 5},
		"Major Third":             {0, 4},
		"Minor Third":             {0, 3},
		"Major Second":            {0, 2},
		"Minor Second":            {0, 1},
		"All Interval Tetrachord": {0, 1, 4, 6},
		"Harmonic Major":          {0, 2, 4, 5, 7, 8, 11},
		"Double Harmonic":         {0, 1, 4, 5, 7, 8, 11},
		"Neapolitan Minor":        {0, 1, 3, 5, 7, 8, 11},
		"Neapolitan Major":        {0, 1, 3, 5, 7, 9, 11},
		"Dominant Bebop":          {0, 2, 4, 5, 7, 9, 10, 11},
		"Major Bebop":             {0, 2, 4, 5, 7, 8, 9, 11},
		"Prometheus":              {0, 2, 4, 6, 9, 10},
		"Enigmatic":               {0, 1, 4, 6, 8, 10, 11},
		"Hungarian Major":         {0, 3, 4, 6, 7, 9, 10},
		"Hirajoshi":               {0, 2, 3, 7, 8},
		"In Sen":                  {0, 1, 5, 7, 10},
		"Diminished (Octatonic)":  {0, 2, 3, 5, 6, 8, 9, 11}, // whole-half, the diminished seventh's scale
		"Augmented (Hexatonic)":   {0, 3, 4, 7, 8, 11},
	}
})

// ParentScale is a textbook's scale of the family named (without "Family"), as semitones above
// its root, and false for a family a textbook does not name.
func ParentScale(family string) ([]int, bool) {
	s, ok := parentScales()[family]
	return slices.Clone(s), ok
}

// Rotation is the scale played from its degree k (1-based): its notes as semitones above the
// k-th note, in ascending order.
func Rotation(scale []int, k int) []int {
	out := make([]int, len(scale))
	for i, p := range scale {
		out[i] = mod12(p - scale[k-1])
	}
	slices.Sort(out)
	return out
}

// DegreeOf is the first degree of scale from which it plays the notes of mode (in any order),
// or 0 when none does.
func DegreeOf(scale, mode []int) int {
	sorted := slices.Sorted(slices.Values(mode))
	for k := 1; k <= len(scale); k++ {
		if slices.Equal(Rotation(scale, k), sorted) {
			return k
		}
	}
	return 0
}

// ParseNotes reads notes written with spaces between them, "C D Eb F G A Bb".
func ParseNotes(notes string) ([]Note, error) {
	var out []Note
	for _, t := range strings.Fields(notes) {
		n, err := ParseNote(t)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// accidental writes -2..2 as bb, b, "", #, ##; farther is "?".
func accidental(acc int) string {
	switch acc {
	case -2:
		return "bb"
	case -1:
		return "b"
	case 0:
		return ""
	case 1:
		return "#"
	case 2:
		return "##"
	}
	return "?"
}

// LetterFormula is the formula the letters of notes on C give: a note on E is a third whatever
// its accidental, so C D E G A is "1 2 3 5 6".
func LetterFormula(notes []Note) string {
	parts := make([]string, len(notes))
	for i, n := range notes {
		parts[i] = fmt.Sprintf("%s%d", accidental(n.Acc), n.Letter+1)
	}
	return strings.Join(parts, " ")
}

// DegreeFormula is a seven-note scale's formula on C by degree: its pitch classes in
// ascending order are degrees 1 to 7, each measured from the major scale's.
func DegreeFormula(pcs []int) string {
	sorted := slices.Sorted(slices.Values(pcs))
	parts := make([]string, len(sorted))
	for i, p := range sorted {
		parts[i] = fmt.Sprintf("%s%d", accidental(mod12(p-naturals[i]+6)-6), i+1)
	}
	return strings.Join(parts, " ")
}

// TextbookFormula is a textbook's formula of a scale written on C: by degree for seven notes,
// from the letters for any other number.
func TextbookFormula(notes []Note) string {
	if len(notes) == 7 {
		pcs := make([]int, len(notes))
		for i, n := range notes {
			pcs[i] = n.PitchClass()
		}
		return DegreeFormula(pcs)
	}
	return LetterFormula(notes)
}

// SpellOnC writes a scale given in semitones above C: a seven-note scale one letter per
// degree, "C D Eb F G Ab Bb"; any other as "semitones 0 2 4 7 9".
func SpellOnC(scale []int) string {
	parts := make([]string, len(scale))
	if len(scale) == 7 {
		for i, p := range scale {
			parts[i] = letters[i:i+1] + accidental(mod12(p-naturals[i]+6)-6)
		}
		return strings.Join(parts, " ")
	}
	for i, p := range scale {
		parts[i] = fmt.Sprint(p)
	}
	return "semitones " + strings.Join(parts, " ")
}
