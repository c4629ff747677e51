package root

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"course/internal/testutil"
	"course/lessons"
)

// TestMain lets the test binary serve as the host child that lessons start.
func TestMain(m *testing.M) { testutil.Main(m) }

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
		if want := fmt.Sprintf("%d of %d lessons run", len(lessons.Course()), len(lessons.Course())); !strings.Contains(out, want) {
			t.Errorf("course %v does not say %q", args, want)
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

// TestExerciseNames checks that a malformed or out-of-range exercise, by a lesson's flag or by
// name, gets one line that lists the lesson's exercises, before anything runs.
func TestExerciseNames(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"l6", "--exercise", "0"}, "l6.0: no such exercise; l6 has l6.1, l6.2, l6.3, l6.4, l6.5, l6.6"},
		{[]string{"l6", "--exercise", "two"}, "l6.two: no such exercise; l6 has l6.1,"},
		{[]string{"exercise", "l6.7"}, "l6.7: no such exercise; l6 has l6.1,"},
		{[]string{"exercise", "l4.1"}, "l4.1: lesson l4 has no exercises"},
		{[]string{"check"}, "check takes a code exercise: course check l6.5, course check l6.6"},
		{[]string{"l5", "--exercise", "1"}, "l5.1: lesson l5 has no exercises"},
		{[]string{"l5", "--solution"}, "--hint and --solution go with --exercise K"},
		{[]string{"answer", "l99.1", "x"}, `"l99.1": an exercise is named lN.K`},
		{[]string{"check", "l6.4"}, "l6.4 is answered with `course answer l6.4"},
		{[]string{"reset", "l6.1"}, "l6.1 is answered, not written"},
	} {
		out, err := runCourse(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") || out != "" {
			t.Errorf("course %s: %v (printed %q), want one line with %q", strings.Join(tc.args, " "), err, out, tc.want)
		}
	}
}

// TestLearnersErrors checks the one-line hints for what a learner mistypes: the lesson meant
// through case or a stray space, the lessons that have a flag this one lacks, the nearest flag.
func TestLearnersErrors(t *testing.T) {
	var withMain []string
	for _, c := range NewRootCmd("test").Commands() {
		if c.LocalFlags().Lookup("main") != nil {
			withMain = append(withMain, c.Name())
		}
	}
	if len(withMain) == 0 {
		t.Fatal("no lesson has --main")
	}
	cases := []struct {
		args    []string
		want    []string
		notWant string
	}{
		{[]string{"L6"}, []string{`unknown command "L6"`, "did you mean l6?"}, "l7"},
		{[]string{"l", "6"}, []string{`unknown command "l 6"`, "did you mean l6?"}, "l7"},
		{[]string{"l"}, []string{`unknown command "l"`, "course lessons"}, "l1 or"},
		{[]string{"l6", "--main"}, []string{"course l6 has no --main", strings.Join(withMain, ", ")}, ""},
		{[]string{"l6", "--exersice", "1"}, []string{"unknown flag --exersice", "did you mean --exercise?"}, ""},
		{[]string{"l6", "--widht", "80"}, []string{"did you mean --width?"}, ""},
		{[]string{"l6", "--zzzzzz"}, []string{"unknown flag --zzzzzz", "course l6 --help"}, "did you mean"},
	}
	for _, tc := range cases {
		_, err := runCourse(t, tc.args...)
		for _, w := range tc.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("course %s: %v, want %q", strings.Join(tc.args, " "), err, w)
			}
		}
		if err != nil && tc.notWant != "" && strings.Contains(err.Error(), tc.notWant) {
			t.Errorf("course %s: %v, want no %q", strings.Join(tc.args, " "), err, tc.notWant)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("course %s: %q is more than one line", strings.Join(tc.args, " "), err)
		}
	}
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
