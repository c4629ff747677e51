package transport

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"course/ga/skills"
	"course/internal/testutil"
	"course/stream/signalr"
	"course/stream/websocket"
	"course/stream/wire"
)

// npmDir holds the real npm clients, beside the SSE readers' (wire's tests); .ci/run installs
// them with npm ci.
const npmDir = "../testdata/npm"

// improvisation is the matrix's own text.
var improvisation = skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text

// npmTexts are texts streamed through every writer: the matrix's own, and text that troubles
// one SSE reader or another, which over a socket travels inside JSON strings.
var npmTexts = [][]string{
	nil,
	{improvisation},
	{"Hello.\n\nWorld.\n"},
	{"Two lines:", "\n", "\n", "*", "*", "Am", "*", "*", "\n"},
	{"When you are finished, type the next line.\n", "[DONE]\n", "The stream goes on.\n"},
	{"Line one.\r\n", "Line two.\r\n", "50%\r100%\n"},
	{"Am F C G\u2028", "is the progression.\u2028"},
	{"\uFEFFA text that starts with a byte order mark.\n"},
	{`{"type":"finish","finishReason":"stop"}`, " is text here.\n"},
	{"A <b>bold</b> & 'quoted' + non-ASCII: é, 𝄞.\n"},
}

// transportStream is one stream the real transport clients read: a writer serving one answer,
// or its failure, on loopback.
type transportStream struct {
	label  string
	writer Writer
	server *Server
	target Target
	// approves marks an approval reply, whose client approves the call when it sees the request.
	approves bool
}

// transportStreams serves every transport writer's answer of every text of npmTexts (cut by
// #743's expression and by the pinned chunker), of every transport hazard, and its failure.
func transportStreams(t *testing.T) []transportStream {
	t.Helper()
	var out []transportStream
	add := func(label string, w Writer, chunks []string, fail bool) {
		s, err := w.Serve(wire.Input{Chunks: chunks}, fail)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s.Close)
		out = append(out, transportStream{label, w, s, TargetFor(w, s, wire.ArpeggioQuestion), false})
	}
	for _, w := range Writers {
		name := w.Transport.String() + " " + w.Key
		add(name+" failure", w, nil, true)
		for ti, chunks := range npmTexts {
			text := strings.Join(chunks, "")
			add(fmt.Sprintf("%s text %d chunks", name, ti), w, chunks, false)
			add(fmt.Sprintf("%s text %d 743", name, ti), w, wire.Split743(text), false)
			add(fmt.Sprintf("%s text %d pinned", name, ti), w, wire.SplitPinned(text), false)
		}
		for _, h := range Hazards() {
			add(name+" hazard "+h.Title, w, h.Chunks, false)
		}
	}
	// What the writers never send, so that every branch of the models meets the real client.
	chunks := wire.Split743(improvisation)
	for _, w := range oddWebSocketWriters() {
		add("websocket "+w.Key, w, chunks, false)
	}
	for _, o := range oddHubs {
		w := Writer{Key: o.key, Transport: SignalR, Format: wire.FormatBit, Method: BitHubMethod, hub: true,
			handler: func(in wire.Input, fail bool) http.Handler { return bitHub(in, fail, o.opts) }}
		add("signalr "+o.key, w, chunks, false)
	}
	for _, f := range ApprovalStreams {
		s, err := f.Serve()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s.Close)
		w := Writer{Key: f.Key, Transport: f.Transport, Format: wire.FormatBit}
		out = append(out, transportStream{"approval " + f.Key, w, s, ApprovalTarget(f, s), true})
	}
	return out
}

// oddHubs are Bit's hub with each of the hub's hazards and legal oddities.
var oddHubs = []struct {
	key  string
	opts signalr.HubOptions
}{
	{"completion-error", signalr.HubOptions{CompletionError: "the model failed"}},
	{"close-error", signalr.HubOptions{CloseError: "the server is going down"}},
	{"close-error-reconnect", signalr.HubOptions{CloseError: "the server is going down", AllowReconnect: true}},
	{"drop-before-completion", signalr.HubOptions{DropBeforeCompletion: true}},
	{"foreign-item", signalr.HubOptions{ForeignItem: true}},
	{"item-after-completion", signalr.HubOptions{ItemAfterCompletion: true}},
	{"pings", signalr.HubOptions{PingEvery: 2}},
	{"packed", signalr.HubOptions{PackRecords: true}},
	{"split-packed", signalr.HubOptions{SplitRecords: true, PackRecords: true}},
}

// oddWebSocketWriters are Bit's WebSocket endpoint putting on the wire what a conforming reader
// must take (fragments, pings between them) and what it must refuse or report.
func oddWebSocketWriters() []Writer {
	serve := func(key string, send func(ctx context.Context, ws *websocket.Conn, events []string) error) Writer {
		return Writer{Key: key, Transport: WebSocket, Format: wire.FormatBit, handler: func(in wire.Input, fail bool) http.Handler {
			return bitSocket(wire.BitEvents(in.Chunks), send)
		}}
	}
	fragments := func(ping bool) func(ctx context.Context, ws *websocket.Conn, events []string) error {
		return func(ctx context.Context, ws *websocket.Conn, events []string) error {
			for _, e := range events {
				third := len(e) / 3
				parts := []string{e[:third], e[third : 2*third], e[2*third:]}
				for i, p := range parts {
					op := websocket.OpContinuation
					if i == 0 {
						op = websocket.OpText
					}
					if err := ws.WriteFrame(i == len(parts)-1, op, []byte(p), false); err != nil {
						return err
					}
					if ping && i == 0 {
						if err := ws.Ping([]byte("between")); err != nil {
							return err
						}
					}
				}
			}
			return nil
		}
	}
	return []Writer{
		serve("fragmented", fragments(false)),
		serve("ping-between-fragments", fragments(true)),
		serve("invalid-utf8", func(ctx context.Context, ws *websocket.Conn, events []string) error {
			_ = ws.Write(ctx, websocket.Text, []byte(events[0]))
			_ = ws.Write(ctx, websocket.Text, []byte("{\"type\":\"text.delta\",\"text\":\"\xff\"}"))
			time.Sleep(50 * time.Millisecond) // the client's close, read by Close
			return nil
		}),
		serve("drop", func(ctx context.Context, ws *websocket.Conn, events []string) error {
			_ = ws.Write(ctx, websocket.Text, []byte(events[0]))
			_ = ws.CloseNow()
			return errors.New("dropped")
		}),
		serve("close-1011", func(ctx context.Context, ws *websocket.Conn, events []string) error {
			_ = ws.Write(ctx, websocket.Text, []byte(events[0]))
			_ = ws.Close(websocket.CloseInternalError, "the model failed")
			return errors.New("closed")
		}),
		serve("binary", func(ctx context.Context, ws *websocket.Conn, events []string) error {
			for _, e := range events {
				if err := ws.Write(ctx, websocket.Binary, []byte(e)); err != nil {
					return err
				}
			}
			return nil
		}),
	}
}

// transportResult is one line of transports.mjs.
type transportResult struct {
	ID          int      `json:"id"`
	Client      string   `json:"client"`
	Values      []string `json:"values"`
	Binary      []bool   `json:"binary"`
	CloseCode   int      `json:"closeCode"`
	CloseReason string   `json:"closeReason"`
	Error       *string  `json:"error"`
	ErrorName   string   `json:"errorName"`
}

// delivery is the result as a Delivery in the words the models use: for ws, the 'error'
// event's message, else "closed CODE" for any close but a normal one.
func (r transportResult) delivery() Delivery {
	var d Delivery
	for i, v := range r.Values {
		b := []byte(v)
		if i < len(r.Binary) && r.Binary[i] {
			b, _ = base64.StdEncoding.DecodeString(v)
		}
		d.add(b, i < len(r.Binary) && r.Binary[i])
	}
	switch {
	case r.Error != nil && r.ErrorName == "SyntaxError":
		d.Err = &wire.JSSyntaxError{}
	case r.Error != nil:
		d.Err = errors.New(*r.Error)
	case r.Client == "ws" && r.CloseCode != 1000:
		d.Err = fmt.Errorf("closed %d", r.CloseCode)
	}
	return d
}

// runTransportClients runs transports.mjs on every stream, each with the client of its transport.
func runTransportClients(t *testing.T, streams []transportStream) (header map[string]string, results []transportResult) {
	t.Helper()
	type target struct {
		ID        int      `json:"id"`
		Client    string   `json:"client"`
		URL       string   `json:"url"`
		Method    string   `json:"method,omitempty"`
		Upload    bool     `json:"upload,omitempty"`
		Request   string   `json:"request"`
		Message   string   `json:"message"`
		DoneItems []string `json:"doneItems,omitempty"`
		React     any      `json:"react,omitempty"`
	}
	var targets []target
	for i, s := range streams {
		tg := target{ID: i, Client: "ws", URL: s.target.URL, Request: string(s.target.Request), Message: s.target.Message}
		if s.writer.Transport == SignalR {
			tg.Client, tg.Method, tg.Upload = "signalr", s.target.Method, s.target.Upload
		}
		if s.writer.Format == wire.FormatBoilerplate {
			tg.DoneItems = []string{BoilerplateSuccess, BoilerplateError}
		}
		if s.approves {
			if s.writer.Transport == WebSocket {
				tg.React = map[string]any{"whenType": "tool_call.approval_requested", "message": string(bitDecision(approvalCallID, true))}
			} else {
				tg.React = map[string]any{"whenType": "tool_call.approval_requested", "method": BitApprovalMethod, "args": []any{approvalCallID, true}}
			}
		}
		targets = append(targets, tg)
	}
	in, err := json.Marshal(targets)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "transports.mjs")
	cmd.Dir = npmDir
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node transports.mjs: %v\n%s", err, stderr.String())
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		if header == nil {
			if err := json.Unmarshal(sc.Bytes(), &header); err != nil {
				t.Fatalf("transports.mjs header %q: %v", sc.Text(), err)
			}
			continue
		}
		var r transportResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("transports.mjs line %q: %v", sc.Text(), err)
		}
		results = append(results, r)
	}
	if len(results) != len(streams) {
		t.Fatalf("transports.mjs gave %d results, want %d", len(results), len(streams))
	}
	return header, results
}

// sameValues compares what two clients handed over: WebSocket messages byte for byte, SignalR
// items as JSON values, since the package hands its application parsed items.
func sameValues(tr Kind, a, b Delivery) bool {
	if len(a.Values) != len(b.Values) {
		return false
	}
	for i := range a.Values {
		if tr == WebSocket {
			if !bytes.Equal(a.Values[i], b.Values[i]) || a.Binary[i] != b.Binary[i] {
				return false
			}
			continue
		}
		var x, y any
		if json.Unmarshal(a.Values[i], &x) != nil || json.Unmarshal(b.Values[i], &y) != nil || !reflect.DeepEqual(x, y) {
			return false
		}
	}
	return true
}

// sameEnd compares how two deliveries ended: no error in both, or the same message; a
// JSON.parse failure only by its kind, since V8 words its own.
func sameEnd(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	var sa, sb *wire.JSSyntaxError
	if errors.As(a, &sa) || errors.As(b, &sb) {
		return errors.As(a, &sa) && errors.As(b, &sb)
	}
	return a.Error() == b.Error()
}

// TestRealTransportClientsAgree runs npm ws and @microsoft/signalr on every transport writer's
// streams over loopback and checks each against the Go model the matrix uses in its place:
// the same messages or items, the same end, and so the same cell.
func TestRealTransportClientsAgree(t *testing.T) {
	testutil.RequireNode(t, npmDir, "@microsoft/signalr")
	streams := transportStreams(t)
	header, results := runTransportClients(t, streams)
	if header["ws"] != WSVersion {
		t.Errorf("node loaded ws %s, the model is of %s", header["ws"], WSVersion)
	}
	if header["globalWebSocket"] != "undefined" {
		t.Errorf("node has a global WebSocket (%s): @microsoft/signalr would use it instead of ws", header["globalWebSocket"])
	}
	t.Logf("%d streams; @microsoft/signalr loads its own ws %s", len(streams), header["signalrWs"])
	models := map[Kind]Reader{}
	for _, r := range Readers {
		if r.Package != "" {
			models[r.Transport] = r
		}
	}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	disagree, failures, surfaced := 0, 0, 0
	for _, r := range results {
		s := streams[r.ID]
		real := r.delivery()
		model := models[s.writer.Transport].Read(ctx, s.target)
		realText, realErr := Shows(s.writer.Format, real)
		modelText, modelErr := Shows(s.writer.Format, model)
		if realErr != nil {
			failures++
		}
		if s.approves && Surfaced(real) && realText == ApprovalAnswer {
			surfaced++
		}
		if sameValues(s.writer.Transport, real, model) && sameEnd(real.Err, model.Err) && realText == modelText && sameEnd(realErr, modelErr) {
			continue
		}
		disagree++
		if disagree <= 5 {
			t.Errorf("%s on %s:\nthe package: %d values, end %v; shows %q, %v\nthe model:   %d values, end %v; shows %q, %v",
				r.Client, s.label, len(real.Values), real.Err, clip(realText), realErr, len(model.Values), model.Err, clip(modelText), modelErr)
		}
	}
	// The comparison must see both kinds of outcome, or it checks too little.
	if failures == 0 || failures == len(results) {
		t.Errorf("%d of %d streams end in an error with the real clients: the streams do not tell the clients apart", failures, len(results))
	}
	// The approval replies end only once the real client's decision came back: the text after the
	// request shows it did.
	if want := len(ApprovalStreams) - 1; surfaced != want {
		t.Errorf("the real clients surfaced %d approval requests, want %d (every stream but the split hub's)", surfaced, want)
	}
	t.Logf("%d disagreements; %d streams end in an error", disagree, failures)
}
