package root

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"course/gahost/hosttest"

	"course/internal/testutil"
	"course/lessons"
)

// TestMain lets the test binary serve as the host child that lessons start.
func TestMain(m *testing.M) { hosttest.Main(m) }

// runCourse runs the course's command line in-process and returns what it printed.
func runCourse(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := NewRootCmd("test")
	root.SetOut(&out)
	root.SetErr(&errOut)
	if args == nil {
		args = []string{} // cobra reads os.Args, the test binary's own flags, when given nil
	}
	root.SetArgs(args)
	err := root.ExecuteContext(t.Context())
	return out.String(), err
}

func TestUnknownCommands(t *testing.T) {
	cases := []struct{ args, want []string }{
		{[]string{"matrx"}, []string{`unknown command "matrx"`, "did you mean matrix?"}},
		{[]string{"zzzz"}, []string{`unknown command "zzzz"`, "course lessons"}},
	}
	for _, tc := range cases {
		_, err := runCourse(t, tc.args...)
		for _, w := range tc.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("course %s: %v, want %q", strings.Join(tc.args, " "), err, w)
			}
		}
	}
}

// TestIndexListsEveryLesson checks the index against the course's list: every lesson names its
// written lesson, which must exist.
func TestIndexListsEveryLesson(t *testing.T) {
	for _, args := range [][]string{nil, {"lessons"}} {
		out, err := runCourse(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lessons.Course() {
			if !strings.Contains(out, l.Title) {
				t.Errorf("course %v does not list %s (%s)", args, l.Slug, l.Title)
			}
			if !strings.Contains(out, l.Doc()) {
				t.Errorf("course %v does not name %s's written lesson", args, l.Slug)
			}
			if _, err := os.Stat(filepath.Join("..", "..", l.Doc())); err != nil {
				t.Errorf("%s has no written lesson: %v", l.Slug, err)
			}
		}
	}
}

func TestHelpListsLessonsWithTitles(t *testing.T) {
	out, err := runCourse(t, "--help")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lessons.Course() {
		if !strings.Contains(out, l.Slug) || !strings.Contains(out, l.Title) {
			t.Errorf("help does not list %s (%s):\n%s", l.Slug, l.Title, out)
		}
	}
}

// runCourseShared is runCourse for a command line whose output several tests read as it is:
// the first of them runs it, the others read that run's output.
func runCourseShared(t *testing.T, args ...string) (string, error) {
	t.Helper()
	return testutil.Shared(strings.Join(args, "\x00"), func() (string, error) { return runCourse(t, args...) })
}

// TestHelpInCourseOrder checks that --help lists the lessons l1 to l28 in the course's order
// and that --color's help names its default.
func TestHelpInCourseOrder(t *testing.T) {
	out, err := runCourse(t, "--help")
	if err != nil {
		t.Fatal(err)
	}
	last := -1
	for _, l := range lessons.Course() {
		i := strings.Index(out, "\n  "+l.Slug+" ")
		if i < 0 {
			t.Fatalf("--help does not list %s:\n%s", l.Slug, out)
		}
		if i < last {
			t.Errorf("--help lists %s out of the course's order:\n%s", l.Slug, out)
		}
		last = i
	}
	if !strings.Contains(out, `(default "auto")`) || strings.Contains(out, "--color never") {
		t.Errorf("--help does not show --color's default plainly:\n%s", out)
	}
}
