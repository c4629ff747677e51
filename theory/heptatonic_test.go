package theory

import (
	"maps"
	"slices"
	"testing"
)

func TestHeptatonicTextbookScales(t *testing.T) {
	for name, want := range map[string]string{
		"major":          "1 2 3 4 5 6 7",
		"natural minor":  "1 2 b3 4 5 b6 b7",
		"harmonic minor": "1 2 b3 4 5 b6 7",
		"melodic minor":  "1 2 b3 4 5 6 7",
	} {
		h, ok := TextbookScale(name)
		if !ok || h.Degrees() != want {
			t.Errorf("%s: %v %q, want %q", name, ok, h.Degrees(), want)
		}
	}
	if _, ok := TextbookScale("dorian"); ok {
		t.Error("a scale the textbook comparison does not name")
	}
	lydian := Heptatonic{0, 2, 4, 6, 7, 9, 11}
	if got := lydian.Degrees(); got != "1 2 3 #4 5 6 7" {
		t.Errorf("lydian: %q", got)
	}
}

func TestHeptatonicFromSteps(t *testing.T) {
	h, err := HeptatonicFromSteps([]int{2, 1, 2, 2, 1, 2, 2})
	if err != nil {
		t.Fatal(err)
	}
	if minor, _ := TextbookScale("natural minor"); h != minor {
		t.Errorf("2 1 2 2 1 2 2 gives %v", h)
	}
	if _, err := HeptatonicFromSteps([]int{2, 2, 1}); err == nil {
		t.Error("three steps accepted")
	}
	if _, err := HeptatonicFromSteps([]int{2, 0, 1, 2, 2, 2, 1}); err == nil {
		t.Error("a step of 0 accepted")
	}
}

func TestTriadsAndAlterations(t *testing.T) {
	major, _ := TextbookScale("major")
	harmonic, _ := TextbookScale("harmonic minor")
	for _, c := range []struct {
		scale                Heptatonic
		degree, third, fifth int
	}{
		{major, 1, 4, 7}, {major, 2, 3, 7}, {major, 7, 3, 6},
		{harmonic, 1, 3, 7}, {harmonic, 3, 4, 8}, {harmonic, 5, 4, 7},
	} {
		if third, fifth := c.scale.Triad(c.degree); third != c.third || fifth != c.fifth {
			t.Errorf("%v degree %d: %d/%d, want %d/%d", c.scale, c.degree, third, fifth, c.third, c.fifth)
		}
	}
	if got := harmonic.Altered(); !slices.Equal(got, []int{3, 6}) {
		t.Errorf("harmonic minor alters %v", got)
	}
	// C major and A minor share their notes; C major and C minor do not.
	minor, _ := TextbookScale("natural minor")
	if !maps.Equal(major.PitchClasses(0), minor.PitchClasses(9)) || maps.Equal(major.PitchClasses(0), minor.PitchClasses(0)) {
		t.Error("relative and parallel keys")
	}
}
