package l11

import (
	"bytes"
	"strings"
	"testing"

	"course/ga/keys"
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

// TestExamplesFollowTheProgression changes the example prompt: the chords read and the keys
// at the top move with it, and main's tie order with the first chord.
func TestExamplesFollowTheProgression(t *testing.T) {
	for _, tt := range []struct {
		prompt string
		want   []string
	}{
		{"What key is G D Em C in?", []string{
			"  a826864  reads G D Em C       4/4: E minor, G major\n",
			"  6baf32e  reads G D Em C       4/4: G major, E minor\n",
		}},
		{"What key is Em C G D in?", []string{
			"  a826864  reads Em C G D       4/4: E minor, G major\n",
			"  6baf32e  reads Em C G D       4/4: E minor, G major\n",
		}},
		{"What key is Bb F Gm Eb in?", []string{
			"  a826864  reads Bb F Gm Eb     4/4: Bb major, G minor\n",
			"  6baf32e  reads Bb F Gm Eb     4/4: Bb major, G minor\n",
		}},
	} {
		l, out := newTestLesson(t)
		l.examples = []string{tt.prompt}
		if err := l.examplePrompts(); err != nil {
			t.Fatal(err)
		}
		for _, w := range tt.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: output lacks %q:\n%s", tt.prompt, w, out)
			}
		}
		if l.toolChecks != 1 {
			t.Errorf("%s: %d tool checks, want 1", tt.prompt, l.toolChecks)
		}
	}
}

// TestPromptFollowsTheQuestion changes the prompt's question: the top matches, relative keys,
// diatonic sets and partial matches are those of the new chords; Ab minor holds E and B as Fb
// and Cb.
func TestPromptFollowsTheQuestion(t *testing.T) {
	l, out := newTestLesson(t)
	l.promptQuestion = "What key is E A B E in?"
	if err := l.prompt(); err != nil {
		t.Fatal(err)
	}
	want := `
== The data KeyIdentificationSkill puts in the model's prompt for "What key is E A B E in?", at a826864
── TOP MATCHES (all tied at the highest score) ──
• C# minor  (3/3 chords diatonic)
  Relative key : E major
  Diatonic set : C#m, D#dim, E, F#m, G#m, A, B
• E major  (3/3 chords diatonic)
  Relative key : C# minor
  Diatonic set : E, F#m, G#m, A, B, C#m, D#dim

── PARTIAL MATCHES ──
• A major  (2/3 chords diatonic)
• Ab minor  (2/3 chords diatonic)
• B major  (2/3 chords diatonic)
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestKeyMark(t *testing.T) {
	a := keyAnswer{chords: []string{"C", "F", "G"}, Selection: keys.Select(keys.Pin.Identify([]string{"C", "F", "G"}))}
	chords := []string{"C", "F", "G", "C"}
	if got := keyMark(a, chords, "A minor"); got != "=" {
		t.Errorf("A minor first: %q", got)
	}
	if got := keyMark(a, chords, "C major"); got != "~" {
		t.Errorf("C major tied: %q", got)
	}
	if got := keyMark(a, chords, "G major"); got != "x" {
		t.Errorf("G major not at the top: %q", got)
	}
	if got := keyMark(a, []string{"C", "F", "G7", "C"}, "C major"); got != "r" {
		t.Errorf("G7 read as G: %q", got)
	}
}
