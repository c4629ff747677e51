package root

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"course/docs"
)

// quoteLines is how `course read` shows an output block in a pipe: each line indented as a
// code block, trailing spaces trimmed.
func quoteLines(text string) string {
	var b strings.Builder
	for l := range strings.SplitSeq(strings.TrimSuffix(text, "\n"), "\n") {
		if l = strings.TrimRight(l, " "); l != "" {
			l = "    " + l
		}
		b.WriteString(l + "\n")
	}
	return b.String()
}

// TestReadInAPipe checks `course read l6` in a pipe: plain text, every output block of the
// lesson shown as the lesson prints it now, the solutions folded, and unfolded with
// --solutions; `course read` alone is the README.
func TestReadInAPipe(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile(filepath.Join("..", "..", "docs", "l6.md"))
	if err != nil {
		t.Fatal(err)
	}
	solutions := strings.Index(string(src), "<details>")
	if solutions < 0 {
		t.Fatal("docs/l6.md has no solutions to fold")
	}
	blocks := docs.OutputBlocks(string(src))
	for _, args := range [][]string{{"read", "l6"}, {"read", "l6", "--solutions"}} {
		out, err := runCourse(t, args...)
		if err != nil {
			t.Fatalf("course %s: %v", strings.Join(args, " "), err)
		}
		if strings.Contains(out, "\x1b") {
			t.Errorf("course %s in a pipe has escape sequences", strings.Join(args, " "))
		}
		if !strings.Contains(out, "Lesson 6: the chatbot's answer on the wire") {
			t.Errorf("course %s does not show the lesson's title:\n%.500s", strings.Join(args, " "), out)
		}
		unfolded := len(args) == 3
		if folded := strings.Contains(out, "folded; course read l6 --solutions shows it"); folded == unfolded {
			t.Errorf("course %s: solutions folded %v", strings.Join(args, " "), folded)
		}
		for _, b := range blocks {
			want := b.Start < solutions || unfolded
			if got := strings.Contains(out, quoteLines(b.Text)); got != want {
				t.Errorf("course %s: docs/l6.md:%d's block shown %v, want %v", strings.Join(args, " "), b.Line, got, want)
			}
		}
		if strings.Contains(out, "```text course") || strings.Contains(out, "COURSEQUOTE") {
			t.Errorf("course %s shows a block's fence or mark", strings.Join(args, " "))
		}
	}
	readme, err := runCourse(t, "read")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(readme, "The course") || strings.Contains(readme, "\x1b") {
		t.Errorf("course read is not docs/README.md in plain text:\n%.500s", readme)
	}
	if _, err := runCourse(t, "read", "l99"); err == nil || !strings.Contains(err.Error(), `no page "l99"`) || strings.Contains(err.Error(), "\n") {
		t.Errorf("course read l99: %v, want one line that names the pages", err)
	}
}
