package l13

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestProgressionMovesKeyAndNumerals changes a progression of the lesson and sees the key
// and the numerals of both versions follow it.
func TestProgressionMovesKeyAndNumerals(t *testing.T) {
	l, err := newLesson(&bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		chords   string
		pin, mn  string
		pinNums  string
		mainNums string
	}{
		// the draft's ii V I: the pin prefers the key of the first root
		{"Dm7 G7 Cmaj7", "D minor", "C major", "i iv VII", "ii V I"},
		// the same cadence a tone higher moves both
		{"Em7 A7 Dmaj7", "E minor", "D major", "i iv VII", "ii V I"},
		// end on the minor tonic after its dominant seventh: main hears F minor
		{"Fm Bbm C7 Fm", "F major", "F minor", "I IV V I", "i iv V i"},
		{"Gm Cm D7 Gm", "G major", "G minor", "I IV V I", "i iv V i"},
	} {
		for i, want := range [][2]string{{c.pin, c.pinNums}, {c.mn, c.mainNums}} {
			a, err := readAnalysis(l.versions[i].analyze(c.chords))
			if err != nil {
				t.Fatal(err)
			}
			if a.key != want[0] || strings.Join(a.numerals, " ") != want[1] {
				t.Errorf("%s %q: %s %v, want %s %s", l.versions[i].version.Commit, c.chords, a.key, a.numerals, want[0], want[1])
			}
		}
	}
}

// TestDraftExamplesFollowTheText changes an example of the draft and sees the section ask
// the new progression.
func TestDraftExamplesFollowTheText(t *testing.T) {
	var out bytes.Buffer
	l, err := newLesson(&out)
	if err != nil {
		t.Fatal(err)
	}
	l.draft = strings.Replace(l.draft, `*"Analyze C Am F G"*`, `*"Analyze G Em C D"*`, 1)
	if err := l.draftExamples(); err != nil {
		t.Fatal(err)
	}
	if want := "\"G Em C D\": the draft expects C major, I vi IV V\n  a826864  Key: G major  (confidence 4/4)"; !strings.Contains(out.String(), want) {
		t.Errorf("section does not ask the changed example %q:\n%s", want, out.String())
	}
}

func TestRuns(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), &out, &Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "6baf32e: 120 questions, = 84, e 21, n 15, x 0") {
		t.Errorf("main's tally missing:\n%s", out.String())
	}
}
