// Package learntest holds the tests every lesson's exercises get: the course's answer is
// accepted, a wrong one refused, a change to the model's input moves the accepted answer, and a
// code exercise's stub fails its check while the course's code passes it.
package learntest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"course/learn"
)

// Case is what Exercise checks of one value or choice exercise.
type Case struct {
	// Wrong is an answer the course must refuse.
	Wrong string
	// Moved is the same exercise built on a changed input of the model its answer rests on:
	// its answer must differ, and the unchanged exercise's answer must be refused by it.
	Moved *learn.Exercise
}

// Lesson checks that each of the lesson's exercises has a kind, a hint and a solver, that a
// choice offers between minOptions and maxOptions options, no two alike, and that the written
// lesson asks exactly these questions.
func Lesson(t *testing.T, l learn.Lesson) {
	t.Helper()
	for _, e := range l.Exercises {
		if e.Kind < learn.Value || e.Kind > learn.Code || e.Solve == nil || len(e.Hints) == 0 {
			t.Errorf("%s: kind %v, %d hints, solver %v: each needs a kind, a hint and a solver", e.Name(), e.Kind, len(e.Hints), e.Solve != nil)
		}
		if (e.Kind == learn.Choice) != (len(e.Options) > 0) || (e.Kind == learn.Code) != (e.Code != nil) {
			t.Errorf("%s: a %s exercise with %d options and code %v", e.Name(), e.Kind, len(e.Options), e.Code != nil)
		}
		if e.Kind == learn.Choice {
			if n := len(e.Options); n < minOptions || n > maxOptions {
				t.Errorf("%s offers %d options, want %d to %d", e.Name(), n, minOptions, maxOptions)
			}
			for i, o := range e.Options {
				if j := slices.Index(e.Options, o); j != i {
					t.Errorf("%s: options %s and %s both say %q", e.Name(), learn.Letter(j), learn.Letter(i), o)
				}
			}
		}
		if q, err := e.Question(); err != nil || q.Text == "" {
			t.Errorf("%s: question %q: %v", e.Name(), q.Text, err)
		}
	}
	extra := &learn.Exercise{Lesson: l.Slug, Number: len(l.Exercises) + 1}
	if q, err := extra.Question(); err == nil {
		t.Errorf("docs/%s.md asks exercise %d, which the course does not have: %q", l.Slug, extra.Number, q.Text)
	}
}

// minOptions and maxOptions bound a choice's options: enough that guessing seldom pays, few
// enough to weigh each one.
const (
	minOptions = 3
	maxOptions = 6
)

// Exercise solves e and checks its answer against c.
func Exercise(t *testing.T, e *learn.Exercise, c Case) {
	t.Helper()
	if e.Kind == learn.Code {
		t.Fatalf("%s is a code exercise: use Code", e.Name())
	}
	a, want := solve(t, e)
	if v, err := e.Accept(want, a); err != nil || !v.OK {
		t.Errorf("%s: the course's own answer %q is refused: %+v, %v", e.Name(), want, v, err)
	}
	if v, err := e.Accept(c.Wrong, a); err != nil || v.OK || v.Differs == "" {
		t.Errorf("%s: the wrong answer %q is not refused with what differs: %+v, %v", e.Name(), c.Wrong, v, err)
	}
	if c.Moved == nil {
		t.Fatalf("%s: no Moved exercise: a test must show the answer follows the model", e.Name())
	}
	// The changed exercise is built outside the lesson: it is named after the one it changes.
	c.Moved.Lesson, c.Moved.Number = e.Lesson, e.Number
	b, moved := solve(t, c.Moved)
	if v, err := c.Moved.Accept(want, b); err != nil || v.OK {
		t.Errorf("%s: with the model's input changed the answer is still %q (the changed exercise's: %q)", e.Name(), want, moved)
	}
}

func solve(t *testing.T, e *learn.Exercise) (learn.Answer, string) {
	t.Helper()
	a, err := e.Solve(t.Context())
	if err != nil {
		t.Fatalf("%s: solve: %v", e.Name(), err)
	}
	want, err := e.Expected(a)
	if err != nil {
		t.Fatal(err)
	}
	return a, want
}

// Code checks a code exercise on the stubs the binary carries and on right, the source of each
// learner's file as the course would write it: the stubs must fail the check with a diff, right
// must pass it. Neither run reads the learner's files.
func Code(t *testing.T, e *learn.Exercise, right map[string]string, wantFailure string) {
	t.Helper()
	root, err := learn.FindRepository(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	overlay, err := e.Code.PristineOverlay(root, tmp)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	ok, err := e.Code.Run(t.Context(), root, overlay, &out, &out)
	if err != nil || ok {
		t.Errorf("%s: the check on the stubs: passed %v, %v; want a failure\n%s", e.Name(), ok, err, out.String())
	} else if !strings.Contains(out.String(), wantFailure) || !strings.Contains(out.String(), "- ") {
		t.Errorf("%s: the check on the stubs fails without %q and a diff:\n%s", e.Name(), wantFailure, out.String())
	}
	rightDir := filepath.Join(tmp, "right")
	if err := os.Mkdir(rightDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, src := range right {
		path := filepath.Join(rightDir, name)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		overlay[e.Code.Path(root, name)] = path
	}
	out.Reset()
	if ok, err := e.Code.Run(t.Context(), root, overlay, &out, &out); err != nil || !ok {
		t.Errorf("%s: the check fails on the course's own code: %v\n%s", e.Name(), err, out.String())
	}
}

// Reading is one writing of an answer and whether the exercise's Rule says it is read as the
// course's answer Want.
type Reading struct {
	// Ex is the exercise's place in the lesson, from 0.
	Ex          int
	Want, Given string
	OK          bool
}

// Readings holds the forms of l's exercises to their Rules: each reading's Given is accepted
// against Want exactly when the reading says it is.
func Readings(t *testing.T, l learn.Lesson, readings []Reading) {
	t.Helper()
	for _, r := range readings {
		e := l.Exercises[r.Ex]
		v, err := e.Accept(r.Given, learn.Answer{Value: r.Want})
		if err != nil || v.OK != r.OK {
			t.Errorf("%s: %q against %q: ok %v (%s), the Rule %q says %v", e.Name(), r.Given, r.Want, v.OK, v.Differs, e.Form.Rule, r.OK)
		}
	}
}
