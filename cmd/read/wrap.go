package read

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"

	"course/internal/report"
)

// nbsp stands for a space the wrap must not break at (a code span's, its padding, a heading's
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
		// A code span stays on one line, as a command reads best whole, unless it is wider
		// than the line (cutColumns).
		code := strings.ReplaceAll(strings.ReplaceAll(b.String(), "\n", " "), " ", nbsp)
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
				if p.text = tail; tail != "" {
					emit() // the rest of the word starts the next line
				}
			}
		}
	}
	if len(line) > 0 {
		emit()
	}
	return lines
}

// cutColumns splits s after as many characters as fit in cols columns, at least one: after the
// last of its unbreakable spaces that fits, if one does.
func cutColumns(s string, cols int) (string, string) {
	used, space := 0, -1
	for i, c := range s {
		w := report.Width(string(c))
		if used+w > cols && i > 0 {
			if space > 0 {
				return s[:space], s[space:]
			}
			return s[:i], s[i:]
		}
		if string(c) == nbsp {
			space = i + len(nbsp)
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
