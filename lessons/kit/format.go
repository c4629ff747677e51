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
				return learn.Open(cmd.Context(), *out, e, flags.Hint, flags.Solution)
			}
			return run(cmd.Context(), opts)
		},
	}
	AddExerciseFlags(cmd, &flags, lesson)
	return cmd
}

// AddExerciseFlags binds f to a lesson's command: --exercise K, --hint and --solution, l being
// the lesson's exercises.
func AddExerciseFlags(cmd *cobra.Command, f *learn.Flags, l learn.Lesson) {
	cmd.Flags().StringVar(&f.Exercise, "exercise", "", fmt.Sprintf("show exercise `K` of the lesson (1-%d) instead of the lesson", len(l.Exercises)))
	cmd.Flags().IntVar(&f.Hint, "hint", 0, "with --exercise, give hint `N` (--hint alone: the first)")
	cmd.Flags().Lookup("hint").NoOptDefVal = "1"
	cmd.Flags().BoolVar(&f.Solution, "solution", false, "with --exercise, print the exercise's computed answer and its evidence")
	if len(l.Exercises) == 0 {
		// A lesson without exercises still takes the flags, to answer them in one line rather
		// than "unknown flag", but does not offer them.
		for _, name := range []string{"exercise", "hint", "solution"} {
			cmd.Flags().Lookup(name).Hidden = true
		}
	}
}
