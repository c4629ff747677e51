package l12

import (
	"testing"

	"course/learn/learntest"
	"course/theory"
)

// TestExercises runs every exercise of lesson 12 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l12.1", func(t *testing.T) {
		// The same two questions the other way round get their texts the other way round.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "darken, darken",
			Moved: moodWordsExercise([]string{"Can you make my chords less bright?", "Make it sound happier and less dark"})})
	})
	t.Run("l12.2", func(t *testing.T) {
		// Ending on the minor triad of the fifth degree makes every chord diatonic.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "c d", Moved: completionTellsExercise([]string{"Am", "G", "F", "Em"})})
	})
	t.Run("l12.3", func(t *testing.T) {
		// In C major the pin's first key has no sharp, and its chords are C major's.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "c", Moved: enharmonicListExercise(theory.Tonality{Tonic: theory.MustNote("C")}, nextChordQuestions[0].degrees)})
	})
	t.Run("l12.4", func(t *testing.T) {
		// Another progression: the question written for F# D#m B does not ask it.
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "What chord comes next after F# D#m B?; F# major; F# major",
			Moved: sharpRewriteExercise([]string{"C#", "A#m", "F#"})})
	})
}

// TestRewriteReadsTheChords checks the reading of exercise 4's answer on another
// progression: a question both versions read counts whatever the major chords' spelling, one
// they do not read never does.
func TestRewriteReadsTheChords(t *testing.T) {
	progression := []string{"C#", "A#m", "F#"}
	for q, want := range map[string]bool{
		"What chord comes next after C# A#m F#?":       false,
		"What chord comes next after C#maj A#m F#maj?": true,
		"what comes after C#maj, A#m and F#maj?":       true,
		"What chord comes next after C#m A#m F#maj?":   false,
		"What chord comes next after C#maj A#m F#7?":   false,
	} {
		if got := readsAsWritten(q, progression); got != want {
			t.Errorf("%q: read as written %v, want %v", q, got, want)
		}
	}
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 0, Want: "brighten, darken", Given: "Brighter and the darker answer", OK: true},
		{Ex: 0, Want: "brighten, darken", Given: "bright/dark", OK: true},
		{Ex: 0, Want: "brighten, darken", Given: "darken, brighten", OK: false},
		{Ex: 0, Want: "brighten, darken", Given: "brighten, lighten", OK: false},
		{Ex: 3, Want: "What chord comes next after F#maj D#m Bmaj?; B major; D# minor", Given: "what comes after F#maj, D#m and Bmaj?; b  MAJOR; D♯ minor", OK: true},
		{Ex: 3, Want: "What chord comes next after F#maj D#m Bmaj?; B major; D# minor", Given: "What chord comes next after F# D#m B?; B major; D# minor", OK: false},
		{Ex: 3, Want: "What chord comes next after F#maj D#m Bmaj?; B major; D# minor", Given: "What chord comes next after F#maj D#m Bmaj?; D# minor; B major", OK: false},
	})
}
