package l17

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"course/ga/revision"
	"course/ga/skills"
	"course/internal/report"
	"course/internal/testutil"
	"course/theory"
)

// newLesson is the lesson at the pin with registered as the host's skills and textbook as
// the tunings it grades against.
func newLesson(out *bytes.Buffer, registered []skills.Skill, textbook []theory.Tuning) *lesson {
	return &lesson{
		r: report.New(out), registered: registered, textbook: textbook, standard: theory.StandardTuning,
		majorKeys: theory.SignatureKeys(false), minorKeys: theory.SignatureKeys(true),
	}
}

func runWith(t *testing.T, registered []skills.Skill, textbook []theory.Tuning) string {
	t.Helper()
	var out bytes.Buffer
	if err := newLesson(&out, registered, textbook).run(context.Background(), revision.Pin); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestFallbackFollowsRegistration moves ChordVoicings before ChordInfo: the capo prompt both
// accept then goes to the voicings skill, and the one only ChordInfo accepts stays.
func TestFallbackFollowsRegistration(t *testing.T) {
	const both = "If I capo on 2 and play an Em shape, what's the sounding chord"
	before := testutil.Line(t, runWith(t, skills.Registered(), theory.AlternateTunings), both)
	if !strings.HasSuffix(before, "skill.chordinfo") {
		t.Fatalf("at GA's order: %q", before)
	}
	reg := skills.Registered()
	i := slices.IndexFunc(reg, func(s skills.Skill) bool { return s.Name == "ChordVoicings" })
	voicings := reg[i]
	reg = slices.Insert(slices.Delete(reg, i, i+1), 0, voicings)
	out := runWith(t, reg, theory.AlternateTunings)
	if got := testutil.Line(t, out, both); !strings.HasSuffix(got, "skill.chordvoicings") {
		t.Errorf("with ChordVoicings first: %q", got)
	}
	if got := testutil.Line(t, out, "What chord shape for B major with capo 4"); !strings.HasSuffix(got, "skill.chordvoicings") {
		t.Errorf("B major: %q", got)
	}
}

// TestTextbookTuningMovesTheTable changes the textbook's open D to open D minor: the skill's
// answer no longer agrees with it, and the verdict says where.
func TestTextbookTuningMovesTheTable(t *testing.T) {
	textbook := slices.Clone(theory.AlternateTunings)
	i := slices.IndexFunc(textbook, func(tu theory.Tuning) bool { return tu.Name == "Open D" })
	textbook[i] = theory.Tuning{Name: "Open D", Strings: strings.Fields("D2 A2 D3 F3 A3 D4")}
	out := runWith(t, skills.Registered(), textbook)
	want := "Open D                         D A D F# A D           -2st same same -1st -2st -2st notes moves -2st same same -2st -2st -2st"
	if got := testutil.Line(t, out, "Open D                         D A D"); got != want {
		t.Errorf("Open D row:\n%q\nwant\n%q", got, want)
	}
}

// TestCapoVerdicts grades answers the skill gives against what was asked.
func TestCapoVerdicts(t *testing.T) {
	l := newLesson(&bytes.Buffer{}, nil, nil)
	for _, tt := range []struct {
		prompt string
		want   capoWant
		show   string
		ver    string
	}{
		{"I play a C shape with capo 3 — what does it sound like", capoWant{"sounds", "Eb"}, "sounds D#", "right, theoretical spelling"},
		{"I play a C shape in flat keys with capo 3 — what does it sound like", capoWant{"sounds", "Eb"}, "sounds Eb", "right"},
		{"Song is in Cb major, what shape with capo 2", capoWant{"shape", "A"}, "declined", "declined"},
		{"Song is in Bb major, what shape with capo 1", capoWant{"shape", "A"}, "shape A", "right"},
		{"What's the sounding key if I play in G with capo on 5", capoWant{"sounds", "C"}, "shape D", "wrong direction"},
	} {
		r := l.askCapo(tt.prompt)
		v, err := l.verdict(r, tt.want)
		if err != nil {
			t.Fatal(err)
		}
		if r.show() != tt.show || v != tt.ver {
			t.Errorf("%q: %s, %s; want %s, %s", tt.prompt, r.show(), v, tt.show, tt.ver)
		}
	}
}

// TestMainDiffersOnlyInNamePatterns runs both tunings skills on the questions outside the
// table: only the two accidentals after the letter change.
func TestMainDiffersOnlyInNamePatterns(t *testing.T) {
	pin := &lesson{tunings: skills.AlternateTunings{}}
	main := &lesson{tunings: skills.AlternateTunings{Revision: revision.Main}}
	var changed []string
	for _, o := range otherTunings {
		if pin.askTunings(o.prompt).short() != main.askTunings(o.prompt).short() {
			changed = append(changed, o.prompt)
		}
	}
	if want := []string{"what is drop C♯ tuning", "what is drop D♭ tuning"}; !slices.Equal(changed, want) {
		t.Errorf("changed on main: %q, want %q", changed, want)
	}
}

// TestFixedRowPushesAnOverflowingCell checks that a cell wider than its column moves the rest
// of its row along by one space, and that the last cell is never padded.
func TestFixedRowPushesAnOverflowingCell(t *testing.T) {
	var out bytes.Buffer
	r := report.New(&out)
	r.FixedRow([]int{4, 3}, "ab", "cdefg", "h")
	r.FixedRow([]int{4, 3}, "ab", "c", "")
	if got, want := out.String(), "ab   cdefg h\nab   c\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
