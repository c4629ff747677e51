package l24

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"course/ga/revision"
	"course/ga/skills"
	"course/internal/report"
)

// TestRelationCellsMove changes a set of a pair and sees the verdict and its grade move.
func TestRelationCellsMove(t *testing.T) {
	l := &lesson{}
	underT := phrasings[0]
	sameClassUnderT := phrasings[4]
	tests := []struct {
		ph   setPhrasing
		p    setPair
		want string
	}{
		{underT, setPair{"", "0,1,3", "0,2,3"}, "yes, TI, wrong"},
		{underT, setPair{"", "0,1,3", "1,2,4"}, "yes, TI"},
		{underT, setPair{"", "0,1,3", "0,1,5"}, "no, TI"},
		{sameClassUnderT, setPair{"", "0,1,3", "0,2,3"}, "no, T"},
		{sameClassUnderT, setPair{"", "0,1,3", "1,2,4"}, "yes, T"},
		{phrasings[8], setPair{"", "0,1,3", "1,2,4"}, "declined"},
	}
	for _, tt := range tests {
		if got := report.Text(l.relationCell(tt.ph, tt.p)); got != tt.want {
			t.Errorf("%q on %s | %s = %q, want %q", tt.ph.template, tt.p.a, tt.p.b, got, tt.want)
		}
	}
}

// TestSweepShortcut checks that reading one question per digit shape gives the tallies that
// asking every question in full gives, on the first 70 three-note sets (10,11 included).
func TestSweepShortcut(t *testing.T) {
	t.Parallel()
	var verdicts []sweepReading
	for _, v := range skills.SetVerdicts() {
		verdicts = append(verdicts, readSweep("\n"+v.String()))
	}
	l := &lesson{}
	sets, shapes := l.sweepSets(3)
	sample := append(sets[:40:40], sets[len(sets)-30:]...)
	for _, ph := range sweepPhrasings {
		fast := &sweepTally{phrasing: ph}
		l.askEvery = false
		l.sweep(fast, sample, len(shapes), verdicts)
		full := &sweepTally{phrasing: ph}
		l.askEvery = true
		l.sweep(full, sample, len(shapes), verdicts)
		if fast.right != full.right || fast.wrong != full.wrong || fast.zSaid != full.zSaid || fast.eitherSaid != full.eitherSaid {
			t.Errorf("%q: per shape %+v, in full %+v", ph.template, *fast, *full)
		}
		if full.right+full.wrong != len(sample)*len(sample) {
			t.Errorf("%q: %d answers for %d pairs", ph.template, full.right+full.wrong, len(sample)*len(sample))
		}
	}
}

// TestMainTitles checks that --main changes the titles only.
func TestMainTitles(t *testing.T) {
	t.Parallel()
	var pin, main bytes.Buffer
	if err := run(context.Background(), &pin, &Options{}); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), &main, &Options{Revision: revision.Main}); err != nil {
		t.Fatal(err)
	}
	got := strings.ReplaceAll(strings.Replace(main.String(), "# l24, GA's main", "# l24", 1), ", on main\n", ", at the pin\n")
	if got != pin.String() {
		t.Error("--main changed more than the titles")
	}
}
