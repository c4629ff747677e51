package learn

import (
	"context"
	"fmt"
	"io"
	"strings"

	"course/internal/report"
)

// Flags are the exercise flags every lesson's command takes: --exercise K, --hint and
// --solution, which lessons/kit binds. The number is read as text, so that a wrong one gets the course's own message.
type Flags struct {
	// Exercise is the exercise's number as given, "4"; "" runs the lesson.
	Exercise string
	// Hint is the hint to show, from 1; 0 shows none.
	Hint int
	// Solution shows the course's answer.
	Solution bool
}

// Lookup finds the exercise the flags name: nil when they name none, an error when they are
// malformed, out of range, or --hint and --solution come without --exercise.
func (f *Flags) Lookup(l Lesson) (*Exercise, error) {
	if f.Exercise == "" {
		if f.Hint != 0 || f.Solution {
			return nil, fmt.Errorf("%s: --hint and --solution go with --exercise K", l.Slug)
		}
		return nil, nil
	}
	return l.Lookup(f.Exercise)
}

// Help lists a lesson's exercises for its --help.
func Help(l Lesson) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Exercises (course %s --exercise K, or course exercise %s.K):", l.Slug, l.Slug)
	for _, e := range l.Exercises {
		title := ""
		if q, err := e.Question(); err == nil {
			title = q.Title
		}
		fmt.Fprintf(&b, "\n  %d  %s (%s)", e.Number, title, e.Kind)
	}
	return b.String()
}

// Open prints what a learner opens an exercise for: its question, the hint numbered hint, or
// with solution the course's answer and its evidence, computed now.
func Open(ctx context.Context, w io.Writer, e *Exercise, hint int, solution bool) error {
	switch {
	case solution:
		return showSolution(ctx, w, e)
	case hint != 0:
		return showHint(w, e, hint)
	}
	return showQuestion(w, e)
}

func showQuestion(w io.Writer, e *Exercise) error {
	q, err := e.Question()
	if err != nil {
		return fmt.Errorf("%s: %w", e.Name(), err)
	}
	r := report.New(w)
	r.Heading(fmt.Sprintf("%s (%s)", e.Name(), e.Kind))
	r.Title("Exercise %d: %s", e.Number, q.Title)
	r.Line("%s", q.Text)
	r.Blank()
	switch e.Kind {
	case Value:
		form := e.Form
		if form.Says == "" {
			form = Text
		}
		r.Line("Answer with %s: `course answer %s \"...\"`.", form.Says, e.Name())
		if form.Rule != "" {
			r.Line("Read as: %s.", form.Rule)
		}
	case Choice:
		for i, opt := range e.Options {
			r.Line("  %s. %s", Letter(i), opt)
		}
		r.Blank()
		form := letters(len(e.Options))
		r.Line("Answer with %s: `course answer %s \"...\"`.", form.Says, e.Name())
		r.Line("Read as: %s.", form.Rule)
	case Code:
		// Opening an exercise writes nothing: the learner's files are written by check and
		// reset, which say so.
		r.Line("Your files: %s; `course reset %s` writes them from their stubs, or puts the stubs back.", strings.Join(e.Code.Paths(), ", "), e.Name())
		r.Line("Check them with `course check %s` (`--watch` checks again on every save).", e.Name())
	}
	if len(e.Hints) > 0 {
		r.Line("`course exercise %s --hint` gives a hint (%d in all); `--solution` shows the course's answer.", e.Name(), len(e.Hints))
	} else {
		r.Line("`course exercise %s --solution` shows the course's answer.", e.Name())
	}
	return r.Err()
}

// Paths are the learner's files of a code exercise, from the repository's root.
func (c *CodeCheck) Paths() []string {
	paths := make([]string, len(c.Files))
	for i, f := range c.Files {
		paths[i] = c.Dir + "/" + f
	}
	return paths
}

func showHint(w io.Writer, e *Exercise, n int) error {
	if n < 1 || n > len(e.Hints) {
		return fmt.Errorf("%s: --hint %d: its hints are 1 to %d", e.Name(), n, len(e.Hints))
	}
	r := report.New(w)
	r.Line("Hint %d of %d for %s: %s", n, len(e.Hints), e.Name(), e.Hints[n-1])
	if n < len(e.Hints) {
		r.Line("`course exercise %s --hint=%d` gives the next.", e.Name(), n+1)
	}
	return r.Err()
}

func showSolution(ctx context.Context, w io.Writer, e *Exercise) error {
	a, err := e.Solve(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", e.Name(), err)
	}
	r := report.New(w)
	r.Heading(e.Name() + " --solution")
	if a.Evidence != nil {
		if err := a.Evidence(r); err != nil {
			return fmt.Errorf("%s: %w", e.Name(), err)
		}
	}
	switch e.Kind {
	case Value:
		r.Title("The course's answer")
		r.Line("%s", a.Value)
	case Choice:
		if len(a.Holds) != len(e.Options) {
			_, err := e.Expected(a)
			return err
		}
		r.Title("Which options hold")
		for i, opt := range e.Options {
			verdict := "does not hold"
			if a.Holds[i] {
				verdict = "holds"
			}
			r.Line("  %s. %s: %s", Letter(i), opt, verdict)
		}
	}
	return r.Err()
}
