package exercise

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"course/internal/cmdutil"
	"course/learn"
)

// NewCmdNext builds `course next`, which opens the next exercise not done, in the course's
// order, and on a terminal keeps going: it takes the answer at a prompt, checks it, gives a hint
// on request, and opens the next one after a right answer, until the learner quits.
func NewCmdNext(c *learn.Course, runF func(context.Context, *ProgressOptions) error) *cobra.Command {
	return newCmd(&cobra.Command{
		Use:   "next",
		Short: "Open the next exercise and keep going: answer, hint (? or h), quit (q or Ctrl-D)",
		Long: `Open the next exercise not done yet, in the course's order: its question and how to answer.

On a terminal it then waits for your answer at a prompt, checks it, and opens the next exercise
after a right one. Type ? or h for the next hint, q or Ctrl-D to stop; the record keeps where
you are. A code exercise is checked every time you save its files, until it is right. In a pipe
it prints the question and ends.`,
		Args: cobra.NoArgs,
	}, &ProgressOptions{Course: c}, nil, runF, runNext)
}

// runNext opens the next exercise, and on a terminal goes on through the course.
func runNext(ctx context.Context, opts *ProgressOptions) error {
	var in <-chan typedLine
	for {
		p, err := opts.progress()
		if err != nil {
			return err
		}
		e := opts.Course.Next(p)
		if e == nil {
			_, err := fmt.Fprintf(opts.Out, "Every exercise of the course is done (%d). `course progress` shows how.\n", len(opts.Course.All()))
			return err
		}
		if err := learn.Open(ctx, opts.Out, e, 0, false); err != nil {
			return err
		}
		if !opts.Terminal {
			return nil
		}
		if in == nil {
			in = readLines(ctx, opts.In)
		}
		fmt.Fprintln(opts.Out)
		var done bool
		if e.Kind == learn.Code {
			done, err = watchNext(ctx, opts, e)
		} else {
			done, err = askNext(ctx, opts, in, e)
		}
		if err != nil || !done {
			return err
		}
		fmt.Fprintln(opts.Out)
	}
}

// watchNext checks a code exercise on every save until it is right or ctx ends.
func watchNext(ctx context.Context, opts *ProgressOptions, e *learn.Exercise) (bool, error) {
	if err := runCheck(ctx, &CheckOptions{IO: opts.IO, Exercise: e, Watch: true, UntilRight: true}); err != nil {
		return false, err
	}
	p, err := opts.progress()
	if err != nil {
		return false, err
	}
	return p.State(e.Name()) != learn.NotDone, nil
}

// askNext takes answers to e at the prompt until one is right (true), or the learner quits.
func askNext(ctx context.Context, opts *ProgressOptions, in <-chan typedLine, e *learn.Exercise) (bool, error) {
	for {
		fmt.Fprintf(opts.Out, "%s> ", e.Name())
		var line string
		var err error
		select {
		case <-ctx.Done():
			// Ctrl-C at the prompt stops at once, as q does, rather than wait for a line.
			fmt.Fprintf(opts.Out, "\nStopped at %s: `course next` opens it again.\n", e.Name())
			return false, ctx.Err()
		case t, ok := <-in:
			line, err = t.line, t.err
			if !ok {
				err = io.EOF // the input ended at an earlier prompt
			}
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return false, fmt.Errorf("read your answer: %w", err)
		}
		given := strings.TrimSpace(line)
		if errors.Is(err, io.EOF) && given == "" || given == "q" {
			_, err := fmt.Fprintf(opts.Out, "\nStopped at %s: `course next` opens it again.\n", e.Name())
			return false, err
		}
		switch given {
		case "":
			fmt.Fprintln(opts.Out, "Type your answer, ? or h for a hint, q to stop.")
			continue
		case "?", "h":
			if err := nextHintShown(opts, e); err != nil {
				return false, err
			}
			continue
		}
		err = runAnswer(ctx, &AnswerOptions{IO: opts.IO, Exercise: e, Given: given})
		var exit *cmdutil.ExitError
		switch {
		case err == nil:
			return true, nil
		case errors.As(err, &exit) && exit.Code == cmdutil.ExitFail:
			fmt.Fprintln(opts.Out, "Try again, or type ? for a hint.")
		default:
			return false, err
		}
	}
}

// nextHintShown shows the hint after the ones the record has seen, and notes it.
func nextHintShown(opts *ProgressOptions, e *learn.Exercise) error {
	p, err := opts.progress()
	if err != nil {
		return err
	}
	n := p.Exercises[e.Name()].Hints + 1
	if n > len(e.Hints) {
		_, err := fmt.Fprintf(opts.Out, "Every hint of %s is seen; `course exercise %s --solution` shows the course's answer.\n", e.Name(), e.Name())
		return err
	}
	return runExercise(context.Background(), &ExerciseOptions{IO: opts.IO, Exercise: e, Hint: n})
}

// typedLine is a line the learner typed, or the error that ended the input.
type typedLine struct {
	line string
	err  error
}

// readLines reads r a line at a time into the channel it returns, until r fails or ends, or ctx
// ends: a prompt can then wait for a line and for ctx at once.
func readLines(ctx context.Context, r io.Reader) <-chan typedLine {
	lines := make(chan typedLine)
	go func() {
		defer close(lines)
		in := bufio.NewReader(r)
		for {
			line, err := in.ReadString('\n')
			select {
			case lines <- typedLine{line, err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return lines
}
