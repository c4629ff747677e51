package report

import (
	"strings"
	"testing"
)

func TestFitCutsAtTheWidth(t *testing.T) {
	for _, tc := range []struct {
		line  string
		width int
		want  []string
	}{
		{"short", 10, []string{"short"}},
		{"  | data: abcdefghij", 12, []string{"  | data: ↩", "  | abcdefg↩", "  | hij"}},
		{"one two three four", 10, []string{"one two ↩", "  three ↩", "  four"}},
		{"one two three fours", 10, []string{"one two ↩", "  three ↩", "  fours"}},
		{"  one two three", 10, []string{"  one ↩", "    two ↩", "    three"}},
		{"→→→→→→", 4, []string{"→→→↩", "→→→"}},
	} {
		got := fit(tc.line, tc.width, true)
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("Fit(%q, %d) = %q, want %q", tc.line, tc.width, got, tc.want)
		}
		for _, p := range got {
			if Width(p) > tc.width {
				t.Errorf("Fit(%q, %d): piece %q is wider", tc.line, tc.width, p)
			}
		}
	}
}

// tableAt renders a table through the display writer at width columns.
func tableAt(t *testing.T, width int, header []string, rows [][]string) string {
	t.Helper()
	var b strings.Builder
	w, flush, err := (&DisplayOptions{Width: width, Color: "never"}).Writer(&b)
	if err != nil {
		t.Fatal(err)
	}
	r := New(w)
	r.Table(header, rows)
	r.FixedRow([]int{12, 6}, "overflowing-cell", "b", "the last cell of a fixed row")
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if err := flush(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestTablesLaidOutForTheWidth checks the three layouts of a table: pinned when it fits,
// wrapped inside its columns when its words fit, one block per row when they do not.
func TestTablesLaidOutForTheWidth(t *testing.T) {
	header := []string{"writer", "reader", "verdict"}
	rows := [][]string{
		{"GaChatbot.Api", "HTML standard", "6 line breaks missing"},
		{"GaApi", "ga-client chatService", "1 of 6 lines missing, 8 line breaks missing"},
	}
	pinned := tableAt(t, 200, header, rows)
	if !strings.HasPrefix(pinned, "writer         reader                 verdict\nGaChatbot.Api  HTML standard") {
		t.Errorf("at 200 columns, not pinned:\n%s", pinned)
	}
	wrapped := tableAt(t, 50, header, rows)
	want := "GaApi          ga-client         1 of 6 lines\n" +
		"               chatService       missing, 8 line\n" +
		"                                 breaks missing\n"
	if !strings.Contains(wrapped, want) {
		t.Errorf("at 50 columns, not wrapped inside the columns:\n%s", wrapped)
	}
	if !strings.Contains(wrapped, "overflowing-cell b      the last cell of a fixed\n                        row\n") {
		t.Errorf("at 50 columns, the fixed row not wrapped inside its columns:\n%s", wrapped)
	}
	blocks := tableAt(t, 30, header, rows)
	if !strings.Contains(blocks, "\n\nwriter: GaApi\n  reader: ga-client ↩\n    chatService\n  verdict: 1 of 6 lines ↩\n") {
		t.Errorf("at 30 columns, not one block per row:\n%s", blocks)
	}
	for width, out := range map[int]string{50: wrapped} {
		for l := range strings.SplitSeq(out, "\n") {
			if Width(l) > width {
				t.Errorf("at %d columns, line %q is wider", width, l)
			}
		}
	}
}

// TestFixedRowsLaidOutTogether checks that the rows of a table of fixed columns are laid out
// as one table: their columns start at the same place on every row.
func TestFixedRowsLaidOutTogether(t *testing.T) {
	var b strings.Builder
	w, flush, err := (&DisplayOptions{Width: 40, Color: "never"}).Writer(&b)
	if err != nil {
		t.Fatal(err)
	}
	r := New(w)
	r.FixedRow([]int{8, 6}, "a short one", "X", "the last cell, long enough to wrap")
	r.FixedRow([]int{8, 6}, "a very much longer first cell", "Y", "z")
	r.Line("after")
	if err := flush(); err != nil {
		t.Fatal(err)
	}
	var cols []int
	for l := range strings.SplitSeq(b.String(), "\n") {
		if i := strings.IndexAny(l, "XY"); i >= 0 && !strings.HasPrefix(l, "after") {
			cols = append(cols, i)
		}
	}
	if len(cols) != 2 || cols[0] != cols[1] || !strings.HasSuffix(b.String(), "\nafter\n") {
		t.Errorf("the rows' second column at %v, want one place:\n%s", cols, b.String())
	}
}

// TestColourFollowsTheVerdict checks that a cell is coloured by the verdict the lesson marked,
// not by its words: a wrong "yes" is red, a right "no" green, an unmarked "exact" and the words
// of prose plain; a laid-out cell keeps its colour on every piece; the canonical form has no mark.
func TestColourFollowsTheVerdict(t *testing.T) {
	write := func(opts DisplayOptions) string {
		var b strings.Builder
		w, flush, err := opts.Writer(&b)
		if err != nil {
			t.Fatal(err)
		}
		r := New(w)
		r.Table([]string{"prompt", "hint", "measure"}, [][]string{
			{"What are modes of limited transposition", Mark(Wrong, "yes"), "exact"},
			{"transpose it up a fourth", Mark(Right, "no"), Mark(Lossy, "1 of 6 lines missing, 8 line breaks missing")},
		})
		r.FixedRow([]int{8}, "row", Mark(Right, "exact"))
		r.Facts(10, Fact{Label: "equal", Value: Mark(Right, "yes (line breaks as LF)")})
		r.Line("no hint on %d; the measure is %s", 7, Mark(Right, "exact"))
		if err := flush(); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	canonical := write(DisplayOptions{Color: "never"})
	if strings.ContainsAny(canonical, "\x1b\x1e") || !strings.Contains(canonical, "transposition  yes   exact") {
		t.Errorf("the canonical form:\n%q", canonical)
	}
	for _, width := range []int{0, 40} {
		got := write(DisplayOptions{Width: width, Color: "always"})
		for _, want := range []string{red + "yes" + reset, green + "no" + reset, green + "exact" + reset, green + "yes (line breaks as LF)" + reset} {
			if !strings.Contains(got, want) {
				t.Errorf("width %d: no %q in:\n%s", width, want, got)
			}
		}
		if strings.Count(got, green+"exact"+reset) != 1 {
			t.Errorf("width %d: an unmarked cell or prose is coloured:\n%s", width, got)
		}
		if !strings.Contains(got, "no hint on 7; the measure is exact\n") || strings.Contains(got, "\x1e") {
			t.Errorf("width %d: prose is coloured or keeps a mark:\n%q", width, got)
		}
		if width == 40 && !strings.Contains(got, yellow+"missing, 8 line"+reset) {
			t.Errorf("width 40: the wrapped cell loses its colour on a later piece:\n%s", got)
		}
	}
}
