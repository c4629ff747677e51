package signalr

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"course/stream/websocket"
)

// StreamFunc produces a streaming hub method's items: it calls yield once per item and returns
// when the stream is done (nil) or failed (its error goes into the Completion). ctx ends when
// the client cancels the invocation or leaves.
type StreamFunc func(ctx context.Context, target string, args []json.RawMessage, yield func(item any) error) error

// HubOptions make a Hub put a hazard, or a legal oddity, on the wire on purpose.
type HubOptions struct {
	// SplitRecords writes every record of a stream, its items and its end, as two WebSocket
	// messages cut inside the JSON.
	SplitRecords bool
	// PackRecords writes each StreamItem in one message with the record after it (legal).
	PackRecords bool
	// PingEvery sends a Ping record before every PingEvery-th item (keep-alive, legal).
	PingEvery int
	// KeepAlive sends a Ping record at this interval for as long as the connection lasts, as a
	// real hub does every 15 seconds; zero sends none.
	KeepAlive time.Duration
	// DropBeforeCompletion closes TCP after the last item, without a Completion or a close frame.
	DropBeforeCompletion bool
	// CompletionError ends the stream with a Completion carrying this error.
	CompletionError string
	// CloseError ends the stream with a Close record carrying this error instead of a Completion.
	CloseError     string
	AllowReconnect bool
	// ForeignItem sends one item for another invocation id before the first item.
	ForeignItem bool
	// ItemAfterCompletion sends one more item for the invocation after its Completion.
	ItemAfterCompletion bool
	// KeepOpen leaves the connection open after the stream, as a real hub does; otherwise the
	// hub closes the WebSocket normally once the stream is done, so a reader's drain ends.
	KeepOpen bool
	// WebSocket configures the hub's end of the transport.
	WebSocket websocket.AcceptOptions
	// Methods answer the client's plain Invocations by target: the result, or the error, goes
	// back in the Completion. A target not listed is answered with an error.
	Methods map[string]MethodFunc
}

// MethodFunc answers one Invocation of a hub method; ctx carries the connection's id
// (ConnectionID) and ends when the connection does.
type MethodFunc func(ctx context.Context, args []json.RawMessage) (any, error)

// Hub is a minimal SignalR hub over the WebSockets transport: an http.Handler that answers
// negotiate at HUB/negotiate and the transport at HUB?id=TOKEN, does the handshake, and answers
// each StreamInvocation by calling its StreamFunc.
type Hub struct {
	fn   StreamFunc
	opts HubOptions

	mu     sync.Mutex
	tokens map[string]string // connection token to connection id, until the token is used
	wg     sync.WaitGroup
}

// NewHub returns a hub streaming fn's items, with opts' hazards.
func NewHub(fn StreamFunc, opts HubOptions) *Hub {
	return &Hub{fn: fn, opts: opts, tokens: make(map[string]string)}
}

// Items is a StreamFunc that yields items in order.
func Items(items ...any) StreamFunc {
	return func(ctx context.Context, _ string, _ []json.RawMessage, yield func(any) error) error {
		for _, it := range items {
			if err := yield(it); err != nil {
				return err
			}
		}
		return nil
	}
}

// Wait blocks until every connection the hub has taken over has ended.
func (h *Hub) Wait() { h.wg.Wait() }

// ServeHTTP routes negotiate and the WebSocket transport.
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasSuffix(r.URL.Path, "/negotiate") {
		h.negotiate(w, r)
		return
	}
	id := r.URL.Query().Get("id")
	h.mu.Lock()
	connID, known := h.tokens[id]
	delete(h.tokens, id) // a token opens one connection
	h.mu.Unlock()
	if !known {
		http.Error(w, "No Connection with that ID", http.StatusNotFound)
		return
	}
	h.wg.Add(1)
	defer h.wg.Done()
	ws, err := websocket.AcceptWith(w, r, h.opts.WebSocket)
	if err != nil {
		return
	}
	ctx := context.WithValue(r.Context(), connKey{}, connID)
	h.serve(context.WithValue(ctx, writeKey{}, new(sync.Mutex)), ws)
}

func (h *Hub) negotiate(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "negotiate is POST", http.StatusMethodNotAllowed)
		return
	}
	id, token := randomID(), randomID()
	h.mu.Lock()
	h.tokens[token] = id
	h.mu.Unlock()
	resp := map[string]any{
		"connectionId":        id,
		"connectionToken":     token,
		"negotiateVersion":    1,
		"availableTransports": []Transport{{Transport: "WebSockets", TransferFormats: []string{"Text", "Binary"}}},
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(resp)
}

func randomID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// serve reads the client's records: the handshake, then invocations, until the socket ends.
func (h *Hub) serve(ctx context.Context, ws *websocket.Conn) {
	defer ws.CloseNow()
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	sp := splitter{max: DefaultMaxRecordBytes}
	read := func() (Record, error) {
		for {
			if rec, ok, err := sp.next(); ok {
				return rec, err
			}
			m, err := ws.Read(ctx)
			if err != nil {
				return Record{}, err
			}
			if err := sp.feed(m.Data, m.Type == websocket.Binary); err != nil {
				return Record{}, err
			}
		}
	}
	var hs struct {
		Protocol string `json:"protocol"`
		Version  int    `json:"version"`
	}
	rec, err := read()
	if err != nil {
		return
	}
	if err := json.Unmarshal(rec.Raw, &hs); err != nil || hs.Protocol != "json" || hs.Version != 1 {
		_ = h.write(ctx, ws, map[string]any{"error": "the course's hub speaks only protocol json version 1"})
		_ = ws.Close(websocket.CloseNormal, "")
		return
	}
	if err := h.write(ctx, ws, struct{}{}); err != nil {
		return
	}
	if h.opts.KeepAlive > 0 {
		go h.keepAlive(ctx, ws)
	}
	var streams sync.WaitGroup
	defer streams.Wait()
	cancels := map[string]context.CancelFunc{}
	var mu sync.Mutex
	// uploads are the streams the client sends, by stream id, open until the client completes them.
	uploads := map[string]chan json.RawMessage{}
	defer func() {
		for _, up := range uploads {
			close(up)
		}
	}()
	for {
		rec, err := read()
		if err != nil {
			cancel()
			return
		}
		switch rec.Type {
		case TypeStreamItem:
			if up := uploads[rec.InvocationID]; up != nil {
				select {
				case up <- rec.Item:
				case <-ctx.Done():
				}
			}
		case TypeCompletion:
			if up := uploads[rec.InvocationID]; up != nil {
				close(up)
				delete(uploads, rec.InvocationID)
			}
		case TypeStreamInvocation:
			sctx, scancel := context.WithCancel(ctx)
			if len(rec.StreamIDs) > 0 {
				var ups []<-chan json.RawMessage
				for _, sid := range rec.StreamIDs {
					up := make(chan json.RawMessage, 16)
					uploads[sid] = up
					ups = append(ups, up)
				}
				sctx = context.WithValue(sctx, uploadsKey{}, ups)
			}
			mu.Lock()
			cancels[rec.InvocationID] = scancel
			mu.Unlock()
			streams.Add(1)
			go func(rec Record) {
				defer streams.Done()
				defer scancel()
				h.stream(sctx, ws, rec)
			}(rec)
		case TypeCancelInvocation:
			mu.Lock()
			if c := cancels[rec.InvocationID]; c != nil {
				c()
			}
			mu.Unlock()
		case TypeInvocation:
			h.invoke(ctx, ws, rec)
		}
	}
}

// invoke answers a plain Invocation with its method's result or error; one without an
// invocation id gets no answer, as the protocol says.
func (h *Hub) invoke(ctx context.Context, ws *websocket.Conn, rec Record) {
	fn := h.opts.Methods[rec.Target]
	var result any
	err := errors.New("the course's hub has no method " + rec.Target)
	if fn != nil {
		result, err = fn(ctx, rec.Arguments)
	}
	if rec.InvocationID == "" {
		return
	}
	done := map[string]any{"type": TypeCompletion, "invocationId": rec.InvocationID}
	switch {
	case err != nil:
		done["error"] = err.Error()
	case result != nil:
		done["result"] = result
	}
	_ = h.write(ctx, ws, done)
}

// stream runs one streaming invocation and ends it the way the options say.
func (h *Hub) stream(ctx context.Context, ws *websocket.Conn, inv Record) {
	o := h.opts
	id := inv.InvocationID
	if o.ForeignItem {
		if h.write(ctx, ws, map[string]any{"type": TypeStreamItem, "invocationId": id + "-other", "item": "not yours"}) != nil {
			return
		}
	}
	var held []byte // a record waiting to share a message with the next
	n := 0
	send := func(v any) error {
		b, err := appendRecord(held, v)
		if err != nil {
			return err
		}
		held = nil
		if o.PackRecords {
			if _, isItem := v.(map[string]any)["item"]; isItem {
				held = b
				return nil
			}
		}
		if o.SplitRecords && len(b) > 2 {
			// The two halves go out together: a record another goroutine writes (a method's
			// Completion) must not land inside this one.
			mu := writeLock(ctx)
			mu.Lock()
			defer mu.Unlock()
			cut := len(b) / 2
			if err := ws.Write(ctx, websocket.Text, b[:cut]); err != nil {
				return err
			}
			return ws.Write(ctx, websocket.Text, b[cut:])
		}
		return ws.Write(ctx, websocket.Text, b)
	}
	err := h.fn(ctx, inv.Target, inv.Arguments, func(item any) error {
		n++
		if o.PingEvery > 0 && n%o.PingEvery == 0 {
			if err := send(map[string]any{"type": TypePing}); err != nil {
				return err
			}
		}
		return send(map[string]any{"type": TypeStreamItem, "invocationId": id, "item": item})
	})
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		return // the client cancelled or left: nothing more is owed
	}
	if o.DropBeforeCompletion {
		if held != nil {
			_ = ws.Write(ctx, websocket.Text, held)
		}
		_ = ws.CloseNow()
		return
	}
	var end map[string]any
	switch {
	case o.CloseError != "":
		end = map[string]any{"type": TypeClose, "error": o.CloseError}
		if o.AllowReconnect {
			end["allowReconnect"] = true
		}
	case err != nil:
		end = map[string]any{"type": TypeCompletion, "invocationId": id, "error": err.Error()}
	case o.CompletionError != "":
		end = map[string]any{"type": TypeCompletion, "invocationId": id, "error": o.CompletionError}
	default:
		end = map[string]any{"type": TypeCompletion, "invocationId": id}
	}
	if send(end) != nil {
		return
	}
	if o.ItemAfterCompletion {
		if send(map[string]any{"type": TypeStreamItem, "invocationId": id, "item": "late"}) != nil {
			return
		}
	}
	if held != nil {
		_ = ws.Write(ctx, websocket.Text, held)
	}
	if !o.KeepOpen {
		_ = ws.Close(websocket.CloseNormal, "")
	}
}

// keepAlive sends Ping records until ctx ends or a write fails.
func (h *Hub) keepAlive(ctx context.Context, ws *websocket.Conn) {
	t := time.NewTicker(h.opts.KeepAlive)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if h.write(ctx, ws, map[string]any{"type": TypePing}) != nil {
				return
			}
		}
	}
}

// write sends one record in one text message.
func (h *Hub) write(ctx context.Context, ws *websocket.Conn, v any) error {
	b, err := appendRecord(nil, v)
	if err != nil {
		return err
	}
	mu := writeLock(ctx)
	mu.Lock()
	defer mu.Unlock()
	return ws.Write(ctx, websocket.Text, b)
}
