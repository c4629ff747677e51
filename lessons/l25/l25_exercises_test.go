package l25

import (
	"strings"
	"testing"

	"course/ga/revision"
	"course/internal/testutil"
	"course/learn/learntest"
	"course/lessons/kit/chathost"
)

// TestExercises runs every exercise of lesson 25 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l25.1", func(t *testing.T) {
		// Phrasings that name the transposition outright.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "b c", Moved: unclaimedExercise([]string{"Transpose Dm7 up a fourth", "Shift Dm7 up a fourth", "Dm7 in the key of G", "Take Dm7 a fourth higher", "Play Dm7 a fourth higher"})})
	})
	t.Run("l25.2", func(t *testing.T) {
		// Without "up a" alone, the phrasings of "down a" keep their trigger.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "0, 0", Moved: upDownExercise([]string{"up a"})})
	})
	t.Run("l25.3", func(t *testing.T) {
		// A capo phrasing without "transpose" fires the capo hint alone.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "d e", Moved: capoHintsExercise("Put the capo on fret 3")})
	})
	t.Run("l25.4", func(t *testing.T) {
		// A phrasing with a chord symbol in it: the voicing agent finds voicings.
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "b c d", Moved: capoOnMainExercise(chathost.Options{}, "Transpose Cmaj7 up a perfect fourth")})
		testutil.AssertNoChildren(t)
	})
}

// TestExerciseBadHost checks that the exercise that needs a host fails with the host's error
// and leaves no process behind.
func TestExerciseBadHost(t *testing.T) {
	e := Exercises(&Options{Host: chathost.Options{Cmd: "/nonexistent/no-such-host"}}).Exercises[3]
	_, err := e.Solve(t.Context())
	if err == nil || !strings.Contains(err.Error(), "no-such-host") {
		t.Errorf("error %v", err)
	}
	testutil.AssertNoChildren(t)
}

// TestPhrasingFlag checks that --phrasing adds a row to the first table after the course's
// own, and counts it.
func TestPhrasingFlag(t *testing.T) {
	own, err := newLesson(&strings.Builder{}, revision.Pin)
	if err != nil {
		t.Fatal(err)
	}
	l, err := newLesson(&strings.Builder{}, revision.Pin, "Take Dm7 a fourth higher")
	if err != nil {
		t.Fatal(err)
	}
	if len(l.phrasings) != len(own.phrasings)+1 {
		t.Errorf("%d phrasings with one added to %d", len(l.phrasings), len(own.phrasings))
	}
	if last := l.phrasings[len(l.phrasings)-1]; last != (phrasing{"course", "Take Dm7 a fourth higher"}) {
		t.Errorf("the last phrasing is %+v", last)
	}
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 1, Want: "3 9", Given: "3, then 9.", OK: true},
		{Ex: 1, Want: "3 9", Given: "3 of 5; 9", OK: true},
		{Ex: 1, Want: "3 9", Given: "9 3", OK: false},
	})
}
