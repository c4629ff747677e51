package browser

import "strings"

// RenderMarkdown turns an answer into HTML with CommonMark's rules for the forms the chatbot's
// answers use, as GaChatbot.Api's page re-renders the whole answer as markdown after each chunk
// (Apps/GaChatbot.Api/wwwroot/index.html:786-790). The blocks are paragraphs, ATX headings,
// bullet and ordered lists, fenced code, block quotes and thematic breaks; the inlines are code
// spans, strong and emphasis, links and hard breaks. Raw HTML is left out, not run: an HTML block
// becomes a comment and an inline tag is shown as text. The renderer is a few functions of
// strings so that nothing is built before a page is drawn.
func RenderMarkdown(md string) (string, error) {
	var b strings.Builder
	renderBlocks(&b, strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n"))
	return b.String(), nil
}

// renderBlocks writes the blocks of lines: a block starts where the line's first characters
// say so, and a paragraph runs until a blank line or a line that starts another block.
func renderBlocks(b *strings.Builder, lines []string) {
	for i := 0; i < len(lines); {
		line := lines[i]
		trimmed := strings.TrimLeft(line, " ")
		indent := len(line) - len(trimmed)
		switch {
		case strings.TrimSpace(line) == "":
			i++
		case indent < 4 && isFence(trimmed):
			i = renderFence(b, lines, i)
		case indent < 4 && isBreak(trimmed):
			b.WriteString("<hr>\n")
			i++
		case indent < 4 && headingLevel(trimmed) > 0:
			n := headingLevel(trimmed)
			text := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(trimmed[n:]), "#"))
			tag := string(rune('0' + n))
			b.WriteString("<h" + tag + ">")
			renderInline(b, text)
			b.WriteString("</h" + tag + ">\n")
			i++
		case indent < 4 && strings.HasPrefix(trimmed, ">"):
			j := i
			var inner []string
			for j < len(lines) && strings.HasPrefix(strings.TrimLeft(lines[j], " "), ">") {
				q := strings.TrimPrefix(strings.TrimLeft(lines[j], " "), ">")
				inner = append(inner, strings.TrimPrefix(q, " "))
				j++
			}
			b.WriteString("<blockquote>\n")
			renderBlocks(b, inner)
			b.WriteString("</blockquote>\n")
			i = j
		case indent < 4 && isHTMLBlock(trimmed):
			for i < len(lines) && strings.TrimSpace(lines[i]) != "" {
				i++
			}
			b.WriteString("<!-- raw HTML omitted -->\n")
		case indent < 4 && listMarker(trimmed, false) != "":
			i = renderList(b, lines, i)
		default:
			i = renderParagraph(b, lines, i)
		}
	}
}

// renderParagraph writes the paragraph starting at line i and returns the line after it.
func renderParagraph(b *strings.Builder, lines []string, i int) int {
	var para []string
	for ; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimLeft(line, " ")
		if strings.TrimSpace(line) == "" || len(para) > 0 && interrupts(trimmed) {
			break
		}
		para = append(para, trimmed)
	}
	b.WriteString("<p>")
	renderLines(b, para)
	b.WriteString("</p>\n")
	return i
}

// interrupts says whether a line ends the paragraph before it: CommonMark lets a heading, a
// fence, a quote, a break, an HTML block, a bullet item or an ordered item numbered 1 do so.
func interrupts(trimmed string) bool {
	return isFence(trimmed) || isBreak(trimmed) || headingLevel(trimmed) > 0 ||
		strings.HasPrefix(trimmed, ">") || isHTMLBlock(trimmed) || listMarker(trimmed, true) != ""
}

// renderList writes the list whose first item is line i and returns the line after it.
// An item runs on over the lines that follow it until a blank line or the next item; a blank
// line followed by another item of the same kind keeps the list going.
func renderList(b *strings.Builder, lines []string, i int) int {
	first := listMarker(strings.TrimLeft(lines[i], " "), false)
	ordered := first != "-" && first != "*" && first != "+"
	kind := first[len(first)-1:]
	if ordered {
		start := strings.TrimSuffix(strings.TrimSuffix(first, "."), ")")
		start = strings.TrimLeft(start, "0")
		if start == "" {
			start = "0"
		}
		if start == "1" {
			b.WriteString("<ol>\n")
		} else {
			b.WriteString(`<ol start="` + start + `">` + "\n")
		}
	} else {
		b.WriteString("<ul>\n")
	}
	var items [][]string
	loose := false
	for i < len(lines) {
		trimmed := strings.TrimLeft(lines[i], " ")
		m := listMarker(trimmed, false)
		if m == "" || m[len(m)-1:] != kind || ordered != (m != "-" && m != "*" && m != "+") {
			break
		}
		item := []string{strings.TrimLeft(trimmed[len(m):], " ")}
		i++
		for i < len(lines) {
			next := strings.TrimLeft(lines[i], " ")
			if strings.TrimSpace(next) == "" || listMarker(next, false) != "" || interrupts(next) {
				break
			}
			item = append(item, next)
			i++
		}
		items = append(items, item)
		if i < len(lines) && strings.TrimSpace(lines[i]) == "" {
			j := i
			for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
				j++
			}
			if j < len(lines) {
				if m := listMarker(strings.TrimLeft(lines[j], " "), false); m != "" && m[len(m)-1:] == kind {
					// A blank line between items makes the list loose: each item is a paragraph.
					loose = true
					i = j
					continue
				}
			}
			break
		}
	}
	for _, item := range items {
		if loose {
			b.WriteString("<li>\n<p>")
			renderLines(b, item)
			b.WriteString("</p>\n</li>\n")
		} else {
			b.WriteString("<li>")
			renderLines(b, item)
			b.WriteString("</li>\n")
		}
	}
	if ordered {
		b.WriteString("</ol>\n")
	} else {
		b.WriteString("</ul>\n")
	}
	return i
}

// listMarker returns the list marker that starts a line ("-", "*", "+", "1.", "2)"), or "".
// A marker must be followed by a space or end the line; interrupting a paragraph, an item must
// have text and an ordered one must be numbered 1.
func listMarker(trimmed string, interrupting bool) string {
	if trimmed == "" {
		return ""
	}
	var m string
	switch c := trimmed[0]; {
	case c == '-' || c == '*' || c == '+':
		m = trimmed[:1]
	case c >= '0' && c <= '9':
		n := 0
		for n < len(trimmed) && n < 9 && trimmed[n] >= '0' && trimmed[n] <= '9' {
			n++
		}
		if n == len(trimmed) || trimmed[n] != '.' && trimmed[n] != ')' {
			return ""
		}
		m = trimmed[:n+1]
		if interrupting && strings.TrimLeft(trimmed[:n], "0") != "1" {
			return ""
		}
	default:
		return ""
	}
	rest := trimmed[len(m):]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return ""
	}
	if interrupting && strings.TrimSpace(rest) == "" {
		return ""
	}
	return m
}

// headingLevel is the level of an ATX heading line (1 to 6), or 0.
func headingLevel(trimmed string) int {
	n := 0
	for n < len(trimmed) && trimmed[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || n < len(trimmed) && trimmed[n] != ' ' && trimmed[n] != '\t' {
		return 0
	}
	return n
}

// isBreak says whether a line is a thematic break: three or more of one of -, * or _.
func isBreak(trimmed string) bool {
	s := strings.ReplaceAll(strings.ReplaceAll(strings.TrimSpace(trimmed), " ", ""), "\t", "")
	if len(s) < 3 || s[0] != '-' && s[0] != '*' && s[0] != '_' {
		return false
	}
	return strings.Count(s, s[:1]) == len(s)
}

// isFence says whether a line opens or closes fenced code.
func isFence(trimmed string) bool {
	return strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")
}

// isHTMLBlock says whether a line starts an HTML block: a tag, a closing tag or a comment.
func isHTMLBlock(trimmed string) bool {
	if len(trimmed) < 2 || trimmed[0] != '<' {
		return false
	}
	c := trimmed[1]
	return c == '/' || c == '!' || c == '?' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// renderFence writes the fenced code starting at line i and returns the line after its end.
func renderFence(b *strings.Builder, lines []string, i int) int {
	open := strings.TrimLeft(lines[i], " ")
	fence := open[:3]
	if info, _, _ := strings.Cut(strings.TrimSpace(strings.TrimLeft(open, fence[:1])), " "); info != "" {
		b.WriteString(`<pre><code class="language-` + escapeText(info) + `">`)
	} else {
		b.WriteString("<pre><code>")
	}
	for i++; i < len(lines); i++ {
		if strings.HasPrefix(strings.TrimLeft(lines[i], " "), fence) {
			i++
			break
		}
		b.WriteString(escapeText(lines[i]))
		b.WriteByte('\n')
	}
	b.WriteString("</code></pre>\n")
	return i
}

// renderLines writes a paragraph's or an item's lines as one run of inlines, so a code span or
// emphasis may cross a line: soft breaks stay newlines, and two trailing spaces or a trailing
// backslash make a hard break (hardBreak until the text is escaped).
func renderLines(b *strings.Builder, lines []string) {
	var text strings.Builder
	for k, line := range lines {
		if k > 0 {
			text.WriteByte('\n')
		}
		last := k == len(lines)-1
		switch {
		case !last && strings.HasSuffix(line, "  "):
			text.WriteString(strings.TrimRight(line, " \t") + hardBreak)
		case !last && strings.HasSuffix(line, `\`):
			text.WriteString(strings.TrimSuffix(line, `\`) + hardBreak)
		default:
			text.WriteString(strings.TrimRight(line, " \t"))
		}
	}
	renderInline(b, text.String())
}

// hardBreak marks a hard line break in a paragraph's text; escaping turns it into <br>.
const hardBreak = "\x00"

// renderInline writes one line's inlines: code spans first, then strong and emphasis, links and
// backslash escapes; everything else is text, escaped.
func renderInline(b *strings.Builder, s string) {
	for len(s) > 0 {
		switch c := s[0]; {
		case c == '\\' && len(s) > 1 && strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", s[1]) >= 0:
			b.WriteString(escapeText(s[1:2]))
			s = s[2:]
			continue
		case c == '`':
			n := 0
			for n < len(s) && s[n] == '`' {
				n++
			}
			if end := strings.Index(s[n:], s[:n]); end >= 0 {
				// A line end inside a code span is a space, and a hard break's mark goes with it.
				code := strings.ReplaceAll(strings.ReplaceAll(s[n:n+end], hardBreak, ""), "\n", " ")
				if len(code) > 1 && code[0] == ' ' && code[len(code)-1] == ' ' {
					code = code[1 : len(code)-1]
				}
				b.WriteString("<code>" + escapeText(code) + "</code>")
				s = s[n+end+n:]
				continue
			}
			b.WriteString(s[:n])
			s = s[n:]
			continue
		case c == '*' || c == '_':
			if rest, ok := renderEmphasis(b, s); ok {
				s = rest
				continue
			}
		case c == '[':
			if rest, ok := renderLink(b, s); ok {
				s = rest
				continue
			}
		case c == '<':
			if n := inlineTag(s); n > 0 {
				b.WriteString("<!-- raw HTML omitted -->")
				s = s[n:]
				continue
			}
		}
		n := 1
		// An underscore inside a word neither opens nor closes emphasis.
		for n < len(s) && (strings.IndexByte("\\`*_[<", s[n]) < 0 || s[n] == '_' && isWordByte(s[n-1])) {
			n++
		}
		b.WriteString(escapeText(s[:n]))
		s = s[n:]
	}
}

// renderEmphasis writes s's leading strong ("**x**") or emphasis ("*x*") if it closes, and
// returns what follows it. An opening run must be followed, and a closing run preceded, by a
// character that is not white space, as CommonMark's flanking rule asks.
func renderEmphasis(b *strings.Builder, s string) (string, bool) {
	if len(s) > 6 && s[1] == s[0] && s[2] == s[0] && !isSpace(s[3]) {
		if end := strings.Index(s[3:], s[:3]); end > 0 && !isSpace(s[3+end-1]) {
			b.WriteString("<em><strong>")
			renderInline(b, s[3:3+end])
			b.WriteString("</strong></em>")
			return s[3+end+3:], true
		}
	}
	for _, n := range []int{2, 1} {
		delim := s[:1]
		if n == 2 {
			delim += s[:1]
		}
		if !strings.HasPrefix(s, delim) || len(s) <= n || isSpace(s[n]) || n == 1 && s[1] == s[0] {
			continue
		}
		for from := n; ; {
			end := strings.Index(s[from:], delim)
			if end < 0 {
				break
			}
			end += from
			closes := !isSpace(s[end-1]) && (n == 2 || end+1 >= len(s) || s[end+1] != s[0])
			if s[0] == '_' && end+n < len(s) && isWordByte(s[end+n]) {
				closes = false
			}
			if closes {
				tag := "em"
				if n == 2 {
					tag = "strong"
				}
				b.WriteString("<" + tag + ">")
				renderInline(b, s[n:end])
				b.WriteString("</" + tag + ">")
				return s[end+n:], true
			}
			from = end + n
		}
	}
	return s, false
}

// renderLink writes s's leading inline link "[text](url)", and returns what follows it.
func renderLink(b *strings.Builder, s string) (string, bool) {
	mid := strings.Index(s, "](")
	if mid < 0 {
		return s, false
	}
	end := strings.IndexByte(s[mid+2:], ')')
	if end < 0 {
		return s, false
	}
	url := strings.TrimSpace(s[mid+2 : mid+2+end])
	if strings.ContainsAny(url, " <>") || strings.HasPrefix(strings.ToLower(url), "javascript:") {
		return s, false
	}
	b.WriteString(`<a href="` + escapeText(url) + `">`)
	renderInline(b, s[1:mid])
	b.WriteString("</a>")
	return s[mid+2+end+1:], true
}

// inlineTag is the length of the HTML tag s starts with ("<b>", "</b>", "<a href=x>"), or 0.
func inlineTag(s string) int {
	i := 1
	if i < len(s) && s[i] == '/' {
		i++
	}
	if i >= len(s) || !(s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		return 0
	}
	end := strings.IndexByte(s, '>')
	if end < 0 || strings.ContainsAny(s[:end], "<\n") && strings.IndexByte(s[1:end], '<') >= 0 {
		return 0
	}
	return end + 1
}

// textEscaper escapes text as CommonMark's reference renderer does: the apostrophe stays.
var textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", hardBreak, "<br>")

func escapeText(s string) string { return textEscaper.Replace(s) }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// isWordByte says whether c is a letter or digit of ASCII or part of a multi-byte character.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
