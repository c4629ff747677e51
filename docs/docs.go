// Package docs holds the written lessons and the course's other pages, embedded in the binary so
// that the course can print an exercise's question from the lesson that asks it, and render a
// page in the terminal (`course read`): the one place their text is kept.
package docs

import (
	"embed"
	"strings"
)

// Pages holds every page of docs/ by its file name: README.md, the written lessons lN.md and
// the tools' pages.
//
//go:embed *.md
var Pages embed.FS

// Lessons holds every written lesson, docs/lN.md, by its file name.
var Lessons = Pages

// OutputBlock is a block of a page that quotes the course's output: a fenced block whose info
// string is "text course ARGS", which must occur verbatim in what `course ARGS` prints.
type OutputBlock struct {
	// Args is the command line that prints the block, without "course".
	Args []string
	// Line is the line of the opening fence, from 1.
	Line int
	// Text is the block's body, every line ending in a line break.
	Text string
	// Start and End are the byte offsets of the block in the page, fences included, End past
	// the closing fence's line break.
	Start, End int
}

// outputFence opens an output block.
const outputFence = "```text course "

// OutputBlocks finds the output blocks of a page, in order; a block whose closing fence is
// missing is not one.
func OutputBlocks(page string) []OutputBlock {
	var blocks []OutputBlock
	var cur *OutputBlock
	var body strings.Builder
	off := 0
	for n := 1; off < len(page); n++ {
		end := strings.IndexByte(page[off:], '\n')
		next := off + end + 1
		if end < 0 {
			next = len(page)
			end = len(page) - off
		}
		l := page[off : off+end]
		switch {
		case cur == nil && strings.HasPrefix(l, outputFence):
			cur = &OutputBlock{Args: strings.Fields(strings.TrimPrefix(l, outputFence)), Line: n, Start: off}
			body.Reset()
		case cur != nil && l == "```":
			cur.Text, cur.End = body.String(), next
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			body.WriteString(l + "\n")
		}
		off = next
	}
	return blocks
}
