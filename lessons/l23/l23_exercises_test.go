package l23

import (
	"testing"

	"course/learn/learntest"
)

// TestExercises runs every exercise of lesson 23 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l23.1", func(t *testing.T) {
		// The same phrasings asked of the path skill, which reads another question.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "a b", Moved: phrasingExercise("path", []string{
			"how far apart are Cmaj7 and Dm7 harmonically",
			"how harmonically far is Am from D7",
			"how harmonically far is Am to D7",
			"harmonic distance from Am to D7",
			"how harmonically far is Am vs D7",
		})})
	})
	t.Run("l23.2", func(t *testing.T) {
		// The same pairs asked about another reading.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "a c", Moved: readingsExercise("more consonant", [][2]string{{"Cmaj7", "G7"}, {"Dm7", "G7"}, {"C", "Caug"}})})
	})
	t.Run("l23.3", func(t *testing.T) {
		// Cmaj7 has four notes: no move joins it to a triad.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "a b c", Moved: oneMoveExercise("C", "Cmaj7", "Caug")})
	})
}
