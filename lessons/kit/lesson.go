package kit

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"course/internal/report"
	"course/learn"
)

// Spec declares a lesson's command: what a lesson package says of itself besides its sections.
// A new lesson is a package with a Spec, a line in the lessons' index, a written lesson and a
// snapshot.
type Spec[O any] struct {
	// Use is the lesson's command and slug, "l14".
	Use string
	// Long is the command's help; the lesson's exercises are listed under it.
	Long string
	// Run runs the lesson with the options its flags filled, writing its output to w.
	Run func(ctx context.Context, w io.Writer, opts *O) error
	// Exercises are the lesson's exercises, solved with the same options; nil when the
	// lesson has none.
	Exercises func(*O) learn.Lesson
	// Check, when set, refuses flags that do not go together before anything runs; e is the
	// exercise the flags open, nil for the lesson.
	Check func(opts *O, e *learn.Exercise) error
}

// NewCmd builds the command `course <use>` of the lesson s declares, whose flags fill opts. It
// takes --exercise K, --hint and --solution, which open the exercise instead of running the
// lesson. runF, when set, runs instead of both, for tests of the flags.
func NewCmd[O any](s Spec[O], opts *O, runF func(context.Context, *O) error) *cobra.Command {
	var flags learn.Flags
	exercises := func() learn.Lesson {
		if s.Exercises == nil {
			return learn.Lesson{Slug: s.Use}
		}
		return s.Exercises(opts)
	}
	lesson := exercises()
	long := s.Long
	if len(lesson.Exercises) > 0 {
		long += "\n\n" + learn.Help(lesson)
	}
	cmd := &cobra.Command{
		Use:  s.Use,
		Long: long,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// The exercises are built again here, so that they see the flags just parsed.
			e, err := flags.Lookup(exercises())
			if err != nil {
				return err
			}
			if s.Check != nil {
				if err := s.Check(opts, e); err != nil {
					return err
				}
			}
			switch {
			case runF != nil:
				return runF(cmd.Context(), opts)
			case e != nil:
				return openExercise(cmd, e, flags)
			}
			return s.Run(cmd.Context(), cmd.OutOrStdout(), opts)
		},
	}
	addExerciseFlags(cmd, &flags, lesson)
	return cmd
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

// addExerciseFlags binds f to a lesson's command: --exercise K, --hint and --solution, l being
// the lesson's exercises.
func addExerciseFlags(cmd *cobra.Command, f *learn.Flags, l learn.Lesson) {
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

// openExercise prints what --exercise asks for and notes a hint seen or a solution shown in the
// learner's record, as `course exercise` does; a record that cannot be written does not keep
// back what was asked for, and is said on the error stream.
func openExercise(cmd *cobra.Command, e *learn.Exercise, flags learn.Flags) error {
	if err := learn.Open(cmd.Context(), cmd.OutOrStdout(), e, flags.Hint, flags.Solution); err != nil {
		return err
	}
	if flags.Hint == 0 && !flags.Solution {
		return nil
	}
	path, err := learn.DefaultProgressPath()
	if err == nil {
		err = learn.RecordOpened(path, e, flags.Hint, flags.Solution, time.Now())
	}
	if err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: not noted in the record: %v\n", e.Name(), err)
	}
	return nil
}
