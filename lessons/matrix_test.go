package lessons

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"course/gahost/skills"
	"course/wire"
)

// runCourseIn runs the course's command line with stdin as standard input.
func runCourseIn(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := NewRootCmd("test")
	root.SetIn(strings.NewReader(stdin))
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.ExecuteContext(t.Context())
	return out.String(), err
}

func TestMatrixFlags(t *testing.T) {
	tests := []struct {
		args []string
		want MatrixOptions
	}{
		{nil, MatrixOptions{Split: "743"}},
		{[]string{"--writers", "gaapi,foundry", "--readers", "standard", "--split", "pinned", "--crlf", "--text", "-"},
			MatrixOptions{Writers: []string{"gaapi", "foundry"}, Readers: []string{"standard"}, Split: "pinned", CRLF: true, TextFile: "-"}},
		{[]string{"--hazards"}, MatrixOptions{Split: "743", Hazards: true}},
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
			got.Hazards != tt.want.Hazards || got.TextFile != tt.want.TextFile {
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

// TestMatrixCells checks cells of a selected matrix against what the reader returns directly.
func TestMatrixCells(t *testing.T) {
	out, err := runCourse(t, "matrix", "--writers", "foundry,foundry-skill,gaapi", "--readers", "foundry,agui")
	if err != nil {
		t.Fatal(err)
	}
	table := section(t, out, "== Each writer with each reader")
	for _, want := range []string{
		"Foundry web app  Foundry processStream  exact\n",
		"Foundry skill    Foundry processStream  (never completes)\n",
		"GaApi            Foundry processStream  (not its format)\n",
		`Foundry web app  AG-UI TS client        (throws) invalid event: unknown type "conversationId"` + "\n",
	} {
		if !strings.Contains(table, want) {
			t.Errorf("no %q in:\n%s", want, table)
		}
	}
	if rows := strings.Count(table, "\n") - 2; rows != 6 {
		t.Errorf("%d rows, want 3 writers × 2 readers:\n%s", rows, table)
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
		"GaApi         HTML standard  1 of 2 lines missing, 3 line breaks missing\n",
		"GaApi (#746)  HTML standard  exact\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	path := filepath.Join(t.TempDir(), "answer.md")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = runCourse(t, "matrix", "--text", path, "--writers", "gachatbot", "--readers", "chatapi")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "text       "+path+"\n") || !strings.Contains(out, "GaChatbot.Api  ga-client chatApi  3 line breaks missing\n") {
		t.Errorf("file text:\n%s", out)
	}
}

func TestMatrixErrorShowsEveryFailureStream(t *testing.T) {
	out, err := runCourse(t, "matrix", "--error", "--crlf", "--writers", "gaapi,sseformatter,foundry-skill", "--readers", "standard,foundry")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`  | data: {"error":"Failed to process message. Please try again."}\r` + "\n",
		"  (no bytes: the response is cut off)\n",
		"GaApi              HTML standard          {\"error\":\"Failed to process message. Please try again.\"}\n",
		".NET SseFormatter  HTML standard          (nothing)\n",
		"Foundry skill      Foundry processStream  (never completes)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

func TestMatrixHazardsShowOnlyFailingPairs(t *testing.T) {
	out, err := runCourse(t, "matrix", "--hazards", "--writers", "foundry,foundry-skill", "--readers", "foundry")
	if err != nil {
		t.Fatal(err)
	}
	done := section(t, out, `== Hazard: the conversation id x","type":"done`)
	if !strings.Contains(done, "exact in 1 of the 2 pairs that share a format; the others:\n") ||
		!strings.Contains(done, `Foundry skill  Foundry processStream  (never completes) ""`) {
		t.Errorf("injected id section:\n%s", done)
	}
	repeat := section(t, out, "== Hazard: a chunk equal to the one before it")
	if !strings.Contains(repeat, `Foundry web app  Foundry processStream  "Two lines:\n*Am*\n"`) {
		t.Errorf("repeated chunk section:\n%s", repeat)
	}
}

func TestWireEncodeDecode(t *testing.T) {
	answer := skills.Improvisation{}.Execute(arpeggioQuestion).Text
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
	} {
		if _, err := runCourseIn(t, "", args...); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}
