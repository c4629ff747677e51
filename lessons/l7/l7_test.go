package l7

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"course/ga/skills"
	"course/theory"
)

// row runs the second section on one message and returns its row.
func row(t *testing.T, message string) string {
	t.Helper()
	var out bytes.Buffer
	l := newLesson(&out, []string{message})
	if err := l.whatGADoes(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	return strings.Join(strings.Fields(lines[len(lines)-1]), " ")
}

// TestTableFollowsTheMessage changes the chords of a message: each change moves the row the
// way the skill's expressions say.
func TestTableFollowsTheMessage(t *testing.T) {
	tests := []struct{ message, want string }{
		{"which arpeggio fits Am F C G", "1 answers Am F C G - answers Am F C G same"},
		// A sharp root followed by a space loses its sharp.
		{"which arpeggio fits Am F C# G", "1 answers Am F C G - answers Am F C G DIFF reads C# as C"},
		{"which arpeggio fits Am F C#m G", "1 answers Am F C#m G - answers Am F C#m G same"},
		// An invalid chord alone is declined by #749; beside a valid one it is dropped.
		{"which arpeggio fits Hm", "1 needs the model Hm declines same"},
		{"which arpeggio fits Hm Am", "1 needs the model - needs the model DIFF reaches the model"},
		{"which arpeggio fits Hm Am G", "1 answers Am G - answers Am G DIFF drops Hm without a word"},
		{"which arpeggio fits G7", "1 needs the model - needs the model n/a"},
	}
	for _, tt := range tests {
		if got := row(t, tt.message); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.message, got, tt.want)
		}
	}
}

func TestFirstTableFollowsTheRecognizer(t *testing.T) {
	var out bytes.Buffer
	l := newLesson(&out, []string{"which arpeggio fits Dm7 Zm ii7"})
	if err := l.whatTheyHold(); err != nil {
		t.Fatal(err)
	}
	if want := "1   which arpeggio fits Dm7 Zm ii7     Dm7          Zm (root Z)\n"; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String())
	}
}

func TestVerdicts(t *testing.T) {
	read := theory.ReadSymbols
	tests := []struct {
		reading theory.Symbols
		got     skillResult
		want    string
	}{
		{read("fits Q7"), skillResult{kind: outcomeDeclines}, "same"},
		{read("fits Am Q7 G"), skillResult{kind: outcomeAnswers, chords: []string{"Am", "G"}, text: "answers Am G"}, "DIFF drops Q7 without a word"},
		{read("fits Am F"), skillResult{kind: outcomeOther, text: "something else"}, "DIFF something else"},
		{read("fits Am F G"), skillResult{kind: outcomeAnswers, chords: []string{"Am", "G"}}, "DIFF drops F without a word"},
		{read("fits V7"), skillResult{kind: outcomeModel}, "n/a"},
	}
	for _, tt := range tests {
		if got, _ := verdict(tt.reading, tt.got); got != tt.want {
			t.Errorf("verdict(%+v, %+v) = %q, want %q", tt.reading, tt.got, got, tt.want)
		}
	}
}

func TestDeclineFollowsTheTokens(t *testing.T) {
	var out bytes.Buffer
	l := newLesson(&out, []string{"which arpeggio fits Xm7"})
	l.declineAt = []int{0}
	if err := l.declines(); err != nil {
		t.Fatal(err)
	}
	want := "== #749's skill on \"which arpeggio fits Xm7\"\nconfidence 0.9\n  | " +
		skills.DeclineInvalidChords([]string{"Xm7"}) + "\nassumption: Not chord names (root outside A-G): Xm7.\n"
	if !strings.Contains(out.String(), want) || strings.Contains(out.String(), "German") {
		t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestConfidenceFormat(t *testing.T) {
	for c, want := range map[float64]string{0.9: "0.9", 0.85: "0.85", 1: "1.0", 0.2: "0.2"} {
		if got := confidence(c); got != want {
			t.Errorf("confidence(%v) = %q, want %q", c, got, want)
		}
	}
}

func TestCommandTakesNoArguments(t *testing.T) {
	cmd := NewCmd(func(context.Context, *Options) error { return nil })
	cmd.SetArgs([]string{"extra"})
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	if err := cmd.Execute(); err == nil {
		t.Error("l7 accepted an argument")
	}
}
