package websocket

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	coder "github.com/coder/websocket"
)

// coderServer serves handle on a loopback server speaking through coder/websocket.
func coderServer(t *testing.T, handle func(ctx context.Context, c *coder.Conn)) string {
	t.Helper()
	var wg sync.WaitGroup
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Counted before the hijack: the HTTP server stops waiting for a handler once it hijacks.
		wg.Add(1)
		defer wg.Done()
		c, err := coder.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		handle(r.Context(), c)
	}))
	t.Cleanup(func() {
		srv.Close()
		wg.Wait()
	})
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}

// coder's server, our client: messages whole or in fragments, its pings, its close codes, and
// a message over our limit.
func TestCoderServerOurClient(t *testing.T) {
	big := bytes.Repeat([]byte{7}, 1<<20)
	seen := make(chan error, 1)
	url := coderServer(t, func(ctx context.Context, c *coder.Conn) {
		ctx, cancel := context.WithTimeout(ctx, failBound)
		defer cancel()
		_ = c.Write(ctx, coder.MessageText, []byte("héllo"))
		_ = c.Write(ctx, coder.MessageBinary, []byte{1, 2, 3})
		w, _ := c.Writer(ctx, coder.MessageText)
		for _, p := range []string{"Hel", "lo", ", world"} {
			_, _ = w.Write([]byte(p))
		}
		_ = w.Close()
		// coder waits for the pong on a concurrent reader, which also reads our close echo.
		readCtx := c.CloseRead(ctx)
		_ = c.Ping(ctx)
		_ = c.Write(ctx, coder.MessageBinary, big)
		_ = c.Close(4001, "bye now")
		<-readCtx.Done()
		seen <- nil
	})
	c := dial(t, url, DialOptions{})
	want := []struct {
		typ    MessageType
		data   []byte
		frames int
	}{
		{Text, []byte("héllo"), 1}, {Binary, []byte{1, 2, 3}, 1}, {Text, []byte("Hello, world"), 4}, {Binary, big, 1},
	}
	for i, w := range want {
		m, err := c.Read(bounded(t))
		if err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		// coder's Writer ends a message with an empty final frame, so three writes are four frames.
		if m.Type != w.typ || !bytes.Equal(m.Data, w.data) || m.Frames != w.frames {
			t.Errorf("message %d: %v %q... in %d frames", i, m.Type, m.Data[:min(len(m.Data), 16)], m.Frames)
		}
	}
	var ce *CloseError
	if _, err := c.Read(bounded(t)); !errors.As(err, &ce) || ce.Code != 4001 || ce.Reason != "bye now" {
		t.Errorf("close: %v", err)
	}
	<-seen
	if st := c.Stats(); st.PingsIn != 1 || st.PongsOut != 1 || st.FragmentedIn != 1 || !st.CloseIn {
		t.Errorf("stats %+v", st)
	}

	// A message over our limit: we close 1009 and coder's server reads that code.
	got := make(chan coder.StatusCode, 1)
	url = coderServer(t, func(ctx context.Context, c *coder.Conn) {
		ctx, cancel := context.WithTimeout(ctx, failBound)
		defer cancel()
		_ = c.Write(ctx, coder.MessageBinary, bytes.Repeat([]byte{1}, 64<<10))
		_, _, err := c.Read(ctx)
		got <- coder.CloseStatus(err)
	})
	c = dial(t, url, DialOptions{Options: Options{MaxMessageBytes: 32 << 10}})
	if _, err := c.Read(bounded(t)); !errors.As(err, &ce) || ce.Code != CloseTooBig || !ce.Local {
		t.Errorf("over our limit: %v", err)
	}
	if code := <-got; code != coder.StatusMessageTooBig {
		t.Errorf("coder's server saw %d, want 1009", code)
	}
}

func coderDial(t *testing.T, url string) *coder.Conn {
	t.Helper()
	c, _, err := coder.Dial(bounded(t), url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.CloseNow() })
	return c
}

// Our server, coder's client: our frames as coder reads them, its close codes, and a message
// over coder's default 32 KiB limit, which coder refuses with 1009.
func TestOurServerCoderClient(t *testing.T) {
	serverErr := make(chan error, 1)
	url := serve(t, AcceptOptions{}, func(c *Conn) {
		ctx := context.Background()
		_ = c.Write(ctx, Text, []byte("héllo"))
		_ = c.Write(ctx, Binary, []byte{1, 2, 3})
		_ = c.WriteFrame(false, OpText, []byte(`{"type":"text`), false)
		_ = c.WriteFrame(true, OpPing, []byte("keep"), false)
		_ = c.WriteFrame(true, OpContinuation, []byte(`.delta"}`), false)
		m, err := c.Read(ctx) // coder's message, masked
		if err == nil {
			_ = c.Write(ctx, m.Type, m.Data)
		}
		_ = c.Write(ctx, Binary, bytes.Repeat([]byte{2}, 30<<10))
		_ = c.Close(4002, "server done")
		serverErr <- nil
	})
	c := coderDial(t, url)
	ctx := bounded(t)
	for i, want := range []string{"héllo", "\x01\x02\x03", `{"type":"text.delta"}`} {
		_, p, err := c.Read(ctx)
		if err != nil || string(p) != want {
			t.Fatalf("message %d: %q %v", i, p, err)
		}
	}
	if err := c.Write(ctx, coder.MessageText, []byte("from coder")); err != nil {
		t.Fatal(err)
	}
	if _, p, err := c.Read(ctx); err != nil || string(p) != "from coder" {
		t.Fatalf("echo: %q %v", p, err)
	}
	if _, p, err := c.Read(ctx); err != nil || len(p) != 30<<10 {
		t.Fatalf("30 KiB: %d %v", len(p), err)
	}
	_, _, err := c.Read(ctx)
	if coder.CloseStatus(err) != 4002 {
		t.Errorf("close: %v", err)
	}
	<-serverErr

	// Over coder's limit: coder's client closes 1009, our server reads that close.
	got := make(chan error, 1)
	url = serve(t, AcceptOptions{}, func(c *Conn) {
		_ = c.WriteFrameFrom(true, OpBinary, 64<<10, repeat('z'), false)
		_, err := c.Read(context.Background())
		got <- err
	})
	c = coderDial(t, url)
	_, _, err = c.Read(ctx)
	// coder's Read reports its own limit, not a close error, after sending the close.
	if err == nil || !strings.Contains(err.Error(), "message too big") {
		t.Errorf("coder's client: %v, want message too big", err)
	}
	var ce *CloseError
	if err := <-got; !errors.As(err, &ce) || ce.Code != CloseTooBig || ce.Local {
		t.Errorf("our server saw %v", err)
	}

	// Invalid UTF-8 and a drop, as coder's client sees them.
	url = serve(t, AcceptOptions{}, func(c *Conn) {
		_ = c.WriteFrame(true, OpText, []byte{0xC3, 0x28}, false)
		_, _ = c.Read(context.Background())
	})
	c = coderDial(t, url)
	if _, p, err := c.Read(ctx); err == nil {
		// coder does not check UTF-8: the message reaches its caller.
		t.Logf("coder's client reads invalid UTF-8 as %q", p)
	}
	url = serve(t, AcceptOptions{}, func(c *Conn) { _ = c.CloseNow() })
	c = coderDial(t, url)
	if _, _, err := c.Read(ctx); err == nil || coder.CloseStatus(err) != -1 {
		t.Errorf("drop: %v", err)
	}
}

// coder's client against our server reading masked frames, and over our server's limit.
func TestCoderClientOurServer(t *testing.T) {
	got := make(chan error, 1)
	stats := make(chan Stats, 1)
	url := serve(t, AcceptOptions{Options: Options{MaxMessageBytes: 1 << 10}}, func(c *Conn) {
		m, err := c.Read(context.Background())
		stats <- c.Stats()
		if err != nil || m.Frames < 2 || string(m.Data) != "ab" {
			got <- errors.New("fragmented message not read whole")
			return
		}
		_, err = c.Read(context.Background())
		got <- err
	})
	c := coderDial(t, url)
	ctx := bounded(t)
	// coder reads its pong, and later our close, only from a Read, so one runs throughout.
	coderErr := make(chan error, 1)
	go func() {
		_, _, err := c.Read(ctx)
		coderErr <- err
	}()
	// coder's ping is answered by our server's Read, which waits for the first message.
	if err := c.Ping(ctx); err != nil {
		t.Fatalf("ping: %v", err)
	}
	w, _ := c.Writer(ctx, coder.MessageText)
	_, _ = w.Write([]byte("a"))
	_, _ = w.Write([]byte("b"))
	_ = w.Close()
	_ = c.Write(ctx, coder.MessageBinary, make([]byte, 2<<10))
	err := <-got
	if st := <-stats; st.PingsIn != 1 || st.PongsOut != 1 {
		t.Errorf("server stats %+v", st)
	}
	var ce *CloseError
	if !errors.As(err, &ce) || ce.Code != CloseTooBig || !ce.Local {
		t.Errorf("our server: %v", err)
	}
	if err := <-coderErr; coder.CloseStatus(err) != coder.StatusMessageTooBig {
		t.Errorf("coder's client: %v", err)
	}
}
