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

	"course/sse"
	"course/wire"
)

// Defaults of a probe.
const (
	DefaultTimeout     = 30 * time.Second        // the whole probe, answer request included
	DefaultAnswerField = "naturalLanguageAnswer" // GaChatbot.Api's ChatJsonResponse (Apps/GaChatbot.Api/Controllers/ChatbotController.cs:559-567)
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
	// Readers are the clients to measure; nil means DefaultReaders().
	Readers []wire.Reader
	// Timeout bounds the whole probe; 0 means DefaultTimeout.
	Timeout time.Duration
	// Client sends the requests; nil means a client that uses no proxy.
	Client *http.Client
}

// Reason says why a probe could not run, for messages and for scripts.
type Reason string

// The reasons a probe stops without a report on the stream.
const (
	ReasonUsage   Reason = "usage"   // the options do not make a request
	ReasonConnect Reason = "connect" // no connection: refused, unreachable, unknown host
	ReasonTLS     Reason = "tls"     // the TLS handshake failed
	ReasonTimeout Reason = "timeout" // the deadline passed; the report holds what came before
	ReasonStatus  Reason = "status"  // the stream answered with a status outside 2xx
	ReasonRead    Reason = "read"    // the connection broke or the stream could not be decoded
	ReasonAnswer  Reason = "answer"  // the answer to compare with could not be had
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
	if method == "" {
		method = http.MethodPost
	}
	rep := &Report{URL: opts.URL, Method: method}
	if method != http.MethodPost && method != http.MethodGet {
		return rep, fail(ReasonUsage, nil, "method %q: the probe sends POST or GET", opts.Method)
	}
	if method == http.MethodGet && opts.Body != nil {
		return rep, fail(ReasonUsage, nil, "a GET request carries no body; drop --data and --message or use POST")
	}
	if err := checkURL(opts.URL); err != nil {
		return rep, fail(ReasonUsage, err, "url: %v", err)
	}
	if opts.AnswerURL != "" {
		if err := checkURL(opts.AnswerURL); err != nil {
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
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	p := &prober{opts: opts, method: method, client: client, timeout: timeout, rep: rep}
	raw, err := p.stream(ctx)
	if err != nil {
		return rep, err
	}
	rep.finish(raw, true)
	if opts.AnswerURL != "" || opts.AnswerFile != "" {
		ans, err := p.answer(ctx, field)
		if err != nil {
			return rep, err
		}
		rep.Answer = ans
	}
	rep.measure(raw, readers)
	return rep, nil
}

// prober carries one run's request settings and the report it fills.
type prober struct {
	opts    Options
	method  string
	client  *http.Client
	timeout time.Duration
	rep     *Report
}

// newClient is a client for a probe: no proxy, since the endpoint is the user's own server, and
// no transparent decompression, so the probe sees the Content-Encoding the server chose.
func newClient() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy = nil
	tr.DisableCompression = true
	return &http.Client{Transport: tr}
}

func checkURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return err
	}
	if u.Scheme != "http" && u.Scheme != "https" {
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

// stream sends the request, records the status and headers, and reads the events as they arrive.
// It returns the bytes received, decoded from any Content-Encoding.
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
	capt := &capture{src: body}
	rd := sse.NewReader(capt)
	for {
		ev, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			p.rep.finish(capt.buf.Bytes(), false)
			p.rep.Timing.End = Millis(time.Since(start))
			return capt.buf.Bytes(), p.readError(ctx, err)
		}
		p.rep.addEvent(ev, time.Since(start))
	}
	p.rep.Timing.End = Millis(time.Since(start))
	return capt.buf.Bytes(), nil
}

// readError explains a stream that stopped before its end, with what had arrived.
func (p *prober) readError(ctx context.Context, err error) error {
	so := fmt.Sprintf("%d bytes and %d events received so far", p.rep.Bytes, len(p.rep.Events))
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fail(ReasonTimeout, err, "timed out after %s with the stream still open: %s", p.timeout, so)
	}
	var le *sse.LimitError
	if errors.As(err, &le) {
		return fail(ReasonRead, err, "%v: %s", err, so)
	}
	return fail(ReasonRead, err, "the stream broke off: %v: %s", err, so)
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

// capture keeps every byte the reader asks of the body.
type capture struct {
	src io.Reader
	buf bytes.Buffer
}

// Read reads from the body and keeps a copy of every byte read.
func (c *capture) Read(p []byte) (int, error) {
	n, err := c.src.Read(p)
	c.buf.Write(p[:n])
	return n, err
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
	b, err := io.ReadAll(body)
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
