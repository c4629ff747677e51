package report

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestFanoutShowsWhatEachLayoutShows writes one report through a fanout and checks that each
// display shows what a report written to that layout alone shows.
func TestFanoutShowsWhatEachLayoutShows(t *testing.T) {
	write := func(w io.Writer) {
		r := New(w)
		r.Heading("l0")
		r.Title("A section whose title is long enough to be cut at the narrowest of the widths here")
		r.Facts(0, Fact{"label", "value"}, Fact{"a longer label", Mark(Wrong, "a value")})
		r.Facts(30, Fact{"padded label", strings.Repeat("word ", 12)})
		r.Table([]string{"writer", "reader", "what the user sees"}, [][]string{
			{"gachatbot", "standard", Mark(Lossy, strings.Repeat("a long cell of text ", 5))},
			{"gaapi", "page", "exact"},
		})
		r.FixedRow([]int{10, 10}, "one", Mark(Right, "two"), "three")
		r.FixedRow([]int{10, 10}, "four", "five", strings.Repeat("six ", 20))
		r.Line("after the table")
	}
	layouts := []Layout{{}, {Width: 40}, {Width: 60, Colour: true}, {Width: 120}}
	f := NewFanout(layouts...)
	write(f)
	if err := f.Flush(); err != nil {
		t.Fatal(err)
	}
	for i, l := range layouts {
		var alone bytes.Buffer
		d := &displayWriter{out: &alone, width: l.Width, colour: l.Colour}
		write(d)
		if err := d.Flush(); err != nil {
			t.Fatal(err)
		}
		if f.Shown(i) != alone.String() {
			t.Errorf("layout %+v: the fanout showed\n%s\nalone:\n%s", l, f.Shown(i), alone.String())
		}
	}
	if f.Shown(0) == f.Shown(1) {
		t.Error("the widths laid nothing out differently: the test shows nothing")
	}
}
