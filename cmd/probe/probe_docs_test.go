package probe

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"course/internal/testutil"
	"course/lessons/kit/chathost"
)

// probeExamples are the sample reports of docs/probe.md, by the name their block gives:
// ```text probe-example NAME.
func probeExamples(t *testing.T) map[string]string {
	t.Helper()
	return pageExamples(t, "probe.md")
}

// pageExamples are the sample reports of the page docs/PAGE, by name.
func pageExamples(t *testing.T, page string) map[string]string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("..", "..", "docs", page))
	if err != nil {
		t.Fatal(err)
	}
	examples := map[string]string{}
	var name string
	var body strings.Builder
	for line := range strings.SplitSeq(string(text), "\n") {
		switch {
		case name == "" && strings.HasPrefix(line, "```text probe-example "):
			name = strings.TrimPrefix(line, "```text probe-example ")
			body.Reset()
		case name != "" && line == "```":
			examples[name] = body.String()
			name = ""
		case name != "":
			body.WriteString(line + "\n")
		}
	}
	return examples
}

var (
	// The verdict on streaming depends on when the reads returned, which a loaded machine moves.
	exampleStreamed = regexp.MustCompile(`(?m)^streamed .*$`)
	exampleTime     = regexp.MustCompile(`\d+\.\d+ ms`)
	examplePort     = regexp.MustCompile(`127\.0\.0\.1:\d+`)
	exampleGaps     = regexp.MustCompile(`[ \t]+`)
)

// timeless is a report with what changes from run to run made the same: times, ports, the
// verdict on streaming, and the column padding that follows from how wide the times are.
func timeless(report string) string {
	report = exampleStreamed.ReplaceAllString(report, "streamed (depends on the machine's load)")
	report = exampleTime.ReplaceAllString(report, "N ms")
	report = examplePort.ReplaceAllString(report, "127.0.0.1:PORT")
	return exampleGaps.ReplaceAllString(report, " ")
}

// exampleServer builds the example server docs/examples/NAME, starts it on a loopback port and
// returns the address it says it listens on; the server is killed when the test ends.
func exampleServer(t *testing.T, name string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), name)
	if out, err := exec.Command("go", "build", "-o", bin, "../../docs/examples/"+name).CombinedOutput(); err != nil {
		t.Fatalf("build the example server: %v\n%s", err, out)
	}
	server := exec.Command(bin, "-addr", "127.0.0.1:0")
	stdout, err := server.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { server.Process.Kill(); server.Wait() })
	first, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("the example server said nothing: %v", err)
	}
	go io.Copy(io.Discard, stdout)
	return strings.TrimSpace(strings.TrimPrefix(first, "listening on "))
}

// checkExample runs the probe with args, as docs/probe.md's example NAME says, and checks that
// the page shows the report the probe prints, and that the probe fails on the hazard it shows.
func checkExample(t *testing.T, examples map[string]string, name string, args ...string) {
	t.Helper()
	want, ok := examples[name]
	if !ok {
		t.Fatalf("docs/probe.md has no %s example", name)
	}
	got, err := run(t, append([]string{"probe"}, args...)...)
	if err == nil {
		t.Errorf("%s: the probe passed a stream with a hazard", name)
	}
	got = strings.ReplaceAll(got, "../../docs/examples", "docs/examples")
	if timeless(got) != timeless(want) {
		t.Errorf("docs/probe.md's %s example is not what the probe prints (- page, + probe):\n%s", name, testutil.LineDiff(timeless(want), timeless(got)))
	}
}

// TestProbeExampleLosingServer runs docs/probe.md's first example as the page says, against the
// example server it names, and checks that the page shows the report the probe prints.
func TestProbeExampleLosingServer(t *testing.T) {
	t.Parallel()
	url := exampleServer(t, "losing-server")
	checkExample(t, probeExamples(t), "losing-server", url, "--data", `{"prompt":"C major voicings"}`,
		"--answer-file", "../../docs/examples/losing-server/answer.txt", "--reader", "text", "--reader", "standard")
}

// TestProbeExampleStandIn runs docs/probe.md's second example against the course's own host and
// checks that the page shows a part of the report the probe prints.
func TestProbeExampleStandIn(t *testing.T) {
	t.Parallel()
	want, ok := probeExamples(t)["stand-in"]
	if !ok {
		t.Fatal("docs/probe.md has no stand-in example")
	}
	base := probeStandIn(t, chathost.Options{Timeout: 30 * time.Second})
	got, err := run(t, "probe", base+streamPath, "--message", voicingQuestion, "--answer-url", base+chatPath)
	if err == nil {
		t.Fatal("the probe passed the stand-in, whose chatService reader loses lines")
	}
	if !strings.Contains(timeless(got), timeless(want)) {
		t.Errorf("docs/probe.md's stand-in example is not in what the probe prints (- page, + probe):\n%s", testutil.LineDiff(timeless(want), timeless(got)))
	}
	if bytes.Count([]byte(want), []byte("\n")) < 10 {
		t.Errorf("the stand-in example is too short to check anything:\n%s", want)
	}
}

// TestProbeExampleSocketServer runs docs/probe.md's WebSocket and SignalR examples as the page
// says, against the example server it names, and checks that the page shows the reports the
// probe prints, and the exit status it gives with the answer.
func TestProbeExampleSocketServer(t *testing.T) {
	t.Parallel()
	examples := probeExamples(t)
	addr := exampleServer(t, "socket-server")
	const answer = "../../docs/examples/socket-server/answer.txt"
	checkExample(t, examples, "socket-websocket", "ws://"+addr+"/chat/ws", "--message", "C major voicings", "--answer-file", answer)
	checkExample(t, examples, "socket-signalr", "--transport", "signalr", "http://"+addr+"/hubs/chat", "--hub-method", "StreamAsync", "--message", "C major voicings")
	// The page says both readers get the hub's answer exactly, so that the probe passes.
	if out, err := run(t, "probe", "--transport", "signalr", "http://"+addr+"/hubs/chat", "--hub-method", "StreamAsync",
		"--message", "C major voicings", "--answer-file", answer); err != nil || !strings.HasSuffix(out, "\nresult: pass: every reader (2) gets the answer exactly\n") {
		t.Errorf("the hub against its answer: %v\n%s", err, out)
	}
}
