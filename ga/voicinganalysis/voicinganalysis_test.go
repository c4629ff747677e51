package voicinganalysis

import (
	"math"
	"slices"
	"testing"

	"course/ga/algebra"
)

func TestIdentifyNamesChords(t *testing.T) {
	for _, c := range []struct {
		pcs  []int
		bass int
		want string
	}{
		{[]int{0, 4, 7}, 0, "C"},
		{[]int{0, 4, 7}, 4, "C/E"},
		{[]int{0, 4, 7, 11}, 0, "Cmaj7"},
		{[]int{0, 4, 9}, 9, "Am"},
		{[]int{2, 7, 11}, 7, "G"},
		// D E A is Dsus2; Bb is the one extra interval the recognizer allows
		{[]int{2, 4, 9, 10}, 4, "Dsus2/E"},
		{[]int{0, 7}, 0, "C5"},
		{[]int{0, 5}, 0, "F5"},
		{[]int{0, 4}, 0, "C + E (Major 3rd)"},
		// a chromatic cluster fits sus2 with a missing fifth and an extra semitone
		{[]int{0, 1, 2}, 0, "Csus2"},
		{[]int{0, 1, 6, 7}, 0, "Forte 4-9 (tetrachord)"},
		{[]int{0, 3, 6, 9}, 3, "Cdim7/Eb"},
		{[]int{0, 4, 8}, 0, "Caug"},
	} {
		if got := Identify(c.pcs, c.bass).DisplayName(); got != c.want {
			t.Errorf("%v over %d: got %q, want %q", c.pcs, c.bass, got, c.want)
		}
	}
}

// TestIdentifyPrefersCommonRoots: a diminished seventh fits from each of its notes with the
// same pattern; the root nearest C round the circle of fifths wins.
func TestIdentifyPrefersCommonRoots(t *testing.T) {
	if got := Identify([]int{2, 5, 8, 11}, 2).CanonicalName; got != "Fdim7" {
		t.Errorf("got %q, want Fdim7 (F is nearer C than D, Ab or B)", got)
	}
}

func TestParseMcpDiagram(t *testing.T) {
	v, err := ParseMcpDiagram("x-3-2-0-1-0")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(v.Notes, []int{62, 57, 50, 46, 40}) || v.Diagram() != "x-3-2-0-1-0" {
		t.Errorf("got %v %s", v.Notes, v.Diagram())
	}
	// Written high E first, the chart's open C is what the tool expects.
	v, _ = ParseMcpDiagram("0-1-0-2-3-x")
	if !slices.Equal(v.Notes, []int{64, 60, 55, 52, 48}) {
		t.Errorf("got %v", v.Notes)
	}
	for _, bad := range []string{"x-3-2-0-1", "x-3-2-0-1-q"} {
		if _, err := ParseMcpDiagram(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestRootlessIsTheSpread: GA's positional constructor puts "spread over an octave" in
// IsRootless, so a close C triad (C E G, within an octave) is not rootless and the open C shape
// (48 to 64) is, though both have their root.
func TestRootlessIsTheSpread(t *testing.T) {
	closeC := Voicing{Frets: []int{Muted, Muted, 5, 5, 7, Muted}, Notes: []int{60, 55, 52}}
	openC := Voicing{Frets: []int{0, 1, 0, 2, 3, Muted}, Notes: []int{64, 60, 55, 52, 48}}
	if AnalyzeHarmony(closeC).IsRootless || !AnalyzeHarmony(openC).IsRootless {
		t.Error("IsRootless does not follow the spread")
	}
}

// TestDropTwo: the open C shape, its bass raised an octave, fits in an octave, so GA calls it a
// Drop-2, and so is the barre C at 3; C G E G C spread over two octaves is not.
func TestDropTwo(t *testing.T) {
	if got := dropVoicing([]int{48, 52, 55, 60, 64}); got != "Drop-2" {
		t.Errorf("open C: %q", got)
	}
	if got := dropVoicing([]int{48, 55, 60, 64, 67}); got != "Drop-2" {
		t.Errorf("barre C: %q", got)
	}
	if got := dropVoicing([]int{48, 55, 64, 67, 72}); got != "" {
		t.Errorf("wide C: %q", got)
	}
}

// TestCagedShapeReadsStringOneAsLowE: positions run from string 1, the high E, while the
// detector reads index 0 as the low E: an E-shape barre at 5, written in GA's order, is not
// found, and the same frets reversed are.
func TestCagedShapeReadsStringOneAsLowE(t *testing.T) {
	gaOrder := []int{5, 5, 6, 7, 7, 5}
	if got := cagedShape(gaOrder); got != "" {
		t.Errorf("GA order: %q", got)
	}
	reversed := slices.Clone(gaOrder)
	slices.Reverse(reversed)
	if got := cagedShape(reversed); got != "E-Shape" {
		t.Errorf("reversed: %q", got)
	}
	if got := cagedShape([]int{Muted, 3, 2, 0, 1, 0}); got != "" {
		t.Errorf("the C-shape branch is unreachable, got %q", got)
	}
}

// TestAnalyzeTags: open C's tags, "shell-voicing" among them since three pitch classes and
// the spread that GA stores as rootless make a shell for the classification engine.
func TestAnalyzeTags(t *testing.T) {
	openC := Voicing{Frets: []int{0, 1, 0, 2, 3, Muted}, Notes: []int{64, 60, 55, 52, 48}}
	a, err := Analyze(openC)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"consonant", "major", "balanced", "open-position", "intermediate", "open-strings", "full",
		"drop-2", "register:mid-low", "rootless", "closed-voicing", "drop-2-voicings", "shell-voicing"}
	if !slices.Equal(a.Tags, want) {
		t.Errorf("tags\n got %q\nwant %q", a.Tags, want)
	}
	// Cmaj7 has four pitch classes: GA names its mode within its family.
	cmaj7 := Voicing{Frets: []int{0, 0, 0, 2, 3, Muted}, Notes: []int{64, 59, 55, 52, 48}}
	a, err = Analyze(cmaj7)
	if err != nil {
		t.Fatal(err)
	}
	if a.ModeName == "" || a.FamilyName != "Family <1 0 1 2 2 0>" || !slices.Contains(a.Tags, "jazz") {
		t.Errorf("Cmaj7: mode %q family %q tags %q", a.ModeName, a.FamilyName, a.Tags)
	}
	// A pentatonic shape: five pitch classes whose mode GA names from its scale tables; its
	// family is none of the four GA names.
	pent := Voicing{Frets: []int{0, 3, 2, 2, 3, 3}, Notes: []int{64, 62, 57, 52, 48, 43}}
	a, err = Analyze(pent)
	if err != nil {
		t.Fatal(err)
	}
	if a.ModeName != "Major pentatonic" || a.FamilyName != "Family <0 3 2 1 4 0>" ||
		!slices.Contains(a.Tags, "major-pentatonic") || !slices.Contains(a.Tags, "family-<0-3-2-1-4-0>") {
		t.Errorf("pentatonic: mode %q family %q tags %q", a.ModeName, a.FamilyName, a.Tags)
	}
}

// TestModeNames: C Ionian and A harmonic minor's pitch classes from C, named as GA's tables name
// them; the harmonic minor family's name wins its vector, which harmonic major shares.
func TestModeNames(t *testing.T) {
	if got := modeLookup()[algebra.NewSet(0, 2, 4, 5, 7, 9, 11)]; got != "Ionian" {
		t.Errorf("major scale: %q", got)
	}
	if got := modeLookup()[algebra.NewSet(0, 2, 3, 5, 7, 8, 11)]; got != "Harmonic Minor" {
		t.Errorf("harmonic minor: %q", got)
	}
	if got := modeLookup()[algebra.NewSet(0, 2, 4, 5, 7, 8, 11)]; got != "Harmonic major" {
		t.Errorf("harmonic major: %q", got)
	}
	if got := familyNames()[algebra.NewSet(0, 2, 4, 5, 7, 8, 11).IntervalClassVector()]; got != "Harmonic Minor Family" {
		t.Errorf("harmonic major's family: %q", got)
	}
}

// TestFretPositions holds the remembered fret positions to the formula, and a fret beyond the
// table to it too.
func TestFretPositions(t *testing.T) {
	for f := -1; f <= 30; f++ {
		if got, want := fretPositionMm(f), computeFretPositionMm(f); got != want {
			t.Errorf("fret %d: %v, want %v", f, got, want)
		}
	}
	if got := fretPositionMm(12); math.Abs(got-324) > 1e-9 {
		t.Errorf("fret 12 at %v mm, want half the scale, 324", got)
	}
}

// TestInternTags: an equal list comes back shared and capped, so an append copies; a different
// list comes back as itself; none gives nil.
func TestInternTags(t *testing.T) {
	a := internTags([]string{"consonant", "major", "open-position"})
	b := internTags([]string{"consonant", "major", "open-position"})
	if !slices.Equal(a, []string{"consonant", "major", "open-position"}) || &a[0] != &b[0] || cap(a) != len(a) {
		t.Errorf("equal lists: %v %v (cap %d), want one shared, capped list", a, b, cap(a))
	}
	if c := append(a, "x"); &c[0] == &a[0] {
		t.Error("an append wrote into the shared list")
	}
	if c := internTags([]string{"consonant", "minor"}); !slices.Equal(c, []string{"consonant", "minor"}) {
		t.Errorf("another list: %v", c)
	}
	if internTags(nil) != nil || internTags([]string{}) != nil {
		t.Error("no tags gave a list")
	}
}

// TestNamedArguments: with main's named arguments the open C shape, spread over an octave, is an
// open voicing and not rootless, its tags follow, and the consonance moves from Brightness to
// ConsonanceScore; the pin's positional call gives the opposite.
func TestNamedArguments(t *testing.T) {
	openC := Voicing{Frets: []int{0, 1, 0, 2, 3, Muted}, Notes: []int{64, 60, 55, 52, 48}}
	pin, err := AnalyzeWith(openC, Options{})
	if err != nil {
		t.Fatal(err)
	}
	main, err := AnalyzeWith(openC, Options{NamedArguments: true})
	if err != nil {
		t.Fatal(err)
	}
	if !pin.IsRootless || pin.IsOpenVoicing || main.IsRootless || !main.IsOpenVoicing {
		t.Errorf("IsRootless, IsOpenVoicing: pin %v %v, main %v %v", pin.IsRootless, pin.IsOpenVoicing, main.IsRootless, main.IsOpenVoicing)
	}
	if !slices.Contains(pin.Tags, "rootless") || !slices.Contains(pin.Tags, "closed-voicing") ||
		slices.Contains(main.Tags, "rootless") || !slices.Contains(main.Tags, "open-voicing") {
		t.Errorf("tags: pin %v, main %v", pin.Tags, main.Tags)
	}
	if pin.Brightness != pin.Consonance || pin.ConsonanceScore != 0 || main.Brightness != 0 || main.ConsonanceScore != main.Consonance {
		t.Errorf("perceptual qualities: pin %v %v, main %v %v", pin.Brightness, pin.ConsonanceScore, main.Brightness, main.ConsonanceScore)
	}
}

// TestChartOrderShapes: the open E chord, 022100 from the low E, is an E shape once its frets are
// read low E first; the pin reads them high E first and finds no shape.
func TestChartOrderShapes(t *testing.T) {
	openE := Voicing{Frets: []int{0, 0, 1, 2, 2, 0}, Notes: []int{64, 59, 56, 52, 47, 40}}
	pin, err := AnalyzeWith(openE, Options{})
	if err != nil {
		t.Fatal(err)
	}
	main, err := AnalyzeWith(openE, Options{ChartOrderShapes: true})
	if err != nil {
		t.Fatal(err)
	}
	if pin.Layout.CagedShape != "" || main.Layout.CagedShape != "E-Shape" ||
		slices.Contains(pin.Tags, "e-shape") || !slices.Contains(main.Tags, "e-shape") {
		t.Errorf("shape: pin %q %v, main %q %v", pin.Layout.CagedShape, pin.Tags, main.Layout.CagedShape, main.Tags)
	}
}
