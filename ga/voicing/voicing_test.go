package voicing

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func testIndex(t *testing.T) *Index {
	t.Helper()
	ix, err := DefaultIndex()
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func ids(vs []Voicing) []string {
	out := []string{}
	for _, v := range vs {
		out = append(out, v.ID)
	}
	return out
}

func TestLessonAnswer(t *testing.T) {
	const want = "Found 2 voicings matching chord Cmaj7:\n" +
		"\n" +
		"- **Cmaj7** `3-0-x-2-3-x` (guitar, score 0.369)\n" +
		"- **Cmaj7** `3-0-0-2-3-x` (guitar, score 0.369)\n"
	tests := []struct {
		newline string
		length  int
	}{
		{"", 136},
		{"\n", 136},
		{"\r\n", 140},
	}
	for _, tt := range tests {
		r := Agent{Index: testIndex(t), NewLine: tt.newline}.Process("Show me Cmaj7 voicings")
		wantText := want
		if tt.newline == "\r\n" {
			wantText = strings.ReplaceAll(want, "\n", "\r\n")
		}
		if r.Text != wantText {
			t.Errorf("newline %q: text\n%q\nwant\n%q", tt.newline, r.Text, wantText)
		}
		if len(r.Text) != tt.length {
			t.Errorf("newline %q: %d characters, want %d", tt.newline, len(r.Text), tt.length)
		}
		if r.Confidence != 0.369 || r.DiagramCount != 2 {
			t.Errorf("newline %q: confidence %v, diagrams %d; want 0.369, 2", tt.newline, r.Confidence, r.DiagramCount)
		}
	}
}

func TestProcess(t *testing.T) {
	tests := []struct {
		message    string
		text       string
		confidence float64
		diagrams   int
	}{
		{"Show me voicings", NoIntentText, 0.2, 0},
		{"nutshell", NoIntentText, 0.2, 0},
		{"Am7 shell voicings on guitar",
			"Found 2 voicings matching chord Am7 + tags [shell]:\n\n" +
				"- **Am7** `0-1-0-2-0-x` (guitar, score 0.520)\n" +
				"- **Am7** `x-5-5-5-7-5` (guitar, score 0.520)\n", 0.52, 2},
		{"Am7 voicings",
			"Found 3 voicings matching chord Am7:\n\n" +
				"- **Am7** `5-5-x-5` (bass, score 0.610)\n" +
				"- **Am7** `0-1-0-2-0-x` (guitar, score 0.520)\n" +
				"- **Am7** `x-5-5-5-7-5` (guitar, score 0.520)\n", 0.61, 3},
		// GA's filter only asks that the quality contain the fragment "7", so
		// C7 finds the Cmaj7 voicings rooted on C.
		{"C7 voicings",
			"Found 2 voicings matching chord C7:\n\n" +
				"- **Cmaj7** `3-0-x-2-3-x` (guitar, score 0.369)\n" +
				"- **Cmaj7** `3-0-0-2-3-x` (guitar, score 0.369)\n", 0.369, 2},
		// Nothing on the ukulele is a Cmaj7: the geometric fallback lists the slice.
		{"Cmaj7 voicings on ukulele",
			"Found 1 voicing matching chord Cmaj7:\n\n" +
				"- **C** `3-0-0-0` (ukulele, score 0.330)\n", 0.33, 1},
		{"drop2 voicings on bass",
			"Found 1 voicing matching tags [drop2]:\n\n" +
				"- **Am7** `5-5-x-5` (bass, score 0.610)\n", 0.61, 1},
		{"guitar voicings",
			"Found 8 voicings matching your query:\n\n" +
				"- **Am7** `0-1-0-2-0-x` (guitar, score 0.520)\n" +
				"- **Am7** `x-5-5-5-7-5` (guitar, score 0.520)\n" +
				"- **G7** `1-0-0-0-2-3` (guitar, score 0.480)\n" +
				"- **Dm7** `1-1-2-0-x-x` (guitar, score 0.450)\n" +
				"- **Cmaj7** `0-0-0-2-3-0` (guitar, score 0.412)\n" +
				"- **Cmaj7** `3-0-x-2-3-x` (guitar, score 0.369)\n" +
				"- **Cmaj7** `3-0-0-2-3-x` (guitar, score 0.369)\n" +
				"- **C** `0-1-0-2-3-x` (guitar, score 0.300)\n", 0.52, 8},
	}
	ix := testIndex(t)
	for _, tt := range tests {
		t.Run(tt.message, func(t *testing.T) {
			r := Agent{Index: ix}.Process(tt.message)
			if r.Text != tt.text {
				t.Errorf("text\n%s\nwant\n%s", r.Text, tt.text)
			}
			if r.Confidence != tt.confidence || r.DiagramCount != tt.diagrams {
				t.Errorf("confidence %v, diagrams %d; want %v, %d", r.Confidence, r.DiagramCount, tt.confidence, tt.diagrams)
			}
		})
	}
}

func TestProcessModeAndFallback(t *testing.T) {
	r := Agent{Index: testIndex(t)}.Process("F# Lydian shapes")
	first, _, _ := strings.Cut(r.Text, "\n")
	if first != "Found 10 voicings matching mode F# Lydian:" {
		t.Errorf("first line %q", first)
	}
	if r.Confidence != 0.61 || r.DiagramCount != 10 {
		t.Errorf("confidence %v, diagrams %d", r.Confidence, r.DiagramCount)
	}
	r = Agent{Index: testIndex(t)}.Process("Bbmaj7 rootless drop 3 grips on guitar")
	first, _, _ = strings.Cut(r.Text, "\n")
	if first != "Found 8 voicings matching chord Bbmaj7 + tags [rootless, drop3]:" {
		t.Errorf("first line %q", first)
	}
}

func TestProcessNoMatches(t *testing.T) {
	empty, err := LoadIndex([]byte(`{"voicings":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, ix := range []*Index{empty, nil} {
		r := Agent{Index: ix}.Process("Show me Cmaj7 voicings")
		if r.Text != NoMatchesText || r.Confidence != 0.3 || r.DiagramCount != 0 {
			t.Errorf("got %+v", r)
		}
	}
	r := Agent{Index: testIndex(t), NewLine: "\r\n"}.Process("voicings on banjo please")
	if r.Text != NoIntentText {
		t.Errorf("unknown instrument: got %q", r.Text)
	}
}

func TestConfidenceClampAndUnknown(t *testing.T) {
	ix, err := LoadIndex([]byte(`{"voicings":[
		{"id":"a","instrument":"guitar","diagram":"x-x-0-2-3-x","score":1.7},
		{"id":"b","diagram":"x-x-0-2-3-x","quality":"","score":-0.0625}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r := Agent{Index: ix}.Process("Cmaj7 voicings")
	want := "Found 2 voicings matching chord Cmaj7:\n\n" +
		"- **Unknown** `x-x-0-2-3-x` (guitar, score 1.700)\n" +
		"- **Voicing** `x-x-0-2-3-x` (guitar, score -0.063)\n"
	// Neither quality contains "maj7", so the geometric fallback lists both.
	if r.Text != want {
		t.Errorf("text\n%s\nwant\n%s", r.Text, want)
	}
	if r.Confidence != 1 {
		t.Errorf("confidence %v, want 1", r.Confidence)
	}
	// A missing quality never passes a chord filter, not even the empty
	// fragment of "C", which the empty quality passes.
	if got := ids(ix.Search(Filter{ChordName: "C"})); !reflect.DeepEqual(got, []string{"b"}) {
		t.Errorf("Search C = %v, want [b]", got)
	}
	r = Agent{Index: ix}.Process("guitar voicings")
	if !strings.HasPrefix(r.Text, "Found 1 voicing matching your query:") {
		t.Errorf("guitar slice: %q", r.Text)
	}
	neg, _ := LoadIndex([]byte(`{"voicings":[{"id":"n","diagram":"3-x-x-x-x-x","quality":"G","score":-2}]}`))
	if r := (Agent{Index: neg}).Process("G shapes"); r.Confidence != 0 {
		t.Errorf("negative score confidence %v, want 0", r.Confidence)
	}
}

func TestSearch(t *testing.T) {
	ix := testIndex(t)
	tests := []struct {
		name string
		f    Filter
		want []string
	}{
		{"lesson", Filter{ChordName: "Cmaj7"}, []string{"guitar-cmaj7-a-string", "guitar-cmaj7-open"}},
		{"a maj7 over E passes Emaj7: the quality is not compared as a chord", Filter{ChordName: "Emaj7"}, []string{"guitar-cmaj7-e-bass"}},
		{"no maj7 rooted on F", Filter{ChordName: "Fmaj7"}, []string{}},
		{"root and fragment", Filter{ChordName: "Am7"}, []string{"bass-am7-shell", "guitar-am7-open", "guitar-am7-barre5"}},
		{"quality is case-insensitive", Filter{ChordName: "AM7"}, []string{"bass-am7-shell", "guitar-am7-open", "guitar-am7-barre5"}},
		{"instrument slice", Filter{Instrument: "Guitar", ChordName: "Am7"}, []string{"guitar-am7-open", "guitar-am7-barre5"}},
		{"unknown instrument searches all", Filter{Instrument: "banjo", ChordName: "Am7"}, []string{"bass-am7-shell", "guitar-am7-open", "guitar-am7-barre5"}},
		{"empty fragment matches every quality", Filter{ChordName: "C"}, []string{"guitar-cmaj7-a-string", "guitar-cmaj7-open", "ukulele-c-open", "guitar-c-open"}},
		{"limit", Filter{Limit: 3}, []string{"bass-am7-shell", "guitar-am7-open", "guitar-am7-barre5"}},
		{"ties keep index order", Filter{Instrument: "guitar", Limit: 2}, []string{"guitar-am7-open", "guitar-am7-barre5"}},
		{"unparseable chord", Filter{ChordName: "H7"}, []string{}},
		{"default limit", Filter{}, []string{"bass-am7-shell", "guitar-am7-open", "guitar-am7-barre5", "guitar-g7-open", "guitar-dm7-open", "guitar-cmaj7-e-bass", "guitar-cmaj7-a-string", "guitar-cmaj7-open", "ukulele-c-open", "guitar-c-open"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ids(ix.Search(tt.f)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Search(%+v) = %v, want %v", tt.f, got, tt.want)
			}
		})
	}
}

// bigIndex builds n guitar voicings with falling scores; entry i is a C major
// triad rooted on C when i is a multiple of every, else an A minor one.
func bigIndex(t *testing.T, n, every int) *Index {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"voicings":[`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		diagram, quality := "0-1-0-2-0-x", "Am"
		if i%every == 0 {
			diagram, quality = "0-1-0-2-3-x", "C"
		}
		b.WriteString(`{"id":"v` + itoa(i) + `","instrument":"guitar","diagram":"` + diagram + `","quality":"` + quality + `","score":` + FormatFixed(1-float64(i)/1000, 3) + `}`)
	}
	b.WriteString(`]}`)
	ix, err := LoadIndex([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func itoa(i int) string { return FormatFixed(float64(i), 0) }

func TestSearchLimitsAndCandidatePool(t *testing.T) {
	ix := bigIndex(t, 300, 1)
	for _, tt := range []struct{ limit, want int }{{0, 10}, {-1, 10}, {7, 7}, {50, 50}, {80, 50}} {
		if got := len(ix.Search(Filter{Limit: tt.limit})); got != tt.want {
			t.Errorf("limit %d: %d results, want %d", tt.limit, got, tt.want)
		}
	}
	// Only the top max(limit*10, 100) candidates are filtered: with a C
	// triad every 60th entry, two of the 100 candidates qualify, and four of
	// the 200 when the limit is 20; v240 is never reached.
	ix = bigIndex(t, 300, 60)
	if got := ids(ix.Search(Filter{ChordName: "C"})); !reflect.DeepEqual(got, []string{"v0", "v60"}) {
		t.Errorf("limit 10: %v, want [v0 v60]", got)
	}
	if got := ids(ix.Search(Filter{ChordName: "C", Limit: 20})); !reflect.DeepEqual(got, []string{"v0", "v60", "v120", "v180"}) {
		t.Errorf("limit 20: %v", got)
	}
}

func TestLoadIndexErrors(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"json", `{"voicings":[`, "voicing: load index:"},
		{"strings", `{"voicings":[{"id":"a","diagram":"1-2-3","score":1}]}`, `diagram "1-2-3" has 3 strings, guitar has 6`},
		{"bass strings", `{"voicings":[{"id":"a","instrument":"bass","diagram":"1-2-3-4-5-6","score":1}]}`, "bass has 4"},
		{"fret", `{"voicings":[{"id":"a","diagram":"1-2-3-4-5-q","score":1}]}`, `bad fret "q"`},
		{"muted", `{"voicings":[{"id":"a","diagram":"x-x-X-x-x-x","score":1}]}`, "no sounding string"},
		{"score", `{"voicings":[{"id":"a","diagram":"1-2-3-4-5-6"}]}`, "no score"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadIndex([]byte(tt.data))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestOpenIndex(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index.json")
	if err := os.WriteFile(path, []byte(`{"voicings":[{"id":"a","diagram":"3-0-x-2-3-x","quality":"Cmaj7","score":0.5}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	ix, err := OpenIndex(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(ix.Search(Filter{ChordName: "Cmaj7"})); !reflect.DeepEqual(got, []string{"a"}) {
		t.Errorf("got %v", got)
	}
	if _, err := OpenIndex(filepath.Join(t.TempDir(), "missing.json")); err == nil || !strings.HasPrefix(err.Error(), "voicing: open index:") {
		t.Errorf("missing file: %v", err)
	}
}

func TestLowestNote(t *testing.T) {
	tests := []struct {
		diagram, instrument string
		want                int
	}{
		{"3-0-x-2-3-x", "guitar", 48},  // C3 on the A string
		{"3-0-0-2-3-x", "", 48},        // no instrument reads as guitar
		{"0-0-0-2-3-0", "guitar", 40},  // open low E
		{"x-x-x-x-x-12", "guitar", 52}, // two-digit fret
		{"5-5-x-5", "bass", 33},        // A1
		{"3-0-0-0", "ukulele", 60},     // re-entrant G: the C string is lowest
	}
	for _, tt := range tests {
		got, err := lowestNote(tt.diagram, tt.instrument)
		if err != nil || got != tt.want {
			t.Errorf("lowestNote(%q, %q) = %d, %v; want %d", tt.diagram, tt.instrument, got, err, tt.want)
		}
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
