package wire

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"course/internal/dotnet"
	"course/stream/sse"
)

// improvisation is the improvisation skill's answer to "which arpeggio fits Am F C G" (LF).
const improvisation = "Over **Am – F – C – G**, for each chord:\n" +
	"\n" +
	"- **Am** → arpeggio **Am**, play **A Aeolian (natural minor)** (diatonic minor — fits most i chords).\n" +
	"- **F** → arpeggio **F**, play **F Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).\n" +
	"- **C** → arpeggio **C**, play **C Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).\n" +
	"- **G** → arpeggio **G**, play **G Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).\n" +
	"\n" +
	"Each arpeggio spells the chord tones; the scale adds the passing notes for lines between them.\n"

// errorStream is the whole stream of a failed answer.
const errorStream = "data: {\"error\":\"Failed to process message. Please try again.\"}\n\n"

func TestImprovisationAnswer(t *testing.T) {
	if n := utf8.RuneCountInString(improvisation); n != 558 {
		t.Errorf("answer has %d characters, want 558", n)
	}
	if n := strings.Count(improvisation, "\n"); n != 8 {
		t.Errorf("answer has %d line breaks, want 8", n)
	}
}

func TestSplittersOnImprovisation(t *testing.T) {
	pinned := []string{
		"Over **Am – F – C – G**, for each chord:\n\n- **Am** → arpeggio **Am**, play **A Aeolian (natural minor)** (diatonic minor — fits most i chords).",
		"- **F** → arpeggio **F**, play **F Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).",
		"- **C** → arpeggio **C**, play **C Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).",
		"- **G** → arpeggio **G**, play **G Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).",
		"Each arpeggio spells the chord tones; the scale adds the passing notes for lines between them.",
	}
	after743 := []string{
		"Over **Am – F – C – G**, for each chord:\n\n- **Am** → arpeggio **Am**, play **A Aeolian (natural minor)** (diatonic minor — fits most i chords).\n",
		"- **F** → arpeggio **F**, play **F Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).\n",
		"- **C** → arpeggio **C**, play **C Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).\n",
		"- **G** → arpeggio **G**, play **G Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).\n\n",
		"Each arpeggio spells the chord tones; the scale adds the passing notes for lines between them.\n",
	}
	got := SplitPinned(improvisation)
	if !slices.Equal(got, pinned) {
		t.Errorf("SplitPinned = %q\nwant %q", got, pinned)
	}
	joined := strings.Join(got, "")
	if n := utf8.RuneCountInString(joined); n != 552 {
		t.Errorf("pinned chunks joined have %d characters, want 552", n)
	}
	if c := Compare(improvisation, joined).String(); c != "6 line breaks missing" {
		t.Errorf("pinned chunks joined: %q, want %q", c, "6 line breaks missing")
	}
	got = Split743(improvisation)
	if !slices.Equal(got, after743) {
		t.Errorf("Split743 = %q\nwant %q", got, after743)
	}
	if c := Compare(improvisation, strings.Join(got, "")); !c.Exact() {
		t.Errorf("#743 chunks joined: %q, want exact", c)
	}
}

// cell is what the lesson's table prints for one writer, reader and chunk list.
func cell(w Writer, r Reader, chunks []string) string {
	got, err := r.Read(w.Stream(chunks))
	if err != nil {
		return "(throws) " + err.Error()
	}
	return Compare(improvisation, got).String()
}

func TestWriterReaderTable(t *testing.T) {
	want := []string{
		"GaChatbot.Api  HTML standard          6 line breaks missing                        exact",
		"GaChatbot.Api  GaChatbot page         6 line breaks missing                        exact",
		"GaChatbot.Api  ga-client chatService  1 of 6 lines missing, 8 line breaks missing  1 of 6 lines missing, 8 line breaks missing",
		"GaApi          HTML standard          1 of 6 lines missing, 8 line breaks missing  1 of 6 lines missing, 8 line breaks missing",
		"GaApi          GaChatbot page         1 of 6 lines missing, 8 line breaks missing  1 of 6 lines missing, 8 line breaks missing",
		"GaApi          ga-client chatService  1 of 6 lines missing, 8 line breaks missing  1 of 6 lines missing, 8 line breaks missing",
	}
	pinned, after := SplitPinned(improvisation), Split743(improvisation)
	var got []string
	for _, w := range GaWriters() {
		for _, r := range GaReaders() {
			got = append(got, fmt.Sprintf("%-13s  %-21s  %-43s  %s", w.Name, r.Name, cell(w, r, pinned), cell(w, r, after)))
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("table:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestReadersOnErrorStream(t *testing.T) {
	want := map[string]string{
		"HTML standard":         `{"error":"Failed to process message. Please try again."}`,
		"GaChatbot page":        `{"error":"Failed to process message. Please try again."}`,
		"ga-client chatService": "(throws) Failed to process message. Please try again.",
	}
	for _, r := range GaReaders() {
		got, err := r.Read([]byte(errorStream))
		if err != nil {
			got = "(throws) " + err.Error()
		}
		if got != want[r.Name] {
			t.Errorf("%s: %q, want %q", r.Name, got, want[r.Name])
		}
	}
}

// randomText builds a text from pieces that exercise the splitter and the framing: sentence ends,
// runs of spaces, line breaks and blank lines, Unicode spaces, non-ASCII, and SSE syntax.
func randomText(rng *rand.Rand) string {
	pieces := []string{
		"word", "Am", " ", "  ", ".", "!", "?", ". ", "? ", "!\n", ".\n\n", "\n", "\n\n", "\n\n\n",
		"\t", "é", "–", "→", "♯", "😀", "\u00a0", "\u2028", "\u3000", "\u0085", "\ufeff", "\x00",
		"data: ", ":", ": comment", "id: 7", "{\"k\":1}", "[DONE]", "- **x**", "```", "0.369",
	}
	var b strings.Builder
	for range rng.IntN(40) {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// untilDone is what a reader can give back from chunks: everything before a chunk that is
// exactly the end marker.
func untilDone(chunks []string) string {
	if i := slices.Index(chunks, Done); i >= 0 {
		chunks = chunks[:i]
	}
	return strings.Join(chunks, "")
}

func TestGaChatbotWriterRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 743))
	w := GaChatbot
	for i := range 5000 {
		text := randomText(rng)
		chunks := Split743(text)
		want := untilDone(chunks)
		if !slices.Contains(chunks, Done) && !dotnet.IsNullOrWhiteSpace(text) && want != text {
			t.Fatalf("Split743(%q) chunks do not join back: %q", text, chunks)
		}
		stream := w.Stream(chunks)
		got, err := ReadStandard(stream)
		if err != nil || got != want {
			t.Fatalf("case %d: text %q\nstandard reader got %q, %v\nwant %q", i, text, got, err, want)
		}
		// The page agrees unless a chunk reads as a routing event, which it consumes.
		if slices.ContainsFunc(chunks, func(c string) bool { return Kind(c) == "routing" }) {
			continue
		}
		if got, _ := ReadGaChatbotPage(stream); got != want {
			t.Fatalf("case %d: text %q\npage got %q\nwant %q", i, text, got, want)
		}
	}
}

func TestDoneChunkEndsEveryReader(t *testing.T) {
	const text = "All done. [DONE]"
	chunks := Split743(text)
	if want := []string{"All done. ", Done}; !slices.Equal(chunks, want) {
		t.Fatalf("Split743(%q) = %q, want %q", text, chunks, want)
	}
	want := map[string]string{
		"HTML standard":         "All done. ",
		"GaChatbot page":        "All done. ",
		"ga-client chatService": "All done.",
	}
	for _, w := range GaWriters() {
		for _, r := range GaReaders() {
			got, err := r.Read(w.Stream(chunks))
			if err != nil || got != want[r.Name] {
				t.Errorf("%s → %s: %q, %v; want %q", w.Name, r.Name, got, err, want[r.Name])
			}
		}
	}
}

type readerCase struct {
	name   string
	stream string
	want   string
	err    string // the thrown message; "" when the reader returns
}

func runReaderCases(t *testing.T, read func([]byte) (string, error), cases []readerCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := read([]byte(tc.stream))
			switch {
			case tc.err != "" && err == nil:
				t.Fatalf("got %q, want it to throw %q", got, tc.err)
			case tc.err != "" && tc.err != "*" && err.Error() != tc.err:
				t.Fatalf("threw %q, want %q", err, tc.err)
			case tc.err == "" && err != nil:
				t.Fatalf("threw %v, want %q", err, tc.want)
			case tc.err == "" && got != tc.want:
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestReadStandardEdges(t *testing.T) {
	runReaderCases(t, ReadStandard, []readerCase{
		{"CRLF lines", "data: a\r\n\r\ndata: b\r\n\r\ndata: [DONE]\r\n\r\n", "ab", ""},
		{"CR lines", "data: a\r\rdata: b\r\r", "ab", ""},
		{"data without space", "data:x\n\n", "x", ""},
		{"only one space dropped", "data:  x\n\n", " x", ""},
		{"comment", ": keep-alive\ndata: x\n\n", "x", ""},
		{"multiple data lines", "data: a\ndata: \ndata: b\n\n", "a\n\nb", ""},
		{"line with no colon is a field", "data: a\nb\n\n", "a", ""},
		{"other fields", "event: msg\nid: 1\nretry: 5\ndata: x\n\n", "x", ""},
		{"remainder without blank line", "data: a\n\ndata: b", "a", ""},
		{"done ends the read", "data: a\n\ndata: [DONE]\n\ndata: b\n\n", "a", ""},
		{"routing event is data", "data: {\"type\":\"routing\"}\n\ndata: Hi\n\n", "{\"type\":\"routing\"}Hi", ""},
		{"empty stream", "", "", ""},
	})
}

func TestReadStandardLimit(t *testing.T) {
	stream := "data: " + strings.Repeat("a", sse.DefaultLimit+1) + "\n\n"
	_, err := ReadStandard([]byte(stream))
	if le := (*sse.LimitError)(nil); !errors.As(err, &le) {
		t.Errorf("a line over the limit gave %v, want a *sse.LimitError", err)
	}
}

func TestReadGaChatbotPageEdges(t *testing.T) {
	runReaderCases(t, ReadGaChatbotPage, []readerCase{
		{"CRLF stream has no event", "data: a\r\n\r\ndata: [DONE]\r\n\r\n", "", ""},
		{"CR kept before LF", "data: a\r\n\n", "a\r", ""},
		{"data without space is dropped", "data:x\n\ndata: y\n\n", "y", ""},
		{"two spaces keep one", "data:  x\n\n", " x", ""},
		{"comment", ": keep-alive\ndata: x\n\n", "x", ""},
		{"multiple data lines", "data: a\ndata: \ndata: b\n\n", "a\n\nb", ""},
		{"remainder without blank line", "data: a\n\ndata: b", "a", ""},
		{"done ends the read", "data: a\n\ndata: [DONE]\n\ndata: b\n\n", "a", ""},
		{"routing consumed", "data: {\"type\":\"routing\",\"agentId\":\"voicing\"}\n\ndata: Hi\n\ndata: [DONE]\n\n", "Hi", ""},
		{"second routing is text", "data: {\"type\":\"routing\"}\n\ndata: {\"type\":\"routing\"}\n\n", "{\"type\":\"routing\"}", ""},
		{"other type is text", "data: {\"type\":\"other\"}\n\n", "{\"type\":\"other\"}", ""},
		{"parse failure is text", "data: {\"type\": oops\n\n", "{\"type\": oops", ""},
		{"error object is text", errorStream, "{\"error\":\"Failed to process message. Please try again.\"}", ""},
		{"chunks joined without separator", "data: a.\n\ndata: b.\n\n", "a.b.", ""},
		{"BOM at stream start", "\ufeffdata: x\n\n", "x", ""},
	})
}

func TestReadChatServiceEdges(t *testing.T) {
	runReaderCases(t, ReadChatService, []readerCase{
		{"CRLF stream is all remainder", "data: a\r\n\r\ndata: [DONE]\r\n\r\n", "data: a\r\n\r\ndata: [DONE]", ""},
		{"data without space", "data:x\n\n", "x", ""},
		{"comment", ": keep-alive\ndata: x\n\n", "x", ""},
		{"only the first data line", "event: m\ndata: first\ndata: second\n\n", "first", ""},
		{"remainder appended raw", "data: a\n\ndata: b", "adata: b", ""},
		{"remainder trimmed", "data: a\n\n  data: [DONE]\n", "adata: [DONE]", ""},
		{"payload trimmed", "data:   - indented  \n\n", "- indented", ""},
		{"JS trim strips NBSP, BOM, U+2028", "data: \u00a0\ufeffx\u2028\u3000\n\n", "x", ""},
		{"JS trim keeps NEL", "data: x\u0085\n\n", "x\u0085", ""},
		{"empty payload skipped", "data:\n\ndata: x\n\n", "x", ""},
		{"done continues the buffer", "data: a\n\ndata: [DONE]\n\ndata: b\n\n", "ab", ""},
		{"error after done still throws", "data: [DONE]\n\ndata: {\"error\":\"late\"}\n\n", "", "late"},
		{"routing skipped", "data: {\"type\":\"routing\"}\n\ndata: Hi\n\n", "Hi", ""},
		{"error throws its message", errorStream, "", "Failed to process message. Please try again."},
		{"parse error rethrown", "data: {oops\n\n", "", "*"},
		{"falsy errors skipped", "data: {\"error\":\"\"}\n\ndata: {\"error\":0}\n\ndata: {\"error\":null}\n\ndata: {\"error\":false}\n\ndata: ok\n\n", "ok", ""},
		{"number error", "data: {\"error\":404}\n\n", "", "404"},
		{"big number error", "data: {\"error\":1e21}\n\n", "", "1e+21"},
		{"overflowing number error", "data: {\"error\":1e999}\n\n", "", "Infinity"},
		{"true error", "data: {\"error\":true}\n\n", "", "true"},
		{"object error", "data: {\"error\":{\"code\":1}}\n\n", "", "[object Object]"},
		{"array error", "data: {\"error\":[\"a\",null,1.5,[2,3]]}\n\n", "", "a,,1.5,2,3"},
		{"escaped error", "data: {\"error\":\"caf\\u00e9 \\\"x\\\"\"}\n\n", "", "café \"x\""},
		{"unfinished UTF-8 at the end is held back", "data: a\n\n\xf0\x9f\x98", "a", ""},
		{"ill-formed UTF-8 is replaced", "data: \xffa\n\nb\xe2\x82\xe2", "\ufffdab\ufffd", ""},
		{"BOM at stream start", "\ufeffdata: x\n\n", "x", ""},
		{"last duplicate key wins", "data: {\"error\":\"a\",\"error\":\"\"}\n\ndata: ok\n\n", "ok", ""},
	})
}

func TestJSNumber(t *testing.T) {
	tests := []struct {
		f    float64
		want string
	}{
		{1, "1"}, {-2.5, "-2.5"}, {0.1, "0.1"}, {404, "404"}, {1e20, "100000000000000000000"},
		{1e21, "1e+21"}, {1.5e300, "1.5e+300"}, {1e-6, "0.000001"}, {1e-7, "1e-7"},
		{1.2345e-10, "1.2345e-10"}, {123456789012345680000, "123456789012345680000"}, {0.000123, "0.000123"},
	}
	for _, tt := range tests {
		if got := jsNumber(tt.f); got != tt.want {
			t.Errorf("jsNumber(%v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}

func TestKind(t *testing.T) {
	tests := []struct{ data, want string }{
		{"[DONE]", "[DONE]"},
		{" [DONE]", "text"},
		{`{"type":"routing","agentId":"voicing","confidence":0.92}`, "routing"},
		{`{"type":"rout\u0069ng"}`, "routing"},
		{`{"error":"Failed to process message. Please try again."}`, "error"},
		{`{"error":null}`, "error"},
		{`{"type":"routing","error":"x"}`, "routing"},
		{`{"type":"other"}`, "text"},
		{`{"type":1}`, "text"},
		{`{"type":"routing"`, "text"},
		{"Found 2 voicings matching chord Cmaj7:\n", "text"},
		{"", "text"},
	}
	for _, tt := range tests {
		if got := Kind(tt.data); got != tt.want {
			t.Errorf("Kind(%q) = %q, want %q", tt.data, got, tt.want)
		}
	}
}

func TestCompare(t *testing.T) {
	tests := []struct{ name, answer, got, want string }{
		{"exact", "a\nb\n", "a\nb\n", "exact"},
		{"line breaks", "a.\nb.\n\nc.\n", "a.b.c.", "4 line breaks missing"},
		{"line lost", "one\n\ntwo\nthree\n", "one\n\nthree\n", "1 of 3 lines missing, 1 line breaks missing"},
		{"line lost, breaks kept", "one\ntwo\n", "one\nxyz\n", "1 of 2 lines missing"},
		{"indentation ignored", "  - item\n", "- item\n", "differs"},
		{"more line breaks", "a b", "a\nb", "1 of 1 lines missing"},
		{"differs", "ab", "ab ", "differs"},
		{"blank lines not counted", "\n \nx\n", "x", "3 line breaks missing"},
		{"nothing received", "x\ny", "", "2 of 2 lines missing, 1 line breaks missing"},
	}
	for _, tt := range tests {
		if got := Compare(tt.answer, tt.got).String(); got != tt.want {
			t.Errorf("%s: Compare(%q, %q) = %q, want %q", tt.name, tt.answer, tt.got, got, tt.want)
		}
	}
}

// TestCompareCountsOnALineDiff checks each count of the measure on the cases a count of texts
// and of line feeds gets wrong: a repeated line dropped, lines swapped, run together or cut.
func TestCompareCountsOnALineDiff(t *testing.T) {
	tests := []struct {
		name, answer, got string
		want              Measure
		text              string
	}{
		{"one of two identical lines dropped", "```\nx\n```\n", "```\nx\n",
			Measure{Lines: 3, Missing: 1, Breaks: 1}, "1 of 3 lines missing, 1 line breaks missing"},
		{"one fence of a diagram dropped", "```vextab\nx\n```\n```vextab\ny\n```\n", "```vextab\nx\n```vextab\ny\n```\n",
			Measure{Lines: 6, Missing: 1, Breaks: 1}, "1 of 6 lines missing, 1 line breaks missing"},
		{"one of three repeated lines dropped", "a\na\na\n", "a\na\n",
			Measure{Lines: 3, Missing: 1, Breaks: 1}, "1 of 3 lines missing, 1 line breaks missing"},
		{"two lines swapped", "a\nb\nc\n", "b\na\nc\n",
			Measure{Lines: 3, Moved: 1}, "1 of 3 lines moved"},
		{"a line moved to the end", "a\nb\nc\n", "b\nc\na\n",
			Measure{Lines: 3, Moved: 1}, "1 of 3 lines moved"},
		{"two lines merged", "one\ntwo\n", "onetwo\n",
			Measure{Lines: 2, Breaks: 1}, "1 line breaks missing"},
		{"a break turned into a space and a blank line added", "one\ntwo\n", "one two\n\n",
			Measure{Lines: 2, Breaks: 1, ExtraBreaks: 1}, "1 line breaks missing"},
		{"a line split in two", "one two\n", "one\ntwo\n",
			Measure{Lines: 1, Missing: 1, ExtraBreaks: 1, Extra: 0}, "1 of 1 lines missing"},
		{"a blank line added", "a\nb\n", "a\n\nb\n",
			Measure{Lines: 2, ExtraBreaks: 1}, "differs"},
		{"a line added", "a\nb\n", "a\nb\nzzz\n",
			Measure{Lines: 2, ExtraBreaks: 1, Extra: 1}, "differs"},
		{"the last line, with no line feed, moved to the front", "a\nb\nc", "c\na\nb\n",
			Measure{Lines: 3, Moved: 1, ExtraBreaks: 1}, "1 of 3 lines moved"},
		{"a line replaced", "a\nb\n", "a\nzzz\n",
			Measure{Lines: 2, Missing: 1, Extra: 1}, "1 of 2 lines missing"},
	}
	for _, tt := range tests {
		got := Compare(tt.answer, tt.got)
		if got.Exact() || got.Lines != tt.want.Lines || got.Missing != tt.want.Missing || got.Moved != tt.want.Moved ||
			got.Breaks != tt.want.Breaks || got.ExtraBreaks != tt.want.ExtraBreaks || got.Extra != tt.want.Extra {
			t.Errorf("%s: Compare(%q, %q) = %#v, want %#v", tt.name, tt.answer, tt.got, got, tt.want)
		}
		if got.String() != tt.text {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.text)
		}
	}
}

func FuzzReaders(f *testing.F) {
	f.Add([]byte(errorStream))
	f.Add(GaChatbot.Stream(SplitPinned(improvisation)))
	f.Add(GaApi.Stream(Split743(improvisation)))
	f.Add([]byte("data: {\"type\":\"routing\"}\r\n\r\ndata:x\ndata: y\n\n: c\ndata: {\"error\":[1e999,{}]}\n\ndata: [DONE]"))
	f.Add([]byte("\xef\xbb\xbfdata: \xff\xfe\n\ndata: {\"error\":\n\n\xe2\x82"))
	f.Fuzz(func(t *testing.T, stream []byte) {
		for _, r := range GaReaders() {
			got, err := r.Read(stream)
			if err == nil && !utf8.ValidString(got) {
				t.Errorf("%s gave invalid UTF-8 %q", r.Name, got)
			}
		}
	})
}

func BenchmarkReaders(b *testing.B) {
	stream := GaChatbot.Stream(Split743(strings.Repeat(improvisation, 100)))
	for _, r := range GaReaders() {
		b.Run(r.Name, func(b *testing.B) {
			b.SetBytes(int64(len(stream)))
			for b.Loop() {
				if _, err := r.Read(stream); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// FuzzCompare checks the measure's counts on any pair of texts: none below zero, no more lines
// missing or moved than the answer has, and exact only for equal texts.
func FuzzCompare(f *testing.F) {
	f.Add(improvisation, strings.ReplaceAll(improvisation, "\n", ""))
	f.Add("```\nx\n```\n", "```\nx\n")
	f.Add("a\nb\nc", "c\na\nb\n")
	f.Add("one\ntwo\n", "one two\n\n")
	f.Fuzz(func(t *testing.T, answer, got string) {
		m := Compare(answer, got)
		if m.Exact() != (answer == got) {
			t.Fatalf("Exact() = %v for %q, %q", m.Exact(), answer, got)
		}
		if m.Missing < 0 || m.Moved < 0 || m.Breaks < 0 || m.ExtraBreaks < 0 || m.Extra < 0 || m.Missing+m.Moved > m.Lines {
			t.Fatalf("Compare(%q, %q) = %#v", answer, got, m)
		}
		if m.Breaks > strings.Count(answer, "\n") || m.ExtraBreaks > strings.Count(got, "\n") {
			t.Fatalf("Compare(%q, %q) counts more breaks than there are: %#v", answer, got, m)
		}
	})
}
