package l20

import (
	"testing"

	"course/ga/composition"
	"course/learn/learntest"
	"course/theory"
)

// TestExercises runs every exercise of lesson 20 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	templates := composition.GATemplates()
	t.Run("l20.1", func(t *testing.T) {
		// A minor's andalusian has no accidental for the tool to spell either way.
		aMinor := theory.Tonality{Tonic: theory.MustNote("A"), Minor: true}
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "a b",
			Moved: rootsExercise(templates, "andalusian", aMinor, []string{"A minor", "Am", "A7b9"})})
	})
	t.Run("l20.2", func(t *testing.T) {
		// ii-V-I has other chords, so other characters per chord.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "100, 200, 300",
			Moved: lengthsExercise(templates, "C", "ii-V-I", []int{12, 13, 100000})})
	})
	t.Run("l20.3", func(t *testing.T) {
		// One chord more ends one step further into the pass.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "G7",
			Moved: lastChordExercise(templates, "C", "12-bar-blues", 100001)})
	})
	t.Run("l20.4", func(t *testing.T) {
		// The two templates the other way round.
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "Cb",
			Moved: keysExercise(templates, "I-V-vi-IV", "ii-V-I")})
	})
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 3, Want: "D Bb", Given: "b♭, d", OK: true},
		{Ex: 3, Want: "D Bb", Given: "Bb – D – Bb", OK: true},
		{Ex: 3, Want: "none", Given: "None", OK: true},
		{Ex: 3, Want: "D Bb", Given: "D A#", OK: false},
		{Ex: 3, Want: "D Bb", Given: "D", OK: false},
	})
}
