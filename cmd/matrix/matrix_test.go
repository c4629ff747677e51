package matrix

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"course/ga/skills"
	"course/internal/report"
	"course/internal/testutil"
	"course/stream/wire"
)

// gridCells reads the grid under title back into what each cell says, by writer and reader key,
// through the legend that follows it.
func gridCells(t *testing.T, out, title string) map[[2]string]string {
	t.Helper()
	grid := testutil.Section(t, out, title)
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
		_, err := run(t, tt.args...)
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
		out, err := run(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		cells := gridCells(t, out, "== Each writer (down) with each reader (across)")
		text := skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text
		readers, _ := wire.ReadersByKey(nil)
		if len(cells) != len(wire.Writers)*len(readers) {
			t.Fatalf("%d cells, want %d writers × %d readers", len(cells), len(wire.Writers), len(readers))
		}
		for _, w := range wire.Writers {
			stream := w.Success(wire.Input{Chunks: wire.Split743(text), EOL: eol})
			for _, rd := range readers {
				got, err := rd.ReadFormat(stream, w.Format)
				if want := wire.OneLine(wire.Measured(text, got, err)); cells[[2]string{w.Key, rd.Key}] != want {
					t.Errorf("crlf %v, %s with %s: the grid says %q, the reader %q", crlf, w.Key, rd.Key, cells[[2]string{w.Key, rd.Key}], want)
				}
			}
		}
	}
}

// TestMatrixCells checks cells the course's written lessons discuss.
func TestMatrixCells(t *testing.T) {
	out, err := run(t, "matrix", "--writers", "foundry,foundry-skill,gaapi,agui,bit", "--readers", "foundry,agui,openai,onmessage")
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
	out, err := testutil.RunIn(t, text, NewCmdMatrix(nil), "matrix", "--text", "-", "--split", "none", "--writers", "gaapi,gaapi746", "--readers", "standard")
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
	out, err = run(t, "matrix", "--text", path, "--writers", "gachatbot", "--readers", "chatapi")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "text       "+path+"\n") || gridCells(t, out, "== Each writer")[[2]string{"gachatbot", "chatapi"}] != "3 line breaks missing" {
		t.Errorf("file text:\n%s", out)
	}
}

func TestMatrixErrorShowsEveryFailureStream(t *testing.T) {
	out, err := run(t, "matrix", "--error", "--crlf", "--writers", "gaapi,sseformatter,foundry-skill,openai", "--readers", "standard,foundry,openai,page")
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
	out, err := run(t, "matrix", "--hazards", "--writers", "foundry,foundry-skill,gaapi", "--readers", "foundry,standard,onmessage,page")
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
	out, err := run(t, "matrix", "--json", "--writers", "gachatbot,agui", "--readers", "standard,agui,chatservice")
	if err != nil {
		t.Fatal(err)
	}
	text := skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text
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
			if rec["text"] != got || rec["cell"] != wire.Measured(text, got, rerr) {
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
	hz, err := run(t, "matrix", "--json", "--hazards", "--writers", "gachatbot", "--readers", "standard")
	if err != nil || strings.Count(hz, `"record":"cell"`) != len(hazards) || !strings.Contains(hz, `"hazard":"a text with CR"`) {
		t.Errorf("--json --hazards: %v\n%s", err, hz)
	}
}

// TestMatrixFitsAHundredColumns checks the canonical output of the tools, which have no
// reference to match, against the reading width.
func TestMatrixFitsAHundredColumns(t *testing.T) {
	every := strings.Join(wire.ReaderKeys(), ",")
	for _, args := range [][]string{
		{"matrix"}, {"matrix", "--crlf"}, {"matrix", "--error"}, {"matrix", "--hazards"},
		{"matrix", "--readers", every}, {"matrix", "--error", "--readers", every},
	} {
		out, err := run(t, args...)
		if err != nil {
			t.Fatalf("course %s: %v", strings.Join(args, " "), err)
		}
		if wide := testutil.OverWide(out, report.DefaultWidth); len(wide) > 0 {
			t.Errorf("course %s: %d lines over %d columns, the first: %q", strings.Join(args, " "), len(wide), report.DefaultWidth, wide[0])
		}
	}
}

// TestMatrixGridWrapsReaderColumns selects every reader: the columns no longer fit one grid, so
// they go on in a second block with the writers repeated.
func TestMatrixGridWrapsReaderColumns(t *testing.T) {
	out, err := run(t, "matrix", "--readers", strings.Join(wire.ReaderKeys(), ","))
	if err != nil {
		t.Fatal(err)
	}
	grid := testutil.Section(t, out, "== Each writer (down) with each reader (across)")
	if n := strings.Count("\n"+grid, "\nwriter "); n != 2 {
		t.Errorf("%d header lines, want 2 blocks:\n%s", n, grid)
	}
	if cells := gridCells(t, out, "== Each writer (down)"); len(cells) != len(wire.Writers)*len(wire.Readers) {
		t.Errorf("%d cells, want every pair", len(cells))
	}
}

// TestCompletion asks cobra's completion command for flag values, as a shell does.
func TestCompletion(t *testing.T) {
	testutil.Completes(t, func() *cobra.Command { return NewCmdMatrix(nil) },
		testutil.Completion{Args: []string{"matrix", "--readers", "o"}, Want: []string{"onmessage", "openai"}, Not: []string{"standard"}},
		testutil.Completion{Args: []string{"matrix", "--readers", "standard,o"}, Want: []string{"standard,onmessage", "standard,openai"}},
		testutil.Completion{Args: []string{"matrix", "--readers", "openai,"}, Want: []string{"openai,standard"}, Not: []string{"openai,openai"}},
		testutil.Completion{Args: []string{"matrix", "--writers", "foundry"}, Want: []string{"foundry", "foundry-skill"}, Not: []string{"gaapi"}},
		testutil.Completion{Args: []string{"matrix", "--split", ""}, Want: []string{"743", "pinned", "none"}},
	)
}

// run runs the course's command line, holding `course matrix`, and returns what it printed.
func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	return testutil.Run(t, NewCmdMatrix(nil), args...)
}
