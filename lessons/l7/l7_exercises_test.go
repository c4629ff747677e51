package l7

import (
	"strings"
	"testing"

	"course/internal/testutil"
	"course/learn/learntest"
)

// TestExercises runs every exercise of lesson 7 through the tests each exercise of the course
// gets: the course's answer is accepted, a wrong one refused, and a change to the input the
// answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l7.1", func(t *testing.T) {
		// A sharp that ends on a letter keeps its chord.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "needs the model; declines; same", Moved: rowExercise("which arpeggio fits Am F C#m G")})
	})
	t.Run("l7.2", func(t *testing.T) {
		// Without a valid chord beside it, Hm7 is declined.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "a b", Moved: declinedExercise("which arpeggio fits Hm7")})
	})
	t.Run("l7.3", func(t *testing.T) {
		// A valid chord beside Q7 silences the guard.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "no, no", Moved: guardExercise([]string{"solo over Q7", "solo over C and Q7"})})
	})
	t.Run("l7.4", func(t *testing.T) {
		// Bø7 itself in its own place is the chord the skill skips.
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "b d e", Moved: inPlaceExercise(messages[11], "Bø7", []string{"Bø7", "Bm7b5", "B°7"})})
	})
}

// TestMessageFlag checks that --message adds the learner's messages after the lesson's, in
// both tables.
func TestMessageFlag(t *testing.T) {
	out, err := testutil.Run(t, NewCmd(nil), "l7", "--message", "which arpeggio fits Dm G7", "--message", "solo over Zm7")
	if err != nil {
		t.Fatal(err)
	}
	n := len(messages)
	for _, want := range []string{
		"\n17  which arpeggio fits Dm G7 ",
		"\n18  solo over Zm7 ",
		"\n17  answers Dm G7 ",
		"\n18  needs the model        Zm7          declines ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("%d messages and two more: output lacks %q:\n%s", n, want, out)
		}
	}
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 0, Want: "needs the model; declines; differs", Given: "Needs  the model;declines.; DIFFERS", OK: true},
		{Ex: 0, Want: "needs the model; declines; differs", Given: "needs the model, declines, differs", OK: false},
		{Ex: 0, Want: "needs the model; declines; differs", Given: "needs model; declines; differs", OK: false},
		{Ex: 2, Want: "yes no", Given: "Y, false", OK: true},
		{Ex: 2, Want: "yes no", Given: "true; n.", OK: true},
		{Ex: 2, Want: "yes no", Given: "no yes", OK: false},
		{Ex: 2, Want: "yes no", Given: "yes maybe", OK: false},
	})
}
