package theory

import (
	"fmt"
	"strconv"
	"strings"
)

// Heptatonic is a seven-note scale written as the semitones of its degrees 1 to 7 above the
// root, so the major scale is 0 2 4 5 7 9 11.
type Heptatonic [7]int

// textbookScales are the scales a textbook sets side by side when it compares major with minor;
// melodic minor is its ascending form.
var textbookScales = []struct {
	name  string
	scale Heptatonic
}{
	{"major", Heptatonic{0, 2, 4, 5, 7, 9, 11}},
	{"natural minor", Heptatonic{0, 2, 3, 5, 7, 8, 10}},
	{"harmonic minor", Heptatonic{0, 2, 3, 5, 7, 8, 11}},
	{"melodic minor", Heptatonic{0, 2, 3, 5, 7, 9, 11}},
}

// TextbookScale returns the scale named "major", "natural minor", "harmonic minor" or "melodic
// minor" (ascending), and false for any other name.
func TextbookScale(name string) (Heptatonic, bool) {
	for _, s := range textbookScales {
		if s.name == name {
			return s.scale, true
		}
	}
	return Heptatonic{}, false
}

// HeptatonicFromSteps builds a scale from the semitone steps between its degrees, as a scale
// formula such as "2 2 1 2 2 2 1" writes them: the first six place degrees 2 to 7, the seventh
// only closes the octave and places nothing.
func HeptatonicFromSteps(steps []int) (Heptatonic, error) {
	if len(steps) != 7 {
		return Heptatonic{}, fmt.Errorf("theory: %d steps, want 7", len(steps))
	}
	var h Heptatonic
	for i, s := range steps[:6] {
		if s < 1 {
			return Heptatonic{}, fmt.Errorf("theory: step %d is %d, want a positive number of semitones", i+1, s)
		}
		h[i+1] = h[i] + s
	}
	return h, nil
}

// Degrees names each degree against the major scale: "1 2 b3 4 5 b6 b7" for natural minor,
// one b or # per semitone a degree lies below or above the major scale's.
func (h Heptatonic) Degrees() string {
	major, _ := TextbookScale("major")
	parts := make([]string, 7)
	for k, o := range h {
		d := o - major[k]
		parts[k] = strings.Repeat("b", max(-d, 0)) + strings.Repeat("#", max(d, 0)) + strconv.Itoa(k+1)
	}
	return strings.Join(parts, " ")
}

// Altered returns the numbers of the degrees that differ from the major scale's, in order.
func (h Heptatonic) Altered() []int {
	major, _ := TextbookScale("major")
	var out []int
	for k, o := range h {
		if o != major[k] {
			out = append(out, k+1)
		}
	}
	return out
}

// Triad returns the third and the fifth, in semitones, of the triad stacked in thirds on
// degree (1 to 7) from the scale's own notes.
func (h Heptatonic) Triad(degree int) (third, fifth int) {
	k := degree - 1
	return mod12(h[(k+2)%7] - h[k]), mod12(h[(k+4)%7] - h[k])
}

// PitchClasses returns the scale's pitch classes on a root given as a pitch class, as a set.
func (h Heptatonic) PitchClasses(root int) map[int]bool {
	set := make(map[int]bool, 7)
	for _, o := range h {
		set[mod12(root+o)] = true
	}
	return set
}
