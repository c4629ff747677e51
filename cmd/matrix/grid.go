package matrix

import (
	"fmt"
	"strings"

	"course/internal/report"
	"course/stream/wire"
)

// Codes the grid gives the outcomes every run meets; any other cell gets a letter.
var fixedCodes = []struct{ cell, code, meaning string }{
	{"exact", "ok", "exact: the text, byte for byte"},
	{"(not its format)", "--", "(not its format): the stream had data, the reader understood none of it"},
	{"(never completes)", "nc", "(never completes): the stream ended, the client still shows it streaming"},
	{"(nothing)", "..", "(nothing): the user sees nothing"},
}

// grid prints cells, in writer-major order, as a grid with a row per writer and a column per
// reader, by their keys, each cell a code, then the legend of the codes. Reader columns that
// would pass the reading width go on to another block of the grid.
func (m *matrix) grid(title string, writers, readers []string, cells []cellRecord) {
	if m.json != nil {
		for _, c := range cells {
			m.record(c)
		}
		return
	}
	codes := map[string]string{}
	var legend [][2]string
	for _, fc := range fixedCodes {
		for _, c := range cells {
			if c.Cell == fc.cell {
				codes[fc.cell] = fc.code
				legend = append(legend, [2]string{fc.code, fc.meaning})
				break
			}
		}
	}
	for _, c := range cells {
		if _, ok := codes[c.Cell]; !ok {
			code := letterCode(len(codes) - countFixed(codes))
			codes[c.Cell] = code
			legend = append(legend, [2]string{code, wire.OneLine(c.Cell)})
		}
	}
	m.r.Title("%s", title)
	writerWidth := len("writer")
	for _, w := range writers {
		writerWidth = max(writerWidth, len(w))
	}
	for start := 0; start < len(readers); {
		width, end := writerWidth, start
		for end < len(readers) && (end == start || width+2+len(readers[end]) <= report.DefaultWidth) {
			width += 2 + len(readers[end])
			end++
		}
		if start > 0 {
			m.r.Blank()
		}
		header := append([]string{"writer"}, readers[start:end]...)
		var rows [][]string
		for wi, w := range writers {
			row := []string{w}
			for ri := start; ri < end; ri++ {
				c := cells[wi*len(readers)+ri]
				row = append(row, report.Mark(c.verdict(), codes[c.Cell]))
			}
			rows = append(rows, row)
		}
		m.r.Table(header, rows)
		start = end
	}
	m.r.Title("What the codes mean")
	codeWidth := 0
	for _, l := range legend {
		codeWidth = max(codeWidth, len(l[0]))
	}
	for _, l := range legend {
		indent := strings.Repeat(" ", codeWidth+2)
		for i, piece := range report.Fit(indent+l[1], report.DefaultWidth) {
			if i == 0 {
				piece = report.Pad(l[0], codeWidth+2) + strings.TrimPrefix(piece, indent)
			}
			m.r.Line("%s", piece)
		}
	}
}

func countFixed(codes map[string]string) int {
	n := 0
	for _, fc := range fixedCodes {
		if _, ok := codes[fc.cell]; ok {
			n++
		}
	}
	return n
}

// letterCode is the n-th code for a cell of its own: a to z, then A to Z, then a number.
func letterCode(n int) string {
	switch {
	case n < 26:
		return string(rune('a' + n))
	case n < 52:
		return string(rune('A' + n - 26))
	}
	return fmt.Sprint(n - 51)
}
