package cli

import (
	"io"
	"strconv"
	"strings"
	"testing"

	"course/internal/report"
	"course/lessons"
	"course/lessons/l6"
	"course/testutil"
)

// widthRuns are the command lines the width test runs: every lesson, its exercises, and the tools.
func widthRuns() [][]string {
	runs := [][]string{{"lessons"}, {"matrix"}, {"matrix", "--hazards"}}
	for _, l := range lessons.Course() {
		runs = append(runs, []string{l.Slug})
	}
	for n := range l6.ExerciseCount() {
		runs = append(runs, []string{"l6", "--exercise", strconv.Itoa(n + 1)})
	}
	return runs
}

// TestEveryLineFitsTheWidth checks, for every lesson and tool, the display width of every line
// and that the cut output still holds every character of the canonical one. Each command runs
// end to end with --width 40, which shows the flag reaching its output; the same display writer
// cuts the canonical output at 100 columns, as a rerun with --width 100 would.
func TestEveryLineFitsTheWidth(t *testing.T) {
	t.Parallel()
	for _, args := range widthRuns() {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			canonical, err := runCourseShared(t, args...)
			if err != nil {
				t.Fatalf("course %s: %v", strings.Join(args, " "), err)
			}
			narrow, err := runCourse(t, append(args, "--width", strconv.Itoa(widthNarrow))...)
			if err != nil {
				t.Fatalf("course %s --width %d: %v", strings.Join(args, " "), widthNarrow, err)
			}
			for width, got := range map[int]string{widthNarrow: narrow, report.DefaultWidth: fitTo(t, canonical, report.DefaultWidth)} {
				if wide := testutil.OverWide(got, width); len(wide) > 0 {
					t.Errorf("course %s --width %d: %d lines wider, the first: %q", strings.Join(args, " "), width, len(wide), wide[0])
				}
				if unfit(got) != unfit(canonical) {
					t.Errorf("course %s --width %d lost or changed characters", strings.Join(args, " "), width)
				}
			}
		})
	}
}

// widthNarrow is the width every command runs at in TestEveryLineFitsTheWidth: narrower than
// most lines, so that almost every line is cut.
const widthNarrow = 40

// fitTo is out as `--width width` prints it: through the display writer the root command puts
// in front of every command's output.
func fitTo(t *testing.T, out string, width int) string {
	t.Helper()
	var b strings.Builder
	w, flush, err := (&report.DisplayOptions{Width: width, Color: "never"}).Writer(&b)
	if err == nil {
		_, err = io.WriteString(w, out)
	}
	if err == nil {
		err = flush()
	}
	if err != nil {
		t.Fatalf("display writer at %d columns: %v", width, err)
	}
	return b.String()
}

// unfit joins the pieces of cut lines again, without the indentation the cutting repeated, and
// drops all white space, so that a cut output and its canonical form compare equal.
func unfit(s string) string {
	s = strings.ReplaceAll(s, report.Continuation+"\n", "")
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "| ", "")), "")
}

// TestHelpFitsAHundredColumns checks every command's --help in canonical form.
func TestHelpFitsAHundredColumns(t *testing.T) {
	root := NewRootCmd("test")
	var paths [][]string
	for _, c := range root.Commands() {
		paths = append(paths, []string{c.Name()})
		for _, sub := range c.Commands() {
			paths = append(paths, []string{c.Name(), sub.Name()})
		}
	}
	paths = append(paths, nil)
	for _, p := range paths {
		out, err := runCourse(t, append(p, "--help")...)
		if err != nil {
			t.Fatal(err)
		}
		if wide := testutil.OverWide(out, report.DefaultWidth); len(wide) > 0 {
			t.Errorf("course %s --help: %d lines over %d columns, the first: %q", strings.Join(p, " "), len(wide), report.DefaultWidth, wide[0])
		}
	}
}

func TestColour(t *testing.T) {
	out, err := runCourse(t, "l6", "--color", "always")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "\x1b[1m# l6\x1b[0m") || !strings.Contains(out, "\x1b[32mexact\x1b[0m") || !strings.Contains(out, "(throws)") {
		t.Errorf("no colours in course l6 --color always:\n%.400s", out)
	}
	plain, err := runCourse(t, "l6", "--color", "never")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain, "\x1b[") {
		t.Error("course l6 --color never has escape sequences")
	}
	if _, err := runCourse(t, "l6", "--color", "sometimes"); err == nil || !strings.Contains(err.Error(), "never, auto or always") {
		t.Errorf("--color sometimes: %v", err)
	}
}
