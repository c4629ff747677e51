package l26

import (
	"bytes"
	"strings"
	"testing"

	"course/fixtures"
	"course/learn/learntest"
)

// TestExercises runs every exercise of lesson 26 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l26.1", func(t *testing.T) {
		// Mode 4 is mode 1 from degree 4, other notes.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "C D E G A", Moved: modeOnDegreeExercise(fixtures.Modes, "Major Pentatonic", 4)})
	})
	t.Run("l26.2", func(t *testing.T) {
		// Ritusen is an alias of one mode only.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "pentatonic, 10", Moved: aliasExercise(fixtures.Modes, "What is Ritusen?")})
	})
	t.Run("l26.3", func(t *testing.T) {
		// C major's own notes are each at their place.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "1 b3 4 #4 5 b7", Moved: formulaExercise("C D E F G A B")})
	})
	t.Run("l26.4", func(t *testing.T) {
		// With the plain name quoted, the reader keeps it whole.
		quoted := bytes.Replace(fixtures.Modes, []byte("      - Name: Lydian #2 #6\n"), []byte("      - Name: 'Lydian #2 #6'\n"), 1)
		if bytes.Equal(quoted, fixtures.Modes) {
			t.Fatal("no plain Lydian #2 #6 in the fixture")
		}
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "b d", Moved: quotingExercise(quoted, "'Lydian #2'", "'Lydian #2 #6'")})
	})
}

// TestQuoteHashes quotes only the plain names with " #" in them, and doubles a quote inside.
func TestQuoteHashes(t *testing.T) {
	in := "      - Name: Lydian #2 #6\n      - Name: 'Lydian #2'\n      - Name: Dorian\n      - Name: It's #5\n"
	want := "      - Name: 'Lydian #2 #6'\n      - Name: 'Lydian #2'\n      - Name: Dorian\n      - Name: 'It''s #5'\n"
	if got := string(quoteHashes([]byte(in))); got != want {
		t.Errorf("quoteHashes:\n%s\nwant\n%s", got, want)
	}
	if strings.Contains(string(quoteHashes(fixtures.Modes)), "Name: Lydian #") {
		t.Error("a plain name with a hash is left in the fixture")
	}
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 1, Want: "minor pentatonic, 16", Given: `"Minor  Pentatonic" (16 characters)`, OK: true},
		{Ex: 1, Want: "minor pentatonic, 16", Given: "minor pentatonic: 16 long", OK: true},
		{Ex: 1, Want: "minor pentatonic, 16", Given: "minor pentatonic, 15", OK: false},
		{Ex: 1, Want: "minor pentatonic, 16", Given: "minor-pentatonic, 16", OK: false},
		{Ex: 2, Want: "1 b3 4 5 b7", Given: "`1, ♭3, 4, 5, ♭7`", OK: true},
		{Ex: 2, Want: "1 b3 4 5 b7", Given: "1 3b 4 5 7b", OK: false},
		{Ex: 2, Want: "1 b3 4 5 b7", Given: "1 4 b3 5 b7", OK: false},
	})
}
