// Package probetest serves what the probe's tests read, for the probe's own tests and for
// `course probe`'s: event streams, WebSockets and SignalR hubs on loopback that send what a
// test gives them, close or stay open, or never end. It imports no part of the probe, so the probe's tests in
// its own package can use it.
package probetest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"course/stream/signalr"
	"course/stream/websocket"
)

// BitEvents are Bit.BlazorUI.AI's events of the reply "Hello", one message each: two text
// deltas and the finish.
var BitEvents = []string{`{"type":"text.delta","text":"Hel"}`, `{"type":"text.delta","text":"lo"}`, `{"type":"finish","finishReason":"stop"}`}

// connTimeout bounds one served connection, so a test whose client never leaves still ends.
const connTimeout = time.Minute

// serveSockets serves WebSockets on loopback: a request that h, when given, answers itself is
// not upgraded; each connection is opened with open, which reads what the client sends first
// and says whether to go on, and is then handed to write. It returns the server's URL; every
// connection has ended when the test's cleanup returns.
func serveSockets(t testing.TB, h func(w http.ResponseWriter, r *http.Request) bool, open func(ctx context.Context, c *websocket.Conn) bool, write func(ctx context.Context, c *websocket.Conn)) string {
	t.Helper()
	var wg sync.WaitGroup
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h != nil && !h(w, r) {
			return
		}
		wg.Add(1)
		defer wg.Done()
		c, err := websocket.Accept(w, r)
		if err != nil {
			return
		}
		defer c.CloseNow()
		ctx, cancel := context.WithTimeout(context.Background(), connTimeout)
		defer cancel()
		if open(ctx, c) {
			write(ctx, c)
		}
	}))
	t.Cleanup(func() {
		srv.Close()
		wg.Wait()
	})
	return srv.URL
}

// readOne reads the client's first message: the probe's request.
func readOne(ctx context.Context, c *websocket.Conn) bool {
	_, err := c.Read(ctx)
	return err == nil
}

// WebSocket serves a WebSocket on loopback: each connection reads the probe's request, the
// first message, and is handed to write. It returns the ws:// URL.
func WebSocket(t testing.TB, write func(ctx context.Context, c *websocket.Conn)) string {
	t.Helper()
	url := serveSockets(t, nil, readOne, write)
	return "ws" + strings.TrimPrefix(url, "http")
}

// RawHub answers negotiate and the hub's handshake by hand, then hands the socket to write, so
// a test can put on a SignalR connection what the course's Hub never sends. It returns the
// hub's URL.
func RawHub(t testing.TB, write func(ctx context.Context, c *websocket.Conn)) string {
	t.Helper()
	negotiate := func(w http.ResponseWriter, r *http.Request) bool {
		if strings.HasSuffix(r.URL.Path, "/negotiate") {
			fmt.Fprint(w, `{"connectionId":"a","connectionToken":"b","negotiateVersion":1,"availableTransports":[{"transport":"WebSockets","transferFormats":["Text"]}]}`)
			return false
		}
		return true
	}
	handshake := func(ctx context.Context, c *websocket.Conn) bool {
		return readOne(ctx, c) && // the handshake
			c.Write(ctx, websocket.Text, []byte("{}\x1e")) == nil &&
			readOne(ctx, c) // the StreamInvocation
	}
	return serveSockets(t, negotiate, handshake, write) + "/hub"
}

// Hub serves a SignalR hub on loopback and returns its URL.
func Hub(t testing.TB, h *signalr.Hub) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		srv.Close()
		h.Wait()
	})
	return srv.URL + "/hubs/chat"
}

// Texts writes each message as one text message, and stops at the first that fails.
func Texts(ctx context.Context, c *websocket.Conn, msgs ...string) {
	for _, m := range msgs {
		if c.Write(ctx, websocket.Text, []byte(m)) != nil {
			return
		}
	}
}

// Closing is a writer that sends msgs and closes normally, as Bit's endpoint does after the
// last event.
func Closing(msgs ...string) func(context.Context, *websocket.Conn) {
	return func(ctx context.Context, c *websocket.Conn) {
		Texts(ctx, c, msgs...)
		_ = c.Close(websocket.CloseNormal, "")
	}
}

// UntilGone writes with write, then waits until the probe leaves: a server that never closes.
func UntilGone(write func(context.Context, *websocket.Conn)) func(context.Context, *websocket.Conn) {
	return func(ctx context.Context, c *websocket.Conn) {
		write(ctx, c)
		for {
			if _, err := c.Read(ctx); err != nil {
				return
			}
		}
	}
}

// EndlessSocket serves a WebSocket that sends msg over and over, once every pace or as fast as
// loopback takes it, until the probe leaves; each connection's 20th message is sent on started.
func EndlessSocket(t testing.TB, msg string, pace time.Duration) (url string, started <-chan struct{}) {
	t.Helper()
	ch := make(chan struct{}, 64)
	url = WebSocket(t, func(ctx context.Context, c *websocket.Conn) {
		for n := 1; ; n++ {
			if c.Write(ctx, websocket.Text, []byte(msg)) != nil {
				return
			}
			if n == 20 {
				select {
				case ch <- struct{}{}:
				default: // nobody waits for this many starts; the stream goes on
				}
			}
			if pace > 0 {
				time.Sleep(pace)
			}
		}
	})
	return url, ch
}

// EndlessItems is a hub's streaming method that yields "token" until the client leaves.
func EndlessItems(_ context.Context, _ string, _ []json.RawMessage, yield func(any) error) error {
	for {
		if err := yield("token"); err != nil {
			return err
		}
	}
}

// Endless is a reader that never ends, of one byte over and over: a message or record of any
// length, written without holding it.
type Endless byte

// Read fills p with the byte.
func (b Endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}

// EndlessStream serves an event stream that never ends: the event over and over, as fast as
// the connection takes it, or once every pace, until the client goes away; each request's
// 20th flush is sent on started. It is the server a bound is tested against.
func EndlessStream(t testing.TB, event string, pace time.Duration) (url string, started <-chan struct{}) {
	t.Helper()
	ch := make(chan struct{}, 64)
	chunk := []byte(strings.Repeat(event, max(1, (32<<10)/len(event))))
	if pace > 0 {
		chunk = []byte(event)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		rc := http.NewResponseController(w)
		for n := 1; ; n++ {
			if _, err := w.Write(chunk); err != nil {
				return
			}
			if rc.Flush() != nil {
				return
			}
			if n == 20 {
				select {
				case ch <- struct{}{}:
				default: // nobody is waiting for this many starts; the stream goes on
				}
			}
			if pace > 0 {
				select {
				case <-time.After(pace):
				case <-r.Context().Done():
					return
				}
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL, ch
}
