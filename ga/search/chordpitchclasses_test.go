package search

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestTryParseReadsRootsAndQualities checks the parser on symbols whose notes a textbook
// gives, and on the roots and words GA's parser refuses.
func TestTryParseReadsRootsAndQualities(t *testing.T) {
	for _, c := range []struct {
		symbol string
		root   int
		pcs    []int
	}{
		{"C", 0, []int{0, 4, 7}},
		{"c", 0, []int{0, 4, 7}},
		{"bb", 10, []int{2, 5, 10}},
		{"Cb", 11, []int{3, 6, 11}},
		{" Dm7 ", 2, []int{0, 2, 5, 9}},
		{"Cmaj7", 0, []int{0, 4, 7, 11}},
		{"CM7", 0, []int{0, 4, 7, 11}},
		{"CΔ", 0, []int{0, 4, 7}},
		{"CΔ7", 0, []int{0, 4, 7, 11}},
		{"Cø", 0, []int{0, 3, 6, 10}},
		{"Cdim7", 0, []int{0, 3, 6, 9}},
		{"C°", 0, []int{0, 3, 6}},
		{"C7b9", 0, []int{0, 1, 4, 7, 10}},
		{"C7(#9)", 0, []int{0, 3, 4, 7, 10}},
		{"Cm(maj7)", 0, []int{0, 3, 7, 11}},
		{"Cadd#11", 0, []int{0, 4, 6, 7}},
		{"C6/9", 0, []int{0, 2, 4, 7, 9}},
		{"Cmaj7/G", 0, []int{0, 4, 7, 11}},
		{"Csus", 0, []int{0, 5, 7}},
		{"C7sus4", 0, []int{0, 5, 7, 10}},
		{"C13no11", 0, []int{0, 2, 4, 7, 9, 10}},
		{"C7alt", 0, []int{0, 1, 3, 4, 6, 8, 10}},
		{"C5", 0, []int{0, 7}},
		{"F major", 5, []int{0, 5, 9}},
		// The quality is trimmed first, so "minor" becomes "min", a minor triad.
		{"D minor", 2, []int{2, 5, 9}},
		{"Dmin", 2, []int{2, 5, 9}},
	} {
		root, pcs, ok := TryParse(c.symbol)
		if !ok || root != c.root || !slices.Equal(pcs, c.pcs) {
			t.Errorf("TryParse(%q) = %d %v %v, want %d %v", c.symbol, root, pcs, ok, c.root, c.pcs)
		}
	}
	for _, bad := range []string{"", "  ", "B♭", "bB", "E#", "H", "Fade", "Bee", "Cxyz", "C7q"} {
		if _, _, ok := TryParse(bad); ok {
			t.Errorf("TryParse(%q) parses", bad)
		}
	}
}

// TestKnownRootsAllParse checks that every root the parser lists reads as its own pitch class.
func TestKnownRootsAllParse(t *testing.T) {
	want := []int{0, 1, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 11}
	for i, name := range KnownRoots {
		if root, _, ok := TryParse(name); !ok || root != want[i] {
			t.Errorf("%s: %d %v, want %d", name, root, ok, want[i])
		}
	}
}

// TestExpressionsMatchOnlyWhatTheyNeed holds each expression's guard to the expression: on the
// known qualities, their pieces and random strings of the characters the expressions read, a
// string the guard turns away is one the expression does not match.
func TestExpressionsMatchOnlyWhatTheyNeed(t *testing.T) {
	exprs := []expr{triangleRe, halfDimRe, upperMajRe, alteredRe, additionRe, alterationRe, omissionRe, susRe, sixNineRe, separatorsRe}
	inputs := append([]string{"", "maj7", "M7", "CΔ7", "ø", "7alt", "add9", "b9", "#11", "omit3", "no5", "sus4", "6/9", "69", "m7(b5)"}, KnownQualities[:]...)
	pieces := []string{"M", "m", "maj", "min", "dim", "aug", "alt", "add", "omit", "no", "sus", "b", "#", "Δ", "△", "ø", "Ø", "°",
		"2", "4", "5", "6", "7", "9", "11", "13", "/", "(", ")", "+", "-", " ", "x"}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		inputs = append(inputs, b.String())
	}
	turned := 0
	for _, e := range exprs {
		for _, s := range inputs {
			if e.mayMatch(s) {
				continue
			}
			turned++
			if ok, _ := e.re().MatchString(s); ok {
				t.Errorf("%s matches %q, which its guard turns away", e.re().String(), s)
			}
		}
	}
	if turned == 0 {
		t.Error("no guard turned a string away")
	}
}
