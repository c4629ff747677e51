package lessons

import (
	"strconv"
	"strings"
	"testing"

	"course/gahost/hosttest"

	"course/internal/testutil"
	"course/learn"
	"course/learn/learntest"
)

// TestMain lets the test binary serve as the host child: lessons start `<binary> host`.
func TestMain(m *testing.M) { hosttest.Main(m) }

// TestEveryLessonsExercises holds every lesson's exercises to its written lesson: numbered from
// 1, each with a kind, a hint and a solver, and the doc asking exactly these questions; and
// each opens from the lesson's own command, `course lN --exercise K`.
func TestEveryLessonsExercises(t *testing.T) {
	total := 0
	for _, l := range Course() {
		ex := l.Exercises()
		if ex.Slug != l.Slug {
			t.Errorf("%s's exercises are named %q", l.Slug, ex.Slug)
		}
		learntest.Lesson(t, ex)
		for _, e := range ex.Exercises {
			out, err := testutil.Run(t, l.New(), l.Slug, "--exercise", strconv.Itoa(e.Number))
			if err != nil || !strings.Contains(out, "course answer "+e.Name()) && !strings.Contains(out, "course check "+e.Name()) {
				t.Errorf("course %s --exercise %d: %v\n%s", l.Slug, e.Number, err, out)
			}
		}
		total += len(ex.Exercises)
	}
	if total == 0 {
		t.Error("no lesson has exercises")
	}
}

// TestEveryValueExerciseHasARule holds every Value exercise of the course to a Rule, the line
// "Read as" prints, so that no learner is left guessing what the reading forgives; the zero Form
// is read as learn.Text, whose Rule it shows.
func TestEveryValueExerciseHasARule(t *testing.T) {
	for _, e := range Exercises().All() {
		if e.Kind != learn.Value {
			continue
		}
		if e.Form.Rule == "" && (e.Form.Says != "" || e.Form.Read != nil) {
			t.Errorf("%s: its form (%q) has no Rule", e.Name(), e.Form.Says)
		}
	}
}
