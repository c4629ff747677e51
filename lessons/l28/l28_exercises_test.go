package l28

import (
	"strings"
	"testing"

	"course/internal/testutil"
	"course/learn/learntest"
	"course/lessons/kit/chathost"
)

// TestExercises runs every exercise of lesson 28 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l28.1", func(t *testing.T) {
		// With a space after each word the expression finds the pair.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "a b", Moved: vsPatternExercise("Major vs minor")})
	})
	t.Run("l28.2", func(t *testing.T) {
		// The same four claims, the phrasings in the other order.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "a b", Moved: whichAnsweredExercise([]string{"Compare major and minor scales", "What is the difference between major and minor chords", "c major vs minor", "Major vs C minor"})})
	})
	t.Run("l28.3", func(t *testing.T) {
		// GA's skill as it is: two words only.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "a c", Moved: dorianExercise("")})
	})
	t.Run("l28.4", func(t *testing.T) {
		// A phrasing the skill refuses moves another count.
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "a", Moved: phrasingExercise("Majors vs minors")})
	})
	t.Run("l28.5", func(t *testing.T) {
		// Asked as it stands twice, the question never reaches the theory agent.
		const explain = "Explain the difference between major and minor"
		learntest.Exercise(t, l.Exercises[4], learntest.Case{Wrong: "b d", Moved: mainAgentExercise(chathost.Options{}, explain, explain)})
		testutil.AssertNoChildren(t)
	})
}

// TestExerciseBadHost checks that the exercise that needs a host fails with the host's error
// and leaves no process behind.
func TestExerciseBadHost(t *testing.T) {
	e := Exercises(&Options{Host: chathost.Options{Cmd: "/nonexistent/no-such-host"}}).Exercises[4]
	_, err := e.Solve(t.Context())
	if err == nil || !strings.Contains(err.Error(), "no-such-host") {
		t.Errorf("error %v", err)
	}
	testutil.AssertNoChildren(t)
}

// TestPhrasingFlag checks that --phrasing adds rows after the course's own and leaves the
// lesson's output alone without it.
func TestPhrasingFlag(t *testing.T) {
	base, err := testutil.Run(t, NewCmd(nil), "l28")
	if err != nil {
		t.Fatal(err)
	}
	got, err := testutil.Run(t, NewCmd(nil), "l28", "--phrasing", "Minor versus major, please", "--phrasing", "Majors vs minors")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(base, "Minor versus major, please") || !strings.Contains(got, "course   Minor versus major, please") {
		t.Errorf("the phrasing is not in the run with --phrasing alone:\n%s", got)
	}
	if strings.Count(got, "Majors vs minors") != strings.Count(base, "Majors vs minors")+1 {
		t.Error("a repeated phrasing is not asked again")
	}
	if strings.Index(got, "Minor versus major, please") < strings.Index(got, "Major pentatonic vs minor pentatonic") {
		t.Error("the learner's phrasings come before the course's own")
	}
}
