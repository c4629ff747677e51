package optick

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"course/ga/embeddings"
)

// TestParsedNameFilter: main's filter compares parsed names where the pin's looks for the quality
// in the name and the root in the bass. The pin's Dm7 filter takes Bm7(shell)/D, whose lowest
// note is a D, and refuses Dm7/C; main's does the opposite, takes Dm7(shell) cut at its
// parenthesis, and refuses Dm7/F for a filter that asks a bass of C.
func TestParsedNameFilter(t *testing.T) {
	c := map[string]float32{"STRUCTURE": 1}
	entries := []Entry{
		entry(t, "a", "guitar", []int{50, 59, 69}, "Bm7(shell)/D", c),
		entry(t, "b", "guitar", []int{48, 53, 57, 62}, "Dm7/C", c),
		entry(t, "c", "guitar", []int{50, 53, 60}, "Dm7(shell)", c),
		entry(t, "d", "guitar", []int{53, 57, 60, 62}, "Dm7/F", c),
	}
	_, r := build(t, entries)
	q := make([]float64, 124)
	q[0] = 1
	diagrams := func(s *Strategy, name string) string {
		res, err := s.HybridSearch(q, Filters{ChordName: name}, 8)
		if err != nil {
			t.Fatal(err)
		}
		var ds []string
		for _, x := range res {
			ds = append(ds, x.Diagram)
		}
		return strings.Join(ds, " ")
	}
	pin, main := NewStrategy(r), NewStrategyWith(r, SearchOptions{ParsedNameFilter: true})
	for _, c := range []struct{ name, pin, main string }{
		{"Dm7", "a c", "b c d"},
		{"Dm7/C", "", "b"},
		{"Dm7(b5)", "", "b c d"},
		{"", "a b c d", "a b c d"},
	} {
		if got := diagrams(pin, c.name); got != c.pin {
			t.Errorf("pin, %q: %q, want %q", c.name, got, c.pin)
		}
		if got := diagrams(main, c.name); got != c.main {
			t.Errorf("main, %q: %q, want %q", c.name, got, c.main)
		}
	}
}

// TestParseChordName checks main's reading of a chord name.
func TestParseChordName(t *testing.T) {
	for in, want := range map[string]string{
		"Am7/G": "{9 m7 7 true} true", "Dbaug(maj7)/C": "{1 aug 0 false} true", "C": "{0  0 false} true",
		"F#m7b5": "{6 m7b5 0 false} true", "C/x": "{0 /x 0 false} true", "C + E (Major 3rd)": "{0  + E 0 false} true",
		"cm7": "{0  0 false} false", "Unknown": "{0  0 false} false", "": "{0  0 false} false",
	} {
		c, ok := ParseChordName(in)
		if got := fmt.Sprint(c, " ", ok); got != want {
			t.Errorf("%q: %s, want %s", in, got, want)
		}
	}
}

// TestEncodeIntervalClassVector: with main's encoder a chord's STRUCTURE carries its
// interval-class vector, so C and Cmaj7 queries move in STRUCTURE only, and the vector is
// ComputeIcvString's digits.
func TestEncodeIntervalClassVector(t *testing.T) {
	if got := icvDigits([]int{0, 4, 7, 11, 0}); got != "101220" {
		t.Errorf("Cmaj7's digits %q", got)
	}
	ps := embeddings.Partitions()
	for _, symbol := range []string{"C", "Cmaj7"} {
		pin := Encode(Query{ChordSymbol: symbol}, ps)
		main := EncodeWith(Query{ChordSymbol: symbol}, ps, EncodeOptions{IntervalClassVector: true})
		if slices.Equal(pin[:24], main[:24]) || !slices.Equal(pin[24:], main[24:]) {
			t.Errorf("%s: STRUCTURE %v and %v, the rest equal %v", symbol, pin[:24], main[:24], slices.Equal(pin[24:], main[24:]))
		}
	}
	// The pin's STRUCTURE has zeros where the vector goes; main's has C major's 0 0 1 1 1 0.
	raw := embeddings.StructureVector([]int{0, 4, 7}, true, icvDigits([]int{0, 4, 7}))
	if !slices.Equal(raw[13:19], []float64{0, 0, 1, 1, 1, 0}) {
		t.Errorf("C's interval classes %v", raw[13:19])
	}
}
