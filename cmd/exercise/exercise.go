// Package exercise holds the learner's commands: exercise, answer, check, reset, progress and
// next, one file each, over the exercises and the record of package learn.
package exercise

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"course/learn"
)

// IO is what every exercise command reads and writes; the constructors fill it from cobra's
// streams, the tests with buffers.
type IO struct {
	// Out receives what the command prints, Err go test's errors.
	Out, Err io.Writer
	// In is standard input, for the answer prompt and the questions asked before a reset.
	In io.Reader
	// Terminal says a person types on In: only then does a command prompt or ask.
	Terminal bool
	// ProgressPath is the progress record; "" is learn.DefaultProgressPath.
	ProgressPath string
	// Dir is where to look for the course's repository; "" is the working directory.
	Dir string
	// Now stamps what is done; nil is time.Now.
	Now func() time.Time
}

// base is the IO of every command's options, which embed it.
func (o *IO) base() *IO { return o }

// newCmd gives cmd the RunE every exercise command has: prepare reads the arguments into opts
// (the exercise they name), the IO is filled from cobra's streams, and runF runs the command
// when given, as the tests give it, run otherwise.
func newCmd[O interface{ base() *IO }](cmd *cobra.Command, opts O, prepare func(args []string) error, runF, run func(context.Context, O) error) *cobra.Command {
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if prepare != nil {
			if err := prepare(args); err != nil {
				return err
			}
		}
		opts.base().fill(cmd)
		if runF != nil {
			return runF(cmd.Context(), opts)
		}
		return run(cmd.Context(), opts)
	}
	return cmd
}

// findExercise is the prepare of a command whose first argument names an exercise of c.
func findExercise(c *learn.Course, into **learn.Exercise) func(args []string) error {
	return func(args []string) error {
		e, err := c.Find(args[0])
		*into = e
		return err
	}
}

func (o *IO) fill(cmd *cobra.Command) {
	o.Out, o.Err, o.In = cmd.OutOrStdout(), cmd.ErrOrStderr(), cmd.InOrStdin()
	if f, ok := o.In.(*os.File); ok {
		o.Terminal = term.IsTerminal(int(f.Fd()))
	}
}

// recordPath is the progress record's file.
func (o *IO) recordPath() (string, error) {
	if o.ProgressPath != "" {
		return o.ProgressPath, nil
	}
	return learn.DefaultProgressPath()
}

// progress reads the record, to show it; changes go through learn's Record functions, which
// read it again under its lock.
func (o *IO) progress() (*learn.Progress, error) {
	path, err := o.recordPath()
	if err != nil {
		return nil, err
	}
	return learn.LoadProgress(path)
}

func (o *IO) now() time.Time {
	if o.Now == nil {
		return time.Now()
	}
	return o.Now()
}

// confirm asks the person at the terminal whether to go on; without a terminal it refuses,
// saying to run again with --yes, so that nothing is lost to a script's missing answer.
func (o *IO) confirm(question string) error {
	if !o.Terminal {
		return fmt.Errorf("%s: run it again with --yes to go ahead", question)
	}
	fmt.Fprintf(o.Out, "%s [y/N] ", question)
	line, err := bufio.NewReader(o.In).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("read your answer: %w", err)
	}
	if a := strings.ToLower(strings.TrimSpace(line)); a != "y" && a != "yes" {
		return errors.New("left as it was")
	}
	return nil
}

// ExerciseOptions is what `course exercise` and a lesson's --exercise need.
type ExerciseOptions struct {
	IO
	// Exercise is the exercise to open.
	Exercise *learn.Exercise
	// Hint and Solution are as in Flags.
	Hint     int
	Solution bool
}

// NewCmdExercise builds `course exercise lN.K`, which opens an exercise: its question, what
// to answer and how, a hint, or the course's answer.
func NewCmdExercise(c *learn.Course, runF func(context.Context, *ExerciseOptions) error) *cobra.Command {
	opts := &ExerciseOptions{}
	cmd := newCmd(&cobra.Command{
		Use:   "exercise lN.K",
		Short: "Open an exercise: its question, a hint (--hint) or the course's answer (--solution)",
		Args:  cobra.ExactArgs(1),
	}, opts, findExercise(c, &opts.Exercise), runF, runExercise)
	cmd.Flags().IntVar(&opts.Hint, "hint", 0, "give hint `N` (--hint alone: the first)")
	cmd.Flags().Lookup("hint").NoOptDefVal = "1"
	cmd.Flags().BoolVar(&opts.Solution, "solution", false, "print the exercise's computed answer and its evidence")
	return cmd
}

// runExercise prints the exercise's question, a hint, or its solution, as opts say, and notes
// in the record the hint seen or the solution shown: a solution seen before the exercise is
// solved marks it shown. A record that cannot be written does not keep back what was asked
// for: it is said on the error stream.
func runExercise(ctx context.Context, opts *ExerciseOptions) error {
	e := opts.Exercise
	if err := learn.Open(ctx, opts.Out, e, opts.Hint, opts.Solution); err != nil {
		return err
	}
	if !opts.Solution && opts.Hint == 0 {
		return nil
	}
	path, err := opts.recordPath()
	if err == nil {
		err = learn.RecordOpened(path, e, opts.Hint, opts.Solution, opts.now())
	}
	if err != nil && opts.Err != nil {
		fmt.Fprintf(opts.Err, "%s: not noted in the record: %v\n", e.Name(), err)
	}
	return nil
}
