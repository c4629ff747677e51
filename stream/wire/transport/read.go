package transport

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	coder "github.com/coder/websocket"

	"course/internal/keyed"
	"course/stream/websocket"
	"course/stream/wire"
)

// The versions of the clients the transport readers are or model.
const (
	CoderVersion         = "1.8.15"
	WSVersion            = "8.23.0"
	SignalRClientVersion = "10.0.11"
)

// wsMaxPayload is npm ws's default maxPayload, 100 MiB, past which it closes with 1009.
const wsMaxPayload = 100 << 20

// Reader is one client of a WebSocket or a SignalR stream: it connects to a writer's
// endpoint over loopback, sends the request as its transport does, and hands over what its
// application receives, message by message or item by item. The application is the writer's
// own client (Shows), so two cells of a row differ only where the transport clients do.
type Reader struct {
	// Key selects the reader on the command line, among the readers of its transport.
	Key string
	// Name is what the matrix prints.
	Name string
	// Transport is the transport the reader speaks.
	Transport Kind
	// Package names the npm package a Go model stands for, "" for a Go client run as it is.
	Package string
	read    func(ctx context.Context, t Target) Delivery
}

// Read connects to t and reads until the stream ends, ctx ends, or t.Done says the
// application has its answer and the stream's own end follows.
func (r Reader) Read(ctx context.Context, t Target) Delivery { return r.read(ctx, t) }

// Readers lists the WebSocket and SignalR readers, in the order the matrix prints them.
var Readers = []Reader{
	{Key: "course", Name: "course stream/websocket", Transport: WebSocket, read: readCourseWebSocket},
	{Key: "coder", Name: "coder/websocket " + CoderVersion, Transport: WebSocket, read: readCoderWebSocket},
	{Key: "ws", Name: "npm ws " + WSVersion, Transport: WebSocket, Package: "ws", read: readWSModel},
	{Key: "course", Name: "course stream/signalr", Transport: SignalR, read: readCourseSignalR},
	{Key: "coder", Name: "coder/websocket + course records", Transport: SignalR, read: readCoderSignalR},
	{Key: "signalr", Name: "@microsoft/signalr " + SignalRClientVersion, Transport: SignalR, Package: "@microsoft/signalr", read: readSignalRJSModel},
}

// ReadersOf are the readers of transport t with the given keys, in the order given;
// no keys means all of them.
func ReadersOf(t Kind, keys []string) ([]Reader, error) {
	var of []Reader
	for _, r := range Readers {
		if r.Transport == t {
			of = append(of, r)
		}
	}
	return keyed.All(of, t.String()+" reader", keys, func(r Reader) string { return r.Key })
}

// ReaderKeys are the keys of transport t's readers.
func ReaderKeys(t Kind) []string {
	rs, _ := ReadersOf(t, nil)
	return keyed.Keys(rs, func(r Reader) string { return r.Key })
}

// Target is a writer's endpoint as a reader is pointed at it.
type Target struct {
	// URL is the endpoint: ws://... for a WebSocket writer, http://... for a hub.
	URL string
	// Method is the hub method to stream; Upload says it takes the user's messages as a stream.
	Method string
	Upload bool
	// Request is the first message (WebSocket) or the method's argument (SignalR).
	Request json.RawMessage
	// Message is the user's message, the one item of the upload.
	Message string
	// Done says of a value handed over whether the application has its whole answer, so that a
	// reader streaming the user's messages ends its upload; nil means never.
	Done func(value []byte) bool
	// React is called with each value handed over; what it returns goes back to the server as
	// the transport sends it (a tool call's approval, say); nil sends nothing.
	React func(value []byte) []Reply
}

// Reply is what a client sends back on seeing a value: a message up the WebSocket, or an
// invocation of a hub method.
type Reply struct {
	Message []byte
	Method  string
	Args    []any
}

func (t Target) react(v []byte) []Reply {
	if t.React == nil {
		return nil
	}
	return t.React(v)
}

// TargetFor points a reader at writer w served by s, asking question.
func TargetFor(w Writer, s *Server, question string) Target {
	t := Target{URL: s.URL, Method: w.Method, Upload: w.Upload, Message: question, Request: BitRequest(question)}
	if w.Format == wire.FormatBoilerplate {
		t.Request = BoilerplateRequest()
		t.Done = boilerplateDone
	}
	return t
}

// Delivery is what a transport client handed its application: each message's data (WebSocket)
// or each item's JSON (SignalR), in order, and how the stream ended.
type Delivery struct {
	Values [][]byte
	// Binary marks the values that came in binary messages.
	Binary []bool
	// Err is nil when the stream ended as its transport says it should (a normal close, the
	// Completion); otherwise it is the client's error, in the client's words.
	Err error
}

func (d *Delivery) add(v []byte, binary bool) {
	d.Values = append(d.Values, v)
	d.Binary = append(d.Binary, binary)
}

// readCourseWebSocket is the course's WebSocket client with its defaults.
func readCourseWebSocket(ctx context.Context, t Target) Delivery {
	return readOurWebSocket(ctx, t, websocket.DialOptions{}, func(err error) error { return err })
}

// readWSModel is npm ws's WebSocket client as the matrix models it: a conforming reader whose
// only limit is its 100 MiB maxPayload, and whose errors are ws's (the 'error' event's message,
// else the close code of the 'close' event).
func readWSModel(ctx context.Context, t Target) Delivery {
	return readOurWebSocket(ctx, t, websocket.DialOptions{Options: websocket.Options{MaxMessageBytes: wsMaxPayload}}, wsError)
}

// wsError is the error ws's client reports where the course's reader reports err.
func wsError(err error) error {
	var ce *websocket.CloseError
	if !errors.As(err, &ce) {
		return err
	}
	switch {
	case ce.Local && ce.Code == websocket.CloseTooBig:
		return errors.New("Max payload size exceeded")
	case ce.Local && ce.Code == websocket.CloseInvalidData:
		return errors.New("Invalid WebSocket frame: invalid UTF-8 sequence")
	}
	return fmt.Errorf("closed %d", ce.Code)
}

func readOurWebSocket(ctx context.Context, t Target, opts websocket.DialOptions, words func(error) error) Delivery {
	c, err := websocket.Dial(ctx, t.URL, opts)
	if err != nil {
		return Delivery{Err: err}
	}
	defer c.CloseNow()
	var d Delivery
	if err := c.Write(ctx, websocket.Text, t.Request); err != nil {
		d.Err = err
		return d
	}
	for {
		m, err := c.Read(ctx)
		if err != nil {
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != websocket.CloseNormal || ce.Local {
				d.Err = words(err)
			}
			return d
		}
		d.add(m.Data, m.Type == websocket.Binary)
		for _, r := range t.react(m.Data) {
			if err := c.Write(ctx, websocket.Text, r.Message); err != nil {
				d.Err = words(err)
				return d
			}
		}
	}
}

// readCoderWebSocket is coder/websocket's client with its defaults, a 32 KiB read limit among
// them.
func readCoderWebSocket(ctx context.Context, t Target) Delivery {
	c, _, err := coder.Dial(ctx, t.URL, nil)
	if err != nil {
		return Delivery{Err: err}
	}
	defer c.CloseNow()
	var d Delivery
	if err := c.Write(ctx, coder.MessageText, t.Request); err != nil {
		d.Err = err
		return d
	}
	for {
		typ, data, err := c.Read(ctx)
		if err != nil {
			if coder.CloseStatus(err) != coder.StatusNormalClosure {
				d.Err = err
			}
			return d
		}
		d.add(data, typ == coder.MessageBinary)
		for _, r := range t.react(data) {
			if err := c.Write(ctx, coder.MessageText, r.Message); err != nil {
				d.Err = err
				return d
			}
		}
	}
}

// boilerplateDone is the Boilerplate panel's end of a reply: either marker ends its loading.
func boilerplateDone(v []byte) bool {
	var s string
	return json.Unmarshal(v, &s) == nil && (s == BoilerplateSuccess || s == BoilerplateError)
}

// Shows is what the writer's own client application shows from what a transport
// client handed it, in format f. For Bit.BlazorUI.AI (as documented): each message or item is
// one event, text.delta's text is appended, finish ends the answer, an error event throws its
// message, and an event of a type it does not know is skipped; a transport that fails before
// the finish event throws its client's error. For the Boilerplate panel
// (Client.Core/Components/Layout/AppAiChatPanel.razor.cs:166-205 at 344755e): each item is a
// string; one that contains "FollowUpSuggestions" is deserialized as the follow-up list (and
// throws if it is not one), MESSAGE_PROCESS_SUCCESS ends the reply, MESSAGE_PROCESS_ERROR marks
// it failed, and any other is appended while the reply is the one awaited; a stream that ends
// before the marker leaves the panel loading.
func Shows(f wire.Format, d Delivery) (string, error) {
	var answer strings.Builder
	switch f {
	case wire.FormatBit:
		for _, v := range d.Values {
			obj, ok := wire.ParseObject(string(v), nil)
			if !ok {
				return answer.String(), fmt.Errorf("event is not a JSON object: %s", clip(string(v)))
			}
			switch jsonString(obj.Get("type")) {
			case "text.delta":
				answer.WriteString(jsonText(obj.Get("text")))
			case "finish":
				return answer.String(), nil
			case "error":
				return answer.String(), errors.New(jsonString(obj.Get("message")))
			}
		}
		if d.Err != nil {
			return answer.String(), d.Err
		}
		return answer.String(), nil
	case wire.FormatBoilerplate:
		complete := false
		for _, v := range d.Values {
			var s string
			if err := json.Unmarshal(v, &s); err != nil {
				return answer.String(), fmt.Errorf("item is not a string: %s", clip(string(v)))
			}
			switch {
			case strings.Contains(s, boilerplateFollowUp):
				var list struct {
					FollowUpSuggestions []string
				}
				if err := json.Unmarshal([]byte(s), &list); err != nil {
					return answer.String(), fmt.Errorf("JsonException: the follow-up list %s is not JSON", clip(s))
				}
			case s == BoilerplateSuccess:
				complete = true
			case s == BoilerplateError:
				return answer.String(), errors.New("the panel marks the message failed (" + BoilerplateError + ")")
			case !complete:
				answer.WriteString(s)
			}
		}
		if complete {
			return answer.String(), nil
		}
		if d.Err != nil {
			return answer.String(), d.Err
		}
		return "", &wire.NeverCompletesError{Shown: answer.String()}
	}
	return "", fmt.Errorf("wire: no transport client reads format %s", f)
}

// jsonString is the string a JSON value holds, "" when it is not a string.
func jsonString(raw string) string {
	s, _ := wire.JSONString(raw)
	return s
}

// jsonText is a text field's value: a string as it is, any other value as its raw JSON, which
// is what travelled where the text should be.
func jsonText(raw string) string {
	if len(raw) > 0 && raw[0] == '"' {
		return jsonString(raw)
	}
	return raw
}

// clip shortens s for an error message.
func clip(s string) string {
	r := []rune(s)
	if len(r) > 24 {
		return fmt.Sprintf("%q…", string(r[:24]))
	}
	return fmt.Sprintf("%q", s)
}
