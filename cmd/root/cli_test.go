package root

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"course/gahost/hosttest"

	"course/internal/testutil"
	"course/lessons"
)

// TestMain lets the test binary serve as the host child that lessons start.
func TestMain(m *testing.M) { hosttest.Main(m) }

// runCourse runs the course's command line in-process, as main does, and returns what it
// printed.
func runCourse(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	if args == nil {
		args = []string{} // cobra reads os.Args, the test binary's own flags, when given nil
	}
	err := execute(t.Context(), "test", args, &out, &errOut)
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

// TestTheTreeBuildsWhatTheLineNeeds checks the lessons' stand-ins: each has its lesson's name,
// title and group, the root's help over them is the whole tree's, and a command line builds the
// lesson it names and no other, the exercises only for an exercise command or a line the tree
// cannot place.
func TestTheTreeBuildsWhatTheLineNeeds(t *testing.T) {
	full := NewRootCmd("test")
	var fullHelp bytes.Buffer
	full.SetOut(&fullHelp)
	full.SetArgs([]string{"--help"})
	if err := full.Execute(); err != nil {
		t.Fatal(err)
	}
	if help, err := runCourse(t, "--help"); err != nil || help != fullHelp.String() {
		t.Errorf("course --help over the stand-ins (%v):\n%s\nthe whole tree's:\n%s", err, help, fullHelp.String())
	}
	root, _, tree := newRoot("test")
	real := map[string]*cobra.Command{}
	for _, c := range full.Commands() {
		real[c.Name()] = c
	}
	for stub := range tree.stubs {
		r := real[stub.Name()]
		if r == nil || r.Short != stub.Short || r.GroupID != stub.GroupID || r.Hidden || len(r.Aliases) > 0 || len(r.SuggestFor) > 0 || !r.IsAvailableCommand() {
			t.Errorf("the stand-in for %s (%q, %s) does not stand for its command", stub.Name(), stub.Short, stub.GroupID)
		}
	}
	built := func() []string {
		var names []string
		for _, c := range root.Commands() {
			if _, stub := tree.stubs[c]; !stub && strings.HasPrefix(c.Name(), "l") && c.Name() != "lessons" {
				names = append(names, c.Name())
			}
		}
		return names
	}
	for _, tc := range []struct {
		args   []string
		built  string
		filled bool
	}{
		{[]string{"--version"}, "", false},
		{[]string{"--width", "80", "--no-pager"}, "", false},
		{[]string{"host", "--urls", "http://127.0.0.1:0"}, "", false},
		{[]string{"--width", "80", "l6", "--exercise", "1"}, "l6", false},
		{[]string{"answer", "l6.1", "x"}, "l6", true},
		{[]string{"--color", "never", "l22"}, "l6 l22", true},
	} {
		tree.resolve(tc.args)
		if got := strings.Join(built(), " "); got != tc.built || tree.filled != tc.filled {
			t.Errorf("course %s: built %q, exercises read %v; want %q, %v", strings.Join(tc.args, " "), got, tree.filled, tc.built, tc.filled)
		}
	}
	for _, args := range [][]string{{"help", "l6"}, {"__complete", "l6", "--"}, {"l66"}} {
		_, _, tree := newRoot("test")
		tree.resolve(args)
		if len(tree.stubs) > 0 || !tree.filled {
			t.Errorf("course %s: %d lessons left unbuilt, exercises read %v", strings.Join(args, " "), len(tree.stubs), tree.filled)
		}
	}
}
