package wire

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"course/ga/skills"
	"course/internal/report"
	"course/internal/testutil"
	"course/stream/wire"
)

// TestWireFitsAHundredColumns checks the canonical output of the tools, which have no
// reference to match, against the reading width.
func TestWireFitsAHundredColumns(t *testing.T) {
	answer := skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text
	path := filepath.Join(t.TempDir(), "answer.md")
	if err := os.WriteFile(path, []byte(answer), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := []struct {
		stdin string
		args  []string
	}{
		{answer, []string{"wire", "split"}},
		{answer, []string{"wire", "split", "--split", "none"}},
		{string(wire.GaApi.Stream(wire.Split743(answer))), []string{"wire", "decode", "--reader", "standard", "--answer", path}},
	}
	for _, run := range runs {
		out, err := testutil.RunIn(t, run.stdin, NewCmdWire(), run.args...)
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

func TestWireEncodeDecode(t *testing.T) {
	answer := skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text
	for _, w := range wire.Writers {
		stream, err := testutil.RunIn(t, answer, NewCmdWire(), "wire", "encode", "--writer", w.Key)
		if err != nil {
			t.Fatalf("encode %s: %v", w.Key, err)
		}
		if want := string(w.Success(wire.Input{Chunks: wire.Split743(answer)})); stream != want {
			t.Errorf("encode %s:\n%q\nwant\n%q", w.Key, stream, want)
		}
		got, err := testutil.RunIn(t, stream, NewCmdWire(), "wire", "decode", "--reader", "standard", "--format", w.Key)
		wantExact := w.Key != "gaapi" && w.Key != "foundry-skill"
		if wantExact && (err != nil || got != answer) {
			t.Errorf("decode %s with the standard reader: %v, %s", w.Key, err, wire.Compare(answer, got))
		}
	}
}

func TestWireDecodeOutcomes(t *testing.T) {
	failure, err := testutil.RunIn(t, "", NewCmdWire(), "wire", "encode", "--writer", "gachatbot", "--error")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := testutil.RunIn(t, failure, NewCmdWire(), "wire", "decode", "--reader", "chatservice"); err == nil ||
		err.Error() != "wire decode: ga-client chatService throws: Failed to process message. Please try again." {
		t.Errorf("chatService on the failure: %v", err)
	}
	skill, err := testutil.RunIn(t, "Hi.", NewCmdWire(), "wire", "encode", "--writer", "foundry-skill", "--conversation-id", `x","type":"done`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := testutil.RunIn(t, skill, NewCmdWire(), "wire", "decode", "--reader", "foundry"); err == nil || err.Error() != "wire decode: Foundry processStream: never completes" {
		t.Errorf("Foundry on the injected id: %v", err)
	}
	crlf, err := testutil.RunIn(t, "Hi.", NewCmdWire(), "wire", "encode", "--writer", "agui", "--crlf")
	if err != nil || !strings.Contains(crlf, "}\r\n\r\n") {
		t.Fatalf("encode --crlf: %q, %v", crlf, err)
	}
	if _, err := testutil.RunIn(t, crlf, NewCmdWire(), "wire", "decode", "--reader", "aguiframes"); err == nil || !strings.HasSuffix(err.Error(), "not its format") {
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
		if _, err := testutil.RunIn(t, "", NewCmdWire(), args...); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

// TestWireDecodeMeasuresAgainstTheAnswer decodes GaApi's stream of the answer and measures it.
func TestWireDecodeMeasuresAgainstTheAnswer(t *testing.T) {
	answer := skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text
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
		out, err := testutil.RunIn(t, stream, NewCmdWire(), "wire", "decode", "--reader", tc.reader, "--format", tc.writer, "--answer", path)
		if (err != nil) != strings.HasPrefix(tc.want, "(throws)") {
			t.Errorf("%s with %s: %v", tc.writer, tc.reader, err)
		}
		if !strings.HasSuffix(out, "== Measured against "+path+"\n"+tc.want+"\n") {
			t.Errorf("%s with %s:\n%s", tc.writer, tc.reader, out)
		}
	}
}

func TestWireSplitPrintsTheChunks(t *testing.T) {
	answer := skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text
	for _, tc := range []struct {
		split  string
		chunks []string
	}{
		{"743", wire.Split743(answer)},
		{"pinned", wire.SplitPinned(answer)},
		{"none", []string{answer}},
	} {
		out, err := testutil.RunIn(t, answer, NewCmdWire(), "wire", "split", "--split", tc.split)
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
			if !strings.Contains(joined, strings.Join(strings.Fields(wire.QuoteVisible(c)), "")) {
				t.Errorf("--split %s: no chunk %s in:\n%s", tc.split, wire.QuoteVisible(c), out)
			}
		}
	}
	// The pinned chunker drops the white space between sentences, and says so.
	out, err := testutil.RunIn(t, "One. Two.", NewCmdWire(), "wire", "split", "--split", "pinned")
	if err != nil || !strings.Contains(out, "the chunks join to a different text") {
		t.Errorf("pinned on two sentences: %v\n%s", err, out)
	}
}

// TestCompletion asks cobra's completion command for flag values, as a shell does.
func TestCompletion(t *testing.T) {
	testutil.Completes(t, func() *cobra.Command { return NewCmdWire() },
		testutil.Completion{Args: []string{"wire", "encode", "--writer", "ga"}, Want: []string{"gachatbot", "gaapi", "gaapi746"}},
		testutil.Completion{Args: []string{"wire", "encode", "--split", "p"}, Want: []string{"pinned"}, Not: []string{"743"}},
		testutil.Completion{Args: []string{"wire", "decode", "--reader", ""}, Want: wire.ReaderKeys()},
		testutil.Completion{Args: []string{"wire", "decode", "--format", "ag"}, Want: []string{"agui"}},
		testutil.Completion{Args: []string{"wire", "split", "--split", ""}, Want: []string{"743", "pinned", "none"}},
	)
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
		root := testutil.Root(NewCmdWire())
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
		root := testutil.Root(NewCmdWire())
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
		root := testutil.Root(NewCmdWire())
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

// run runs the course's command line, holding `course wire`, and returns what it printed.
func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	return testutil.Run(t, NewCmdWire(), args...)
}
