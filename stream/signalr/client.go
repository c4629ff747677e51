package signalr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"course/stream/websocket"
)

// Options say how Dial reaches a hub.
type Options struct {
	// Header is sent with the negotiate request and the WebSocket handshake.
	Header http.Header
	// HTTPClient posts the negotiate request; nil means http.DefaultClient.
	HTTPClient *http.Client
	// WebSocket configures the transport: its message limit, close timeout and frame trace.
	WebSocket websocket.DialOptions
	// MaxRecordBytes bounds a record buffered across messages. Zero means DefaultMaxRecordBytes.
	MaxRecordBytes int
}

// Transport is one entry of a negotiate response's availableTransports.
type Transport struct {
	Transport       string   `json:"transport"`
	TransferFormats []string `json:"transferFormats"`
}

// Negotiation is what the hub's negotiate endpoint answered.
type Negotiation struct {
	ConnectionID     string      `json:"connectionId"`
	ConnectionToken  string      `json:"connectionToken"`
	NegotiateVersion int         `json:"negotiateVersion"`
	Transports       []Transport `json:"availableTransports"`
	URL              string      `json:"url"`
	Error            string      `json:"error"`
}

// Client is one connection to a hub over the WebSockets transport, after the handshake.
type Client struct {
	ws       *websocket.Conn
	neg      Negotiation
	split    splitter
	nextID   int
	messages int // WebSocket messages read
	closed   error
}

// Dial negotiates with the hub at hubURL (http:// or https://), opens the WebSockets transport
// with the connection token, and does the JSON protocol's handshake. ctx bounds all three.
func Dial(ctx context.Context, hubURL string, opts Options) (*Client, error) {
	u, err := url.Parse(hubURL)
	if err != nil {
		return nil, fmt.Errorf("signalr: hub url: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("signalr: hub url %s: scheme %q is not http or https", hubURL, u.Scheme)
	}
	neg, err := negotiate(ctx, u, opts)
	if err != nil {
		return nil, err
	}
	wo := opts.WebSocket
	if opts.Header != nil {
		wo.Header = opts.Header.Clone()
		for k, v := range opts.WebSocket.Header {
			wo.Header[k] = v
		}
	}
	ws, err := websocket.Dial(ctx, transportURL(u, neg), wo)
	if err != nil {
		return nil, fmt.Errorf("signalr: transport: %w", err)
	}
	c := &Client{ws: ws, neg: neg}
	c.split.max = opts.MaxRecordBytes
	if c.split.max <= 0 {
		c.split.max = DefaultMaxRecordBytes
	}
	if err := c.handshake(ctx); err != nil {
		_ = ws.CloseNow()
		return nil, err
	}
	return c, nil
}

// transportURL is the hub's WebSockets transport URL for a negotiation: the connection token
// (the connection id before version 1) as its id.
func transportURL(hub *url.URL, neg Negotiation) string {
	token := neg.ConnectionToken
	if neg.NegotiateVersion == 0 {
		token = neg.ConnectionID
	}
	wsURL := *hub
	wsURL.Scheme = "ws"
	if hub.Scheme == "https" {
		wsURL.Scheme = "wss"
	}
	q := wsURL.Query()
	q.Set("id", token)
	wsURL.RawQuery = q.Encode()
	return wsURL.String()
}

// negotiate posts to HUB/negotiate?negotiateVersion=1 (TransportProtocols.md).
func negotiate(ctx context.Context, hub *url.URL, opts Options) (Negotiation, error) {
	nu := *hub
	nu.Path = strings.TrimSuffix(nu.Path, "/") + "/negotiate"
	q := nu.Query()
	q.Set("negotiateVersion", "1")
	nu.RawQuery = q.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, nu.String(), nil)
	if err != nil {
		return Negotiation{}, fmt.Errorf("signalr: negotiate: %w", err)
	}
	for k, vs := range opts.Header {
		req.Header[k] = vs
	}
	hc := opts.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return Negotiation{}, fmt.Errorf("signalr: negotiate: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return Negotiation{}, fmt.Errorf("signalr: negotiate: read response: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		msg := fmt.Sprintf("signalr: negotiate: HTTP %s", resp.Status)
		if line, _, _ := strings.Cut(strings.TrimSpace(string(body)), "\n"); line != "" {
			msg += ": " + clip([]byte(line))
		}
		return Negotiation{}, errors.New(msg)
	}
	var neg Negotiation
	if err := json.Unmarshal(body, &neg); err != nil {
		return Negotiation{}, fmt.Errorf("signalr: negotiate: response is not JSON: %q", clip(body))
	}
	switch {
	case neg.Error != "":
		return neg, fmt.Errorf("signalr: negotiate refused: %s", neg.Error)
	case neg.URL != "":
		return neg, fmt.Errorf("signalr: negotiate redirects to %s, which is not followed", neg.URL)
	case neg.NegotiateVersion >= 1 && neg.ConnectionToken == "":
		return neg, errors.New("signalr: negotiate: version 1 response without a connectionToken")
	case neg.NegotiateVersion == 0 && neg.ConnectionID == "":
		return neg, errors.New("signalr: negotiate: response without a connectionId")
	}
	var offered []string
	for _, t := range neg.Transports {
		if t.Transport == "WebSockets" {
			return neg, nil
		}
		offered = append(offered, t.Transport)
	}
	return neg, fmt.Errorf("signalr: negotiate: the hub offers no WebSockets transport (offers %s)", strings.Join(offered, ", "))
}

// handshake sends the protocol request and reads the reply: {} or {"error":...}.
func (c *Client) handshake(ctx context.Context) error {
	req, _ := appendRecord(nil, map[string]any{"protocol": "json", "version": 1})
	if err := c.ws.Write(ctx, websocket.Text, req); err != nil {
		return fmt.Errorf("signalr: handshake: %w", err)
	}
	for {
		if len(c.split.ready) > 0 {
			raw := c.split.ready[0].Raw
			c.split.ready = c.split.ready[1:]
			var reply struct {
				Error string `json:"error"`
			}
			if err := json.Unmarshal(raw, &reply); err != nil {
				return fmt.Errorf("signalr: handshake reply is not JSON: %q", clip(raw))
			}
			if reply.Error != "" {
				return fmt.Errorf("signalr: handshake refused: %s", reply.Error)
			}
			return nil
		}
		if err := c.readMessage(ctx); err != nil {
			return fmt.Errorf("signalr: handshake: %w", err)
		}
	}
}

// Negotiation returns what the negotiate endpoint answered.
func (c *Client) Negotiation() Negotiation { return c.neg }

// Conn is the WebSocket under the client, for its frame-level Stats.
func (c *Client) Conn() *websocket.Conn { return c.ws }

// Messages is how many WebSocket messages the client has read.
func (c *Client) Messages() int { return c.messages }

func (c *Client) readMessage(ctx context.Context) error {
	m, err := c.ws.Read(ctx)
	if err != nil {
		return err
	}
	c.messages++
	return c.split.feed(m.Data, m.Type == websocket.Binary)
}

// ReadRecord returns the next record, reading WebSocket messages as needed. When the socket
// ends, the error wraps its *websocket.CloseError.
func (c *Client) ReadRecord(ctx context.Context) (Record, error) {
	for {
		if rec, ok, err := c.split.next(); ok {
			return rec, err
		}
		if c.closed != nil {
			return Record{}, c.closed
		}
		if err := c.readMessage(ctx); err != nil {
			if !errors.As(err, new(*websocket.CloseError)) {
				return Record{}, err
			}
			c.closed = fmt.Errorf("signalr: transport closed: %w", err)
		}
	}
}

// Send writes v as one record in one text message.
func (c *Client) Send(ctx context.Context, v any) error {
	b, err := appendRecord(nil, v)
	if err != nil {
		return err
	}
	if err := c.ws.Write(ctx, websocket.Text, b); err != nil {
		return fmt.Errorf("signalr: send: %w", err)
	}
	return nil
}

// Close closes the transport with a normal close.
func (c *Client) Close() error { return c.ws.Close(websocket.CloseNormal, "") }

// Stream invokes target as a streaming hub method with args (a StreamInvocation) and returns
// the stream of its items.
func (c *Client) Stream(ctx context.Context, target string, args ...any) (*Stream, error) {
	id := strconv.Itoa(c.nextID)
	c.nextID++
	if args == nil {
		args = []any{}
	}
	inv := map[string]any{"type": TypeStreamInvocation, "invocationId": id, "target": target, "arguments": args}
	if err := c.Send(ctx, inv); err != nil {
		return nil, err
	}
	return &Stream{c: c, rep: Report{InvocationID: id}, start: c.messages}, nil
}

// HubError is an error the hub sent: in a Completion, or in a Close message.
type HubError struct {
	Close          bool // from a Close message rather than a Completion
	Message        string
	AllowReconnect bool
}

// Error says where the hub's error came and what it said.
func (e *HubError) Error() string {
	if e.Close {
		return "signalr: hub closed with an error: " + e.Message
	}
	return "signalr: completion with an error: " + e.Message
}

// ErrNoCompletion is wrapped by Next's error when the transport or the hub closed before the
// invocation's Completion.
var ErrNoCompletion = errors.New("signalr: no completion before the connection closed")

// Stream is one streaming invocation being read.
type Stream struct {
	c     *Client
	rep   Report
	start int
	end   error // what ended the stream, returned again by Next
}

// Next returns the next item of the stream. It returns io.EOF after a clean Completion, a
// *HubError for a Completion or Close with an error, and an error wrapping ErrNoCompletion
// when the connection ends first. Everything seen on the way is counted in Report.
func (s *Stream) Next(ctx context.Context) (json.RawMessage, error) {
	for s.end == nil {
		rec, err := s.read(ctx)
		if err != nil {
			return nil, err
		}
		switch rec.Type {
		case TypeStreamItem:
			if rec.InvocationID != s.rep.InvocationID {
				continue
			}
			s.rep.Items++
			return rec.Item, nil
		case TypeCompletion:
			if rec.InvocationID != s.rep.InvocationID {
				s.rep.ForeignCompletions++
				continue
			}
			s.rep.Completed = true
			s.rep.Result = rec.Result
			s.end = io.EOF
			if rec.Error != "" {
				s.rep.CompletionError = rec.Error
				s.end = &HubError{Message: rec.Error}
			}
		}
	}
	return nil, s.end
}

// read reads one record and counts what every record says, whatever its type.
func (s *Stream) read(ctx context.Context) (Record, error) {
	rec, err := s.c.ReadRecord(ctx)
	s.rep.Messages = s.c.messages - s.start
	if err != nil {
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			s.rep.SocketClose = ce
			s.rep.UnfinishedBytes = len(s.c.split.pending)
			if !s.rep.Completed && !s.rep.Closed {
				s.rep.NoCompletion = true
				s.end = fmt.Errorf("%w: %w", ErrNoCompletion, err)
				return rec, s.end
			}
			if s.end == nil {
				s.end = err
			}
			return rec, err
		}
		if rec.Raw != nil {
			s.rep.Malformed++
		}
		return rec, err
	}
	s.rep.Records++
	if rec.Split {
		s.rep.SplitRecords++
	}
	if rec.Packed {
		s.rep.PackedRecords++
	}
	if rec.Binary {
		s.rep.BinaryRecords++
	}
	switch rec.Type {
	case TypePing:
		s.rep.Pings++
	case TypeInvocation:
		s.rep.Invocations++
	case TypeStreamItem:
		switch {
		case rec.InvocationID != s.rep.InvocationID:
			s.rep.ForeignItems++
		case s.rep.Completed:
			s.rep.ItemsAfterCompletion++
		}
	case TypeCompletion, TypeStreamInvocation, TypeCancelInvocation:
	case TypeClose:
		s.rep.Closed = true
		s.rep.CloseError = rec.Error
		s.rep.AllowReconnect = rec.AllowReconnect
		if !s.rep.Completed {
			s.rep.NoCompletion = true
		}
		switch {
		case rec.Error != "":
			s.end = &HubError{Close: true, Message: rec.Error, AllowReconnect: rec.AllowReconnect}
		case !s.rep.Completed:
			s.end = fmt.Errorf("%w: the hub sent Close", ErrNoCompletion)
		}
	default:
		s.rep.Unknown++
	}
	return rec, nil
}

// Drain reads on after the stream has ended, until the connection closes or ctx ends, so that
// items sent after the Completion are counted. A probe gives it the time it waits for a close.
func (s *Stream) Drain(ctx context.Context) error {
	for {
		if _, err := s.read(ctx); err != nil {
			if errors.As(err, new(*websocket.CloseError)) {
				return nil
			}
			return err
		}
	}
}

// Cancel sends a CancelInvocation for the stream.
func (s *Stream) Cancel(ctx context.Context) error {
	return s.c.Send(ctx, map[string]any{"type": TypeCancelInvocation, "invocationId": s.rep.InvocationID})
}

// Report returns what the stream has seen so far.
func (s *Stream) Report() Report { return s.rep }

// Report is what a stream saw, for a probe to name. Pings, packed records and split records
// are legal; the hazards are listed by Hazards.
type Report struct {
	InvocationID string
	Items        int // items for this invocation, before its Completion
	Records      int // records read while streaming, of every type
	Messages     int // WebSocket messages read while streaming
	// SplitRecords counts records that began in one WebSocket message and ended in another:
	// legal, but a reader that parses each message alone fails on them.
	SplitRecords  int
	PackedRecords int // records that shared their message with others (legal)
	BinaryRecords int // records in binary messages, which the JSON protocol does not send
	Pings         int
	Invocations   int // Invocation records from the hub
	Unknown       int // records of a type the specification does not define
	Malformed     int // records that were not JSON

	Completed          bool
	CompletionError    string
	Result             json.RawMessage
	ForeignItems       int // items for another invocation id
	ForeignCompletions int
	// ItemsAfterCompletion counts items for this invocation read after its Completion (by Drain).
	ItemsAfterCompletion int

	Closed         bool // the hub sent a Close record
	CloseError     string
	AllowReconnect bool
	NoCompletion   bool                  // the connection or the hub closed before the Completion
	SocketClose    *websocket.CloseError // how the WebSocket ended, once it has
	// UnfinishedBytes is the length of a record begun but not ended when the connection closed.
	UnfinishedBytes int
}

// The hazards a Report can name.
const (
	HazardSplitRecord         = "record split across WebSocket messages"
	HazardNoCompletion        = "no Completion before the connection closed"
	HazardCompletionError     = "Completion with an error"
	HazardCloseError          = "Close with an error"
	HazardForeignItem         = "item for another invocation"
	HazardItemAfterCompletion = "item after the Completion"
	HazardBinary              = "binary message in the JSON protocol"
	HazardMalformed           = "record that is not JSON"
	HazardUnfinished          = "record cut off by the close"
)

// Hazards names what in the report a reader can get wrong or a user would lose, in a fixed order.
func (r Report) Hazards() []string {
	var h []string
	add := func(cond bool, name string) {
		if cond {
			h = append(h, name)
		}
	}
	add(r.SplitRecords > 0, HazardSplitRecord)
	add(r.NoCompletion, HazardNoCompletion)
	add(r.CompletionError != "", HazardCompletionError)
	add(r.CloseError != "", HazardCloseError)
	add(r.ForeignItems > 0, HazardForeignItem)
	add(r.ItemsAfterCompletion > 0, HazardItemAfterCompletion)
	add(r.BinaryRecords > 0, HazardBinary)
	add(r.Malformed > 0, HazardMalformed)
	add(r.UnfinishedBytes > 0, HazardUnfinished)
	return h
}

// String sums the report up on one line.
func (r Report) String() string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%d items in %d records over %d messages", r.Items, r.Records, r.Messages)
	if r.Pings > 0 {
		fmt.Fprintf(&b, ", %d pings", r.Pings)
	}
	if r.SplitRecords > 0 {
		fmt.Fprintf(&b, ", %d split records", r.SplitRecords)
	}
	if r.Completed {
		b.WriteString(", completed")
	}
	if hz := r.Hazards(); len(hz) > 0 {
		fmt.Fprintf(&b, "; hazards: %s", strings.Join(hz, "; "))
	}
	return b.String()
}
