package probe

import (
	"bufio"
	"context"
	"io"
	"os"
	"strings"
	"testing"

	wirecmd "course/cmd/wire"
	"course/internal/testutil"
)

// serveWriter runs `course wire serve` with args on a free port until the test ends, the answer
// in the file answer on its standard input, and returns the URL it serves at.
func serveWriter(t *testing.T, answer string, args ...string) string {
	t.Helper()
	text, err := os.ReadFile(answer)
	if err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	root := testutil.Root(wirecmd.NewCmdWire())
	root.SetIn(strings.NewReader(string(text)))
	root.SetOut(pw)
	root.SetErr(io.Discard)
	root.SetArgs(append([]string{"wire", "serve", "--addr", "127.0.0.1:0"}, args...))
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		err := root.ExecuteContext(ctx)
		pw.CloseWithError(io.EOF)
		done <- err
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("course wire serve: %v", err)
		}
	})
	first, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("course wire serve said nothing: %v", err)
	}
	go io.Copy(io.Discard, pr)
	_, url, ok := strings.Cut(strings.TrimSpace(first), " at ")
	if !ok {
		t.Fatalf("course wire serve did not say where it serves: %q", first)
	}
	url, _, _ = strings.Cut(url, ", hub method ")
	return url
}

// TestTransportsProbeExample runs docs/transports.md's probe example as the page says, against
// `course wire serve` and the matrix's writer that splits records, and checks that the page
// shows the report the probe prints; then the page's word on the writer that does not split.
func TestTransportsProbeExample(t *testing.T) {
	t.Parallel()
	want, ok := pageExamples(t, "transports.md")["transports-split"]
	if !ok {
		t.Fatal("docs/transports.md has no transports-split example")
	}
	const answer = "../../docs/examples/socket-server/answer.txt"
	probe := func(hub string) (string, error) {
		return run(t, "probe", "--transport", "signalr", hub, "--hub-method", "StreamAsync",
			"--message", "C major voicings", "--answer-file", answer)
	}
	got, err := probe(serveWriter(t, answer, "--transport", "signalr", "--writer", "split"))
	if err != nil {
		t.Errorf("the buffering readers failed the split hub: %v", err)
	}
	got = strings.ReplaceAll(got, "../../docs/examples", "docs/examples")
	if timeless(got) != timeless(want) {
		t.Errorf("docs/transports.md's probe example is not what the probe prints (- page, + probe):\n%s", testutil.LineDiff(timeless(want), timeless(got)))
	}
	whole, err := probe(serveWriter(t, answer, "--transport", "signalr", "--writer", "bit"))
	if err != nil {
		t.Errorf("the probe failed Bit's hub: %v\n%s", err, whole)
	}
	if hazards := testutil.Section(t, whole, "Hazards on the wire"); strings.TrimSpace(hazards) != "none" {
		t.Errorf("the page says Bit's hub shows no hazard; the probe found:\n%s", hazards)
	}
}
