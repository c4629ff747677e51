package l19

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"course/internal/testutil"
)

// runOn runs the lesson on the given chord pairs.
func runOn(t *testing.T, pairs [][2]string) string {
	t.Helper()
	var out bytes.Buffer
	if err := run(context.Background(), &out, &Options{pairs: pairs}); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// row returns the row of a section's table that starts with prefix.
func row(t *testing.T, out, section, prefix string) string {
	t.Helper()
	for _, l := range testutil.SectionLines(t, out, section) {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	t.Fatalf("no row %q in section %q:\n%s", prefix, section, out)
	return ""
}

// TestVerdict grades voicings of G7 and of B half-diminished: a shell without the fifth is
// accepted only where the chord has a perfect fifth.
func TestVerdict(t *testing.T) {
	for _, tt := range []struct {
		symbol string
		midi   []int
		want   string
	}{
		{"G7", []int{43, 47, 50, 53}, "exact"},       // G B D F
		{"G7", []int{43, 47, 53}, "no fifth"},        // G B F
		{"G7", []int{43, 47}, "part"},                // G B: the seventh missing too
		{"G7", []int{43, 47, 50, 53, 57}, "more"},    // and A
		{"G7", []int{48, 52, 55}, "other"},           // C E G
		{"Bm7b5", []int{47, 50, 57}, "part"},         // B D A: its fifth is diminished
		{"Bm7b5", []int{47, 50, 53, 57}, "exact"},    // B D F A
		{"Cmaj7", []int{48, 52, 59, 60}, "no fifth"}, // C E B C
	} {
		got, err := verdict(tt.symbol, tt.midi)
		if err != nil || got != tt.want {
			t.Errorf("%s %v: %q (%v), want %q", tt.symbol, tt.midi, got, err, tt.want)
		}
	}
}

// TestSameChord asks for C to C: the tool pairs its best candidate with itself, distance 0,
// and the index's smoothest exact pair is also a voicing held still.
func TestSameChord(t *testing.T) {
	out := runOn(t, [][2]string{{"C", "C"}})
	row := row(t, out, "The tool's first pair", "C → C ")
	want := "C → C          0: x-x-2-0-1-x C/E, exact                  x-x-2-0-1-x C/E, exact               5 of 5       0: x-x-x-0-1-0 → x-x-x-0-1-0         0"
	if row != want {
		t.Errorf("C → C row:\n%s\nwant it to start\n%s", row, want)
	}
	if !strings.Contains(out, "prompts 1: first pair right on both sides 1, moves more than the smoothest exact pair 0; that pair moves the least in pitch classes 1") {
		t.Errorf("summary:\n%s", out)
	}
	if !strings.Contains(out, "the first pair for C → C, as the tool returns it: diagram x-1-0-2-x-x → x-1-0-2-x-x") {
		t.Errorf("the tool's diagrams:\n%s", out)
	}
}

// TestOnePrompt runs the lesson on G7 → C alone: one chord pair, two chords, 225 pairs.
func TestOnePrompt(t *testing.T) {
	out := runOn(t, [][2]string{{"G7", "C"}})
	for _, want := range []string{
		"candidates 30: exact 10, no fifth 15, more 0, part 5, other 0",
		"G7 → C         5: x-x-3-0-0-3 G7(shell)/F, no fifth       x-x-2-0-1-x C/E, exact               5 of 5",
		"prompts 1: first pair right on both sides 1",
		"the first pair for G7 → C, as the tool returns it:",
		"prompts whose first pair would move less with the least over every choice of notes: 0 of 1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if got := strings.Count(out, "pairs of equal size "); got != 1 {
		t.Errorf("%d distance summaries", got)
	}
}

// TestUnknownChord gives the tool a symbol ChordPitchClasses cannot read: the lesson stops
// with the tool's error.
func TestUnknownChord(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), &out, &Options{pairs: [][2]string{{"C", "H7"}}})
	if err == nil || !strings.Contains(err.Error(), "unrecognized chord symbol 'H7'") {
		t.Fatalf("error %v", err)
	}
}
