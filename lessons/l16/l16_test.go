package l16

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"

	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// defaultConfig is the lesson's own configuration.
func defaultConfig() config {
	return config{examples: examples, phrasings: phrasings, gridQualities: gridQualities, fullAnswer: fullAnswer, symbols: symbols}
}

// built is a lesson with its index built, once for the tests that search; each test gets a
// copy writing to its own buffer.
var built = sync.OnceValues(func() (*lesson, error) {
	l := &lesson{cfg: defaultConfig(), r: report.New(&bytes.Buffer{})}
	return l, l.buildIndex()
})

// with returns a lesson on cfg whose output goes to out, with the shared index when index is set.
func with(t *testing.T, cfg config, out *bytes.Buffer, index bool) *lesson {
	t.Helper()
	l := &lesson{cfg: cfg, r: report.New(out)}
	if index {
		built, err := built()
		if err != nil {
			t.Fatal(err)
		}
		l.skill, l.corpus = built.skill, built.corpus
	}
	return l
}

// TestReadsFollowChordPitchClasses changes the phrasings: the extractor reads a chord only
// from a capitalised token, and ChordPitchClasses takes the minus of "C-7" for a separator, so
// C-7 is read with a major third while Cm7 has a minor one; the skill's chord expression wants a
// quality right after the root, so it takes Cm7 and "C major" spelled out, not C-7 or a bare root.
func TestReadsFollowChordPitchClasses(t *testing.T) {
	cfg := defaultConfig()
	cfg.phrasings = []string{"voicings for C-7", "voicings for Cm7", "voicings for c7", "voicings for C", "voicings for C major"}
	var out bytes.Buffer
	if err := with(t, cfg, &out, false).phrasings(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"voicings for C-7                 no         C-7: C E G A#          tags for",
		"voicings for Cm7                 yes        Cm7: C D# G A#         tags for",
		"voicings for c7                  no         no chord               tags for",
		"voicings for C                   no         C: C E G               tags for",
		"voicings for C major             yes        C: C E G               mode major, tags for",
	} {
		if !strings.Contains(out.String(), want+"\n") {
			t.Errorf("no line %q in:\n%s", want, out.String())
		}
	}
}

// TestSymbolsAgainstTheTextbook adds a suffix no reader knows to lesson 15's: it joins the
// chords read wrongly, and the count of those read right stays.
func TestSymbolsAgainstTheTextbook(t *testing.T) {
	cfg := defaultConfig()
	cfg.symbols = append(append([]quality(nil), symbols...), quality{"maj7#11", "1 3 5 7 #11"})
	var out bytes.Buffer
	if err := with(t, cfg, &out, false).symbols(); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	// ChordPitchClasses reads #11 as an alteration: C E G B F#, the textbook's chord.
	if !strings.Contains(got, "read as a textbook spells them: 48 of 52\n") {
		t.Errorf("the count did not move as ChordPitchClasses reads maj7#11:\n%s", got)
	}
	// ChordVocabulary does not know maj7#11 and falls back to a major triad.
	if !strings.Contains(got, ": 6: Cdom7 Cma7 CΔ7 C-7 C7+5 Cmaj7#11\n") {
		t.Errorf("ChordVocabulary's major fallback is not counted:\n%s", got)
	}
}

// TestGridNeedsTheCorpus asks the grid for a thirteenth chord: seven notes cannot be played on
// six strings, so the corpus does not hold it and the lesson stops saying so.
func TestGridNeedsTheCorpus(t *testing.T) {
	cfg := defaultConfig()
	cfg.gridQualities = []quality{{"13", "1 3 5 b7 9 11 13"}}
	var out bytes.Buffer
	err := with(t, cfg, &out, true).grid()
	if err == nil || !strings.Contains(err.Error(), "C13 isn't in the corpus") {
		t.Fatalf("error %v, want C13 isn't in the corpus", err)
	}
}

// TestFullAnswerMovesWithTheChord asks for Cmaj7 instead of Dm7: the chord filter keeps the
// names that contain "maj7" over a C bass, two voicings that both play C E G B, where Dm7 kept
// one Bm7(shell)/D that plays D A B.
func TestFullAnswerMovesWithTheChord(t *testing.T) {
	cfg := defaultConfig()
	cfg.fullAnswer = "voicings for Cmaj7"
	var out bytes.Buffer
	if err := with(t, cfg, &out, true).full(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if lines[0] != `== "voicings for Cmaj7": the answer, and what each voicing plays (asked: C E G B)` || lines[1] != "Found 2 voicings:" || len(lines) != 5 {
		t.Fatalf("the answer did not move to Cmaj7's:\n%s", out.String())
	}
	for _, row := range lines[3:] {
		f := strings.Fields(row)
		shape, err := theory.ParseDiagram(f[1])
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(f[0], "maj7") || shape.Midi()[0]%12 != 0 || !strings.HasSuffix(row, "C E G B          exact") {
			t.Errorf("the filter kept %q", row)
		}
	}
}

// TestShapeAndVerdict reads a diagram high string first and sorts what it plays.
func TestShapeAndVerdict(t *testing.T) {
	s, err := theory.ParseDiagram("x-0-2-0-x-x")
	if err != nil {
		t.Fatal(err)
	}
	if got := kit.SharpNotes(s.PitchClasses().PitchClasses()); got != "D A B" {
		t.Errorf("x-0-2-0-x-x plays %q, want D A B", got)
	}
	if _, err := theory.ParseDiagram("x-0-2-0-x"); err == nil {
		t.Error("a five-string diagram was read")
	}
	cmaj7 := chordMask("C", "1 3 5 7")
	for _, c := range []struct{ diagram, want string }{
		{"0-0-0-2-3-x", "exact"}, // C E G B
		{"0-1-0-2-3-x", "part"},  // C E G
		{"0-0-0-0-3-x", "more"},  // C D E G B
		{"x-0-2-0-x-x", "other"}, // D A B
	} {
		s, err := theory.ParseDiagram(c.diagram)
		if err != nil {
			t.Fatal(err)
		}
		if got := verdict(cmaj7, s.PitchClasses()); got != c.want {
			t.Errorf("%s against Cmaj7: %s, want %s", c.diagram, got, c.want)
		}
	}
}

// TestStopsOnCancel stops before the first section when the context has ended.
func TestStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	if err := runLesson(ctx, &out, defaultConfig()); err == nil || !strings.Contains(err.Error(), "l16: context canceled") {
		t.Errorf("error %v", err)
	}
}
