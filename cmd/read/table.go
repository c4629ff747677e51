package read

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"course/internal/report"
)

// table reads a paragraph that is a table as GitHub's Markdown writes one: a header row, a
// row of dashes under each header cell, then the body's rows, the cells between pipes. It
// returns the rows of cells, the header's first.
func (r *renderer) table(n ast.Node) ([][][]span, bool) {
	lines := n.Lines()
	if lines.Len() < 2 {
		return nil, false
	}
	raw := make([]string, lines.Len())
	for i := range raw {
		seg := lines.At(i)
		raw[i] = strings.TrimSpace(string(seg.Value(r.src)))
	}
	header, delimiters := splitRow(raw[0]), splitRow(raw[1])
	if !strings.Contains(raw[0], "|") || len(delimiters) != len(header) || !isDelimiterRow(delimiters) {
		return nil, false
	}
	var rows [][][]span
	for i, l := range raw {
		if i == 1 {
			continue
		}
		sgr := r.st.text
		if i == 0 {
			sgr = join(sgr, r.st.strong)
		}
		cells := splitRow(l)
		row := make([][]span, len(header))
		for c := range row {
			if c < len(cells) {
				row[c] = r.cell(cells[c], sgr)
			}
		}
		rows = append(rows, row)
	}
	return rows, true
}

// splitRow splits a table's row into its cells' text: at each pipe not escaped by a
// backslash, the pipes at either end of the row dropped, "\|" read as a pipe.
func splitRow(l string) []string {
	var cells []string
	var cell strings.Builder
	for i := 0; i < len(l); i++ {
		switch {
		case l[i] == '\\' && i+1 < len(l) && l[i+1] == '|':
			cell.WriteByte('|')
			i++
		case l[i] == '|':
			cells = append(cells, strings.TrimSpace(cell.String()))
			cell.Reset()
		default:
			cell.WriteByte(l[i])
		}
	}
	cells = append(cells, strings.TrimSpace(cell.String()))
	if strings.HasPrefix(l, "|") {
		cells = cells[1:]
	}
	if len(cells) > 1 && strings.HasSuffix(l, "|") && !strings.HasSuffix(l, `\|`) {
		cells = cells[:len(cells)-1]
	}
	return cells
}

// isDelimiterRow reports whether every cell is a table's delimiter: dashes, a colon at
// either end for the alignment.
func isDelimiterRow(cells []string) bool {
	for _, c := range cells {
		d := strings.TrimSuffix(strings.TrimPrefix(c, ":"), ":")
		if d == "" || strings.Trim(d, "-") != "" {
			return false
		}
	}
	return true
}

// cell parses a table cell's text as a paragraph's, a leading list or block mark read as text.
func (r *renderer) cell(s, sgr string) []span {
	src := []byte(escapeBlockStart(s))
	doc := markdown().Parse(text.NewReader(src))
	p, ok := doc.FirstChild().(*ast.Paragraph)
	if !ok || p.NextSibling() != nil {
		return []span{{text: s, sgr: sgr}}
	}
	cr := &renderer{src: src, st: r.st}
	return cr.inline(p, sgr)
}

// escapeBlockStart escapes what would start a block other than a paragraph at the start of
// s: a number and its dot ("1. The map"), a bullet and its space, a heading's or a quote's mark.
func escapeBlockStart(s string) string {
	digits := len(s) - len(strings.TrimLeft(s, "0123456789"))
	switch {
	case digits > 0 && digits < len(s) && (s[digits] == '.' || s[digits] == ')'):
		return s[:digits] + `\` + s[digits:]
	case len(s) > 1 && strings.ContainsRune("-+*", rune(s[0])) && s[1] == ' ',
		strings.HasPrefix(s, "#"), strings.HasPrefix(s, ">"):
		return `\` + s
	}
	return s
}

// layoutTable lays out a table's rows in width columns, a rule under the header: each column
// as wide as its widest cell when they fit, else narrowed (columnWidths) and its cells wrapped.
func (r *renderer) layoutTable(rows [][][]span, width int) []string {
	cols := len(rows[0])
	cellWords := make([][][]int, len(rows))
	for i, row := range rows {
		cellWords[i] = make([][]int, cols)
		for c, cell := range row {
			for _, w := range words(cell) {
				cellWords[i][c] = append(cellWords[i][c], w.width)
			}
		}
	}
	widths := columnWidths(cellWords, width-3*(cols-1)) // a bar and a space either side between columns
	bar, rule, cross := "│", "─", "┼"
	if r.st.plain {
		bar, rule, cross = "|", "-", "|"
	}
	var out []string
	for i, row := range rows {
		cells := make([][]string, cols)
		height := 0
		for c, cell := range row {
			cells[c] = r.wrap(cell, widths[c])
			height = max(height, len(cells[c]))
		}
		for k := range height {
			var b strings.Builder
			for c := range cells {
				if c > 0 {
					b.WriteString(" " + r.paint(bar, r.st.rule) + " ")
				}
				l := ""
				if k < len(cells[c]) {
					l = cells[c][k]
				}
				b.WriteString(l + strings.Repeat(" ", max(widths[c]-report.Width(l), 0)))
			}
			out = append(out, strings.TrimRight(b.String(), " "))
		}
		if i == 0 {
			var b strings.Builder
			for c, w := range widths {
				if c > 0 {
					b.WriteString(rule + cross + rule)
				}
				b.WriteString(strings.Repeat(rule, w))
			}
			out = append(out, r.paint(b.String(), r.st.rule))
		}
	}
	return out
}

// columnWidths chooses the width of each column of a table whose cells are given by the
// widths of their words, so that the columns take at most room columns: each column's
// widest cell when they fit; else, a column at a time, the one whose narrowing adds the fewest
// lines to the table (the widest of those), no column narrower than its longest word unless
// all are down to theirs.
func columnWidths(cells [][][]int, room int) []int {
	cols := len(cells[0])
	widths, least := make([]int, cols), make([]int, cols)
	for _, row := range cells {
		for c, ws := range row {
			line := 0
			for i, w := range ws {
				line += w + boolInt(i > 0)
				least[c] = max(least[c], w)
			}
			widths[c] = max(widths[c], line)
		}
	}
	for c := range widths {
		widths[c] = max(widths[c], 1)
	}
	height := func() int {
		h := 0
		for _, row := range cells {
			tallest := 1
			for c, ws := range row {
				tallest = max(tallest, lineCount(ws, widths[c]))
			}
			h += tallest
		}
		return h
	}
	for sum(widths) > room {
		best, bestHeight := -1, 0
		for pass := 0; pass < 2 && best < 0; pass++ {
			for c := range widths {
				if widths[c] <= 1 || (pass == 0 && widths[c] <= least[c]) {
					continue
				}
				widths[c]--
				h := height()
				widths[c]++
				if best < 0 || h < bestHeight || (h == bestHeight && widths[c] > widths[best]) {
					best, bestHeight = c, h
				}
			}
		}
		if best < 0 {
			break
		}
		widths[best]--
	}
	return widths
}

// lineCount is how many lines words of these widths take, wrapped at width columns.
func lineCount(words []int, width int) int {
	lines, used := 1, 0
	for _, w := range words {
		switch {
		case used == 0:
			used = w
		case used+1+w <= width:
			used += 1 + w
		default:
			lines++
			used = w
		}
		for used > width {
			lines++
			used -= width
		}
	}
	return lines
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
