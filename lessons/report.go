package lessons

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/sergi/go-diff/diffmatchpatch"
)

// report writes a lesson's output in the course's layout. The first write error sticks, so a
// section can write freely and the lesson checks once at the end.
type report struct {
	w   io.Writer
	err error
}

func newReport(w io.Writer) *report { return &report{w: w} }

func (r *report) printf(format string, args ...any) {
	if r.err != nil {
		return
	}
	_, r.err = fmt.Fprintf(r.w, format, args...)
}

// heading starts a lesson's output: "# l6" and a blank line.
func (r *report) heading(slug string) { r.printf("# %s\n", slug) }

// title starts a section, after a blank line.
func (r *report) title(format string, args ...any) {
	r.printf("\n== "+format+"\n", args...)
}

func (r *report) line(format string, args ...any) { r.printf(format+"\n", args...) }

func (r *report) blank() { r.printf("\n") }

// quote prints text as a quoted block, one "  | " line per line of text, trailing spaces trimmed.
// A final line break ends the last line; it does not add an empty one.
func (r *report) quote(text string) {
	text = strings.TrimSuffix(text, "\n")
	for l := range strings.SplitSeq(text, "\n") {
		r.printf("%s\n", strings.TrimRight("  | "+l, " "))
	}
}

// fact is one row of a lesson's facts: a label and what was found.
type fact struct{ label, value string }

// facts prints label/value rows with the labels padded to width, or to the widest label when
// width is 0; a label longer than width pushes its own value along.
func (r *report) facts(width int, rows ...fact) {
	if width == 0 {
		for _, f := range rows {
			width = max(width, len([]rune(f.label)))
		}
	}
	for _, f := range rows {
		pad := max(width-len([]rune(f.label)), 0)
		r.printf("%s%s  %s\n", f.label, strings.Repeat(" ", pad), f.value)
	}
}

// table prints rows in columns two spaces apart, each as wide as its widest cell, with no
// borders and no trailing spaces. A nil header prints no header line.
func (r *report) table(header []string, rows [][]string) {
	if r.err != nil {
		return
	}
	var buf bytes.Buffer
	t := tablewriter.NewTable(&buf,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{
			Borders: tw.BorderNone,
			Settings: tw.Settings{
				Separators: tw.Separators{BetweenColumns: tw.Off, BetweenRows: tw.Off},
				Lines:      tw.Lines{ShowTop: tw.Off, ShowBottom: tw.Off, ShowHeaderLine: tw.Off},
			},
		})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithTrimSpace(tw.Off),
		tablewriter.WithEastAsian(tw.Off),
		tablewriter.WithPadding(tw.Padding{Right: "  ", Overwrite: true}),
	)
	if header != nil {
		t.Header(header)
	}
	if err := t.Bulk(rows); err != nil {
		r.err = fmt.Errorf("table: %w", err)
		return
	}
	if err := t.Render(); err != nil {
		r.err = fmt.Errorf("table: %w", err)
		return
	}
	for l := range strings.SplitSeq(strings.TrimSuffix(buf.String(), "\n"), "\n") {
		r.printf("%s\n", strings.TrimRight(l, " "))
	}
}

// quoteChunk writes a chunk the way the lesson shows it: in double quotes, with line breaks,
// carriage returns, quotes and backslashes escaped and every other character as it is.
func quoteChunk(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`).Replace(s) + `"`
}

// lineDiff renders a line diff of want and got: "- " for lines only in want, "+ " for lines only
// in got, and up to diffContext unchanged lines around each change. The diff has no timeout, so
// the same inputs always give the same diff.
func lineDiff(want, got string) string {
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	a, b, lines := dmp.DiffLinesToRunes(want, got)
	diffs := dmp.DiffCharsToLines(dmp.DiffMainRunes(a, b, false), lines)
	var out strings.Builder
	for i, d := range diffs {
		text := strings.Split(strings.TrimSuffix(d.Text, "\n"), "\n")
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			writePrefixed(&out, "- ", text)
		case diffmatchpatch.DiffInsert:
			writePrefixed(&out, "+ ", text)
		default:
			head, tail := 0, 0
			if i > 0 {
				head = diffContext
			}
			if i < len(diffs)-1 {
				tail = diffContext
			}
			if head+tail >= len(text) {
				writePrefixed(&out, "  ", text)
				continue
			}
			writePrefixed(&out, "  ", text[:head])
			out.WriteString("  ...\n")
			writePrefixed(&out, "  ", text[len(text)-tail:])
		}
	}
	return out.String()
}

// diffContext is how many unchanged lines lineDiff shows on each side of a change.
const diffContext = 3

func writePrefixed(b *strings.Builder, prefix string, lines []string) {
	for _, l := range lines {
		b.WriteString(prefix + l + "\n")
	}
}

// columnWidths returns, for each column of header, the width of its widest cell in the header
// and in every table of rows, so that tables printed one after another can line up.
func columnWidths(header []string, tables ...[][]string) []int {
	widths := make([]int, len(header))
	measure := func(row []string) {
		for i, c := range row {
			if i < len(widths) {
				widths[i] = max(widths[i], len([]rune(c)))
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

// tableWidths prints a table as table does, with every column but the last at least as wide
// as widths says; the header's cells are padded to widen the columns.
func (r *report) tableWidths(header []string, rows [][]string, widths []int) {
	padded := make([]string, len(header))
	for i, h := range header {
		padded[i] = h
		if i < len(header)-1 && i < len(widths) {
			padded[i] += strings.Repeat(" ", max(widths[i]-len([]rune(h)), 0))
		}
	}
	r.table(padded, rows)
}

// fixedRow prints one row of cells in columns of fixed widths, one space apart, the last
// column unpadded; a cell wider than its column pushes the rest of its row along, as a
// label longer than its width does in facts. Tables whose cells overflow on purpose use it.
func (r *report) fixedRow(widths []int, cells ...string) {
	var b strings.Builder
	for i, c := range cells {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c)
		if i < len(widths) && i < len(cells)-1 {
			b.WriteString(strings.Repeat(" ", max(widths[i]-len([]rune(c)), 0)))
		}
	}
	r.printf("%s\n", strings.TrimRight(b.String(), " "))
}
