package read

import (
	"strings"
	"testing"
)

func TestFoldSolutions(t *testing.T) {
	page := "Before.\n\n<details>\n<summary>1. The first</summary>\n\nThe answer.\n\n</details>\n\nAfter.\n"
	folded := foldSolutions(page, false, "l6")
	if strings.Contains(folded, "The answer.") || !strings.Contains(folded, "▸ 1. The first: folded; course read l6 --solutions shows it.") {
		t.Errorf("folded:\n%s", folded)
	}
	shown := foldSolutions(page, true, "l6")
	if !strings.Contains(shown, "**1. The first**\n\nThe answer.") || strings.Contains(shown, "details>") {
		t.Errorf("unfolded:\n%s", shown)
	}
}

func TestPlaceQuotes(t *testing.T) {
	rendered := "  Text.  \n\n  " + quoteMark(0) + "    \n\n  More.\n"
	got := placeQuotes(rendered, []string{"== A section\n\nrow  yes\n"})
	want := "  Text.\n\n    == A section\n\n    row  yes\n\n  More.\n"
	if got != want {
		t.Errorf("placeQuotes:\n%q\nwant:\n%q", got, want)
	}
}
