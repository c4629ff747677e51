package probe

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"

	"course/stream/sse"
)

// newClient is a client for a probe: no proxy, since the endpoint is the user's own server, and
// no transparent decompression, so the probe sees the Content-Encoding the server chose.
func newClient() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy = nil
	tr.DisableCompression = true
	return &http.Client{Transport: tr}
}

// checkURL checks that s is a URL the transport opens: http or https, or ws or wss for a WebSocket.
func checkURL(s, transport string) error {
	u, err := url.Parse(s)
	if err != nil {
		return err
	}
	switch {
	case transport == TransportWebSocket && u.Scheme != "ws" && u.Scheme != "wss":
		return fmt.Errorf("%q is not a ws or wss URL", s)
	case transport == TransportSignalR && (u.Scheme == "ws" || u.Scheme == "wss"):
		return fmt.Errorf("%q: give the hub's http or https URL; the probe negotiates, then opens the WebSocket", s)
	case transport != TransportWebSocket && u.Scheme != "http" && u.Scheme != "https":
		return fmt.Errorf("%q is not an http or https URL", s)
	}
	if u.Host == "" {
		return fmt.Errorf("%q has no host", s)
	}
	return nil
}

// request builds the request both endpoints get: the body as JSON, an Accept for event streams,
// and the encodings a browser's fetch would accept, so a server that compresses the stream shows it.
func (p *prober) request(ctx context.Context, target string) (*http.Request, error) {
	var body io.Reader
	if p.opts.Body != nil {
		body = bytes.NewReader(p.opts.Body)
	}
	req, err := http.NewRequestWithContext(ctx, p.method, target, body)
	if err != nil {
		return nil, err
	}
	if p.opts.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Accept-Encoding", "gzip, deflate")
	for k, vs := range p.opts.Header {
		req.Header.Del(k)
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	return req, nil
}

// errBytesLimit stops the capture at the byte limit.
var errBytesLimit = errors.New("byte limit reached")

// errEventsLimit stops the read at the event limit.
var errEventsLimit = errors.New("event limit reached")

// stream sends the request, records the status and headers, and reads the events as they arrive.
// It returns the bytes received, decoded from any Content-Encoding, or nil when no 2xx body came;
// with an error, the bytes are what arrived before the read stopped.
func (p *prober) stream(ctx context.Context) ([]byte, error) {
	req, err := p.request(ctx, p.opts.URL)
	if err != nil {
		return nil, fail(ReasonUsage, err, "build request: %v", err)
	}
	start := time.Now()
	resp, err := p.client.Do(req)
	if err != nil {
		return nil, p.transportError(ctx, p.opts.URL, err, "waiting for the response headers")
	}
	defer resp.Body.Close()
	p.rep.setResponse(resp, time.Since(start))

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, errorBodyLimit))
		p.rep.ErrorBody = trimBody(body)
		return nil, fail(ReasonStatus, nil, "%s %s answered %s: %s", p.method, p.opts.URL, resp.Status, p.rep.ErrorBody)
	}

	body, err := decodeBody(resp)
	if err != nil {
		return nil, fail(ReasonRead, err, "%v", err)
	}
	capt := &capture{src: body, buf: []byte{}, start: start, max: p.limits.bytes}
	defer func() { p.release = capt.release }()
	rd := sse.NewReader(capt, sse.WithLimit(p.limits.line))
	events := eventLog{keep: p.keep}
	for {
		ev, err := rd.Next()
		if err == nil && events.stats.n == p.limits.events {
			err = errEventsLimit
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			p.rep.Timing.End = Millis(time.Since(start))
			p.rep.Bytes = len(capt.buf)
			events.fill(p.rep)
			return capt.buf, p.readError(ctx, err)
		}
		events.add(newEvent(ev, capt.at))
	}
	p.rep.Timing.End = Millis(time.Since(start))
	events.fill(p.rep)
	return capt.buf, nil
}

// readError explains a stream that stopped before its end, with what had arrived.
func (p *prober) readError(ctx context.Context, err error) error {
	events := count(p.rep.EventCount, "event")
	so := fmt.Sprintf("%d bytes and %s received so far", p.rep.Bytes, events)
	var le *sse.LimitError
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fail(ReasonTimeout, err, "timed out after %s with the stream still open: %s", p.timeout, so)
	case ctx.Err() != nil:
		return fail(ReasonCancel, ctx.Err(), "interrupted with the stream still open: %s", so)
	case errors.Is(err, errBytesLimit):
		return fail(ReasonLimit, err, "stopped after %s: raise --max-bytes: %s received so far", FormatSize(p.limits.bytes), events)
	case errors.Is(err, errEventsLimit):
		return fail(ReasonLimit, err, "stopped after %s: raise --max-events: %d bytes received so far", events, p.rep.Bytes)
	case errors.As(err, &le):
		return fail(ReasonLimit, err, "stopped at %s longer than %s: the limit is the course's reader's, not the standard's (browsers have none): raise --max-line: %s",
			withArticle(le.What), FormatSize(le.Limit), so)
	}
	return fail(ReasonRead, err, "the stream broke off: %v: %s", err, so)
}

func withArticle(what string) string {
	if what == "event data" {
		return "event data"
	}
	return "a " + what
}

// transportError names what failed before any response: refused, TLS, timeout, or the rest.
func (p *prober) transportError(ctx context.Context, target string, err error, waiting string) error {
	host := target
	if u, perr := url.Parse(target); perr == nil {
		host = u.Host
	}
	var certErr *tls.CertificateVerificationError
	var recErr tls.RecordHeaderError
	var authErr x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	var alert tls.AlertError
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fail(ReasonTimeout, err, "timed out after %s %s from %s: nothing received", p.timeout, waiting, host)
	case ctx.Err() != nil:
		return fail(ReasonCancel, ctx.Err(), "interrupted %s from %s: nothing received", waiting, host)
	case errors.Is(err, syscall.ECONNREFUSED):
		return fail(ReasonConnect, err, "connection refused by %s: is the server running and listening there?", host)
	case errors.As(err, &certErr), errors.As(err, &authErr), errors.As(err, &hostErr):
		return fail(ReasonTLS, err, "TLS failure with %s: the server's certificate is not trusted: %v", host, err)
	case errors.As(err, &recErr), strings.Contains(err.Error(), "server gave HTTP response to HTTPS client"):
		return fail(ReasonTLS, err, "TLS failure with %s: the server does not speak TLS there (try http://)", host)
	case errors.As(err, &alert), strings.Contains(err.Error(), "tls: "):
		return fail(ReasonTLS, err, "TLS failure with %s: %v", host, err)
	}
	var dnsErr *net.DNSError
	var opErr *net.OpError
	if errors.As(err, &dnsErr) || errors.As(err, &opErr) {
		return fail(ReasonConnect, err, "cannot connect to %s: %v", host, err)
	}
	return fail(ReasonConnect, err, "%s %s: %v", p.method, target, err)
}

// decodeBody undoes the Content-Encodings the probe accepts, as a browser does before the
// page's reader sees the bytes.
func decodeBody(resp *http.Response) (io.Reader, error) {
	switch enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding"))); enc {
	case "", "identity":
		return resp.Body, nil
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return nil, fmt.Errorf("gzip body: %w", err)
		}
		return zr, nil
	case "deflate":
		zr, err := zlib.NewReader(resp.Body)
		if err != nil {
			return nil, fmt.Errorf("deflate body: %w", err)
		}
		return zr, nil
	default:
		return nil, fmt.Errorf("the body is encoded as %q, which the probe cannot decode", enc)
	}
}

// capture keeps every byte the reader asks of the body, up to max, and when the last read returned.
type capture struct {
	src   io.Reader
	buf   []byte
	max   int
	start time.Time
	at    time.Duration // when the last read returned, since start
	// release frees the reserved buffer, once nothing reads the capture; nil for a heap buffer.
	release func()
}

// reserveFrom is the capture's size past which it reserves the whole of max at once.
const reserveFrom = 4 << 20

// Read reads from the body and keeps a copy of every byte read. Past max it returns
// errBytesLimit; the buffer grows by doubling up to reserveFrom, then to max at once.
func (c *capture) Read(p []byte) (int, error) {
	room := c.max - len(c.buf)
	if room <= 0 {
		// A stream of exactly max bytes ends here; one with a byte more goes past the limit.
		var one [1]byte
		n, err := c.src.Read(one[:])
		if n == 0 && err != nil {
			return 0, err
		}
		return 0, errBytesLimit
	}
	if len(p) > room {
		p = p[:room]
	}
	n, err := c.src.Read(p)
	c.at = time.Since(c.start)
	c.keep(p[:n])
	return n, err
}

// keep appends p, which must fit within max, to the buffer.
func (c *capture) keep(p []byte) {
	if need := len(c.buf) + len(p); need > cap(c.buf) {
		size := min(max(2*cap(c.buf), need, 4<<10), c.max)
		var grown []byte
		if size > reserveFrom && c.release == nil {
			// Past reserveFrom the whole bound is reserved at once, so a large capture is
			// neither copied to grow nor held twice while it does.
			if b, release, ok := reserve(c.max); ok {
				grown, c.release = b[:len(c.buf)], release
			}
		}
		if grown == nil {
			grown = make([]byte, len(c.buf), size)
		}
		copy(grown, c.buf)
		c.buf = grown
	}
	c.buf = append(c.buf, p...)
}
