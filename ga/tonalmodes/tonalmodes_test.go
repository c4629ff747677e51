package tonalmodes

import (
	"slices"
	"testing"
)

func TestModeIntervals(t *testing.T) {
	// Lydian augmented #2, harmonic major's sixth mode: Ab B C D Eb F G from Ab.
	got := HarmonicMajor().Mode(6)
	want := []Interval{{1, 0}, {2, 3}, {3, 4}, {4, 6}, {5, 8}, {6, 9}, {7, 11}}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestFormula(t *testing.T) {
	for _, c := range []struct {
		name                 string
		mode                 []Interval
		full, characteristic []int
	}{
		// no minor third: against Ionian, the augmented 2nd, 4th and 5th
		{"Lydian augmented #2", HarmonicMajor().Mode(6), []int{0, 3, 4, 6, 8, 9, 11}, []int{3, 6, 8}},
		// against Aeolian, Dorian's major sixth
		{"Dorian", Major().Mode(2), []int{0, 2, 3, 5, 7, 9, 10}, []int{9}},
		{"Aeolian", Major().Mode(6), []int{0, 2, 3, 5, 7, 8, 10}, nil},
		// the blues scale has two fourths: the second takes the first's quality, so F# is read
		// as F and disappears
		{"Blues", Blues().Mode(1), []int{0, 3, 5, 7, 10}, nil},
		{"Whole-tone", WholeTone().Mode(1), []int{0, 2, 4, 6, 8, 10}, []int{6, 8, 10}},
	} {
		full, ch := Formula(c.mode)
		if !slices.Equal(full, c.full) || !slices.Equal(ch, c.characteristic) {
			t.Errorf("%s: full %v characteristic %v, want %v %v", c.name, full, ch, c.full, c.characteristic)
		}
	}
}
