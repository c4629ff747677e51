package l15

import (
	"slices"
	"testing"

	"course/learn/learntest"
)

// TestExercises runs every exercise of lesson 15 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l15.1", func(t *testing.T) {
		// With the section's first symbol asked too, its reading joins the answer.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "C7sus4=C7 C/E=C", Moved: shorterSymbolExercise(beyondSymbols())})
	})
	t.Run("l15.2", func(t *testing.T) {
		// A double flat is dropped whole, not cut to one flat.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "D# F## A#", Moved: noteTokensExercise("What chord is C Eb Gb Bbb")})
	})
	t.Run("l15.3", func(t *testing.T) {
		// The question without "Am" in front is read as the chord it asks about.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "b d",
			Moved: firstMatchExercise("Is it right that G7 has an F?", "Am I right that G7 has an F?", "G7")})
	})
	t.Run("l15.4", func(t *testing.T) {
		// A table that also lists a ninth chord needs a second suffix.
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "dominant7", Moved: toolSuffixExercise(append(slices.Clone(skillTableSymbols), "Cm9"))})
	})
}

// TestReadAsForm checks that "X=Y" answers are read whatever the arrow and spacing, and that
// letter case counts.
func TestReadAsForm(t *testing.T) {
	a := readAsForm.Read("Cmaj9#11 = Cmaj9, C9/13 → C9 and Cm(add9) as Cm.")
	want := []string{"Cmaj9#11=Cmaj9", "C9/13=C9", "Cm(add9)=Cm"}
	if !slices.Equal(a, want) {
		t.Errorf("read %q, want %q", a, want)
	}
	if b := readAsForm.Read("cmaj9#11=cmaj9"); slices.Equal(b, want[:1]) {
		t.Errorf("letter case was dropped: %q", b)
	}
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 0, Want: "C7sus4=C7 C/E=C", Given: "C/E → C, and C7sus4 as C7.", OK: true},
		{Ex: 0, Want: "C7sus4=C7 C/E=C", Given: "C7sus4 = C7; C/E->C", OK: true},
		{Ex: 0, Want: "C7sus4=C7 C/E=C", Given: "c7sus4=c7 C/E=C", OK: false},
		{Ex: 0, Want: "C7sus4=C7 C/E=C", Given: "C7=C7sus4 C/E=C", OK: false},
		{Ex: 3, Want: "maj9 m7", Given: "`m7` | 'maj9'.", OK: true},
		{Ex: 3, Want: "maj9 m7", Given: "m7, and maj9", OK: true},
		{Ex: 3, Want: "maj9 m7", Given: "maj9 M7", OK: false},
		{Ex: 3, Want: "maj9 m7", Given: "maj9", OK: false},
	})
}
