// Package report writes the course's output in its layout: a lesson's heading, section titles,
// quoted blocks, fact rows and tables, all through one table helper, and the display writer
// that fits that output to a person's terminal.
package report

import (
	"fmt"
	"io"
	"strings"
)

// Report writes a lesson's or a tool's output in the course's layout. The first write error
// sticks, so a section can write freely and the command checks Err once at the end.
type Report struct {
	w   io.Writer
	err error
	// section is the title of the section being written, and titles every title so far, for
	// output that names the sections it read from.
	section string
	titles  []string
	// fanned, when the report writes to a Fanout, are the reports of its displays, which lay
	// out its tables and facts one display each.
	fanned []*Report
}

// New returns a Report that writes to w.
func New(w io.Writer) *Report { return &Report{w: w} }

// Err is the first error a write met, or nil.
func (r *Report) Err() error { return r.err }

// SetErr records err as the report's error unless one is recorded already, for output that a
// command writes around the report, such as JSON records.
func (r *Report) SetErr(err error) {
	if r.err == nil {
		r.err = err
	}
}

// Section is the title of the section being written.
func (r *Report) Section() string { return r.section }

// Titles are the titles of every section so far, in print order.
func (r *Report) Titles() []string { return r.titles }

// Printf writes formatted text as it is; a verdict mark in it is dropped, since only a table's
// cells are coloured.
func (r *Report) Printf(format string, args ...any) {
	if r.err != nil {
		return
	}
	_, r.err = io.WriteString(r.w, unmarkAll(fmt.Sprintf(format, args...)))
}

// colour reports whether the report's display colours verdicts.
func (r *Report) colour() bool {
	d, ok := r.w.(*displayWriter)
	return ok && d.colour
}

// Heading starts a lesson's output: "# l6" and a blank line.
func (r *Report) Heading(slug string) { r.Printf("# %s\n", slug) }

// Title starts a section, after a blank line.
func (r *Report) Title(format string, args ...any) {
	r.section = fmt.Sprintf(format, args...)
	r.titles = append(r.titles, r.section)
	r.Printf("\n== %s\n", r.section)
}

// Line writes one formatted line.
func (r *Report) Line(format string, args ...any) { r.Printf(format+"\n", args...) }

// Blank writes an empty line.
func (r *Report) Blank() { r.Printf("\n") }

// Quote prints text as a quoted block, one "  | " line per line of text, trailing spaces trimmed.
// A final line break ends the last line; it does not add an empty one.
func (r *Report) Quote(text string) {
	text = strings.TrimSuffix(text, "\n")
	for l := range strings.SplitSeq(text, "\n") {
		r.Printf("%s\n", strings.TrimRight("  | "+l, " "))
	}
}

// Fact is one row of a lesson's facts: a label and what was found.
type Fact struct{ Label, Value string }

// Facts prints label/value rows. With width 0 they are a table, the labels as wide as the widest.
// With a width, each label is padded to it on its own, as the original program's format items
// ({0,-35}) pad, so that a longer label pushes only its own value along.
func (r *Report) Facts(width int, rows ...Fact) {
	if r.each(func(s *Report) { s.Facts(width, rows...) }) {
		return
	}
	if width == 0 {
		cells := make([][]string, len(rows))
		for i, f := range rows {
			cells[i] = []string{f.Label, f.Value}
		}
		r.Table(nil, cells)
		return
	}
	for _, f := range rows {
		value, v := unmark(f.Value)
		line := Pad(f.Label, width) + "  " + value
		verdicts := [][]Verdict{{0, v}}
		if w := r.width(); w > 0 && Width(line) > w {
			if groups, ok := layoutColumns([][]string{{f.Label, value}}, verdicts, []int{width}, 2, w, r.colour()); ok {
				r.writeLaid([]string{line}, groups)
				continue
			}
		}
		if v != 0 && r.colour() {
			r.writeLaid([]string{line}, [][]string{pinLines([][]string{{f.Label, value}}, verdicts, []int{width}, 2, true)})
			continue
		}
		r.Printf("%s\n", line)
	}
}

// Pad returns s followed by spaces up to width display columns, as a .NET format item
// {0,-width} aligns it; a wider s is returned as it is. A marked cell is padded by its text
// alone, since its mark takes no column.
func Pad(s string, width int) string {
	return s + strings.Repeat(" ", max(width-cellWidth(s), 0))
}

// cellWidth is the display width of a cell's text, without its verdict mark.
func cellWidth(cell string) int {
	text, _ := unmark(cell)
	return Width(text)
}

// Table prints rows in columns two spaces apart, each as wide as its widest cell, with no
// borders and no trailing spaces. A nil header prints no header line.
func (r *Report) Table(header []string, rows [][]string) {
	if r.each(func(s *Report) { s.Table(header, rows) }) {
		return
	}
	if r.err != nil {
		return
	}
	rows, verdicts := unmarkRows(rows)
	lines := pinTable(header, rows)
	if w := r.width(); w > 0 && !fits(lines, w) {
		r.writeLaid(lines, layoutTable(header, rows, verdicts, w, r.colour()))
		return
	}
	if verdicts != nil && r.colour() && len(lines) == len(rows)+boolInt(header != nil) {
		// Pinned as the canonical form pins it, each cell coloured by its verdict.
		all, allVerdicts := rows, verdicts
		if header != nil {
			all, allVerdicts = append([][]string{header}, rows...), append([][]Verdict{nil}, verdicts...)
		}
		r.writeLaid(lines, groupLines(pinLines(all, allVerdicts, widthsOf(all), 2, true)))
		return
	}
	for _, l := range lines {
		r.Printf("%s\n", l)
	}
}

// writeLaid writes the lines of a table laid out for the display, groups holding the lines
// of each of its pinned lines, so that the display knows which pinned line each came from.
func (r *Report) writeLaid(pinned []string, groups [][]string) {
	if r.err != nil {
		return
	}
	if d, ok := r.w.(*displayWriter); ok {
		r.err = d.writeLaid(pinned, groups)
		return
	}
	for _, l := range flatten(groups) {
		r.Printf("%s\n", l)
	}
}

// pinTable lays a table out as the canonical form pins it: each column as wide as its widest
// cell, two spaces after it, trailing spaces trimmed; a row with no cells is left out, and a
// cell's lines stand one under another, a row's blank lines after its first left out (the
// header keeps its own). A table with no rows at all is one empty line.
func pinTable(header []string, rows [][]string) []string {
	var all [][]string
	if header != nil {
		all = append(all, header)
	}
	for _, row := range rows {
		if len(row) > 0 {
			all = append(all, row)
		}
	}
	if len(all) == 0 {
		return []string{""}
	}
	cols := 0
	for _, row := range all {
		cols = max(cols, len(row))
	}
	widths := make([]int, cols)
	cells := make([][][]string, len(all))
	for i, row := range all {
		cells[i] = make([][]string, cols)
		for c := range cols {
			cell := ""
			if c < len(row) {
				cell = row[c]
			}
			cells[i][c] = strings.Split(cell, "\n")
			for _, l := range cells[i][c] {
				widths[c] = max(widths[c], Width(l))
			}
		}
	}
	var lines []string
	for i, row := range cells {
		height := 1
		for _, cell := range row {
			height = max(height, len(cell))
		}
		for k := range height {
			blank := true
			for _, cell := range row {
				if k < len(cell) && cell[k] != "" {
					blank = false
				}
			}
			if blank && k > 0 && (header == nil || i > 0) {
				continue
			}
			var b strings.Builder
			for c, cell := range row {
				l := ""
				if k < len(cell) {
					l = cell[k]
				}
				b.WriteString(l + strings.Repeat(" ", max(widths[c]-Width(l), 0)) + "  ")
			}
			lines = append(lines, strings.TrimRight(b.String(), " "))
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

// widthsOf is each column's width: its widest cell's.
func widthsOf(rows [][]string) []int {
	var widths []int
	for _, row := range rows {
		for i, c := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], Width(c))
		}
	}
	return widths
}

// groupLines gives each line a group of its own, for a table whose lines pair with its pinned ones.
func groupLines(lines []string) [][]string {
	groups := make([][]string, len(lines))
	for i, l := range lines {
		groups[i] = []string{l}
	}
	return groups
}

// QuoteChunk writes a chunk the way the lesson shows it: in double quotes, with line breaks,
// carriage returns, quotes and backslashes escaped and every other character as it is.
func QuoteChunk(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`).Replace(s) + `"`
}

// ColumnWidths returns, for each column of header, the width of its widest cell in the header
// and in every table of rows, so that tables printed one after another can line up.
func ColumnWidths(header []string, tables ...[][]string) []int {
	widths := make([]int, len(header))
	measure := func(row []string) {
		for i, c := range row {
			if i < len(widths) {
				widths[i] = max(widths[i], cellWidth(c))
			}
		}
	}
	measure(header)
	for _, rows := range tables {
		for _, row := range rows {
			measure(row)
		}
	}
	return widths
}

// TableWidths prints a table as table does, with every column but the last at least as wide
// as widths says: the first line's cells (the header's, or the first row's) are padded.
func (r *Report) TableWidths(header []string, rows [][]string, widths []int) {
	widen := func(cells []string) []string {
		padded := make([]string, len(cells))
		for i, c := range cells {
			padded[i] = c
			if i < len(cells)-1 && i < len(widths) {
				padded[i] = Pad(c, widths[i])
			}
		}
		return padded
	}
	if header != nil {
		r.Table(widen(header), rows)
		return
	}
	if len(rows) > 0 {
		rows = append([][]string{widen(rows[0])}, rows[1:]...)
	}
	r.Table(nil, rows)
}

// FixedRow prints one row of cells in columns of fixed widths, one space apart, the last
// column unpadded; a cell wider than its column pushes the rest of its row along, as a
// label longer than its width does in facts. Tables whose cells overflow on purpose use it.
func (r *Report) FixedRow(widths []int, marked ...string) {
	if r.each(func(s *Report) { s.FixedRow(widths, marked...) }) {
		return
	}
	cells := make([]string, len(marked))
	verdicts := make([]Verdict, len(marked))
	for i, c := range marked {
		cells[i], verdicts[i] = unmark(c)
	}
	var b strings.Builder
	for i, c := range cells {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c)
		if i < len(widths) && i < len(cells)-1 {
			b.WriteString(strings.Repeat(" ", max(widths[i]-Width(c), 0)))
		}
	}
	line := strings.TrimRight(b.String(), " ")
	if d, ok := r.w.(*displayWriter); ok && (d.width > 0 || d.colour) && r.err == nil {
		// The display holds the rows until the table ends, so they are laid out together.
		r.err = d.fixedRow(widths, cells, verdicts, line)
		return
	}
	r.Printf("%s\n", line)
}
