package theory

import (
	"slices"
	"strings"
	"testing"
)

// TestParseChart holds the one rule of the course's fret charts: six frets, hyphenated or, below
// 10, written together; x or X mutes a string; anything else is an error naming the chart.
func TestParseChart(t *testing.T) {
	const m = Muted
	for _, tc := range []struct {
		chart   string
		want    Chart
		midi    []int
		wantErr string
	}{
		{chart: "x-3-2-0-1-0", want: Chart{m, 3, 2, 0, 1, 0}, midi: []int{48, 52, 55, 60, 64}},
		{chart: "X-3-2-0-1-0", want: Chart{m, 3, 2, 0, 1, 0}, midi: []int{48, 52, 55, 60, 64}},
		{chart: "x32010", want: Chart{m, 3, 2, 0, 1, 0}, midi: []int{48, 52, 55, 60, 64}},
		{chart: "X32010", want: Chart{m, 3, 2, 0, 1, 0}, midi: []int{48, 52, 55, 60, 64}},
		{chart: "0-0-0-0-0-0", want: Chart{0, 0, 0, 0, 0, 0}, midi: []int{40, 45, 50, 55, 59, 64}},
		{chart: "xxxxxx", want: Chart{m, m, m, m, m, m}, midi: []int{}},
		{chart: "x-x-10-9-8-x", want: Chart{m, m, 10, 9, 8, m}, midi: []int{60, 64, 67}},
		{chart: "12-x-12-12-x-x", want: Chart{12, m, 12, 12, m, m}, midi: []int{52, 62, 67}},
		{chart: "x-3-2-0-1", wantErr: `chart "x-3-2-0-1" has 5 strings, want 6`},
		{chart: "x-3-2-0-1-0-0", wantErr: `has 7 strings, want 6`},
		{chart: "x3201", wantErr: `chart "x3201": want six frets joined by hyphens`},
		{chart: "x-x-10-9-8x", wantErr: `has 5 strings`},
		{chart: "x-3-2--1-0", wantErr: `fret "": want a fret number`},
		{chart: "x-3-2-o-1-0", wantErr: `fret "o": want a fret number`},
		{chart: "x-+3-2-0-1-0", wantErr: `fret "+3"`},
		{chart: "x- 3-2-0-1-0", wantErr: `fret " 3"`},
		{chart: "", wantErr: `chart "": want six frets`},
	} {
		t.Run(tc.chart, func(t *testing.T) {
			got, err := ParseChart(tc.chart)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseChart(%q) = %v, %v; want an error with %q", tc.chart, got, err, tc.wantErr)
				}
				if _, err := ParseDiagram(tc.chart); err == nil || !strings.Contains(err.Error(), strings.Replace(tc.wantErr, "chart", "diagram", 1)) {
					t.Errorf("ParseDiagram(%q): error %v", tc.chart, err)
				}
				return
			}
			if err != nil || got != tc.want || !slices.Equal(got.Midi(), tc.midi) {
				t.Fatalf("ParseChart(%q) = %v (MIDI %v), %v; want %v (MIDI %v)", tc.chart, got, got.Midi(), err, tc.want, tc.midi)
			}
			if got.PitchClasses() != MaskOf(tc.midi...) {
				t.Errorf("%q plays %v", tc.chart, got.PitchClasses().PitchClasses())
			}
			// High E first, the same frets read the other way round.
			d, err := ParseDiagram(got.Diagram())
			if err != nil || d != got {
				t.Errorf("ParseDiagram(%q) = %v, %v; want %v", got.Diagram(), d, err, got)
			}
		})
	}
}

// TestChartWrites writes a chart in both orders, x for a muted string whatever was read.
func TestChartWrites(t *testing.T) {
	c, err := ParseDiagram("X-1-0-2-3-x")
	if err != nil {
		t.Fatal(err)
	}
	if c.String() != "x-3-2-0-1-x" || c.Diagram() != "x-1-0-2-3-x" {
		t.Errorf("String %q, Diagram %q", c.String(), c.Diagram())
	}
}
