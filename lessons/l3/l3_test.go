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

// runL3On runs the lesson on cfg.
func runL3On(t *testing.T, cfg l3Config) string {
	t.Helper()
	var out bytes.Buffer
	if err := runLesson3(context.Background(), &out, cfg); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// l3Default is the lesson's own configuration.
func l3Default() l3Config {
	return l3Config{l3FretCount, l3WindowSize, l3MinPlayed, l3Symbols, embeddings.Partitions()}
}

// l3Row is one result row: diagram, MIDI notes, name and score.
type l3Row struct {
	diagram string
	midi    []int
	name    string
	score   string
}

// l3Rows reads the result rows of a section; the first table ends at the filter's line.
func l3Rows(t *testing.T, lines []string) (plain, filtered []l3Row) {
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
		r := l3Row{diagram: f[1], score: f[len(f)-1]}
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

// l3Binomial is n choose k.
func l3Binomial(n, k int) int {
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
	}
	return r
}

// TestL3FourFretsAddsAWindow gives the generator four frets: a second window, frets 1 to 4,
// joins the first, frets 0 to 3, and a voicing both windows produce is kept once. The corpus
// is then every voicing of three strings or more with no fret 4, or with no open string; the
// first three stay those of the first window, and the header's offsets follow the count.
func TestL3FourFretsAddsAWindow(t *testing.T) {
	cfg := l3Default()
	cfg.fretCount = 4
	out := runL3On(t, cfg)
	want := 0
	for k := 3; k <= 6; k++ {
		// 4^k voicings without fret 4, 4^k without an open string, 3^k with neither
		want += l3Binomial(6, k) * (2*l3Pow(4, k) - l3Pow(3, k))
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

// l3Pow is b to the power e.
func l3Pow(b, e int) int {
	r := 1
	for range e {
		r *= b
	}
	return r
}

// TestL3FourNotesDropsTheTriads asks for four strings or more: the 1280 voicings of three
// notes leave the corpus and the first voicing becomes 0-0-0-0-x-x.
func TestL3FourNotesDropsTheTriads(t *testing.T) {
	cfg := l3Default()
	cfg.minPlayed = 4
	out := runL3On(t, cfg)
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

// TestL3QueryChordMovesTheSearch searches for G7 instead: the query still sets STRUCTURE, MODAL
// and ROOT; with the filter, GA keeps names containing "7" whose lowest note is a G. A symbol
// ChordPitchClasses cannot read gives a query of zeros: every score is 0, the first voicings of
// the index come first, and the filter, which cannot read it either, keeps them.
func TestL3QueryChordMovesTheSearch(t *testing.T) {
	cfg := l3Default()
	cfg.symbols = []string{"G7", "H7"}
	out := runL3On(t, cfg)
	g7 := testutil.SectionLines(t, out, `HybridSearchAsync for "G7"`)
	if g7[0] != "query partitions set: STRUCTURE, MODAL, ROOT" {
		t.Errorf("G7's partitions: %q", g7[0])
	}
	plain, filtered := l3Rows(t, g7)
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
	plain, filtered = l3Rows(t, h7)
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

// TestL3RootWeightZero sets ROOT's weight to 0: its square root, the header's last weight, is
// 0; the compact vectors lose ROOT, so a voicing's squared norm falls from 1.15 to 1.10 and a
// query sets STRUCTURE and MODAL only. The compact layout names partitions and ranges, not
// weights, so the schema hash, and the reader's check of it, do not move.
func TestL3RootWeightZero(t *testing.T) {
	cfg := l3Default()
	cfg.partitions = embeddings.Partitions()
	for i := range cfg.partitions {
		if cfg.partitions[i].Name == "ROOT" {
			cfg.partitions[i].Weight = 0
		}
	}
	out := runL3On(t, cfg)
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
	if plain, _ := l3Rows(t, nearest); len(plain) == 0 || plain[0].score != "1.100" {
		t.Errorf("open C against itself: %v", plain)
	}
}
