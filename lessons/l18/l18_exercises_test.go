package l18

import (
	"testing"

	"course/learn/learntest"
)

// TestExercises runs every exercise of lesson 18 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	for i, c := range []learntest.Case{
		// F sharp minor: its own writings, and a major chord is the wrong one.
		{Wrong: "voice leading C to F# major", Moved: oneWordExercise("C", "F#", "m")},
		// C to F: a triad to a triad, no voice doubled.
		{Wrong: "3, 4", Moved: leastMotionExercise("C", "F")},
		// Db's b is not its first letter: the skill sees its flat.
		{Wrong: "a b", Moved: flatsExercise("Db", "Eb")},
	} {
		e := l.Exercises[i]
		t.Run(e.Name(), func(t *testing.T) { learntest.Exercise(t, e, c) })
	}
}

// TestOneWordReadsTheLastWord checks that an answer of one word replaces the prompt's last.
func TestOneWordReadsTheLastWord(t *testing.T) {
	e := oneWordExercise("C", "F#", "")
	a, err := e.Solve(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	last := a.Value[len("voice leading C to "):]
	for _, given := range []string{last, `"` + a.Value + `".`} {
		if v, err := e.Accept(given, a); err != nil || !v.OK {
			t.Errorf("%q refused: %+v, %v", given, v, err)
		}
	}
	if v, _ := e.Accept("F#", a); v.OK || v.Differs == "" {
		t.Errorf("the unchanged prompt is accepted: %+v", v)
	}
}

// TestOneWordRule checks exercise 1's Rule: the chords read decide, whichever way the answer
// is written.
func TestOneWordRule(t *testing.T) {
	e := oneWordExercise("C", "F#", "")
	a, err := e.Solve(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	last := a.Value[len("voice leading C to "):]
	for given, ok := range map[string]bool{
		"`" + last + "`":                     true,
		"'Voice leading C to " + last + "'.": true,
		"voice leading C to F#":              false,
		"voice leading D to " + last:         false,
		"play C then " + last:                false,
	} {
		if v, err := e.Accept(given, a); err != nil || v.OK != ok {
			t.Errorf("%q against %q: ok %v (%s), the Rule %q says %v", given, a.Value, v.OK, v.Differs, e.Form.Rule, ok)
		}
	}
}
