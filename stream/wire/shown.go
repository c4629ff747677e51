package wire

import (
	"errors"
	"fmt"
	"strings"

	"course/internal/report"
)

// SplitNames are the values --split takes, for its help and its completion.
var SplitNames = []string{"743", "pinned", "none"}

// OneLine is a cell's text on one line: an error message of several lines keeps its words.
func OneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// Measured is a matrix cell: the lesson's measure of what the user got against the text, or
// how the read ended instead.
func Measured(text, got string, err error) string {
	if cell, ok := Outcome(err); ok {
		return cell
	}
	return Compare(text, got).String()
}

// QuoteVisible is report.QuoteChunk with the line and paragraph separators written out too, since a
// terminal shows them as nothing.
func QuoteVisible(s string) string {
	return strings.NewReplacer("\u2028", `\u2028`, "\u2029", `\u2029`).Replace(report.QuoteChunk(s))
}

// Outcome names a read that did not end with text.
func Outcome(err error) (string, bool) {
	var nc *NeverCompletesError
	switch {
	case err == nil:
		return "", false
	case errors.As(err, &nc):
		return "(never completes)", true
	case errors.Is(err, ErrNotItsFormat):
		return "(not its format)", true
	}
	return "(throws) " + err.Error(), true
}

// Splitter is one way to cut the text into chunks.
type Splitter struct {
	// Label says how the text was cut, as a command's output names it.
	Label string
	// Split cuts a text into the chunks a server would send.
	Split func(string) []string
}

// SplitterFor is the splitter --split names: one of SplitNames.
func SplitterFor(name string) (Splitter, error) {
	switch name {
	case "743":
		return Splitter{"split by #743's expression " + Pattern743, Split743}, nil
	case "pinned":
		return Splitter{"split by SseChunker at a826864 " + PinnedPattern, SplitPinned}, nil
	case "none":
		return Splitter{"the whole text as one chunk", func(s string) []string {
			if s == "" {
				return nil
			}
			return []string{s}
		}}, nil
	}
	return Splitter{}, fmt.Errorf("--split %q: use 743, pinned or none", name)
}
