package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"course/cli"
	"course/indexcache/cachetest"
	"course/internal/stopsignal"
	"course/testutil"
)

// mainVar, set in a child's environment, makes the test binary run the course's main instead
// of its tests, so the tests start the program as a learner does without linking it twice.
const mainVar = "COURSE_TEST_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(mainVar) == "1" {
		main()
		os.Exit(0)
	}
	stopsignal.Release() // the tests end on Ctrl-C as any test binary does
	os.Exit(run(m))
}

// run runs the tests and benchmarks with the course's cache in a temporary folder, which the
// programs they start inherit.
func run(m *testing.M) int {
	cleanup, err := cachetest.Isolate()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer cleanup()
	return m.Run()
}

// courseBinary returns the program to run as `course`: this test binary, which runs main when
// its environment carries mainVar; the children it starts, `course host`, inherit it.
func courseBinary(t *testing.T) (string, []string) {
	t.Helper()
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return bin, append(os.Environ(), mainVar+"=1")
}

// TestBinary runs the program as a learner does, as a process of its own started from a
// directory that is not the project's.
func TestBinary(t *testing.T) {
	bin, env := courseBinary(t)
	run := func(args ...string) (string, string, error) {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		cmd.Dir = t.TempDir()
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		return stdout.String(), stderr.String(), err
	}

	t.Run("l6", func(t *testing.T) {
		want := testutil.Snapshot(t, ".", "l6")
		got, stderr, err := run("l6")
		// A host slow to stop on a loaded machine is announced; nothing else may be said.
		stderr = strings.ReplaceAll(stderr, "course: stopping the host; a second Ctrl-C ends it now\n", "")
		if err != nil || got != want || stderr != "" {
			t.Fatalf("course l6: %v\nstderr: %s\nstdout differs from snapshots/l6.txtar: %v", err, stderr, got != want)
		}
	})
	t.Run("version", func(t *testing.T) {
		got, _, err := run("--version")
		if err != nil || !strings.Contains(got, version) {
			t.Fatalf("course --version: %q, %v", got, err)
		}
	})
	t.Run("unknown command", func(t *testing.T) {
		cases := []struct{ arg, want string }{
			{"matrx", `course: unknown command "matrx": did you mean matrix?`},
		}
		for _, tc := range cases {
			_, stderr, err := run(tc.arg)
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.HasPrefix(stderr, tc.want) {
				t.Errorf("course %s: %v, stderr %q", tc.arg, err, stderr)
			}
		}
	})
}

// courseCommand runs the course with args as a process of its own, as a learner runs it: this
// test binary, which runs main before any test machinery when its environment carries mainVar,
// so that the signals it gets and the exit status it gives are the program's; the hosts it
// starts inherit the variable and run main too.
func courseCommand(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	bin, env := courseBinary(t)
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	return cmd
}

// TestStopSignalsAgree: the signals main catches first are those the command line ends on.
func TestStopSignalsAgree(t *testing.T) {
	if !slices.Equal(stopsignal.Signals, cli.StopSignals) {
		t.Errorf("main catches %v, the command line ends on %v", stopsignal.Signals, cli.StopSignals)
	}
}
