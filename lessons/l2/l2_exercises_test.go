package l2

import (
	"strings"
	"testing"

	"course/ga/algebra"
	"course/internal/testutil"
	"course/learn/learntest"
	"course/theory"
)

// TestExercises runs every exercise of lesson 2 through the tests each exercise of the course
// gets: the course's answer is accepted, a wrong one refused, and a change to the input the
// answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l2.1", func(t *testing.T) {
		// Open A minor is another chord with other pitch classes.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "C; 0 4 7; C; 0", Moved: documentRowExercise("x02210")})
	})
	t.Run("l2.2", func(t *testing.T) {
		// Asking for another doc root asks for another note on the high E string.
		c, _ := theory.PitchClass("C")
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "x32011 1", Moved: rootMoveExercise(shapes[0], c)})
	})
	t.Run("l2.3", func(t *testing.T) {
		// MODAL at twice the weight moves both scores.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "1, 1", Moved: weightExercise([]string{"MODAL=0.40"})})
	})
	t.Run("l2.4", func(t *testing.T) {
		// Without the dyads, the worst set class has three notes.
		var classes []algebra.Set
		for _, sc := range algebra.SetClasses() {
			if sc.Len() >= 3 {
				classes = append(classes, sc)
			}
		}
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "b", Moved: sweepExercise(classes)})
	})
}

// TestWeightFlag checks --weight: the weight reaches the lesson and the exercise, and a
// malformed one, an unknown partition or one that is not scored is one clear error.
func TestWeightFlag(t *testing.T) {
	for _, tc := range []struct{ weight, wantErr string }{
		{"MODAL", "write a partition and a weight"},
		{"MODAL=-1", "write a partition and a weight"},
		{"NOPE=1", `no partition "NOPE"`},
		{"IDENTITY=1", "IDENTITY is not scored"},
	} {
		if _, err := testutil.Run(t, NewCmd(nil), "l2", "--weight", tc.weight); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("--weight %s: error %v, want %q", tc.weight, err, tc.wantErr)
		}
	}
	base, err := testutil.Run(t, NewCmd(nil), "l2")
	if err != nil {
		t.Fatal(err)
	}
	out, err := testutil.Run(t, NewCmd(nil), "l2", "--weight", "modal=0.2", "--weight", "ROOT=0")
	if err != nil {
		t.Fatal(err)
	}
	if got, was := line(t, out, "open C with itself"), line(t, base, "open C with itself"); got == was {
		t.Errorf("the weights did not reach the score: %q", got)
	}
	// The exercise reads the flag's weights.
	sol, err := testutil.Run(t, NewCmd(nil), "l2", "--weight", "ROOT=0", "--exercise", "3", "--solution")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sol, "== The weights set: ROOT=0\n") {
		t.Errorf("the exercise does not follow --weight:\n%s", sol)
	}
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is
// the same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 0, Want: "Dm; 2 5 9; 2 D; 0", Given: "dm;2, 5, 9; D ;0", OK: true},
		{Ex: 0, Want: "Dm; 2 5 9; 2 D; 0", Given: "Dm; 2 5 9; 2; 0", OK: true},
		{Ex: 0, Want: "Dm; 2 5 9; 1 C#; 0", Given: "Dm; 2 5 9; Db; 0", OK: true},
		{Ex: 0, Want: "Dm; 2 5 9; 2 D; 0", Given: "DM; 2 5 9; D; 0", OK: false},
		{Ex: 0, Want: "Dm; 2 5 9; 2 D; 0", Given: "Dm; 2 9 5; D; 0", OK: false},
		{Ex: 0, Want: "Dm; 2 5 9; 2 D; 0", Given: "Dm, 2 5 9, D, 0", OK: false},
		{Ex: 1, Want: "x32011 0.500", Given: "X32011: 0.5", OK: true},
		{Ex: 1, Want: "x32011 0.500", Given: "x-3-2-0-1-1 0.5004", OK: true},
		{Ex: 1, Want: "none", Given: "NONE", OK: true},
		{Ex: 1, Want: "x32011 0.500", Given: "x32011 0.501", OK: false},
		{Ex: 1, Want: "x32011 0.500; x32013 0.250", Given: "x32013 0.250; x32011 0.500", OK: false},
		{Ex: 2, Want: "1 0.75", Given: "1.0, then 0.750", OK: true},
		{Ex: 2, Want: "1 0.75", Given: "0.75 1", OK: false},
	})
}
