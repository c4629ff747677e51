package signalr

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"sync"
)

type connKey struct{}

type uploadsKey struct{}

type writeKey struct{}

// writeLock is the connection's lock on writing a record that takes more than one message.
func writeLock(ctx context.Context) *sync.Mutex {
	if mu, ok := ctx.Value(writeKey{}).(*sync.Mutex); ok {
		return mu
	}
	return new(sync.Mutex)
}

// ConnectionID is the id the hub gave the connection a StreamFunc or MethodFunc serves, so a
// method can tell one connection's calls from another's; "" outside a hub.
func ConnectionID(ctx context.Context) string {
	id, _ := ctx.Value(connKey{}).(string)
	return id
}

// Uploads are the streams the client passes to the invocation a StreamFunc serves (the
// invocation's streamIds, in order): each carries the items the client sends and is closed when
// the client completes it or leaves.
func Uploads(ctx context.Context) []<-chan json.RawMessage {
	ups, _ := ctx.Value(uploadsKey{}).([]<-chan json.RawMessage)
	return ups
}

// Upload is a stream the client sends to a hub method it streams from.
type Upload struct {
	c  *Client
	id string
}

// Send sends one item of the upload.
func (u *Upload) Send(ctx context.Context, item any) error {
	return u.c.Send(ctx, map[string]any{"type": TypeStreamItem, "invocationId": u.id, "item": item})
}

// Complete ends the upload with a Completion.
func (u *Upload) Complete(ctx context.Context) error {
	return u.c.Send(ctx, map[string]any{"type": TypeCompletion, "invocationId": u.id})
}

// StreamUploading is Stream for a hub method that also takes a stream from the client, as
// ASP.NET Core's client streaming has it: the invocation names the upload in streamIds, and
// its items follow as StreamItems under that id.
func (c *Client) StreamUploading(ctx context.Context, target string, args ...any) (*Stream, *Upload, error) {
	id := strconv.Itoa(c.nextID)
	up := &Upload{c: c, id: strconv.Itoa(c.nextID + 1)}
	c.nextID += 2
	if args == nil {
		args = []any{}
	}
	inv := map[string]any{"type": TypeStreamInvocation, "invocationId": id, "target": target, "arguments": args, "streamIds": []string{up.id}}
	if err := c.Send(ctx, inv); err != nil {
		return nil, nil, err
	}
	return &Stream{c: c, rep: Report{InvocationID: id}, start: c.messages}, up, nil
}

// Invoke sends a plain Invocation of target (no answer is awaited: a Completion for it is read,
// and counted as another invocation's, by the stream being read).
func (c *Client) Invoke(ctx context.Context, target string, args ...any) error {
	id := strconv.Itoa(c.nextID)
	c.nextID++
	if args == nil {
		args = []any{}
	}
	return c.Send(ctx, map[string]any{"type": TypeInvocation, "invocationId": id, "target": target, "arguments": args})
}

// RecordReader cuts hub protocol records out of WebSocket messages as the course's client
// does, buffering a record that spans messages, for a reader built on another WebSocket library.
type RecordReader struct{ s splitter }

// NewRecordReader returns a RecordReader that holds at most maxRecord bytes of an unfinished
// record; zero means DefaultMaxRecordBytes.
func NewRecordReader(maxRecord int) *RecordReader {
	if maxRecord <= 0 {
		maxRecord = DefaultMaxRecordBytes
	}
	return &RecordReader{splitter{max: maxRecord}}
}

// Feed takes one WebSocket message.
func (r *RecordReader) Feed(data []byte, binary bool) error { return r.s.feed(data, binary) }

// Next returns the next whole record, parsed; ok is false when none is ready.
func (r *RecordReader) Next() (rec Record, ok bool, err error) { return r.s.next() }

// Pending is the length of a record begun and not yet ended.
func (r *RecordReader) Pending() int { return len(r.s.pending) }

// HandshakeRequest is the JSON protocol's handshake request record, separator included.
func HandshakeRequest() []byte {
	b, _ := appendRecord(nil, map[string]any{"protocol": "json", "version": 1})
	return b
}

// AppendRecord appends v's JSON and the record separator to b.
func AppendRecord(b []byte, v any) ([]byte, error) { return appendRecord(b, v) }

// Negotiate posts to the hub's negotiate endpoint as Dial does and returns the answer with the
// ws:// or wss:// URL of its WebSockets transport, for a client on another WebSocket library.
func Negotiate(ctx context.Context, hubURL string, opts Options) (Negotiation, string, error) {
	u, err := url.Parse(hubURL)
	if err != nil {
		return Negotiation{}, "", fmt.Errorf("signalr: hub url: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return Negotiation{}, "", fmt.Errorf("signalr: hub url %s: scheme %q is not http or https", hubURL, u.Scheme)
	}
	neg, err := negotiate(ctx, u, opts)
	if err != nil {
		return neg, "", err
	}
	return neg, transportURL(u, neg), nil
}
