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

// AnswerOptions is what `course answer` needs.
type AnswerOptions struct {
	IO
	// Exercise is the exercise answered.
	Exercise *learn.Exercise
	// Given is the learner's answer; "" prompts for it when In is a terminal.
	Given string
}

// NewCmdAnswer builds `course answer lN.K "..."`, which checks an answer against the one the
// course computes now, and records the exercise as done when it is right.
func NewCmdAnswer(c *learn.Course, runF func(context.Context, *AnswerOptions) error) *cobra.Command {
	opts := &AnswerOptions{}
	cmd := &cobra.Command{
		Use:   "answer lN.K [ANSWER...]",
		Short: "Check your answer to an exercise (typed at a prompt when none is given)",
		Long: `Check your answer to an exercise against the one the course computes now.

Everything after the exercise's name is the answer, as typed: "-7 +7" is an answer, not
flags (a "--" before it is accepted, never needed). Only flags before the name are read.`,
		Args: cobra.MinimumNArgs(1),
	}
	find := findExercise(c, &opts.Exercise)
	newCmd(cmd, opts, func(args []string) error {
		opts.Given = answerText(args[1:])
		return find(args)
	}, runF, runAnswer)
	// Flags end at the exercise's name: an answer such as "-7 -7" reaches the command whole.
	cmd.Flags().SetInterspersed(false)
	return cmd
}

// answerText is the answer the words after the exercise's name make, a "--" before them aside.
func answerText(words []string) string {
	if len(words) > 0 && words[0] == "--" {
		words = words[1:]
	}
	return strings.Join(words, " ")
}

// runAnswer checks opts.Given: it prints whether it is right and how it was read, records the
// answer (a try, or how the exercise was done), and fails with exit status 1 on a wrong one. A
// record that cannot be written does not stop the check: the verdict comes first, then why
// the record was not written, with exit status 2 for a right answer left out of it.
func runAnswer(ctx context.Context, opts *AnswerOptions) error {
	e := opts.Exercise
	if e.Kind == learn.Code {
		return fmt.Errorf("%s is a code exercise: `course check %s` checks it", e.Name(), e.Name())
	}
	path, err := opts.recordPath()
	if err != nil {
		return err
	}
	given := opts.Given
	if strings.TrimSpace(given) == "" {
		if !opts.Terminal {
			return fmt.Errorf("%s: give your answer: course answer %s \"...\"", e.Name(), e.Name())
		}
		fmt.Fprintf(opts.Out, "Your answer to %s: ", e.Name())
		line, err := bufio.NewReader(opts.In).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("read your answer: %w", err)
		}
		if given = strings.TrimSpace(line); given == "" {
			return fmt.Errorf("%s: no answer given", e.Name())
		}
	}
	a, err := e.Solve(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", e.Name(), err)
	}
	v, err := e.Accept(given, a)
	if err != nil {
		return err
	}
	if !v.OK {
		fmt.Fprintf(opts.Out, "%s: not yet. %s.\n", e.Name(), v.Differs)
	}
	entry, rerr := learn.RecordAnswer(path, e.Name(), v.OK, opts.now())
	if !v.OK {
		msg := errors.New(nextHint(e, entry.Hints))
		if rerr != nil {
			msg = fmt.Errorf("%s: the try was not recorded: %w", e.Name(), rerr)
		}
		return &cmdutil.ExitError{Code: cmdutil.ExitFail, Err: msg}
	}
	fmt.Fprintf(opts.Out, "%s: right. `course exercise %s --solution` shows the evidence; `course next` goes on.\n", e.Name(), e.Name())
	if rerr != nil {
		return &cmdutil.ExitError{Code: cmdutil.ExitCannotRun, Err: fmt.Errorf("%s: right, but not recorded: %w", e.Name(), rerr)}
	}
	return nil
}

// nextHint is what to type for the hint after the seen ones, or for the solution once every hint
// is seen.
func nextHint(e *learn.Exercise, seen int) string {
	switch n := seen + 1; {
	case n > len(e.Hints):
		return fmt.Sprintf("%s: every hint is seen; `course exercise %s --solution` shows the course's answer, and marks the exercise shown", e.Name(), e.Name())
	case n == 1:
		return fmt.Sprintf("%s: `course exercise %s --hint` gives hint 1 of %d", e.Name(), e.Name(), len(e.Hints))
	default:
		return fmt.Sprintf("%s: `course exercise %s --hint=%d` gives hint %d of %d", e.Name(), e.Name(), n, n, len(e.Hints))
	}
}
