package exercise

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"course/internal/cmdutil"
	"course/learn"
)

// CheckOptions is what `course check` needs.
type CheckOptions struct {
	IO
	// Exercise is the code exercise to check.
	Exercise *learn.Exercise
	// Watch checks again on every save, until interrupted.
	Watch bool
	// UntilRight ends a watch once the code is right, for `course next` to go on.
	UntilRight bool
}

// NewCmdCheck builds `course check lN.K`, which runs a code exercise's check on the learner's
// files.
func NewCmdCheck(c *learn.Course, runF func(context.Context, *CheckOptions) error) *cobra.Command {
	opts := &CheckOptions{}
	cmd := &cobra.Command{
		Use:   "check lN.K",
		Short: "Check your code for a code exercise (course check l6.5; --watch checks on every save)",
		Long: `Run the check of a code exercise on your code: go test, with the exercise tag, in the
course's repository. It fails with a diff of the input, what was wanted and what came back,
until your code is right. Run it from the repository (or a folder in it); it needs Go.`,
		Args: cobra.MaximumNArgs(1),
	}
	newCmd(cmd, opts, func(args []string) error {
		if len(args) == 0 {
			return fmt.Errorf("check takes a code exercise: %s", strings.Join(codeExercises(c), ", "))
		}
		e, err := c.Find(args[0])
		if err != nil {
			return err
		}
		if e.Kind != learn.Code {
			return fmt.Errorf("%s is answered with `course answer %s \"...\"`, not checked", e.Name(), e.Name())
		}
		opts.Exercise = e
		return nil
	}, runF, runCheck)
	cmd.Flags().BoolVar(&opts.Watch, "watch", false, "check again every time you save one of the exercise's files")
	return cmd
}

// codeExercises names the course's code exercises, in course order.
func codeExercises(c *learn.Course) []string {
	var names []string
	for _, e := range c.All() {
		if e.Kind == learn.Code {
			names = append(names, "course check "+e.Name())
		}
	}
	return names
}

// watchSettle is how long a save's burst of file events is left to settle before the check.
const watchSettle = 200 * time.Millisecond

// runCheck checks the learner's code once, or with Watch on every save until ctx ends.
func runCheck(ctx context.Context, opts *CheckOptions) error {
	e := opts.Exercise
	root, err := learn.FindRepository(ctx, opts.Dir)
	if err != nil {
		return fmt.Errorf("check %s: %w", e.Name(), err)
	}
	made, err := e.Code.Ensure(root)
	if err != nil {
		return fmt.Errorf("check %s: %w", e.Name(), err)
	}
	for _, path := range made {
		fmt.Fprintf(opts.Out, "Wrote the stub %s.\n", path)
	}
	path, err := opts.recordPath()
	if err != nil {
		return err
	}
	once := func() error {
		ok, err := e.Code.Run(ctx, root, nil, opts.Out, opts.Err)
		if err != nil {
			return fmt.Errorf("check %s: %w", e.Name(), err)
		}
		_, rerr := learn.RecordAnswer(path, e.Name(), ok, opts.now())
		if !ok {
			fmt.Fprintf(opts.Out, "%s: not right yet; change %s and check again.\n", e.Name(), strings.Join(e.Code.Paths(), ", "))
			if rerr != nil {
				fmt.Fprintf(opts.Err, "%s: the try was not recorded: %v\n", e.Name(), rerr)
			}
			return &cmdutil.ExitError{Code: cmdutil.ExitFail}
		}
		fmt.Fprintf(opts.Out, "%s is right: `course exercise %s --solution` shows the course's answer to compare.\n", e.Name(), e.Name())
		if rerr != nil {
			return &cmdutil.ExitError{Code: cmdutil.ExitCannotRun, Err: fmt.Errorf("%s: right, but not recorded: %w", e.Name(), rerr)}
		}
		return nil
	}
	err = once()
	if !opts.Watch || err == nil && opts.UntilRight {
		return err
	}
	var exit *cmdutil.ExitError
	if err != nil && !errors.As(err, &exit) {
		return err
	}
	fmt.Fprintf(opts.Out, "Watching %s; Ctrl-C stops.\n", filepath.FromSlash(e.Code.Dir))
	var failed error
	wctx, right := context.WithCancel(ctx)
	defer right()
	werr := e.Code.Watch(wctx, root, watchSettle, func() {
		fmt.Fprintf(opts.Out, "\n== saved: checking %s again\n", e.Name())
		err := once()
		switch {
		case err == nil && opts.UntilRight:
			right()
		case err != nil && !errors.As(err, &exit):
			failed = err
		}
	})
	if werr != nil {
		return werr
	}
	return failed
}
