package lessons

import (
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"

	"course/wire"
)

// lineDiff renders a line diff of want and got: "- " for lines only in want, "+ " for lines only
// in got, and up to diffContext unchanged lines around each change.
func lineDiff(want, got string) string {
	diffs := wire.DiffLines(want, got)
	var out strings.Builder
	for i, d := range diffs {
		text := strings.Split(strings.TrimSuffix(d.Text, "\n"), "\n")
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			writePrefixed(&out, "- ", text)
		case diffmatchpatch.DiffInsert:
			writePrefixed(&out, "+ ", text)
		default:
			head, tail := 0, 0
			if i > 0 {
				head = diffContext
			}
			if i < len(diffs)-1 {
				tail = diffContext
			}
			if head+tail >= len(text) {
				writePrefixed(&out, "  ", text)
				continue
			}
			writePrefixed(&out, "  ", text[:head])
			out.WriteString("  ...\n")
			writePrefixed(&out, "  ", text[len(text)-tail:])
		}
	}
	return out.String()
}

// diffContext is how many unchanged lines lineDiff shows on each side of a change.
const diffContext = 3

func writePrefixed(b *strings.Builder, prefix string, lines []string) {
	for _, l := range lines {
		b.WriteString(prefix + l + "\n")
	}
}
