package l9

import (
	"context"
	"io"
	"strings"
	"testing"

	"course/internal/testutil"
	"course/learn/learntest"
	"course/theory"
)

// TestExercises runs every exercise of lesson 9 through the tests each exercise of the course
// gets: the course's answer is accepted, a wrong one refused, and a change to the input the
// answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l9.1", func(t *testing.T) {
		// A letter after the sharp, and a flat: the skill reads both notes.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "G C# A4, G C# A4",
			Moved: intervalExercise([]string{"What is the interval from G to C#m?", "What is the interval from G to Db?"})})
	})
	t.Run("l9.2", func(t *testing.T) {
		// A natural note has no sharp to give up: every question reads it.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "a b c d e f", Moved: sharpExercise("C", "F")})
	})
	t.Run("l9.3", func(t *testing.T) {
		// GA's own list against itself: no key changes.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "30, 6", Moved: keyOrderExercise(false)})
	})
	t.Run("l9.4", func(t *testing.T) {
		// A key the relative-key skill reads, past seven sharps.
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "a b c", Moved: theoreticalKeyExercise(theory.Tonality{Tonic: theory.MustNote("G#")})})
	})
}

// TestKeysFromSharps checks that --keys-from-sharps changes the key table's lines and nothing
// else of the lesson, and reaches the run from the command line.
func TestKeysFromSharps(t *testing.T) {
	ga := testutil.Output(t, func(w io.Writer) error { return run(t.Context(), w, &Options{}) })
	sharps := testutil.Output(t, func(w io.Writer) error { return run(t.Context(), w, &Options{KeysFromSharps: true}) })
	gaLines, sharpLines := strings.Split(ga, "\n"), strings.Split(sharps, "\n")
	start := slicesIndexPrefix(gaLines, "== ScaleInfoSkill and RelativeKeySkill")
	end := slicesIndexPrefix(gaLines, "== Keys past seven")
	if start < 0 || end < start {
		t.Fatalf("no key table in the lesson:\n%s", ga)
	}
	if strings.Join(gaLines[:start], "\n") != strings.Join(sharpLines[:start], "\n") ||
		strings.Join(gaLines[end:], "\n") != strings.Join(sharpLines[len(sharpLines)-(len(gaLines)-end):], "\n") {
		t.Errorf("--keys-from-sharps changes more than the key table:\n%s", testutil.LineDiff(ga, sharps))
	}
	if ga == sharps {
		t.Error("--keys-from-sharps changes nothing")
	}
	got := false
	cmd := NewCmd(func(_ context.Context, o *Options) error { got = o.KeysFromSharps; return nil })
	cmd.SetArgs([]string{"--keys-from-sharps"})
	if err := cmd.Execute(); err != nil || !got {
		t.Errorf("--keys-from-sharps: %v, reached the run: %v", err, got)
	}
}

func slicesIndexPrefix(lines []string, prefix string) int {
	for i, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return i
		}
	}
	return -1
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 0, Want: "C E M3, C Eb m3", Given: "from c to e is a M3, then C♭... ", OK: false},
		{Ex: 0, Want: "C E M3, C Eb m3", Given: "c e M3; C E♭ m3", OK: true},
		{Ex: 0, Want: "C E M3, C Eb m3", Given: "from c to e is a M3 then c to eb is a m3", OK: true},
		{Ex: 0, Want: "C E M3, C Eb m3", Given: "C E m3, C Eb m3", OK: false},
		{Ex: 0, Want: "C E M3, none", Given: "C E M3, NONE", OK: true},
		{Ex: 0, Want: "C E M3, C Eb m3", Given: "C E M3, C D# m3", OK: false},
		{Ex: 2, Want: "12 5", Given: "12 of 15, then 5", OK: true},
		{Ex: 2, Want: "12 5", Given: "5 12", OK: false},
	})
}
