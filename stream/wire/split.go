// Package wire models the pieces of GA's chat stream that lesson 6 studies: the sentence
// splitter, the SSE writers, the client readers, and the measure that compares what a user
// received with the answer the server computed.
package wire

import (
	"fmt"
	"slices"

	"github.com/dlclark/regexp2/v2"

	"course/internal/dotnet"
	"course/internal/lazy"
)

// ArpeggioQuestion is the question whose answer lesson 6 sends through the splitter, the
// writers and the readers: the improvisation skill answers it without a model, in sentences and
// lines the splitter cuts.
const ArpeggioQuestion = "which arpeggio fits Am F C G"

// PinnedPattern is SseChunker's expression at GA a826864
// (Common/GA.Business.Core.Orchestration/Helpers/SseChunker.cs:17-30).
const PinnedPattern = `(?<=[.!?])\s+`

// Pattern743 is the zero-width expression GA's PR #743 put in SseChunker (SseChunker.cs at 00b469ed).
const Pattern743 = `(?<=[.!?]\s+)(?=\S)`

var (
	pinned   = lazy.Regexp2(PinnedPattern)
	after743 = lazy.Regexp2(Pattern743)
)

// Split cuts input with re the way .NET's Regex.Split does: the text between matches, then the
// groups each match captured (only those that took part), with count limiting the pieces
// (0 means no limit). A right-to-left expression collects from the end, then reverses, as .NET does.
func Split(re *regexp2.Regexp, input string, count int) ([]string, error) {
	if count < 0 {
		return nil, fmt.Errorf("split: count %d is negative", count)
	}
	if count == 1 {
		return []string{input}, nil
	}
	count--
	rtl := re.RightToLeft()
	var out []string
	prev := 0
	if rtl {
		prev = len(input)
	}
	m, err := re.FindStringMatch(input)
	for ; m != nil && err == nil; m, err = re.FindNextMatch(m) {
		start, n := m.ByteRange()
		if rtl {
			out = append(out, input[start+n:prev])
			prev = start
		} else {
			out = append(out, input[prev:start])
			prev = start + n
		}
		for _, g := range m.Groups()[1:] {
			if len(g.Captures) > 0 {
				out = append(out, g.String())
			}
		}
		if count--; count == 0 {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("split: %w", err)
	}
	if out == nil {
		return []string{input}, nil
	}
	if !rtl {
		return append(out, input[prev:]), nil
	}
	out = append(out, input[:prev])
	slices.Reverse(out)
	return out, nil
}

// SplitPinned is SseChunker.SplitIntoChunks at a826864: split on PinnedPattern and keep the
// pieces that are not whitespace (SseChunker.cs:17-30).
func SplitPinned(text string) []string {
	return chunks(pinned(), text, true)
}

// Split743 is SseChunker.SplitIntoChunks after #743: the zero-width split, every piece kept,
// so the chunks join back to the text.
func Split743(text string) []string {
	return chunks(after743(), text, false)
}

func chunks(re *regexp2.Regexp, text string, dropBlank bool) []string {
	if dotnet.IsNullOrWhiteSpace(text) {
		return nil
	}
	pieces, err := Split(re, text, 0)
	if err != nil {
		// Both expressions run without a timeout, the only way FindNextMatch fails.
		panic(err)
	}
	if !dropBlank {
		return pieces
	}
	kept := pieces[:0]
	for _, p := range pieces {
		if !dotnet.IsNullOrWhiteSpace(p) {
			kept = append(kept, p)
		}
	}
	return kept
}
