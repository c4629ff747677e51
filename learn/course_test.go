package learn_test

import (
	"bytes"
	"strings"
	"testing"

	"course/learn"
	"course/learn/learntest"
)

func TestFindNamesTheExercises(t *testing.T) {
	n := 35
	c := learntest.Course(&n)
	for _, tc := range []struct{ name, want string }{
		{"l1.0", "l1.0: no such exercise; l1 has l1.1, l1.2"},
		{"l1.two", "l1.two: no such exercise; l1 has l1.1, l1.2"},
		{"l1.3", "l1.3: no such exercise; l1 has l1.1, l1.2"},
		{"l1", "l1.K: no such exercise; l1 has l1.1, l1.2"},
		{"l4.1", "l4.1: lesson l4 has no exercises"},
		{"x", "an exercise is named lN.K"},
	} {
		if _, err := c.Find(tc.name); err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Find(%q): %v, want one line with %q", tc.name, err, tc.want)
		}
	}
	if e, err := c.Find("l1.2"); err != nil || e.Number != 2 {
		t.Errorf("Find(l1.2): %v, %v", e, err)
	}
	l, _ := c.Lesson("l1")
	for _, flag := range []string{"0", "two", "-1", "3"} {
		f := learn.Flags{Exercise: flag}
		if _, err := f.Lookup(l); err == nil || !strings.Contains(err.Error(), "l1 has l1.1, l1.2") {
			t.Errorf("--exercise %s: %v", flag, err)
		}
	}
	if _, err := (&learn.Flags{Solution: true}).Lookup(l); err == nil {
		t.Error("--solution alone accepted")
	}
}

func TestExerciseOutput(t *testing.T) {
	n := 7
	c := learntest.Course(&n)
	var out bytes.Buffer
	e := c.Lessons[0].Exercises[1]
	if err := learn.Open(t.Context(), &out, e, 0, false); err != nil {
		t.Fatal(err)
	}
	q, _ := e.Question()
	for _, want := range []string{"# l1.2 (choice)", q.Text, "  a. odd\n  b. even\n", `course answer l1.2 "..."`, "--hint` gives a hint (1 in all)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the question lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := learn.Open(t.Context(), &out, e, 0, true); err != nil || !strings.Contains(out.String(), "a. odd: holds\n  b. even: does not hold") {
		t.Errorf("the solution: %v\n%s", err, out.String())
	}
	out.Reset()
	v := c.Lessons[0].Exercises[0]
	if err := learn.Open(t.Context(), &out, v, 1, false); err != nil || !strings.Contains(out.String(), "Hint 1 of 2 for l1.1: count them\n`course exercise l1.1 --hint=2`") {
		t.Errorf("hint 1: %v\n%s", err, out.String())
	}
	if err := learn.Open(t.Context(), &out, v, 3, false); err == nil {
		t.Error("hint 3 of 2 given")
	}
}
