package l10

import (
	"testing"

	"course/learn/learntest"
	"course/theory"
)

// TestExercises runs every exercise of lesson 10 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	key := func(name string, minor bool) theory.Tonality {
		return theory.Tonality{Tonic: theory.MustNote(name), Minor: minor}
	}
	t.Run("l10.1", func(t *testing.T) {
		// Two relative keys on sharp-side roots: both get the sharp list, and both are right.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "b d", Moved: sameNotesExercise(key("G", false), key("E", true))})
	})
	t.Run("l10.2", func(t *testing.T) {
		// A flat root the flat list writes as it is.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "a", Moved: unisonExercise(theory.MustNote("Db"))})
	})
	t.Run("l10.3", func(t *testing.T) {
		// Two keys that are not relative: different notes, different lines.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "a b", Moved: sameLineExercise(key("Db", false), key("Eb", true))})
	})
	t.Run("l10.4", func(t *testing.T) {
		// A minor chord, which both closures write alike.
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "c", Moved: passBackExercise("Bm", "Bm")})
	})
}
