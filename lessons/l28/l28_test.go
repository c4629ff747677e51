package l28

import (
	"strings"
	"testing"

	"course/ga/skills"
	"course/internal/testutil"
)

// runLesson runs the lesson after change has altered what it asks or whom.
func runLesson(t *testing.T, change func(*lesson)) string {
	t.Helper()
	return testutil.Lesson(t, newLesson, change, func(l *lesson) error { return l.run(t.Context()) })
}

// TestCountsFollowThePhrasings removes an example prompt and adds three phrasings, one of each
// outcome, and checks every count of the summary.
func TestCountsFollowThePhrasings(t *testing.T) {
	base := runLesson(t, func(*lesson) {})
	if got, want := testutil.Line(t, base, "example prompts"), "example prompts 7: answer 7; the course's 20: answer 5, same pair 1, refused 14; CanHandle accepts 0"; got != want {
		t.Fatalf("summary %q, want %q", got, want)
	}
	out := runLesson(t, func(l *lesson) {
		l.examples = l.examples[1:]
		l.course = append(append([]string{}, l.course...), "Minor versus major", "minor VS minor", "Major versus Lydian")
	})
	if got, want := testutil.Line(t, out, "example prompts"), "example prompts 6: answer 6; the course's 23: answer 6, same pair 2, refused 15; CanHandle accepts 0"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	if got := testutil.Line(t, out, "course   minor VS minor"); !strings.HasSuffix(got, "VsPattern          same pair") {
		t.Errorf("row %q", got)
	}
	// A keyword rule that took every "vs" would be counted.
	out = runLesson(t, func(l *lesson) {
		l.canHandle = func(m string) bool { return strings.Contains(strings.ToLower(m), " vs") }
	})
	if got := testutil.Line(t, out, "example prompts"); !strings.HasSuffix(got, "CanHandle accepts 12") {
		t.Errorf("summary %q", got)
	}
}

// TestChecksTheAnswer gives the skill an answer with a wrong minor scale and a wrong relative
// pair, and checks that the textbook comparison says so.
func TestChecksTheAnswer(t *testing.T) {
	out := runLesson(t, func(l *lesson) {
		ask := l.ask
		l.ask = func(m string) skills.Result {
			r := ask(m)
			r.Text = strings.NewReplacer(
				"2 1 2 2 1 2 2 — degrees `1 2 b3 4 5 b6 b7`", "2 1 2 2 2 1 2 — degrees `1 2 b3 4 5 6 b7`",
				"G major ↔ E minor", "G major ↔ D minor",
			).Replace(r.Text)
			return r
		}
	})
	for _, want := range []string{
		"Minor            1 2 b3 4 5 6 b7    1 2 b3 4 5 6 b7    1 2 b3 4 5 b6 b7   no        3 6 7",
		"relative pairs: C major ↔ A minor: the same notes yes; G major ↔ D minor: the same notes no",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

// TestAsksRelativeKey checks that the last table is RelativeKeySkill's own answer.
func TestAsksRelativeKey(t *testing.T) {
	out := runLesson(t, func(l *lesson) {
		l.relative = func(m string) skills.Result {
			return skills.Result{Text: "first\nsecond", Confidence: float64(len(m)) / 100}
		}
	})
	if got := testutil.Line(t, out, "Parallel minor of C major"); !strings.HasSuffix(got, "0.250        first") {
		t.Errorf("row %q", got)
	}
}
