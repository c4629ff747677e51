package l14

import (
	"testing"

	"course/learn"
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
	for _, tc := range []struct {
		ex          int
		want, given string
		ok          bool
	}{
		{0, "Em7 G", "G, and Em7.", true},
		{0, "Em7 G", "Em7; G; G", true},
		{0, "Em7 G", "EM7 G", false},
		{0, "Em7 G", "Em7", false},
		{1, "Secondary Dominant, ICV Neighbor (L1=2)", "icv neighbor ( L1 = 2 ) and secondary  dominant; Tritone Substitution.", true},
		{1, "none", "None", true},
		{1, "Secondary Dominant", "Secondary-Dominant", false},
		{2, "Eb minor", "e♭ MINOR.", true},
		{2, "Eb minor", "D# minor", false},
		{2, "Eb minor", "Eb min", false},
	} {
		e := l.Exercises[tc.ex]
		v, err := e.Accept(tc.given, learn.Answer{Value: tc.want})
		if err != nil || v.OK != tc.ok {
			t.Errorf("%s: %q against %q: ok %v (%s), the Rule %q says %v", e.Name(), tc.given, tc.want, v.OK, v.Differs, e.Form.Rule, tc.ok)
		}
	}
}
