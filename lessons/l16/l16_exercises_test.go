package l16

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"course/learn/learntest"
)

// TestExercises runs every exercise of lesson 16 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	for i, c := range []learntest.Case{
		// A chord the extractor reads: the answer is searched by it, and scores.
		{Wrong: "a c", Moved: noChordExercise("voicings for Am")},
		// No instrument: the filtered search finds the chord's own voicings.
		{Wrong: "c d", Moved: instrumentExercise("voicings for Cmaj7")},
		// A suffix both readers read as a textbook does: neither count moves the same way.
		{Wrong: "52 of 52, 0", Moved: symbolExercise(quality{"maj7", "1 3 5 7"})},
		// A triad the corpus holds on every root: the grid runs on.
		{Wrong: "b", Moved: gridExercise(quality{"sus2", "1 2 5"})},
	} {
		e := l.Exercises[i]
		t.Run(e.Name(), func(t *testing.T) { learntest.Exercise(t, e, c) })
	}
}

// TestQualityFlags checks that --symbol and --grid-quality reach the lesson's inputs, and
// that a value the course cannot spell stops the lesson before it prints.
func TestQualityFlags(t *testing.T) {
	var got *Options
	cmd := NewCmd(func(_ context.Context, o *Options) error { got = o; return nil })
	cmd.SetArgs([]string{"--symbol", "maj7#11=1 3 5 7 #11", "--grid-quality", "13=1 3 5 b7 9 11 13"})
	cmd.SetOut(&bytes.Buffer{})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if len(got.Symbols) != 1 || len(got.GridQualities) != 1 {
		t.Fatalf("options %+v", got)
	}
	for _, bad := range []Options{{Symbols: []string{"maj7#11"}}, {GridQualities: []string{"x=1 3 q"}}} {
		var out bytes.Buffer
		err := run(context.Background(), &out, &bad)
		if err == nil || !strings.HasPrefix(err.Error(), "l16: --") || out.Len() != 0 {
			t.Errorf("%+v: error %v, output %q", bad, err, out.String())
		}
	}
}
