package l23

import (
	"strings"

	"course/ga/algebra"
	"course/ga/skills"
	"course/lessons/kit"
)

// How the lesson reads the answers of GrothendieckDeltaSkill and IcvShortestPathSkill, fast
// enough for the sweep's 110,592 lines.

// pairSkill is one of the two skills that read a pair of chords.
type pairSkill interface {
	Execute(message string) skills.Result
	CanHandle(message string) bool
	BuildSet(token string) (algebra.Set, bool)
}

// pairAnswer is what the lesson reads in a pair skill's answer: whether it answered, the two
// chords its heading names, and its lines.
type pairAnswer struct {
	kind, a, b string
	lines      []string
}

// says is the answer in a word: the pair it answers for, or that it declined.
func (p pairAnswer) says() string {
	switch p.kind {
	case "answer":
		return p.a + " → " + p.b
	case "unparsed":
		return "can't parse"
	}
	return "declined"
}

// value is the value after a line's label, as "- **L1 norm** (Manhattan): **2**" gives "2".
func (p pairAnswer) value(label string) string {
	for _, l := range p.lines {
		if strings.HasPrefix(l, label) {
			return lineValue(l)
		}
	}
	return ""
}

// lineValue is the last part of a line between "**" that is not blank, without backquotes,
// spaces and colons.
func lineValue(line string) string {
	last := ""
	for {
		part, rest, found := strings.Cut(line, "**")
		if !blank(part) {
			last = part
		}
		if !found {
			break
		}
		line = rest
	}
	return trimValue(last)
}

// trimValue is strings.Trim(s, "` :") without building the cut set for each of the sweep's
// 110,592 values.
func trimValue(s string) string {
	cut := func(c byte) bool { return c == '`' || c == ' ' || c == ':' }
	for s != "" && cut(s[0]) {
		s = s[1:]
	}
	for s != "" && cut(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// blank reports whether s is empty or white space only, as strings.TrimSpace(s) == "" does;
// the sweep reads 110,592 lines, so ASCII text is decided without trimming.
func blank(s string) bool {
	for i := range len(s) {
		switch c := s[i]; {
		case c >= 0x80:
			return strings.TrimSpace(s) == ""
		case c != ' ' && (c < '\t' || c > '\r'):
			return false
		}
	}
	return true
}

// readPair reads a delta or path answer.
func readPair(text string) pairAnswer {
	p := pairAnswer{kind: "declined", lines: kit.AnswerLines(text)}
	var head string
	switch {
	case strings.HasPrefix(text, "I couldn't parse"):
		p.kind = "unparsed"
		return p
	case strings.HasPrefix(text, "**Grothendieck delta "):
		head = "**Grothendieck delta "
	case strings.HasPrefix(text, "**Shortest harmonic path "):
		head = "**Shortest harmonic path "
	default:
		return p
	}
	pair := text[len(head) : 2+strings.Index(text[2:], "**")]
	p.kind = "answer"
	p.a, p.b, _ = strings.Cut(pair, " → ")
	return p
}
