package exercise

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"course/learn"
)

// ResetOptions is what `course reset` needs.
type ResetOptions struct {
	IO
	// Exercise is the code exercise whose stubs are put back.
	Exercise *learn.Exercise
	// Yes overwrites changed files without asking.
	Yes bool
}

// NewCmdReset builds `course reset lN.K`, which puts a code exercise's stub back.
func NewCmdReset(c *learn.Course, runF func(context.Context, *ResetOptions) error) *cobra.Command {
	opts := &ResetOptions{}
	cmd := newCmd(&cobra.Command{
		Use:   "reset lN.K",
		Short: "Put a code exercise's stub back, from the copy the course carries",
		Args:  cobra.ExactArgs(1),
	}, opts, findExercise(c, &opts.Exercise), runF, runReset)
	cmd.Flags().BoolVar(&opts.Yes, "yes", false, "overwrite your changes without asking")
	return cmd
}

// runReset restores the exercise's stubs, asking first when the learner has changed them.
func runReset(ctx context.Context, opts *ResetOptions) error {
	e := opts.Exercise
	if e.Kind != learn.Code {
		return fmt.Errorf("%s is answered, not written: it has no file to reset", e.Name())
	}
	root, err := learn.FindRepository(ctx, opts.Dir)
	if err != nil {
		return fmt.Errorf("reset %s: %w", e.Name(), err)
	}
	changed, err := e.Code.Changed(root)
	if err != nil {
		return fmt.Errorf("reset %s: %w", e.Name(), err)
	}
	if len(changed) > 0 && !opts.Yes {
		if err := opts.confirm("overwrite your changes to " + strings.Join(changed, ", ") + "?"); err != nil {
			return fmt.Errorf("reset %s: %w", e.Name(), err)
		}
	}
	if err := e.Code.Reset(root); err != nil {
		return fmt.Errorf("reset %s: %w", e.Name(), err)
	}
	_, err = fmt.Fprintf(opts.Out, "%s: %s back as the course ships them.\n", e.Name(), strings.Join(e.Code.Paths(), ", "))
	return err
}
