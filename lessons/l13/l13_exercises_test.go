package l13

import (
	"testing"

	"course/learn/learntest"
	"course/theory"
)

// TestExercises runs every exercise of lesson 13 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	cMajor := theory.Tonality{Tonic: theory.MustNote("C")}
	dMinor := theory.Tonality{Tonic: theory.MustNote("D"), Minor: true}
	t.Run("l13.1", func(t *testing.T) {
		// A ii-V-I in C: no chord is minor enough for main to leave C major.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "b c", Moved: rootsOnlyExercise("Dm7 G7 Cmaj7", cMajor)})
	})
	t.Run("l13.2", func(t *testing.T) {
		// I vi IV V begun on its last chord, F, finds F minor, which holds all four roots.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "c e", Moved: firstChordExercise(theory.Tonality{Tonic: theory.MustNote("Bb")}, progressionNamed("I vi IV V"))})
	})
	t.Run("l13.3", func(t *testing.T) {
		// The natural minor's v stands on a degree of main's scale.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "a b", Moved: leadingToneExercise(dMinor, progressionNamed("i iv v i"))})
	})
}
