package gahost

import (
	"bytes"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// streamConn is a net.Conn whose client sends stream in reads of at most step bytes, then ends.
type streamConn struct {
	net.Conn // nil: only Read, Write and Close are used
	stream   []byte
	step     int
	written  bytes.Buffer
}

func (c *streamConn) Read(p []byte) (int, error) {
	if len(c.stream) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.step)], c.stream)
	c.stream = c.stream[n:]
	return n, nil
}

func (c *streamConn) Write(p []byte) (int, error)      { return c.written.Write(p) }
func (c *streamConn) Close() error                     { return nil }
func (c *streamConn) SetReadDeadline(time.Time) error  { return nil }
func (c *streamConn) SetWriteDeadline(time.Time) error { return nil }

// FuzzFrontConn feeds any byte stream, in reads of any size, through the front: it never
// panics, what it passes on is a prefix of what the client sent, every head it passes on keeps
// Kestrel's limits, and it answers only a stream it stopped short.
func FuzzFrontConn(f *testing.F) {
	body := `{"message":"hi"}`
	for _, s := range []string{
		"GET /api HTTP/1.1\r\nHost: x\r\n\r\n",
		"POST /c HTTP/1.1\r\nContent-Length: 16\r\n\r\n" + body + "GET / HTTP/1.1\r\n\r\n",
		"POST /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n10;x\r\n" + body + "\r\n0\r\nT: 1\r\n\r\nGET / HTTP/1.1\n\n",
		"POST /c HTTP/1.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /s HTTP/1.1\r\n\r\n",
		"POST /c HTTP/1.1\r\nTransfer-Encoding:\r\n chunked\r\n\r\n",
		"POST /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nGET / HTTP/1.1\r\n\r\n",
		"GET /" + strings.Repeat("a", 9000) + " HTTP/1.1\r\n\r\n",
		"GET / HTTP/1.1\r\nX: " + strings.Repeat("a", 33000) + "\r\n\r\n",
	} {
		f.Add([]byte(s), uint16(1))
		f.Add([]byte(s), uint16(4096))
	}
	f.Fuzz(func(t *testing.T, stream []byte, step uint16) {
		conn := &streamConn{stream: stream, step: max(1, int(step))}
		fc := &frontConn{Conn: conn}
		var got bytes.Buffer
		buf := make([]byte, 1+int(step)%5000)
		for {
			n, err := fc.Read(buf)
			got.Write(buf[:n])
			if err != nil {
				break
			}
			if got.Len() > len(stream) {
				t.Fatalf("passed on %d bytes of %d", got.Len(), len(stream))
			}
		}
		if !bytes.HasPrefix(stream, got.Bytes()) {
			t.Fatalf("passed on bytes the client did not send in that order:\n%q\nof\n%q", got.Bytes(), stream)
		}
		_ = fc.Close()
		if conn.written.Len() > 0 && !fc.isRejected() {
			t.Fatalf("answered a stream it did not stop: %q", conn.written.String())
		}
		if fc.isRejected() && !bytes.HasPrefix(conn.written.Bytes(), []byte("HTTP/1.1 4")) {
			t.Fatalf("a rejected stream got %q", conn.written.String())
		}
		// Every head passed on keeps the limits: check the first one, which is framed alone.
		if i := bytes.Index(got.Bytes(), []byte("\n")); i > maxRequestLineSize {
			t.Fatalf("passed on a request line of %d bytes", i+1)
		}
	})
}
