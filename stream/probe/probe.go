// Package probe checks any chat endpoint that streams its answers as server-sent events the way
// lesson 6 checks GA's: it sends one request, records every event with the time it arrived,
// scans the raw bytes for what the HTML standard's line rules turn into lost text, and measures
// what each client reader the course knows makes of the bytes against the computed answer.
package probe

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"course/stream/sse"
	"course/stream/wire"
)

// Defaults of a probe.
const (
	DefaultTimeout     = 30 * time.Second        // the whole probe, answer request included
	DefaultAnswerField = "naturalLanguageAnswer" // GaChatbot.Api's ChatJsonResponse (Apps/GaChatbot.Api/Controllers/ChatbotController.cs:559-567)
	// DefaultMaxBytes is how much of a stream the probe keeps before it stops reading: the
	// capture, the events and every reader's text are held in memory, so this bounds them all.
	// GA's readers need up to five times the capture while they run; at 4 MiB a probe stays
	// within 64 MiB of heap whatever the server sends.
	DefaultMaxBytes = 4 << 20
	// DefaultMaxEvents is how many events the probe records before it stops reading.
	DefaultMaxEvents = 100_000
	// DefaultKeepEvents is how many events a report keeps at each end of a long stream.
	DefaultKeepEvents = 10
	// DefaultMaxLine is the longest line, and the longest event data, the course's reader takes.
	// The standard sets no limit; the course's reader needs one to bound its memory.
	DefaultMaxLine = sse.DefaultLimit
	// Grace is how long measuring may go on after the deadline or an interruption: the readers
	// that have not finished by then are reported as not measured, so the whole probe, printing
	// included, ends soon after.
	Grace = 300 * time.Millisecond
	// bodyShown is how much of an error body a message quotes.
	bodyShown = 300
	// errorBodyLimit is how much of a non-2xx body the probe reads at all.
	errorBodyLimit = 64 << 10
)

// Options says what to send, where, and what to compare the stream with.
type Options struct {
	// URL is the streaming endpoint.
	URL string
	// Method is POST or GET; "" means POST.
	Method string
	// Body is the request body; nil sends none.
	Body []byte
	// Header holds extra request headers; they replace the probe's defaults of the same name.
	Header http.Header
	// AnswerURL is the non-streaming endpoint that computes the same answer; the probe sends it
	// the same request and reads AnswerField from its JSON.
	AnswerURL string
	// AnswerFile holds the answer instead: its text as is, or AnswerField of it when it ends in .json.
	AnswerFile string
	// AnswerField is a dotted path into the answer's JSON ("choices.0.message.content");
	// "" means DefaultAnswerField.
	AnswerField string
	// Readers are the clients to measure over server-sent events; nil means DefaultReaders().
	Readers []wire.Reader
	// Transport is how the stream travels: TransportSSE, TransportWebSocket or TransportSignalR;
	// "" takes it from the URL, ws:// and wss:// a WebSocket, http:// and https:// server-sent
	// events. Over a WebSocket, Body is the first text message; under SignalR, the hub method's
	// one argument. Method and MaxLine are for server-sent events alone.
	Transport string
	// HubMethod is the hub method a SignalR probe streams.
	HubMethod string
	// MessageReaders are the clients to measure over a WebSocket or SignalR; nil means the
	// transport's KnownMessageReaders written for the stream's shape.
	MessageReaders []MessageReader
	// Timeout bounds the whole probe; 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxBytes stops the read after this many body bytes; 0 means DefaultMaxBytes.
	MaxBytes int
	// MaxEvents stops the read after this many events; 0 means DefaultMaxEvents.
	MaxEvents int
	// MaxLine is the longest line, and event data, the reader takes; 0 means DefaultMaxLine.
	MaxLine int
	// KeepEvents is how many events the report keeps at each end of the stream, of every event
	// read; 0 means DefaultKeepEvents. The report's counts and verdicts are on every event.
	KeepEvents int
	// Client sends the requests; nil means a client that uses no proxy.
	Client *http.Client
}

// Reason says why a probe could not run, for messages and for scripts.
type Reason string

// The reasons a probe stops before the end of the stream or without one.
const (
	ReasonUsage   Reason = "usage"   // the options do not make a request
	ReasonConnect Reason = "connect" // no connection: refused, unreachable, unknown host
	ReasonTLS     Reason = "tls"     // the TLS handshake failed
	ReasonTimeout Reason = "timeout" // the deadline passed; the report holds what came before
	ReasonCancel  Reason = "cancel"  // the caller's context ended (SIGINT, SIGTERM); the report holds what came before
	ReasonLimit   Reason = "limit"   // --max-bytes, --max-events or --max-line was reached; the report holds what came before
	ReasonStatus  Reason = "status"  // the stream answered with a status outside 2xx
	ReasonRead    Reason = "read"    // the connection broke or the stream could not be decoded
	ReasonAnswer  Reason = "answer"  // the answer to compare with could not be had
	// ReasonHandshake: SignalR's negotiate or the hub's protocol handshake failed, or the
	// WebSocket handshake's answer was wrong.
	ReasonHandshake Reason = "handshake"
)

// Error is a probe that could not run to the end; the report returned with it holds what was
// received before it stopped.
type Error struct {
	Reason Reason // what stopped the probe, one of the Reason constants
	Msg    string // the whole message, lowercase, starting "probe: "
	Err    error  // the cause, if any
}

// Error returns the message.
func (e *Error) Error() string { return e.Msg }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func fail(reason Reason, err error, format string, args ...any) *Error {
	return &Error{Reason: reason, Msg: "probe: " + fmt.Sprintf(format, args...), Err: err}
}

// Run probes opts.URL. The report is never nil; with an error it holds what was received
// before the probe stopped, and the error's message.
func Run(ctx context.Context, opts Options) (*Report, error) {
	rep, err := run(ctx, opts)
	// Scripts read the lists as arrays, empty or not.
	if rep.Events == nil {
		rep.Events = []Event{}
	}
	if rep.Hazards == nil {
		rep.Hazards = []Hazard{}
	}
	if err != nil {
		rep.Error = err.Error()
		rep.Pass = false
	}
	return rep, err
}

func run(ctx context.Context, opts Options) (*Report, error) {
	method := strings.ToUpper(opts.Method)
	transport, err := pickTransport(opts.Transport, opts.URL)
	rep := &Report{URL: opts.URL, Method: method, Transport: transport}
	if err != nil {
		return rep, fail(ReasonUsage, err, "%v", err)
	}
	// The answer request is a POST, unless a probe of server-sent events sends GET.
	answerMethod := http.MethodPost
	if transport == TransportSSE {
		if method == "" {
			method = http.MethodPost
		}
		rep.Method, answerMethod = method, method
		if method != http.MethodPost && method != http.MethodGet {
			return rep, fail(ReasonUsage, nil, "method %q: the probe sends POST or GET", opts.Method)
		}
		if method == http.MethodGet && opts.Body != nil {
			return rep, fail(ReasonUsage, nil, "a GET request carries no body; drop --data and --message or use POST")
		}
	} else if err := checkMessageOptions(transport, opts); err != nil {
		return rep, err
	} else {
		rep.Method = http.MethodGet
	}
	if err := checkURL(opts.URL, transport); err != nil {
		return rep, fail(ReasonUsage, err, "url: %v", err)
	}
	if opts.AnswerURL != "" {
		if err := checkURL(opts.AnswerURL, TransportSSE); err != nil {
			return rep, fail(ReasonUsage, err, "answer url: %v", err)
		}
	}
	readers := opts.Readers
	if readers == nil {
		readers = DefaultReaders()
	}
	field := opts.AnswerField
	if field == "" {
		field = DefaultAnswerField
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	client := opts.Client
	if client == nil {
		client = newClient()
	}
	limits := limits{bytes: opts.MaxBytes, events: opts.MaxEvents, line: opts.MaxLine}
	if limits.bytes <= 0 {
		limits.bytes = DefaultMaxBytes
	}
	if limits.events <= 0 {
		limits.events = DefaultMaxEvents
	}
	if limits.line <= 0 {
		limits.line = DefaultMaxLine
	}
	deadline := time.Now().Add(timeout)
	readCtx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	// Measuring goes on past the deadline or an interruption for Grace at most, so a probe
	// stopped either way still reports on what arrived, and ends soon after.
	measureCtx, cancelMeasure := context.WithDeadline(context.WithoutCancel(ctx), deadline.Add(Grace))
	defer cancelMeasure()
	stopWatch := context.AfterFunc(ctx, func() { time.AfterFunc(Grace, cancelMeasure) })
	defer stopWatch()

	keep := opts.KeepEvents
	if keep <= 0 {
		keep = DefaultKeepEvents
	}
	p := &prober{opts: opts, method: answerMethod, client: client, timeout: timeout, limits: limits, keep: keep, rep: rep}
	var got captured
	switch transport {
	case TransportWebSocket:
		var c *messageCapture
		if c, err = p.webSocket(readCtx); c != nil {
			got = c
		}
	case TransportSignalR:
		var c *messageCapture
		if c, err = p.signalR(readCtx); c != nil {
			got = c
		}
	default:
		var raw []byte
		if raw, err = p.stream(readCtx); raw != nil {
			got = sseCapture{raw: raw, readers: readers}
		}
	}
	readersDone := true
	defer func() { p.free(readersDone) }()
	if got == nil {
		return rep, err
	}
	got.finish(measureCtx, rep, err == nil)
	if opts.AnswerURL != "" || opts.AnswerFile != "" {
		ans, aerr := p.answer(readCtx, field)
		switch {
		case aerr != nil && err == nil:
			return rep, aerr
		case aerr != nil:
			source := opts.AnswerURL + opts.AnswerFile
			ans = &Answer{Source: source, Problem: strings.TrimPrefix(aerr.Error(), "probe: ")}
		}
		rep.Answer = ans
	}
	readersDone = got.measure(measureCtx, rep)
	if err == nil && measureCtx.Err() != nil {
		// The stream ended in time, but measuring it did not.
		rep.Pass = false
		if ctx.Err() != nil {
			return rep, fail(ReasonCancel, ctx.Err(), "interrupted while measuring the %d bytes received", rep.Bytes)
		}
		return rep, fail(ReasonTimeout, measureCtx.Err(), "timed out after %s measuring the %d bytes received", timeout, rep.Bytes)
	}
	return rep, err
}

// captured is what a probe received, of any transport: it fills the report and measures the readers.
type captured interface {
	// finish fills in what follows from the whole capture: counts, timing, hazards, the verdict.
	finish(ctx context.Context, r *Report, complete bool)
	// measure runs the readers and says whether every one it started has finished.
	measure(ctx context.Context, r *Report) bool
}

// sseCapture is the bytes of an event stream and the readers to measure on them.
type sseCapture struct {
	raw     []byte
	readers []wire.Reader
}

func (c sseCapture) finish(ctx context.Context, r *Report, complete bool) {
	r.finish(ctx, c.raw, complete)
}

func (c sseCapture) measure(ctx context.Context, r *Report) bool {
	return r.measure(ctx, c.raw, c.readers)
}

// checkMessageOptions refuses the options that mean nothing over a WebSocket or SignalR.
func checkMessageOptions(transport string, opts Options) error {
	switch {
	case opts.Method != "" && !strings.EqualFold(opts.Method, http.MethodGet):
		return fail(ReasonUsage, nil, "--method is for server-sent events: a %s opens with GET", transportName(transport))
	case transport == TransportSignalR && opts.HubMethod == "":
		return fail(ReasonUsage, nil, "a SignalR probe streams a hub method: give --hub-method NAME")
	case transport != TransportSignalR && opts.HubMethod != "":
		return fail(ReasonUsage, nil, "--hub-method is for SignalR: add --transport signalr")
	case transport == TransportSignalR && opts.Body != nil && !json.Valid(opts.Body):
		return fail(ReasonUsage, nil, "the hub method's argument is not JSON: %s", trimBody(opts.Body))
	}
	return nil
}

// transportName is a transport as a sentence names it.
func transportName(transport string) string {
	switch transport {
	case TransportWebSocket:
		return "WebSocket"
	case TransportSignalR:
		return "SignalR connection"
	}
	return "server-sent event stream"
}

// limits bound what one probe reads and keeps.
type limits struct {
	bytes, events, line int
}

// prober carries one run's request settings and the report it fills.
type prober struct {
	opts    Options
	method  string
	client  *http.Client
	timeout time.Duration
	limits  limits
	keep    int
	rep     *Report
	release func() // frees the capture's reserved buffer; nil when there is none
}

// free releases the capture's buffer unless a reader still reads it.
func (p *prober) free(readersDone bool) {
	if p.release != nil && readersDone {
		p.release()
	}
}

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

// FormatSize writes a byte count the way the flags take it: "16 MiB", "1.5 KiB", "300 bytes".
func FormatSize(n int) string {
	for _, u := range []struct {
		name string
		size int
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size {
			return strconv.FormatFloat(float64(n)/float64(u.size), 'f', -1, 64) + " " + u.name
		}
	}
	return count(n, "byte")
}

// MaxSize is the largest byte count ParseSize takes.
const MaxSize = 2 << 30

// ParseSize reads a byte count such as "16MiB", "16 MiB", "512KiB", "1GB" or "4096"; KB, MB and GB
// count in powers of ten, KiB, MiB and GiB (and K, M, G) in powers of two.
func ParseSize(s string) (int, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := t, ""
	if i >= 0 {
		num, unit = t[:i], strings.TrimSpace(t[i:])
	}
	mult := map[string]float64{
		"": 1, "b": 1, "byte": 1, "bytes": 1,
		"k": 1 << 10, "kib": 1 << 10, "kb": 1e3,
		"m": 1 << 20, "mib": 1 << 20, "mb": 1e6,
		"g": 1 << 30, "gib": 1 << 30, "gb": 1e9,
	}[strings.ToLower(unit)]
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || mult == 0 || f <= 0 {
		return 0, fmt.Errorf("size %q: want a positive number of bytes such as 4096, 512KiB or 16MiB", s)
	}
	n := f * mult
	if n > MaxSize {
		return 0, fmt.Errorf("size %q: more than %s", s, FormatSize(MaxSize))
	}
	return max(int(n), 1), nil
}

// Size is a command-line flag's value holding a byte count that ParseSize reads and FormatSize
// writes, for the flags of every command that bounds what it reads.
type Size struct{ N *int }

// String writes the size as the help shows it.
func (f Size) String() string {
	if f.N == nil {
		return ""
	}
	return strings.ReplaceAll(FormatSize(*f.N), " ", "")
}

// Set reads a size.
func (f Size) Set(s string) error {
	n, err := ParseSize(s)
	if err != nil {
		return err
	}
	*f.N = n
	return nil
}

// Type names the flag's value in the help.
func (f Size) Type() string { return "size" }

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

// answer fetches or reads the answer the stream should deliver. A non-2xx answer endpoint is no
// error: the report says what it answered, and the readers are shown without a measure.
func (p *prober) answer(ctx context.Context, field string) (*Answer, error) {
	if p.opts.AnswerFile != "" {
		b, err := os.ReadFile(p.opts.AnswerFile)
		if err != nil {
			return nil, fail(ReasonAnswer, err, "answer file: %v", err)
		}
		ans := &Answer{Source: p.opts.AnswerFile}
		if !strings.EqualFold(extension(p.opts.AnswerFile), ".json") {
			ans.Text, ans.OK = string(b), true
			return ans, nil
		}
		text, err := answerField(b, field)
		if err != nil {
			return nil, fail(ReasonAnswer, err, "answer file %s: %v", p.opts.AnswerFile, err)
		}
		ans.Text, ans.OK = text, true
		return ans, nil
	}

	if ctx.Err() != nil {
		return &Answer{Source: p.opts.AnswerURL, Problem: "not asked: the probe stopped before the stream ended"}, nil
	}
	req, err := p.request(ctx, p.opts.AnswerURL)
	if err != nil {
		return nil, fail(ReasonUsage, err, "build answer request: %v", err)
	}
	req.Header.Set("Accept", "application/json")
	for _, v := range p.opts.Header.Values("Accept") {
		req.Header.Set("Accept", v)
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return nil, p.transportError(ctx, p.opts.AnswerURL, err, "waiting for the answer")
	}
	defer resp.Body.Close()
	body, err := decodeBody(resp)
	if err != nil {
		return nil, fail(ReasonAnswer, err, "answer: %v", err)
	}
	b, err := io.ReadAll(io.LimitReader(body, int64(p.limits.bytes)+1))
	if err == nil && len(b) > p.limits.bytes {
		return nil, fail(ReasonLimit, nil, "the answer from %s is longer than %s: raise --max-bytes", p.opts.AnswerURL, FormatSize(p.limits.bytes))
	}
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, fail(ReasonTimeout, err, "timed out after %s reading the answer from %s", p.timeout, p.opts.AnswerURL)
		}
		return nil, fail(ReasonAnswer, err, "read the answer from %s: %v", p.opts.AnswerURL, err)
	}
	ans := &Answer{Source: p.opts.AnswerURL, Status: resp.StatusCode}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		ans.Problem = fmt.Sprintf("%s %s answered %s: %s", p.method, p.opts.AnswerURL, resp.Status, trimBody(b))
		return ans, nil
	}
	text, err := answerField(b, field)
	if err != nil {
		return nil, fail(ReasonAnswer, err, "answer from %s: %v", p.opts.AnswerURL, err)
	}
	ans.Text, ans.OK = text, true
	return ans, nil
}

func extension(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 && !strings.ContainsAny(path[i:], `/\`) {
		return path[i:]
	}
	return ""
}

// answerField reads the string at a dotted path of a JSON document; a number in the path
// indexes an array.
func answerField(doc []byte, path string) (string, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "", fmt.Errorf("not JSON (%v): %s", err, trimBody(doc))
	}
	walked := ""
	for seg := range strings.SplitSeq(path, ".") {
		walked = strings.TrimPrefix(walked+"."+seg, ".")
		switch cur := v.(type) {
		case map[string]any:
			next, ok := cur[seg]
			if !ok {
				return "", fmt.Errorf("no field %q", walked)
			}
			v = next
		case []any:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(cur) {
				return "", fmt.Errorf("%q: no element %s in an array of %d", walked, seg, len(cur))
			}
			v = cur[i]
		default:
			return "", fmt.Errorf("no field %q: %s is not an object or array", walked, jsonTypeName(cur))
		}
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("field %q is %s, not a string", path, jsonTypeName(v))
	}
	return s, nil
}

func jsonTypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	}
	return "an object"
}

// trimBody makes a body fit in one message: whitespace runs become one space, and the text is
// cut at bodyShown bytes on a character boundary.
func trimBody(b []byte) string {
	s := strings.Join(strings.Fields(sse.DecodeUTF8(b)), " ")
	if s == "" {
		return "(empty body)"
	}
	if len(s) <= bodyShown {
		return s
	}
	cut := bodyShown
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
