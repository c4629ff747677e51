package wire

import (
	"fmt"
	"strings"
)

// Compare measures what a user got against the answer the server computed: "exact", or how many
// of the answer's non-blank lines and line feeds did not arrive, or "differs" when neither count
// shows the difference.
func Compare(answer, got string) string {
	if answer == got {
		return "exact"
	}
	var parts []string
	lines, missing := 0, 0
	for line := range strings.SplitSeq(answer, "\n") {
		text := strings.TrimSpace(line)
		if text == "" {
			continue
		}
		lines++
		if !strings.Contains(got, text) {
			missing++
		}
	}
	if missing > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d lines missing", missing, lines))
	}
	if breaks := strings.Count(answer, "\n") - strings.Count(got, "\n"); breaks > 0 {
		parts = append(parts, fmt.Sprintf("%d line breaks missing", breaks))
	}
	if parts == nil {
		return "differs"
	}
	return strings.Join(parts, ", ")
}
