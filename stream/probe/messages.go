package probe

import (
	"bytes"
	"fmt"
	"iter"
	"strings"
	"time"

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
