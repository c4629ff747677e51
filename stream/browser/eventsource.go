package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/chromedp/chromedp"

	"course/stream/sse"
)

// readScript opens an EventSource on a URL, records every MessageEvent of the given types in
// dispatch order, and settles at the first connection error. The server sends the stream once
// and closes it, so that error is the end of the stream: readyState is then CONNECTING (0) while
// the browser would reconnect, and CLOSED (2) when the connection itself failed. Closing at once
// keeps the read to one connection.
const readScript = `(url, types) => new Promise((resolve) => {
	const events = [];
	const es = new EventSource(url);
	const record = (e) => {
		if (e instanceof MessageEvent) {
			events.push({type: e.type, data: e.data, lastEventId: e.lastEventId});
		}
	};
	for (const t of types) es.addEventListener(t, record);
	es.addEventListener('error', (e) => {
		if (e instanceof MessageEvent) return;
		const state = es.readyState;
		es.close();
		resolve({events, state});
	});
})`

// readyStateConnecting is EventSource.CONNECTING, the state after a stream that ended normally.
const readyStateConnecting = 0

// readResult is what readScript resolves to.
type readResult struct {
	Events []struct {
		Type        string `json:"type"`
		Data        string `json:"data"`
		LastEventID string `json:"lastEventId"`
	} `json:"events"`
	State int `json:"state"`
}

// ReadStream serves stream byte for byte as text/event-stream from the loopback server, once,
// reads it with Chromium's EventSource, and returns the events the page received, in order.
func (b *Browser) ReadStream(ctx context.Context, stream []byte) ([]sse.Event, error) {
	b.run.Lock()
	defer b.run.Unlock()
	path := b.serveStream(stream)
	types, err := json.Marshal(EventTypes(stream))
	if err != nil {
		return nil, fmt.Errorf("browser: read stream: %w", err)
	}
	url, err := json.Marshal(path)
	if err != nil {
		return nil, fmt.Errorf("browser: read stream: %w", err)
	}
	runCtx, cancel := b.runCtx(ctx)
	defer cancel()
	res, err := chromedp.Run(runCtx, chromedp.Evaluate[readResult](
		"("+readScript+")("+string(url)+", "+string(types)+")", chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, fmt.Errorf("browser: read stream: %w", err)
	}
	if res.State != readyStateConnecting {
		return nil, fmt.Errorf("browser: read stream: the connection failed (readyState %d)", res.State)
	}
	events := make([]sse.Event, len(res.Events))
	for i, e := range res.Events {
		events[i] = sse.Event{Type: e.Type, Data: e.Data, LastEventID: e.LastEventID}
	}
	return events, nil
}

// EventTypes lists every event type stream could dispatch, "message" and each value an "event"
// line could give, so the page can listen for them all: EventSource has no listener for every
// type. It reads lines loosely and may list types no event ends up with, which costs nothing.
func EventTypes(stream []byte) []string {
	text := strings.TrimPrefix(sse.DecodeUTF8(stream), "\uFEFF")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	types := []string{"message"}
	for line := range strings.SplitSeq(text, "\n") {
		name, value, found := strings.Cut(line, ":")
		if name != "event" {
			continue
		}
		if found {
			value = strings.TrimPrefix(value, " ")
		}
		if value != "" && !slices.Contains(types, value) {
			types = append(types, value)
		}
	}
	return types
}
