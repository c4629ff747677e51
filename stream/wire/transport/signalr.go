package transport

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	coder "github.com/coder/websocket"

	"course/stream/signalr"
	"course/stream/websocket"
	"course/stream/wire"
)

// readCourseSignalR is the course's SignalR client: negotiate, the WebSockets transport, the
// handshake, then the stream read to its Completion.
func readCourseSignalR(ctx context.Context, t Target) Delivery {
	c, err := signalr.Dial(ctx, t.URL, signalr.Options{})
	if err != nil {
		return Delivery{Err: err}
	}
	defer c.Conn().CloseNow()
	var d Delivery
	var s *signalr.Stream
	var up *signalr.Upload
	if t.Upload {
		if s, up, err = c.StreamUploading(ctx, t.Method, t.Request); err == nil {
			err = up.Send(ctx, t.Message)
		}
	} else {
		s, err = c.Stream(ctx, t.Method, t.Request)
	}
	if err != nil {
		d.Err = err
		return d
	}
	for {
		item, err := s.Next(ctx)
		if errors.Is(err, io.EOF) {
			_ = c.Close()
			return d
		}
		if err != nil {
			d.Err = err
			return d
		}
		d.add(item, false)
		for _, r := range t.react(item) {
			if err := c.Invoke(ctx, r.Method, r.Args...); err != nil {
				d.Err = err
				return d
			}
		}
		if up != nil && t.Done != nil && t.Done(item) {
			if err := up.Complete(ctx); err != nil {
				d.Err = err
				return d
			}
			up = nil
		}
	}
}

// hubStream is a streaming invocation read record by record, for the readers that parse the
// hub protocol themselves.
type hubStream struct {
	id, upload string
	d          Delivery
	uploading  bool
	invoked    int // plain invocations sent, numbered after the stream's ids
}

// invocation is the StreamInvocation a reader sends for t: id 0, its upload (if any) id 1.
func (h *hubStream) invocation(t Target) map[string]any {
	h.id = "0"
	inv := map[string]any{"type": signalr.TypeStreamInvocation, "invocationId": h.id, "target": t.Method, "arguments": []any{t.Request}}
	if t.Upload {
		h.upload, h.uploading = "1", true
		inv["streamIds"] = []string{h.upload}
	}
	return inv
}

// start sends the StreamInvocation for t and, for an upload, its one item.
func (h *hubStream) start(t Target, send func(v any) error) error {
	if err := send(h.invocation(t)); err != nil {
		return err
	}
	if t.Upload {
		return send(map[string]any{"type": signalr.TypeStreamItem, "invocationId": h.upload, "item": t.Message})
	}
	return nil
}

// take handles one record; end is true when the stream is over, its error (if any) in h.d.Err.
// send writes a record back, for the upload's Completion.
func (h *hubStream) take(rec signalr.Record, t Target, send func(v any) error) (end bool) {
	switch rec.Type {
	case signalr.TypeStreamItem:
		if rec.InvocationID != h.id {
			return false
		}
		h.d.add(rec.Item, false)
		for _, r := range t.react(rec.Item) {
			h.invoked++
			args := r.Args
			if args == nil {
				args = []any{}
			}
			inv := map[string]any{"type": signalr.TypeInvocation, "invocationId": fmt.Sprint(1 + h.invoked), "target": r.Method, "arguments": args}
			if err := send(inv); err != nil {
				h.d.Err = err
				return true
			}
		}
		if h.uploading && t.Done != nil && t.Done(rec.Item) {
			h.uploading = false
			if err := send(map[string]any{"type": signalr.TypeCompletion, "invocationId": h.upload}); err != nil {
				h.d.Err = err
				return true
			}
		}
	case signalr.TypeCompletion:
		if rec.InvocationID != h.id {
			return false
		}
		if rec.Error != "" {
			h.d.Err = &signalr.HubError{Message: rec.Error}
		}
		return true
	case signalr.TypeClose:
		h.d.Err = fmt.Errorf("%w: the hub sent Close", signalr.ErrNoCompletion)
		if rec.Error != "" {
			h.d.Err = &signalr.HubError{Close: true, Message: rec.Error}
		}
		return true
	}
	return false
}

// recordSender sends a record of the hub protocol as one text message, written by write: the
// framing every hub client that parses the protocol itself sends with.
func recordSender(write func(b []byte) error) func(v any) error {
	return func(v any) error {
		b, err := signalr.AppendRecord(nil, v)
		if err != nil {
			return err
		}
		return write(b)
	}
}

// readCoderSignalR is a SignalR client on coder/websocket with the course's record reader:
// negotiate, coder's WebSocket with its defaults, the handshake, records buffered across
// messages as the specification's framing asks.
func readCoderSignalR(ctx context.Context, t Target) Delivery {
	_, wsURL, err := signalr.Negotiate(ctx, t.URL, signalr.Options{})
	if err != nil {
		return Delivery{Err: err}
	}
	c, _, err := coder.Dial(ctx, wsURL, nil)
	if err != nil {
		return Delivery{Err: fmt.Errorf("signalr: transport: %w", err)}
	}
	defer c.CloseNow()
	write := func(b []byte) error { return c.Write(ctx, coder.MessageText, b) }
	send := recordSender(write)
	var h hubStream
	if err := write(signalr.HandshakeRequest()); err != nil {
		return Delivery{Err: err}
	}
	rr := signalr.NewRecordReader(0)
	handshaken := false
	for {
		rec, ok, err := rr.Next()
		if err != nil {
			h.d.Err = err
			return h.d
		}
		if !ok {
			typ, data, err := c.Read(ctx)
			if err != nil {
				if coder.CloseStatus(err) == coder.StatusNormalClosure {
					err = fmt.Errorf("%w: %w", signalr.ErrNoCompletion, err)
				}
				h.d.Err = err
				return h.d
			}
			if err := rr.Feed(data, typ == coder.MessageBinary); err != nil {
				h.d.Err = err
				return h.d
			}
			continue
		}
		if !handshaken {
			var reply struct {
				Error string `json:"error"`
			}
			_ = json.Unmarshal(rec.Raw, &reply)
			if reply.Error != "" {
				h.d.Err = fmt.Errorf("signalr: handshake refused: %s", reply.Error)
				return h.d
			}
			handshaken = true
			if err := h.start(t, send); err != nil {
				h.d.Err = err
				return h.d
			}
			continue
		}
		if h.take(rec, t, send) {
			_ = c.Close(coder.StatusNormalClosure, "")
			return h.d
		}
	}
}

// The errors @microsoft/signalr gives a stream's subscriber, in its words.
const (
	jsIncomplete   = "Message is incomplete."
	jsCanceled     = "Invocation canceled due to the underlying connection being closed."
	jsNotAString   = "Invalid input for JSON hub protocol. Expected a string."
	jsInvalid      = "Invalid payload."
	jsInvalidItem  = "Invalid payload for StreamItem message."
	jsInvalidDone  = "Invalid payload for Completion message."
	jsCloseError   = "Server returned an error on close: "
	jsHandshakeErr = "Server returned handshake error: "
)

// readSignalRJSModel is @microsoft/signalr's HubConnection over its WebSockets transport as the
// matrix models it (HubConnection._processIncomingData, JsonHubProtocol.parseMessages,
// TextMessageFormat.parse, WebSocketTransport.onmessage and onclose in 10.0.11): each WebSocket
// message is parsed on its own, so one that does not end with the record separator throws
// "Message is incomplete." and closes the connection with that error; every record of a
// message is parsed before any is dispatched; items and Completions for other invocations are
// dropped; a Close, or a socket closed before the Completion, cancels the stream.
func readSignalRJSModel(ctx context.Context, t Target) Delivery {
	_, wsURL, err := signalr.Negotiate(ctx, t.URL, signalr.Options{})
	if err != nil {
		return Delivery{Err: err}
	}
	c, err := websocket.Dial(ctx, wsURL, websocket.DialOptions{Options: websocket.Options{MaxMessageBytes: wsMaxPayload}})
	if err != nil {
		return Delivery{Err: err}
	}
	defer c.CloseNow()
	write := func(b []byte) error { return c.Write(ctx, websocket.Text, b) }
	send := recordSender(write)
	var h hubStream
	if err := write(signalr.HandshakeRequest()); err != nil {
		return Delivery{Err: err}
	}
	handshaken := false
	for {
		m, err := c.Read(ctx)
		if err != nil {
			var ce *websocket.CloseError
			switch {
			case !errors.As(err, &ce):
				h.d.Err = err
			case ce.Code == websocket.CloseNormal:
				h.d.Err = errors.New(jsCanceled)
			default:
				reason := ce.Reason
				if reason == "" || ce.Code == websocket.CloseAbnormal {
					reason = "no reason given"
				}
				h.d.Err = fmt.Errorf("WebSocket closed with status code: %d (%s).", ce.Code, reason)
			}
			return h.d
		}
		data := string(m.Data)
		if m.Type == websocket.Binary {
			h.d.Err = errors.New(jsNotAString)
			return h.d
		}
		if !handshaken {
			i := strings.IndexByte(data, signalr.RecordSeparator)
			if i < 0 {
				h.d.Err = errors.New("Error parsing handshake response: Error: " + jsIncomplete)
				return h.d
			}
			var reply struct {
				Error string `json:"error"`
			}
			if err := json.Unmarshal([]byte(data[:i]), &reply); err != nil {
				h.d.Err = &wire.JSSyntaxError{Text: data[:i]}
				return h.d
			}
			if reply.Error != "" {
				h.d.Err = errors.New(jsHandshakeErr + reply.Error)
				return h.d
			}
			handshaken = true
			data = data[i+1:]
			// start() resolves and stream() sends its invocation after this message is handled;
			// records that came with the handshake's reply are for no invocation yet.
			if data != "" {
				if _, err := jsParseMessages(data); err != nil {
					h.d.Err = err
					return h.d
				}
			}
			if err := h.start(t, send); err != nil {
				h.d.Err = err
				return h.d
			}
			continue
		}
		recs, err := jsParseMessages(data)
		if err != nil {
			h.d.Err = err
			return h.d
		}
		for _, rec := range recs {
			if h.take(rec, t, send) {
				if h.d.Err != nil {
					h.d.Err = jsStreamError(h.d.Err)
				}
				_ = c.Close(websocket.CloseNormal, "")
				return h.d
			}
		}
	}
}

// jsStreamError is the error a subscriber gets for the end take recorded.
func jsStreamError(err error) error {
	var he *signalr.HubError
	switch {
	case errors.As(err, &he) && he.Close:
		return errors.New(jsCloseError + he.Message)
	case errors.As(err, &he):
		return errors.New(he.Message)
	case errors.Is(err, signalr.ErrNoCompletion):
		return errors.New(jsCanceled)
	}
	return err
}

// jsParseMessages is JsonHubProtocol.parseMessages: the message must end with the separator,
// and every record is parsed and checked before any is handed on.
func jsParseMessages(data string) ([]signalr.Record, error) {
	if data == "" {
		return nil, nil
	}
	if data[len(data)-1] != signalr.RecordSeparator {
		return nil, errors.New(jsIncomplete)
	}
	parts := strings.Split(data, string(rune(signalr.RecordSeparator)))
	var recs []signalr.Record
	for _, p := range parts[:len(parts)-1] {
		var head struct {
			Type         json.RawMessage `json:"type"`
			InvocationID json.RawMessage `json:"invocationId"`
			Item         json.RawMessage `json:"item"`
			Result       json.RawMessage `json:"result"`
			Error        json.RawMessage `json:"error"`
		}
		if !json.Valid([]byte(p)) {
			return nil, &wire.JSSyntaxError{Text: p}
		}
		if err := json.Unmarshal([]byte(p), &head); err != nil {
			return nil, errors.New(jsInvalid)
		}
		var typ float64
		if json.Unmarshal(head.Type, &typ) != nil {
			return nil, errors.New(jsInvalid)
		}
		var rec signalr.Record
		switch typ {
		case signalr.TypeStreamItem:
			if !jsNonEmptyString(head.InvocationID) || head.Item == nil {
				return nil, errors.New(jsInvalidItem)
			}
		case signalr.TypeCompletion:
			if jsTruthyRaw(head.Result) && jsTruthyRaw(head.Error) {
				return nil, errors.New(jsInvalidDone)
			}
			if !jsTruthyRaw(head.Result) && jsTruthyRaw(head.Error) && !jsNonEmptyString(head.Error) {
				return nil, errors.New(jsInvalidDone)
			}
			if !jsNonEmptyString(head.InvocationID) {
				return nil, errors.New(jsInvalidDone)
			}
		case signalr.TypeInvocation, signalr.TypePing, signalr.TypeClose, signalr.TypeStreamInvocation, signalr.TypeCancelInvocation:
		default:
			continue // a type it does not know is ignored
		}
		_ = json.Unmarshal([]byte(p), &rec)
		rec.Type = int(typ)
		rec.Raw = []byte(p)
		recs = append(recs, rec)
	}
	return recs, nil
}

func jsNonEmptyString(raw json.RawMessage) bool {
	var s string
	return json.Unmarshal(raw, &s) == nil && s != ""
}

// jsTruthyRaw is JavaScript's truthiness of a parsed JSON value; a missing one is undefined.
func jsTruthyRaw(raw json.RawMessage) bool {
	if len(raw) == 0 {
		return false
	}
	switch raw[0] {
	case 'n', 'f':
		return false
	case '"':
		return string(raw) != `""`
	case 't', '{', '[':
		return true
	}
	var f float64
	_ = json.Unmarshal(raw, &f)
	return f != 0
}
