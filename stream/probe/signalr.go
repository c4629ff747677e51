package probe

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"io"
	"net"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"course/stream/signalr"
	"course/stream/websocket"
)

// The SignalR reader's findings, as the report names them.
const (
	hubSplit           = signalr.HazardSplitRecord
	hubNoCompletion    = signalr.HazardNoCompletion
	hubCompletionError = signalr.HazardCompletionError
	hubCloseError      = signalr.HazardCloseError
	hubForeign         = signalr.HazardForeignItem
	hubAfter           = signalr.HazardItemAfterCompletion
	hubBinary          = signalr.HazardBinary
	hubMalformed       = signalr.HazardMalformed
	hubUnfinished      = signalr.HazardUnfinished
)

// errRecordLimit stops a SignalR read at a record longer than the byte limit.
var errRecordLimit = errors.New("record limit reached")

// signalR negotiates with the hub, opens the WebSockets transport, invokes the hub method as a
// stream with the request as its argument, and reads its items to the Completion, then on for
// AfterCompletion for items sent after it. It returns nil when no stream started; with an error,
// the capture holds what arrived before the read stopped.
func (p *prober) signalR(ctx context.Context) (*messageCapture, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	c := p.newMessageCapture(TransportSignalR)
	c.received = new(atomic.Int64)
	limit := int64(p.limits.bytes)
	// Every data frame's length is counted as its header arrives, so a stream of pings, foreign
	// items or one vast record is stopped at the byte limit like any other.
	trace := func(e websocket.Event) {
		if e.Kind != websocket.FrameIn || e.Header.Opcode.IsControl() {
			return
		}
		if e.Header.Length > limit-c.received.Load() {
			cancel(errBytesLimit)
			return
		}
		c.received.Add(e.Header.Length)
	}
	client, err := signalr.Dial(ctx, p.opts.URL, signalr.Options{
		Header: p.opts.Header, HTTPClient: p.client, MaxRecordBytes: p.limits.bytes,
		WebSocket: websocket.DialOptions{Options: websocket.Options{MaxMessageBytes: limit, CloseTimeout: closeTimeout, Trace: trace}},
	})
	if err != nil {
		return nil, p.hubDialError(ctx, err)
	}
	ws := client.Conn()
	defer ws.CloseNow()
	p.opened(c, "")
	neg := client.Negotiation()
	c.hub = &HubReport{Method: p.opts.HubMethod, ConnectionID: neg.ConnectionID, Transports: []string{}}
	for _, t := range neg.Transports {
		c.hub.Transports = append(c.hub.Transports, t.Transport)
	}
	defer func() { p.release = c.log.capt.release }()

	var args []any
	if p.opts.Body != nil {
		args = []any{json.RawMessage(p.opts.Body)}
	}
	stream, err := client.Stream(ctx, p.opts.HubMethod, args...)
	if err != nil {
		c.socket = ws.Stats()
		return c, p.stopped(c, err)
	}
	last := time.Since(c.start)
	malformed := 0
	for {
		item, err := stream.Next(ctx)
		if err == nil {
			if c.events.stats.n == p.limits.events {
				c.fillHub(stream, ws)
				return c, p.stopped(c, errEventsLimit)
			}
			m := itemMessage(item)
			if len(m.Data) > c.log.room() {
				c.fillHub(stream, ws)
				return c, p.stopped(c, errBytesLimit)
			}
			c.add(m, 0)
			last = time.Since(c.start)
			continue
		}
		if n := stream.Report().Malformed; n > malformed {
			// A record that is not JSON is counted, and the next one read.
			malformed = n
			continue
		}
		var he *signalr.HubError
		switch {
		case errors.Is(err, io.EOF), errors.As(err, &he):
			// The hub ended the stream: read on for items after its end, then close.
			c.hubEnded = true
			c.closedAfterEnd = p.drainHub(ctx, client, stream)
		case errors.Is(err, signalr.ErrNoCompletion):
		default:
			if strings.Contains(err.Error(), "record of more than") {
				err = errRecordLimit
			}
			c.fillHub(stream, ws)
			return c, p.messageEnd(ctx, c, err, last)
		}
		c.fillHub(stream, ws)
		if ce := c.close; ce != nil && ce.Local && ce.Code == websocket.CloseTooBig {
			return c, p.stopped(c, ce)
		}
		if errors.Is(context.Cause(ctx), errBytesLimit) {
			return c, p.stopped(c, errBytesLimit)
		}
		p.endTiming(c)
		return c, nil
	}
}

// drainHub reads on after the stream's end until the hub closes the connection, or for
// AfterCompletion, after which the probe closes it; it says whether the probe closed it.
func (p *prober) drainHub(ctx context.Context, client *signalr.Client, s *signalr.Stream) bool {
	closed := make(chan struct{})
	timer := time.AfterFunc(AfterCompletion, func() {
		defer close(closed)
		_ = client.Close()
	})
	_ = s.Drain(ctx)
	if timer.Stop() {
		return false
	}
	<-closed
	return true
}

// fillHub copies what the SignalR reader counted into the capture.
func (c *messageCapture) fillHub(s *signalr.Stream, ws *websocket.Conn) {
	rep := s.Report()
	h := c.hub
	h.InvocationID, h.Records, h.Messages, h.Items, h.Pings = rep.InvocationID, rep.Records, rep.Messages, rep.Items, rep.Pings
	h.SplitRecords, h.PackedRecords, h.Completed = rep.SplitRecords, rep.PackedRecords, rep.Completed
	h.CompletionErr, h.CloseErr = rep.CompletionError, rep.CloseError
	h.ForeignItems, h.ItemsAfterCompletion = rep.ForeignItems, rep.ItemsAfterCompletion
	c.hubHazards = rep.Hazards()
	c.unfinished = rep.UnfinishedBytes
	c.socket = ws.Stats()
	if rep.SocketClose != nil {
		c.close = rep.SocketClose
	}
}

// itemMessage is a stream item as the readers see it: a string's text, or another value's JSON.
func itemMessage(item json.RawMessage) Message {
	if jsonKind(item) == "string" {
		var s string
		if json.Unmarshal(item, &s) == nil {
			return Message{Kind: StringItem, Data: []byte(s)}
		}
	}
	return Message{Kind: ValueItem, Data: item}
}

// hubDialError names what failed before the stream started: the connection, TLS, negotiate,
// the WebSocket upgrade, or the hub's handshake.
func (p *prober) hubDialError(ctx context.Context, err error) error {
	var ue *websocket.UpgradeError
	if ctx.Err() != nil || networkError(err) {
		return p.transportError(ctx, p.opts.URL, err, "negotiating")
	}
	if errors.As(err, &ue) {
		return p.dialError(ctx, err)
	}
	msg := err.Error()
	switch {
	case strings.HasPrefix(msg, "signalr: negotiate: HTTP "):
		return fail(ReasonStatus, err, "negotiate with %s failed: %s", p.opts.URL, strings.TrimPrefix(msg, "signalr: negotiate: "))
	case strings.HasPrefix(msg, "signalr: negotiate"):
		msg = strings.TrimPrefix(strings.TrimPrefix(msg, "signalr: negotiate"), ": ")
		return fail(ReasonHandshake, err, "negotiate with %s failed: %s", p.opts.URL, strings.TrimPrefix(msg, " "))
	case strings.HasPrefix(msg, "signalr: handshake"):
		return fail(ReasonHandshake, err, "the hub at %s failed the protocol handshake: %s", p.opts.URL, strings.TrimPrefix(msg, "signalr: "))
	}
	return fail(ReasonHandshake, err, "%s: %s", p.opts.URL, strings.TrimPrefix(msg, "signalr: "))
}

// networkError says whether err is a failure to reach the server at all, which transportError names.
func networkError(err error) bool {
	var certErr *tls.CertificateVerificationError
	var recErr tls.RecordHeaderError
	var authErr x509.UnknownAuthorityError
	var dnsErr *net.DNSError
	var opErr *net.OpError
	return errors.Is(err, syscall.ECONNREFUSED) || errors.As(err, &certErr) || errors.As(err, &recErr) || errors.As(err, &authErr) ||
		errors.As(err, &dnsErr) || errors.As(err, &opErr) || strings.Contains(err.Error(), "server gave HTTP response to HTTPS client")
}
