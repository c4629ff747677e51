package report

import (
	"strings"
)

// Verdict is what a lesson computed a cell of its output to say, which the display colours: the
// colour follows the lesson's finding, never the words the cell holds ("no" is right when the
// textbook says no).
type Verdict byte

// The verdicts a cell can carry; a cell with none is not coloured.
const (
	// Right is green: right against the textbook, exact, accepted as it should be.
	Right Verdict = 'R'
	// Lossy is yellow: arrived changed, or partly right.
	Lossy Verdict = 'L'
	// Wrong is red: wrong against the textbook, lost, refused or failed.
	Wrong Verdict = 'W'
)

// markByte starts a cell's verdict mark; it never occurs in the course's output.
const markByte = '\x1e'

// Mark gives a table's cell (of Table, FixedRow or a Fact's value) the verdict v. The mark is no
// text: the canonical form drops it, and the display colours the cell by it. A zero v marks
// nothing.
func Mark(v Verdict, cell string) string {
	if v == 0 {
		return cell
	}
	return string([]byte{markByte, byte(v)}) + cell
}

// Judge marks cell Right when right holds, else with otherwise.
func Judge(right bool, otherwise Verdict, cell string) string {
	if right {
		return Mark(Right, cell)
	}
	return Mark(otherwise, cell)
}

// Text is cell's text without its verdict mark, as the canonical form prints it: for a test
// that reads a lesson's rows.
func Text(cell string) string {
	text, _ := unmark(cell)
	return text
}

// unmark splits a cell into its text and its verdict, 0 for none.
func unmark(cell string) (string, Verdict) {
	if len(cell) >= 2 && cell[0] == markByte {
		return cell[2:], Verdict(cell[1])
	}
	return cell, 0
}

// unmarkRows splits rows into their texts and their verdicts; verdicts is nil when no cell has one.
func unmarkRows(rows [][]string) (texts [][]string, verdicts [][]Verdict) {
	texts = rows
	for r, row := range rows {
		for c, cell := range row {
			text, v := unmark(cell)
			if v == 0 {
				continue
			}
			if verdicts == nil {
				texts = make([][]string, len(rows))
				for i := range rows {
					texts[i] = append([]string(nil), rows[i]...)
				}
				verdicts = make([][]Verdict, len(rows))
			}
			if verdicts[r] == nil {
				verdicts[r] = make([]Verdict, len(row))
			}
			texts[r][c], verdicts[r][c] = text, v
		}
	}
	return texts, verdicts
}

// unmarkAll drops every verdict mark of s: output that is no table's cell is never coloured.
func unmarkAll(s string) string {
	if strings.IndexByte(s, markByte) < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == markByte {
			i++ // the verdict's byte
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// verdictAt is the verdict of the cell in row r, column c, or 0.
func verdictAt(verdicts [][]Verdict, r, c int) Verdict {
	if r < len(verdicts) && c < len(verdicts[r]) {
		return verdicts[r][c]
	}
	return 0
}

// paint colours text by v; with no verdict, or colour off, it is text as it is.
func paint(text string, v Verdict, colour bool) string {
	if !colour || v == 0 || text == "" {
		return text
	}
	switch v {
	case Right:
		return green + text + reset
	case Lossy:
		return yellow + text + reset
	case Wrong:
		return red + text + reset
	}
	return text
}

// pinLines writes rows as the canonical form pins them, each column as wide as widths says (the
// last unpadded), gap spaces apart, each cell coloured by its verdict.
func pinLines(rows [][]string, verdicts [][]Verdict, widths []int, gap int, colour bool) []string {
	lines := make([]string, len(rows))
	for r, row := range rows {
		var b strings.Builder
		for c, cell := range row {
			if c > 0 {
				b.WriteString(strings.Repeat(" ", gap))
			}
			b.WriteString(paint(cell, verdictAt(verdicts, r, c), colour))
			if c < len(row)-1 && c < len(widths) {
				b.WriteString(strings.Repeat(" ", max(widths[c]-Width(cell), 0)))
			}
		}
		lines[r] = strings.TrimRight(b.String(), " ")
	}
	return lines
}
