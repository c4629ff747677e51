package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"course/internal/testutil"
	"course/stream/probe/probetest"
	"course/stream/signalr"
	"course/stream/websocket"
)

func legalCodes(ns []Note) []string {
	out := []string{}
	for _, n := range ns {
		out = append(out, n.Code)
	}
	return out
}

// checkLegalAndText checks the notes a stream's report gives of what the protocol allows (none
// when legal is nil), and the text the course's reader rd got.
func checkLegalAndText(t *testing.T, rep *Report, legal []string, rd MessageReader, text string) {
	t.Helper()
	if legal == nil {
		legal = []string{}
	}
	if got := legalCodes(rep.Legal); !slices.Equal(got, legal) {
		t.Errorf("legal %q, want %q", got, legal)
	}
	if got := reader(t, rep, rd.Name).Got; got != text {
		t.Errorf("the course's reader got %q, want %q", shorten(got), shorten(text))
	}
}

// TestWebSocketHazards: each hazard is shown by a stream with it and not by its clean twin.
func TestWebSocketHazards(t *testing.T) {
	big := func(n int) string { return `{"type":"text.delta","text":"` + strings.Repeat("x", n) + `"}` }
	tests := []struct {
		name    string
		write   func(context.Context, *websocket.Conn)
		hazards []string
		lines   []int // of the first hazard
		legal   []string
		text    string // what the course's reader gets
	}{
		{"clean text", probetest.Closing("Hel", "lo"), nil, nil, nil, "Hello"},
		{"clean events", probetest.Closing(probetest.BitEvents...), nil, nil, nil, "Hello"},
		{"event split across messages", probetest.Closing(`{"type":"text.delta","te`, `xt":"Hel"}`, probetest.BitEvents[1], probetest.BitEvents[2]), []string{HazardSplitJSON}, []int{1}, nil,
			`{"type":"text.delta","text":"Hel"}lo`},
		{"binary message", func(ctx context.Context, c *websocket.Conn) {
			probetest.Texts(ctx, c, "Hel")
			_ = c.Write(ctx, websocket.Binary, []byte("lo"))
			_ = c.Close(websocket.CloseNormal, "")
		}, []string{HazardBinary}, []int{2}, nil, "Hel"},
		{"invalid UTF-8", func(ctx context.Context, c *websocket.Conn) {
			probetest.Texts(ctx, c, "Hel")
			_ = c.WriteFrame(true, websocket.OpText, []byte("l\xffo"), false)
			_, _ = c.Read(ctx)
		}, []string{HazardInvalidUTF8}, nil, nil, "Hel"},
		{"dropped without a close frame", func(ctx context.Context, c *websocket.Conn) {
			probetest.Texts(ctx, c, "Hel", "lo")
			_ = c.CloseNow()
		}, []string{HazardNoCloseFrame}, nil, nil, "Hello"},
		{"closed with an error code", func(ctx context.Context, c *websocket.Conn) {
			probetest.Texts(ctx, c, "Hel")
			_ = c.Close(websocket.CloseInternalError, "model down")
		}, []string{HazardCloseCode}, nil, nil, "Hel"},
		{"masked frame from the server", func(ctx context.Context, c *websocket.Conn) {
			_ = c.WriteFrame(true, websocket.OpText, []byte("Hello"), true)
			_, _ = c.Read(ctx)
		}, []string{HazardProtocol}, nil, nil, ""},
		{"end marker in the text", probetest.Closing("Hel", "lo", MarkerSuccess), []string{HazardMarker}, []int{3}, nil, "Hello"},
		{"[DONE] in the text", probetest.Closing("Hel", "lo", "[DONE]"), []string{HazardMarker}, []int{3}, nil, "Hello"},
		{"error event", probetest.Closing(probetest.BitEvents[0], `{"type":"error","message":"An error occurred."}`), []string{HazardErrorEvent}, []int{2}, nil, "Hel"},
		{"large message", probetest.Closing(big(40<<10), probetest.BitEvents[2]), []string{HazardLargeMessage}, []int{1}, nil, strings.Repeat("x", 40<<10)},
		{"message under coder's limit", probetest.Closing(big(30<<10), probetest.BitEvents[2]), nil, nil, nil, strings.Repeat("x", 30<<10)},
		{"no message", probetest.Closing(), []string{HazardNoEvents}, nil, nil, ""},
		{"fragmented, with pings", func(ctx context.Context, c *websocket.Conn) {
			_ = c.Ping([]byte("hi"))
			_ = c.WriteFrame(false, websocket.OpText, []byte("He"), false)
			_ = c.WriteFrame(true, websocket.OpPing, nil, false)
			_ = c.WriteFrame(false, websocket.OpContinuation, []byte("l"), false)
			_ = c.WriteFrame(true, websocket.OpContinuation, []byte("lo"), false)
			_ = c.Close(websocket.CloseNormal, "")
		}, nil, nil, []string{LegalFragmented, LegalBetween, LegalPing}, "Hello"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := probetest.WebSocket(t, tt.write)
			rep, err := Run(t.Context(), Options{URL: url, Body: message("hi"), MessageReaders: []MessageReader{TextMessages}})
			if err != nil {
				t.Fatal(err)
			}
			want := tt.hazards
			if want == nil {
				want = []string{}
			}
			if got := codes(rep.Hazards); !slices.Equal(got, want) {
				t.Fatalf("hazards %q, want %q: %+v", got, want, rep.Hazards)
			}
			if tt.lines != nil && !slices.Equal(rep.Hazards[0].Lines, tt.lines) {
				t.Errorf("%s on messages %v, want %v", rep.Hazards[0].Code, rep.Hazards[0].Lines, tt.lines)
			}
			if rep.Pass != (len(want) == 0) || !rep.Complete || rep.Transport != TransportWebSocket || rep.Status != 101 {
				t.Errorf("pass %v, complete %v, transport %s, status %d with hazards %q", rep.Pass, rep.Complete, rep.Transport, rep.Status, want)
			}
			checkLegalAndText(t, rep, tt.legal, TextMessages, tt.text)
			if rep.WebSocket == nil || rep.WebSocket.Close == nil {
				t.Fatalf("socket report %+v", rep.WebSocket)
			}
		})
	}
}

func TestWebSocketFramesAndClose(t *testing.T) {
	url := probetest.WebSocket(t, func(ctx context.Context, c *websocket.Conn) {
		_ = c.WriteFrame(false, websocket.OpText, []byte("He"), false)
		_ = c.WriteFrame(true, websocket.OpContinuation, []byte("llo"), false)
		_ = c.Close(4001, "bye")
	})
	rep, err := Run(t.Context(), Options{URL: url, Body: message("hi")})
	if err != nil {
		t.Fatal(err)
	}
	ws := rep.WebSocket
	if len(rep.Events) != 1 || rep.Events[0].Frames != 2 || rep.Events[0].Type != "text" || rep.Events[0].Data != "Hello" {
		t.Errorf("events %+v", rep.Events)
	}
	if ws.Messages != 1 || ws.Fragmented != 1 || ws.Close.Code != 4001 || ws.Close.Reason != "bye" || ws.Close.By != "server" || ws.Close.Name != "application code" {
		t.Errorf("socket %+v, close %+v", ws, ws.Close)
	}
	// An application's own close code is the application's business: no hazard.
	if len(rep.Hazards) != 1 || rep.Hazards[0].Code != HazardCloseCode {
		t.Errorf("hazards %+v", rep.Hazards)
	}
	b, err := rep.JSON()
	if err != nil || !bytes.Contains(b, []byte(`"frames": 2`)) || !bytes.Contains(b, []byte(`"transport": "websocket"`)) {
		t.Errorf("%v\n%s", err, b)
	}
}

// TestWebSocketRequest: the request goes up as the first text message, with the headers in the
// handshake.
func TestWebSocketRequest(t *testing.T) {
	got := make(chan string, 2)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- r.Header.Get("Authorization")
		c, err := websocket.Accept(w, r)
		if err != nil {
			return
		}
		defer c.CloseNow()
		m, err := c.Read(context.Background())
		if err != nil {
			return
		}
		got <- m.Type.String() + " " + string(m.Data)
		_ = c.Close(websocket.CloseNormal, "")
	}))
	defer srv.Close()
	_, err := Run(t.Context(), Options{URL: "ws" + strings.TrimPrefix(srv.URL, "http"), Body: []byte(`{"q":1}`), Header: http.Header{"Authorization": {"Bearer t"}}})
	if err != nil {
		t.Fatal(err)
	}
	if auth, first := <-got, <-got; auth != "Bearer t" || first != `text {"q":1}` {
		t.Errorf("authorization %q, first message %q", auth, first)
	}
}

func TestWebSocketAnswer(t *testing.T) {
	url := probetest.WebSocket(t, probetest.Closing(probetest.BitEvents...))
	rep, err := Run(t.Context(), Options{URL: url, Body: message("hi"), AnswerFile: writeFile(t, "a.txt", "Hello")})
	if err != nil {
		t.Fatal(err)
	}
	// The stream's events are JSON: the course's reader and Bit's are measured.
	if m := probeMeasures(rep); len(m) != 2 || m[TextMessages.Name] != "exact" || m[BitClient.Name] != "exact" || !rep.Pass {
		t.Errorf("measures %v, pass %v", m, rep.Pass)
	}
	rep, _ = Run(t.Context(), Options{URL: url, Body: message("hi"), AnswerFile: writeFile(t, "a.txt", "Hello!")})
	if rep.Pass || probeMeasures(rep)[BitClient.Name] == "exact" {
		t.Errorf("passed against another answer: %v", probeMeasures(rep))
	}
	// Plain text is not Bit's: only the course's reader is measured, unless Bit's is asked for.
	url = probetest.WebSocket(t, probetest.Closing("Hel", "lo"))
	rep, _ = Run(t.Context(), Options{URL: url, Body: message("hi"), AnswerFile: writeFile(t, "a.txt", "Hello")})
	if m := probeMeasures(rep); len(m) != 1 || m[TextMessages.Name] != "exact" || !rep.Pass {
		t.Errorf("plain text: measures %v", m)
	}
	readers, err := FindMessageReaders(TransportWebSocket, []string{"text", "bit"})
	if err != nil {
		t.Fatal(err)
	}
	rep, _ = Run(t.Context(), Options{URL: url, Body: message("hi"), AnswerFile: writeFile(t, "a.txt", "Hello"), MessageReaders: readers})
	if m := probeMeasures(rep); m[BitClient.Name] != `(throws) bit: message 1 is not a JSON event: Hel` || rep.Pass {
		t.Errorf("plain text read by Bit's transport: %v", m)
	}
}

func probeMeasures(rep *Report) map[string]string {
	m := map[string]string{}
	for _, r := range rep.Readers {
		m[r.Reader] = r.Measure
		if r.Throws != "" {
			m[r.Reader] = "(throws) " + r.Throws
		}
	}
	return m
}

// TestWebSocketIdle: a server that stops sending and never closes is named idle when the
// deadline ends the probe; its twin, which closes, passes; one still sending at the deadline is
// not idle. The three probes run side by side, so their deadlines pass together.
func TestWebSocketIdle(t *testing.T) {
	t.Parallel()
	const timeout = 2 * time.Second
	idle := probetest.WebSocket(t, probetest.UntilGone(func(ctx context.Context, c *websocket.Conn) { probetest.Texts(ctx, c, "Hel", "lo") }))
	closing := probetest.WebSocket(t, probetest.Closing("Hel", "lo"))
	sending := probetest.WebSocket(t, func(ctx context.Context, c *websocket.Conn) {
		for ctx.Err() == nil {
			if c.Write(ctx, websocket.Text, []byte("tick")) != nil {
				return
			}
			time.Sleep(time.Millisecond)
		}
	})
	type result struct {
		rep *Report
		err error
	}
	var idleRun, closingRun, sendingRun result
	var wg sync.WaitGroup
	for _, r := range []struct {
		url string
		res *result
	}{{idle, &idleRun}, {closing, &closingRun}, {sending, &sendingRun}} {
		wg.Go(func() {
			r.res.rep, r.res.err = Run(t.Context(), Options{URL: r.url, Body: message("hi"), Timeout: timeout})
		})
	}
	wg.Wait()

	rep, err := idleRun.rep, idleRun.err
	var pe *Error
	if !errors.As(err, &pe) || pe.Reason != ReasonTimeout || !strings.Contains(pe.Msg, "timed out after 2s with the socket still open, idle for the last ") ||
		!strings.HasSuffix(pe.Msg, ": 5 bytes and 2 messages received so far") {
		t.Fatalf("error %v", err)
	}
	if got := codes(rep.Hazards); !slices.Equal(got, []string{HazardIdle}) || rep.Complete || rep.Pass {
		t.Errorf("hazards %q, complete %v", got, rep.Complete)
	}

	if rep, err := closingRun.rep, closingRun.err; err != nil || !rep.Pass {
		t.Errorf("the twin that closes: %v, hazards %+v", err, rep.Hazards)
	}

	rep, err = sendingRun.rep, sendingRun.err
	if !errors.As(err, &pe) || pe.Reason != ReasonTimeout || strings.Contains(pe.Msg, "idle") || slices.Contains(codes(rep.Hazards), HazardIdle) {
		t.Errorf("a stream still sending: %v, hazards %q", err, codes(rep.Hazards))
	}
}

// TestWebSocketOwnLimit: a message over --max-bytes is refused with 1009, and the probe says
// which bound to raise; one within it is read.
func TestWebSocketOwnLimit(t *testing.T) {
	url := probetest.WebSocket(t, probetest.UntilGone(func(ctx context.Context, c *websocket.Conn) {
		probetest.Texts(ctx, c, "Hel", strings.Repeat("x", 2000))
	}))
	rep, err := Run(t.Context(), Options{URL: url, Body: message("hi"), MaxBytes: 1000})
	var pe *Error
	if !errors.As(err, &pe) || pe.Reason != ReasonLimit ||
		pe.Msg != "probe: stopped at a message longer than 1000 bytes, which the probe refused with 1009: raise --max-bytes: 3 bytes and 1 message received so far" {
		t.Fatalf("error %v", err)
	}
	if got := codes(rep.Hazards); !slices.Equal(got, []string{HazardTooBig}) || rep.WebSocket.Close == nil || rep.WebSocket.Close.Code != 1009 || rep.WebSocket.Close.By != "probe" {
		t.Errorf("hazards %q, socket %+v", got, rep.WebSocket)
	}
	url = probetest.WebSocket(t, probetest.Closing("Hel", strings.Repeat("x", 900)))
	if rep, err := Run(t.Context(), Options{URL: url, Body: message("hi"), MaxBytes: 1000}); err != nil || !rep.Pass {
		t.Errorf("within the limit: %v", err)
	}
	url = probetest.WebSocket(t, probetest.Closing("Hel", "lo"))
	if _, err := Run(t.Context(), Options{URL: url, Body: message("hi"), MaxEvents: 1}); err == nil || !strings.Contains(err.Error(), "stopped after 1 message: raise --max-events: 3 bytes received so far") {
		t.Errorf("--max-events 1: %v", err)
	}
	if rep, err := Run(t.Context(), Options{URL: url, Body: message("hi"), MaxEvents: 2, MaxBytes: 5}); err != nil || !rep.Pass {
		t.Errorf("a stream of exactly the bounds: %v", err)
	}
	if _, err := Run(t.Context(), Options{URL: url, Body: message("hi"), MaxBytes: 4}); err == nil || !strings.Contains(err.Error(), "stopped after 4 bytes: raise --max-bytes: 1 message received so far") {
		t.Errorf("--max-bytes 4: %v", err)
	}
}

func TestWebSocketCannotRun(t *testing.T) {
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no socket here", http.StatusNotFound)
	}))
	defer refusing.Close()
	wsURL := "ws" + strings.TrimPrefix(refusing.URL, "http")
	tests := []struct {
		name   string
		opts   Options
		reason Reason
		msg    string
	}{
		{"refused upgrade", Options{URL: wsURL + "/chat"}, ReasonStatus, "probe: " + wsURL + "/chat refused the WebSocket upgrade: HTTP 404 Not Found: no socket here"},
		{"closed port", Options{URL: "ws" + strings.TrimPrefix(closedPort(t), "http") + "/chat"}, ReasonConnect, "probe: connection refused by 127.0.0.1:"},
		{"http URL as a WebSocket", Options{URL: refusing.URL, Transport: TransportWebSocket}, ReasonUsage, "is not a ws or wss URL"},
		{"ws URL with a method", Options{URL: wsURL, Method: "POST"}, ReasonUsage, "--method is for server-sent events: a WebSocket opens with GET"},
		{"hub method without SignalR", Options{URL: wsURL, HubMethod: "Chat"}, ReasonUsage, "--hub-method is for SignalR: add --transport signalr"},
		{"unknown transport", Options{URL: wsURL, Transport: "carrier-pigeon"}, ReasonUsage, `transport "carrier-pigeon": the probe speaks sse, websocket, signalr`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Run(t.Context(), tt.opts)
			var pe *Error
			if !errors.As(err, &pe) || pe.Reason != tt.reason || !strings.Contains(pe.Msg, tt.msg) || strings.Contains(pe.Msg, "\n") {
				t.Fatalf("error %v, want %s with %q", err, tt.reason, tt.msg)
			}
			if tt.reason == ReasonStatus && (rep.Status != 404 || rep.StatusText != "Not Found" || rep.ErrorBody != "no socket here") {
				t.Errorf("report %+v", rep)
			}
		})
	}
}

// TestSignalRHazards: each hazard is shown by a stream with it and not by its clean twin.
func TestSignalRHazards(t *testing.T) {
	plain := signalr.Items("Hel", "lo")
	tests := []struct {
		name    string
		fn      signalr.StreamFunc
		opts    signalr.HubOptions
		hazards []string
		legal   []string
		text    string
	}{
		{"clean", plain, signalr.HubOptions{}, nil, nil, "Hello"},
		{"clean events", signalr.Items(json.RawMessage(probetest.BitEvents[0]), json.RawMessage(probetest.BitEvents[1]), json.RawMessage(probetest.BitEvents[2])), signalr.HubOptions{}, nil, nil, "Hello"},
		{"pings and packed records", plain, signalr.HubOptions{PingEvery: 1, PackRecords: true}, nil, []string{LegalKeepAlive, LegalPacked}, "Hello"},
		{"record split across messages", plain, signalr.HubOptions{SplitRecords: true}, []string{HazardSplitRecord}, nil, "Hello"},
		{"dropped before the Completion", plain, signalr.HubOptions{DropBeforeCompletion: true}, []string{HazardNoCompletion}, nil, "Hello"},
		{"Completion with an error", plain, signalr.HubOptions{CompletionError: "model unavailable"}, []string{HazardCompletionError}, nil, "Hello"},
		{"Close with an error", plain, signalr.HubOptions{CloseError: "server shutting down"}, []string{HazardNoCompletion, HazardCloseError}, nil, "Hello"},
		{"item for another invocation", plain, signalr.HubOptions{ForeignItem: true}, []string{HazardForeignItem}, nil, "Hello"},
		{"item after the Completion", plain, signalr.HubOptions{ItemAfterCompletion: true}, []string{HazardItemAfterCompletion}, nil, "Hello"},
		{"item after the Completion, hub left open", plain, signalr.HubOptions{ItemAfterCompletion: true, KeepOpen: true}, []string{HazardItemAfterCompletion}, nil, "Hello"},
		{"end marker in the text", signalr.Items("Hel", "lo", MarkerSuccess, `{"FollowUpSuggestions":["More?"]}`), signalr.HubOptions{}, []string{HazardMarker}, nil, "Hello"},
		{"error marker in the text", signalr.Items("Hel", MarkerError), signalr.HubOptions{}, []string{HazardErrorEvent}, nil, "Hel"},
		{"no item", signalr.Items(), signalr.HubOptions{}, []string{HazardNoEvents}, nil, ""},
		{"large message", signalr.Items(strings.Repeat("x", 40<<10)), signalr.HubOptions{}, []string{HazardLargeMessage}, nil, strings.Repeat("x", 40<<10)},
		{"message under coder's limit", signalr.Items(strings.Repeat("x", 30<<10)), signalr.HubOptions{}, nil, nil, strings.Repeat("x", 30<<10)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := probetest.Hub(t, signalr.NewHub(tt.fn, tt.opts))
			rep, err := Run(t.Context(), Options{URL: url, Transport: TransportSignalR, HubMethod: "StreamAsync", Body: message("hi")})
			if err != nil {
				t.Fatal(err)
			}
			want := tt.hazards
			if want == nil {
				want = []string{}
			}
			if got := codes(rep.Hazards); !slices.Equal(got, want) {
				t.Fatalf("hazards %q, want %q: %+v\nhub %+v", got, want, rep.Hazards, rep.SignalR)
			}
			if rep.Pass != (len(want) == 0) || !rep.Complete || rep.Transport != TransportSignalR {
				t.Errorf("pass %v, complete %v with hazards %q", rep.Pass, rep.Complete, want)
			}
			checkLegalAndText(t, rep, tt.legal, TextItems, tt.text)
			if h := rep.SignalR; h == nil || h.Method != "StreamAsync" || h.ConnectionID == "" || !slices.Equal(h.Transports, []string{"WebSockets"}) {
				t.Errorf("hub report %+v", h)
			}
		})
	}
}

// TestSignalRReaders: the items' shape picks the clients measured, and each reads as its model says.
func TestSignalRReaders(t *testing.T) {
	answer := writeFile(t, "a.txt", "Hello")
	boilerplate := probetest.Hub(t, signalr.NewHub(signalr.Items("Hel", "lo", MarkerSuccess, `{"FollowUpSuggestions":["More?"]}`), signalr.HubOptions{}))
	rep, err := Run(t.Context(), Options{URL: boilerplate, Transport: TransportSignalR, HubMethod: "StartChat", Body: message("hi"), AnswerFile: answer})
	if err != nil {
		t.Fatal(err)
	}
	// The marker is a hazard, but both readers know it: the answer arrives whole.
	if m := probeMeasures(rep); len(m) != 2 || m[TextItems.Name] != "exact" || m[BoilerplatePanel.Name] != "exact" || !rep.Pass {
		t.Errorf("measures %v, pass %v", m, rep.Pass)
	}
	readers, err := FindMessageReaders(TransportSignalR, []string{"bit"})
	if err != nil {
		t.Fatal(err)
	}
	rep, _ = Run(t.Context(), Options{URL: boilerplate, Transport: TransportSignalR, HubMethod: "StartChat", Body: message("hi"), AnswerFile: answer, MessageReaders: readers})
	if m := probeMeasures(rep); m[BitClient.Name] != "(throws) bit: message 1 is not a JSON event: Hel" {
		t.Errorf("Bit's transport on string items: %v", m)
	}

	events := probetest.Hub(t, signalr.NewHub(signalr.Items(json.RawMessage(probetest.BitEvents[0]), json.RawMessage(probetest.BitEvents[1]), json.RawMessage(probetest.BitEvents[2])), signalr.HubOptions{}))
	rep, _ = Run(t.Context(), Options{URL: events, Transport: TransportSignalR, HubMethod: "StreamAsync", AnswerFile: answer})
	if m := probeMeasures(rep); len(m) != 2 || m[TextItems.Name] != "exact" || m[BitClient.Name] != "exact" || !rep.Pass {
		t.Errorf("event items: measures %v", m)
	}
	readers, _ = FindMessageReaders(TransportSignalR, []string{"boilerplate"})
	rep, _ = Run(t.Context(), Options{URL: events, Transport: TransportSignalR, HubMethod: "StreamAsync", AnswerFile: answer, MessageReaders: readers})
	if m := probeMeasures(rep); m[BoilerplatePanel.Name] != "(throws) item 1: The JSON value could not be converted to System.String" {
		t.Errorf("the Boilerplate panel on object items: %v", m)
	}
	if _, err := FindMessageReaders(TransportWebSocket, []string{"boilerplate"}); err == nil || !strings.Contains(err.Error(), "the websocket readers are text (") {
		t.Errorf("the Boilerplate panel over a WebSocket: %v", err)
	}
}

// TestSignalRArgument: the request is the hub method's one argument.
func TestSignalRArgument(t *testing.T) {
	got := make(chan string, 1)
	hub := signalr.NewHub(func(ctx context.Context, target string, args []json.RawMessage, yield func(any) error) error {
		var parts []string
		for _, a := range args {
			parts = append(parts, string(a))
		}
		got <- target + "(" + strings.Join(parts, ", ") + ")"
		return yield("ok")
	}, signalr.HubOptions{})
	if _, err := Run(t.Context(), Options{URL: probetest.Hub(t, hub), Transport: TransportSignalR, HubMethod: "Ask", Body: []byte(`{"q":1}`)}); err != nil {
		t.Fatal(err)
	}
	if g := <-got; g != `Ask({"q":1})` {
		t.Errorf("invocation %s", g)
	}
}

// TestSignalRIdle: a hub that streams and then neither completes nor closes, keep-alive pings
// and all, is idle at the deadline; its twin completes.
func TestSignalRIdle(t *testing.T) {
	t.Parallel()
	stall := func(ctx context.Context, _ string, _ []json.RawMessage, yield func(any) error) error {
		if err := yield("Hel"); err != nil {
			return err
		}
		<-ctx.Done()
		return ctx.Err()
	}
	url := probetest.Hub(t, signalr.NewHub(stall, signalr.HubOptions{KeepAlive: 50 * time.Millisecond}))
	rep, err := Run(t.Context(), Options{URL: url, Transport: TransportSignalR, HubMethod: "StreamAsync", Timeout: 2 * time.Second})
	var pe *Error
	if !errors.As(err, &pe) || pe.Reason != ReasonTimeout || !strings.Contains(pe.Msg, "with the stream still open, idle for the last ") {
		t.Fatalf("error %v", err)
	}
	if got := codes(rep.Hazards); !slices.Equal(got, []string{HazardIdle}) || rep.SignalR.Pings == 0 {
		t.Errorf("hazards %q, hub %+v", got, rep.SignalR)
	}

	complete := func(_ context.Context, _ string, _ []json.RawMessage, yield func(any) error) error {
		return yield("Hel")
	}
	twin := probetest.Hub(t, signalr.NewHub(complete, signalr.HubOptions{KeepAlive: 50 * time.Millisecond}))
	rep, err = Run(t.Context(), Options{URL: twin, Transport: TransportSignalR, HubMethod: "StreamAsync", Timeout: 2 * time.Second})
	if err != nil {
		t.Errorf("the twin that completes: %v", err)
	} else if !rep.Pass {
		t.Errorf("the twin that completes: hazards %+v", rep.Hazards)
	}
}

func TestSignalRCannotRun(t *testing.T) {
	notHub := httptest.NewServer(http.NotFoundHandler())
	defer notHub.Close()
	noWebSockets := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"connectionId":"a","connectionToken":"b","negotiateVersion":1,"availableTransports":[{"transport":"LongPolling","transferFormats":["Text"]}]}`)
	}))
	defer noWebSockets.Close()
	tests := []struct {
		name   string
		opts   Options
		reason Reason
		msg    string
	}{
		{"failed negotiate", Options{URL: notHub.URL + "/hub"}, ReasonStatus, "probe: negotiate with " + notHub.URL + "/hub failed: HTTP 404 Not Found: 404 page not found"},
		{"no WebSockets", Options{URL: noWebSockets.URL + "/hub"}, ReasonHandshake, "failed: the hub offers no WebSockets transport (offers LongPolling)"},
		{"closed port", Options{URL: closedPort(t) + "/hub"}, ReasonConnect, "probe: connection refused by 127.0.0.1:"},
		{"no hub method", Options{URL: notHub.URL, HubMethod: "-"}, ReasonUsage, ""},
		{"ws URL", Options{URL: "ws://127.0.0.1:1/hub"}, ReasonUsage, "give the hub's http or https URL"},
		{"argument not JSON", Options{URL: notHub.URL, Body: []byte("hi")}, ReasonUsage, "the hub method's argument is not JSON: hi"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Transport = TransportSignalR
			switch tt.opts.HubMethod {
			case "":
				tt.opts.HubMethod = "StreamAsync"
			case "-":
				tt.opts.HubMethod, tt.msg = "", "a SignalR probe streams a hub method: give --hub-method NAME"
			}
			_, err := Run(t.Context(), tt.opts)
			var pe *Error
			if !errors.As(err, &pe) || pe.Reason != tt.reason || !strings.Contains(pe.Msg, tt.msg) || strings.Contains(pe.Msg, "\n") {
				t.Fatalf("error %v, want %s with %q", err, tt.reason, tt.msg)
			}
		})
	}
}

func TestSignalRInvalidUTF8(t *testing.T) {
	url := probetest.RawHub(t, func(ctx context.Context, c *websocket.Conn) {
		_ = c.Write(ctx, websocket.Text, []byte(`{"type":2,"invocationId":"0","item":"Hel"}`+"\x1e"))
		_ = c.WriteFrame(true, websocket.OpText, []byte(`{"type":2,"invocationId":"0","item":"l`+"\xff"+`o"}`+"\x1e"), false)
		_, _ = c.Read(ctx)
	})
	rep, err := Run(t.Context(), Options{URL: url, Transport: TransportSignalR, HubMethod: "StreamAsync"})
	if err != nil {
		t.Fatal(err)
	}
	if got := codes(rep.Hazards); !slices.Equal(got, []string{HazardInvalidUTF8, HazardNoCompletion}) || rep.EventCount != 1 {
		t.Errorf("hazards %q, %d items", got, rep.EventCount)
	}
}

// mib is n bytes in MiB.
func mib(n uint64) float64 { return float64(n) / (1 << 20) }

// bounded runs one probe, measuring its time and how far the heap grew while it ran.
func bounded(t *testing.T, opts Options) (*Report, error, time.Duration, uint64) {
	t.Helper()
	var rep *Report
	var err error
	start := time.Now()
	grown := testutil.PeakHeapGrowth(func() {
		rep, err = Run(t.Context(), opts)
		_ = rep.WriteJSON(io.Discard)
	})
	return rep, err, time.Since(start), grown
}

// TestMessageBounds: over a WebSocket and under SignalR, a stream that never ends, one message
// of 64 MiB (whole or in 1 MiB fragments), a record that never ends and a server that never
// closes each stop at the probe's bounds, in bounded time and memory, with the reason.
func TestMessageBounds(t *testing.T) {
	const huge = 64 << 20
	// The server that never closes sends nothing, so its probe is idle from the start whatever
	// the deadline, and the deadline is only how long the test waits to see it stop.
	const timeout = time.Second
	zeros := func() io.Reader { return io.LimitReader(probetest.Endless('x'), huge) }
	tests := []struct {
		name   string
		url    func(t *testing.T) string
		opts   Options
		reason Reason
		msg    string
	}{
		{"endless messages", func(t *testing.T) string {
			url, _ := probetest.EndlessSocket(t, "token", 0)
			return url
		}, Options{}, ReasonLimit, "stopped after 100000 messages: raise --max-events"},
		{"endless large messages", func(t *testing.T) string {
			url, _ := probetest.EndlessSocket(t, `{"type":"text.delta","text":"`+strings.Repeat("x", 2000)+`"}`, 0)
			return url
		}, Options{}, ReasonLimit, "stopped after 4 MiB: raise --max-bytes"},
		{"one 64 MiB message", func(t *testing.T) string {
			return probetest.WebSocket(t, func(ctx context.Context, c *websocket.Conn) {
				_ = c.WriteFrameFrom(true, websocket.OpText, huge, zeros(), false)
				_, _ = c.Read(ctx)
			})
		}, Options{}, ReasonLimit, "stopped at a message longer than 4 MiB, which the probe refused with 1009"},
		{"64 MiB in 1 MiB fragments", func(t *testing.T) string {
			return probetest.WebSocket(t, func(ctx context.Context, c *websocket.Conn) {
				op := websocket.OpText
				for i := range 64 {
					if c.WriteFrameFrom(i == 63, op, 1<<20, probetest.Endless('x'), false) != nil {
						return
					}
					op = websocket.OpContinuation
				}
				_, _ = c.Read(ctx)
			})
		}, Options{}, ReasonLimit, "stopped at a message longer than 4 MiB, which the probe refused with 1009"},
		{"a frame that promises 2^62 bytes", func(t *testing.T) string {
			return probetest.WebSocket(t, func(ctx context.Context, c *websocket.Conn) {
				_ = c.WriteFrameFrom(true, websocket.OpBinary, 1<<62, probetest.Endless('x'), false)
			})
		}, Options{}, ReasonLimit, "refused with 1009"},
		{"never closes", func(t *testing.T) string {
			return probetest.WebSocket(t, probetest.UntilGone(func(context.Context, *websocket.Conn) {}))
		}, Options{Timeout: timeout}, ReasonTimeout, "timed out after 1s with the socket still open, idle for the last"},
		{"endless items", func(t *testing.T) string {
			return probetest.Hub(t, signalr.NewHub(probetest.EndlessItems, signalr.HubOptions{}))
		}, Options{Transport: TransportSignalR, HubMethod: "StreamAsync"}, ReasonLimit, "stopped after 4 MiB: raise --max-bytes"},
		{"one 64 MiB record", func(t *testing.T) string {
			return probetest.RawHub(t, func(ctx context.Context, c *websocket.Conn) {
				_ = c.WriteFrameFrom(true, websocket.OpText, huge, zeros(), false)
				_, _ = c.Read(ctx)
			})
		}, Options{Transport: TransportSignalR, HubMethod: "StreamAsync"}, ReasonLimit, "stopped at a message longer than 4 MiB, which the probe refused with 1009"},
		{"a record in 1 MiB messages with no separator", func(t *testing.T) string {
			return probetest.RawHub(t, func(ctx context.Context, c *websocket.Conn) {
				for c.WriteFrameFrom(true, websocket.OpText, 1<<20, probetest.Endless('x'), false) == nil {
				}
			})
		}, Options{Transport: TransportSignalR, HubMethod: "StreamAsync"}, ReasonLimit, "stopped after 4 MiB: raise --max-bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.URL, opts.Body = tt.url(t), message("hi")
			if opts.Timeout == 0 {
				opts.Timeout = 20 * time.Second
			}
			rep, err, took, grown := bounded(t, opts)
			var pe *Error
			if !errors.As(err, &pe) || pe.Reason != tt.reason || !strings.Contains(pe.Msg, tt.msg) {
				t.Fatalf("error %v, want %s: %q", err, tt.reason, tt.msg)
			}
			t.Logf("%s: %v, heap grew %.1f MiB, %d bytes, %d events kept of %d", pe.Reason, took.Round(time.Millisecond), mib(grown), rep.Bytes, len(rep.Events), rep.EventCount)
			if grown > 2*heapBound {
				t.Errorf("heap grew by %.1f MiB", mib(grown))
			}
			if took > opts.Timeout+testutil.PastDeadline() {
				t.Errorf("took %v for a %v deadline", took, opts.Timeout)
			}
			if rep.Complete || rep.Pass || len(rep.Events) > 2*DefaultKeepEvents+1 {
				t.Errorf("complete %v, pass %v, %d events kept", rep.Complete, rep.Pass, len(rep.Events))
			}
		})
	}
}
