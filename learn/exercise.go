// Package learn is the course's exercise framework: the exercises of every lesson, how a
// learner's answer is checked against the answer the course computes, the record of what the
// learner has done, and what opening an exercise prints. The commands that drive it are in
// cmd/exercise; a lesson's --exercise flag opens one through Open.
//
// A lesson package builds its exercises with Compute (a value) and Choose (claims whose truth
// the course decides) and hands them over with NewLesson, which names each by its place; the
// question's text stays in the written lesson (docs/lN.md, under "## Exercises"), which
// Question reads from the binary's embedded copy. The answer is never stored: Solve computes it
// from the course's models each time it is asked.
package learn

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"course/internal/report"
)

// Kind is how an exercise is answered.
type Kind int

const (
	// Value is answered with a value: a count, a chord's notes, yes or no, a line of output.
	Value Kind = iota + 1
	// Choice is answered with the letters of the options that hold, among options whose truth
	// the course computes.
	Choice
	// Code is answered by filling in a stub under exercises/lN/, which `course check` checks.
	Code
)

// String names the kind as the commands print it.
func (k Kind) String() string {
	switch k {
	case Value:
		return "value"
	case Choice:
		return "choice"
	case Code:
		return "code"
	}
	return "kind " + strconv.Itoa(int(k))
}

// Exercise is one exercise of a lesson. Compute and Choose build the value and choice ones;
// NewLesson names each exercise by its place in the lesson.
type Exercise struct {
	// Lesson is the lesson's slug, "l6", set by NewLesson.
	Lesson string
	// Number is the exercise's number in the written lesson's list, from 1: its place in the
	// lesson, set by NewLesson.
	Number int
	// Kind says how the exercise is answered.
	Kind Kind
	// Form says how a Value exercise's answer is written and when two writings are the same
	// answer; the zero Form is Text.
	Form Form
	// Options are a Choice exercise's claims, lettered a, b, c, ... in this order; Solve says
	// which of them hold.
	Options []string
	// Hints are said one at a time by --hint, in the course's own words.
	Hints []string
	// Solve computes the exercise's answer now, by running the course's models, and the
	// evidence the answer rests on.
	Solve func(ctx context.Context) (Answer, error)
	// Code is a Code exercise's stub and check.
	Code *CodeCheck
}

// Answer is what Solve computed.
type Answer struct {
	// Value is a Value exercise's answer, as the course would write it.
	Value string
	// Holds says, for a Choice exercise, which of its Options hold, one entry per option.
	Holds []bool
	// Evidence prints what the answer rests on, for --solution.
	Evidence func(r *report.Report) error
}

// Claim is one option of a choice exercise and the test that decides it on the facts F the
// exercise computes, so that an option cannot be moved away from what decides it.
type Claim[F any] struct {
	// Text is the option as the learner reads it.
	Text string
	// Holds says whether the claim is true of the facts.
	Holds func(F) bool
}

// Choose builds a choice exercise whose options are claims' texts, lettered in this order.
// Its Solve computes the facts once, facts writing the evidence they rest on to w, and
// decides every claim from them.
func Choose[F any](facts func(ctx context.Context, w io.Writer) (F, error), claims ...Claim[F]) *Exercise {
	options := make([]string, len(claims))
	for i, c := range claims {
		options[i] = c.Text
	}
	return &Exercise{Kind: Choice, Options: options, Solve: func(ctx context.Context) (Answer, error) {
		var out bytes.Buffer
		f, err := facts(ctx, &out)
		if err != nil {
			return Answer{}, err
		}
		holds := make([]bool, len(claims))
		for i, c := range claims {
			holds[i] = c.Holds(f)
		}
		return Answer{Holds: holds, Evidence: printed(&out)}, nil
	}}
}

// Compute builds a value exercise answered in form: its Solve runs value, which writes the
// evidence the answer rests on to w and returns the answer as the course would write it.
func Compute(form Form, value func(ctx context.Context, w io.Writer) (string, error)) *Exercise {
	return &Exercise{Kind: Value, Form: form, Solve: func(ctx context.Context) (Answer, error) {
		var out bytes.Buffer
		v, err := value(ctx, &out)
		if err != nil {
			return Answer{}, err
		}
		return Answer{Value: v, Evidence: printed(&out)}, nil
	}}
}

// WithHints sets the hints --hint says one at a time, and returns e.
func (e *Exercise) WithHints(hints ...string) *Exercise {
	e.Hints = hints
	return e
}

// printed is the evidence a solve wrote to out while it computed, printed as it was written.
func printed(out *bytes.Buffer) func(r *report.Report) error {
	return func(r *report.Report) error {
		r.Printf("%s", out.String())
		return r.Err()
	}
}

// Name is the exercise's name on the command line, "l6.4".
func (e *Exercise) Name() string { return e.Lesson + "." + strconv.Itoa(e.Number) }

// Expected is the answer in the form Accept compares: the value, or the letters of the options
// that hold.
func (e *Exercise) Expected(a Answer) (string, error) {
	switch e.Kind {
	case Value:
		return a.Value, nil
	case Choice:
		if len(a.Holds) != len(e.Options) {
			return "", fmt.Errorf("%s: the solution says of %d options whether they hold, the exercise has %d", e.Name(), len(a.Holds), len(e.Options))
		}
		var letters []string
		for i, h := range a.Holds {
			if h {
				letters = append(letters, Letter(i))
			}
		}
		if letters == nil {
			return "none", nil
		}
		return strings.Join(letters, " "), nil
	}
	return "", fmt.Errorf("%s is a code exercise: `course check %s` checks it", e.Name(), e.Name())
}

// Letter is the letter of the option at index i: a, b, c, ...
func Letter(i int) string { return string(rune('a' + i)) }

// Verdict is what Accept found.
type Verdict struct {
	// OK says the answer given is the course's.
	OK bool
	// Differs says what differs when it is not: what is missing, what is extra, or both
	// answers as they were read.
	Differs string
}

// Accept compares given with the answer Solve computed, after the form's normalisation.
func (e *Exercise) Accept(given string, a Answer) (Verdict, error) {
	want, err := e.Expected(a)
	if err != nil {
		return Verdict{}, err
	}
	form := e.Form
	if e.Kind == Choice {
		form = letters(len(e.Options))
	}
	return form.compare(given, want), nil
}

// Lesson is a lesson's exercises, in the written lesson's order.
type Lesson struct {
	// Slug is the lesson's command, "l6".
	Slug string
	// Exercises are numbered 1, 2, ... in this order.
	Exercises []*Exercise
}

// NewLesson is lesson slug's exercises in the written lesson's order: each is named by its
// place, the first l6.1, so that the list and the names cannot disagree.
func NewLesson(slug string, exercises ...*Exercise) Lesson {
	for i, e := range exercises {
		e.Lesson, e.Number = slug, i+1
	}
	return Lesson{Slug: slug, Exercises: exercises}
}

// Exercise finds exercise n, with an error that lists the lesson's exercises.
func (l Lesson) Exercise(n int) (*Exercise, error) {
	if n < 1 || n > len(l.Exercises) {
		return nil, l.unknown(strconv.Itoa(n))
	}
	return l.Exercises[n-1], nil
}

// Lookup finds the exercise a flag or argument names, "4", with an error that lists the
// lesson's exercises when it names none.
func (l Lesson) Lookup(number string) (*Exercise, error) {
	n, err := strconv.Atoi(number)
	if err != nil {
		return nil, l.unknown(number)
	}
	return l.Exercise(n)
}

func (l Lesson) unknown(number string) error {
	if len(l.Exercises) == 0 {
		return fmt.Errorf("%s.%s: lesson %s has no exercises", l.Slug, number, l.Slug)
	}
	names := make([]string, len(l.Exercises))
	for i, e := range l.Exercises {
		names[i] = e.Name()
	}
	return fmt.Errorf("%s.%s: no such exercise; %s has %s", l.Slug, number, l.Slug, strings.Join(names, ", "))
}

// Course is every lesson's exercises, in the course's order.
type Course struct {
	// Lessons are in the course's order; a lesson with no exercises may be listed, to be
	// named by errors and progress.
	Lessons []Lesson
}

// Lesson finds a lesson by its slug.
func (c *Course) Lesson(slug string) (Lesson, bool) {
	for _, l := range c.Lessons {
		if l.Slug == slug {
			return l, true
		}
	}
	return Lesson{}, false
}

// Find finds the exercise name gives, "l6.4", with one line that lists what there is when it
// gives none.
func (c *Course) Find(name string) (*Exercise, error) {
	slug, number, ok := strings.Cut(name, ".")
	l, found := c.Lesson(slug)
	if !found {
		return nil, fmt.Errorf("%q: an exercise is named lN.K, a lesson and a number (l6.4); `course progress` lists them", name)
	}
	if !ok {
		return nil, l.unknown("K")
	}
	return l.Lookup(number)
}

// All lists every exercise of the course, in order.
func (c *Course) All() []*Exercise {
	var all []*Exercise
	for _, l := range c.Lessons {
		all = append(all, l.Exercises...)
	}
	return all
}
