package l22

import (
	"context"
	"io"
	"strings"
	"testing"

	"course/internal/testutil"
	"course/lessons/kit"
)

// run22 runs sections of lesson 22 on a lesson changed by change.
func run22(t *testing.T, change func(*lesson), sections ...func(*lesson) error) string {
	t.Helper()
	open := func(w io.Writer) (*lesson, error) { return newLesson(w), nil }
	return testutil.Lesson(t, open, change, func(l *lesson) error {
		return kit.RunSections(t.Context(), "l22", l.r, testutil.Bind(l, sections)...)
	})
}

// TestReadingIsGradedByTheTextbook changes the textbook's reading of a chord: the verdict
// follows the course's theory, not the skill.
func TestReadingIsGradedByTheTextbook(t *testing.T) {
	reading := (*lesson).reading
	major := run22(t, func(l *lesson) { l.chords = []kit.ChordSpelling{{Token: "CM7", Symbol: "Cmaj7"}} }, reading)
	if got := testutil.Line(t, major, "CM7 "); !strings.HasSuffix(got, "C D# G A#          no") {
		t.Errorf("CM7 as a major seventh: %q", got)
	}
	minor := run22(t, func(l *lesson) { l.chords = []kit.ChordSpelling{{Token: "CM7", Symbol: "Cm7"}} }, reading)
	if got := testutil.Line(t, minor, "CM7 "); !strings.HasSuffix(got, "yes") {
		t.Errorf("CM7 as a minor seventh: %q", got)
	}
	if !strings.Contains(minor, "chords 1: built right 1") || !strings.Contains(major, "chords 1: built right 0") {
		t.Errorf("counts:\n%s\n%s", major, minor)
	}
}

// TestRowsFollowTheChord asks the rows section two qualities: a triad's neighbours among the
// 4,096 sets, and none for the diminished seventh.
func TestRowsFollowTheChord(t *testing.T) {
	out := run22(t, func(l *lesson) { l.qualities = []string{"dim7", "aug"} }, (*lesson).rows)
	if got := testutil.Line(t, out, "Cdim7 "); !strings.HasPrefix(got, "Cdim7   <0 0 4 0 0 2>   0             0                      0      -") {
		t.Errorf("Cdim7: %q", got)
	}
	if got := testutil.Line(t, out, "Caug "); !strings.HasPrefix(got, "Caug    <0 0 0 3 0 0>   12            1            2         8      2         2, 1.20") {
		t.Errorf("Caug: %q", got)
	}
	if got := testutil.Line(t, out, "chords "); got != "chords 24: qualities whose 12 roots get the same rows 2 of 2; different answers 2, different vectors 2" {
		t.Errorf("sweep: %q", got)
	}
}

// TestDraftDistances moves one of the draft's chords: its vector, label and distance move.
func TestDraftDistances(t *testing.T) {
	out := run22(t, func(l *lesson) {
		l.draftClaims = []draftClaim{draft[0], {"G7", []int{7, 11, 2, 5}, "distance 0.0, same set class"}}
	}, (*lesson).draft)
	if got := testutil.Line(t, out, "G7 "); !strings.HasPrefix(got, "G7                     G B D F        <0 1 2 1 1 1>    4-27   6      distance 0.0") {
		t.Errorf("G7: %q", got)
	}
	if got := testutil.Line(t, run22(t, func(*lesson) {}, (*lesson).draft), "Fmaj7 "); !strings.Contains(got, "4-20   0 ") {
		t.Errorf("Fmaj7: %q", got)
	}
}

// TestMainSections prints the four sections the original program asks main, without the draft.
func TestMainSections(t *testing.T) {
	out, err := testutil.Run(t, NewCmd(nil), "l22", "--main")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "# l22, GA's main\n") || strings.Contains(out, "parked draft's example") || strings.Count(out, ", on main\n") != 4 {
		t.Errorf("main:\n%s", out)
	}
}

// BenchmarkRun runs lesson 22: about 230 questions to the neighbours skill, each a scan of the
// 4,096 sets.
func BenchmarkRun(b *testing.B) {
	for b.Loop() {
		if err := run(context.Background(), io.Discard, &Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
