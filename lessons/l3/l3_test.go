package l3

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"course/ga/embeddings"
	"course/internal/testutil"
)

// runOn runs the lesson on cfg.
func runOn(t *testing.T, cfg config) string {
	t.Helper()
	var out bytes.Buffer
	if err := runLesson(context.Background(), &out, cfg); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// defaultConfig is the lesson's own configuration.
func defaultConfig() config {
	return config{fretCount, windowSize, minPlayed, symbols, embeddings.Partitions()}
}

// row is one result row: diagram, MIDI notes, name and score.
type row struct {
	diagram string
	midi    []int
	name    string
	score   string
}

// rows reads the result rows of a section; the first table ends at the filter's line.
func rows(t *testing.T, lines []string) (plain, filtered []row) {
	t.Helper()
	target := &plain
	for _, l := range lines {
		if strings.HasPrefix(l, "with the filter") {
			target = &filtered
			continue
		}
		f := strings.Fields(l)
		if len(f) < 4 {
			continue
		}
		if _, err := strconv.Atoi(f[0]); err != nil {
			continue
		}
		r := row{diagram: f[1], score: f[len(f)-1]}
		i := 2
		for ; i < len(f); i++ {
			n, err := strconv.Atoi(f[i])
			if err != nil {
				break
			}
			r.midi = append(r.midi, n)
		}
		r.name = strings.Join(f[i:len(f)-1], " ")
		*target = append(*target, r)
	}
	return plain, filtered
}

// binomial is n choose k.
func binomial(n, k int) int {
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
	}
	return r
}

// TestFourFretsAddsAWindow gives the generator four frets: a second window, frets 1 to 4,
// joins the first, frets 0 to 3, and a voicing both windows produce is kept once. The corpus
// is then every voicing of three strings or more with no fret 4, or with no open string; the
// first three stay those of the first window, and the header's offsets follow the count.
func TestFourFretsAddsAWindow(t *testing.T) {
	cfg := defaultConfig()
	cfg.fretCount = 4
	out := runOn(t, cfg)
	want := 0
	for k := 3; k <= 6; k++ {
		// 4^k voicings without fret 4, 4^k without an open string, 3^k with neither
		want += binomial(6, k) * (2*pow(4, k) - pow(3, k))
	}
	corpus := testutil.SectionLines(t, out, "Corpus")
	if got := corpus[0]; got != fmt.Sprintf("voicings                 %d", want) {
		t.Errorf("corpus size %q, want %d", got, want)
	}
	if !strings.Contains(out, "== Corpus: GA's VoicingGenerator, standard tuning, 4 frets, window 3") {
		t.Error("the title does not follow the fret count")
	}
	if !strings.Contains(out, "0-0-0-x-x-x    64 59 55           Em/G         E") {
		t.Error("the first voicing is no longer the first window's")
	}
	vectors := 616 + want*8
	if line := fmt.Sprintf("vectors at               %d (%d x 124 x 4 bytes = %d)", vectors, want, want*124*4); !strings.Contains(out, line) {
		t.Errorf("no line %q", line)
	}
}

// pow is b to the power e.
func pow(b, e int) int {
	r := 1
	for range e {
		r *= b
	}
	return r
}

// TestFourNotesDropsTheTriads asks for four strings or more: the 1280 voicings of three
// notes leave the corpus and the first voicing becomes 0-0-0-0-x-x.
func TestFourNotesDropsTheTriads(t *testing.T) {
	cfg := defaultConfig()
	cfg.minPlayed = 4
	out := runOn(t, cfg)
	corpus := testutil.SectionLines(t, out, "Corpus")
	if corpus[0] != "voicings                 14080" || corpus[1] != "  with 4 notes           3840" {
		t.Errorf("corpus: %q", corpus[:2])
	}
	if strings.Contains(out, "with 3 notes") {
		t.Error("three-note voicings are still counted")
	}
	if !strings.HasPrefix(corpus[6], "0-0-0-0-x-x    64 59 55 50") {
		t.Errorf("first voicing %q", corpus[6])
	}
}

// TestQueryChordMovesTheSearch searches for G7 instead: the query still sets STRUCTURE, MODAL
// and ROOT; with the filter, GA keeps names containing "7" whose lowest note is a G. A symbol
// ChordPitchClasses cannot read gives a query of zeros: every score is 0, the first voicings of
// the index come first, and the filter, which cannot read it either, keeps them.
func TestQueryChordMovesTheSearch(t *testing.T) {
	cfg := defaultConfig()
	cfg.symbols = []string{"G7", "H7"}
	out := runOn(t, cfg)
	g7 := testutil.SectionLines(t, out, `HybridSearchAsync for "G7"`)
	if g7[0] != "query partitions set: STRUCTURE, MODAL, ROOT" {
		t.Errorf("G7's partitions: %q", g7[0])
	}
	plain, filtered := rows(t, g7)
	if len(plain) != 5 || len(filtered) == 0 {
		t.Fatalf("G7's results: %d and %d rows", len(plain), len(filtered))
	}
	for _, r := range filtered {
		low := r.midi[0]
		for _, n := range r.midi {
			low = min(low, n)
		}
		if !strings.Contains(r.name, "7") || low%12 != 7 {
			t.Errorf("the filter kept %s %s, lowest note %d", r.diagram, r.name, low)
		}
	}
	h7 := testutil.SectionLines(t, out, `HybridSearchAsync for "H7"`)
	if h7[0] != "query partitions set: " && h7[0] != "query partitions set:" {
		t.Errorf("H7's partitions: %q", h7[0])
	}
	plain, filtered = rows(t, h7)
	want := []string{"0-0-0-x-x-x", "1-0-0-x-x-x", "2-0-0-x-x-x", "3-0-0-x-x-x", "0-1-0-x-x-x"}
	for i, r := range plain {
		if r.diagram != want[i] || r.score != "0.000" {
			t.Errorf("H7's rank %d: %s %s, want %s 0.000", i+1, r.diagram, r.score, want[i])
		}
	}
	if fmt.Sprint(filtered) != fmt.Sprint(plain) {
		t.Errorf("an unreadable filter changed the results: %v", filtered)
	}
}

// TestRootWeightZero sets ROOT's weight to 0: its square root, the header's last weight, is
// 0; the compact vectors lose ROOT, so a voicing's squared norm falls from 1.15 to 1.10 and a
// query sets STRUCTURE and MODAL only. The compact layout names partitions and ranges, not
// weights, so the schema hash, and the reader's check of it, do not move.
func TestRootWeightZero(t *testing.T) {
	cfg := defaultConfig()
	cfg.partitions = embeddings.Partitions()
	for i := range cfg.partitions {
		if cfg.partitions[i].Name == "ROOT" {
			cfg.partitions[i].Weight = 0
		}
	}
	out := runOn(t, cfg)
	for _, line := range []string{
		"sqrt weights, first dims 0.67 0.67 0.67 ... ROOT 0",
		"schema hash              0x37CD8ECF",
		"its squared norm         1.100",
		"query partitions set: STRUCTURE, MODAL",
		"ROOT          12    0         0         0.00",
	} {
		if !strings.Contains(out, line+"\n") {
			t.Errorf("no line %q", line)
		}
	}
	nearest := testutil.SectionLines(t, out, "Nearest voicings")
	if plain, _ := rows(t, nearest); len(plain) == 0 || plain[0].score != "1.100" {
		t.Errorf("open C against itself: %v", plain)
	}
}
