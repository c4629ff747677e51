package probe

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"course/hostproc"
	"course/internal/cmdutil"
	"course/internal/testutil"
	"course/stream/probe"
	"course/stream/probe/probetest"
	"course/stream/signalr"
	"course/stream/websocket"
)

// TestProbeTransportExitStatuses runs the built binary down each exit path over a WebSocket and
// under SignalR: 0 clean (and the answer whole), 1 a hazard, 2 could not run or stopped early.
func TestProbeTransportExitStatuses(t *testing.T) {
	t.Parallel()
	clean := probetest.WebSocket(t, probetest.Closing(probetest.BitEvents...))
	split := probetest.WebSocket(t, probetest.Closing(`{"type":"text.delta","te`, `xt":"Hel"}`, probetest.BitEvents[1], probetest.BitEvents[2]))
	idle := probetest.WebSocket(t, probetest.UntilGone(func(ctx context.Context, c *websocket.Conn) {
		_ = c.Write(ctx, websocket.Text, []byte(probetest.BitEvents[0]))
	}))
	fast, _ := probetest.EndlessSocket(t, "token", 0)
	hub := probetest.Hub(t, signalr.NewHub(signalr.Items("Hel", "lo"), signalr.HubOptions{}))
	noCompletion := probetest.Hub(t, signalr.NewHub(signalr.Items("Hel", "lo"), signalr.HubOptions{DropBeforeCompletion: true}))
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no socket here", http.StatusNotFound)
	}))
	t.Cleanup(refusing.Close)
	refusingWS := "ws" + strings.TrimPrefix(refusing.URL, "http")
	cp, err := hostproc.NewClosedPort()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cp.Close() })
	answer := writeProbeFile(t, "Hello")
	hubArgs := func(url string, more ...string) []string {
		return append([]string{"--transport", "signalr", url, "--hub-method", "StreamAsync"}, more...)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"websocket pass", []string{clean, "--message", "hi"}, 0, ""},
		{"websocket pass against the answer", []string{clean, "--message", "hi", "--answer-file", answer}, 0, ""},
		{"websocket hazard", []string{split, "--message", "hi"}, cmdutil.ExitFail, ""},
		{"websocket hazard in JSON", []string{split, "--message", "hi", "--json"}, cmdutil.ExitFail, "course: probe: fail: 1 hazard on the wire\n"},
		{"websocket reader misses the answer", []string{clean, "--message", "hi", "--answer-file", writeProbeFile(t, "Hello!")}, cmdutil.ExitFail, ""},
		{"refused upgrade", []string{refusingWS + "/chat"}, cmdutil.ExitCannotRun, "course: probe: " + refusingWS + "/chat refused the WebSocket upgrade: HTTP 404 Not Found: no socket here\n"},
		{"websocket closed port", []string{"ws://" + cp.Addr() + "/chat"}, cmdutil.ExitCannotRun, "course: probe: connection refused by " + cp.Addr()},
		{"websocket idle", []string{idle, "--message", "hi", "--timeout", "1s"}, cmdutil.ExitCannotRun, "course: probe: timed out after 1s with the socket still open, idle for the last "},
		{"websocket max events", []string{fast, "--message", "hi", "--max-events", "50"}, cmdutil.ExitCannotRun, "course: probe: stopped after 50 messages: raise --max-events"},
		{"websocket max bytes", []string{fast, "--message", "hi", "--max-bytes", "64KiB"}, cmdutil.ExitCannotRun, "course: probe: stopped after 64 KiB: raise --max-bytes"},
		{"signalr pass against the answer", hubArgs(hub, "--message", "hi", "--answer-file", answer), 0, ""},
		{"signalr hazard", hubArgs(noCompletion, "--message", "hi"), cmdutil.ExitFail, ""},
		{"failed negotiate", hubArgs(refusing.URL + "/hub"), cmdutil.ExitCannotRun, "course: probe: negotiate with " + refusing.URL + "/hub failed: HTTP 404 Not Found: no socket here\n"},
		{"signalr closed port", hubArgs("http://" + cp.Addr() + "/hub"), cmdutil.ExitCannotRun, "course: probe: connection refused by " + cp.Addr()},
		{"signalr without a hub method", []string{"--transport", "signalr", hub}, cmdutil.ExitCannotRun, "course: probe: a SignalR probe streams a hub method: give --hub-method NAME\n"},
		{"hub method without signalr", []string{hub, "--hub-method", "StreamAsync"}, cmdutil.ExitCannotRun, "course: probe: --hub-method is for SignalR: add --transport signalr\n"},
		{"a method over a WebSocket", []string{clean, "--method", "POST"}, cmdutil.ExitCannotRun, "course: probe: --method is for server-sent events: a WebSocket opens with GET\n"},
		{"a line limit over a WebSocket", []string{clean, "--max-line", "1KiB"}, cmdutil.ExitCannotRun, "course: probe: --max-line is for server-sent events: over a websocket, --max-bytes bounds each message\n"},
		{"an SSE reader over a WebSocket", []string{clean, "--reader", "page"}, cmdutil.ExitCannotRun, `course: probe: no reader matches "page"; the websocket readers are text (`},
		{"an unknown transport", []string{clean, "--transport", "pigeon"}, cmdutil.ExitCannotRun, `course: probe: --transport: transport "pigeon": the probe speaks sse, websocket, signalr` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, stderr, code := runBinary(t, append([]string{"probe"}, tt.args...)...)
			if code != tt.code || !strings.HasPrefix(stderr, tt.stderr) || (tt.stderr == "") != (stderr == "") || strings.Count(stderr, "\n") > 1 {
				t.Errorf("exit %d, stderr %q; want %d, %q", code, stderr, tt.code, tt.stderr)
			}
		})
	}
}

// TestProbeWebSocketReport: the report's sections over a WebSocket, computed from what the
// server sent.
func TestProbeWebSocketReport(t *testing.T) {
	url := probetest.WebSocket(t, func(ctx context.Context, c *websocket.Conn) {
		_ = c.Write(ctx, websocket.Text, []byte(`{"type":"text.delta","te`))
		_ = c.Write(ctx, websocket.Text, []byte(`xt":"Hel"}`))
		_ = c.WriteFrame(false, websocket.OpText, []byte(probetest.BitEvents[1][:5]), false)
		_ = c.Ping(nil)
		_ = c.WriteFrame(true, websocket.OpContinuation, []byte(probetest.BitEvents[1][5:]), false)
		_ = c.Write(ctx, websocket.Text, []byte(probetest.BitEvents[2]))
		_ = c.Close(websocket.CloseNormal, "")
	})
	out, err := run(t, "probe", url, "--message", "hi", "--answer-file", writeProbeFile(t, "Hello"))
	if probeExitCode(err) != cmdutil.ExitFail {
		t.Fatalf("exit %d: %v\n%s", probeExitCode(err), err, out)
	}
	for _, want := range []string{
		"== WebSocket " + url + "\nHTTP/1.1 101 Switching Protocols\n",
		"== Messages, one event each (4, 106 bytes)\nmessage  at ",
		"type  frames  lines  kind ",
		"== The socket, frame by frame\nframes in  7\nmessages   4: 0 binary, 1 in more than one frame\nlargest    39 bytes\npings      1, each answered with a pong\nclose      1000 normal closure, from the server\n",
		"\nsplit-json (message 1): 1 event's JSON cut across messages: ",
		"\nlegal, no hazard: fragmented: 1 message came in more than one frame: ",
		"\nlegal, no hazard: ping: the server sent 1 ping, each answered with a pong",
		"\nBit.BlazorUI.AI transport      (throws) bit: message 1 is not a JSON event: {\"type\":\"text.delta\",\"te\n",
		"\nresult: fail: 2 of 2 readers do not get the answer exactly\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if rows := testutil.Section(t, out, "Messages, one event each (4, 106 bytes)"); !strings.Contains(rows, "\n3 ") || !strings.Contains(rows, "  2       1      JSON type=text.delta") {
		t.Errorf("message table:\n%s", rows)
	}
}

// TestProbeSignalRReport: the report's sections under SignalR.
func TestProbeSignalRReport(t *testing.T) {
	url := probetest.Hub(t, signalr.NewHub(signalr.Items("Hel", "lo", probe.MarkerSuccess), signalr.HubOptions{SplitRecords: true, PingEvery: 2}))
	out, err := run(t, "probe", "--transport", "signalr", url, "--hub-method", "StartChat", "--message", "hi")
	if probeExitCode(err) != cmdutil.ExitFail {
		t.Fatalf("exit %d: %v\n%s", probeExitCode(err), err, out)
	}
	for _, want := range []string{
		"== SignalR " + url + ", StartChat\nnegotiate: WebSockets offered\nHTTP/1.1 101 Switching Protocols\n",
		"== Items of invocation 0, one event each (3, ",
		"\n3     ",
		"string  1      end marker  \"MESSAGE_PROCESS_SUCCESS\"\n",
		"== The hub protocol\nrecords     5 in 10 WebSocket messages: 5 split across messages, 0 packed with others\npings       1\ncompletion  yes\nclose       1000 normal closure, from the server\n",
		"\nsplit-record: 5 records cut across WebSocket messages: ",
		"\nin-band-marker (item 3): 1 item is the end marker \"MESSAGE_PROCESS_SUCCESS\"",
		"\nlegal, no hazard: keep-alive: the hub sent 1 Ping record, its keep-alive",
		"\nSignalR, each item's text  \"Hello\"\nBoilerplate chat panel     \"Hello\"\n",
		"\nresult: fail: 2 hazards on the wire\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	rep, err := probeJSON(t, "--transport", "signalr", url, "--hub-method", "StartChat", "--message", "hi")
	if probeExitCode(err) != cmdutil.ExitFail || rep.Transport != probe.TransportSignalR || rep.SignalR == nil || rep.SignalR.SplitRecords != 5 || rep.SignalR.ConnectionID == "" || rep.EventCount != 3 {
		t.Errorf("json report %+v, hub %+v", rep, rep.SignalR)
	}
}

func TestProbeTransportFlags(t *testing.T) {
	var got *ProbeOptions
	cmd := NewCmdProbe(func(_ context.Context, o *ProbeOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"--transport", "signalr", "http://127.0.0.1:9/hub", "--hub-method", "Ask", "--data", `{"q":1}`, "--reader", "boilerplate"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	po, err := got.probeRun()
	if err != nil {
		t.Fatal(err)
	}
	if po.Transport != probe.TransportSignalR || po.HubMethod != "Ask" || po.Method != "" || string(po.Body) != `{"q":1}` ||
		len(po.MessageReaders) != 1 || po.MessageReaders[0].Name != probe.BoilerplatePanel.Name || po.Readers != nil {
		t.Errorf("probe options %+v", po)
	}
	for url, want := range map[string]string{"ws://h/x": probe.TransportWebSocket, "wss://h/x": probe.TransportWebSocket, "http://h/x": probe.TransportSSE, "https://h/x": probe.TransportSSE} {
		cmd := NewCmdProbe(func(_ context.Context, o *ProbeOptions) error { got = o; return nil })
		cmd.SetArgs([]string{url})
		if err := cmd.Execute(); err != nil {
			t.Fatal(err)
		}
		if po, err := got.probeRun(); err != nil || po.Transport != want {
			t.Errorf("%s: transport %q, %v; want %s", url, po.Transport, err, want)
		}
	}
	testutil.Completes(t, func() *cobra.Command { return NewCmdProbe(nil) },
		testutil.Completion{Args: []string{"probe", "--transport", ""}, Want: []string{"sse", "websocket", "signalr"}},
		testutil.Completion{Args: []string{"probe", "--transport", "s"}, Want: []string{"sse", "signalr"}, Not: []string{"websocket"}})
}

// TestProbeWebSocketSignal: SIGINT ends a probe of a socket that never closes; it prints what
// arrived and exits 2.
func TestProbeWebSocketSignal(t *testing.T) {
	t.Parallel()
	url, started := probetest.EndlessSocket(t, "tick", time.Millisecond)
	out, errOut, code, took := signalled(t, syscall.SIGINT, started, url, "--message", "hi")
	if code != cmdutil.ExitCannotRun || !strings.HasPrefix(errOut, "course: probe: interrupted with the socket still open: ") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "== Hazards on the wire, in the ") || strings.Contains(out, "result:") {
		t.Errorf("partial report:\n%s", out)
	}
	if took > 5*time.Second {
		t.Errorf("exited %v after the signal", took)
	}
}

// TestProbeTransportBounds: over a WebSocket and under SignalR, a stream that never ends and a
// message of 64 MiB stop at the bounds, within 64 MiB of heap and a second past the deadline,
// and the report on what arrived prints. The bound stops the read before the report is printed,
// whatever its format, so each case runs once: two print text, two JSON.
func TestProbeTransportBounds(t *testing.T) {
	const huge = 64 << 20
	fast, _ := probetest.EndlessSocket(t, "token", 0)
	large, _ := probetest.EndlessSocket(t, `{"type":"text.delta","text":"`+strings.Repeat("x", 2000)+`"}`, 0)
	oneMessage := probetest.WebSocket(t, probetest.UntilGone(func(ctx context.Context, c *websocket.Conn) {
		_ = c.WriteFrameFrom(true, websocket.OpText, huge, probetest.Endless('x'), false)
	}))
	items := probetest.Hub(t, signalr.NewHub(probetest.EndlessItems, signalr.HubOptions{}))
	hub := []string{"--transport", "signalr", "--hub-method", "StreamAsync"}
	tests := []struct {
		name, url string
		flags     []string
		msg       string
		asJSON    bool
	}{
		{"endless messages, text", fast, nil, "stopped after 100000 messages: raise --max-events", false},
		{"endless 2 KB messages, json", large, nil, "stopped after 4 MiB: raise --max-bytes", true},
		{"one 64 MiB message, text", oneMessage, nil, "stopped at a message longer than 4 MiB, which the probe refused with 1009", false},
		{"endless items, json", items, hub, "stopped after 4 MiB: raise --max-bytes", true},
	}
	const timeout = 5 * time.Second
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := probeEndless(t, tt.url, timeout, tt.asJSON, append(tt.flags, "--message", "hi")...)
			// A bound stops the read; on a machine slow enough, the deadline comes first.
			if res.code != cmdutil.ExitCannotRun || !strings.Contains(res.err, tt.msg) && !strings.Contains(res.err, "timed out after 5s with ") {
				t.Fatalf("exit %d: %s", res.code, res.err)
			}
			t.Logf("peak heap %.1f MiB (%.1f MiB before), %v: %s", mib(res.peak), mib(res.base), res.took.Round(time.Millisecond), res.err)
			if res.peak > probeHeapBound || res.took > timeout+testutil.PastDeadline() {
				t.Errorf("peak heap %.1f MiB, %v for a 5s deadline", mib(res.peak), res.took)
			}
			if tt.asJSON {
				var rep probe.Report
				if err := json.Unmarshal([]byte(res.out), &rep); err != nil || rep.Error == "" || rep.Complete {
					t.Errorf("json report: %v, error %q", err, rep.Error)
				}
			} else if !strings.Contains(res.out, "== Hazards on the wire, in the ") {
				t.Errorf("text report:\n%s", res.out)
			}
		})
	}
}

// TestProbeTransportUsageIsOneLine: every refusal of a transport's options is one line.
func TestProbeTransportUsageIsOneLine(t *testing.T) {
	for _, args := range [][]string{
		{"ws://127.0.0.1:1/x", "--hub-method", "M"},
		{"--transport", "websocket", "http://127.0.0.1:1/x"},
		{"--transport", "signalr", "ws://127.0.0.1:1/x", "--hub-method", "M"},
		{"--transport", "signalr", "http://127.0.0.1:1/x", "--hub-method", "M", "--data", "[1,"},
	} {
		_, err := run(t, append([]string{"probe"}, args...)...)
		if probeExitCode(err) != cmdutil.ExitCannotRun || err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: exit %d, %v", args, probeExitCode(err), err)
		}
	}
}
