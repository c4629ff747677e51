package websocket

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"time"
	"unicode/utf8"
)

// DefaultMaxMessageBytes is the largest message a Conn reassembles unless told otherwise.
const DefaultMaxMessageBytes = 4 << 20

// DefaultCloseTimeout is how long a Conn waits for the peer's answer to its close frame.
const DefaultCloseTimeout = 5 * time.Second

// readChunk is how much of a payload a Conn reads before growing its buffer again, so a length
// field that promises more than arrives costs only what arrives.
const readChunk = 64 << 10

// MessageType tells a text message from a binary one.
type MessageType int

// The two kinds of data message.
const (
	Text   MessageType = MessageType(OpText)
	Binary MessageType = MessageType(OpBinary)
)

// String names the message type.
func (t MessageType) String() string { return Opcode(t).String() }

// Message is one data message, reassembled from its frames.
type Message struct {
	Type   MessageType
	Data   []byte
	Frames int // how many frames it came in: more than one means it was fragmented
	// Controls counts the control frames (pings, pongs) that arrived between its fragments,
	// which the RFC allows and a reader must handle.
	Controls int
}

// CloseError ends a connection: the peer's close frame, a close this side sent because the peer
// broke the protocol or a limit, or code 1006 when the TCP connection ended without a close frame.
type CloseError struct {
	Code   int
	Reason string
	// Local is true when this side sent the close (Code is what it sent), false when the code
	// came from the peer or, for 1006, from nobody.
	Local bool
}

// Error says who closed, with the code, its name in the RFC and the reason.
func (e *CloseError) Error() string {
	who := "peer closed"
	if e.Local {
		who = "closed"
	}
	if e.Code == CloseAbnormal {
		return "websocket: connection closed without a close frame (1006)"
	}
	if e.Reason == "" {
		return fmt.Sprintf("websocket: %s: %d %s", who, e.Code, CodeName(e.Code))
	}
	return fmt.Sprintf("websocket: %s: %d %s: %s", who, e.Code, CodeName(e.Code), e.Reason)
}

// EventKind says what an Event records.
type EventKind int

// The kinds of Event.
const (
	FrameIn       EventKind = iota // a frame read from the peer
	FrameOut                       // a frame this side wrote
	Dropped                        // the TCP connection ended without a close frame
	CloseReceived                  // the peer's close frame, its code and reason parsed
	CloseSent                      // this side's close frame
)

// Event is one thing that happened on the wire, given to a Trace function as it happens.
type Event struct {
	Kind   EventKind
	Header Header // for FrameIn and FrameOut
	// Between is true for a control frame read between the fragments of a message.
	Between bool
	// Code and Reason are a close frame's.
	Code   int
	Reason string
}

// Stats counts what a Conn has seen and done, for a probe to report.
type Stats struct {
	FramesIn, FramesOut int
	MessagesIn          int
	FragmentedIn        int // messages read that came in more than one frame
	PingsIn, PongsIn    int
	PingsOut, PongsOut  int
	ControlsBetween     int // control frames read between a message's fragments
	CloseIn             bool
	CloseInCode         int
	CloseInReason       string
	CloseOut            bool
	CloseOutCode        int
	CloseOutReason      string
	Dropped             bool // the TCP connection ended without a close frame
}

// Options are what both ends of a connection can be told.
type Options struct {
	// MaxMessageBytes is the largest message Read reassembles; a longer one closes the
	// connection with 1009. Zero means DefaultMaxMessageBytes.
	MaxMessageBytes int64
	// CloseTimeout bounds the wait for the peer's answer to a close. Zero means DefaultCloseTimeout.
	CloseTimeout time.Duration
	// Trace, when set, is called with every frame read or written, from the goroutine doing it.
	Trace func(Event)
}

// Conn is one WebSocket connection, from either end. One goroutine may Read while others Write.
type Conn struct {
	nc     net.Conn
	br     *bufio.Reader
	client bool
	opts   Options

	readMu  sync.Mutex
	readErr error
	hdr     [maxHeaderLen]byte
	ctl     [maxControlPayload]byte
	pending int64 // payload bytes of the current frame not yet read

	writeMu   sync.Mutex
	closeSent bool
	wbuf      []byte

	statsMu sync.Mutex
	stats   Stats

	closeOnce sync.Once
	done      chan struct{}

	subprotocol string
}

func newConn(nc net.Conn, br *bufio.Reader, client bool, opts Options) *Conn {
	if opts.MaxMessageBytes <= 0 {
		opts.MaxMessageBytes = DefaultMaxMessageBytes
	}
	if opts.CloseTimeout <= 0 {
		opts.CloseTimeout = DefaultCloseTimeout
	}
	if br == nil {
		br = bufio.NewReaderSize(nc, 4096)
	}
	return &Conn{nc: nc, br: br, client: client, opts: opts, done: make(chan struct{})}
}

// Subprotocol is the subprotocol the handshake agreed on, or "".
func (c *Conn) Subprotocol() string { return c.subprotocol }

// Stats returns what the connection has counted so far.
func (c *Conn) Stats() Stats {
	c.statsMu.Lock()
	defer c.statsMu.Unlock()
	return c.stats
}

func (c *Conn) note(e *Event, update func(*Stats)) {
	c.statsMu.Lock()
	update(&c.stats)
	c.statsMu.Unlock()
	if e != nil && c.opts.Trace != nil {
		c.opts.Trace(*e)
	}
}

// aLongTimeAgo is a deadline already past, set to stop a blocked read or write at once.
var aLongTimeAgo = time.Unix(1, 0)

// watch bounds an I/O call by ctx: its deadline becomes the connection's, and its cancellation
// moves the deadline to the past so a blocked call returns. The returned func ends the watch.
func watch(ctx context.Context, set func(time.Time) error) func() bool {
	d, _ := ctx.Deadline()
	_ = set(d)
	return context.AfterFunc(ctx, func() { _ = set(aLongTimeAgo) })
}

// Read returns the next data message, answering pings and noting pongs on the way. It ends with
// a *CloseError when the connection closes, whoever closed it, and with an error wrapping
// ctx.Err() when ctx ends first; after an error every Read returns the same error.
func (c *Conn) Read(ctx context.Context) (Message, error) {
	c.readMu.Lock()
	defer c.readMu.Unlock()
	if c.readErr != nil {
		return Message{}, c.readErr
	}
	stop := watch(ctx, c.nc.SetReadDeadline)
	msg, err := c.readMessage()
	stop()
	if err != nil {
		c.readErr = c.fail(ctx, err)
		return Message{}, c.readErr
	}
	return msg, nil
}

// fail turns the error that ended a read into the one Read returns, closing the connection
// the way the RFC asks for that error.
func (c *Conn) fail(ctx context.Context, err error) error {
	var pe *protoError
	var ce *CloseError
	switch {
	case errors.As(err, &ce):
		return ce
	case errors.As(err, &pe):
		// Fail the WebSocket connection (section 7.1.7): send the close, then read what the peer
		// still sends until its close, so closing TCP on unread data does not reset the
		// connection before the peer has read the code.
		_ = c.sendClose(pe.code, pe.reason)
		c.drain(ctx)
		c.closeNow()
		return &CloseError{Code: pe.code, Reason: pe.reason, Local: true}
	case ctx.Err() != nil || errors.Is(err, os.ErrDeadlineExceeded):
		c.closeNow()
		cause := ctx.Err()
		if cause == nil {
			cause = context.DeadlineExceeded
		}
		return fmt.Errorf("websocket: read: %w", cause)
	}
	c.closeNow()
	c.note(&Event{Kind: Dropped}, func(s *Stats) { s.Dropped = true })
	return &CloseError{Code: CloseAbnormal, Reason: err.Error()}
}

// readMessage reads frames until a data message is whole, handling control frames between.
func (c *Conn) readMessage() (Message, error) {
	var (
		msg     Message
		started bool
		total   int64
	)
	for {
		h, err := readHeader(c.br, &c.hdr)
		if err != nil {
			return msg, err
		}
		c.pending = h.Length
		between := started && h.Opcode.IsControl()
		c.note(&Event{Kind: FrameIn, Header: h, Between: between}, func(s *Stats) {
			s.FramesIn++
			if between {
				s.ControlsBetween++
			}
		})
		// Section 5.1: a client masks every frame it sends, a server none.
		if c.client && h.Masked {
			return msg, failWith(CloseProtocolError, "masked frame from the server")
		}
		if !c.client && !h.Masked {
			return msg, failWith(CloseProtocolError, "unmasked frame from the client")
		}
		if h.Opcode.IsControl() {
			if between {
				msg.Controls++
			}
			if err := c.control(h); err != nil {
				return msg, err
			}
			continue
		}
		switch {
		case h.Opcode == OpContinuation && !started:
			return msg, failWith(CloseProtocolError, "continuation frame with no message to continue")
		case h.Opcode != OpContinuation && started:
			return msg, failWith(CloseProtocolError, "new %s frame inside a fragmented message", h.Opcode)
		}
		if !started {
			started = true
			msg.Type = MessageType(h.Opcode)
		}
		msg.Frames++
		if h.Length > c.opts.MaxMessageBytes-total {
			return msg, failWith(CloseTooBig, "message of more than %d bytes", c.opts.MaxMessageBytes)
		}
		if msg.Data, err = c.readPayload(msg.Data, h); err != nil {
			return msg, err
		}
		total += h.Length
		if !h.Fin {
			continue
		}
		if msg.Type == Text && !utf8.Valid(msg.Data) {
			return msg, failWith(CloseInvalidData, "text message not valid UTF-8")
		}
		if msg.Data == nil {
			msg.Data = []byte{}
		}
		c.note(nil, func(s *Stats) {
			s.MessagesIn++
			if msg.Frames > 1 {
				s.FragmentedIn++
			}
		})
		return msg, nil
	}
}

// readPayload appends h's payload to data, unmasked. The buffer grows with what arrives, never
// past the message limit, whatever the length field says.
func (c *Conn) readPayload(data []byte, h Header) ([]byte, error) {
	pos := 0
	for c.pending > 0 {
		n := int(min(c.pending, readChunk))
		start := len(data)
		if need := start + n; need > cap(data) {
			grown := max(2*cap(data), need)
			grown = int(min(int64(grown), c.opts.MaxMessageBytes))
			nd := make([]byte, start, grown)
			copy(nd, data)
			data = nd
		}
		data = data[:start+n]
		if _, err := io.ReadFull(c.br, data[start:]); err != nil {
			return data[:start], unexpected(err)
		}
		c.pending -= int64(n)
		if h.Masked {
			pos = mask(h.Key, pos, data[start:])
		}
	}
	return data, nil
}

// control handles a control frame: a ping is answered, a pong noted, a close echoed.
func (c *Conn) control(h Header) error {
	p := c.ctl[:h.Length]
	if _, err := io.ReadFull(c.br, p); err != nil {
		return unexpected(err)
	}
	c.pending = 0
	if h.Masked {
		mask(h.Key, 0, p)
	}
	switch h.Opcode {
	case OpPing:
		c.note(nil, func(s *Stats) { s.PingsIn++ })
		// A write error here shows up on the next read, so it is not returned twice.
		_ = c.writeFrame(true, OpPong, p)
	case OpPong:
		c.note(nil, func(s *Stats) { s.PongsIn++ })
	case OpClose:
		code, reason, err := parseClose(p)
		if err != nil {
			return err
		}
		c.note(&Event{Kind: CloseReceived, Code: code, Reason: reason}, func(s *Stats) {
			s.CloseIn, s.CloseInCode, s.CloseInReason = true, code, reason
		})
		// Section 5.5.1: answer a close with a close, echoing its code, then close TCP; a
		// client waits for the server to close TCP first (section 7.1.1).
		echo := code
		if code == CloseNoStatus {
			echo = 0
		}
		_ = c.sendClose(echo, "")
		if c.client {
			c.awaitEOF()
		}
		c.closeNow()
		return &CloseError{Code: code, Reason: reason}
	}
	return nil
}

// drain reads and drops frames until the peer's close frame, the end of the stream, or the
// close timeout or ctx's deadline, whichever is first, after this side has sent its close.
func (c *Conn) drain(ctx context.Context) {
	d := time.Now().Add(c.opts.CloseTimeout)
	if cd, ok := ctx.Deadline(); ok && cd.Before(d) {
		d = cd
	}
	_ = c.nc.SetReadDeadline(d)
	if _, err := io.CopyN(io.Discard, c.br, c.pending); err != nil {
		return
	}
	for {
		h, err := readHeader(c.br, &c.hdr)
		if err != nil {
			return
		}
		if h.Opcode == OpClose && h.Length <= maxControlPayload {
			p := c.ctl[:h.Length]
			if _, err := io.ReadFull(c.br, p); err != nil {
				return
			}
			if h.Masked {
				mask(h.Key, 0, p)
			}
			code, reason, _ := parseClose(p)
			c.note(&Event{Kind: CloseReceived, Header: h, Code: code, Reason: reason}, func(s *Stats) {
				s.FramesIn++
				s.CloseIn, s.CloseInCode, s.CloseInReason = true, code, reason
			})
			if c.client {
				c.awaitEOF()
			}
			return
		}
		if _, err := io.CopyN(io.Discard, c.br, h.Length); err != nil {
			return
		}
	}
}

// awaitEOF waits, up to the close timeout, for the server to close TCP.
func (c *Conn) awaitEOF() {
	_ = c.nc.SetReadDeadline(time.Now().Add(c.opts.CloseTimeout))
	_, _ = io.Copy(io.Discard, c.br)
}

func (c *Conn) closeNow() {
	c.closeOnce.Do(func() {
		_ = c.nc.Close()
		close(c.done)
	})
}

// CloseNow closes the TCP connection without a close frame: the peer sees code 1006. Test
// servers use it to drop a connection on purpose.
func (c *Conn) CloseNow() error {
	c.closeNow()
	return nil
}

// Close sends a close frame with code and reason (code 0 sends one without a code), waits up to
// the close timeout for the peer's close, and closes the connection.
func (c *Conn) Close(code int, reason string) error {
	if code != 0 && !validWireCode(code) {
		return fmt.Errorf("websocket: close code %d may not be sent", code)
	}
	err := c.sendClose(code, reason)
	if c.readMu.TryLock() {
		if c.readErr == nil {
			c.drain(context.Background())
			c.readErr = &CloseError{Code: code, Reason: reason, Local: true}
		}
		c.readMu.Unlock()
	} else {
		// A Read is running: it reads the peer's close and closes the connection.
		t := time.NewTimer(c.opts.CloseTimeout)
		select {
		case <-c.done:
		case <-t.C:
		}
		t.Stop()
	}
	c.closeNow()
	return err
}

// sendClose writes this side's close frame once; later calls do nothing.
func (c *Conn) sendClose(code int, reason string) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if c.closeSent {
		return nil
	}
	var p []byte
	if code != 0 {
		// A control payload holds 125 bytes: the code and 123 of the reason, cut at a rune.
		for len(reason) > maxControlPayload-2 {
			_, size := utf8.DecodeLastRuneInString(reason)
			reason = reason[:len(reason)-size]
		}
		p = binary.BigEndian.AppendUint16(nil, uint16(code))
		p = append(p, reason...)
	}
	_ = c.nc.SetWriteDeadline(time.Now().Add(c.opts.CloseTimeout))
	err := c.writeFrameLocked(Header{Fin: true, Opcode: OpClose, Masked: c.client, Length: int64(len(p))}, p)
	c.closeSent = true
	c.note(&Event{Kind: CloseSent, Code: code, Reason: reason}, func(s *Stats) { s.CloseOut, s.CloseOutCode, s.CloseOutReason = true, code, reason })
	return err
}
