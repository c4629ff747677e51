package kit

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/internal/report"
	"course/learn"
)

// The small text helpers several lessons share.

// JoinInts writes numbers with sep between them.
func JoinInts(ns []int, sep string) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, sep)
}

// cut shortens s to n characters, the last one an ellipsis, as the original's Cut does.
func Cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// RunSections runs a lesson's sections in print order, stopping at the first that fails or when
// ctx ends, and then reports the first write error of r; slug prefixes every error.
func RunSections(ctx context.Context, slug string, r *report.Report, sections ...func() error) error {
	for _, section := range sections {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("%s: %w", slug, err)
		}
		if err := section(); err != nil {
			return fmt.Errorf("%s: %w", slug, err)
		}
	}
	if r.Err() != nil {
		return fmt.Errorf("%s: write output: %w", slug, r.Err())
	}
	return nil
}

// NewCmd builds the command `course use` of a lesson: it points *out, the lesson's output, at
// the command's, and runs run with opts; runF, when set, runs instead, for tests of the flags.
// exercises gives the lesson's exercises, solved with opts: the command takes --exercise K,
// --hint and --solution, opens the exercise instead of running the lesson, and lists the
// exercises in its help.
func NewCmd[O any](use, long string, opts *O, out *io.Writer, run, runF func(context.Context, *O) error, exercises func(*O) learn.Lesson) *cobra.Command {
	if runF != nil {
		run = runF
	}
	var flags learn.Flags
	lesson := exercises(opts)
	if len(lesson.Exercises) > 0 {
		long += "\n\n" + learn.Help(lesson)
	}
	cmd := &cobra.Command{
		Use:  use,
		Long: long,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			*out = cmd.OutOrStdout()
			// The exercises are built again here, so that they see the flags just parsed.
			e, err := flags.Lookup(exercises(opts))
			if err != nil {
				return err
			}
			if e != nil && runF == nil {
				return learn.RunExercise(cmd.Context(), &learn.ExerciseOptions{IO: learn.IO{Out: *out}, Exercise: e, Hint: flags.Hint, Solution: flags.Solution})
			}
			return run(cmd.Context(), opts)
		},
	}
	flags.Add(cmd, lesson)
	return cmd
}
