package signalr

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"course/internal/testutil"
	"course/stream/websocket"
)

// failBound bounds waits that should end at once: a failure bound on a loaded machine, not a pace.
const failBound = 30 * time.Second

func bounded(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), failBound)
	t.Cleanup(cancel)
	return ctx
}

// serveHub serves h on loopback and returns the hub's URL.
func serveHub(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		srv.Close()
		if hub, ok := h.(*Hub); ok {
			hub.Wait()
		}
	})
	return srv.URL + "/hubs/chat"
}

var deltas = []any{
	map[string]any{"type": "text.delta", "delta": "Hel"},
	map[string]any{"type": "text.delta", "delta": "lo, "},
	map[string]any{"type": "text.delta", "delta": "world"},
}

// run streams "StreamAsync" from a hub with opts and returns the items, Next's final error and
// the report after draining.
func run(t *testing.T, opts HubOptions) ([]string, error, Report) {
	t.Helper()
	url := serveHub(t, NewHub(Items(deltas...), opts))
	ctx := bounded(t)
	c, err := Dial(ctx, url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Conn().CloseNow()
	s, err := c.Stream(ctx, "StreamAsync", map[string]any{"message": "hi"})
	if err != nil {
		t.Fatal(err)
	}
	var items []string
	for {
		it, err := s.Next(ctx)
		if err != nil {
			if derr := s.Drain(ctx); derr != nil {
				t.Fatalf("drain: %v", derr)
			}
			return items, err, s.Report()
		}
		items = append(items, string(it))
	}
}

func want(items ...string) []string { return items }

var wantItems = want(`{"delta":"Hel","type":"text.delta"}`, `{"delta":"lo, ","type":"text.delta"}`, `{"delta":"world","type":"text.delta"}`)

// Each hazard is shown by a stream with it and not by its clean twin.
func TestHazards(t *testing.T) {
	cases := []struct {
		name    string
		opts    HubOptions
		hazards []string
		items   []string
		end     func(error) bool
	}{
		{"clean", HubOptions{}, nil, wantItems, isEOF},
		{"pings", HubOptions{PingEvery: 1}, nil, wantItems, isEOF},
		{"packed records", HubOptions{PackRecords: true}, nil, wantItems, isEOF},
		{"split records", HubOptions{SplitRecords: true}, []string{HazardSplitRecord}, wantItems, isEOF},
		{"drop before completion", HubOptions{DropBeforeCompletion: true}, []string{HazardNoCompletion}, wantItems, isNoCompletion},
		{"completion error", HubOptions{CompletionError: "model unavailable"}, []string{HazardCompletionError}, wantItems, isHubError(false)},
		{"close error", HubOptions{CloseError: "server shutting down", AllowReconnect: true}, []string{HazardNoCompletion, HazardCloseError}, wantItems, isHubError(true)},
		{"foreign item", HubOptions{ForeignItem: true}, []string{HazardForeignItem}, wantItems, isEOF},
		{"item after completion", HubOptions{ItemAfterCompletion: true}, []string{HazardItemAfterCompletion}, wantItems, isEOF},
		{"split and packed", HubOptions{SplitRecords: true, PackRecords: true, PingEvery: 2}, []string{HazardSplitRecord}, wantItems, isEOF},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			items, end, rep := run(t, tc.opts)
			if !reflect.DeepEqual(items, tc.items) {
				t.Errorf("items %q", items)
			}
			if !tc.end(end) {
				t.Errorf("stream ended with %v", end)
			}
			if got := rep.Hazards(); !reflect.DeepEqual(got, tc.hazards) {
				t.Errorf("hazards %q, want %q\nreport: %s", got, tc.hazards, rep)
			}
			switch tc.name {
			case "pings":
				if rep.Pings != 3 {
					t.Errorf("pings %d", rep.Pings)
				}
			case "packed records":
				if rep.PackedRecords == 0 {
					t.Errorf("no packed record reported: %+v", rep)
				}
			case "split records":
				if rep.SplitRecords != 4 || rep.Messages != 8 {
					t.Errorf("split %d over %d messages", rep.SplitRecords, rep.Messages)
				}
			case "drop before completion":
				if rep.SocketClose == nil || rep.SocketClose.Code != websocket.CloseAbnormal {
					t.Errorf("socket close %v", rep.SocketClose)
				}
			case "close error":
				if !rep.AllowReconnect || rep.CloseError != "server shutting down" {
					t.Errorf("close %+v", rep)
				}
			case "clean":
				if rep.SocketClose == nil || rep.SocketClose.Code != websocket.CloseNormal || !rep.Completed {
					t.Errorf("clean end %+v", rep)
				}
			}
		})
	}
}

func isEOF(err error) bool          { return err == io.EOF }
func isNoCompletion(err error) bool { return errors.Is(err, ErrNoCompletion) }
func isHubError(close bool) func(error) bool {
	return func(err error) bool {
		var he *HubError
		return errors.As(err, &he) && he.Close == close
	}
}

func TestNegotiateAndHandshakeErrors(t *testing.T) {
	ctx := bounded(t)
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	_, err := Dial(ctx, srv.URL+"/hubs/chat", Options{})
	if err == nil || err.Error() != "signalr: negotiate: HTTP 404 Not Found: 404 page not found" {
		t.Errorf("negotiate on a 404: %v", err)
	}
	refuse := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"error":"Negotiate is not allowed"}`)
	}))
	defer refuse.Close()
	if _, err := Dial(ctx, refuse.URL+"/hub", Options{}); err == nil || err.Error() != "signalr: negotiate refused: Negotiate is not allowed" {
		t.Errorf("negotiate error: %v", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	if _, err := Dial(ctx, "http://"+addr+"/hub", Options{}); err == nil || !strings.Contains(err.Error(), "refused") || strings.Contains(err.Error(), "\n") {
		t.Errorf("closed port: %v", err)
	}
	url := rawHub(t, `{"error":"Requested protocol 'json' is not available."}`, func(*websocket.Conn) {})
	if _, err := Dial(ctx, url, Options{}); err == nil || err.Error() != "signalr: handshake refused: Requested protocol 'json' is not available." {
		t.Errorf("handshake error: %v", err)
	}
	// The transport refused after negotiate: the token was never issued.
	hub := NewHub(Items(), HubOptions{})
	hsrv := httptest.NewServer(hub)
	defer hsrv.Close()
	if _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hsrv.URL, "http")+"/hub?id=nope", websocket.DialOptions{}); err == nil ||
		err.Error() != "websocket: upgrade refused: HTTP 404 Not Found: No Connection with that ID" {
		t.Errorf("unknown token: %v", err)
	}
}

// rawHub answers negotiate and the handshake with reply, then hands the socket to f: a server
// that can send anything once the protocol is open.
func rawHub(t *testing.T, reply string, f func(*websocket.Conn)) string {
	t.Helper()
	var wg sync.WaitGroup
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/negotiate") {
			_, _ = io.WriteString(w, `{"connectionId":"c","connectionToken":"t","negotiateVersion":1,"availableTransports":[{"transport":"WebSockets","transferFormats":["Text"]}]}`)
			return
		}
		wg.Add(1)
		defer wg.Done()
		ws, err := websocket.Accept(w, r)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		if _, err := ws.Read(r.Context()); err != nil {
			return
		}
		if ws.Write(r.Context(), websocket.Text, []byte(reply+"\x1e")) != nil {
			return
		}
		f(ws)
	}))
	t.Cleanup(func() {
		srv.Close()
		wg.Wait()
	})
	return srv.URL + "/hub"
}

type repeat byte

func (r repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

// Memory and time stay bounded whatever the hub sends: an endless stream, one 64 MiB message,
// a record that never ends, a hub that never completes nor closes.
func TestBounds(t *testing.T) {
	endless := NewHub(func(ctx context.Context, _ string, _ []json.RawMessage, yield func(any) error) error {
		for {
			if err := yield("la "); err != nil {
				return err
			}
		}
	}, HubOptions{})
	url := serveHub(t, endless)
	c, err := Dial(bounded(t), url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := c.Stream(bounded(t), "StreamAsync")
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	d, heap := timedGrowth(func() {
		for {
			if _, err = s.Next(ctx); err != nil {
				return
			}
		}
	})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("endless stream ended with %v", err)
	}
	t.Logf("endless stream: %d items until the 500ms timeout, ended after %v, heap peak +%d KiB", s.Report().Items, d, heap>>10)
	_ = c.Conn().CloseNow()

	url = rawHub(t, "{}", func(ws *websocket.Conn) {
		_ = ws.WriteFrameFrom(true, websocket.OpText, 64<<20, repeat('x'), false)
		_, _ = ws.Read(context.Background())
	})
	c, err = Dial(bounded(t), url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, _ = c.Stream(bounded(t), "StreamAsync")
	d, heap = timedGrowth(func() { _, err = s.Next(bounded(t)) })
	rep := s.Report()
	if !errors.Is(err, ErrNoCompletion) || rep.SocketClose == nil || rep.SocketClose.Code != websocket.CloseTooBig {
		t.Fatalf("64 MiB message: %v, %+v", err, rep)
	}
	t.Logf("64 MiB message: close 1009 after %v, heap peak +%d KiB", d, heap>>10)

	url = rawHub(t, "{}", func(ws *websocket.Conn) {
		for ws.WriteFrameFrom(true, websocket.OpText, 64<<10, repeat('y'), false) == nil {
		}
	})
	c, err = Dial(bounded(t), url, Options{MaxRecordBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Conn().CloseNow()
	s, _ = c.Stream(bounded(t), "StreamAsync")
	if _, err = s.Next(bounded(t)); err == nil || !strings.Contains(err.Error(), "without a separator") {
		t.Fatalf("endless record: %v", err)
	}

	release := make(chan struct{})
	silent := NewHub(func(ctx context.Context, _ string, _ []json.RawMessage, yield func(any) error) error {
		_ = yield("first")
		select {
		case <-ctx.Done():
		case <-release:
		}
		return ctx.Err()
	}, HubOptions{KeepOpen: true})
	url = serveHub(t, silent)
	t.Cleanup(func() { close(release) })
	c, err = Dial(bounded(t), url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Conn().CloseNow()
	s, _ = c.Stream(bounded(t), "StreamAsync")
	if it, err := s.Next(bounded(t)); err != nil || string(it) != `"first"` {
		t.Fatalf("first item: %s %v", it, err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, err := s.Next(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("silent hub: %v", err)
	}
}

// A record split across messages, and several records in one message, read by the splitter
// alone: the buffering reader reassembles what a per-message parser would reject.
func TestSplitter(t *testing.T) {
	sp := splitter{max: 64}
	_ = sp.feed([]byte(`{"type":6}`+"\x1e"+`{"type":2,"invocationId":"0","it`), false)
	_ = sp.feed([]byte(`em":"a"}`+"\x1e"), false)
	var got []Record
	for {
		rec, ok, err := sp.next()
		if !ok {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, rec)
	}
	if len(got) != 2 || got[0].Type != TypePing || !got[0].Packed || got[0].Split ||
		got[1].Type != TypeStreamItem || string(got[1].Item) != `"a"` || !got[1].Split {
		t.Fatalf("%+v", got)
	}
	if err := sp.feed([]byte(strings.Repeat("z", 65)), false); err == nil {
		t.Error("a record over the limit was buffered")
	}
}

// Records in a binary message: the JSON protocol sends text, so a binary message is named.
func TestBinaryMessage(t *testing.T) {
	for _, typ := range []websocket.MessageType{websocket.Text, websocket.Binary} {
		url := rawHub(t, "{}", func(ws *websocket.Conn) {
			ctx := context.Background()
			_ = ws.Write(ctx, typ, []byte(`{"type":2,"invocationId":"0","item":"a"}`+"\x1e"+`{"type":3,"invocationId":"0"}`+"\x1e"))
			_ = ws.Close(websocket.CloseNormal, "")
		})
		c, err := Dial(bounded(t), url, Options{})
		if err != nil {
			t.Fatal(err)
		}
		s, _ := c.Stream(bounded(t), "StreamAsync")
		if it, err := s.Next(bounded(t)); err != nil || string(it) != `"a"` {
			t.Fatalf("%s: %s %v", typ, it, err)
		}
		if _, err := s.Next(bounded(t)); err != io.EOF {
			t.Fatalf("%s: %v", typ, err)
		}
		_ = s.Drain(bounded(t))
		var want []string
		if typ == websocket.Binary {
			want = []string{HazardBinary}
		}
		if got := s.Report().Hazards(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: hazards %q", typ, got)
		}
	}
}

// FuzzSplitter: records cut from a stream fed whole, or in pieces of any sizes, are the same
// records; only their Split and Packed marks differ.
func FuzzSplitter(f *testing.F) {
	f.Add([]byte("{\"type\":6}\x1e{\"type\":2,\"invocationId\":\"0\",\"item\":1}\x1e"), []byte{3, 9, 1})
	f.Add([]byte("{}\x1e\x1e{\"type\":3"), []byte{1})
	f.Fuzz(func(t *testing.T, stream, cuts []byte) {
		raws := func(pieces [][]byte) ([]string, error) {
			sp := splitter{max: 1 << 10}
			var out []string
			for _, p := range pieces {
				if err := sp.feed(p, false); err != nil {
					return out, err
				}
				for _, r := range sp.ready {
					out = append(out, string(r.Raw))
				}
				sp.ready = nil
			}
			return out, nil
		}
		whole, werr := raws([][]byte{stream})
		var pieces [][]byte
		rest := stream
		for _, c := range cuts {
			n := min(int(c%32)+1, len(rest))
			pieces = append(pieces, rest[:n])
			rest = rest[n:]
		}
		pieces = append(pieces, rest)
		cut, cerr := raws(pieces)
		if werr == nil && cerr == nil && !reflect.DeepEqual(whole, cut) {
			t.Fatalf("whole %q, cut %q", whole, cut)
		}
	})
}

// A hub that never completes nor closes but keeps the connection alive with pings: the
// caller's deadline ends the stream, and the pings are counted, not taken for items.
func TestKeepAliveNeverCloses(t *testing.T) {
	release := make(chan struct{})
	hub := NewHub(func(ctx context.Context, _ string, _ []json.RawMessage, yield func(any) error) error {
		select {
		case <-ctx.Done():
		case <-release:
		}
		return ctx.Err()
	}, HubOptions{KeepOpen: true, KeepAlive: 5 * time.Millisecond})
	url := serveHub(t, hub)
	t.Cleanup(func() { close(release) })
	c, err := Dial(bounded(t), url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Conn().CloseNow()
	s, _ := c.Stream(bounded(t), "StreamAsync")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := s.Next(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v", err)
	}
	if rep := s.Report(); rep.Pings == 0 || rep.Items != 0 || len(rep.Hazards()) != 0 {
		t.Errorf("report %+v", rep)
	}
}

// A drop in the middle of a record: the unfinished record is named with the missing Completion.
func TestDropMidRecord(t *testing.T) {
	url := rawHub(t, "{}", func(ws *websocket.Conn) {
		_ = ws.Write(context.Background(), websocket.Text, []byte(`{"type":2,"invocationId":"0","item":"a"}`+"\x1e"+`{"type":2,"invo`))
		_ = ws.CloseNow()
	})
	c, err := Dial(bounded(t), url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := c.Stream(bounded(t), "StreamAsync")
	_, _ = s.Next(bounded(t))
	if _, err := s.Next(bounded(t)); !errors.Is(err, ErrNoCompletion) {
		t.Fatalf("got %v", err)
	}
	if got := s.Report().Hazards(); !reflect.DeepEqual(got, []string{HazardNoCompletion, HazardUnfinished}) {
		t.Errorf("hazards %q", got)
	}
}

// timedGrowth runs f, and returns how long it took and how far the heap grew at its peak.
func timedGrowth(f func()) (d time.Duration, grew uint64) {
	grew = testutil.PeakHeapGrowth(func() { start := time.Now(); f(); d = time.Since(start) })
	return d, grew
}
