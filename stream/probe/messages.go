package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"course/stream/websocket"
	"course/stream/wire"
)

// Transports a probe speaks.
const (
	TransportSSE       = "sse"       // server-sent events over HTTP
	TransportWebSocket = "websocket" // RFC 6455: the request as the first text message, one event per message
	TransportSignalR   = "signalr"   // a streaming hub method over SignalR's WebSockets transport
)

// Transports lists the transports in the order the help names them.
var Transports = []string{TransportSSE, TransportWebSocket, TransportSignalR}

// TransportFor is the transport a probe of rawURL speaks: the one asked for, or the URL's: ws://
// and wss:// a WebSocket, anything else server-sent events.
func TransportFor(asked, rawURL string) (string, error) {
	switch strings.ToLower(asked) {
	case TransportSSE, TransportWebSocket, TransportSignalR:
		return strings.ToLower(asked), nil
	case "":
	default:
		return "", fmt.Errorf("transport %q: the probe speaks %s", asked, strings.Join(Transports, ", "))
	}
	if scheme, _, ok := strings.Cut(rawURL, "://"); ok {
		switch strings.ToLower(scheme) {
		case "ws", "wss":
			return TransportWebSocket, nil
		}
	}
	return TransportSSE, nil
}

// AfterCompletion is how long a SignalR probe reads on after the Completion, for items sent
// after it, when the hub leaves the connection open as hubs do.
const AfterCompletion = 250 * time.Millisecond

// closeTimeout bounds the wait for the server's answer to the probe's close frame.
const closeTimeout = time.Second

// LargeMessage is coder/websocket's default read limit (read.go's defaultReadLimit at v1.8.15):
// a Go client that keeps it closes the connection with 1009 on a longer message.
const LargeMessage = 32 << 10

// idleShare is the part of the timeout that a stream must have been silent for, when the
// deadline ends it, to be named idle rather than still sending.
const idleShare = 4

// MessageKind says what a Message is.
type MessageKind uint8

// The kinds of Message.
const (
	TextMessage   MessageKind = iota // a WebSocket text message
	BinaryMessage                    // a WebSocket binary message
	StringItem                       // a SignalR item that is a JSON string: Data is the string it holds
	ValueItem                        // a SignalR item of another JSON type: Data is its JSON
)

// Message is one data message of a WebSocket stream, or one item of a SignalR stream, as a
// MessageReader sees it.
type Message struct {
	Kind MessageKind
	// Data is the message's bytes; they belong to the probe and are valid only during the call.
	Data []byte
}

// isText says whether the message carries text: a text message or a string item.
func (m Message) isText() bool { return m.Kind == TextMessage || m.Kind == StringItem }

// messageLog keeps every message's data back to back in one bounded capture, and where each
// ends: a long stream costs its bytes and a few bytes a message, not an object a message.
type messageLog struct {
	capt  *capture
	ends  []int
	kinds []MessageKind
}

func newMessageLog(max int) *messageLog {
	return &messageLog{capt: &capture{buf: []byte{}, max: max}}
}

func (l *messageLog) add(kind MessageKind, data []byte) {
	l.capt.keep(data)
	l.ends = append(l.ends, len(l.capt.buf))
	l.kinds = append(l.kinds, kind)
}

// room is how many more bytes the log takes.
func (l *messageLog) room() int { return l.capt.max - len(l.capt.buf) }

// all yields the messages in order.
func (l *messageLog) all() iter.Seq[Message] {
	return func(yield func(Message) bool) {
		start := 0
		for i, end := range l.ends {
			if !yield(Message{Kind: l.kinds[i], Data: l.capt.buf[start:end:end]}) {
				return
			}
			start = end
		}
	}
}

// End markers: texts a server sends as a message or item of their own to end a reply, the way
// [DONE] ends an SSE stream. Boilerplate's chat hub sends MESSAGE_PROCESS_SUCCESS after each reply
// and MESSAGE_PROCESS_ERROR on a failure (bitplatform 344755e,
// src/Templates/Boilerplate/Bit.Boilerplate/src/Shared/Infrastructure/Services/SharedAppMessages.cs:98-103);
// the BlazorUI demo's hub spells them MESSAGE_RPOCESS_SUCESS and MESSAGE_RPOCESS_ERROR
// (src/BlazorUI/Demo/Bit.BlazorUI.Demo.Shared/Services/SharedChatProcessMessages.cs:8-9).
const (
	MarkerSuccess = "MESSAGE_PROCESS_SUCCESS"
	MarkerError   = "MESSAGE_PROCESS_ERROR"
	markerSuccess = "MESSAGE_RPOCESS_SUCESS"
	markerError   = "MESSAGE_RPOCESS_ERROR"
)

// marker says whether text is an end marker, and whether it reports a failure.
func marker(text []byte) (isMarker, failure bool) {
	switch string(text) {
	case wire.Done, MarkerSuccess, markerSuccess:
		return true, false
	case MarkerError, markerError:
		return true, true
	}
	return false, false
}

// messageEvent is the report's record of a message that arrived at, since the probe began.
func messageEvent(m Message, at time.Duration, frames int) Event {
	e := Event{At: Millis(at), Lines: bytes.Count(m.Data, []byte("\n")) + 1, Data: string(m.Data)}
	switch m.Kind {
	case TextMessage:
		e.Type = "text"
	case BinaryMessage:
		e.Type = "binary"
	case StringItem:
		e.Type = "string"
	case ValueItem:
		e.Type = jsonKind(m.Data)
	}
	if frames > 1 {
		e.Frames = frames
	}
	if isMarker, failure := marker(m.Data); isMarker && m.Kind != BinaryMessage && m.Kind != ValueItem {
		switch {
		case string(m.Data) == wire.Done:
			e.Kind = KindDone
		case failure:
			e.Kind, e.Name = KindError, string(m.Data)
		default:
			e.Kind, e.Name = KindMarker, string(m.Data)
		}
		return e
	}
	e.Kind, e.Name = Classify("", e.Data)
	return e
}

// jsonKind names the JSON type of a value: object, array, string, number, boolean or null.
func jsonKind(raw []byte) string {
	t := bytes.TrimLeft(raw, " \t\r\n")
	if len(t) == 0 {
		return "empty"
	}
	switch t[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// Bounds of the search for an event's JSON cut across messages: a cut event is looked for
// within this many messages and bytes of where it starts, so the search costs little on any stream.
const (
	splitParts = 16
	splitBytes = 64 << 10
)

// messageScan gathers, message by message as they arrive, what the hazards need: nothing of a
// message is kept past the call but what a cut JSON event needs to be joined.
type messageScan struct {
	n       int     // messages seen
	binary  lineSet // binary messages
	markers lineSet // whole-text end markers
	marker  string  // the first of them
	large   lineSet // messages over LargeMessage
	largest int
	split   lineSet // the first message of each event cut across messages
	// pending is a text message that starts like a JSON object and is not one, with the
	// messages after it, while they may still join into one.
	pending      []byte
	pendingStart int
	pendingParts int
	shape        shape
}

// shape is what a stream's messages look like, for the clients written for one look.
type shape struct {
	events  bool // a message or item is a JSON event: an object with a type
	strings bool // an item is a string of plain text, not an object's JSON
}

func (s *messageScan) add(m Message, socket bool) {
	s.n++
	if !s.shape.events {
		if obj, ok := eventObject(m); ok {
			_, s.shape.events = wire.JSONString(obj.Get("type"))
		}
	}
	if !s.shape.strings && m.Kind == StringItem && !wire.IsObject(m.Data) {
		s.shape.strings = true
	}
	if len(m.Data) > s.largest {
		s.largest = len(m.Data)
	}
	if socket && len(m.Data) > LargeMessage {
		s.large.add(s.n)
	}
	if m.Kind == BinaryMessage {
		s.binary.add(s.n)
	}
	if isMarker, failure := marker(m.Data); isMarker && !failure && m.isText() {
		if s.markers.add(s.n); s.marker == "" {
			s.marker = string(m.Data)
		}
	}
	if socket {
		s.joinCut(m)
	}
}

// joinCut looks for an event's JSON cut across messages: a text message that opens an object it
// does not close, which the messages after it complete.
func (s *messageScan) joinCut(m Message) {
	if m.Kind != TextMessage {
		s.pending = nil
		return
	}
	if s.pending != nil {
		if wire.IsObject(m.Data) || len(s.pending)+len(m.Data) > splitBytes || s.pendingParts == splitParts {
			s.pending = nil
		} else {
			s.pending = append(s.pending, m.Data...)
			s.pendingParts++
			if wire.IsObject(s.pending) {
				s.split.add(s.pendingStart)
				s.pending = nil
			}
			return
		}
	}
	t := bytes.TrimLeft(m.Data, " \t\r\n")
	if len(t) > 0 && t[0] == '{' && len(m.Data) <= splitBytes && !wire.IsObject(m.Data) {
		s.pending = append(make([]byte, 0, len(m.Data)), m.Data...)
		s.pendingStart, s.pendingParts = s.n, 1
	}
}

// messageCapture is what a probe over a WebSocket or SignalR received, and how it ended.
type messageCapture struct {
	transport string
	log       *messageLog
	scan      messageScan
	events    eventLog
	readers   []MessageReader // nil: the defaults that read the stream's shape
	start     time.Time

	socket      websocket.Stats
	subprotocol string
	hub         *HubReport
	// close is how the socket ended; nil while it is open.
	close *websocket.CloseError
	// hubHazards are the SignalR reader's findings, in its order.
	hubHazards []string
	// unfinished is the length of a record the close cut off.
	unfinished int
	// idle is how long nothing but keep-alives had come when the deadline stopped the probe; 0
	// when the stream was still sending or did not stop at the deadline.
	idle time.Duration
	// hubEnded says the hub ended the stream its own way (a Completion or a Close record), and
	// closedAfterEnd that the probe then closed the connection the hub left open.
	hubEnded, closedAfterEnd bool
	// received counts the WebSocket message bytes under SignalR; nil over a WebSocket, where the
	// messages are the events.
	received *atomic.Int64
	// largestWire is the largest WebSocket message under SignalR, and largeWire counts those
	// over LargeMessage.
	largestWire, largeWire int
}

// bytes is what the report counts as the bytes received: the messages' over a WebSocket, the
// WebSocket messages' under SignalR, records of every type included.
func (c *messageCapture) bytes() int {
	if c.received != nil {
		return int(c.received.Load())
	}
	return len(c.log.capt.buf)
}

// add records one message or item that arrived now.
func (c *messageCapture) add(m Message, frames int) {
	at := time.Since(c.start)
	c.log.add(m.Kind, m.Data)
	c.scan.add(m, c.transport == TransportWebSocket)
	c.events.add(messageEvent(m, at, frames))
}

// finish fills in what follows from the whole capture: counts, timing, hazards and what was legal.
func (c *messageCapture) finish(_ context.Context, r *Report, complete bool) {
	c.events.fill(r)
	r.Bytes = c.bytes()
	r.Complete = complete
	r.timing()
	r.WebSocket = c.socketReport()
	r.SignalR = c.hub
	r.Hazards = c.hazards(r, complete)
	r.Legal = c.legal()
	r.Pass = complete && len(r.Hazards) == 0
}

func (c *messageCapture) socketReport() *SocketReport {
	st := c.socket
	sr := &SocketReport{
		Subprotocol: c.subprotocol, FramesIn: st.FramesIn, Messages: st.MessagesIn, BinaryMessages: c.scan.binary.n, Fragmented: st.FragmentedIn,
		Pings: st.PingsIn, Pongs: st.PongsIn, ControlsBetween: st.ControlsBetween, Largest: c.scan.largest,
	}
	if c.received != nil {
		sr.Largest = c.largestWire
	}
	if ce := c.close; ce != nil {
		sc := &SocketClose{Code: ce.Code, Name: websocket.CodeName(ce.Code), Reason: ce.Reason, By: "server"}
		switch {
		case ce.Code == websocket.CloseAbnormal:
			sc.By, sc.Reason = "nobody", ""
		case ce.Local, c.closedAfterEnd:
			sc.By = "probe"
		}
		sr.Close = sc
	}
	return sr
}

// what names the transport's unit in a message: "message" over a WebSocket, "item" under SignalR.
func (c *messageCapture) what() string {
	if c.transport == TransportSignalR {
		return "item"
	}
	return "message"
}

func (c *messageCapture) hazards(r *Report, complete bool) []Hazard {
	hs := []Hazard{}
	what := c.what()
	s := &c.scan
	if s.split.n > 0 {
		hs = append(hs, s.split.hazard(HazardSplitJSON, fmt.Sprintf(
			"%s cut across messages: a reader that parses each message as one event, as Bit.BlazorUI.AI's WebSocket transport reads them, fails on every piece; RFC 6455 frames a message, not an event",
			count(s.split.n, "event's JSON"))))
	}
	if s.binary.n > 0 {
		hs = append(hs, s.binary.hazard(HazardBinary, fmt.Sprintf(
			"%s where the events are text: a page's WebSocket hands a binary message to onmessage as a Blob, which JSON.parse cannot read, and a reader of text messages skips it",
			count(s.binary.n, "binary message"))))
	}
	large, largest := s.large, s.largest
	if c.received != nil {
		// Under SignalR the limit is on the WebSocket messages, whatever records they hold.
		large, largest = lineSet{n: c.largeWire}, c.largestWire
	}
	if large.n > 0 {
		hz := large.hazard(HazardLargeMessage, fmt.Sprintf(
			"%s over %s, the largest %s: coder/websocket, Go's common client, closes the connection with 1009 at its default read limit of %s unless the reader raises it (Conn.SetReadLimit)",
			count(large.n, "WebSocket message"), FormatSize(LargeMessage), FormatSize(largest), FormatSize(LargeMessage)))
		if c.received != nil {
			hz.LinesInAll = 0 // the count is of WebSocket messages, not of the items the report numbers
		}
		hs = append(hs, hz)
	}
	if s.markers.n > 0 {
		hs = append(hs, s.markers.hazard(HazardMarker, fmt.Sprintf(
			"%s %s the end marker %q, sent as text beside the transport's own end (%s): a client that does not know it shows it as text, and a reply chunk that reads the same is taken for the end, as with [DONE] over server-sent events",
			count(s.markers.n, what), plural(s.markers.n, "is", "are"), s.marker, c.transportEnd())))
	}
	for _, e := range r.stats.errors {
		where := "more " + what + "s follow it"
		if e.n == r.stats.n {
			where = "the stream ended after it"
		}
		hs = append(hs, Hazard{Code: HazardErrorEvent, Lines: []int{e.n}, LinesInAll: 1, Detail: fmt.Sprintf(
			"%s %d is an error (%s) and %s; the transport carries it like any other %s, so each client decides what its user sees", what, e.n, e.name, where, what)})
	}
	if more := r.stats.errorCount - len(r.stats.errors); more > 0 {
		hs = append(hs, Hazard{Code: HazardErrorEvent, Detail: fmt.Sprintf("%s more are errors", count(more, what))})
	}
	hs = append(hs, c.closeHazards(complete)...)
	if c.transport == TransportSignalR {
		hs = append(hs, c.hubHazardList(complete)...)
	}
	if complete && r.stats.n == 0 && !c.closedByProbe() {
		detail := "the socket closed without a message: no client shows anything"
		if c.transport == TransportSignalR {
			detail = "the stream ended without an item: no client shows anything"
		}
		hs = append(hs, Hazard{Code: HazardNoEvents, Detail: detail})
	}
	if c.idle > 0 {
		hs = append(hs, Hazard{Code: HazardIdle, Detail: fmt.Sprintf(
			"nothing but keep-alives came for the last %s before the deadline, and the %s was still open: a client waiting for the %s never finishes",
			Millis(c.idle), c.openThing(), c.transportEnd())})
	}
	return hs
}

// closedByProbe says whether the probe failed the connection for a fault of the server's.
func (c *messageCapture) closedByProbe() bool { return c.close != nil && c.close.Local }

func (c *messageCapture) transportEnd() string {
	if c.transport == TransportSignalR {
		return "the Completion"
	}
	return "the close frame"
}

func (c *messageCapture) openThing() string {
	if c.transport == TransportSignalR {
		return "invocation"
	}
	return "socket"
}

// closeHazards names how the socket ended, when that loses or hides text.
func (c *messageCapture) closeHazards(complete bool) []Hazard {
	ce := c.close
	if ce == nil {
		return nil
	}
	switch {
	case ce.Local && ce.Code == websocket.CloseInvalidData:
		return []Hazard{{Code: HazardInvalidUTF8, Detail: fmt.Sprintf(
			"the server sent a text message that is not UTF-8 (%s): RFC 6455 8.1 has the reader fail the connection with 1007, so the message and all after it are lost", ce.Reason)}}
	case ce.Local && ce.Code == websocket.CloseTooBig:
		return []Hazard{{Code: HazardTooBig, Detail: fmt.Sprintf(
			"the server sent a message over the probe's limit (%s): the probe closed the connection with 1009, as coder/websocket does at its own limit", ce.Reason)}}
	case ce.Local:
		return []Hazard{{Code: HazardProtocol, Detail: fmt.Sprintf(
			"the server broke RFC 6455 (%s): the reader fails the connection with %d %s, so what follows is lost", ce.Reason, ce.Code, websocket.CodeName(ce.Code))}}
	case ce.Code == websocket.CloseAbnormal && c.transport == TransportWebSocket && complete:
		return []Hazard{{Code: HazardNoCloseFrame, Detail: "the connection ended without a close frame (1006): a client cannot tell a finished answer from a cut one, and browsers report it as an error"}}
	case ce.Code != websocket.CloseNormal && ce.Code != websocket.CloseNoStatus && ce.Code != websocket.CloseAbnormal:
		reason := ""
		if ce.Reason != "" {
			reason = ": " + ce.Reason
		}
		return []Hazard{{Code: HazardCloseCode, Detail: fmt.Sprintf(
			"the server closed with %d %s%s, not 1000: a client reads it as a failure, whatever text came before", ce.Code, websocket.CodeName(ce.Code), reason)}}
	}
	return nil
}

// hubHazardList names the SignalR reader's findings.
func (c *messageCapture) hubHazardList(complete bool) []Hazard {
	var hs []Hazard
	h := c.hub
	for _, name := range c.hubHazards {
		if !complete && (name == hubNoCompletion || name == hubUnfinished) {
			// The probe stopped the read: the stream's end was never reached.
			continue
		}
		var hz Hazard
		switch name {
		case hubSplit:
			hz = Hazard{Code: HazardSplitRecord, Detail: fmt.Sprintf(
				"%s cut across WebSocket messages: the separator, not the message, ends a record, so a buffering reader joins them, but @microsoft/signalr's parser fails on each piece with \"Message is incomplete\"",
				count(h.SplitRecords, "record"))}
		case hubNoCompletion:
			hz = Hazard{Code: HazardNoCompletion, Detail: "the connection ended before the invocation's Completion: a client cannot tell a finished answer from a cut one, and its stream ends with an error"}
		case hubCompletionError:
			hz = Hazard{Code: HazardCompletionError, Detail: fmt.Sprintf(
				"the Completion carries the error %q: the client's stream throws it, after whatever items came", h.CompletionErr)}
		case hubCloseError:
			hz = Hazard{Code: HazardCloseError, Detail: fmt.Sprintf(
				"the hub closed the connection with the error %q: every stream on it fails", h.CloseErr)}
		case hubForeign:
			hz = Hazard{Code: HazardForeignItem, Detail: fmt.Sprintf(
				"%s for another invocation than the probe's (%s): a client that does not check the invocation id shows another stream's text", count(h.ForeignItems, "item"), h.InvocationID)}
		case hubAfter:
			hz = Hazard{Code: HazardItemAfterCompletion, Detail: fmt.Sprintf(
				"%s for the invocation after its Completion: the client has closed the stream, and the text is lost", count(h.ItemsAfterCompletion, "item"))}
		case hubBinary:
			hz = Hazard{Code: HazardBinaryRecord, Detail: "records in binary WebSocket messages, which the JSON hub protocol never sends: a client of the JSON protocol cannot read them"}
		case hubMalformed:
			hz = Hazard{Code: HazardMalformedRecord, Detail: "a record that is not JSON: the client fails the connection"}
		case hubUnfinished:
			hz = Hazard{Code: HazardUnfinishedRecord, Detail: fmt.Sprintf(
				"the connection closed %s into a record before its separator: that record is lost", count(c.unfinished, "byte"))}
		default:
			continue
		}
		hs = append(hs, hz)
	}
	return hs
}

// legal notes what the stream did that the protocol allows.
func (c *messageCapture) legal() []Note {
	var ns []Note
	st := c.socket
	if st.FragmentedIn > 0 {
		ns = append(ns, Note{Code: LegalFragmented, Count: st.FragmentedIn, Detail: fmt.Sprintf(
			"%s came in more than one frame: RFC 6455 5.4 lets a sender fragment a message, and every reader reassembles it before the page sees it",
			count(st.FragmentedIn, "message"))})
	}
	if st.ControlsBetween > 0 {
		ns = append(ns, Note{Code: LegalBetween, Count: st.ControlsBetween, Detail: fmt.Sprintf(
			"%s came between a message's fragments, which RFC 6455 5.4 allows", count(st.ControlsBetween, "control frame"))})
	}
	if st.PingsIn > 0 {
		ns = append(ns, Note{Code: LegalPing, Count: st.PingsIn, Detail: fmt.Sprintf(
			"the server sent %s, each answered with a pong (RFC 6455 5.5.2): the socket answers them below the page's code", count(st.PingsIn, "ping"))})
	}
	if h := c.hub; h != nil {
		if h.Pings > 0 {
			ns = append(ns, Note{Code: LegalKeepAlive, Count: h.Pings, Detail: fmt.Sprintf(
				"the hub sent %s, its keep-alive (HubProtocol.md): clients read and skip them", count(h.Pings, "Ping record"))})
		}
		if h.PackedRecords > 0 {
			ns = append(ns, Note{Code: LegalPacked, Count: h.PackedRecords, Detail: fmt.Sprintf(
				"%s shared a WebSocket message with others: the separator frames a record, so a message may hold several", count(h.PackedRecords, "record"))})
		}
	}
	return ns
}

// measure runs the readers on the messages received.
func (c *messageCapture) measure(ctx context.Context, r *Report) bool {
	readers := c.readers
	if readers == nil {
		readers = c.defaultReaders()
	}
	reads := make([]namedRead, len(readers))
	for i, rd := range readers {
		reads[i] = namedRead{rd.Name, func() (string, error) { return rd.Read(c.log.all()) }}
	}
	return r.measureReads(ctx, reads)
}

// defaultReaders are the course's reader of the transport, and each client of it written for the
// shape of the stream: JSON events, or items of plain text.
func (c *messageCapture) defaultReaders() []MessageReader {
	var out []MessageReader
	for _, rd := range KnownMessageReaders(c.transport) {
		if rd.speaks == nil || rd.speaks(c.scan.shape) {
			out = append(out, rd)
		}
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// MessageReader is one client of a message transport: it turns the messages of a WebSocket
// stream, or the items of a SignalR stream, into what its user gets.
type MessageReader struct {
	// Key selects the reader on the command line.
	Key string
	// Name is what the report prints.
	Name string
	// Transports are those it reads.
	Transports []string
	// speaks says whether a client is written for a stream of this shape; nil for the course's
	// reader, which reads every shape.
	speaks func(shape) bool
	// Read returns what the user gets from the messages in order; an error is what the client
	// throws instead.
	Read func(msgs iter.Seq[Message]) (string, error)
}

// The readers of the message transports.
var (
	// TextMessages is the course's reader over a WebSocket, lesson 6's check of text events
	// carried to messages: the text of each message, a JSON event's text field in any of the
	// formats the course knows, up to an end marker or end event.
	TextMessages = MessageReader{Key: "text", Name: "RFC 6455, each message's text", Transports: []string{TransportWebSocket}, Read: readMessageText}
	// TextItems is the course's reader under SignalR: the same, on each item.
	TextItems = MessageReader{Key: "text", Name: "SignalR, each item's text", Transports: []string{TransportSignalR}, Read: readMessageText}
	// BitClient is Bit.BlazorUI.AI's transport as its documentation describes it ("Streaming from a
	// server"): each message, or each item, is one JSON event told apart by its type; text.delta
	// carries text, an error event fails the reply, unknown types are skipped. Its source is not
	// public, so two things are the course's assumptions, as for its SSE writer (seed-systems.md
	// System A): the text field's name, and that a message that is not one JSON event throws.
	BitClient = MessageReader{Key: "bit", Name: "Bit.BlazorUI.AI transport", Transports: []string{TransportWebSocket, TransportSignalR},
		speaks: func(s shape) bool { return s.events }, Read: readBit}
	// BoilerplatePanel is the Boilerplate template's chat panel reading its hub's stream
	// (bitplatform 344755e, src/Templates/Boilerplate/Bit.Boilerplate/src/Client/Boilerplate.Client.Core/Components/Layout/AppAiChatPanel.razor.cs:166-206):
	// StreamAsync<string>, each item appended to the reply, MESSAGE_PROCESS_SUCCESS ending it,
	// an item that holds the word FollowUpSuggestions taken for the follow-up list.
	BoilerplatePanel = MessageReader{Key: "boilerplate", Name: "Boilerplate chat panel", Transports: []string{TransportSignalR},
		speaks: func(s shape) bool { return s.strings }, Read: readBoilerplate}
)

// KnownMessageReaders lists the readers of a transport: the course's, then the clients.
func KnownMessageReaders(transport string) []MessageReader {
	var out []MessageReader
	for _, rd := range []MessageReader{TextMessages, TextItems, BitClient, BoilerplatePanel} {
		if slices.Contains(rd.Transports, transport) {
			out = append(out, rd)
		}
	}
	return out
}

// FindMessageReaders picks readers of a transport by key, by whole name, or by a part of a name
// that only one of them holds, in any case.
func FindMessageReaders(transport string, names []string) ([]MessageReader, error) {
	return findReaders(KnownMessageReaders(transport), names, "the "+transport+" readers", func(rd MessageReader) (string, string) { return rd.Key, rd.Name })
}

// eventObject is the JSON event a message carries: a text message or string item that is a
// JSON object, or an object item.
func eventObject(m Message) (wire.Object, bool) {
	if m.Kind == BinaryMessage {
		return nil, false
	}
	return wire.ParseObject(string(m.Data), nil)
}

func readMessageText(msgs iter.Seq[Message]) (string, error) {
	var b strings.Builder
	for m := range msgs {
		if m.Kind == BinaryMessage {
			continue
		}
		if isMarker, _ := marker(m.Data); isMarker && m.isText() {
			break
		}
		if obj, ok := eventObject(m); ok {
			text, end := eventText(obj)
			b.WriteString(text)
			if end {
				break
			}
			continue
		}
		if m.isText() {
			b.Write(m.Data)
		}
	}
	return b.String(), nil
}

// eventText is the text a JSON event carries in any of the formats the course knows (Bit's
// text.delta, AG-UI's TEXT_MESSAGE_CONTENT, the Foundry app's chunk, OpenAI's chunk), and whether
// the event ends the reply.
func eventText(obj wire.Object) (text string, end bool) {
	typ, _ := wire.JSONString(obj.Get("type"))
	switch typ {
	case "text.delta":
		return fieldText(obj.Get("text")), false
	case "TEXT_MESSAGE_CONTENT":
		return fieldText(obj.Get("delta")), false
	case "chunk":
		return fieldText(obj.Get("content")), false
	case "finish", "RUN_FINISHED", "done":
		return "", true
	}
	if raw, ok := obj.Lookup("choices"); ok {
		var choices []struct {
			Delta struct {
				Content *string `json:"content"`
			} `json:"delta"`
		}
		if json.Unmarshal([]byte(raw), &choices) == nil && len(choices) > 0 && choices[0].Delta.Content != nil {
			return *choices[0].Delta.Content, false
		}
	}
	return "", false
}

// fieldText is a text field's value: a string as it is, another value as its JSON, which is
// what travelled where the text should be.
func fieldText(raw string) string {
	if s, ok := wire.JSONString(raw); ok {
		return s
	}
	return raw
}

func readBit(msgs iter.Seq[Message]) (string, error) {
	var b strings.Builder
	n := 0
	for m := range msgs {
		n++
		if m.Kind == BinaryMessage {
			return "", fmt.Errorf("bit: message %d is binary, not an event's JSON text", n)
		}
		obj, ok := eventObject(m)
		if !ok {
			return "", fmt.Errorf("bit: message %d is not a JSON event: %s", n, clipText(m.Data))
		}
		typ, _ := wire.JSONString(obj.Get("type"))
		switch typ {
		case "text.delta":
			b.WriteString(fieldText(obj.Get("text")))
		case "finish":
			return b.String(), nil
		case "error":
			msg, _ := wire.JSONString(obj.Get("message"))
			return "", errors.New(msg)
		}
	}
	return b.String(), nil
}

func readBoilerplate(msgs iter.Seq[Message]) (string, error) {
	var b strings.Builder
	n := 0
	for m := range msgs {
		n++
		if m.Kind != StringItem {
			// StreamAsync<string> deserializes each item with System.Text.Json.
			return "", fmt.Errorf("item %d: The JSON value could not be converted to System.String", n)
		}
		switch {
		case bytes.Contains(m.Data, []byte("FollowUpSuggestions")):
			continue
		case string(m.Data) == MarkerSuccess, string(m.Data) == MarkerError:
			// The reply is counted done: what follows goes to no message.
			return b.String(), nil
		}
		b.Write(m.Data)
	}
	return b.String(), nil
}

// clipText shortens a message for an error.
func clipText(b []byte) string {
	s := strings.Join(strings.Fields(string(b)), " ")
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
