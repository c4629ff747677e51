package probe

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"course/stream/sse"
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
	// TextKind is the kind of the measured events: KindText, or KindJSON when the stream has no text events.
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
	LegalFragmented = "fragmented" // messages in more than one frame, reassembled
	LegalPing       = "ping"       // WebSocket pings, answered with pongs
	LegalBetween    = "control-between-fragments"
	LegalKeepAlive  = "keep-alive" // SignalR Ping records
	LegalPacked     = "packed-records"
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

// eventStats is what the report needs of every event, gathered as each arrives so that no
// event has to be kept: counts by kind, the times that timing needs, and the error events.
type eventStats struct {
	n          int
	first      Millis
	byKind     map[string]int
	firstAt    map[string]Millis // of the first event of each kind
	lastAt     map[string]Millis // of the last event of each kind
	errors     []errorEvent      // the first MaxHazardLines
	errorCount int
}

// errorEvent is an error event's place in the stream and its message.
type errorEvent struct {
	n    int // counted from 1
	name string
}

func (s *eventStats) add(e Event) {
	if s.byKind == nil {
		s.byKind, s.firstAt, s.lastAt = map[string]int{}, map[string]Millis{}, map[string]Millis{}
	}
	s.n++
	if s.n == 1 {
		s.first = e.At
	}
	if s.byKind[e.Kind] == 0 {
		s.firstAt[e.Kind] = e.At
	}
	s.byKind[e.Kind]++
	s.lastAt[e.Kind] = e.At
	if e.Kind == KindError {
		if len(s.errors) < MaxHazardLines {
			s.errors = append(s.errors, errorEvent{n: s.n, name: e.Name})
		}
		s.errorCount++
	}
}

// JSON is the report as one indented JSON document.
func (r *Report) JSON() ([]byte, error) {
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// eventsHole is where WriteJSON's document of the report without its events holds the events.
const eventsHole = "\n  \"events\": [],\n"

// WriteJSON writes the report as one indented JSON document, the events one at a time, so a
// report of many events never sits in memory twice.
func (r *Report) WriteJSON(w io.Writer) error {
	shell := *r
	shell.Events = []Event{}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&shell); err != nil {
		return fmt.Errorf("probe: report json: %w", err)
	}
	doc := b.Bytes()
	i := bytes.Index(doc, []byte(eventsHole))
	if i < 0 || len(r.Events) == 0 {
		_, err := w.Write(doc)
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(doc[:i])
	bw.WriteString("\n  \"events\": [")
	var ev []byte
	for n, e := range r.Events {
		if n > 0 {
			bw.WriteByte(',')
		}
		ev = appendEventJSON(append(ev[:0], "\n    "...), e)
		if _, err := bw.Write(ev); err != nil {
			return err
		}
	}
	bw.WriteString("\n  ],\n")
	bw.Write(doc[i+len(eventsHole):])
	return bw.Flush()
}

// appendEventJSON appends e as encoding/json writes it inside the report, field by field, a
// dozen times faster: a report of many events is written within the probe's grace.
func appendEventJSON(b []byte, e Event) []byte {
	b = append(b, "{\n      \"atMs\": "...)
	b = strconv.AppendFloat(b, float64(e.At)/float64(time.Millisecond), 'f', 3, 64)
	b = appendField(b, "type", e.Type)
	b = appendField(b, "id", e.ID)
	b = append(b, ",\n      \"lines\": "...)
	b = strconv.AppendInt(b, int64(e.Lines), 10)
	b = appendField(b, "kind", e.Kind)
	if e.Name != "" {
		b = appendField(b, "name", e.Name)
	}
	b = appendField(b, "data", e.Data)
	if e.Frames != 0 {
		b = append(b, ",\n      \"frames\": "...)
		b = strconv.AppendInt(b, int64(e.Frames), 10)
	}
	return append(b, "\n    }"...)
}

func appendField(b []byte, name, value string) []byte {
	b = append(b, ",\n      \""...)
	b = append(b, name...)
	b = append(b, "\": "...)
	return appendJSONString(b, value)
}

// appendJSONString quotes s as encoding/json does without HTML escaping: control characters,
// quotes and backslashes escaped, ill-formed UTF-8 as U+FFFD, U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
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

// newEvent is the report's record of an event that arrived at, since the request.
func newEvent(ev sse.Event, at time.Duration) Event {
	kind, name := Classify(ev.Type, ev.Data)
	return Event{
		At: Millis(at), Type: ev.Type, ID: ev.LastEventID,
		Lines: strings.Count(ev.Data, "\n") + 1, Kind: kind, Name: name, Data: ev.Data,
	}
}

// eventLog keeps the first keep events and the last keep + 1, in a ring, and the stats of all:
// a stream's memory then grows with its bytes, not with the objects of its events. A stream of
// up to 2 * keep + 1 events is kept whole, since leaving out one event saves no line.
type eventLog struct {
	keep  int
	head  []Event
	ring  []Event // the last events, oldest at next once full
	next  int
	stats eventStats
}

func (l *eventLog) add(e Event) {
	l.stats.add(e)
	if len(l.head) < l.keep {
		l.head = append(l.head, e)
		return
	}
	if len(l.ring) < l.keep+1 {
		l.ring = append(l.ring, e)
		return
	}
	l.ring[l.next] = e
	l.next = (l.next + 1) % len(l.ring)
}

// fill puts the kept events and the counts into r.
func (l *eventLog) fill(r *Report) {
	r.stats = l.stats
	r.EventCount = l.stats.n
	tail := append(slices.Clone(l.ring[l.next:]), l.ring[:l.next]...)
	if l.stats.n > 2*l.keep+1 {
		tail = tail[1:]
	}
	r.Events = append(slices.Clip(l.head), tail...)
	r.EventsLeftOut = l.stats.n - len(r.Events)
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

// measure runs every reader on the bytes received and sets the verdict. Each reader runs until
// ctx ends; one still running then is reported as not measured, and is left to finish on its own
// on the bounded capture. It says whether every reader it started has finished.
func (r *Report) measure(ctx context.Context, raw []byte, readers []wire.Reader) (finished bool) {
	reads := make([]namedRead, len(readers))
	for i, rd := range readers {
		reads[i] = namedRead{rd.Name, func() (string, error) { return rd.Read(raw) }}
	}
	return r.measureReads(ctx, reads)
}

// namedRead is one reader's read of what was received, by the reader's name.
type namedRead struct {
	name string
	read func() (string, error)
}

// measureReads is measure for reads of any transport.
func (r *Report) measureReads(ctx context.Context, reads []namedRead) (finished bool) {
	finished = true
	r.Readers = r.Readers[:0]
	answered := r.Answer != nil && r.Answer.OK
	exact := true
	for _, rd := range reads {
		res := ReaderResult{Reader: rd.name}
		if ctx.Err() != nil {
			res.NotMeasured = "out of time: the probe was stopped"
		} else {
			done := make(chan ReaderResult, 1)
			go func() { done <- r.result(rd.name, rd.read, answered) }()
			select {
			case res = <-done:
			case <-ctx.Done():
				res.NotMeasured = "out of time: the probe was stopped"
				finished = false
			}
		}
		exact = exact && res.Exact
		r.Readers = append(r.Readers, res)
	}
	if answered {
		r.Pass = r.Complete && exact
	}
	return finished
}

// result runs one reader's read and measures what it gives against the answer, when there is one.
func (r *Report) result(name string, read func() (string, error), answered bool) ReaderResult {
	got, err := read()
	res := ReaderResult{Reader: name}
	switch {
	case err != nil:
		res.Throws = err.Error()
		if answered {
			res.Measure = "(throws)"
		}
		return res
	case answered:
		m := wire.Compare(r.Answer.Text, got)
		res.Measure, res.Exact = m.String(), m.Exact()
	}
	if len(got) > MaxGot {
		cut := MaxGot
		for cut > 0 && !utf8.RuneStart(got[cut]) {
			cut--
		}
		res.Got, res.GotLeftOut = strings.Clone(got[:cut]), len(got)-cut
	} else {
		res.Got = got
	}
	return res
}

// Classify names an event's kind: [DONE]; an error (an object with an error field, an object of
// type "error", or an event of type error); another JSON object, named by its naming field or by
// its keys; or text.
func Classify(typ, data string) (kind, name string) {
	if data == wire.Done {
		return KindDone, ""
	}
	var buf [16]wire.Member
	obj, isObj := wire.ParseObject(data, buf[:0])
	if isObj {
		// wire.Kind parses the data again, so it is asked only when its answer can be "error".
		if _, ok := obj.Lookup("error"); ok && wire.Kind(data) == "error" {
			return KindError, errorMessage(obj.Get("error"))
		}
		if s, ok := wire.JSONString(obj.Get("type")); ok && s == "error" {
			return KindError, errorMessage(obj.Get("message"), obj.Get("error"))
		}
	}
	if typ == "error" {
		return KindError, data
	}
	if !isObj {
		return KindText, ""
	}
	for _, k := range []string{"type", "event", "object", "kind"} {
		if s, ok := wire.JSONString(obj.Get(k)); ok {
			return KindJSON, k + "=" + s
		}
	}
	return KindJSON, "{" + strings.Join(obj.Keys(), ", ") + "}"
}

// isText says whether Classify(typ, data) is KindText, without naming the kind: only an object
// or [DONE] is another kind, or an event of type error.
func isText(typ, data string) bool {
	return data != wire.Done && typ != "error" && !wire.IsObject(data)
}

// errorMessage is the first of the values that holds a message: a string, or an object's
// "message" string; otherwise the first value's JSON.
func errorMessage(values ...string) string {
	for _, v := range values {
		if s, ok := wire.JSONString(v); ok {
			return s
		}
		var inner struct {
			Message string `json:"message"`
		}
		if len(v) > 0 && v[0] == '{' && json.Unmarshal([]byte(v), &inner) == nil && inner.Message != "" {
			return inner.Message
		}
	}
	for _, v := range values {
		if len(v) > 0 {
			return v
		}
	}
	return ""
}
