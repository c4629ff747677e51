// Package websocket speaks the WebSocket protocol as RFC 6455 defines it, so the course has a
// reference reader to hold other WebSocket clients against, as its SSE reader is one for
// server-sent events. It reads whole messages reassembled from their frames, answers pings,
// checks text for UTF-8, closes with the codes the RFC gives for each fault, and reports what
// happened frame by frame so a probe can name it. Its server side can also write frames the
// RFC forbids or merely allows, so tests can put each hazard on the wire on purpose.
package websocket

import (
	"encoding/binary"
	"fmt"
	"io"
	"unicode/utf8"
)

// Opcode is the four-bit frame type of RFC 6455 section 5.2.
type Opcode byte

// The opcodes RFC 6455 defines; the others are reserved and a frame carrying one fails the
// connection.
const (
	OpContinuation Opcode = 0x0
	OpText         Opcode = 0x1
	OpBinary       Opcode = 0x2
	OpClose        Opcode = 0x8
	OpPing         Opcode = 0x9
	OpPong         Opcode = 0xA
)

// String names the opcode as the RFC does.
func (o Opcode) String() string {
	switch o {
	case OpContinuation:
		return "continuation"
	case OpText:
		return "text"
	case OpBinary:
		return "binary"
	case OpClose:
		return "close"
	case OpPing:
		return "ping"
	case OpPong:
		return "pong"
	}
	return fmt.Sprintf("reserved(0x%X)", byte(o))
}

// IsControl says whether the opcode is a control frame's (close, ping, pong and the reserved
// 0xB-0xF): the RFC lets those arrive between a message's fragments.
func (o Opcode) IsControl() bool { return o&0x8 != 0 }

func (o Opcode) known() bool {
	switch o {
	case OpContinuation, OpText, OpBinary, OpClose, OpPing, OpPong:
		return true
	}
	return false
}

// Close status codes of RFC 6455 section 7.4.1. CloseNoStatus and CloseAbnormal are never sent
// on the wire: they name a close frame without a code and a connection lost without a close frame.
const (
	CloseNormal             = 1000
	CloseGoingAway          = 1001
	CloseProtocolError      = 1002
	CloseUnsupportedData    = 1003
	CloseNoStatus           = 1005
	CloseAbnormal           = 1006
	CloseInvalidData        = 1007
	ClosePolicyViolation    = 1008
	CloseTooBig             = 1009
	CloseMandatoryExtension = 1010
	CloseInternalError      = 1011
)

// maxControlPayload is the largest payload a control frame may carry (section 5.5).
const maxControlPayload = 125

// maxHeaderLen is the longest frame header: two bytes, an eight-byte length and a mask key.
const maxHeaderLen = 14

// Header is a frame's header as section 5.2 lays it out.
type Header struct {
	Fin    bool
	RSV    byte // the three reserved bits RSV1-RSV3, as a number from 0 to 7
	Opcode Opcode
	Masked bool
	Key    [4]byte // the masking key, when Masked
	Length int64   // the payload length
}

// protoError is a fault that fails the connection with the close code the RFC gives it.
type protoError struct {
	code   int
	reason string
}

func (e *protoError) Error() string { return fmt.Sprintf("websocket: %s (close %d)", e.reason, e.code) }

func failWith(code int, format string, args ...any) *protoError {
	return &protoError{code: code, reason: fmt.Sprintf(format, args...)}
}

// readHeader reads one frame header and checks what can be checked without knowing which side
// of the connection reads it. It returns io.EOF only when the stream ends before the first byte,
// so a frame boundary can be told from a frame cut short.
func readHeader(r io.Reader, scratch *[maxHeaderLen]byte) (Header, error) {
	b := scratch[:2]
	if _, err := io.ReadFull(r, b); err != nil {
		return Header{}, err
	}
	h := Header{
		Fin:    b[0]&0x80 != 0,
		RSV:    (b[0] >> 4) & 0x7,
		Opcode: Opcode(b[0] & 0x0F),
		Masked: b[1]&0x80 != 0,
	}
	n := int64(b[1] & 0x7F)
	switch n {
	case 126:
		ext := scratch[2:4]
		if _, err := io.ReadFull(r, ext); err != nil {
			return h, unexpected(err)
		}
		n = int64(binary.BigEndian.Uint16(ext))
	case 127:
		ext := scratch[2:10]
		if _, err := io.ReadFull(r, ext); err != nil {
			return h, unexpected(err)
		}
		u := binary.BigEndian.Uint64(ext)
		if u>>63 != 0 {
			return h, failWith(CloseProtocolError, "64-bit payload length with its most significant bit set")
		}
		n = int64(u)
	}
	h.Length = n
	if h.Masked {
		if _, err := io.ReadFull(r, h.Key[:]); err != nil {
			return h, unexpected(err)
		}
	}
	switch {
	case h.RSV != 0:
		// No extension is ever negotiated, so no reserved bit may be set (section 5.2).
		return h, failWith(CloseProtocolError, "reserved bits 0x%X set without an extension", h.RSV)
	case !h.Opcode.known():
		return h, failWith(CloseProtocolError, "reserved opcode 0x%X", byte(h.Opcode))
	case h.Opcode.IsControl() && !h.Fin:
		return h, failWith(CloseProtocolError, "fragmented %s frame", h.Opcode)
	case h.Opcode.IsControl() && h.Length > maxControlPayload:
		return h, failWith(CloseProtocolError, "%s frame of %d bytes, over 125", h.Opcode, h.Length)
	}
	return h, nil
}

// unexpected turns an EOF inside a header into io.ErrUnexpectedEOF: the stream ended mid-frame.
func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// appendHeader appends h in the shortest length encoding, as section 5.2 asks of a sender.
func appendHeader(b []byte, h Header) []byte {
	b0 := byte(h.Opcode&0x0F) | (h.RSV&0x7)<<4
	if h.Fin {
		b0 |= 0x80
	}
	var m byte
	if h.Masked {
		m = 0x80
	}
	switch {
	case h.Length <= 125:
		b = append(b, b0, m|byte(h.Length))
	case h.Length <= 0xFFFF:
		b = append(b, b0, m|126)
		b = binary.BigEndian.AppendUint16(b, uint16(h.Length))
	default:
		b = append(b, b0, m|127)
		b = binary.BigEndian.AppendUint64(b, uint64(h.Length))
	}
	if h.Masked {
		b = append(b, h.Key[:]...)
	}
	return b
}

// mask XORs b with key as section 5.3 describes, starting pos bytes into the payload, and
// returns the position after b so a payload can be masked in pieces.
func mask(key [4]byte, pos int, b []byte) int {
	for i := range b {
		b[i] ^= key[(pos+i)&3]
	}
	return (pos + len(b)) & 3
}

// parseClose reads a close frame's payload (section 5.5.1): no payload means no status code
// (1005); otherwise a two-byte code that must be one an endpoint may send, then a UTF-8 reason.
func parseClose(p []byte) (int, string, error) {
	switch len(p) {
	case 0:
		return CloseNoStatus, "", nil
	case 1:
		return 0, "", failWith(CloseProtocolError, "close frame with a one-byte payload")
	}
	code := int(binary.BigEndian.Uint16(p))
	if !validWireCode(code) {
		return code, "", failWith(CloseProtocolError, "close code %d may not be sent", code)
	}
	reason := p[2:]
	if !utf8.Valid(reason) {
		return code, "", failWith(CloseInvalidData, "close reason not valid UTF-8")
	}
	return code, string(reason), nil
}

// validWireCode says whether an endpoint may put code in a close frame: the codes section 7.4.1
// defines for sending, those IANA registered since (1012-1014), and the ranges kept for
// libraries and applications (3000-4999).
func validWireCode(code int) bool {
	switch {
	case code >= 1000 && code <= 1003, code >= 1007 && code <= 1014:
		return true
	case code >= 3000 && code <= 4999:
		return true
	}
	return false
}

// CodeName names a close code as RFC 6455 section 7.4.1 describes it.
func CodeName(code int) string {
	switch code {
	case CloseNormal:
		return "normal closure"
	case CloseGoingAway:
		return "going away"
	case CloseProtocolError:
		return "protocol error"
	case CloseUnsupportedData:
		return "unsupported data"
	case CloseNoStatus:
		return "no status code"
	case CloseAbnormal:
		return "abnormal closure, no close frame"
	case CloseInvalidData:
		return "invalid payload data"
	case ClosePolicyViolation:
		return "policy violation"
	case CloseTooBig:
		return "message too big"
	case CloseMandatoryExtension:
		return "mandatory extension"
	case CloseInternalError:
		return "internal error"
	}
	if code >= 3000 && code <= 4999 {
		return "application code"
	}
	return "unknown code"
}
