package l10

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"course/ga/dsl"
	"course/ga/skills"
	"course/internal/report"
)

// TestSkillMdClaimsMove changes the SKILL.md texts the lesson reads and sees the claims,
// the transpose grid's columns and the prompt table follow the text.
func TestSkillMdClaimsMove(t *testing.T) {
	l, err := newLesson(&bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	md := l.md["diatonic-chords"]
	claims := skills.DiatonicClaims(strings.Replace(md, "scale: major)` → returns", "scale: minor)` → returns", 1))
	var got []string
	for _, c := range claims {
		got = append(got, c.Root+" "+c.Scale)
	}
	if strings.Join(got, ",") != "C major,A minor,Bb minor,Gb major,F# minor" {
		t.Errorf("claims read from the changed text: %v", got)
	}

	var out bytes.Buffer
	l.r = report.New(&out)
	l.md["transpose"] = strings.Replace(l.md["transpose"], `args = { "symbol": "Cmaj7", "semitones": "5"`, `args = { "symbol": "Cmaj7", "semitones": "6"`, 1)
	if err := l.transposePrompts(); err != nil {
		t.Fatal(err)
	}
	// Six semitones is the tritone the course does not grade: no textbook answer.
	if want := "Transpose Cmaj7 up a perfect fourth   Cmaj7             6  F#maj7       ?"; !strings.Contains(out.String(), want) {
		t.Errorf("prompt table does not show the changed mapping %q:\n%s", want, out.String())
	}
}

// TestClosuresAnswerTheQuestion checks the closures the lesson grades move with their
// arguments: another root, another count of semitones, another chord pair.
func TestClosuresAnswerTheQuestion(t *testing.T) {
	reg := dsl.Pin.Bootstrap()
	eval := func(name string, args ...string) string {
		m := map[string]string{}
		for i := 0; i < len(args); i += 2 {
			m[args[i]] = args[i+1]
		}
		return reg.EvalClosure(name, m).Answer()
	}
	for _, c := range []struct{ got, want string }{
		{eval("domain.diatonicChords", "root", "Gb", "scale", "major"), `["Gb","Abm","Bbm","B","Db","Ebm","Fdim"]`},
		{eval("domain.diatonicChords", "root", "F#", "scale", "major"), `["F#","G#m","A#m","B","C#","D#m","Fdim"]`},
		{eval("domain.transposeChord", "symbol", "G7", "semitones", "8"), "D#7"},
		{eval("domain.transposeChord", "symbol", "Gb7", "semitones", "9"), "Eb7"},
		{eval("domain.commonTones", "chord1", "C", "chord2", "F#"), "C and F# share no common tones"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestRuns(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), &out, &Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "30 keys: 19 right, 11 with a chord on another letter") {
		t.Errorf("diatonic summary missing:\n%s", out.String())
	}
}
