package tools

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"course/exercises/l6/check"
	"course/ga/skills"
	"course/internal/report"
	"course/internal/testutil"
	"course/stream/wire"
)

// runCourseIn runs the course's command line with stdin as standard input.
func runCourseIn(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := toolsRoot()
	root.SetIn(strings.NewReader(stdin))
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.ExecuteContext(t.Context())
	return out.String(), err
}

// gridCells reads the grid under title back into what each cell says, by writer and reader key,
// through the legend that follows it.
func gridCells(t *testing.T, out, title string) map[[2]string]string {
	t.Helper()
	_, grid, _ := strings.Cut(testutil.Section(t, out, title), "\n") // the rest of the title line
	legend := map[string]string{}
	code := ""
	for l := range strings.SplitSeq(strings.TrimSuffix(testutil.Section(t, out[strings.Index(out, title):], "== What the codes mean"), "\n"), "\n") {
		if l == "" {
			continue
		}
		if strings.HasPrefix(l, " ") {
			legend[code] += strings.TrimLeft(l, " ")
			continue
		}
		c, meaning, _ := strings.Cut(l, " ")
		code = c
		legend[code] = strings.TrimLeft(meaning, " ")
	}
	for c, m := range legend {
		legend[c] = strings.ReplaceAll(m, report.Continuation, "")
		for _, fc := range fixedCodes {
			if c == fc.code && m == fc.meaning {
				legend[c] = fc.cell // the cell the code stands for, without the explanation
			}
		}
	}
	cells := map[[2]string]string{}
	var readers []string
	for l := range strings.SplitSeq(strings.TrimSpace(grid), "\n") {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		if f[0] == "writer" {
			readers = f[1:]
			continue
		}
		for i, c := range f[1:] {
			meaning, ok := legend[c]
			if !ok {
				t.Fatalf("code %q has no legend in:\n%s", c, out)
			}
			cells[[2]string{f[0], readers[i]}] = meaning
		}
	}
	return cells
}

func TestMatrixFlags(t *testing.T) {
	tests := []struct {
		args []string
		want MatrixOptions
	}{
		{nil, MatrixOptions{Split: "743"}},
		{[]string{"--writers", "gaapi,foundry", "--readers", "standard", "--split", "pinned", "--crlf", "--text", "-"},
			MatrixOptions{Writers: []string{"gaapi", "foundry"}, Readers: []string{"standard"}, Split: "pinned", CRLF: true, TextFile: "-"}},
		{[]string{"--hazards", "--json"}, MatrixOptions{Split: "743", Hazards: true, JSON: true}},
		{[]string{"--error", "--split", "none"}, MatrixOptions{Split: "none", Error: true}},
	}
	for _, tt := range tests {
		var got *MatrixOptions
		cmd := NewCmdMatrix(func(_ context.Context, o *MatrixOptions) error { got = o; return nil })
		cmd.SetArgs(tt.args)
		cmd.SetOut(&bytes.Buffer{})
		if err := cmd.Execute(); err != nil {
			t.Fatalf("%q: %v", tt.args, err)
		}
		got.Out, got.In = nil, nil
		if !slices.Equal(got.Writers, tt.want.Writers) || !slices.Equal(got.Readers, tt.want.Readers) ||
			got.Split != tt.want.Split || got.CRLF != tt.want.CRLF || got.Error != tt.want.Error ||
			got.Hazards != tt.want.Hazards || got.TextFile != tt.want.TextFile || got.JSON != tt.want.JSON {
			t.Errorf("%q: options %+v, want %+v", tt.args, *got, tt.want)
		}
	}
}

func TestMatrixBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"matrix", "--writers", "nope"}, `unknown writer "nope"; the writers are gachatbot, gaapi,`},
		{[]string{"matrix", "--readers", "standard,nope"}, `unknown reader "nope"; the readers are standard, onmessage, page,`},
		{[]string{"matrix", "--split", "words"}, `--split "words": use 743, pinned or none`},
		{[]string{"matrix", "--error", "--hazards"}, "none of the others can be"},
		{[]string{"matrix", "--text", filepath.Join(t.TempDir(), "missing.txt")}, "read the text"},
		{[]string{"matrix", "extra"}, "unknown command"},
	}
	for _, tt := range tests {
		_, err := runCourse(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want an error containing %q", tt.args, err, tt.want)
		}
	}
}

// TestMatrixGridIsTheReaders reads every cell of the grid back through its legend and checks it
// against what the reader gives on the writer's stream, so the codes cannot point at the wrong
// outcome.
func TestMatrixGridIsTheReaders(t *testing.T) {
	for _, crlf := range []bool{false, true} {
		args := []string{"matrix"}
		eol := "\n"
		if crlf {
			args, eol = append(args, "--crlf"), "\r\n"
		}
		out, err := runCourse(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		cells := gridCells(t, out, "== Each writer (down) with each reader (across)")
		text := skills.Improvisation{}.Execute(check.Question).Text
		readers, _ := wire.ReadersByKey(nil)
		if len(cells) != len(wire.Writers)*len(readers) {
			t.Fatalf("%d cells, want %d writers × %d readers", len(cells), len(wire.Writers), len(readers))
		}
		for _, w := range wire.Writers {
			stream := w.Success(wire.Input{Chunks: wire.Split743(text), EOL: eol})
			for _, rd := range readers {
				got, err := rd.ReadFormat(stream, w.Format)
				if want := oneLine(measured(text, got, err)); cells[[2]string{w.Key, rd.Key}] != want {
					t.Errorf("crlf %v, %s with %s: the grid says %q, the reader %q", crlf, w.Key, rd.Key, cells[[2]string{w.Key, rd.Key}], want)
				}
			}
		}
	}
}

// TestMatrixCells checks cells the course's written lessons discuss.
func TestMatrixCells(t *testing.T) {
	out, err := runCourse(t, "matrix", "--writers", "foundry,foundry-skill,gaapi,agui,bit", "--readers", "foundry,agui,openai,onmessage")
	if err != nil {
		t.Fatal(err)
	}
	cells := gridCells(t, out, "== Each writer (down) with each reader (across)")
	for pair, want := range map[[2]string]string{
		{"foundry", "foundry"}:       "exact",
		{"foundry-skill", "foundry"}: "(never completes)",
		{"gaapi", "foundry"}:         "(not its format)",
		{"agui", "agui"}:             "(throws) Cannot send 'RUN_FINISHED' while steps are still active: skill.improvisation",
		{"foundry", "agui"}:          "6 of 6 lines missing, 8 line breaks missing",
		{"bit", "agui"}:              "6 of 6 lines missing, 8 line breaks missing",
		{"foundry", "openai"}:        "6 of 6 lines missing, 8 line breaks missing",
		{"gaapi", "openai"}:          `(throws) SyntaxError: JSON.parse: not JSON: "Over **Am – F – C – G**,"…`,
		{"gaapi", "onmessage"}:       "1 of 6 lines missing, 8 line breaks missing",
	} {
		if cells[pair] != want {
			t.Errorf("%s with %s: %q, want %q", pair[0], pair[1], cells[pair], want)
		}
	}
	if len(cells) != 5*4 {
		t.Errorf("%d cells, want 5 writers × 4 readers", len(cells))
	}
}

func TestMatrixTextFromStdinAndFile(t *testing.T) {
	const text = "Hello.\n\nWorld.\n"
	out, err := runCourseIn(t, text, "matrix", "--text", "-", "--split", "none", "--writers", "gaapi,gaapi746", "--readers", "standard")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"text       standard input\n",
		"size       2 lines of text, 3 line breaks, 15 characters\n",
		"chunks     1, the whole text as one chunk\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	cells := gridCells(t, out, "== Each writer (down) with each reader (across)")
	if cells[[2]string{"gaapi", "standard"}] != "1 of 2 lines missing, 3 line breaks missing" || !strings.HasPrefix(cells[[2]string{"gaapi746", "standard"}], "exact") {
		t.Errorf("cells %q in:\n%s", cells, out)
	}
	path := filepath.Join(t.TempDir(), "answer.md")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = runCourse(t, "matrix", "--text", path, "--writers", "gachatbot", "--readers", "chatapi")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "text       "+path+"\n") || gridCells(t, out, "== Each writer")[[2]string{"gachatbot", "chatapi"}] != "3 line breaks missing" {
		t.Errorf("file text:\n%s", out)
	}
}

func TestMatrixErrorShowsEveryFailureStream(t *testing.T) {
	out, err := runCourse(t, "matrix", "--error", "--crlf", "--writers", "gaapi,sseformatter,foundry-skill,openai", "--readers", "standard,foundry,openai,page")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`  | data: {"error":"Failed to process message. Please try again."}\r` + "\n",
		"  (no bytes: the response is cut off)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	cells := gridCells(t, out, "== What each user sees when answering fails")
	for pair, want := range map[[2]string]string{
		{"gaapi", "standard"}:        `{"error":"Failed to process message. Please try again."}`,
		{"gaapi", "openai"}:          `(throws) "Failed to process message. Please try again."`,
		{"openai", "openai"}:         "(throws) " + wire.OpenAIErrorMessage,
		{"sseformatter", "standard"}: "(nothing)",
		{"foundry-skill", "foundry"}: "(never completes)",
		{"foundry-skill", "page"}:    "(nothing)", // with CRLF the page finds no blank line
	} {
		if cells[pair] != want {
			t.Errorf("%s with %s: %q, want %q", pair[0], pair[1], cells[pair], want)
		}
	}
}

func TestMatrixHazardsShowOnlyFailingPairs(t *testing.T) {
	out, err := runCourse(t, "matrix", "--hazards", "--writers", "foundry,foundry-skill,gaapi", "--readers", "foundry,standard,onmessage,page")
	if err != nil {
		t.Fatal(err)
	}
	done := testutil.Section(t, out, `== Hazard: the conversation id x","type":"done`)
	if !strings.Contains(done, "exact in 3 of the 9 pairs that share a format; the others:\n") ||
		!strings.Contains(done, `foundry-skill  foundry    (never completes) ""`) {
		t.Errorf("injected id section:\n%s", done)
	}
	repeat := testutil.Section(t, out, "== Hazard: a chunk equal to the one before it")
	if !strings.Contains(repeat, `foundry        foundry    "Two lines:\n*Am*\n"`) {
		t.Errorf("repeated chunk section:\n%s", repeat)
	}
	named := testutil.Section(t, out, "== Hazard: a line that names an event")
	if !strings.Contains(named, `gaapi          standard   "Chords to try:"`) || !strings.Contains(named, `gaapi          onmessage  ""`) {
		t.Errorf("named event section:\n%s", named)
	}
}

// TestMatrixJSON reads the --json records back: the text, every writer and reader, and a cell
// per pair whose text is what the reader gives.
func TestMatrixJSON(t *testing.T) {
	out, err := runCourse(t, "matrix", "--json", "--writers", "gachatbot,agui", "--readers", "standard,agui,chatservice")
	if err != nil {
		t.Fatal(err)
	}
	text := skills.Improvisation{}.Execute(check.Question).Text
	kinds := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec map[string]any
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		kinds[rec["record"].(string)]++
		switch rec["record"] {
		case "text":
			if rec["text"] != text || rec["lines"] != 6.0 || len(rec["chunks"].([]any)) != len(wire.Split743(text)) {
				t.Errorf("text record %v", rec)
			}
		case "cell":
			w, _ := wire.WriterByKey(rec["writer"].(string))
			rd, _ := wire.ReaderByKey(rec["reader"].(string))
			got, rerr := rd.ReadFormat(w.Stream(wire.Split743(text)), w.Format)
			if rec["text"] != got || rec["cell"] != measured(text, got, rerr) {
				t.Errorf("cell %s/%s: %v, the reader gives %q, %v", w.Key, rd.Key, rec, got, rerr)
			}
			if m, ok := rec["measure"].(map[string]any); rerr == nil && (!ok || m["exact"] != (got == text)) {
				t.Errorf("cell %s/%s: measure %v", w.Key, rd.Key, rec["measure"])
			}
			if rerr != nil && (rec["outcome"] != "throws" || rec["error"] != rerr.Error()) {
				t.Errorf("cell %s/%s: %v, want the error %v", w.Key, rd.Key, rec, rerr)
			}
		}
	}
	if kinds["text"] != 1 || kinds["writer"] != 2 || kinds["reader"] != 3 || kinds["cell"] != 6 {
		t.Errorf("records %v", kinds)
	}
	hz, err := runCourse(t, "matrix", "--json", "--hazards", "--writers", "gachatbot", "--readers", "standard")
	if err != nil || strings.Count(hz, `"record":"cell"`) != len(hazards) || !strings.Contains(hz, `"hazard":"a text with CR"`) {
		t.Errorf("--json --hazards: %v\n%s", err, hz)
	}
}

// TestMatrixAndWireFitAHundredColumns checks the canonical output of the tools, which have no
// reference to match, against the reading width.
func TestMatrixAndWireFitAHundredColumns(t *testing.T) {
	answer := skills.Improvisation{}.Execute(check.Question).Text
	path := filepath.Join(t.TempDir(), "answer.md")
	if err := os.WriteFile(path, []byte(answer), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := []struct {
		stdin string
		args  []string
	}{
		{"", []string{"matrix"}},
		{"", []string{"matrix", "--crlf"}},
		{"", []string{"matrix", "--error"}},
		{"", []string{"matrix", "--hazards"}},
		{"", []string{"matrix", "--readers", strings.Join(wire.ReaderKeys(), ",")}},
		{"", []string{"matrix", "--error", "--readers", strings.Join(wire.ReaderKeys(), ",")}},
		{answer, []string{"wire", "split"}},
		{answer, []string{"wire", "split", "--split", "none"}},
		{string(wire.GaApi.Stream(wire.Split743(answer))), []string{"wire", "decode", "--reader", "standard", "--answer", path}},
	}
	for _, run := range runs {
		out, err := runCourseIn(t, run.stdin, run.args...)
		if err != nil {
			t.Fatalf("course %s: %v", strings.Join(run.args, " "), err)
		}
		if run.args[0] == "wire" && run.args[1] == "decode" {
			// The decoded text is the user's own, printed as it came; the tool's own lines follow.
			out = out[strings.Index(out, "== Measured"):]
		}
		if wide := testutil.OverWide(out, report.DefaultWidth); len(wide) > 0 {
			t.Errorf("course %s: %d lines over %d columns, the first: %q", strings.Join(run.args, " "), len(wide), report.DefaultWidth, wide[0])
		}
	}
}

// TestMatrixGridWrapsReaderColumns selects every reader: the columns no longer fit one grid, so
// they go on in a second block with the writers repeated.
func TestMatrixGridWrapsReaderColumns(t *testing.T) {
	out, err := runCourse(t, "matrix", "--readers", strings.Join(wire.ReaderKeys(), ","))
	if err != nil {
		t.Fatal(err)
	}
	grid := testutil.Section(t, out, "== Each writer (down) with each reader (across)")
	if n := strings.Count(grid, "\nwriter "); n != 2 {
		t.Errorf("%d header lines, want 2 blocks:\n%s", n, grid)
	}
	if cells := gridCells(t, out, "== Each writer (down)"); len(cells) != len(wire.Writers)*len(wire.Readers) {
		t.Errorf("%d cells, want every pair", len(cells))
	}
}

func TestWireEncodeDecode(t *testing.T) {
	answer := skills.Improvisation{}.Execute(check.Question).Text
	for _, w := range wire.Writers {
		stream, err := runCourseIn(t, answer, "wire", "encode", "--writer", w.Key)
		if err != nil {
			t.Fatalf("encode %s: %v", w.Key, err)
		}
		if want := string(w.Success(wire.Input{Chunks: wire.Split743(answer)})); stream != want {
			t.Errorf("encode %s:\n%q\nwant\n%q", w.Key, stream, want)
		}
		got, err := runCourseIn(t, stream, "wire", "decode", "--reader", "standard", "--format", w.Key)
		wantExact := w.Key != "gaapi" && w.Key != "foundry-skill"
		if wantExact && (err != nil || got != answer) {
			t.Errorf("decode %s with the standard reader: %v, %s", w.Key, err, wire.Compare(answer, got))
		}
	}
}

func TestWireDecodeOutcomes(t *testing.T) {
	failure, err := runCourseIn(t, "", "wire", "encode", "--writer", "gachatbot", "--error")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := runCourseIn(t, failure, "wire", "decode", "--reader", "chatservice"); err == nil ||
		err.Error() != "wire decode: ga-client chatService throws: Failed to process message. Please try again." {
		t.Errorf("chatService on the failure: %v", err)
	}
	skill, err := runCourseIn(t, "Hi.", "wire", "encode", "--writer", "foundry-skill", "--conversation-id", `x","type":"done`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := runCourseIn(t, skill, "wire", "decode", "--reader", "foundry"); err == nil || err.Error() != "wire decode: Foundry processStream: never completes" {
		t.Errorf("Foundry on the injected id: %v", err)
	}
	crlf, err := runCourseIn(t, "Hi.", "wire", "encode", "--writer", "agui", "--crlf")
	if err != nil || !strings.Contains(crlf, "}\r\n\r\n") {
		t.Fatalf("encode --crlf: %q, %v", crlf, err)
	}
	if _, err := runCourseIn(t, crlf, "wire", "decode", "--reader", "aguiframes"); err == nil || !strings.HasSuffix(err.Error(), "not its format") {
		t.Errorf("parseAgUiFrames on CRLF: %v", err)
	}
	for _, args := range [][]string{
		{"wire", "encode"},
		{"wire", "encode", "--writer", "nope"},
		{"wire", "decode", "--reader", "nope"},
		{"wire", "decode", "--reader", "standard", "--format", "nope"},
		{"wire", "decode", "--reader", "standard", "--answer", filepath.Join(t.TempDir(), "missing")},
		{"wire", "split", "--split", "words"},
	} {
		if _, err := runCourseIn(t, "", args...); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

// TestWireDecodeMeasuresAgainstTheAnswer decodes GaApi's stream of the answer and measures it.
func TestWireDecodeMeasuresAgainstTheAnswer(t *testing.T) {
	answer := skills.Improvisation{}.Execute(check.Question).Text
	path := filepath.Join(t.TempDir(), "answer.md")
	if err := os.WriteFile(path, []byte(answer), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		writer, reader, want string
	}{
		{"gaapi", "standard", "1 of 6 lines missing, 8 line breaks missing"},
		{"gachatbot", "standard", "exact"},
		{"gachatbot", "chatapi", "8 line breaks missing"},
		{"agui", "agui", "(throws) Cannot send 'RUN_FINISHED' while steps are still active: skill.improvisation"},
	} {
		w, _ := wire.WriterByKey(tc.writer)
		stream := string(w.Stream(wire.Split743(answer)))
		out, err := runCourseIn(t, stream, "wire", "decode", "--reader", tc.reader, "--format", tc.writer, "--answer", path)
		if (err != nil) != strings.HasPrefix(tc.want, "(throws)") {
			t.Errorf("%s with %s: %v", tc.writer, tc.reader, err)
		}
		if !strings.HasSuffix(out, "== Measured against "+path+"\n"+tc.want+"\n") {
			t.Errorf("%s with %s:\n%s", tc.writer, tc.reader, out)
		}
	}
}

func TestWireSplitPrintsTheChunks(t *testing.T) {
	answer := skills.Improvisation{}.Execute(check.Question).Text
	for _, tc := range []struct {
		split  string
		chunks []string
	}{
		{"743", wire.Split743(answer)},
		{"pinned", wire.SplitPinned(answer)},
		{"none", []string{answer}},
	} {
		out, err := runCourseIn(t, answer, "wire", "split", "--split", tc.split)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(out, "\n")
		if !strings.HasPrefix(first, fmt.Sprintf("%d chunk", len(tc.chunks))) {
			t.Errorf("--split %s: first line %q, want %d chunks", tc.split, first, len(tc.chunks))
		}
		// Cut lines joined again, white space aside, hold every chunk in quotes.
		joined := strings.Join(strings.Fields(strings.ReplaceAll(out, report.Continuation+"\n", "")), "")
		for _, c := range tc.chunks {
			if !strings.Contains(joined, strings.Join(strings.Fields(quoteVisible(c)), "")) {
				t.Errorf("--split %s: no chunk %s in:\n%s", tc.split, quoteVisible(c), out)
			}
		}
	}
	// The pinned chunker drops the white space between sentences, and says so.
	out, err := runCourseIn(t, "One. Two.", "wire", "split", "--split", "pinned")
	if err != nil || !strings.Contains(out, "the chunks join to a different text") {
		t.Errorf("pinned on two sentences: %v\n%s", err, out)
	}
}

// TestCompletion asks cobra's completion command for flag values, as a shell does.
func TestCompletion(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
		not  []string
	}{
		{[]string{"matrix", "--readers", "o"}, []string{"onmessage", "openai"}, []string{"standard"}},
		{[]string{"matrix", "--readers", "standard,o"}, []string{"standard,onmessage", "standard,openai"}, nil},
		{[]string{"matrix", "--readers", "openai,"}, []string{"openai,standard"}, []string{"openai,openai"}},
		{[]string{"matrix", "--writers", "foundry"}, []string{"foundry", "foundry-skill"}, []string{"gaapi"}},
		{[]string{"matrix", "--split", ""}, []string{"743", "pinned", "none"}, nil},
		{[]string{"wire", "encode", "--writer", "ga"}, []string{"gachatbot", "gaapi", "gaapi746"}, nil},
		{[]string{"wire", "encode", "--split", "p"}, []string{"pinned"}, []string{"743"}},
		{[]string{"wire", "decode", "--reader", ""}, wire.ReaderKeys(), nil},
		{[]string{"wire", "decode", "--format", "ag"}, []string{"agui"}, nil},
		{[]string{"wire", "split", "--split", ""}, []string{"743", "pinned", "none"}, nil},
	} {
		out, err := runCourse(t, append([]string{"__complete"}, tc.args...)...)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out, "\n")
		for _, w := range tc.want {
			if !slices.Contains(lines, w) {
				t.Errorf("complete %q: no %q in %q", tc.args, w, out)
			}
		}
		for _, n := range tc.not {
			if slices.Contains(lines, n) {
				t.Errorf("complete %q: %q should not be offered", tc.args, n)
			}
		}
	}
}

// repeatReader yields its text again and again, up to n bytes.
type repeatReader struct {
	text   []byte
	n, pos int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	k := 0
	for k < len(p) && r.n > 0 {
		c := copy(p[k:min(len(p), k+r.n)], r.text[r.pos:])
		k, r.n, r.pos = k+c, r.n-c, (r.pos+c)%len(r.text)
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}

// TestWireDecodeBounded: wire decode holds standard input to the probe's bound, --max-bytes,
// and says so, rather than read and decode whatever comes.
func TestWireDecodeBounded(t *testing.T) {
	event := []byte("data: more of the answer\n\n")
	for _, tc := range []struct {
		flags   []string
		size    int
		wantErr string
	}{
		{nil, 64 << 20, "wire decode: stopped after 4 MiB of standard input: raise --max-bytes"},
		{[]string{"--max-bytes", "64KiB"}, 1 << 20, "wire decode: stopped after 64 KiB of standard input: raise --max-bytes"},
		{[]string{"--max-bytes", "2MiB"}, 1 << 20, ""},
	} {
		var out bytes.Buffer
		root := toolsRoot()
		root.SetIn(&repeatReader{text: event, n: tc.size})
		root.SetOut(&out)
		root.SetErr(io.Discard)
		root.SetArgs(append([]string{"wire", "decode", "--reader", "standard"}, tc.flags...))
		var err error
		grew := testutil.PeakHeapGrowth(func() { err = root.Execute() })
		if tc.wantErr == "" {
			if err != nil || !strings.HasPrefix(out.String(), "more of the answer") {
				t.Errorf("%v on %d bytes: %v, %.40q", tc.flags, tc.size, err, out.String())
			}
			continue
		}
		if err == nil || err.Error() != tc.wantErr {
			t.Errorf("%v on %d bytes: error %v, want %q", tc.flags, tc.size, err, tc.wantErr)
		}
		if grew > 32<<20 {
			t.Errorf("%v on %d bytes: the heap grew %d MiB", tc.flags, tc.size, grew>>20)
		}
	}
}

// TestWireDecodeStreams: the readers built on the standard's parsing decode standard input as
// it arrives: an event's text is out before the input ends, and a raised --max-bytes costs no
// memory, since the stream is never held.
func TestWireDecodeStreams(t *testing.T) {
	t.Run("as it arrives", func(t *testing.T) {
		in, feed := io.Pipe()
		out := newSignalWriter()
		root := toolsRoot()
		root.SetIn(in)
		root.SetOut(out)
		root.SetErr(io.Discard)
		root.SetArgs([]string{"wire", "decode", "--reader", "onmessage"})
		done := make(chan error, 1)
		go func() { done <- root.Execute() }()
		for _, text := range []string{"first", "second"} {
			if _, err := io.WriteString(feed, "data: "+text+"\n\n"); err != nil {
				t.Fatal(err)
			}
			// The input stays open: the text can only come out if the event was decoded on its own.
			select {
			case got := <-out.writes:
				if got != text {
					t.Fatalf("wrote %q, want %q", got, text)
				}
			case err := <-done:
				t.Fatalf("decode ended before its input did: %v", err)
			case <-time.After(time.Minute):
				t.Fatal("no text a minute after its event, the input still open")
			}
		}
		feed.Close()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	})
	t.Run("raised bound", func(t *testing.T) {
		event := []byte("data: more of the answer\n\n")
		size := 256 << 20
		if testutil.Race {
			size = 32 << 20 // the race detector slows the reader tenfold; held whole, this is still 160 MiB
		}
		var out countWriter
		root := toolsRoot()
		root.SetIn(&repeatReader{text: event, n: size})
		root.SetOut(&out)
		root.SetErr(io.Discard)
		root.SetArgs([]string{"wire", "decode", "--reader", "standard", "--max-bytes", "1GiB"})
		var err error
		grew := testutil.PeakHeapGrowth(func() { err = root.Execute() })
		if want := size / len(event) * len("more of the answer"); err != nil || out.n != want {
			t.Errorf("decoded %d bytes, %v; want %d", out.n, err, want)
		}
		t.Logf("the heap grew %.1f MiB for %d MiB of input", float64(grew)/(1<<20), size>>20)
		if grew > 32<<20 {
			t.Errorf("the heap grew %d MiB for %d MiB of input", grew>>20, size>>20)
		}
	})
}

// signalWriter hands every write to writes, as it is made.
type signalWriter struct{ writes chan string }

func newSignalWriter() *signalWriter { return &signalWriter{writes: make(chan string, 16)} }

func (w *signalWriter) Write(p []byte) (int, error) {
	w.writes <- string(p)
	return len(p), nil
}

// countWriter counts what is written to it, and keeps none of it.
type countWriter struct{ n int }

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	return len(p), nil
}
