package read

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"course/docs"
	"course/internal/report"
)

// sgr matches the colour sequences the renderer writes.
var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestRenderPlain(t *testing.T) {
	page := "# Title\n\nA paragraph with `code`, *emphasis*, **strong** and a [link](other.md#part)\n" +
		"over two lines, and [l1.md](l1.md).\n\n" +
		"## Section `x`\n\n" +
		"1. First item\n   over two lines.\n2. Second.\n   - nested\n\n" +
		"- bullet\n\n" +
		"> quoted\n\n" +
		"---\n\n" +
		"```sh\ncourse l6 | less\n\tindented\n```\n\n" +
		"1\\. not a list, &amp; an entity\n"
	got := render(page, 60, false)
	want := "\n" +
		"  # Title\n" +
		"\n" +
		"  A paragraph with `code`, *emphasis*, **strong** and a link\n" +
		"  (other.md#part) over two lines, and l1.md.\n" +
		"\n" +
		"  ## Section `x`\n" +
		"\n" +
		"  1. First item over two lines.\n" +
		"  2. Second.\n" +
		"     • nested\n" +
		"\n" +
		"  • bullet\n" +
		"\n" +
		"  | quoted\n" +
		"\n" +
		"  --------\n" +
		"\n" +
		"    course l6 | less\n" +
		"        indented\n" +
		"\n" +
		"  1. not a list, & an entity\n" +
		"\n"
	if got != want {
		t.Errorf("render:\n%s\nwant:\n%s", got, want)
	}
}

// TestRenderWraps checks that prose is wrapped at the width, list items hanging under their
// text, and that the width moves the breaks.
func TestRenderWraps(t *testing.T) {
	page := "A sentence of several words that must wrap somewhere.\n\n- an item whose text runs past the width\n"
	for _, width := range []int{20, 30} {
		got := render(page, width, false)
		for _, l := range strings.Split(got, "\n") {
			if report.Width(l) > width {
				t.Errorf("width %d: line %q is wider", width, l)
			}
			if strings.HasPrefix(l, "  • ") || strings.HasPrefix(l, "  A ") || l == "" {
				continue
			}
			if !strings.HasPrefix(l, "    ") && !strings.HasPrefix(l, "  ") {
				t.Errorf("width %d: line %q is not inside the margin", width, l)
			}
		}
		if !strings.Contains(got, "\n    ") {
			t.Errorf("width %d: the item's later lines do not hang under its text:\n%s", width, got)
		}
	}
	if render(page, 20, false) == render(page, 30, false) {
		t.Error("the width does not move the breaks")
	}
}

func TestRenderColour(t *testing.T) {
	page := "# Title\n\nText with `code` and **strong**.\n\n```sh\nfunc main() { return }\n```\n"
	t.Setenv("GLAMOUR_STYLE", "")
	got := render(page, 60, true)
	for _, want := range []string{
		"\x1b[38;5;228;48;5;63;1m Title \x1b[0m",
		"\x1b[38;5;203;48;5;236m code \x1b[0m",
		"\x1b[38;5;252;1mstrong\x1b[0m",
		// A code block is one colour: no syntax is coloured.
		"    \x1b[38;5;244mfunc main() { return }\x1b[0m\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("dark: no %q in\n%q", want, got)
		}
	}
	t.Setenv("GLAMOUR_STYLE", "light")
	if light := render(page, 60, true); !strings.Contains(light, "\x1b[38;5;203;48;5;254m code ") || light == got {
		t.Errorf("GLAMOUR_STYLE=light does not change the colours:\n%q", light)
	}
	t.Setenv("GLAMOUR_STYLE", "notty")
	if plain := render(page, 60, true); plain != render(page, 60, false) {
		t.Errorf("GLAMOUR_STYLE=notty is not plain text:\n%q", plain)
	}
	t.Setenv("GLAMOUR_STYLE", "")
	if stripped := sgr.ReplaceAllString(got, ""); !strings.Contains(stripped, "  Text with  code  and strong.") {
		t.Errorf("the coloured page's text:\n%s", stripped)
	}
}

func TestRenderTable(t *testing.T) {
	page := "| lesson | command |\n| --- | --- |\n| 1. The map: what the chatbot host registers | `course l1` |\n" +
		"| 2. A longer title that has to wrap inside its column | `course l2`, `course l2 --main` |\n| a \\| b | |\n"
	wide := render(page, 120, false)
	if !strings.Contains(wide, "1. The map: what the chatbot host registers") || !strings.Contains(wide, "a | b") || strings.Contains(wide, `\|`) {
		t.Errorf("table at 120 columns:\n%s", wide)
	}
	if n := strings.Count(wide, "\n"); n != 7 {
		t.Errorf("table at 120 columns has %d lines, want every row on one:\n%s", n, wide)
	}
	narrow := render(page, 50, false)
	for _, l := range strings.Split(narrow, "\n") {
		if report.Width(l) > 50 {
			t.Errorf("table at 50 columns: line %q is wider", l)
		}
	}
	if strings.Count(narrow, "\n") <= 7 || !strings.Contains(narrow, "-|-") {
		t.Errorf("table at 50 columns is not wrapped inside its columns:\n%s", narrow)
	}
	if got := columnWidths([][][]int{{{5}, {3}}, {{10, 10}, {4}}}, 14); !slices.Equal(got, []int{10, 4}) {
		t.Errorf("columnWidths = %v, want [10 4]: the long cell wraps, the short column keeps its width", got)
	}
}

// TestRenderEveryPage renders every page of docs/ at three widths, in colour and plain: no line
// wider than the width, and no word lost to the wrap.
func TestRenderEveryPage(t *testing.T) {
	entries, err := fs.ReadDir(docs.Pages, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		src, err := fs.ReadFile(docs.Pages, e.Name())
		if err != nil {
			t.Fatal(err)
		}
		page := foldSolutions(string(src), true, "")
		unwrapped := wordsOf(render(page, 10000, false))
		for _, width := range []int{40, 80, 120} {
			for _, colour := range []bool{false, true} {
				got := render(page, width, colour)
				plain := sgr.ReplaceAllString(got, "")
				for _, l := range strings.Split(plain, "\n") {
					if report.Width(l) > width {
						t.Errorf("%s at %d columns (colour %v): %q is wider", e.Name(), width, colour, l)
						break
					}
				}
				if colour || strings.Contains(plain, report.Continuation) {
					continue // a code line cut to the width has the mark in it
				}
				if words := wordsOf(plain); !slices.Equal(words, unwrapped) {
					t.Errorf("%s at %d columns: %d words, %d unwrapped", e.Name(), width, len(words), len(unwrapped))
				}
			}
		}
	}
}

// wordsOf is the words of a rendered page, sorted, without the rules of its tables, whose
// length is the width's.
func wordsOf(page string) []string {
	var words []string
	for _, w := range strings.Fields(page) {
		if strings.Trim(w, "-|─┼│") != "" {
			words = append(words, w)
		}
	}
	slices.Sort(words)
	return words
}
