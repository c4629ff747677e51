package l15

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"course/ga/intents"
	"course/ga/skills"
	"course/internal/report"
)

// TestKnowsEveryExample checks that the lesson names the chord of every example prompt the
// skill carries, so a new example fails here rather than in the middle of the lesson.
func TestKnowsEveryExample(t *testing.T) {
	meta, _ := intents.Lookup(skills.ChordInfoIntent().ID)
	for _, p := range meta.Examples {
		c, ok := exampleChords()[p]
		if !ok {
			t.Errorf("no chord for the example %q", p)
			continue
		}
		if c.root == "" {
			continue
		}
		if _, err := c.spell(); err != nil {
			t.Errorf("%q: %v", p, err)
		}
	}
	symbols, words := vocabularySuffixes()
	if len(symbols) != 51 || len(words) != 31 {
		t.Errorf("%d symbols and %d words, want 51 and 31:\n%q\n%q", len(symbols), len(words), symbols, words)
	}
}

// TestSpellingMovesWithTheChord spells chords the lesson's table holds on other roots and
// qualities: the count and the differences follow the chords asked.
func TestSpellingMovesWithTheChord(t *testing.T) {
	l := &lesson{}
	res, err := l.spellAll([]string{"Gb", "F#"}, []struct{ quality, symbol string }{{"minor 6", "m6"}, {"altered dominant", "7alt"}, {"power", "5"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Gb7alt: skill Gb Bb C D Fb Abb A, textbook Gb Bb Dbb D Fb Abb A",
		"F#7alt: skill F# A# B# C## E G G##, textbook F# A# C C## E G G##",
		// "5" is no suffix of the compact expression: the skill reads no chord.
		`Gb5: no chord: "Could not parse a chord name from your question."`,
		`F#5: no chord: "Could not parse a chord name from your question."`,
	}
	if res.total != 6 || !slices.Equal(res.differ, want) {
		t.Errorf("total %d, differ:\n%s", res.total, strings.Join(res.differ, "\n"))
	}
	if len(res.spelled) != 4 || res.multiple != 3 {
		t.Errorf("spelled %d, %d with a double accidental; want 4 and 3 (Gbm6's Bbb and both 7alts)", len(res.spelled), res.multiple)
	}
	if got := groupBySuffix(res.differ); got != "2 7alt, 2 5" {
		t.Errorf("groups %q", got)
	}
}

// TestFromNotesMovesWithTheChord asks back a few spellings as notes.
func TestFromNotesMovesWithTheChord(t *testing.T) {
	var out bytes.Buffer
	l := &lesson{r: report.New(&out), spelled: []spelledChord{
		{"C", "major 6", []string{"C", "E", "G", "A"}},                     // named back: C comes first
		{"A", "minor 7", []string{"A", "C", "E", "G"}},                     // named back
		{"Fb", "minor", []string{"Fb", "Abb", "Cb"}},                       // Abb is no token: two notes
		{"C", "sus4", []string{"F", "C", "G"}},                             // C sus4 written from F: F is tried first, and F sus2 has these notes
		{"C", "dominant 13", []string{"C", "E", "G", "Bb", "D", "F", "A"}}, // seven notes
	}}
	if err := l.fromNotes(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"a quality it names, single accidentals: 3 chords, named back 2, as another chord 1, not named 0\n" +
			`  "What chord is F C G" → F sus2: F G C`,
		"a quality it names, a double or triple accidental: 1 chords, named back 0, as another chord 0, not named 1\n",
		"6 or 7 notes: 1 chords, named back 0, as another chord 0, not named 1\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in:\n%s", want, out.String())
		}
	}
}
