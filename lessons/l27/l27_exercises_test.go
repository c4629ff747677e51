package l27

import (
	"strings"
	"testing"

	"course/internal/testutil"
	"course/learn/learntest"
)

// TestExercises runs every exercise of lesson 27 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	minor7 := ruleChord{"m7", "minor 7"}
	t.Run("l27.1", func(t *testing.T) {
		// The ninth, D, is in two of the three minor scales, and the textbook makes it a tension.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "a b c", Moved: sharpElevenExercise(minor7, "9")})
	})
	t.Run("l27.2", func(t *testing.T) {
		// Eb is Cm7's own third.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "nothing of the sort", Moved: verdictExercise("why does Eb sound outside over Cm7")})
	})
	t.Run("l27.3", func(t *testing.T) {
		// Over C7 the major third lies a semitone below F.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "a b c", Moved: elevenExercise(ruleChord{"7", "dominant 7"}, "F")})
	})
	t.Run("l27.4", func(t *testing.T) {
		// Over C7 F is the eleventh above the major third, and F# a tension.
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "available tension, chord tone", Moved: sus4Exercise("C7", []string{"F", "F#"})})
	})
}

// TestExtendedFlag checks that --extended adds rows to section 3 after the lesson's own, and
// that the lesson's output without it does not change.
func TestExtendedFlag(t *testing.T) {
	base, err := testutil.Run(t, NewCmd(nil), "l27")
	if err != nil {
		t.Fatal(err)
	}
	got, err := testutil.Run(t, NewCmd(nil), "l27", "--extended", "Csus4,Cm9")
	if err != nil {
		t.Fatal(err)
	}
	for _, chord := range []string{"Csus4", "Cm9"} {
		if strings.Contains(base, chord+" ") || !strings.Contains(got, "\n"+chord+" ") {
			t.Errorf("%s: in the lesson's own run %v, in the run with --extended %v", chord, strings.Contains(base, chord+" "), strings.Contains(got, "\n"+chord+" "))
		}
	}
	if strings.Index(got, "\nCsus4 ") < strings.Index(got, "\nCm11 ") {
		t.Error("the learner's chords come before the lesson's own")
	}
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 1, Want: "avoid note", Given: "an AVOID note.", OK: true},
		{Ex: 3, Want: "chord tone, available tension", Given: "a chord tone; a tension", OK: true},
		{Ex: 3, Want: "chord tone, available tension", Given: "chord tone\navailable tension", OK: true},
		{Ex: 3, Want: "chord tone, available tension", Given: "available tension, chord tone", OK: false},
		{Ex: 3, Want: "chord tone, available tension", Given: "chord tone, outside", OK: false},
	})
}
