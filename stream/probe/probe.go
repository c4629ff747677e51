// Package probe checks any chat endpoint that streams its answers as server-sent events the way
// lesson 6 checks GA's: it sends one request, records every event with the time it arrived,
// scans the raw bytes for what the HTML standard's line rules turn into lost text, and measures
// what each client reader the course knows makes of the bytes against the computed answer.
package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

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
	transport, err := TransportFor(opts.Transport, opts.URL)
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
