package l23

import (
	"context"
	"io"
	"strings"
	"testing"

	"course/ga/algebra"
	"course/ga/skills"
	"course/internal/testutil"
	"course/lessons/kit"
	"course/theory"
)

// run23 runs sections of lesson 23 on a lesson changed by change.
func run23(t *testing.T, change func(*lesson), sections ...func(*lesson) error) string {
	t.Helper()
	open := func(w io.Writer) (*lesson, error) { return newLesson(w), nil }
	return testutil.Lesson(t, open, change, func(l *lesson) error {
		return kit.RunSections(t.Context(), "l23", l.r, testutil.Bind(l, sections)...)
	})
}

// TestPathsMoveWithTheChords asks the path table other pairs: a path where the anchors'
// pair had none, and the expansion count of a search that fails.
func TestPathsMoveWithTheChords(t *testing.T) {
	out := run23(t, func(l *lesson) { l.morePaths = [][2]string{{"Gmaj7", "Fmaj7"}, {"Cdim7", "Cmaj7"}, {"Cdim7", "C7"}} },
		(*lesson).paths)
	if got := testutil.Line(t, out, "Gmaj7 → Fmaj7 "); !strings.Contains(got, "2 steps total (1 intermediate move)") || !strings.HasSuffix(got, " 1") {
		t.Errorf("Gmaj7 to Fmaj7, one vector: %q", got)
	}
	if got := testutil.Line(t, out, "Cdim7 → C7 "); !strings.Contains(got, "No path found within 5 steps") {
		t.Errorf("Cdim7 to C7: %q", got)
	}
	if got := testutil.Line(t, out, `before "No path" for Cdim7 → Cmaj7`); !strings.Contains(got, "sets expanded 3 of the 495 of 4 notes") {
		t.Errorf("expanded: %q", got)
	}
}

// TestExpandedIsTheSearch checks the course's count of the sets a failed search expands
// against the search GA's service runs.
func TestExpandedIsTheSearch(t *testing.T) {
	vectors := kit.SetVectors()
	for _, src := range [][]int{{9, 0, 4}, {7, 11, 2, 6}, {0, 3, 6, 9}, {0, 4, 8}, {0, 1, 2, 3, 4}} {
		// A target of another size is never reached: the search expands all it can.
		_, st := algebra.FindShortestPathStats(algebra.NewSet(src...), algebra.NewSet(0, 1), 5)
		if got := expanded(src, vectors); got != st.Expanded {
			t.Errorf("%v: the course counts %d, the search expands %d", src, got, st.Expanded)
		}
	}
}

// wrongL1 is a delta skill whose answer names one more for every L1 norm of 6.
type wrongL1 struct{ skills.GrothendieckDelta }

func (w wrongL1) Execute(m string) skills.Result {
	r := w.GrothendieckDelta.Execute(m)
	r.Text = strings.Replace(r.Text, "(Manhattan): **6**", "(Manhattan): **7**", 1)
	return r
}

// TestSweepChecksTheSkillsL1 gives the sweep a skill that miscounts: the course's own
// distance catches every pair it got wrong.
func TestSweepChecksTheSkillsL1(t *testing.T) {
	chords := []string{"C", "Cm", "Cmaj7", "G7", "Dm7", "Bm7b5"}
	right := sweepDeltas(skills.GrothendieckDelta{}, chords)
	wrong := sweepDeltas(wrongL1{}, chords)
	sixes := 0
	for _, a := range chords {
		for _, b := range chords {
			if theory.VectorDistance(vectorOf(skills.GrothendieckDelta{}, a), vectorOf(skills.GrothendieckDelta{}, b)) == 6 {
				sixes++
			}
		}
	}
	if sixes == 0 || right.differentRight != right.different || wrong.differentRight != right.different-sixes {
		t.Errorf("sixes %d; right %+v; wrong %+v", sixes, right, wrong)
	}
	if right.pairs != 36 || right.same != 10 || right.sameL1One != 10 || right.samePlusIc1 != 10 {
		t.Errorf("same vectors: %+v", right)
	}
}

// TestReadingIsGradedByTheTextbook changes the textbook's chords of a pair.
func TestReadingIsGradedByTheTextbook(t *testing.T) {
	reading := (*lesson).reading
	am := run23(t, func(l *lesson) { l.pairs = []pairQuestion{{"shortest route from C to A minor", "C", "Am"}} }, reading)
	a := run23(t, func(l *lesson) { l.pairs = []pairQuestion{{"shortest route from C to A minor", "C", "A"}} }, reading)
	if !strings.HasSuffix(testutil.Line(t, am, "shortest route"), " no") || !strings.HasSuffix(testutil.Line(t, a, "shortest route"), " yes") {
		t.Errorf("A minor read as A:\n%s\n%s", am, a)
	}
}

// BenchmarkRun runs lesson 23, the 36,864 questions of the sweep included.
func BenchmarkRun(b *testing.B) {
	for b.Loop() {
		if err := run(context.Background(), io.Discard, &Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSweep runs the sweep alone: every ordered pair of the 192 chords asked of the
// delta skill and read.
func BenchmarkSweep(b *testing.B) {
	chords := sweepChords()
	for b.Loop() {
		sweepDeltas(skills.GrothendieckDelta{}, chords)
	}
}
