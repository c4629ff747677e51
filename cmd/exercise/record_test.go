package exercise

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"course/gahost/hosttest"
	"course/internal/cmdutil"
	"course/learn"
	"course/learn/learntest"
)

// answerChildVar, set in a child's environment, makes the test binary run `course answer`
// with the arguments after "--" instead of its tests: a learner's command, started as many
// times at once as a test wants.
const answerChildVar = "COURSE_TEST_ANSWER_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(answerChildVar) == "1" {
		os.Exit(answerChild())
	}
	// The exercises that start a host start this binary as one.
	hosttest.Main(m)
}

// concurrentCourse is a course of one lesson of n value exercises, the answer to lN.K being K.
func concurrentCourse(n int) *learn.Course {
	exercises := make([]*learn.Exercise, n)
	for i := range exercises {
		exercises[i] = learn.Compute(learn.Numbers, func(context.Context, io.Writer) (string, error) {
			return strconv.Itoa(i + 1), nil
		}).WithHints("its number")
	}
	return &learn.Course{Lessons: []learn.Lesson{learn.NewLesson("l1", exercises...)}}
}

// concurrentAnswers is how many learners' commands TestConcurrentAnswersKeepEveryEntry runs at once.
const concurrentAnswers = 40

// answerChild waits for its standard input to close, so that every child starts its work at
// once, then runs `course answer` on the arguments after "--", exiting as the course would.
func answerChild() int {
	io.Copy(io.Discard, os.Stdin)
	args := os.Args
	for i, a := range args {
		if a == "--" {
			args = args[i+1:]
			break
		}
	}
	cmd := NewCmdAnswer(concurrentCourse(concurrentAnswers), nil)
	cmd.SetArgs(args)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	if err := cmd.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		var exit *cmdutil.ExitError
		if errors.As(err, &exit) {
			return exit.Code
		}
		return 1
	}
	return 0
}

// TestConcurrentAnswersKeepEveryEntry gives 40 right answers at once, each from a process of
// its own over one configuration folder, as 40 terminals would: the record keeps all 40.
func TestConcurrentAnswersKeepEveryEntry(t *testing.T) {
	// The answers mostly wait for one another's lock on the record. The children's home is set
	// in their environment alone, not the test's, so that this test can wait alongside others.
	t.Parallel()
	homeEnv, home := learntest.ConfigEnv(t)
	env := append(append(os.Environ(), answerChildVar+"=1"), homeEnv...)
	type child struct {
		cmd      *exec.Cmd
		stdin    io.WriteCloser
		out, err bytes.Buffer
	}
	children := make([]*child, concurrentAnswers)
	for i := range children {
		c := &child{cmd: exec.Command(os.Args[0], "-test.run=^$", "--", "l1."+strconv.Itoa(i+1), strconv.Itoa(i+1))}
		c.cmd.Env = env
		c.cmd.Stdout, c.cmd.Stderr = &c.out, &c.err
		var err error
		if c.stdin, err = c.cmd.StdinPipe(); err != nil {
			t.Fatal(err)
		}
		if err := c.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		children[i] = c
	}
	// Every child is started and waits on its standard input: closing them all lets them go
	// together.
	for _, c := range children {
		c.stdin.Close()
	}
	for i, c := range children {
		if err := c.cmd.Wait(); err != nil || !strings.Contains(c.out.String(), fmt.Sprintf("l1.%d: right", i+1)) {
			t.Errorf("answer %d: %v\n%s%s", i+1, err, c.out.String(), c.err.String())
		}
	}
	// The record is wherever the course puts it in the children's configuration folder: the one
	// record under their home.
	var records []string
	err := filepath.WalkDir(home, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == "progress.json" {
			records = append(records, path)
		}
		return err
	})
	if err != nil || len(records) != 1 {
		t.Fatalf("the answers left the records %q under their home (%v), want one", records, err)
	}
	p, err := learn.LoadProgress(records[0])
	if err != nil {
		t.Fatal(err)
	}
	kept := 0
	for i := range concurrentAnswers {
		if p.State("l1."+strconv.Itoa(i+1)) == learn.FirstTry {
			kept++
		}
	}
	if kept != concurrentAnswers || len(p.Exercises) != concurrentAnswers {
		t.Errorf("%d concurrent right answers kept %d entries solved at the first try, %d in all", concurrentAnswers, kept, len(p.Exercises))
	}
}
