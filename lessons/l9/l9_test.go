package l9

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"course/theory"
)

func newTestLesson(t *testing.T) (*lesson, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	l, err := newLesson(&out, false)
	if err != nil {
		t.Fatal(err)
	}
	return l, &out
}

func TestGradesEachAnswerAgainstTheTextbook(t *testing.T) {
	l, _ := newTestLesson(t)
	tests := []struct {
		from, to, mark, wrong string
	}{
		{"C", "G", ".", ""},
		{"E", "G#", "#", ""},
		{"C#", "Fb", "a", ""},
		{"Fb", "B", "a", ""},
		{"C", "Cb", "x", "C  to Cb  GA perfect unison (P1, 0) / textbook diminished unison (d1, -1)"},
		{"B#", "Fb", "x", "B# to Fb  GA perfect fifth (P5, 7) / textbook triply diminished fifth (ddd5, 4)"},
	}
	for _, tt := range tests {
		mark, f := l.gradeInterval(theory.MustNote(tt.from), theory.MustNote(tt.to))
		wrong := ""
		if f.Label != "" {
			wrong = f.Label + " / " + f.Value
		}
		if mark != tt.mark || wrong != tt.wrong {
			t.Errorf("%s to %s: %q %q, want %q %q", tt.from, tt.to, mark, wrong, tt.mark, tt.wrong)
		}
	}
}

// TestGridFollowsTheNames shrinks the grid to three names: the counts and the list of wrong
// answers are those of the three.
func TestGridFollowsTheNames(t *testing.T) {
	l, out := newTestLesson(t)
	l.names = []theory.Note{theory.MustNote("C"), theory.MustNote("Cb"), theory.MustNote("F#")}
	if err := l.intervalGrid(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"from\\to C  Cb F#\n",
		"C       .  x  # \n",
		`"What is the interval from X to Y?" for the 3 x 3 note names`,
		"F#      .  a  # \n",
		"9 questions: 4 right, 3 with a note read as another, 1 right with the quality abbreviated, 1 wrong\n",
		"== The note names read right, the interval wrong\nC  to Cb  GA perfect unison (P1, 0)           textbook diminished unison (d1, -1)\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestKeyTableFollowsTheKeys asks about a key past seven sharps: the scale skill refuses it,
// the relative-key skill cannot name its relative and counts no accidentals.
func TestKeyTableFollowsTheKeys(t *testing.T) {
	l, out := newTestLesson(t)
	l.keys = []theory.Tonality{{Tonic: theory.MustNote("C")}, {Tonic: theory.MustNote("G#")}}
	if err := l.keyTable(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"G# major    wrong  ?                                minor            E# minor      no sharps or flats\n",
		"2 keys: notes right 1, relative key right: ScaleInfoSkill 1, RelativeKeySkill 1; signature right 1\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out.String(), "C major ") {
		t.Errorf("C major, right everywhere, is listed:\n%s", out)
	}
}

// TestExamplesFollowThePrompts changes one example prompt of the interval intent into one
// the skill can read: the count of answered prompts moves, and the prompt leaves the list.
func TestExamplesFollowThePrompts(t *testing.T) {
	l, out := newTestLesson(t)
	prompts := append([]string(nil), l.examples[intervalIntent]...)
	for i, p := range prompts {
		if p == "Minor third up from D" {
			prompts[i] = "Minor third from D to F"
		}
	}
	l.examples[intervalIntent] = prompts
	if err := l.exampleTable(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "skill.interval: 6 of 13 answered\n") || strings.Contains(out.String(), "Minor third") {
		t.Errorf("the changed prompt did not move the table:\n%s", out)
	}
}

func TestCommandTakesNoArguments(t *testing.T) {
	cmd := NewCmd(func(context.Context, *Options) error { return nil })
	cmd.SetArgs([]string{"extra"})
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	if err := cmd.Execute(); err == nil {
		t.Error("l9 accepted an argument")
	}
}
