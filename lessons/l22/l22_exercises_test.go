package l22

import (
	"testing"

	"course/learn/learntest"
	"course/lessons/kit"
)

// TestExercises runs every exercise of lesson 22 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l22.1", func(t *testing.T) {
		// At distance 2, sets of the same size are within reach.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "C Cm", Moved: distanceExercise(kit.GrothendieckQualities, 2)})
	})
	t.Run("l22.2", func(t *testing.T) {
		// After "C#m" the boundary falls after the m.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "C#", Moved: sharpRootExercise("ICV neighbors of C#m")})
	})
	t.Run("l22.3", func(t *testing.T) {
		// E major gets the same rows, and E is in some of them.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "8, 8", Moved: sharedNotesExercise([]string{"E", "G"})})
	})
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 0, Want: "Cm C7", Given: "C7, Cm.", OK: true},
		{Ex: 0, Want: "none", Given: "NONE", OK: true},
		{Ex: 0, Want: "Cm C7", Given: "CM C7", OK: false},
		{Ex: 0, Want: "Cm C7", Given: "Cm; C7", OK: false},
	})
}
