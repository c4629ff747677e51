package probe

import (
	"context"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"course/stream/wire"
)

// StreamedSpread is the least spread of text events over time that counts as streaming: below it
// the text arrived at once, however many events carried it.
const StreamedSpread = 20 * time.Millisecond

// HeadersThatMatter are the response headers that decide how a stream reaches a browser.
var HeadersThatMatter = []string{"Content-Type", "Cache-Control", "X-Accel-Buffering", "Content-Encoding", "Transfer-Encoding"}

// Millis is a duration that JSON writes as a number of milliseconds.
type Millis time.Duration

// MarshalJSON writes the duration in milliseconds, to the microsecond.
func (m Millis) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, float64(m)/float64(time.Millisecond), 'f', 3, 64), nil
}

// UnmarshalJSON reads a number of milliseconds, so a report read back from JSON keeps its times.
func (m *Millis) UnmarshalJSON(b []byte) error {
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("probe: milliseconds %s: %w", b, err)
	}
	*m = Millis(f * float64(time.Millisecond))
	return nil
}

// String writes the duration in milliseconds with one decimal, the report's unit.
func (m Millis) String() string {
	return strconv.FormatFloat(float64(m)/float64(time.Millisecond), 'f', 1, 64) + " ms"
}

// Report is everything one probe found.
type Report struct {
	// URL is the streaming endpoint probed, Options.URL.
	URL string `json:"url"`
	// Method is the request method, POST or GET, upper-cased from Options.Method; GET, the
	// opening handshake's, over a WebSocket and under SignalR.
	Method string `json:"method"`
	// Transport is how the stream travelled: TransportSSE, TransportWebSocket or TransportSignalR.
	Transport string `json:"transport"`
	// Proto is the status line's protocol, e.g. "HTTP/1.1".
	Proto string `json:"proto,omitempty"`
	// Status is the response's status code, e.g. 200.
	Status int `json:"status,omitempty"`
	// StatusText is the status line's reason phrase, e.g. "OK".
	StatusText string `json:"statusText,omitempty"`
	// Headers are HeadersThatMatter in that order, with "" for those the response lacks.
	Headers []Header `json:"headers,omitempty"`
	// ErrorBody is the trimmed body of a response outside 2xx.
	ErrorBody string `json:"errorBody,omitempty"`
	// Bytes counts the body bytes received, after any Content-Encoding is undone.
	Bytes int `json:"bytes"`
	// Complete says whether the stream was read to its end.
	Complete bool `json:"complete"`
	// Events are the dispatched events in arrival order: all of them, or, past twice
	// Options.KeepEvents, the first and the last KeepEvents with EventsLeftOut between them;
	// empty, not nil, after Run.
	Events []Event `json:"events"`
	// EventCount counts the events dispatched, kept or not.
	EventCount int `json:"eventCount"`
	// EventsLeftOut counts the events between the first and the last kept, which Events leaves out.
	EventsLeftOut int `json:"eventsLeftOut,omitempty"`
	// Timing is when the headers, the first events and the end of the stream arrived.
	Timing Timing `json:"timing"`
	// Hazards are what the wire does that loses or hides text; none on a correct stream.
	Hazards []Hazard `json:"hazards"`
	// Answer is the answer the stream is compared with; nil when none was asked for.
	Answer *Answer `json:"answer,omitempty"`
	// ScanStopped is the wire line where the hazard scan ran out of time, after the deadline or an
	// interruption; 0 when it scanned every line received.
	ScanStopped int `json:"scanStoppedAtLine,omitempty"`
	// WebSocket is what the socket carried at frame level, over a WebSocket and under SignalR;
	// nil over server-sent events.
	WebSocket *SocketReport `json:"websocket,omitempty"`
	// SignalR is what the hub protocol carried; nil over the other transports.
	SignalR *HubReport `json:"signalr,omitempty"`
	// Legal lists what the stream did that a reader may not expect but the protocol allows:
	// fragmented messages, pings, records packed in one message. None of it is a hazard.
	Legal []Note `json:"legal,omitempty"`
	// Readers is what each selected client makes of the bytes received.
	Readers []ReaderResult `json:"readers,omitempty"`
	// Pass is the verdict: every reader gets the answer exactly, or, without an answer, no hazard.
	Pass bool `json:"pass"`
	// Error says why the probe stopped before the end; "" when it ran through.
	Error string `json:"error,omitempty"`

	stats eventStats // of every event, kept or not
}

// Header is one response header that matters.
type Header struct {
	// Name is the header's name as HeadersThatMatter spells it.
	Name string `json:"name"`
	// Value is the header's values joined by ", "; "" when the response lacks it.
	Value string `json:"value"`
}

// Event kinds, as the report names them.
const (
	KindText  = "text"
	KindJSON  = "json"
	KindDone  = wire.Done
	KindError = "error"
	// KindMarker is a message or item whose whole text is an end marker of the kind
	// Boilerplate's chat hub sends (MESSAGE_PROCESS_SUCCESS); the name is the marker.
	KindMarker = "end-marker"
)

// Event is one dispatched event and when it arrived.
type Event struct {
	At    Millis `json:"atMs"`           // since the request was sent
	Type  string `json:"type"`           // the event type, "message" when the stream names none
	ID    string `json:"id"`             // the last event ID at dispatch
	Lines int    `json:"lines"`          // lines of data
	Kind  string `json:"kind"`           // KindText, KindJSON, KindDone or KindError
	Name  string `json:"name,omitempty"` // for JSON, the fields that name it: "type=routing"; for errors, the message
	Data  string `json:"data"`           // the event's data lines joined by LF
	// Frames counts the WebSocket frames a message came in, when it came in more than one.
	Frames int `json:"frames,omitempty"`
}

// Timing is when the stream's parts arrived, measured from the request.
type Timing struct {
	// Headers is when the response headers arrived.
	Headers Millis `json:"headersMs"`
	// FirstEvent is when the first event was dispatched; nil when none was.
	FirstEvent *Millis `json:"firstEventMs"`
	// FirstText is when the first of the measured events arrived; nil when there was none.
	FirstText *Millis `json:"firstTextMs"`
	// End is when the stream ended or the read stopped.
	End Millis `json:"endMs"`
	// TextEvents counts the events whose spread is measured: text events, or JSON events when
	// the stream carries its text inside JSON.
	TextEvents int `json:"textEvents"`
	// TextKind is the kind of the measured events: KindText, or KindJSON when the stream has no
	// text events (over a WebSocket and under SignalR, fewer text messages than JSON ones).
	TextKind string `json:"textKind"`
	// Spread is the time from the first to the last of those events.
	Spread Millis `json:"spreadMs"`
	// Streamed is true when the text events spread over StreamedSpread or more.
	Streamed bool `json:"streamed"`
}

// Hazard is one kind of trouble found on the wire, with where it shows.
type Hazard struct {
	Code  string `json:"code"`            // one of the Hazard codes, e.g. HazardNoDone
	Lines []int  `json:"lines,omitempty"` // wire lines, counted from 1, where it shows: the first MaxHazardLines
	// LinesInAll counts the lines where it shows, listed or not; 0 for a hazard of no line.
	LinesInAll int    `json:"linesInAll,omitempty"`
	Detail     string `json:"detail"` // what the hazard does to the clients, in a sentence
}

// MaxHazardLines is how many line numbers a hazard lists; LinesInAll counts the rest.
const MaxHazardLines = 100

// MaxGot is how much of a reader's text the report keeps; the measure is taken on all of it.
const MaxGot = 1 << 20

// Hazard codes.
const (
	HazardNoColon     = "no-colon"         // a line with no colon: its text becomes a field name
	HazardSpace       = "dropped-space"    // a data line's text starts with the space the reader drops
	HazardLeading     = "leading-space"    // a data line's text starts with whitespace, which trimming clients drop
	HazardCR          = "cr-in-data"       // a CR inside data, which the reader takes as a line end
	HazardMixedEnds   = "mixed-line-ends"  // events framed with another line end than the stream's
	HazardNoEvents    = "no-events"        // a whole response with no event at all
	HazardOpenEvent   = "open-event"       // the stream ended inside an event
	HazardNoDone      = "no-end-marker"    // the stream ended without [DONE]
	HazardErrorEvent  = "error-event"      // an error event; the stream may end after it
	HazardContentType = "not-event-stream" // the body is not text/event-stream
	HazardCompressed  = "compressed"       // the stream has a Content-Encoding

	// Over a WebSocket, and under SignalR.
	HazardSplitJSON    = "split-json"      // an event's JSON cut across two or more messages
	HazardBinary       = "binary-message"  // a binary message where the events are text
	HazardInvalidUTF8  = "invalid-utf8"    // a text message that is not UTF-8: the reader closes with 1007
	HazardProtocol     = "protocol-error"  // frames the RFC forbids: the reader closes with 1002
	HazardNoCloseFrame = "no-close-frame"  // the connection ended without a close frame (1006)
	HazardCloseCode    = "close-code"      // the server closed with a code that reports a failure
	HazardLargeMessage = "large-message"   // a message over coder/websocket's default read limit
	HazardTooBig       = "message-too-big" // a message over the probe's own limit: it closed with 1009
	HazardIdle         = "idle-open"       // nothing arrived for a long while and the socket stayed open
	HazardMarker       = "in-band-marker"  // an end marker sent as text, beside the transport's own end

	// Under SignalR.
	HazardSplitRecord         = "split-record"          // a record cut across WebSocket messages
	HazardNoCompletion        = "no-completion"         // the connection or the hub closed before the Completion
	HazardCompletionError     = "completion-error"      // the Completion carries an error
	HazardCloseError          = "close-error"           // the hub's Close record carries an error
	HazardForeignItem         = "foreign-item"          // an item for another invocation
	HazardItemAfterCompletion = "item-after-completion" // an item for the invocation after its Completion
	HazardBinaryRecord        = "binary-record"         // records in binary messages, which the JSON protocol does not send
	HazardMalformedRecord     = "malformed-record"      // a record that is not JSON
	HazardUnfinishedRecord    = "unfinished-record"     // a record the close cut off before its separator
)

// Note is one thing the stream did that the protocol allows, for Report.Legal.
type Note struct {
	Code   string `json:"code"`   // one of the Legal codes, e.g. LegalFragmented
	Count  int    `json:"count"`  // how many times it happened
	Detail string `json:"detail"` // why it is no hazard, in a sentence
}

// Legal codes.
const (
	LegalFragmented = "fragmented"                // messages in more than one frame, reassembled
	LegalPing       = "ping"                      // WebSocket pings, answered with pongs
	LegalBetween    = "control-between-fragments" // pings or pongs between a message's fragments
	LegalKeepAlive  = "keep-alive"                // SignalR Ping records
	LegalPacked     = "packed-records"            // SignalR records sharing a WebSocket message
)

// SocketReport is what a WebSocket carried at frame level.
type SocketReport struct {
	// Subprotocol is the subprotocol the handshake agreed on; "" for none.
	Subprotocol string `json:"subprotocol,omitempty"`
	// FramesIn counts the frames read, control frames included.
	FramesIn int `json:"framesIn"`
	// Messages counts the data messages read, BinaryMessages those of them that were binary.
	Messages       int `json:"messages"`
	BinaryMessages int `json:"binaryMessages"`
	// Fragmented counts the messages that came in more than one frame.
	Fragmented int `json:"fragmentedMessages"`
	// Pings counts the server's pings, each answered with a pong; Pongs the server's pongs.
	Pings int `json:"pings"`
	Pongs int `json:"pongs"`
	// ControlsBetween counts the control frames that came between a message's fragments.
	ControlsBetween int `json:"controlsBetweenFragments"`
	// Largest is the size of the largest message read.
	Largest int `json:"largestMessage"`
	// Close is how the socket ended; nil when the probe stopped with it still open.
	Close *SocketClose `json:"close,omitempty"`
}

// SocketClose is how a WebSocket ended.
type SocketClose struct {
	Code   int    `json:"code"`             // the close code; 1006 when no close frame came
	Name   string `json:"name"`             // the code's meaning in RFC 6455 7.4.1
	Reason string `json:"reason,omitempty"` // the close frame's reason
	// By is who closed: "server", "probe" (the probe failed the connection for a fault of the
	// server's), or "nobody" for a connection that ended without a close frame.
	By string `json:"by"`
}

// HubReport is what a SignalR stream carried.
type HubReport struct {
	Method       string   `json:"method"`       // the hub method streamed
	ConnectionID string   `json:"connectionId"` // negotiate's connection id
	Transports   []string `json:"transports"`   // the transports negotiate offered
	InvocationID string   `json:"invocationId"`
	Records      int      `json:"records"`  // records read while streaming, of every type
	Messages     int      `json:"messages"` // WebSocket messages read while streaming
	Items        int      `json:"items"`    // items for the invocation before its Completion
	Pings        int      `json:"pings"`    // Ping records, keep-alive
	// SplitRecords counts records that began in one WebSocket message and ended in another;
	// PackedRecords those that shared a message with others.
	SplitRecords  int    `json:"splitRecords"`
	PackedRecords int    `json:"packedRecords"`
	Completed     bool   `json:"completed"`
	CompletionErr string `json:"completionError,omitempty"`
	CloseErr      string `json:"closeError,omitempty"`
	// ForeignItems counts items for another invocation; ItemsAfterCompletion items for this
	// one read after its Completion.
	ForeignItems         int `json:"foreignItems,omitempty"`
	ItemsAfterCompletion int `json:"itemsAfterCompletion,omitempty"`
}

// Answer is the answer the stream is compared with.
type Answer struct {
	Source string `json:"source"`           // the answer URL or file
	Status int    `json:"status,omitempty"` // the answer URL's status
	OK     bool   `json:"ok"`               // Text holds the answer
	Text   string `json:"text,omitempty"`   // the answer the stream should deliver; for a JSON answer, the value at the answer field
	// Problem says why there is no answer: the endpoint's status and trimmed body.
	Problem string `json:"problem,omitempty"`
}

// ReaderResult is what one client gives its user from the bytes received.
type ReaderResult struct {
	Reader string `json:"reader"`           // the reader's name, e.g. "HTML standard"
	Got    string `json:"got"`              // the text the user gets, its first MaxGot bytes
	Throws string `json:"throws,omitempty"` // the message the client throws instead
	// GotLeftOut counts the bytes of the user's text past MaxGot that Got leaves out.
	GotLeftOut int `json:"gotLeftOut,omitempty"`
	// NotMeasured says why the reader was not run to its end: the probe ran out of time.
	NotMeasured string `json:"notMeasured,omitempty"`
	// Measure is wire.Compare of the answer and Got ("exact", "1 of 6 lines missing", …), or
	// "(throws)"; "" without an answer.
	Measure string `json:"measure,omitempty"`
	// Exact says the reader delivered the answer exactly; false without an answer.
	Exact bool `json:"-"`
}

func (r *Report) setResponse(resp *http.Response, took time.Duration) {
	r.Proto = resp.Proto
	r.Status = resp.StatusCode
	r.StatusText = strings.TrimSpace(strings.TrimPrefix(resp.Status, strconv.Itoa(resp.StatusCode)))
	r.Timing.Headers = Millis(took)
	r.Headers = nil
	for _, name := range HeadersThatMatter {
		v := strings.Join(resp.Header.Values(name), ", ")
		// Go's client moves Transfer-Encoding out of the header map.
		if name == "Transfer-Encoding" && len(resp.TransferEncoding) > 0 {
			v = strings.Join(resp.TransferEncoding, ", ")
		}
		r.Headers = append(r.Headers, Header{Name: name, Value: v})
	}
}

// Header returns the value of one of HeadersThatMatter, "" when the response lacks it.
func (r *Report) Header(name string) string {
	for _, h := range r.Headers {
		if strings.EqualFold(h.Name, name) {
			return h.Value
		}
	}
	return ""
}

// finish fills in what follows from the whole capture: byte count, timing and hazards. A stream
// cut short gets no hazards about its end, which it never reached.
func (r *Report) finish(ctx context.Context, raw []byte, complete bool) {
	r.Bytes = len(raw)
	r.Complete = complete
	r.timing()
	r.Hazards = r.hazards(ctx, raw, complete)
	if r.Hazards == nil {
		r.Hazards = []Hazard{}
	}
	r.Pass = complete && r.ScanStopped == 0 && len(r.Hazards) == 0
}

func (r *Report) timing() {
	t := &r.Timing
	st := &r.stats
	t.FirstEvent, t.FirstText = nil, nil
	if st.n > 0 {
		at := st.first
		t.FirstEvent = &at
	}
	t.TextKind = KindText
	if st.byKind[KindText] == 0 && st.byKind[KindJSON] > 0 {
		t.TextKind = KindJSON
	}
	if r.Transport == TransportWebSocket || r.Transport == TransportSignalR {
		// A message is one event, and a message that is not one cuts a JSON event's text: the
		// kind most messages are is the one that carries the answer.
		if st.byKind[KindJSON] > st.byKind[KindText] {
			t.TextKind = KindJSON
		}
	}
	t.TextEvents = st.byKind[t.TextKind]
	t.Spread, t.Streamed = 0, false
	if t.TextEvents > 0 {
		first := st.firstAt[t.TextKind]
		t.FirstText = &first
		t.Spread = st.lastAt[t.TextKind] - first
		t.Streamed = t.TextEvents > 1 && time.Duration(t.Spread) >= StreamedSpread
	}
}

func (r *Report) hazards(ctx context.Context, raw []byte, complete bool) []Hazard {
	var hs []Hazard
	if ct := r.Header("Content-Type"); !isEventStream(ct) {
		shown := ct
		if shown == "" {
			shown = "missing"
		} else {
			shown = strconv.Quote(ct)
		}
		hs = append(hs, Hazard{Code: HazardContentType, Detail: fmt.Sprintf(
			"Content-Type is %s, not text/event-stream: EventSource refuses the stream, and proxies may buffer it whole", shown)})
	}
	if enc := r.Header("Content-Encoding"); enc != "" && !strings.EqualFold(enc, "identity") {
		hs = append(hs, Hazard{Code: HazardCompressed, Detail: fmt.Sprintf(
			"Content-Encoding is %q: a compressor holds events until its buffer fills or is flushed, so they arrive late and together", enc)})
	}
	if complete && r.stats.n == 0 {
		// 9.2.6 dispatched nothing: the wire's line rules say nothing useful about such a body.
		return append(hs, Hazard{Code: HazardNoEvents, Detail: "the whole response holds no event: this is not an event stream, and no client shows anything"})
	}
	scanned, stoppedAt := scanWire(ctx, raw, complete)
	hs = append(hs, scanned...)
	r.ScanStopped = stoppedAt
	if !complete {
		return hs
	}
	if r.stats.byKind[KindDone] == 0 {
		hs = append(hs, Hazard{Code: HazardNoDone, Detail: "the stream ended without " + wire.Done +
			", the end marker the clients wait for: a client cannot tell a finished answer from a cut one"})
	}
	for _, e := range r.stats.errors {
		where := "more events follow it"
		if e.n == r.stats.n {
			where = "the stream ended after it"
		}
		hs = append(hs, Hazard{Code: HazardErrorEvent, Detail: fmt.Sprintf(
			"event %d is an error (%s) and %s; nothing in the standard tells an error from an answer, so each client decides what its user sees", e.n, e.name, where)})
	}
	if more := r.stats.errorCount - len(r.stats.errors); more > 0 {
		hs = append(hs, Hazard{Code: HazardErrorEvent, Detail: fmt.Sprintf("%s more are errors", count(more, "event"))})
	}
	return hs
}

func isEventStream(ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && mt == "text/event-stream"
}
