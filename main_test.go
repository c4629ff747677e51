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
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"course/cmd/root"
	"course/ga/indexcache"
	"course/ga/indexcache/cachetest"
	"course/ga/optick"
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
	t.Parallel()
	testscript.Run(t, scriptParams())
}

// scriptParams runs each script with the course as `course`, a progress record of its own in
// $WORK, and `exits N command args...`, which runs the command and checks its exit status.
func scriptParams() testscript.Params {
	return testscript.Params{
		Dir: filepath.Join("testdata", "script"),
		Setup: func(env *testscript.Env) error {
			env.Setenv(mainVar, "1")
			// Under the script's own temporary folder, where a test binary keeps its progress record.
			env.Setenv("XDG_CONFIG_HOME", filepath.Join(env.Getenv("TMPDIR"), "config"))
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
	t.Parallel()
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
		t.Parallel()
		want := testutil.Snapshot(t, ".", "l6")
		got, stderr, err := run("l6")
		// A host slow to stop on a loaded machine is announced; nothing else may be said.
		stderr = strings.ReplaceAll(stderr, "course: stopping the host; a second Ctrl-C ends it now\n", "")
		if err != nil || got != want || stderr != "" {
			t.Fatalf("course l6: %v\nstderr: %s\nstdout differs from snapshots/l6.txtar: %v", err, stderr, got != want)
		}
	})
	t.Run("version", func(t *testing.T) {
		t.Parallel()
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

// runCourse runs the course with args, as a learner does, in a process of its own with extra
// environment env, and returns its output, its exit status and its stderr's lines that are not
// --verbose lines nor the notice of a host slow to stop on a loaded machine. A run a signal
// ended fails the test: whatever happens to the cache must never crash the course.
func runCourse(t *testing.T, env []string, args ...string) (stdout string, code int, said, notes []string) {
	t.Helper()
	cmd := courseCommand(t, args...)
	cmd.Env = append(cmd.Env, env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code = exitCode(err)
	if code < 0 {
		// Errorf, not Fatalf: runs side by side call this from goroutines of their own.
		t.Errorf("course %s ended by a signal: %v\n%s", strings.Join(args, " "), err, errOut.String())
	}
	for l := range strings.Lines(errOut.String()) {
		l = strings.TrimSuffix(l, "\n")
		switch {
		case strings.HasPrefix(l, "verbose: "):
			notes = append(notes, l)
		case l != "course: stopping the host; a second Ctrl-C ends it now":
			said = append(said, l)
		}
	}
	return out.String(), code, said, notes
}

// pinIndex is where the course keeps lesson 3's index in the pin's pipeline, the one l6's and
// l16's hosts search: this test binary's file, the same build as the course it runs.
func pinIndex(t *testing.T) string {
	t.Helper()
	path, err := indexcache.Path(indexcache.Course(optick.Pipeline{}))
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// privateCache is a cache folder of the test's own, for the runs given env, and the file in it
// that pinIndex names in the tests' shared one: a test that cuts or damages the index does it
// there, so that the tests beside it read and fill the shared cache undisturbed, and no run of
// theirs rebuilds the file under it.
func privateCache(t *testing.T) (env []string, index string) {
	t.Helper()
	shared, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(shared, pinIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	env, dir := cachetest.Env(t)
	return env, filepath.Join(dir, rel)
}

// damage changes the file at path in place, as a disk cleaner or a loop of truncates would,
// again and again until the returned stop is called: cut to 4 kB, written back whole, half of
// it zeroed, written back whole. stop returns the number of rounds, the file left sound.
func damage(t *testing.T, path string, good []byte) (stop func() int) {
	t.Helper()
	zeroed := bytes.Clone(good)
	clear(zeroed[len(zeroed)/4 : 3*len(zeroed)/4])
	done, finished := make(chan struct{}), make(chan int)
	go func() {
		rounds := 0
		for {
			select {
			case <-done:
				os.WriteFile(path, good, 0o644)
				finished <- rounds
				return
			default:
			}
			for _, step := range []func(f *os.File) error{
				func(f *os.File) error { return f.Truncate(4096) },
				func(f *os.File) error { _, err := f.WriteAt(good, 0); return err },
				func(f *os.File) error { _, err := f.WriteAt(zeroed, 0); return err },
				func(f *os.File) error { _, err := f.WriteAt(good, 0); return err },
			} {
				// The file a run renamed into place is the one changed next.
				if f, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
					step(f)
					f.Close()
				}
				time.Sleep(3 * time.Millisecond) // each state lasts a little while, for a reader to meet it
			}
			rounds++
		}
	}()
	return func() int { close(done); return <-finished }
}

// TestLessonsBesideAChangingIndex runs `course l16`, whose lesson and host both read lesson 3's
// cached index, 20 times in turn while a loop truncates and rewrites the file in place: every
// run prints the lesson's output byte for byte, or fails with one clear line, and none is
// ended by a signal. The runs say under --verbose that they rebuilt the damaged file, so the
// test sees that the loop reached them. The file is in a cache of the test's own. The count is
// what makes that sure: some 3 in 10 of the runs' reads, the lesson's and its host's, rebuild
// the file, fewer on a busy machine, so 20 runs all miss the damage about once in a million,
// 10 runs once in a thousand.
func TestLessonsBesideAChangingIndex(t *testing.T) {
	t.Parallel()
	want := testutil.Snapshot(t, ".", "l16")
	env, path := privateCache(t)
	if out, code, said, _ := runCourse(t, env, "l16"); code != 0 || out != want {
		t.Fatalf("course l16, which fills the cache: exit %d, %q; output as the snapshot: %v", code, said, out == want)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	stop := damage(t, path, good)
	const runs = 20
	// Four at a time, as a learner's terminals and scripts might: the damage meets runs that
	// start, read and rebuild side by side, and the test takes half the time.
	results := make([]struct {
		out   string
		code  int
		said  []string
		notes []string
	}, runs)
	var wg sync.WaitGroup
	slots := make(chan struct{}, 4)
	for i := range runs {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			r := &results[i]
			r.out, r.code, r.said, r.notes = runCourse(t, env, "l16", "--verbose")
		}()
	}
	wg.Wait()
	ok, rebuilt := 0, 0
	for i, r := range results {
		switch {
		case r.code == 0 && r.out == want && len(r.said) == 0:
			ok++
		case r.code == 0:
			t.Errorf("run %d: the output differs from the lesson's (stderr %q):\n%s", i+1, r.said, testutil.LineDiff(want, r.out))
		case len(r.said) != 1 || !strings.HasPrefix(r.said[0], "course: "):
			t.Errorf("run %d: exit %d with no clear one-line error: %q", i+1, r.code, r.said)
		}
		for _, n := range r.notes {
			if strings.Contains(n, "rebuilt the cached index") {
				rebuilt++
			}
		}
	}
	rounds := stop()
	t.Logf("%d of %d runs as the snapshot, %d rebuilds of the file, %d rounds of damage", ok, runs, rebuilt, rounds)
	if ok == 0 || rebuilt == 0 {
		t.Errorf("%d runs as the snapshot and %d rebuilds: the runs did not meet the damage", ok, rebuilt)
	}
}

// TestVerboseSaysWhatWasRebuilt cuts the cached index before `course l6`, whose host reads
// it: the lesson prints the same either way, is silent on stderr without --verbose, and
// passes on its host's one line with it. A cache folder that cannot be made (a file where it
// would be) costs lesson 3 nothing but a line under --verbose. The index cut is in a cache of
// the test's own.
func TestVerboseSaysWhatWasRebuilt(t *testing.T) {
	t.Parallel()
	want := testutil.Snapshot(t, ".", "l6")
	env, path := privateCache(t)
	if out, code, said, _ := runCourse(t, env, "l6"); code != 0 || out != want || len(said) != 0 {
		t.Fatalf("course l6: exit %d, %q; output as the snapshot: %v", code, said, out == want)
	}
	for _, args := range [][]string{{"l6"}, {"l6", "--verbose"}} {
		if err := os.Truncate(path, 4096); err != nil {
			t.Fatal(err)
		}
		out, code, said, notes := runCourse(t, env, args...)
		if code != 0 || out != want || len(said) != 0 {
			t.Fatalf("course %s on a cut index: exit %d, %q; output as the snapshot: %v", strings.Join(args, " "), code, said, out == want)
		}
		wantNotes := 0
		if len(args) == 2 {
			wantNotes = 1
		}
		if len(notes) != wantNotes || wantNotes == 1 && !strings.HasPrefix(notes[0], "verbose: host: rebuilt the cached index: indexcache: "+path+": ") {
			t.Errorf("course %s on a cut index says %q, want %d line of its host's rebuild", strings.Join(args, " "), notes, wantNotes)
		}
	}

	blocked := t.TempDir()
	if err := os.WriteFile(filepath.Join(blocked, "course"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	wantL3 := testutil.Snapshot(t, ".", "l3")
	for _, args := range [][]string{{"l3"}, {"l3", "--verbose"}} {
		out, code, said, notes := runCourse(t, []string{"XDG_CACHE_HOME=" + blocked}, args...)
		if code != 0 || out != wantL3 || len(said) != 0 {
			t.Fatalf("course %s with no cache folder: exit %d, %q; output as the snapshot: %v", strings.Join(args, " "), code, said, out == wantL3)
		}
		if verbose := len(args) == 2; verbose != (len(notes) == 1) || verbose && !strings.HasPrefix(notes[0], "verbose: the index was not cached, the next run builds it again: ") {
			t.Errorf("course %s with no cache folder says %q", strings.Join(args, " "), notes)
		}
	}
}
