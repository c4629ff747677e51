// Package signalr speaks the SignalR JSON hub protocol over the WebSockets transport, as
// ASP.NET Core's specifications (HubProtocol.md, TransportProtocols.md) define them: negotiate,
// the handshake, records ended by 0x1E, and the seven message types. Its client streams a hub
// method and reports, as data, what a probe needs to name: a record split across WebSocket
// messages, pings, a stream that ends without its Completion, errors in a Completion or a Close,
// items for another invocation or after the Completion. Its Hub serves the same protocol so
// tests and the course's own writers can put each of those on the wire on purpose.
package signalr

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// RecordSeparator ends every record of the JSON hub protocol.
const RecordSeparator = 0x1E

// The message types of HubProtocol.md.
const (
	TypeInvocation       = 1
	TypeStreamItem       = 2
	TypeCompletion       = 3
	TypeStreamInvocation = 4
	TypeCancelInvocation = 5
	TypePing             = 6
	TypeClose            = 7
)

// TypeName names a message type as the specification does.
func TypeName(t int) string {
	switch t {
	case TypeInvocation:
		return "Invocation"
	case TypeStreamItem:
		return "StreamItem"
	case TypeCompletion:
		return "Completion"
	case TypeStreamInvocation:
		return "StreamInvocation"
	case TypeCancelInvocation:
		return "CancelInvocation"
	case TypePing:
		return "Ping"
	case TypeClose:
		return "Close"
	}
	return fmt.Sprintf("type %d", t)
}

// DefaultMaxRecordBytes is the longest record a reader buffers while waiting for its 0x1E.
const DefaultMaxRecordBytes = 4 << 20

// Record is one hub protocol message; which fields are set depends on Type.
type Record struct {
	Type           int               `json:"type"`
	InvocationID   string            `json:"invocationId,omitempty"`
	Target         string            `json:"target,omitempty"`
	Arguments      []json.RawMessage `json:"arguments,omitempty"`
	StreamIDs      []string          `json:"streamIds,omitempty"`
	Headers        map[string]string `json:"headers,omitempty"`
	Item           json.RawMessage   `json:"item,omitempty"`
	Result         json.RawMessage   `json:"result,omitempty"`
	Error          string            `json:"error,omitempty"`
	AllowReconnect bool              `json:"allowReconnect,omitempty"`

	// Raw is the record's JSON as it arrived, without its separator.
	Raw []byte `json:"-"`
	// Split is true when the record began in one WebSocket message and ended in a later one.
	Split bool `json:"-"`
	// Packed is true when the WebSocket message that ended the record held bytes of other records too.
	Packed bool `json:"-"`
	// Binary is true when the record came in a binary message, which the JSON protocol does not use.
	Binary bool `json:"-"`
}

// appendRecord appends v's JSON and the separator.
func appendRecord(b []byte, v any) ([]byte, error) {
	j, err := json.Marshal(v)
	if err != nil {
		return b, fmt.Errorf("signalr: encode record: %w", err)
	}
	return append(append(b, j...), RecordSeparator), nil
}

// splitter cuts records out of WebSocket messages. A record may end in a later message than the
// one it began in: the specification's framing is the separator, not the message, so a
// buffering reader keeps the unfinished tail and reports the record as split.
type splitter struct {
	max     int
	pending []byte // an unfinished record carried from earlier messages
	ready   []Record
}

// feed cuts the records that data completes, in order, onto the ready queue.
func (s *splitter) feed(data []byte, binary bool) error {
	whole := len(data)
	for off := 0; off < whole; {
		rest := data[off:]
		i := bytes.IndexByte(rest, RecordSeparator)
		if i < 0 {
			if len(s.pending)+len(rest) > s.max {
				return fmt.Errorf("signalr: record of more than %d bytes without a separator", s.max)
			}
			s.pending = append(s.pending, rest...)
			return nil
		}
		// Packed: the message carries bytes of another record besides this one's.
		rec := Record{Binary: binary, Packed: off > 0 || off+i+1 < whole}
		if len(s.pending) > 0 {
			rec.Split = true
			if len(s.pending)+i > s.max {
				return fmt.Errorf("signalr: record of more than %d bytes", s.max)
			}
			rec.Raw = append(s.pending, rest[:i]...)
			s.pending = nil
		} else {
			rec.Raw = bytes.Clone(rest[:i])
		}
		s.ready = append(s.ready, rec)
		off += i + 1
	}
	return nil
}

// next pops the first ready record, parsed.
func (s *splitter) next() (Record, bool, error) {
	if len(s.ready) == 0 {
		return Record{}, false, nil
	}
	rec := s.ready[0]
	s.ready[0] = Record{}
	s.ready = s.ready[1:]
	raw, split, packed, binary := rec.Raw, rec.Split, rec.Packed, rec.Binary
	if err := json.Unmarshal(raw, &rec); err != nil {
		return rec, true, fmt.Errorf("signalr: record is not JSON: %q: %w", clip(raw), err)
	}
	rec.Raw, rec.Split, rec.Packed, rec.Binary = raw, split, packed, binary
	return rec, true, nil
}

// clip shortens a record for an error message.
func clip(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "..."
	}
	return string(b)
}
