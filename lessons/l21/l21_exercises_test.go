package l21

import (
	"bytes"
	"context"
	"testing"

	"course/learn/learntest"
)

// TestExercises runs every exercise of lesson 21 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	for i, c := range []learntest.Case{
		// A chord before the mode: the query vector is no longer zero.
		{Wrong: "b c", Moved: zeroScoresExercise("Cmaj7 Lydian on guitar")},
		// Two tags of different bits.
		{Wrong: "no", Moved: sameVoicingsExercise("Cmaj7 for", "Cmaj7 jazz")},
		// Half GA's weight: the tags still move the answers.
		{Wrong: "0.7, 188", Moved: symbolicWeightExercise(0.05)},
	} {
		e := l.Exercises[i]
		t.Run(e.Name(), func(t *testing.T) { learntest.Exercise(t, e, c) })
	}
}

// TestSymbolicWeightFlag checks that --symbolic-weight reaches the lesson, and that a
// weight that is not one stops it before it runs.
func TestSymbolicWeightFlag(t *testing.T) {
	var got *Options
	cmd := NewCmd(func(_ context.Context, o *Options) error { got = o; return nil })
	cmd.SetArgs([]string{"--symbolic-weight", "0"})
	cmd.SetOut(&bytes.Buffer{})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.SymbolicWeight == nil || *got.SymbolicWeight != 0 {
		t.Fatalf("weight %v", got.SymbolicWeight)
	}
	for _, bad := range []string{"-1", "heavy"} {
		cmd := NewCmd(func(context.Context, *Options) error { t.Error("ran"); return nil })
		cmd.SetArgs([]string{"--symbolic-weight", bad})
		cmd.SetOut(&bytes.Buffer{})
		cmd.SetErr(&bytes.Buffer{})
		if err := cmd.Execute(); err == nil {
			t.Errorf("--symbolic-weight %s accepted", bad)
		}
	}
}
