package websocket

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"course/internal/testutil"
)

// failBound is how long a test waits for something that should happen at once: a bound for
// failure on a loaded machine, never a pace.
const failBound = 30 * time.Second

// serve starts a loopback server whose connections are handed to handle, and returns its ws:// URL.
func serve(t *testing.T, opts AcceptOptions, handle func(*Conn)) string {
	t.Helper()
	var wg sync.WaitGroup
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Counted before the hijack: the HTTP server stops waiting for a handler once it hijacks.
		wg.Add(1)
		defer wg.Done()
		c, err := AcceptWith(w, r, opts)
		if err != nil {
			return
		}
		handle(c)
	}))
	t.Cleanup(func() {
		srv.Close()
		wg.Wait()
	})
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}

func dial(t *testing.T, url string, opts DialOptions) *Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), failBound)
	defer cancel()
	c, err := Dial(ctx, url, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.CloseNow() })
	return c
}

func bounded(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), failBound)
	t.Cleanup(cancel)
	return ctx
}

func TestLoopbackEcho(t *testing.T) {
	url := serve(t, AcceptOptions{}, func(c *Conn) {
		for {
			m, err := c.Read(context.Background())
			if err != nil {
				return
			}
			if err := c.Write(context.Background(), m.Type, m.Data); err != nil {
				return
			}
		}
	})
	c := dial(t, url, DialOptions{Header: http.Header{"Origin": {"http://127.0.0.1"}}})
	big := bytes.Repeat([]byte("0123456789abcdef"), 1<<16)
	for _, m := range []Message{{Type: Text, Data: []byte("héllo")}, {Type: Binary, Data: []byte{0, 1, 2}}, {Type: Binary, Data: big}, {Type: Text, Data: []byte{}}} {
		if err := c.Write(bounded(t), m.Type, m.Data); err != nil {
			t.Fatal(err)
		}
		got, err := c.Read(bounded(t))
		if err != nil || got.Type != m.Type || !bytes.Equal(got.Data, m.Data) {
			t.Fatalf("echo of %d bytes: %v %d bytes, %v", len(m.Data), got.Type, len(got.Data), err)
		}
	}
	if err := c.Close(CloseNormal, "done"); err != nil {
		t.Fatal(err)
	}
	if st := c.Stats(); !st.CloseIn || st.CloseInCode != CloseNormal || !st.CloseOut {
		t.Errorf("stats after close %+v", st)
	}
}

func TestRefusedUpgradeAndClosedPort(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no socket here", http.StatusNotFound)
	}))
	defer srv.Close()
	_, err := Dial(bounded(t), "ws"+strings.TrimPrefix(srv.URL, "http")+"/chat", DialOptions{})
	var ue *UpgradeError
	if err == nil || err.Error() != "websocket: upgrade refused: HTTP 404 Not Found: no socket here" || !errors.As(err, &ue) || ue.Status != http.StatusNotFound || ue.Body != "no socket here" {
		t.Errorf("refused upgrade: %v", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	_, err = Dial(bounded(t), "ws://"+addr+"/", DialOptions{})
	if err == nil || !strings.Contains(err.Error(), "refused") || strings.Contains(err.Error(), "\n") {
		t.Errorf("closed port: %v", err)
	}
	// A plain HTTP request to Accept is refused with a status, not hijacked.
	url := serve(t, AcceptOptions{}, func(*Conn) {})
	resp, err := http.Get("http" + strings.TrimPrefix(url, "ws"))
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("plain GET: %s", resp.Status)
	}
}

func TestCloseCodesAndDrop(t *testing.T) {
	got := make(chan error, 1)
	url := serve(t, AcceptOptions{}, func(c *Conn) {
		_, err := c.Read(context.Background())
		got <- err
	})
	c := dial(t, url, DialOptions{})
	if err := c.Close(4001, "bye"); err != nil {
		t.Fatal(err)
	}
	var ce *CloseError
	if err := <-got; !errors.As(err, &ce) || ce.Code != 4001 || ce.Reason != "bye" || ce.Local {
		t.Errorf("server saw %v", err)
	}

	url = serve(t, AcceptOptions{}, func(c *Conn) {
		_ = c.Write(context.Background(), Text, []byte("last"))
		_ = c.CloseNow()
	})
	c = dial(t, url, DialOptions{})
	if m, err := c.Read(bounded(t)); err != nil || string(m.Data) != "last" {
		t.Fatalf("%q %v", m.Data, err)
	}
	if _, err := c.Read(bounded(t)); !errors.As(err, &ce) || ce.Code != CloseAbnormal {
		t.Errorf("drop gave %v", err)
	}
	if !c.Stats().Dropped || c.Stats().CloseIn {
		t.Errorf("stats %+v", c.Stats())
	}
}

// A server that sends nothing: the caller's context ends the read, cancelled or timed out.
func TestReadBoundedByContext(t *testing.T) {
	release := make(chan struct{})
	url := serve(t, AcceptOptions{}, func(c *Conn) { <-release; _ = c.CloseNow() })
	t.Cleanup(func() { close(release) }) // before the server's cleanup, which waits for the handler
	c := dial(t, url, DialOptions{})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := c.Read(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v", err)
	}
	if d := time.Since(start); d > failBound {
		t.Errorf("read took %v", d)
	}
	c = dial(t, url, DialOptions{})
	ctx, cancel = context.WithCancel(context.Background())
	go cancel()
	if _, err := c.Read(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v", err)
	}
}

// repeat is an endless source of one byte.
type repeat byte

func (r repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

// One 64 MiB message: refused with 1009 at the default limit without being held, read whole
// under a limit that admits it.
func TestBound64MiBMessage(t *testing.T) {
	const size = 64 << 20
	url := serve(t, AcceptOptions{}, func(c *Conn) {
		_ = c.WriteFrameFrom(true, OpBinary, size, repeat('x'), false)
		_, _ = c.Read(context.Background())
	})
	c := dial(t, url, DialOptions{})
	var err error
	d, heap := timedGrowth(func() { _, err = c.Read(bounded(t)) })
	var ce *CloseError
	if !errors.As(err, &ce) || ce.Code != CloseTooBig || !ce.Local {
		t.Fatalf("got %v", err)
	}
	t.Logf("64 MiB message at the default 4 MiB limit: close 1009 in %v, heap peak +%d KiB", d, heap>>10)
	if heap > 16<<20 {
		t.Errorf("heap grew by %d bytes refusing a message", heap)
	}

	c = dial(t, url, DialOptions{Options: Options{MaxMessageBytes: size}})
	var m Message
	d, heap = timedGrowth(func() { m, err = c.Read(bounded(t)) })
	if err != nil || len(m.Data) != size {
		t.Fatalf("%d bytes, %v", len(m.Data), err)
	}
	t.Logf("64 MiB message under a 64 MiB limit: read in %v, heap peak +%d MiB", d, heap>>20)
	if heap > 3*size {
		t.Errorf("heap grew by %d bytes reading %d", heap, size)
	}
}

// An endless stream of messages ends with the caller's time; one endless fragmented message
// ends at the limit.
func TestBoundEndlessStream(t *testing.T) {
	url := serve(t, AcceptOptions{}, func(c *Conn) {
		for c.Write(context.Background(), Text, []byte(`{"type":"text.delta","delta":"la "}`)) == nil {
		}
	})
	c := dial(t, url, DialOptions{})
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	n := 0
	var err error
	d, heap := timedGrowth(func() {
		for {
			if _, err = c.Read(ctx); err != nil {
				return
			}
			n++
		}
	})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v", err)
	}
	t.Logf("endless stream: %d messages until the 500ms timeout, ended after %v, heap peak +%d KiB", n, d, heap>>10)

	url = serve(t, AcceptOptions{}, func(c *Conn) {
		if c.WriteFrame(false, OpText, []byte("a"), false) != nil {
			return
		}
		for c.WriteFrameFrom(false, OpContinuation, 1<<16, repeat('a'), false) == nil {
		}
	})
	c = dial(t, url, DialOptions{Options: Options{MaxMessageBytes: 1 << 20, CloseTimeout: 100 * time.Millisecond}})
	var ce *CloseError
	if _, err := c.Read(bounded(t)); !errors.As(err, &ce) || ce.Code != CloseTooBig {
		t.Fatalf("endless fragments: %v", err)
	}
}

// wss:// over loopback TLS, with the test server's certificate trusted.
func TestDialTLS(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := Accept(w, r)
		if err != nil {
			return
		}
		defer c.CloseNow()
		_ = c.Write(context.Background(), Text, []byte("over tls"))
		_, _ = c.Read(context.Background())
	}))
	defer srv.Close()
	tlsCfg := srv.Client().Transport.(*http.Transport).TLSClientConfig
	c := dial(t, "wss"+strings.TrimPrefix(srv.URL, "https"), DialOptions{TLSConfig: tlsCfg})
	if m, err := c.Read(bounded(t)); err != nil || string(m.Data) != "over tls" {
		t.Fatalf("%q %v", m.Data, err)
	}
	if err := c.Close(CloseNormal, ""); err != nil {
		t.Fatal(err)
	}
}

// timedGrowth runs f, and returns how long it took and how far the heap grew at its peak.
func timedGrowth(f func()) (d time.Duration, grew uint64) {
	grew = testutil.PeakHeapGrowth(func() { start := time.Now(); f(); d = time.Since(start) })
	return d, grew
}
