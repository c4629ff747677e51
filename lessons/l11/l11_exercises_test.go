package l11

import (
	"context"
	"io"
	"strings"
	"testing"

	"course/internal/testutil"
	"course/learn/learntest"
	"course/theory"
)

// TestExercises runs every exercise of lesson 11 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l11.1", func(t *testing.T) {
		// Triads without extensions: the pin reads them too.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "Am7 D7 Gmaj7, G major; Am7 D7 Gmaj7, G major", Moved: readingExercise("What key is Am D G in?")})
	})
	t.Run("l11.2", func(t *testing.T) {
		// A progression only one key holds whole: no tie at the top to order.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "a b", Moved: tieExercise([2]string{"What key is C F G in?", "What key is F C G in?"})})
	})
	t.Run("l11.3", func(t *testing.T) {
		// The same chords opening on Am: the key whose tonic opens it is another.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "a c", Moved: cadenceExercise([]string{"Am", "Em", "B7", "Em"}, "E minor")})
	})
	t.Run("l11.4", func(t *testing.T) {
		// GA's own list, from seven flats.
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "c", Moved: relativeOrderExercise(false, theory.Tonality{Tonic: theory.MustNote("G#"), Minor: true})})
	})
}

// TestKeysFromSharps checks that --keys-from-sharps reaches the run and changes only relative
// keys: every line it changes is one of section 4's or a prompt's relative key.
func TestKeysFromSharps(t *testing.T) {
	ga := testutil.Output(t, func(w io.Writer) error { return run(t.Context(), w, &Options{}) })
	sharps := testutil.Output(t, func(w io.Writer) error { return run(t.Context(), w, &Options{KeysFromSharps: true}) })
	gaLines, sharpLines := strings.Split(ga, "\n"), strings.Split(sharps, "\n")
	if len(gaLines) != len(sharpLines) {
		t.Fatalf("--keys-from-sharps changes the number of lines:\n%s", testutil.LineDiff(ga, sharps))
	}
	changed := 0
	for i := range gaLines {
		if gaLines[i] == sharpLines[i] {
			continue
		}
		changed++
		if !strings.Contains(gaLines[i], "with another relative key") && !strings.HasPrefix(gaLines[i], "  Relative key :") {
			t.Errorf("--keys-from-sharps changes a line that is no relative key's:\n- %s\n+ %s", gaLines[i], sharpLines[i])
		}
	}
	if changed == 0 {
		t.Error("--keys-from-sharps changes nothing")
	}
	got := false
	cmd := NewCmd(func(_ context.Context, o *Options) error { got = o.KeysFromSharps; return nil })
	cmd.SetArgs([]string{"--keys-from-sharps"})
	if err := cmd.Execute(); err != nil || !got {
		t.Errorf("--keys-from-sharps: %v, reached the run: %v", err, got)
	}
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 0, Want: "C G, C major; C G Am, A minor", Given: "c g c MAJOR;C, G, Am, A minor.", OK: true},
		{Ex: 0, Want: "C G, C major; C G Am, A minor", Given: "C G, C major; C G Am, A minor; extra", OK: false},
		{Ex: 0, Want: "C G, C major; C G Am, A minor", Given: "C G Am, A minor; C G, C major", OK: false},
		{Ex: 0, Want: "C G, C major; C G Am, A minor", Given: "C G, C major; C G A, A minor", OK: false},
		{Ex: 0, Want: "F# D#m, B major; nothing, no key", Given: "F♯ D♯m, B major; nothing, no key", OK: true},
	})
}
