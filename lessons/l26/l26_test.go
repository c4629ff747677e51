package l26

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"course/fixtures"
	"course/internal/testutil"
)

// runOn runs the lesson over a Modes.yaml of the test's making.
func runOn(t *testing.T, yaml string) string {
	t.Helper()
	var out bytes.Buffer
	l, err := newLesson(&out, []byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// withoutMode removes the mode named name (its "      - Name:" line and the lines under it).
func withoutMode(t *testing.T, yaml, name string) string {
	t.Helper()
	lines := strings.Split(yaml, "\n")
	var out []string
	skipping, found := false, false
	for _, l := range lines {
		if strings.HasPrefix(l, "      - Name: ") || strings.HasPrefix(l, "  - ") {
			skipping = l == "      - Name: "+name
			found = found || skipping
		}
		if !skipping {
			out = append(out, l)
		}
	}
	if !found {
		t.Fatalf("no mode %q", name)
	}
	return strings.Join(out, "\n")
}

// TestDroppingAModeMovesTheCounts drops Blues Minor, mode 3 of the major pentatonic family:
// the family has 4 modes, Minor Pentatonic (C D F G A, the scale from degree 4) moves to place
// 4 and is now its own degree's rotation, and "What is Minor Pentatonic?" is answered with its
// own mode, since Blues Minor's alternate name of the same length no longer comes first; that
// alternate name was one CanHandle accepted, so it accepts one fewer.
func TestDroppingAModeMovesTheCounts(t *testing.T) {
	out := runOn(t, withoutMode(t, string(fixtures.Modes), "Blues Minor"))
	testutil.MustContain(t, out,
		"Major Pentatonic         4      5      textbook   3 of 4              3",
		"modes 128: mode 1 from their own degree 94, from another degree 0, from no degree 34; notes out of order 3",
		"  Major Pentatonic 3, Blues Major: C E F A Bb; mode 1 from no degree; from degree 3: semitones 0 3 5 8 10",
		"mode names written 164, read 164, read otherwise than written 8",
		"mode names 128: answered with their mode 119, with another 9, CanHandle accepts 128; alternate names 67: answered with their mode 67, with another 0, CanHandle accepts 6",
	)
	if strings.Contains(out, "What is Minor Pentatonic?") {
		t.Error("Minor Pentatonic is still answered with another mode")
	}
}

// TestQuotingANameKeepsIt quotes the name "Lydian #6": the YAML reader keeps its "#6", so it
// is no longer read otherwise than written, and "What is Lydian?" no longer names that mode.
func TestQuotingANameKeepsIt(t *testing.T) {
	yaml := strings.Replace(string(fixtures.Modes), "      - Name: Lydian #6\n", "      - Name: 'Lydian #6'\n", 1)
	if yaml == string(fixtures.Modes) {
		t.Fatal("no unquoted Lydian #6 in the fixture")
	}
	out := runOn(t, yaml)
	testutil.MustContain(t, out, "mode names written 165, read 165, read otherwise than written 7",
		"mode names 129: answered with their mode 120, with another 9")
	if strings.Contains(out, "Lydian (Neapolitan Minor 2)") {
		t.Error("Neapolitan Minor 2 is still read as Lydian")
	}
}

// TestBadCatalogue is refused with an error naming the line.
func TestBadCatalogue(t *testing.T) {
	_, err := newLesson(&bytes.Buffer{}, []byte("ModalFamilies:\n  - Name: [A, B]\n"))
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("err = %v", err)
	}
}
