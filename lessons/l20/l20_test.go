package l20

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"course/fixtures"
	"course/ga/composition"
	"course/internal/testutil"
)

// runWith runs lesson 20 with the given templates and catalogue (nil: GA's).
func runWith(t *testing.T, templates composition.Templates, catalogue []byte) string {
	t.Helper()
	var out bytes.Buffer
	if err := run(context.Background(), &out, &Options{templates: templates, catalogue: catalogue}); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestStitchesOneChordHeld makes I-V-vi-IV four C chords: at each step the tool pairs its
// best-scored C with itself at distance 0, so the first pairs meet at both junctions and no
// joined path moves less; the other templates' rows stay as they were.
func TestStitchesOneChordHeld(t *testing.T) {
	base := runWith(t, nil, nil)
	if got := strings.Count(base, "\n== "); got != 5 {
		t.Errorf("%d sections, want 5", got)
	}
	ts := composition.GATemplates()
	for i := range ts {
		if ts[i].Name == "I-V-vi-IV" {
			for k := range ts[i].Steps {
				ts[i].Steps[k] = composition.Step{Offset: 0, Quality: "", Roman: "I"}
			}
		}
	}
	out := runWith(t, ts, nil)
	for _, want := range []string{
		"I-V-vi-IV          4       3          2 of 2             0                   0",
		"they meet at 8; templates whose least joined path moves as little as the sum of first pairs 1 of 9",
		"I-V-vi-IV, the first pairs: x-x-2-0-1-x C/E → x-x-2-0-1-x C/E, 0; x-x-2-0-1-x C/E → x-x-2-0-1-x C/E, 0;",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	row := "ii-V-I             3       2          0 of 1             9                   10"
	if !strings.Contains(base, row) || !strings.Contains(out, row) {
		t.Errorf("the ii-V-I row moved")
	}
}

// TestChangedTemplateMovesTheTables makes ii-V-I end on a major triad: every key still
// spells right, but no row of the catalogue's ii–V–I table, which ends on maj7, is the same.
func TestChangedTemplateMovesTheTables(t *testing.T) {
	ts := composition.GATemplates()
	ts[0].Steps[2] = composition.Step{Offset: 0, Quality: "", Roman: "I"}
	out := runWith(t, ts, nil)
	testutil.MustContain(t, out,
		"ii-V-I             major   15     45       44              45",
		"ii–V–I (Major) — 12 keys             ii-V-I          12     0             none",
		"  Cb major   B for Cb 5, Bmaj7 for Cbmaj7 2,",
	)
}

// TestChangedTemplateMovesTheSpelling relabels the andalusian cadence's bVI as #V: the same
// pitch classes, but the textbook now writes the chord on the fifth degree's letter. In A minor
// the tool's F is then E#, and in C minor the tool's G# is now what the textbook writes.
func TestChangedTemplateMovesTheSpelling(t *testing.T) {
	ts := composition.GATemplates()
	ts[8].Steps[2].Roman = "#V"
	out := runWith(t, ts, nil)
	testutil.MustContain(t, out,
		"andalusian         minor   15     60       48              60",
		"  A minor    F for E# 1\n",
		"  C minor    A# for Bb 1\n",
	)
}

// TestChangedRowMovesTheCatalogueTable respells G flat's IV in the catalogue as a textbook
// does: the tool no longer agrees with that row, and the textbook column quotes the new row.
func TestChangedRowMovesTheCatalogueTable(t *testing.T) {
	yaml := strings.Replace(string(fixtures.ChordProgressions), `[ "Gb", "Db", "Ebm", "B" ]`, `[ "Gb", "Db", "Ebm", "Cb" ]`, 1)
	if yaml == string(fixtures.ChordProgressions) {
		t.Fatal("the fixture has no Gb row to change")
	}
	out := runWith(t, nil, []byte(yaml))
	testutil.MustContain(t, out, "Pop I–V–vi–IV — 12 keys (triads)     I-V-vi-IV       12     11            Gb: Gb Db Ebm Cb, textbook Gb Db Ebm Cb")
}

// TestChangedBluesMovesTheLengths ends the blues on I7 instead of V7: the natural length's
// last chord moves, and the count does not, since "I7" and "V7" have as many letters and C7's
// pitch classes 0 4 7 10 as many digits as G7's 2 5 7 11. A ninth on every bar adds a fifth
// pitch class, one digit: a line of eight spaces, the digit and a comma, 11 characters a chord.
func TestChangedBluesMovesTheLengths(t *testing.T) {
	ts := composition.GATemplates()
	ts[6].Steps[11] = composition.Step{Offset: 0, Quality: "7", Roman: "I7"}
	out := runWith(t, ts, nil)
	testutil.MustContain(t, out,
		"(none)   12-bar-blues   12        I7 C7, 2288",
		"100000   12-bar-blues   100000    I7 C7, 17300216",
	)
	for i := range ts[6].Steps {
		ts[6].Steps[i].Quality = "9"
	}
	out = runWith(t, ts, nil)
	testutil.MustContain(t, out,
		"4        12-bar-blues   4         I7 C9, 947",
		"100000   12-bar-blues   100000    I7 C9, 18400216",
	)
}

// TestBadCatalogue checks that a catalogue without the section or a table is an error.
func TestBadCatalogue(t *testing.T) {
	for _, yaml := range []string{"Progressions:\n  - Name: x\n", strings.Replace(string(fixtures.ChordProgressions), "Pop I", "Rock I", 1)} {
		var out bytes.Buffer
		if err := run(context.Background(), &out, &Options{catalogue: []byte(yaml)}); err == nil {
			t.Errorf("no error for a catalogue of %d bytes", len(yaml))
		}
	}
}
