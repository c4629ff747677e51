// Package textdiff is the line diff the course measures text with and its tests show failures
// with: go-diff's, on whole lines.
package textdiff

import "github.com/sergi/go-diff/diffmatchpatch"

// Lines is go-diff's line mode: the diff of a and b with whole lines as its units, each
// line with its line feed. It has no timeout, so the same inputs always give the same diff.
func Lines(a, b string) []diffmatchpatch.Diff {
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	ra, rb, lines := dmp.DiffLinesToRunes(a, b)
	return dmp.DiffCharsToLines(dmp.DiffMainRunes(ra, rb, false), lines)
}
