package gahost

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Kestrel's defaults for an HTTP/1.1 request's head (KestrelServerLimits in ASP.NET Core, the
// server GA's host runs on). Go's net/http allows a 1 MiB head and has no separate line limit,
// so the front below enforces these before net/http sees the request.
const (
	// maxRequestLineSize is MaxRequestLineSize, 8,192 bytes: the request line with its CRLF.
	// A longer one is answered 414.
	maxRequestLineSize = 8 << 10
	// maxRequestHeadersTotalSize is MaxRequestHeadersTotalSize, 32,768 bytes: every header line
	// with its CRLF, the blank line that ends the head aside. More is answered 431.
	maxRequestHeadersTotalSize = 32 << 10
	// maxRequestHeaderCount is MaxRequestHeaderCount, 100 headers. More is answered 431.
	maxRequestHeaderCount = 100
	// maxChunkLine bounds a chunk-size line, as net/http's chunked reader does (4,096 bytes).
	maxChunkLine = 4 << 10
	// lingerTime and lingerBytes bound how long and how much a rejected connection is drained
	// after the answer, so the client reads the answer instead of a reset.
	lingerTime  = time.Second
	lingerBytes = 4 << 20
)

// frontListener wraps each accepted connection in a frontConn.
type frontListener struct{ net.Listener }

// Accept returns the next connection behind the front.
func (l frontListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &frontConn{Conn: c}, nil
}

// frontState tells frontConn which part of the request stream it is reading.
type frontState int

const (
	inHead       frontState = iota // the request line and headers, held back until complete
	inBody                         // a Content-Length body: left bytes
	inChunkLine                    // a chunk-size line
	inChunkData                    // chunk data and its CRLF: left bytes
	inTrailers                     // the trailer lines after the last chunk
	inBrokenBody                   // a chunked body net/http will reject; nothing after it is passed on
)

// frontConn reads the request stream ahead of net/http and turns away, with 400 and the end of
// the connection as Kestrel answers a bad request, what Kestrel refuses and net/http lets through:
// a request line over 8 KiB (414), headers over 32 KiB or 100 lines (431), a folded header line,
// a final transfer coding other than chunked, or a Content-Length that is not one number (400).
// It also refuses a request with both Content-Length and Transfer-Encoding, which RFC 9112 §6.1
// allows (Kestrel reads such a body by Transfer-Encoding alone), so that no request smuggled
// behind one is ever answered. It frames every body as net/http will, so each request's head is
// checked whole before net/http reads any of it.
type frontConn struct {
	net.Conn

	// Read's state; net/http never calls Read from two goroutines at once.
	state    frontState
	raw      []byte // read from the client, not yet framed
	out      []byte // framed bytes net/http may read
	head     []byte // the current request's head so far
	lineAt   int    // where the head's current line starts
	lines    int    // complete lines in the head, the request line included
	hdrBytes int    // bytes of the complete header lines
	left     int64  // bytes left in a body or chunk
	scratch  [4096]byte

	// serving is true while net/http runs a handler on this connection (http.StateActive):
	// then a Read is its background read, which must not see the end of the stream.
	serving  atomic.Bool
	mu       sync.Mutex
	rejected int  // the status a rejected request gets, once its head is read
	shutW    bool // CloseWrite was called: no answer can be written any more
	close    sync.Once
	closeErr error
}

// frontConnState keeps frontConn.serving up to date; it is the server's ConnState hook.
func frontConnState(c net.Conn, s http.ConnState) {
	if fc, ok := c.(*frontConn); ok {
		fc.serving.Store(s == http.StateActive)
	}
}

// Read hands net/http the bytes of requests whose heads passed, and the end of the stream
// once a rejected request is reached.
func (c *frontConn) Read(p []byte) (int, error) {
	for {
		if len(c.out) > 0 {
			n := copy(p, c.out)
			c.out = c.out[n:]
			return n, nil
		}
		if c.state == inBrokenBody {
			// The handler reading this body, or net/http draining it, meets its end and
			// fails, and net/http closes the connection.
			return 0, io.EOF
		}
		if c.isRejected() {
			if !c.serving.Load() {
				// net/http is waiting for the next request: it closes quietly, and Close
				// writes the answer.
				return 0, io.EOF
			}
			// A handler still answers an earlier request; this is net/http's background
			// read, which waits for the client until net/http ends it with a deadline.
			if _, err := c.Conn.Read(c.scratch[:]); err != nil {
				return 0, err
			}
			continue
		}
		if len(c.raw) > 0 {
			c.frame()
			continue
		}
		n, err := c.Conn.Read(c.scratch[:])
		c.raw = c.scratch[:n]
		if n == 0 && err != nil {
			return 0, err
		}
	}
}

func (c *frontConn) isRejected() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.rejected != 0
}

func (c *frontConn) reject(status int) {
	c.mu.Lock()
	c.rejected = status
	c.mu.Unlock()
	c.raw, c.head = nil, nil
}

// frame moves bytes from raw to out (or to the head being held back) by the state they are in.
func (c *frontConn) frame() {
	switch c.state {
	case inHead:
		c.readHead()
	case inBody, inChunkData:
		n := int(min(c.left, int64(len(c.raw))))
		c.out = append(c.out, c.raw[:n]...)
		c.raw = c.raw[n:]
		c.left -= int64(n)
		if c.left == 0 {
			if c.state == inBody {
				c.state = inHead
			} else {
				c.state = inChunkLine
			}
		}
	case inChunkLine, inTrailers:
		c.readBodyLine()
	}
}

// readHead adds raw's bytes to the head line by line, checking Kestrel's limits as they grow.
func (c *frontConn) readHead() {
	for len(c.raw) > 0 {
		i := bytes.IndexByte(c.raw, '\n')
		if i < 0 {
			c.head = append(c.head, c.raw...)
			c.raw = nil
			if status := c.overLimit(len(c.head)-c.lineAt, false); status != 0 {
				c.reject(status)
			}
			return
		}
		c.head = append(c.head, c.raw[:i+1]...)
		c.raw = c.raw[i+1:]
		line := c.head[c.lineAt:]
		if status := c.overLimit(len(line), true); status != 0 {
			c.reject(status)
			return
		}
		c.lineAt = len(c.head)
		c.lines++
		if c.lines > 1 && len(bytes.TrimRight(line, "\r\n")) == 0 {
			c.endHead()
			return
		}
		if c.lines > 1 {
			c.hdrBytes += len(line)
		}
	}
}

// overLimit returns the status for a head line of n bytes (complete or still growing) that
// breaks one of Kestrel's limits, or 0.
func (c *frontConn) overLimit(n int, complete bool) int {
	if c.lines == 0 {
		if n > maxRequestLineSize {
			return http.StatusRequestURITooLong
		}
		return 0
	}
	// A growing line may still be the blank line that ends the head, which is not counted.
	if c.hdrBytes+n > maxRequestHeadersTotalSize+2 || complete && n > 2 && c.hdrBytes+n > maxRequestHeadersTotalSize {
		return http.StatusRequestHeaderFieldsTooLarge
	}
	if complete && n > 2 && c.lines > maxRequestHeaderCount {
		return http.StatusRequestHeaderFieldsTooLarge
	}
	return 0
}

// endHead checks a complete head's framing headers and passes it on, or rejects it.
func (c *frontConn) endHead() {
	framing, length, status := headFraming(c.head)
	if status != 0 {
		c.reject(status)
		return
	}
	c.out = append(c.out, c.head...)
	c.head, c.lineAt, c.lines, c.hdrBytes = c.head[:0], 0, 0, 0
	switch {
	case framing == "chunked":
		c.state = inChunkLine
	case length > 0:
		c.state, c.left = inBody, length
	default:
		c.state = inHead
	}
}

// headFraming reads a head's header lines as Kestrel does: a line folded onto the one before,
// Content-Length beside Transfer-Encoding, a final coding other than chunked, or a
// Content-Length that is not one plain number give 400. It returns "chunked" or the length.
func headFraming(head []byte) (framing string, length int64, status int) {
	lines := strings.Split(strings.TrimRight(string(head), "\r\n"), "\n")
	var lengths, codings []string
	for _, line := range lines[1:] {
		line = strings.TrimSuffix(line, "\r")
		if line == "" {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			return "", 0, http.StatusBadRequest // obs-fold: Kestrel takes no folded lines
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return "", 0, http.StatusBadRequest
		}
		value = strings.Trim(value, " \t")
		switch {
		case strings.EqualFold(name, "Content-Length"):
			lengths = append(lengths, value)
		case strings.EqualFold(name, "Transfer-Encoding"):
			codings = append(codings, strings.Split(value, ",")...)
		}
	}
	switch {
	case len(codings) > 0 && len(lengths) > 0:
		// RFC 9112 §6.1 lets a server reject this, and it must close the connection after.
		return "", 0, http.StatusBadRequest
	case len(codings) > 0:
		if !strings.EqualFold(strings.Trim(codings[len(codings)-1], " \t"), "chunked") {
			return "", 0, http.StatusBadRequest // the body's length cannot be known
		}
		return "chunked", 0, 0
	case len(lengths) > 1:
		return "", 0, http.StatusBadRequest
	case len(lengths) == 1:
		n, err := strconv.ParseInt(lengths[0], 10, 64)
		if err != nil || n < 0 || strings.TrimLeft(lengths[0], "0123456789") != "" {
			return "", 0, http.StatusBadRequest
		}
		return "", n, 0
	}
	return "", 0, 0
}

// readBodyLine passes on a chunk-size line or a trailer line once it is complete, reading it as
// net/http's chunked reader does; a line net/http will refuse ends what is passed on after it.
func (c *frontConn) readBodyLine() {
	i := bytes.IndexByte(c.raw, '\n')
	if i < 0 {
		c.head = append(c.head, c.raw...)
		c.raw = nil
		if len(c.head) > c.lineLimit() {
			c.breakBody()
		}
		return
	}
	c.head = append(c.head, c.raw[:i+1]...)
	c.raw = c.raw[i+1:]
	line := c.head
	if len(line) > c.lineLimit() {
		c.breakBody()
		return
	}
	c.out = append(c.out, line...)
	c.head = c.head[:0]
	text := bytes.TrimRight(line, " \t\r\n")
	if c.state == inTrailers {
		c.hdrBytes += len(line)
		if len(text) == 0 {
			c.state, c.hdrBytes = inHead, 0
		}
		return
	}
	// net/http takes only CRLF here, with no other CR in the line.
	crlf := bytes.IndexByte(line, '\r') == len(line)-2
	size, _, _ := bytes.Cut(text, []byte(";"))
	n, err := strconv.ParseUint(string(size), 16, 63)
	if !crlf || err != nil || len(size) == 0 || len(size) > 16 {
		c.state = inBrokenBody
		return
	}
	if n == 0 {
		c.state, c.hdrBytes = inTrailers, 0
		return
	}
	c.state, c.left = inChunkData, int64(n)+2 // the data and its CRLF
}

func (c *frontConn) lineLimit() int {
	if c.state == inTrailers {
		return maxRequestHeadersTotalSize - c.hdrBytes
	}
	return maxChunkLine
}

// breakBody passes on what net/http needs to see that the body is broken, and nothing after.
func (c *frontConn) breakBody() {
	c.out = append(c.out, c.head...)
	c.head, c.raw = nil, nil
	c.state = inBrokenBody
}

// CloseWrite shuts the write side, for net/http's lingering close after an answer.
func (c *frontConn) CloseWrite() error {
	c.mu.Lock()
	c.shutW = true
	c.mu.Unlock()
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// Close answers a rejected request, as Kestrel does, before the connection ends.
func (c *frontConn) Close() error {
	c.close.Do(func() {
		c.mu.Lock()
		status, shut := c.rejected, c.shutW
		c.mu.Unlock()
		if status != 0 && !shut {
			c.answer(status)
		}
		c.closeErr = c.Conn.Close()
	})
	return c.closeErr
}

// answer writes Kestrel's answer to a bad request, an empty body and Connection: close, then
// shuts the write side and drains what the client still sends for a bounded time, so that its
// unread bytes do not turn the close into a reset that loses the answer.
func (c *frontConn) answer(status int) {
	_ = c.Conn.SetWriteDeadline(time.Now().Add(lingerTime))
	reason := http.StatusText(status)
	if status == http.StatusRequestURITooLong {
		reason = "URI Too Long" // RFC 9110's name, which ASP.NET Core uses
	}
	msg := fmt.Sprintf("HTTP/1.1 %d %s\r\nContent-Length: 0\r\nConnection: close\r\nDate: %s\r\n\r\n",
		status, reason, time.Now().UTC().Format(http.TimeFormat)) // the server's clock, as net/http's Date
	if _, err := io.WriteString(c.Conn, msg); err != nil {
		return
	}
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
	}
	_ = c.Conn.SetReadDeadline(time.Now().Add(lingerTime))
	_, _ = io.CopyN(io.Discard, c.Conn, lingerBytes)
}
