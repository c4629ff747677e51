package l12

import (
	"bytes"
	"strings"
	"testing"
)

func newTestLesson(t *testing.T) (*lesson, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	l, err := newLesson(&out)
	if err != nil {
		t.Fatal(err)
	}
	return l, &out
}

// TestPromptFollowsTheProgression changes the question of the printed prompt: the chords,
// the detected keys and the allowed chords move with the progression.
func TestPromptFollowsTheProgression(t *testing.T) {
	l, out := newTestLesson(t)
	l.promptQuestion = "What chord comes next after D A Bm?"
	if err := l.prompt(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\n  | The input progression is: [D, A, Bm]\n  | Detected key: A major / B minor / D major / F# minor  (3/3 chords diatonic)\n  |\n",
		"  | AVAILABLE DIATONIC CHORDS — you may ONLY suggest chords from this list:\n  | A, Bm, C#m, D, E, F#m, G#dim\n",
		"  | to end or continue the progression in A major / B minor / D major / F# minor.\n",
		"  | (this is the standard harmonic minor adjustment).\n  |\n  | { \"chords\": [\"E7\"]",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestKeyFollowsTheProgression asks both versions for other progressions: the key and the
// chords the model may suggest move with them, and the pinned prompt is checked each time.
func TestKeyFollowsTheProgression(t *testing.T) {
	l, out := newTestLesson(t)
	for _, q := range []string{"What should follow Am F C?", "Continue E B C#m", "Help me end this"} {
		if err := l.show(q); err != nil {
			t.Fatal(err)
		}
	}
	want := `"What should follow Am F C?"
  a826864  reads Am F C; key: A minor / C major / D minor / F major (3/3)
           may suggest: Am, Bdim, C, Dm, Em, F, G
  6baf32e  reads Am F C; key: A minor / C major / F major / D minor (3/3)
           may suggest: Am, Bdim, C, Dm, Em, F, G
"Continue E B C#m"
  a826864  reads E B C#m; key: Ab minor / B major / C# minor / Cb major / E major / G# minor (3/3)
           may suggest: Abm, Bbdim, Cb, Dbm, Ebm, Fb, Gb
  6baf32e  reads E B C#m; key: E major / B major / Cb major / Ab minor / C# minor / G# minor (3/3)
           may suggest: E, F#m, G#m, A, B, C#m, D#dim
"Help me end this"
  a826864  no chord read
  6baf32e  no chord read
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if l.promptChecks != 2 {
		t.Errorf("%d prompts checked, want 2", l.promptChecks)
	}
}

func TestMarksAndProgressions(t *testing.T) {
	tt := told{chords: []string{"C#", "A#m", "F#"}, set: []string{"Db", "Ebm", "Fm", "Gb", "Ab", "Bbm", "Cdim"}}
	if m, _ := nextChordMark(tt, []string{"C#", "A#m", "F#"}, []string{"C#", "D#m", "E#m", "F#", "G#", "A#m", "B#dim"}); m != "e" {
		t.Errorf("respelled set: %q, want e", m)
	}
	if m, _ := nextChordMark(tt, []string{"C#", "A#m", "F"}, nil); m != "r" {
		t.Errorf("other chords read: %q, want r", m)
	}
	got := writtenProgressions("Try `C F G` → `C Gbmaj7 G`, `Am`, `I bVII IV I` or `C zz G`.")
	want := []string{"C F G", "I bVII IV I", "C zz G   <- zz: neither a chord symbol nor a Roman numeral"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("progressions = %q, want %q", got, want)
	}
}
