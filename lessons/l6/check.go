package l6

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/internal/cmdutil"
)

// CheckOptions is what `course check` needs.
type CheckOptions struct {
	// Out and Err receive go test's output.
	Out, Err io.Writer
	// Exercise is the exercise to check, "l6.5".
	Exercise string
	// Dir is where to look for the course's repository; "" is the working directory.
	Dir string
}

// NewCmdCheck builds `course check`, which runs the check of an exercise where the learner
// writes code.
func NewCmdCheck(runF func(context.Context, *CheckOptions) error) *cobra.Command {
	opts := &CheckOptions{}
	return &cobra.Command{
		Use:   "check lN.M",
		Short: "Check your code for a lesson's code exercise (course check l6.5)",
		Long: `Run the check of a code exercise on your code: go test, with the exercise tag, in the
course's repository. It fails with a diff until your code is right. Run it from the
repository (or a folder in it); it needs the Go toolchain.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("check: give one code exercise (got %d arguments): the code exercises are %s", len(args), strings.Join(codeExercises(), ", "))
			}
			opts.Exercise, opts.Out, opts.Err = args[0], cmd.OutOrStdout(), cmd.ErrOrStderr()
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runCheck(cmd.Context(), opts)
		},
	}
}

// codeExercise finds the code exercise name gives, "l6.5".
func codeExercise(name string) (l6Exercise, int, error) {
	slug, num, ok := strings.Cut(name, ".")
	n, err := strconv.Atoi(num)
	if !ok || slug != "l6" || err != nil || n < 1 || n > len(l6Exercises) || l6Exercises[n-1].check == "" {
		return l6Exercise{}, 0, fmt.Errorf("check %q: the code exercises are %s", name, strings.Join(codeExercises(), ", "))
	}
	return l6Exercises[n-1], n, nil
}

// codeExercises names the exercises where the learner writes code, "l6.5".
func codeExercises() []string {
	var have []string
	for i, e := range l6Exercises {
		if e.check != "" {
			have = append(have, fmt.Sprintf("l6.%d", i+1))
		}
	}
	return have
}

func runCheck(ctx context.Context, opts *CheckOptions) error {
	e, n, err := codeExercise(opts.Exercise)
	if err != nil {
		return err
	}
	root, err := courseRepository(ctx, opts.Dir)
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, "go", "test", "-tags", "exercise", "-count=1", "-run", "^Test"+e.check+"$", "./exercises/l6/")
	cmd.Dir, cmd.Stdout, cmd.Stderr = root, opts.Out, opts.Err
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return &cmdutil.ExitError{Code: 1, Err: fmt.Errorf("check l6.%d: not right yet; change exercises/l6/ and run it again", n)}
		}
		return fmt.Errorf("check l6.%d: run go test: %w", n, err)
	}
	_, err = fmt.Fprintf(opts.Out, "l6.%d is right: `course l6 --exercise %d --solution` shows the course's answer to compare.\n", n, n)
	return err
}

// courseRepository finds the root of the course's repository from dir: the module that go
// reports there must be course.
func courseRepository(ctx context.Context, dir string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("check: find the course's repository with go env GOMOD (is Go installed?): %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("check: run it in the course's repository, where exercises/ is")
	}
	text, err := os.ReadFile(gomod)
	if err != nil {
		return "", fmt.Errorf("check: %w", err)
	}
	if !bytes.HasPrefix(text, []byte("module course\n")) {
		return "", fmt.Errorf("check: %s is not the course's module; run it in the course's repository", gomod)
	}
	return filepath.Dir(gomod), nil
}
