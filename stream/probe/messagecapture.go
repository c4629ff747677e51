package probe

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"course/stream/websocket"
)

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
