package learn

import (
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"

	"course/docs"
)

// Question is an exercise's question as the written lesson asks it.
type Question struct {
	// Title is the item's bold lead, "Line breaks on the wire", or "" when it has none.
	Title string
	// Text is the rest of the item, its lines unindented, the exercise's own commands cut out.
	Text string
}

// Question reads the exercise's question from the written lesson embedded in the binary:
// item Number of the numbered list under "## Exercises" in docs/<Lesson>.md. The question is
// kept there only, so the page and the terminal can never say different things.
func (e *Exercise) Question() (Question, error) {
	return questionFrom(docs.Lessons, e.Lesson, e.Number)
}

// docItem is a numbered item at the start of a line.
var docItem = regexp.MustCompile(`^(\d+)\. `)

func questionFrom(fsys fs.FS, slug string, n int) (Question, error) {
	file := slug + ".md"
	text, err := fs.ReadFile(fsys, file)
	if err != nil {
		return Question{}, fmt.Errorf("read the written lesson: %w", err)
	}
	_, section, ok := strings.Cut(string(text), "\n## Exercises\n")
	if !ok {
		return Question{}, fmt.Errorf("docs/%s has no \"## Exercises\" section", file)
	}
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	var lines []string
	in := false
	for line := range strings.SplitSeq(section, "\n") {
		if m := docItem.FindStringSubmatch(line); m != nil {
			k, _ := strconv.Atoi(m[1])
			if in {
				break
			}
			if in = k == n; in {
				lines = append(lines, strings.TrimPrefix(line, m[0]))
			}
			continue
		}
		if !in {
			continue
		}
		if !strings.HasPrefix(line, "   ") {
			break
		}
		lines = append(lines, strings.TrimSpace(line))
	}
	if lines == nil {
		return Question{}, fmt.Errorf("docs/%s lists no exercise %d under \"## Exercises\"", file, n)
	}
	body := strings.Join(lines, "\n")
	var q Question
	if rest, ok := strings.CutPrefix(body, "**"); ok {
		if title, after, ok := strings.Cut(rest, "**"); ok {
			q.Title = strings.TrimSuffix(title, ".")
			body = strings.TrimLeft(after, " \n")
		}
	}
	name := slug + "." + strconv.Itoa(n)
	for _, cmd := range []string{"`course exercise " + name + "`", fmt.Sprintf("`course %s --exercise %d`", slug, n)} {
		body = strings.ReplaceAll(body, cmd, "")
	}
	q.Text = wrap(strings.Fields(body), questionWidth)
	return q, nil
}

// questionWidth is where a question's lines are wrapped: the page's list items are indented,
// and the title takes part of the first line, so the lines are made again for the terminal.
const questionWidth = 96

func wrap(words []string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range words {
		switch {
		case n == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}
