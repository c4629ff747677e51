package l24

import (
	"testing"

	"course/learn/learntest"
)

// TestExercises runs every exercise of lesson 24 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l24.1", func(t *testing.T) {
		// Other words between "equivalent" and "under", in another order.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "d e", Moved: relationWordExercise(
			"are pitch classes 0,1,3 and 0,2,3 equivalent", "under transposition", []string{"sets", "classes", "the", "set", ""})})
	})
	t.Run("l24.2", func(t *testing.T) {
		// The equalizer's forms, whose keyword is followed by a parenthesis, not a space.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "a", Moved: spellingsExercise("Equalizer")})
	})
	t.Run("l24.3", func(t *testing.T) {
		// Operators the surface expression lists.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "a b c d e f", Moved: surfaceExercise([]string{"C ⊗ G", "C ⊕ G", "C × G"})})
	})
}
