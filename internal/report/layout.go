package report

import (
	"strings"
)

// width is the number of columns the report's output is laid out for: the display writer's,
// or 0 for the canonical form, which pins every column as the original program does.
func (r *Report) width() int {
	if d, ok := r.w.(*displayWriter); ok {
		return d.width
	}
	return 0
}

// fits reports whether every line is at most width columns wide; every line fits no width (0).
func fits(lines []string, width int) bool {
	if width <= 0 {
		return true
	}
	for _, l := range lines {
		if Width(l) > width {
			return false
		}
	}
	return true
}

// flatten joins the lines of each row of a laid-out table.
func flatten(groups [][]string) []string {
	var lines []string
	for _, g := range groups {
		lines = append(lines, g...)
	}
	return lines
}

// layoutTable lays out a table that does not fit width as pinned: wrapped inside its columns
// when every column keeps its longest word whole, else as one block per row. It returns the
// lines of each row, the header's first when there is one.
func layoutTable(header []string, rows [][]string, verdicts [][]Verdict, width int, colour bool) [][]string {
	all, allVerdicts := rows, verdicts
	if header != nil {
		all = append([][]string{header}, rows...)
		if verdicts != nil {
			allVerdicts = append([][]Verdict{nil}, verdicts...)
		}
	}
	if groups, ok := layoutColumns(all, allVerdicts, nil, 2, width, colour); ok {
		return groups
	}
	groups := layoutBlocks(header, rows, verdicts, colour)
	if header != nil {
		// The header names each value of a block, so it has no lines of its own.
		groups = append([][]string{nil}, groups...)
	}
	return groups
}

// layoutColumns wraps each cell at its words inside its column, the columns gap apart, and
// narrows the widest columns until the rows fit width; natural gives columns a width of their
// own (a pinned width), else a column is as wide as its widest cell. Each cell is coloured by
// its verdict when colour is set. It returns the lines of each row; ok is false when no column
// can narrow enough without cutting a word.
func layoutColumns(rows [][]string, verdicts [][]Verdict, natural []int, gap, width int, colour bool) (groups [][]string, ok bool) {
	n := 0
	for _, row := range rows {
		n = max(n, len(row))
	}
	widths, least := make([]int, n), make([]int, n)
	for _, row := range rows {
		for i, c := range row {
			c = strings.TrimRight(c, " ")
			widths[i] = max(widths[i], Width(c))
			lead := leadSpaces(c)
			for _, w := range strings.Fields(c) {
				least[i] = max(least[i], lead+Width(w))
				lead = 0
			}
			least[i] = max(least[i], lead)
		}
	}
	for i := range min(len(natural), n-1) {
		widths[i] = max(widths[i], natural[i])
	}
	total := gap * (n - 1)
	for i := range widths {
		total += widths[i]
	}
	for total > width {
		widest := -1
		for i := range widths {
			if widths[i] > least[i] && (widest < 0 || widths[i] > widths[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			return nil, false
		}
		widths[widest]--
		total--
	}
	for r, row := range rows {
		var lines []string
		cells := make([][]string, len(row))
		height := 0
		for i, c := range row {
			cells[i] = wrapWords(strings.TrimRight(c, " "), widths[i])
			height = max(height, len(cells[i]))
		}
		for l := range height {
			var b strings.Builder
			for i, piece := range cells {
				if i > 0 {
					b.WriteString(strings.Repeat(" ", gap))
				}
				p := ""
				if l < len(piece) {
					p = piece[l]
				}
				b.WriteString(paint(p, verdictAt(verdicts, r, i), colour))
				b.WriteString(strings.Repeat(" ", max(widths[i]-Width(p), 0)))
			}
			lines = append(lines, strings.TrimRight(b.String(), " "))
		}
		groups = append(groups, lines)
	}
	return groups, true
}

// layoutBlocks writes each row as a block: its first cell, then each other cell on a line of
// its own, indented and named by its column's header when there is one, and coloured by its
// verdict when colour is set. It returns the lines of each row, a blank line before each row
// but the first.
func layoutBlocks(header []string, rows [][]string, verdicts [][]Verdict, colour bool) [][]string {
	var groups [][]string
	for r, row := range rows {
		var lines []string
		if r > 0 {
			lines = append(lines, "")
		}
		for i, c := range row {
			c = strings.TrimSpace(c)
			label := ""
			if i < len(header) && strings.TrimSpace(header[i]) != "" {
				label = strings.TrimSpace(header[i]) + ": "
			}
			indent := "  "
			if i == 0 {
				indent = ""
			}
			lines = append(lines, strings.TrimRight(indent+label+paint(c, verdictAt(verdicts, r, i), colour), " "))
		}
		groups = append(groups, lines)
	}
	return groups
}

// wrapWords breaks s into lines of at most width columns at its spaces, keeping s's indentation
// on its first line; a word wider than width has a line of its own.
func wrapWords(s string, width int) []string {
	lead := leadSpaces(s)
	words := strings.Fields(s)
	if len(words) == 0 {
		return []string{""}
	}
	var lines []string
	line := strings.Repeat(" ", lead) + words[0]
	for _, w := range words[1:] {
		if Width(line)+1+Width(w) > width {
			lines = append(lines, line)
			line = w
			continue
		}
		line += " " + w
	}
	return append(lines, line)
}

func leadSpaces(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }
