package l25

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"course/ga/revision"
	"course/internal/testutil"
)

// runLesson runs the lesson's in-process tables after change has altered what it asks; the
// chat column is left unasked.
func runLesson(t *testing.T, rev revision.Revision, change func(*lesson)) string {
	t.Helper()
	open := func(w io.Writer) (*lesson, error) { return newLesson(w, rev) }
	return testutil.Lesson(t, open, change, func(l *lesson) error { return l.run(t.Context()) })
}

// TestCountsFollowThePhrasings adds a phrasing and removes an example prompt of the transpose
// intent, and checks that every count of the first and third tables moves.
func TestCountsFollowThePhrasings(t *testing.T) {
	base := runLesson(t, revision.Pin, func(*lesson) {})
	if got, want := testutil.Line(t, base, "26 phrasings:"), "26 phrasings: the transpose hint fires on 16; another intent's hint on 6, 3 of them without the transpose hint; no hint on 7; a SKILL.md trigger in 18"; got != want {
		t.Fatalf("summary %q, want %q", got, want)
	}
	out := runLesson(t, revision.Pin, func(l *lesson) {
		for i, in := range l.intents {
			if in.ID == transposeIntent {
				// "transpose this progression down a half step": transpose hint, two triggers
				l.intents[i].Examples = in.Examples[1:]
			}
		}
		var err error
		if l.phrasings, err = l.gather(nil, append(slices.Clone(transposePhrasings), "Bring Dm7 up a tritone", "Lower the chorus a little")); err != nil {
			t.Fatal(err)
		}
	})
	// The corpus is gone (-4), one example is gone (-1), two phrasings are new (+2): 23. The new
	// ones fire transpose and interval, then nothing at all.
	if got, want := testutil.Line(t, out, "23 phrasings:"), "23 phrasings: the transpose hint fires on 12; another intent's hint on 6, 3 of them without the transpose hint; no hint on 8; a SKILL.md trigger in 14"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	if got := testutil.Line(t, out, "course   Bring Dm7 up a tritone"); !strings.Contains(got, "skill.interval, skill.transpose") || !strings.HasSuffix(got, "up a") {
		t.Errorf("row %q", got)
	}
	if got := testutil.Line(t, out, "SkillMdDrivenSkill"); !strings.HasSuffix(got, "14 of the 23 phrasings") {
		t.Errorf("skills row %q", got)
	}
	if got := testutil.Line(t, out, "23 phrasings; the router picks"); got != "23 phrasings; the router picks none 23; the chat endpoint answers with (not asked) 23" {
		t.Errorf("offline summary %q", got)
	}
}

// TestOtherIntentsFollowTheExamples removes claimed example prompts of other intents and adds
// one, and checks the second table's count.
func TestOtherIntentsFollowTheExamples(t *testing.T) {
	base := runLesson(t, revision.Pin, func(*lesson) {})
	if got, want := testutil.Line(t, base, "407 example prompts"), "407 example prompts of 34 other intents: the transpose hint fires on 10, a SKILL.md trigger is in 8"; got != want {
		t.Fatalf("summary %q, want %q", got, want)
	}
	out := runLesson(t, revision.Pin, func(l *lesson) {
		for i, in := range l.intents {
			switch in.ID {
			case "skill.grothendieckparse":
				// drops "what does Transpose(C ⊗ G) mean": hint and trigger
				l.intents[i].Examples = slices.DeleteFunc(slices.Clone(in.Examples), func(p string) bool { return strings.Contains(p, "Transpose(C") })
			case "skill.fretspan":
				// an intent without examples gets one the hint claims: one more intent counted
				l.intents[i].Examples = []string{"can I move this shape up to the 5th fret"}
			}
		}
	})
	if got, want := testutil.Line(t, out, "407 example prompts"), "407 example prompts of 35 other intents: the transpose hint fires on 10, a SKILL.md trigger is in 7"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	if got := testutil.Line(t, out, "skill.fretspan"); !strings.Contains(got, "yes   none") {
		t.Errorf("row %q", got)
	}
}

// TestRegistrationsFollowTheSkillMdFiles drops the triggers of one SKILL.md: SkillMdPlugin
// skips it, and the count of registrations falls by one.
func TestRegistrationsFollowTheSkillMdFiles(t *testing.T) {
	out := runLesson(t, revision.Pin, func(l *lesson) {
		l.mds[0].Triggers = []string{"ab", " "}
	})
	if got, want := testutil.Line(t, out, "IOrchestratorSkill registrations"), "IOrchestratorSkill registrations 49, of them built from a SKILL.md 17, behind an intent 0"; got != want {
		t.Errorf("count %q, want %q", got, want)
	}
}

// TestMainRouterFallsBackOnKeywords checks the router column on main: the first intent whose
// skill's keyword rule says yes.
func TestMainRouterFallsBackOnKeywords(t *testing.T) {
	out := runLesson(t, revision.Main, func(*lesson) {})
	if got := testutil.Line(t, out, "Move this F chord down a minor third"); !strings.Contains(got, " skill.chordinfo ") {
		t.Errorf("row %q", got)
	}
	if got := testutil.Line(t, out, "26 phrasings; the router picks"); !strings.HasPrefix(got, "26 phrasings; the router picks none 23, skill.chordinfo 2, skill.chordsubstitution 1;") {
		t.Errorf("summary %q", got)
	}
	if !strings.HasPrefix(out, "# l25, GA's main\n") || !strings.Contains(out, "(on main)") {
		t.Errorf("main run not labelled:\n%s", out[:200])
	}
}

// BenchmarkInProcess measures the lesson without its host: every table computed in process
// (fixtures read, expressions compiled and run), the chat column left unasked.
func BenchmarkInProcess(b *testing.B) {
	for _, rev := range []revision.Revision{revision.Pin, revision.Main} {
		b.Run(rev.Setting(), func(b *testing.B) {
			for b.Loop() {
				l, err := newLesson(io.Discard, rev)
				if err != nil {
					b.Fatal(err)
				}
				if err := l.run(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
