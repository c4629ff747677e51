package l8

import (
	"strings"
	"testing"

	"course/internal/testutil"
	"course/learn/learntest"
	"course/lessons/kit/chathost"
)

// TestExercises runs every exercise of lesson 8 through the tests each exercise of the course
// gets: the course's answer is accepted, a wrong one refused, and a change to the input the
// answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	host := chathost.Options{}
	t.Run("l8.1", func(t *testing.T) {
		// A minimum length above the answer's own: the length check fails first again.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: `missing "G"`, Moved: minLengthExercise(host, nil, 10, 200)})
		testutil.AssertNoChildren(t)
	})
	t.Run("l8.2", func(t *testing.T) {
		// Another prompt, whose answer moves other note names.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: `"D" in "Drop"`, Moved: higherStringExercise(host, nil, 47)})
		testutil.AssertNoChildren(t)
	})
	t.Run("l8.3", func(t *testing.T) {
		// Another prompt, whose answer a semitone higher keeps its first string standing alone.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "c", Moved: firstStringExercise(host, nil, 47)})
		testutil.AssertNoChildren(t)
	})
}

// TestExerciseOnTheHost solves exercise 1 on a prompt that names no intent, which goes to the
// host's /chat: the host started for it is stopped, and a host that cannot start is the error.
func TestExerciseOnTheHost(t *testing.T) {
	const chatPrompt = 18 // "Are 0146 and 0137 z-related", answered by the algebra intent through /chat
	a, err := minLengthExercise(chathost.Options{}, nil, chatPrompt, 1<<20).Solve(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(a.Value, "too short (") {
		t.Errorf("the /chat answer with a minimum length of 2^20 gets %q", a.Value)
	}
	testutil.AssertNoChildren(t)
	_, err = minLengthExercise(chathost.Options{Cmd: "/nonexistent/no-such-host"}, nil, chatPrompt, 60).Solve(t.Context())
	if err == nil || !strings.Contains(err.Error(), "no-such-host") {
		t.Errorf("with a host that cannot start: %v", err)
	}
	testutil.AssertNoChildren(t)
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 0, Want: `missing "G"`, Given: `Missing  “G”.`, OK: true},
		{Ex: 0, Want: `missing "G"`, Given: `missing G`, OK: true},
		{Ex: 0, Want: `missing "G"`, Given: `missing: "G"`, OK: false},
		{Ex: 0, Want: "pass", Given: "passes", OK: false},
		{Ex: 1, Want: `"E" in "Em"`, Given: `e, on em.`, OK: true},
		{Ex: 1, Want: `"F#" in "F#m"`, Given: `"F♯" in "F♯m"`, OK: true},
		{Ex: 1, Want: `"E" in "Em"`, Given: `"Em" in "E"`, OK: false},
		{Ex: 1, Want: `"E" in "Em"`, Given: `"E" at "Em"`, OK: false},
	})
}
