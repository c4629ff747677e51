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
	return &cobra.Command{
		Use:   "answer lN.K [ANSWER]",
		Short: "Check your answer to an exercise (typed at a prompt when none is given)",
		Args:  cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			e, err := c.Find(args[0])
			if err != nil {
				return err
			}
			opts.fill(cmd)
			opts.Exercise = e
			if len(args) == 2 {
				opts.Given = args[1]
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runAnswer(cmd.Context(), opts)
		},
	}
}

// runAnswer checks opts.Given: it prints whether it is right and what differs, records a right
// answer, and fails with exit status 1 on a wrong one.
func runAnswer(ctx context.Context, opts *AnswerOptions) error {
	e := opts.Exercise
	if e.Kind == learn.Code {
		return fmt.Errorf("%s is a code exercise: `course check %s` checks it", e.Name(), e.Name())
	}
	p, err := opts.progress()
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
		return &cmdutil.ExitError{Code: cmdutil.ExitFail, Err: fmt.Errorf("%s: `course exercise %s --hint` gives a hint", e.Name(), e.Name())}
	}
	if err := p.MarkDone(e.Name(), opts.now()); err != nil {
		return err
	}
	_, err = fmt.Fprintf(opts.Out, "%s: right. `course exercise %s --solution` shows the evidence; `course next` names what comes next.\n", e.Name(), e.Name())
	return err
}
