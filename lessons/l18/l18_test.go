package l18

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"course/ga/skills"
	"course/internal/report"
	"course/internal/testutil"
)

// runWith runs lesson 18 with registered as the host's skills, in order.
func runWith(t *testing.T, registered []skills.Skill) string {
	t.Helper()
	var out bytes.Buffer
	l := &lesson{r: report.New(&out), registered: registered}
	if err := l.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestFallbackFollowsRegistration gives the voice-leading skill a CanHandle that accepts
// its prompts: it then takes every one, "best voicing from G7 to Cmaj7" included, because it
// registers before ChordVoicings.
func TestFallbackFollowsRegistration(t *testing.T) {
	t.Parallel()
	before := runWith(t, skills.Registered())
	if got := testutil.Line(t, before, "best voicing from G7 to Cmaj7"); !strings.HasSuffix(got, "skill.chordvoicings") {
		t.Fatalf("at GA's order: %q", got)
	}
	reg := skills.Registered()
	for i := range reg {
		if reg[i].Name == "VoiceLeading" {
			reg[i].CanHandle = func(m string) bool { return strings.Contains(m, " to ") }
		}
	}
	after := runWith(t, reg)
	for _, p := range []string{"best voicing from G7 to Cmaj7", "voice leading from C to F"} {
		if got := testutil.Line(t, after, p); !strings.HasSuffix(got, "skill.voiceleading") {
			t.Errorf("with voice leading accepting: %q", got)
		}
	}
}

// TestReadsAsTheSkillReads checks the reading of a symbol the skill lower-cases, and that a
// changed prompt changes the verdict.
func TestReadsAsTheSkillReads(t *testing.T) {
	l := &lesson{r: report.New(&bytes.Buffer{})}
	if got := l.readAs(l.ask("voice leading CM7 to FM7"), "Cmaj7", "Fmaj7"); got != "Cm7 → Fm7" {
		t.Errorf("CM7 to FM7 reads %q", got)
	}
	if got := l.readAs(l.ask("voice leading Cmaj7 to Fmaj7"), "Cmaj7", "Fmaj7"); got != "Cmaj7 → Fmaj7" {
		t.Errorf("Cmaj7 to Fmaj7 reads %q", got)
	}
	if a := l.ask("voice leading from C to F#"); l.reads(a, "C", "F#") {
		t.Error("a final # is read")
	}
	// The # needs a letter after it for \b to hold: F#m is read whole.
	if a := l.ask("voice leading from C to F#m"); !l.reads(a, "C", "F#m") {
		t.Error("F#m is not read")
	}
	if l.err != nil {
		t.Fatal(l.err)
	}
}

// TestPhrasingRowMoves changes one prompt of the last table and sees its row change.
func TestPhrasingRowMoves(t *testing.T) {
	saved := phrasings[0]
	t.Cleanup(func() { phrasings[0] = saved })
	before := testutil.Line(t, runWith(t, skills.Registered()), "how do I get from G7 to")
	phrasings[0].prompt = "how do I get from G7 to C"
	after := testutil.Line(t, runWith(t, skills.Registered()), "how do I get from G7 to")
	if !strings.HasSuffix(before, "wrong chord") || !strings.HasSuffix(after, "right") || !strings.Contains(after, "G7 → C  ") {
		t.Errorf("before %q\nafter  %q", before, after)
	}
}

// TestLeastAndPairings checks the grading of two grid answers against the textbook.
func TestLeastAndPairings(t *testing.T) {
	l := &lesson{r: report.New(&bytes.Buffer{})}
	a := l.ask("voice leading Csus2 to Em9")
	if a == nil || a.cost != 11 {
		t.Fatalf("Csus2 to Em9: %+v", a)
	}
	if got := bestPairings(l.pcs("Csus2"), l.pcs("Em9"), a.cost); got != 5 {
		t.Errorf("best pairings %d, want 5", got)
	}
	// C to F: C stays, E-F, G-A is the only pairing of three semitones.
	if got := bestPairings(l.pcs("C"), l.pcs("F"), 3); got != 1 {
		t.Errorf("C to F: %d pairings", got)
	}
}
