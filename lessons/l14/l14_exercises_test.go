package l14

import (
	"testing"

	"course/learn/learntest"
)

// TestExercises runs every exercise of lesson 14 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l14.1", func(t *testing.T) {
		// The augmented triad's set class has four members, not three.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "Ebdim7 Gbdim7 Adim7", Moved: symmetricListExercise("Caug")})
	})
	t.Run("l14.2", func(t *testing.T) {
		// The backdoor dominant is gained by several changes, which share no other label.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "Secondary Dominant",
			Moved: gainLabelExercise([2]string{"A7", "Dm7"}, "Backdoor Dominant")})
	})
	t.Run("l14.3", func(t *testing.T) {
		// A root without an accidental keeps its own letter.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "B major", Moved: defaultKeyExercise("Am")})
	})
}

// TestLabelsForm checks that the labels are read whatever their spacing and case, and that
// the label the question names may be given or left out.
func TestLabelsForm(t *testing.T) {
	f := labelsForm("Backdoor Dominant")
	a := f.Read("Secondary Dominant, ICV Neighbor (L1 = 2)")
	b := f.Read("icv neighbor (L1=2) and secondary dominant; backdoor dominant.")
	if len(a) != 2 || len(b) != 2 || a[0] != b[0] || a[1] != b[1] {
		t.Errorf("read %q and %q, want the same two labels", a, b)
	}
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 0, Want: "Em7 G", Given: "G, and Em7.", OK: true},
		{Ex: 0, Want: "Em7 G", Given: "Em7; G; G", OK: true},
		{Ex: 0, Want: "Em7 G", Given: "EM7 G", OK: false},
		{Ex: 0, Want: "Em7 G", Given: "Em7", OK: false},
		{Ex: 1, Want: "Secondary Dominant, ICV Neighbor (L1=2)", Given: "icv neighbor ( L1 = 2 ) and secondary  dominant; Tritone Substitution.", OK: true},
		{Ex: 1, Want: "none", Given: "None", OK: true},
		{Ex: 1, Want: "Secondary Dominant", Given: "Secondary-Dominant", OK: false},
		{Ex: 2, Want: "Eb minor", Given: "e♭ MINOR.", OK: true},
		{Ex: 2, Want: "Eb minor", Given: "D# minor", OK: false},
		{Ex: 2, Want: "Eb minor", Given: "Eb min", OK: false},
	})
}
