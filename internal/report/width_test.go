package report

import (
	"slices"
	"testing"
)

func TestWidth(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want int
	}{
		{"", 0},
		{"abc", 3},
		{"→ — é", 5},
		{"中文", 4},
		{"e\u0301", 1},
		{"\x1b[31;1mred\x1b[0m", 3},
		{"\x1b]8;;http://x\x07link\x1b]8;;\x1b\\", 4},
		{"a\tb", 2 + tabWidth},
		{"\x1b[", 1}, // a sequence cut short is text: the ESC takes none, "[" one
	} {
		if got := Width(tc.s); got != tc.want {
			t.Errorf("Width(%q) = %d, want %d", tc.s, got, tc.want)
		}
	}
}

func TestPinTable(t *testing.T) {
	for _, tc := range []struct {
		name   string
		header []string
		rows   [][]string
		want   []string
	}{
		{"columns", []string{"name", "what"}, [][]string{{"a", "b c"}, {"longer", "→"}},
			[]string{"name    what", "a       b c", "longer  →"}},
		{"ragged rows", nil, [][]string{{"a", "b", "c"}, {"dd"}, {}, {"", "", "e"}},
			[]string{"a   b  c", "dd", "       e"}},
		{"a cell of lines", nil, [][]string{{"x", "one\n\ntwo"}, {"y", "\nz"}},
			[]string{"x  one", "   two", "y", "   z"}},
		{"a header of lines", []string{"a\n\nb", "c"}, [][]string{{"d", "e"}},
			[]string{"a  c", "", "b", "d  e"}},
		{"no rows", nil, nil, []string{""}},
	} {
		if got := pinTable(tc.header, tc.rows); !slices.Equal(got, tc.want) {
			t.Errorf("%s: pinTable = %q, want %q", tc.name, got, tc.want)
		}
	}
}
