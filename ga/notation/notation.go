// Package notation is the stand-in for GA's PlayableNotationFormatter, the
// pass that adds a VexTab fence after every fret diagram of an answer before
// the host sends it.
package notation

import (
	"strconv"
	"strings"
	"unicode"

	"course/internal/dotnet"
	"course/internal/lazy"
)

// Stats counts what AugmentMarkdownWithVexTabFences found and added; the
// host reports them as notation.diagram.count and notation.vextab.added_count.
type Stats struct {
	Diagrams int // playable diagrams found outside fenced regions
	Added    int // vextab fences added
}

// diagramPattern is GA's inline six-string diagram expression
// (Common/GA.Business.ML/Notation/PlayableNotationFormatter.cs:229), run with
// .NET semantics: the look-behind and the Unicode \w and \d need regexp2.
const diagramPattern = `(?<![\w/])(?<diagram>(?:[xX]|\d{1,2})(?:-(?:[xX]|\d{1,2})){5})(?![\w/])`

var diagramRe = lazy.Regexp2(diagramPattern)

// maxFret is the highest fret the formatter converts; the expression admits
// two-digit frets up to 99.
const maxFret = 36

const fence = "```"

// AugmentMarkdownWithVexTabFences adds, after each line holding six-string
// fret diagrams, one ```vextab fence per diagram, and returns the text with
// its lines joined by newline ("" means "\n") and trailing whitespace removed.
//
// PlayableNotationFormatter.AugmentMarkdownWithVexTabFences
// (Common/GA.Business.ML/Notation/PlayableNotationFormatter.cs:69-133).
// Lines inside fenced regions are copied as they are; a line whose first
// non-blank characters are ``` opens or closes a region. No fence is added
// after a line when the next non-blank line already starts with ```vextab.
// A diagram with a fret above 36, or with every string muted, has no VexTab
// form: it is neither counted nor fenced (the stand-in's reading of the
// formatter's 0-36 fret range).
func AugmentMarkdownWithVexTabFences(text, newline string) (string, Stats) {
	if newline == "" {
		newline = "\n"
	}
	lines := strings.Split(dotnet.ReplaceLineEndings(text, "\n"), "\n")
	var b strings.Builder
	var st Stats
	inFence := false
	for i, line := range lines {
		last := i == len(lines)-1
		b.WriteString(line)
		if !last {
			b.WriteString(newline)
		}
		if strings.HasPrefix(trimStart(line), fence) {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		tabs := vexTabs(line)
		if len(tabs) == 0 {
			continue
		}
		st.Diagrams += len(tabs)
		if nextNonBlankStartsVexTab(lines[i+1:]) {
			continue
		}
		if last {
			b.WriteString(newline)
		}
		for _, tokens := range tabs {
			b.WriteString(fence + "vextab" + newline + tokens + newline + fence + newline)
			st.Added++
		}
	}
	return strings.TrimRightFunc(b.String(), unicode.IsSpace), st
}

// vexTabs returns the VexTab tokens of each playable diagram on a line.
func vexTabs(line string) []string {
	var out []string
	m, err := diagramRe().FindStringMatch(line)
	for ; m != nil && err == nil; m, err = diagramRe().FindNextMatch(m) {
		if tokens, ok := VexTabTokens(m.GroupByName("diagram").String()); ok {
			out = append(out, tokens)
		}
	}
	return out
}

// VexTabTokens converts a six-position diagram to space-separated VexTab
// "string/fret" tokens, skipping muted strings. Position i is string 6-i:
// the formatter reads diagrams from the low E string up, whatever order the
// index stored them in (PlayableNotationFormatter.cs:31-53).
func VexTabTokens(diagram string) (string, bool) {
	parts := strings.Split(diagram, "-")
	if len(parts) != 6 {
		return "", false
	}
	var tokens []string
	for i, p := range parts {
		if p == "x" || p == "X" {
			continue
		}
		fret, err := strconv.Atoi(p)
		if err != nil || fret < 0 || fret > maxFret {
			return "", false
		}
		tokens = append(tokens, strconv.Itoa(6-i)+"/"+strconv.Itoa(fret))
	}
	if len(tokens) == 0 {
		return "", false
	}
	return strings.Join(tokens, " "), true
}

// nextNonBlankStartsVexTab reports whether the first non-blank line of rest
// is already a vextab fence.
func nextNonBlankStartsVexTab(rest []string) bool {
	for _, l := range rest {
		t := trimStart(l)
		if t == "" {
			continue
		}
		return strings.HasPrefix(t, fence+"vextab")
	}
	return false
}

// trimStart removes leading whitespace as .NET's TrimStart does; Go's
// unicode.IsSpace is the same set as .NET's char.IsWhiteSpace.
func trimStart(s string) string { return strings.TrimLeftFunc(s, unicode.IsSpace) }
