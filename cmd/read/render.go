package read

import (
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"course/internal/report"
)

// style is how a page looks on a terminal: the SGR parameters of each element, "" for none.
// The plain style has none, and marks emphasis, strong text and code as the Markdown does.
type style struct {
	plain bool
	// text is the page's prose; heading a section's title and title the page's (an h1).
	text, heading, title string
	emphasis, strong     string
	// code is a code span, block a code block.
	code, block string
	// linkText is a link's text, link its address; imageText and image the same of an image.
	linkText, link, imageText, image string
	// rule is a thematic break and a table's lines.
	rule string
}

// The styles GLAMOUR_STYLE names, for a dark background and a light one, in the colours of the
// styles of that name that terminal Markdown readers share, so that a reader's setting for them
// holds here too.
var (
	darkStyle = style{
		text: "38;5;252", heading: "38;5;39;1", title: "38;5;228;48;5;63;1",
		emphasis: "3", strong: "1",
		code: "38;5;203;48;5;236", block: "38;5;244",
		linkText: "38;5;35;1", link: "38;5;30;4", imageText: "38;5;243", image: "38;5;212;4",
		rule: "38;5;240",
	}
	lightStyle = style{
		text: "38;5;234", heading: "38;5;27;1", title: "38;5;228;48;5;63;1",
		emphasis: "3", strong: "1",
		code: "38;5;203;48;5;254", block: "38;5;242",
		linkText: "38;5;29;1", link: "38;5;36;4", imageText: "38;5;243", image: "38;5;205;4",
		rule: "38;5;249",
	}
	plainStyle = style{plain: true}
)

// styleFor is the style of a page: plain without colour, else the one GLAMOUR_STYLE names
// (light, or notty and ascii for plain text), dark for any other.
func styleFor(colour bool) style {
	if !colour {
		return plainStyle
	}
	switch os.Getenv("GLAMOUR_STYLE") {
	case "light":
		return lightStyle
	case "notty", "ascii":
		return plainStyle
	}
	return darkStyle
}

// margin is the page's left margin; codeMargin how much further a code block stands in.
const (
	margin     = "  "
	codeMargin = "  "
)

// render renders the Markdown page at width columns, in colour or as plain text: the page's
// margin on every line, prose wrapped to the width, code blocks as they are.
func render(page string, width int, colour bool) string {
	src := []byte(page)
	r := &renderer{src: src, st: styleFor(colour)}
	doc := markdown().Parse(text.NewReader(src))
	var b strings.Builder
	b.WriteString("\n")
	for _, l := range r.blocks(doc, max(width-len(margin), 1)) {
		if l != "" {
			b.WriteString(margin)
		}
		b.WriteString(l + "\n")
	}
	b.WriteString("\n")
	return b.String()
}

// markdown is a CommonMark parser. Tables are read by the renderer (isTable) rather than by
// goldmark's extension, whose package builds its expressions as every process starts.
func markdown() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
}

// renderer renders one page's syntax tree.
type renderer struct {
	src []byte
	st  style
}

// blocks renders the blocks under parent in width columns, a blank line between two, none
// between the blocks of a tight list's item.
func (r *renderer) blocks(parent ast.Node, width int) []string {
	tight := false
	if _, ok := parent.(*ast.ListItem); ok {
		if l, ok := parent.Parent().(*ast.List); ok && l.IsTight {
			tight = true
		}
	}
	var out []string
	for n := parent.FirstChild(); n != nil; n = n.NextSibling() {
		lines := r.block(n, width)
		if len(lines) == 0 {
			continue
		}
		if len(out) > 0 && !tight {
			out = append(out, "")
		}
		out = append(out, lines...)
	}
	return out
}

// block renders one block in width columns.
func (r *renderer) block(n ast.Node, width int) []string {
	switch n := n.(type) {
	case *ast.Heading:
		return r.heading(n, width)
	case *ast.Paragraph, *ast.TextBlock:
		if rows, ok := r.table(n); ok {
			return r.layoutTable(rows, width)
		}
		return r.wrap(r.inline(n, r.st.text), width)
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		return r.code(n, width)
	case *ast.List:
		return r.list(n, width)
	case *ast.Blockquote:
		bar := "│ "
		if r.st.plain {
			bar = "| "
		}
		lines := r.blocks(n, max(width-utf8.RuneCountInString(bar), 1))
		for i, l := range lines {
			lines[i] = strings.TrimRight(r.paint(bar, r.st.rule)+l, " ")
		}
		return lines
	case *ast.ThematicBreak:
		return []string{r.paint("--------", r.st.rule)}
	case *ast.HTMLBlock:
		var lines []string
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			lines = append(lines, strings.TrimRight(string(seg.Value(r.src)), "\r\n"))
		}
		if n.HasClosure() {
			lines = append(lines, strings.TrimRight(string(n.ClosureLine.Value(r.src)), "\r\n"))
		}
		if len(lines) > 0 && strings.HasPrefix(strings.TrimSpace(lines[0]), "<!--") {
			return nil // a comment is for the page's writers
		}
		for i, l := range lines {
			lines[i] = r.paint(l, r.st.text)
		}
		return lines
	}
	return r.blocks(n, width)
}

// heading renders a heading: the page's title on its own colours (or behind "# " in plain
// text), a section's behind as many "#" as its level.
func (r *renderer) heading(n *ast.Heading, width int) []string {
	if n.Level == 1 && !r.st.plain {
		spans := append([]span{{text: nbsp, sgr: r.st.title}}, r.inline(n, r.st.title)...)
		return r.wrap(append(spans, span{text: nbsp, sgr: r.st.title}), width)
	}
	mark := strings.Repeat("#", n.Level) + nbsp
	return r.wrap(append([]span{{text: mark, sgr: r.st.heading}}, r.inline(n, r.st.heading)...), width)
}

// code renders a code block as it is, standing in from the prose, each line cut to the width
// as the course cuts its output, a tab to the next stop of four.
func (r *renderer) code(n ast.Node, width int) []string {
	var lines []string
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		l := expandTabs(strings.TrimRight(string(seg.Value(r.src)), "\r\n"))
		for _, piece := range report.Fit(l, max(width-len(codeMargin), 1)) {
			lines = append(lines, strings.TrimRight(codeMargin+r.paint(piece, r.st.block), " "))
		}
	}
	return lines
}

// expandTabs replaces each tab of a line with the spaces up to the next multiple of four.
func expandTabs(l string) string {
	if !strings.Contains(l, "\t") {
		return l
	}
	var b strings.Builder
	col := 0
	for _, c := range l {
		if c == '\t' {
			n := 4 - col%4
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(c)
		col += report.Width(string(c))
	}
	return b.String()
}

// list renders a list: each item behind its bullet or number, its later lines standing in
// under its text.
func (r *renderer) list(n *ast.List, width int) []string {
	markers := []string{}
	num := n.Start
	for item := n.FirstChild(); item != nil; item = item.NextSibling() {
		if n.IsOrdered() {
			markers = append(markers, strconv.Itoa(num)+". ")
			num++
		} else {
			markers = append(markers, "• ")
		}
	}
	hang := 0
	for _, m := range markers {
		hang = max(hang, utf8.RuneCountInString(m))
	}
	var out []string
	i := 0
	for item := n.FirstChild(); item != nil; item = item.NextSibling() {
		if i > 0 && !n.IsTight {
			out = append(out, "")
		}
		mark := markers[i] + strings.Repeat(" ", hang-utf8.RuneCountInString(markers[i]))
		for j, l := range r.blocks(item, max(width-hang, 1)) {
			switch {
			case j == 0:
				l = mark + l
			case l != "":
				l = strings.Repeat(" ", hang) + l
			}
			out = append(out, l)
		}
		i++
	}
	return out
}

// nbsp stands for a space the wrap must not break at (a code span's padding, a heading's
// mark); it is written as a space.
const nbsp = "\u00a0"

// span is a run of a paragraph's text in one style; hard is a hard line break.
type span struct {
	text string
	sgr  string
	hard bool
}

// inline flattens the inline content of n into spans, sgr the style of its text.
func (r *renderer) inline(n ast.Node, sgr string) []span {
	var spans []span
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		spans = append(spans, r.inlineNode(c, sgr)...)
	}
	return spans
}

func (r *renderer) inlineNode(n ast.Node, sgr string) []span {
	switch n := n.(type) {
	case *ast.Text:
		value := n.Segment.Value(r.src)
		if !n.IsRaw() {
			value = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(value)))
		}
		spans := []span{{text: string(value), sgr: sgr}}
		switch {
		case n.HardLineBreak():
			spans = append(spans, span{hard: true})
		case n.SoftLineBreak():
			spans = append(spans, span{text: " ", sgr: sgr})
		}
		return spans
	case *ast.String:
		return []span{{text: string(n.Value), sgr: sgr}}
	case *ast.CodeSpan:
		var b strings.Builder
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if t, ok := c.(*ast.Text); ok {
				b.Write(t.Segment.Value(r.src))
			}
		}
		code := strings.ReplaceAll(b.String(), "\n", " ")
		// Its own spaces at either end are part of it; the wrap breaks only at those inside.
		inner := strings.Trim(code, " ")
		lead, trail := len(code)-len(strings.TrimLeft(code, " ")), len(code)-len(strings.TrimRight(code, " "))
		if inner == "" {
			lead, trail = len(code), 0
		}
		code = strings.Repeat(nbsp, lead) + inner + strings.Repeat(nbsp, trail)
		if r.st.plain {
			return []span{{text: "`" + code + "`"}}
		}
		return []span{{text: nbsp + code + nbsp, sgr: r.st.code}}
	case *ast.Emphasis:
		mark, on := "*", r.st.emphasis
		if n.Level >= 2 {
			mark, on = "**", r.st.strong
		}
		if r.st.plain {
			return append(append([]span{{text: mark}}, r.inline(n, sgr)...), span{text: mark})
		}
		return r.inline(n, join(sgr, on))
	case *ast.Link:
		return r.link(r.inline(n, join(sgr, r.st.linkText)), string(util.UnescapePunctuations(n.Destination)), sgr, r.st.link)
	case *ast.AutoLink:
		url := string(n.URL(r.src))
		return []span{{text: url, sgr: join(sgr, r.st.link)}}
	case *ast.Image:
		alt := r.inline(n, join(sgr, r.st.imageText))
		spans := append([]span{{text: "Image: ", sgr: join(sgr, r.st.imageText)}}, alt...)
		spans = append(spans, span{text: " →", sgr: join(sgr, r.st.imageText)}, span{text: " ", sgr: sgr})
		return append(spans, span{text: string(util.UnescapePunctuations(n.Destination)), sgr: join(sgr, r.st.image)})
	case *ast.RawHTML:
		var b strings.Builder
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			b.Write(seg.Value(r.src))
		}
		return []span{{text: b.String(), sgr: sgr}}
	}
	return r.inline(n, sgr)
}

// link is a link's text followed by its address in parentheses, or its text alone when the
// two are the same.
func (r *renderer) link(label []span, dest, sgr, linkSGR string) []span {
	var b strings.Builder
	for _, s := range label {
		b.WriteString(s.text)
	}
	if dest == "" || b.String() == dest {
		return label
	}
	return append(label, span{text: " (", sgr: sgr}, span{text: dest, sgr: join(sgr, linkSGR)}, span{text: ")", sgr: sgr})
}

// join combines two lists of SGR parameters.
func join(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + ";" + b
}

// piece is a run of a word, or of the space before it, in one style.
type piece struct {
	text, sgr string
}

// word is what the wrap keeps on one line: its pieces, its width, the space before it
// (gap.text is "" at the start of the text and after a hard break), and whether a hard
// break comes before it.
type word struct {
	pieces []piece
	width  int
	gap    piece
	hard   bool
}

// words splits spans into words at their spaces: a run of spaces is one gap, in the style of
// its first.
func words(spans []span) []word {
	var out []word
	var cur word
	var gap piece
	hard := false
	flush := func() {
		if len(cur.pieces) == 0 {
			return
		}
		for _, p := range cur.pieces {
			cur.width += report.Width(p.text)
		}
		cur.gap, cur.hard = gap, hard
		out = append(out, cur)
		cur, gap, hard = word{}, piece{}, false
	}
	for _, s := range spans {
		if s.hard {
			flush()
			hard = true
			continue
		}
		rest := s.text
		for rest != "" {
			sp := strings.IndexAny(rest, " \t\n")
			if sp < 0 {
				cur.pieces = append(cur.pieces, piece{rest, s.sgr})
				break
			}
			if sp > 0 {
				cur.pieces = append(cur.pieces, piece{rest[:sp], s.sgr})
			}
			flush()
			if gap.text == "" {
				gap = piece{" ", s.sgr}
			}
			rest = rest[sp+1:]
		}
	}
	flush()
	return out
}

// wrap lays spans out in lines of at most width columns, breaking at spaces; a word wider
// than a line is cut.
func (r *renderer) wrap(spans []span, width int) []string {
	var lines []string
	var line []piece
	used := 0
	emit := func() {
		lines = append(lines, r.paintPieces(line))
		line, used = nil, 0
	}
	for _, w := range words(spans) {
		if len(line) > 0 && (w.hard || used+1+w.width > width) {
			emit()
		}
		if len(line) > 0 {
			line = append(line, w.gap)
			used++
		}
		if used+w.width <= width {
			line = append(line, w.pieces...)
			used += w.width
			continue
		}
		for _, p := range w.pieces {
			for p.text != "" {
				if used >= width {
					emit()
				}
				head, tail := cutColumns(p.text, width-used)
				line = append(line, piece{head, p.sgr})
				used += report.Width(head)
				p.text = tail
			}
		}
	}
	if len(line) > 0 {
		emit()
	}
	return lines
}

// cutColumns splits s after as many characters as fit in cols columns, at least one.
func cutColumns(s string, cols int) (string, string) {
	used := 0
	for i, c := range s {
		w := report.Width(string(c))
		if used+w > cols && i > 0 {
			return s[:i], s[i:]
		}
		used += w
	}
	return s, ""
}

// paintPieces writes a line's pieces, each run of one style behind its SGR sequence, the
// padding spaces as spaces.
func (r *renderer) paintPieces(line []piece) string {
	var b strings.Builder
	for i := 0; i < len(line); {
		j := i
		var run strings.Builder
		for j < len(line) && line[j].sgr == line[i].sgr {
			run.WriteString(line[j].text)
			j++
		}
		b.WriteString(r.paint(strings.ReplaceAll(run.String(), nbsp, " "), line[i].sgr))
		i = j
	}
	return strings.TrimRight(b.String(), " ")
}

// paint writes s in the style sgr.
func (r *renderer) paint(s, sgr string) string {
	if sgr == "" || s == "" || r.st.plain {
		return s
	}
	return "\x1b[" + sgr + "m" + s + "\x1b[0m"
}

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
