package read

import (
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

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
