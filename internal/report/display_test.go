package report

import (
	"strings"
	"testing"

	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

func TestFitCutsAtTheWidth(t *testing.T) {
	for _, tc := range []struct {
		line  string
		width int
		want  []string
	}{
		{"short", 10, []string{"short"}},
		{"  | data: abcdefghij", 12, []string{"  | data: ↩", "  | abcdefg↩", "  | hij"}},
		{"one two three four", 10, []string{"one two ↩", "three four"}},
		{"one two three fours", 10, []string{"one two ↩", "three ↩", "fours"}},
		{"→→→→→→", 4, []string{"→→→↩", "→→→"}},
	} {
		got := Fit(tc.line, tc.width)
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("Fit(%q, %d) = %q, want %q", tc.line, tc.width, got, tc.want)
		}
		for _, p := range got {
			if twwidth.Width(p) > tc.width {
				t.Errorf("Fit(%q, %d): piece %q is wider", tc.line, tc.width, p)
			}
		}
	}
}
