package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"course/cmd/root"
	"course/internal/indexcache"
	"course/internal/indexcache/cachetest"
	"course/internal/stopsignal"
	"course/internal/testutil"
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
	// The scripts' `course` is this binary again, which runs main through mainVar, set by
	// scriptParams: the hosts it starts inherit the variable, as courseCommand's do.
	testscript.Main(isolated{m}, map[string]func(){"course": main})
}

// isolated runs the tests and benchmarks with the course's cache in a temporary folder, which
// the programs they start inherit.
type isolated struct{ m *testing.M }

func (i isolated) Run() int {
	cleanup, err := cachetest.Isolate()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer cleanup()
	return i.m.Run()
}

// TestScripts runs testdata/script/*.txtar: the course's command lines as a learner types
// them, with what each prints and the exit status it ends with.
func TestScripts(t *testing.T) {
	testscript.Run(t, scriptParams())
}

// scriptParams runs each script with the course as `course`, a progress record of its own in
// $WORK, and `exits N command args...`, which runs the command and checks its exit status.
func scriptParams() testscript.Params {
	return testscript.Params{
		Dir: filepath.Join("testdata", "script"),
		Setup: func(env *testscript.Env) error {
			env.Setenv(mainVar, "1")
			env.Setenv("XDG_CONFIG_HOME", filepath.Join(env.WorkDir, "config"))
			env.Setenv("HOME", env.WorkDir)
			// The course's index cache is the test binary's temporary one, as every test's is.
			env.Setenv("XDG_CACHE_HOME", os.Getenv("XDG_CACHE_HOME"))
			env.Setenv(indexcache.IsolatedVar, os.Getenv(indexcache.IsolatedVar))
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) < 2 {
					ts.Fatalf("usage: exits N command [args...]")
				}
				want, err := strconv.Atoi(args[0])
				if err != nil {
					ts.Fatalf("exits: %v", err)
				}
				if got := exitCode(ts.Exec(args[1], args[2:]...)); got != want {
					ts.Fatalf("exit status %d, want %d", got, want)
				}
			},
		},
	}
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
	if !slices.Equal(stopsignal.Signals, root.StopSignals) {
		t.Errorf("main catches %v, the command line ends on %v", stopsignal.Signals, root.StopSignals)
	}
}

// exitCode returns the exit status of a finished command, or -1 if it did not exit normally.
func exitCode(err error) int {
	var exit *exec.ExitError
	if err == nil {
		return 0
	}
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	return -1
}
