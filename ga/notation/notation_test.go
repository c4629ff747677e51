package notation

import (
	"strings"
	"testing"
)

// lessonAnswer is the 199-character answer of the lesson, LF line breaks.
const lessonAnswer = "Found 2 voicings matching chord Cmaj7:\n" +
	"\n" +
	"- **Cmaj7** `3-0-x-2-3-x` (guitar, score 0.369)\n" +
	"```vextab\n" +
	"6/3 5/0 3/2 2/3\n" +
	"```\n" +
	"- **Cmaj7** `3-0-0-2-3-x` (guitar, score 0.369)\n" +
	"```vextab\n" +
	"6/3 5/0 4/0 3/2 2/3\n" +
	"```"

// TestLessonAnswer puts diagrams into the voicing agent's answer to the lesson's question.
func TestLessonAnswer(t *testing.T) {
	const raw = "Found 2 voicings matching chord Cmaj7:\n" +
		"\n" +
		"- **Cmaj7** `3-0-x-2-3-x` (guitar, score 0.369)\n" +
		"- **Cmaj7** `3-0-0-2-3-x` (guitar, score 0.369)\n"
	tests := []struct {
		newline string
		rawLen  int
		length  int
	}{
		{"\n", 136, 199},
		{"\r\n", 140, 208},
	}
	for _, tt := range tests {
		text := strings.ReplaceAll(raw, "\n", tt.newline)
		if len(text) != tt.rawLen {
			t.Errorf("newline %q: raw answer of %d characters, want %d", tt.newline, len(text), tt.rawLen)
		}
		got, st := AugmentMarkdownWithVexTabFences(text, tt.newline)
		want := strings.ReplaceAll(lessonAnswer, "\n", tt.newline)
		if got != want {
			t.Errorf("newline %q:\n%q\nwant\n%q", tt.newline, got, want)
		}
		if len(got) != tt.length {
			t.Errorf("newline %q: %d characters, want %d", tt.newline, len(got), tt.length)
		}
		if st != (Stats{Diagrams: 2, Added: 2}) {
			t.Errorf("newline %q: stats %+v, want 2 and 2", tt.newline, st)
		}
	}
}

func TestAugment(t *testing.T) {
	tests := []struct {
		name, in, newline, want string
		st                      Stats
	}{
		{"no diagram, trailing whitespace trimmed", "Hello\r\nworld \n\n\u00a0", "\n", "Hello\nworld", Stats{}},
		{"empty", "", "\n", "", Stats{}},
		{"crlf output", "a\nb\n", "\r\n", "a\r\nb", Stats{}},
		{"default newline", "a\rb", "", "a\nb", Stats{}},
		{"diagram on the last line", "Try x-3-2-0-1-0", "\n",
			"Try x-3-2-0-1-0\n```vextab\n5/3 4/2 3/0 2/1 1/0\n```", Stats{1, 1}},
		{"two diagrams on one line", "3-x-0-0-0-3 or 0-2-2-1-0-0\nend", "\n",
			"3-x-0-0-0-3 or 0-2-2-1-0-0\n```vextab\n6/3 4/0 3/0 2/0 1/3\n```\n```vextab\n6/0 5/2 4/2 3/1 2/0 1/0\n```\nend", Stats{2, 2}},
		{"existing fence after blank lines", "a 3-0-x-2-3-x\n\n  \n```vextab\n6/3\n```", "\n",
			"a 3-0-x-2-3-x\n\n  \n```vextab\n6/3\n```", Stats{1, 0}},
		{"a plain fence does not count as vextab", "a 3-0-x-2-3-x\n```\nb\n```", "\n",
			"a 3-0-x-2-3-x\n```vextab\n6/3 5/0 3/2 2/3\n```\n```\nb\n```", Stats{1, 1}},
		{"diagrams in fenced regions are skipped", "```\n3-0-x-2-3-x\n```\n1-1-1-1-1-1\n  ```text\n0-0-0-0-0-0\n```", "\n",
			"```\n3-0-x-2-3-x\n```\n1-1-1-1-1-1\n```vextab\n6/1 5/1 4/1 3/1 2/1 1/1\n```\n  ```text\n0-0-0-0-0-0\n```", Stats{1, 1}},
		{"unclosed fence", "```\n1-1-1-1-1-1", "\n", "```\n1-1-1-1-1-1", Stats{}},
		{"two-digit frets and upper-case X", "12-14-X-x-10-36", "\n",
			"12-14-X-x-10-36\n```vextab\n6/12 5/14 2/10 1/36\n```", Stats{1, 1}},
		{"fret above 36 is not playable", "12-14-x-x-10-37\nok", "\n", "12-14-x-x-10-37\nok", Stats{}},
		{"all muted is not playable", "x-x-x-x-x-x", "\n", "x-x-x-x-x-x", Stats{}},
		{"four strings", "3-0-2-3", "\n", "3-0-2-3", Stats{}},
		// A hyphen is neither \w nor /, so the expression takes the first six
		// positions of a seven-position run, as .NET does.
		{"seven positions", "1-2-3-4-5-6-7", "\n", "1-2-3-4-5-6-7\n```vextab\n6/1 5/2 4/3 3/4 2/5 1/6\n```", Stats{1, 1}},
		{"three-digit fret", "100-1-1-1-1-1", "\n", "100-1-1-1-1-1", Stats{}},
		{"word and slash neighbours", "a1-1-1-1-1-1 /1-1-1-1-1-1 1-1-1-1-1-1/ 1-1-1-1-1-1b", "\n",
			"a1-1-1-1-1-1 /1-1-1-1-1-1 1-1-1-1-1-1/ 1-1-1-1-1-1b", Stats{}},
		{"unicode letters are word characters", "é1-1-1-1-1-1 1-1-1-1-1-1ж", "\n", "é1-1-1-1-1-1 1-1-1-1-1-1ж", Stats{}},
		{"punctuation neighbours", "(1-1-1-1-1-1), `2-2-2-2-2-2`.", "\n",
			"(1-1-1-1-1-1), `2-2-2-2-2-2`.\n```vextab\n6/1 5/1 4/1 3/1 2/1 1/1\n```\n```vextab\n6/2 5/2 4/2 3/2 2/2 1/2\n```", Stats{2, 2}},
		{"other line breaks", "a\u0085b\u2028c\u2029d\fe\r\rf", "\n", "a\nb\nc\nd\ne\n\nf", Stats{}},
		{"vertical tab is not a line break", "a\vb", "\n", "a\vb", Stats{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, st := AugmentMarkdownWithVexTabFences(tt.in, tt.newline)
			if got != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
			if st != tt.st {
				t.Errorf("stats %+v, want %+v", st, tt.st)
			}
		})
	}
}

func TestVexTabTokens(t *testing.T) {
	tests := []struct {
		diagram, want string
		ok            bool
	}{
		{"3-0-x-2-3-x", "6/3 5/0 3/2 2/3", true},
		{"3-0-0-2-3-x", "6/3 5/0 4/0 3/2 2/3", true},
		{"x-x-x-x-x-0", "1/0", true},
		{"0-0-0-0-0-99", "", false},
		{"1-2-3", "", false},
	}
	for _, tt := range tests {
		got, ok := VexTabTokens(tt.diagram)
		if got != tt.want || ok != tt.ok {
			t.Errorf("VexTabTokens(%q) = %q, %v; want %q, %v", tt.diagram, got, ok, tt.want, tt.ok)
		}
	}
}

func TestConcurrentUse(t *testing.T) {
	in := "- `3-0-x-2-3-x`\n- `3-0-0-2-3-x` and `1-1-1-1-1-1`\n"
	want, wantSt := AugmentMarkdownWithVexTabFences(in, "\n")
	done := make(chan struct{})
	for range 8 {
		go func() {
			defer func() { done <- struct{}{} }()
			for range 50 {
				if got, st := AugmentMarkdownWithVexTabFences(in, "\n"); got != want || st != wantSt {
					t.Errorf("concurrent call gave %q %+v", got, st)
					return
				}
			}
		}()
	}
	for range 8 {
		<-done
	}
}
