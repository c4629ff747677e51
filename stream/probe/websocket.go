package probe

import (
	"context"
	"errors"
	"fmt"
	"time"

	"course/stream/websocket"
)

// webSocket opens the socket, sends the request as the first text message, and reads the events
// one message each until the server closes, as Bit.BlazorUI.AI's WebSocket transport does. It
// returns nil when no socket opened; with an error, the capture holds what arrived before the
// read stopped.
func (p *prober) webSocket(ctx context.Context) (*messageCapture, error) {
	c := p.newMessageCapture(TransportWebSocket)
	conn, err := websocket.Dial(ctx, p.opts.URL, websocket.DialOptions{
		Options: websocket.Options{MaxMessageBytes: int64(p.limits.bytes), CloseTimeout: closeTimeout},
		Header:  p.opts.Header,
	})
	if err != nil {
		return nil, p.dialError(ctx, err)
	}
	defer conn.CloseNow()
	p.opened(c, conn.Subprotocol())
	defer func() { p.release = c.log.capt.release }()
	if p.opts.Body != nil {
		// A server that refuses the request closes the socket: the read below says how.
		_ = conn.Write(ctx, websocket.Text, p.opts.Body)
	}
	last := time.Since(c.start)
	for {
		m, err := conn.Read(ctx)
		c.socket = conn.Stats()
		if err != nil {
			return c, p.messageEnd(ctx, c, err, last)
		}
		if c.events.stats.n == p.limits.events {
			return c, p.stopped(c, errEventsLimit)
		}
		if len(m.Data) > c.log.room() {
			return c, p.stopped(c, errBytesLimit)
		}
		kind := TextMessage
		if m.Type == websocket.Binary {
			kind = BinaryMessage
		}
		c.add(Message{Kind: kind, Data: m.Data}, m.Frames)
		last = time.Since(c.start)
	}
}

// newMessageCapture starts the capture of a probe over a message transport.
func (p *prober) newMessageCapture(transport string) *messageCapture {
	return &messageCapture{transport: transport, log: newMessageLog(p.limits.bytes), events: eventLog{keep: p.keep},
		readers: p.opts.MessageReaders, start: time.Now()}
}

// opened records the opening handshake's answer: a socket opens only on 101.
func (p *prober) opened(c *messageCapture, subprotocol string) {
	p.rep.Proto, p.rep.Status, p.rep.StatusText = "HTTP/1.1", 101, "Switching Protocols"
	p.rep.Timing.Headers = Millis(time.Since(c.start))
	c.subprotocol = subprotocol
}

// messageEnd classifies how a message stream ended: a close the report names (nil error: the
// stream was read to its end), or a stop that leaves it unfinished.
func (p *prober) messageEnd(ctx context.Context, c *messageCapture, err error, last time.Duration) error {
	var ce *websocket.CloseError
	switch {
	case errors.Is(context.Cause(ctx), errBytesLimit):
		return p.stopped(c, errBytesLimit)
	case errors.As(err, &ce) && ce.Local && ce.Code == websocket.CloseTooBig:
		c.close = ce
		return p.stopped(c, err)
	case errors.As(err, &ce):
		c.close = ce
		p.endTiming(c)
		return nil
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		// The socket's read deadline is the context's, and may pass a moment before it.
		if quiet := time.Since(c.start) - last; quiet >= p.timeout/idleShare {
			c.idle = quiet
		}
		return p.stopped(c, context.DeadlineExceeded)
	case ctx.Err() != nil:
		return p.stopped(c, ctx.Err())
	}
	return p.stopped(c, err)
}

// endTiming records when the stream ended, and the counts the report's messages give.
func (p *prober) endTiming(c *messageCapture) {
	p.rep.Timing.End = Millis(time.Since(c.start))
	p.rep.Bytes = c.bytes()
	p.rep.EventCount = c.events.stats.n
}

// stopped explains a message stream that stopped before its end, with what had arrived.
func (p *prober) stopped(c *messageCapture, err error) error {
	p.endTiming(c)
	return p.messageError(c, err)
}

// messageError is readError for the message transports.
func (p *prober) messageError(c *messageCapture, err error) error {
	what := c.what()
	events := count(p.rep.EventCount, what)
	so := fmt.Sprintf("%d bytes and %s received so far", p.rep.Bytes, events)
	open := "the socket still open"
	if c.transport == TransportSignalR {
		open = "the stream still open"
	}
	var ce *websocket.CloseError
	switch {
	case errors.Is(err, errBytesLimit):
		return fail(ReasonLimit, err, "stopped after %s: raise --max-bytes: %s received so far", FormatSize(p.limits.bytes), events)
	case errors.Is(err, errEventsLimit):
		return fail(ReasonLimit, err, "stopped after %s: raise --max-events: %d bytes received so far", events, p.rep.Bytes)
	case errors.As(err, &ce) && ce.Local && ce.Code == websocket.CloseTooBig:
		return fail(ReasonLimit, err, "stopped at a message longer than %s, which the probe refused with 1009: raise --max-bytes: %s", FormatSize(p.limits.bytes), so)
	case errors.Is(err, errRecordLimit):
		return fail(ReasonLimit, err, "stopped at a record longer than %s without its separator: raise --max-bytes: %s", FormatSize(p.limits.bytes), so)
	case errors.Is(err, context.DeadlineExceeded):
		if c.idle > 0 {
			return fail(ReasonTimeout, err, "timed out after %s with %s, idle for the last %s: %s", p.timeout, open, Millis(c.idle), so)
		}
		return fail(ReasonTimeout, err, "timed out after %s with %s: %s", p.timeout, open, so)
	case errors.Is(err, context.Canceled):
		return fail(ReasonCancel, err, "interrupted with %s: %s", open, so)
	}
	return fail(ReasonRead, err, "the stream broke off: %v: %s", err, so)
}

// dialError names what failed before a socket opened: the connection, TLS, a refused upgrade,
// a failed negotiate or handshake.
func (p *prober) dialError(ctx context.Context, err error) error {
	var ue *websocket.UpgradeError
	switch {
	case errors.As(err, &ue):
		p.rep.Proto, p.rep.Status = ue.Proto, ue.Status
		p.rep.StatusText = ue.StatusText
		if len(ue.StatusText) > 4 {
			p.rep.StatusText = ue.StatusText[4:]
		}
		p.rep.ErrorBody = ue.Body
		body := ""
		if ue.Body != "" {
			body = ": " + ue.Body
		}
		return fail(ReasonStatus, err, "%s refused the WebSocket upgrade: HTTP %s%s", p.opts.URL, ue.StatusText, body)
	}
	return p.transportError(ctx, p.opts.URL, err, "waiting for the opening handshake")
}
