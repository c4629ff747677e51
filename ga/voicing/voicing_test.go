package voicing

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"course/ga/embeddings"
	"course/ga/optick"
	"course/ga/query"
)

// indexes builds lesson 3's index once for each version of GA's pipeline the tests search.
var indexes = struct {
	sync.Mutex
	m map[string][]byte
}{m: map[string][]byte{}}

// corpusIndex is lesson 3's index over partitions in version v, built once per test binary.
func corpusIndex(t *testing.T, partitions []embeddings.Partition, v optick.Version) []byte {
	t.Helper()
	indexes.Lock()
	defer indexes.Unlock()
	key := fmt.Sprintf("%v %+v", partitions, v)
	if b, ok := indexes.m[key]; ok {
		return b
	}
	c, err := optick.BuildCorpusIndexWith(optick.CorpusFretCount, optick.CorpusWindowSize, optick.CorpusMinPlayed, partitions, false, v.Pipeline)
	if err != nil {
		t.Fatal(err)
	}
	indexes.m[key] = c.Index
	return c.Index
}

// testIndex is the index the host searches at the pin, or on main.
func testIndex(t *testing.T, main bool) *Index {
	t.Helper()
	var v optick.Version
	if main {
		v = optick.Main()
	}
	ps := embeddings.Partitions()
	ix, err := NewIndex(corpusIndex(t, ps, v), ps, v)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func process(t *testing.T, a Agent, message string) Response {
	t.Helper()
	r, err := a.Process(message)
	if err != nil {
		t.Fatalf("%q: %v", message, err)
	}
	return r
}

// answerOf writes the answer VoicingAgent gives for results, as the test reads GA's code.
func answerOf(intent string, results []optick.Result) string {
	var b strings.Builder
	b.WriteString("Found " + FormatFixed(float64(len(results)), 0) + " voicings matching " + intent + ":\n\n")
	for _, r := range results {
		b.WriteString("- **" + r.ChordName + "** `" + r.Diagram + "` (" + r.Instrument + ", score " + FormatFixed(r.Score, 3) + ")\n")
	}
	return b.String()
}

// TestLessonAnswer asks the lesson's question of the course's index: the two Cmaj7 voicings at
// 0.369 that the original course's run printed come out of the search, and the answer is the one
// lesson 3's filtered search gives.
func TestLessonAnswer(t *testing.T) {
	const want = "Found 2 voicings matching chord Cmaj7:\n" +
		"\n" +
		"- **Cmaj7** `3-0-x-2-3-x` (guitar, score 0.369)\n" +
		"- **Cmaj7** `3-0-0-2-3-x` (guitar, score 0.369)\n"
	ix := testIndex(t, false)
	direct, err := ix.search.HybridSearch(optick.Encode(optick.Query{ChordSymbol: "Cmaj7"}, embeddings.Partitions()), optick.Filters{ChordName: "Cmaj7"}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := answerOf("chord Cmaj7", direct); got != want {
		t.Fatalf("lesson 3's search answers\n%s", got)
	}
	for _, tt := range []struct {
		newline string
		length  int
	}{{"", 136}, {"\n", 136}, {"\r\n", 140}} {
		r := process(t, Agent{Index: ix, NewLine: tt.newline}, "Show me Cmaj7 voicings")
		wantText := want
		if tt.newline == "\r\n" {
			wantText = strings.ReplaceAll(want, "\n", "\r\n")
		}
		if r.Text != wantText || len(r.Text) != tt.length {
			t.Errorf("newline %q: text (%d characters)\n%q\nwant\n%q", tt.newline, len(r.Text), r.Text, wantText)
		}
		if r.Confidence != float64(float32(direct[0].Score)) || r.DiagramCount != 2 {
			t.Errorf("newline %q: confidence %v, diagrams %d; want %v, 2", tt.newline, r.Confidence, r.DiagramCount, direct[0].Score)
		}
	}
}

// TestAnswerFollowsTheIndex changes lesson 3's weights: the index built with them scores the
// lesson's voicings otherwise, and the agent's answer says what that index's search gives.
func TestAnswerFollowsTheIndex(t *testing.T) {
	ps := embeddings.Partitions()
	for i := range ps {
		if ps[i].Name == "MODAL" {
			ps[i].Weight *= 2
		}
	}
	ix, err := NewIndex(corpusIndex(t, ps, optick.Version{}), ps, optick.Version{})
	if err != nil {
		t.Fatal(err)
	}
	direct, err := ix.search.HybridSearch(optick.Encode(optick.Query{ChordSymbol: "Cmaj7"}, ps), optick.Filters{ChordName: "Cmaj7"}, 10)
	if err != nil {
		t.Fatal(err)
	}
	got := process(t, Agent{Index: ix}, "Show me Cmaj7 voicings").Text
	if want := answerOf("chord Cmaj7", direct); got != want {
		t.Errorf("answer\n%s\nwant\n%s", got, want)
	}
	if strings.Contains(got, "score 0.369") {
		t.Errorf("the index of other weights still answers 0.369:\n%s", got)
	}
}

// TestProcess checks the answers that list nothing, and that each answer is the search's.
func TestProcess(t *testing.T) {
	ix := testIndex(t, false)
	for _, tt := range []struct{ message, text string }{
		{"Show me voicings", NoIntentText},
		{"nutshell", NoIntentText},
		// An instrument alone is no intent (VoicingAgent.cs:54-57).
		{"guitar voicings", NoIntentText},
		// The course's index holds a guitar's voicings only: the bass and ukulele slices are empty,
		// with the chord's filter and without.
		{"Cmaj7 voicings on ukulele", NoMatchesText},
		{"drop2 voicings on bass", NoMatchesText},
	} {
		r := process(t, Agent{Index: ix}, tt.message)
		if r.Text != tt.text || r.DiagramCount != 0 {
			t.Errorf("%q: %q", tt.message, r.Text)
		}
	}
	if r := process(t, Agent{}, "Cmaj7 voicings"); r.Text != NoMatchesText || r.Confidence != NoMatchesConfidence {
		t.Errorf("no index: %q %v", r.Text, r.Confidence)
	}
	// Each answer is the search's results, in order, ten at most.
	for _, message := range []string{"Am7 shell voicings on guitar", "C7 voicings", "F#m voicings", "Bbmaj7 rootless drop 3 grips on guitar"} {
		q := query.Extract(message)
		results, err := ix.Search(q, 0)
		if err != nil {
			t.Fatal(err)
		}
		r := process(t, Agent{Index: ix}, message)
		first, _, _ := strings.Cut(r.Text, "\n")
		if len(results) == 0 || len(results) > 10 || r.DiagramCount != len(results) || r.Text != answerOf(strings.TrimSuffix(strings.TrimPrefix(first, "Found "+FormatFixed(float64(len(results)), 0)+" voicings matching "), ":"), results) {
			t.Errorf("%q: %d results,\n%s", message, len(results), r.Text)
		}
	}
}

// TestGeometricFallback: a chord that no voicing among the search's candidates is named after
// is searched again without its name (VoicingAgent.cs:96-100).
func TestGeometricFallback(t *testing.T) {
	ix := testIndex(t, false)
	tried := 0
	for _, chord := range []string{"Am7b5", "E13", "Db9", "F#7#9", "Abm11", "B13"} {
		q := query.Extract(chord + " voicings")
		vector := optick.Encode(optick.Query{ChordSymbol: q.ChordSymbol, PitchClasses: q.PitchClasses}, embeddings.Partitions())
		named, err := ix.search.HybridSearch(vector, optick.Filters{ChordName: q.ChordSymbol}, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(named) > 0 {
			continue
		}
		tried++
		unnamed, err := ix.search.SemanticSearch(vector, 10)
		if err != nil {
			t.Fatal(err)
		}
		if got := process(t, Agent{Index: ix}, chord+" voicings").Text; got != answerOf("chord "+chord, unnamed) {
			t.Errorf("%s: answer\n%s\nwant the search without the name", chord, got)
		}
	}
	if tried == 0 {
		t.Fatal("the filter keeps voicings of every chord tried; the test needs one it keeps none of")
	}
}

// TestMainIndex asks main's host the questions of the original course's runs against main: its
// index, main's reading and main's filter give ten voicings to each.
func TestMainIndex(t *testing.T) {
	a := Agent{Index: testIndex(t, true), Read: query.ExtractTyped}
	for message, first := range map[string]string{
		"Shift Am7 up a fifth":                "Found 10 voicings matching chord Am7 + tags [fifth]:",
		"Transpose G7 to Eb":                  "Found 10 voicings matching chord G7:",
		"Raise Bb7 by a minor third":          "Found 10 voicings matching chord Bb7 + mode minor + tags [third]:",
		"Take F#m up a fourth":                "Found 10 voicings matching chord F#m + tags [fourth]:",
		"Transpose Cmaj7 up a perfect fourth": "Found 10 voicings matching chord Cmaj7 + tags [fourth]:",
	} {
		if got, _, _ := strings.Cut(process(t, a, message).Text, "\n"); got != first {
			t.Errorf("%q: %q, want %q", message, got, first)
		}
	}
	// The pin's search over the pin's index finds three Bb7 voicings.
	if got, _, _ := strings.Cut(process(t, Agent{Index: testIndex(t, false)}, "Bb7 voicings").Text, "\n"); got == "Found 10 voicings matching chord Bb7:" {
		t.Errorf("the pin's index answers as main's: %q", got)
	}
}

// TestOpenIndex reads an index file, as VoicingSearch__OpticIndexPath names one, and refuses a
// file that is not one.
func TestOpenIndex(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "optick.index")
	if err := os.WriteFile(path, corpusIndex(t, embeddings.Partitions(), optick.Version{}), 0o644); err != nil {
		t.Fatal(err)
	}
	ix, err := OpenIndex(path, optick.Version{})
	if err != nil {
		t.Fatal(err)
	}
	if ix.Len() != 15360 {
		t.Errorf("%d voicings", ix.Len())
	}
	if got := process(t, Agent{Index: ix}, "Show me Cmaj7 voicings"); got.DiagramCount != 2 {
		t.Errorf("the file's index answers\n%s", got.Text)
	}
	if _, err := OpenIndex(filepath.Join(dir, "missing.index"), optick.Version{}); err == nil || !strings.HasPrefix(err.Error(), "voicing: open index:") {
		t.Errorf("missing file: %v", err)
	}
	bad := filepath.Join(dir, "voicings.json")
	os.WriteFile(bad, []byte(`{"voicings": []}`), 0o644)
	if _, err := OpenIndex(bad, optick.Version{}); err == nil || !strings.Contains(err.Error(), "OPTK magic bytes missing") {
		t.Errorf("a JSON file: %v", err)
	}
	if (*Index)(nil).Len() != 0 {
		t.Error("a nil index has voicings")
	}
}

func TestFormatFixed(t *testing.T) {
	tests := []struct {
		x      float64
		digits int
		want   string
	}{
		{0.369, 3, "0.369"},
		{0.0625, 3, "0.063"},   // exact tie: away from zero (strconv gives 0.062)
		{-0.0625, 3, "-0.063"}, // exact tie, negative
		{0.3685, 3, "0.368"},   // stored as 0.36849999...: below the tie
		{1.0005, 3, "1.000"},   // stored as 1.00049999...
		{0.0005, 3, "0.001"},   // stored as 0.000500000000000000010...
		{0.52, 3, "0.520"},
		{9.9995, 3, "9.999"},   // stored as 9.99949999...
		{9.99951, 3, "10.000"}, // carry into the integer part
		{0.125, 2, "0.13"},
		{2.5, 0, "3"},
		{-0.0001, 3, "-0.000"},
		{math.Copysign(0, -1), 3, "-0.000"},
		{0, 3, "0.000"},
		{12, 0, "12"},
		{math.NaN(), 3, "NaN"},
		{math.Inf(1), 3, "Infinity"},
		{math.Inf(-1), 3, "-Infinity"},
	}
	for _, tt := range tests {
		if got := FormatFixed(tt.x, tt.digits); got != tt.want {
			t.Errorf("FormatFixed(%v, %d) = %q, want %q", tt.x, tt.digits, got, tt.want)
		}
	}
}
