// Package sse reads a text/event-stream the way the HTML standard tells a browser to
// (sections 9.2.5 "Parsing an event stream" and 9.2.6 "Interpreting an event stream"),
// so the course has a reference to hold every other reader against.
package sse

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"iter"
	"math"
	"math/bits"
	"strings"
	"time"
)

// DefaultLimit is the largest line, and the largest event data, a Reader accepts unless told otherwise.
const DefaultLimit = 1 << 20

// bufSize is how much a Reader asks of its source per Read.
const bufSize = 64 << 10

// The data, cut-line, type and id buffers a Reader starts with, carved from the read buffer's
// allocation: most events, lines, types and ids fit, so a Reader usually allocates nothing more
// than its events.
const (
	dataSize  = 8 << 10
	lineSize  = 1 << 10
	fieldSize = 128
)

// maxSpans is how many data values of one event a Reader keeps as places in its read buffer
// before it copies them into the data buffer: enough for the long answers of a chat stream,
// and small enough to sit in the Reader itself.
const maxSpans = 128

// blockSize is the size of the blocks a Reader makes its events' strings in: an event of a
// few dozen bytes, the usual size in a chat stream, shares one allocation with those around
// it, and a string a caller keeps holds at most one block alive with it.
const blockSize = 2 << 10

// maxRetryMS is the largest reconnection time, in milliseconds, a time.Duration can hold.
const maxRetryMS = math.MaxInt64 / int64(time.Millisecond)

// bom is U+FEFF encoded as UTF-8, which the standard's UTF-8 decode strips once from the start.
const bom = "\xEF\xBB\xBF"

// Event is one dispatched event: what a browser's MessageEvent carries. Its strings may share
// an allocation of at most 2 KiB with the strings of the events around it.
type Event struct {
	Type        string // the event type buffer, or "message" when it was empty
	Data        string // the data buffer without its last LF
	LastEventID string // the last event ID buffer at dispatch time
}

// Option configures a Reader.
type Option func(*Reader)

// WithLimit sets the most bytes one line, and one event's data, may hold; n <= 0 keeps DefaultLimit.
func WithLimit(n int) Option {
	return func(r *Reader) {
		if n > 0 {
			r.limit = n
		}
	}
}

// LimitError reports a line or an event's data longer than the Reader's limit.
type LimitError struct {
	Limit int    // the limit in bytes
	What  string // "line" or "event data"
}

// Error names what exceeded the limit and the limit itself.
func (e *LimitError) Error() string {
	return fmt.Sprintf("sse: %s longer than the limit of %d bytes", e.What, e.Limit)
}

// Reader yields the events of a text/event-stream as they complete.
type Reader struct {
	src   io.Reader
	limit int

	buf        []byte
	start, end int // unread bytes are buf[start:end]
	// eol has a bit for every CR and LF of buf[:end], bit i%64 of word i/64: one pass over
	// each read finds every line end, and each line costs a look at one or two words.
	eol [bufSize / 64]uint64
	// buf[validFrom:validTo] is known to be well-formed UTF-8; validFrom is a line's start, so
	// a sequence boundary. One pass over the buffer spares a pass per line.
	validFrom, validTo int
	readErr            error
	err                error // sticky result once the stream ends or fails

	line    []byte // the start of a line that a Read boundary cut
	skipLF  bool   // the last line ended at CR, so an LF next is part of that line end
	bomDone bool
	bomN    int // bytes of a leading BOM matched so far

	// The event's data is data followed by the values spans locate in buf: well-formed values
	// of whole lines stay where they were read until the event is dispatched or buf refilled,
	// so most data is copied once, into the event's string.
	data     []byte // data buffer, UTF-8, every value followed by LF
	spans    []span
	spanLen  int // bytes the spans add to the data, an LF for each value included
	spanArr  [maxSpans]span
	block    strings.Builder // where events' strings are made; it only ever appends
	typ      []byte          // event type buffer, UTF-8
	typStr   string          // string form of the last type dispatched, reused to spare an allocation
	id       []byte          // last event ID buffer, UTF-8
	idNew    bool            // id differs from lastID, which the next dispatch must bring up to date
	lastID   string
	retry    time.Duration
	hasRetry bool
}

// span locates a data value in buf: buf[from:to] is the value, and the LF that ended its line
// when that line ended with a lone LF.
type span struct{ from, to int32 }

// NewReader returns a Reader over src.
func NewReader(src io.Reader, opts ...Option) *Reader {
	mem := make([]byte, bufSize+dataSize+lineSize+2*fieldSize)
	carve := func(n int) []byte {
		b := mem[:0:n]
		mem = mem[n:]
		return b
	}
	r := &Reader{src: src, limit: DefaultLimit}
	r.buf = carve(bufSize)[:bufSize]
	r.data, r.line, r.typ, r.id = carve(dataSize), carve(lineSize), carve(fieldSize), carve(fieldSize)
	r.spans = r.spanArr[:0]
	for _, o := range opts {
		o(r)
	}
	return r
}

// Retry returns the reconnection time the stream set with a retry field, if it set one.
func (r *Reader) Retry() (time.Duration, bool) {
	return r.retry, r.hasRetry
}

// Next returns the next event. It returns io.EOF once the stream ends, and after any error
// it returns that same error again. It reads no further than the blank line that ends the event.
func (r *Reader) Next() (Event, error) {
	if r.err != nil {
		return Event{}, r.err
	}
	for {
		if r.start == r.end {
			if r.readErr != nil {
				// 9.2.6: "Once the end of the file is reached, any pending data must be discarded."
				if r.readErr == io.EOF {
					return r.fail(io.EOF)
				}
				return r.fail(fmt.Errorf("sse: read: %w", r.readErr))
			}
			r.flushSpans()
			r.fill()
			continue
		}
		if !r.bomDone {
			r.matchBOM()
			continue
		}
		if r.skipLF {
			r.skipLF = false
			if r.buf[r.start] == '\n' {
				r.start++
				continue
			}
		}
		// Whole lines in buf, nearly every line of a stream: blank lines are taken without a
		// scan, and a well-formed data value is left in buf as a span.
		for len(r.line) == 0 && r.start < r.end {
			from := r.start
			if c := r.buf[from]; c == '\n' || c == '\r' {
				r.endLine(from)
				if len(r.spans) == 1 && len(r.data) == 0 && !r.idNew && len(r.typ) == 0 {
					// The usual event, one data line with no type and no new id, needs
					// none of dispatch's bookkeeping.
					sp := r.spans[0]
					data := r.newString(r.buf[sp.from : int(sp.from)+r.spanLen-1])
					r.spans, r.spanLen = r.spans[:0], 0
					return Event{Type: "message", Data: data, LastEventID: r.lastID}, nil
				}
				if ev, ok := r.dispatch(); ok {
					return ev, nil
				}
				continue
			}
			i := r.nextEOL()
			if i < 0 {
				if r.end-from > r.limit {
					return r.fail(&LimitError{Limit: r.limit, What: "line"})
				}
				r.line = append(r.line, r.buf[from:r.end]...)
				r.start = r.end
				break
			}
			if i-from > r.limit {
				return r.fail(&LimitError{Limit: r.limit, What: "line"})
			}
			r.endLine(i)
			line := r.buf[from:i]
			if len(line) < 5 || string(line[:5]) != "data:" {
				if err := r.processLine(line); err != nil {
					return r.fail(err)
				}
				continue
			}
			value := from + 5
			if value < i && r.buf[value] == ' ' {
				value++
			}
			// A well-formed value of a whole line is left in buf, as a span; decoding leaves
			// it as it is, so its raw length is its length.
			if (from < r.validFrom || i > r.validTo) && !r.wellFormed(from, i) {
				if err := r.appendData(r.buf[value:i], false); err != nil {
					return r.fail(err)
				}
				continue
			}
			if len(r.data)+r.spanLen+i-value > r.limit {
				return r.fail(&LimitError{Limit: r.limit, What: "event data"})
			}
			if len(r.spans) == cap(r.spans) {
				r.flushSpans()
			}
			to := i
			if r.buf[i] == '\n' {
				to++
			}
			r.spans = append(r.spans, span{int32(value), int32(to)})
			r.spanLen += i - value + 1
		}
		if len(r.line) == 0 {
			continue
		}
		// The rest of a line a Read boundary cut.
		i := r.nextEOL()
		if i < 0 {
			if len(r.line)+r.end-r.start > r.limit {
				return r.fail(&LimitError{Limit: r.limit, What: "line"})
			}
			r.line = append(r.line, r.buf[r.start:r.end]...)
			r.start = r.end
			continue
		}
		if len(r.line)+i-r.start > r.limit {
			return r.fail(&LimitError{Limit: r.limit, What: "line"})
		}
		line := append(r.line, r.buf[r.start:i]...)
		r.endLine(i)
		r.line = line[:0]
		if len(line) >= 5 && string(line[:5]) == "data:" {
			value := line[5:]
			if len(value) > 0 && value[0] == ' ' {
				value = value[1:]
			}
			if err := r.appendData(value, false); err != nil {
				return r.fail(err)
			}
			continue
		}
		if err := r.processLine(line); err != nil {
			return r.fail(err)
		}
	}
}

// endLine moves past the line end at buf[i], a CR, an LF or a CRLF. A CRLF whose LF is at
// hand is taken at once; only a CR at the end of buf leaves the question to the next read.
func (r *Reader) endLine(i int) {
	r.start = i + 1
	if r.buf[i] == '\r' {
		if r.start < r.end {
			if r.buf[r.start] == '\n' {
				r.start++
			}
		} else {
			r.skipLF = true
		}
	}
}

// Read returns the events of src in order; it ends at the end of the stream, or after
// yielding the first error with a zero Event.
func Read(src io.Reader) iter.Seq2[Event, error] {
	return func(yield func(Event, error) bool) {
		r := NewReader(src)
		for {
			ev, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				yield(Event{}, err)
				return
			}
			if !yield(ev, nil) {
				return
			}
		}
	}
}

func (r *Reader) fail(err error) (Event, error) {
	r.err = err
	r.line, r.data, r.typ, r.id = nil, nil, nil, nil
	r.spans, r.spanLen = r.spans[:0], 0
	r.block.Reset()
	return Event{}, err
}

// fill refills buf from the source; like bufio, it gives up on a source that keeps returning nothing.
func (r *Reader) fill() {
	r.start, r.end = 0, 0
	r.validFrom, r.validTo = 0, 0
	for range 100 {
		n, err := r.src.Read(r.buf)
		r.end = n
		eolBits(r.eol[:(n+63)/64], r.buf[:n])
		if err != nil {
			r.readErr = err
			return
		}
		if n > 0 {
			return
		}
	}
	r.readErr = io.ErrNoProgress
}

// matchBOM consumes a leading BOM a byte at a time, so a BOM cut by a Read boundary is still
// one BOM; bytes that turn out not to be one go back to the first line.
func (r *Reader) matchBOM() {
	for r.start < r.end {
		if r.buf[r.start] != bom[r.bomN] {
			r.line = append(r.line, bom[:r.bomN]...)
			r.bomDone = true
			return
		}
		r.start++
		r.bomN++
		if r.bomN == len(bom) {
			r.bomDone = true
			return
		}
	}
}

// nextEOL returns the place of the next CR or LF in the unread bytes, or -1 when they hold none.
func (r *Reader) nextEOL() int {
	if r.start >= r.end {
		return -1
	}
	w := r.start >> 6
	m := r.eol[w] >> (r.start & 63)
	i := r.start
	for m == 0 {
		w++
		if w<<6 >= r.end {
			return -1
		}
		m, i = r.eol[w], w<<6
	}
	return i + bits.TrailingZeros64(m)
}

// eolBits writes into dst a bit for every CR and LF of b, bit i%64 of word i/64, and clears
// the others; dst has a word for every 64 bytes of b and one for the rest. What the vector
// pass leaves, eight bytes at a time, it finds with the Hacker's Delight test for a zero byte.
func eolBits(dst []uint64, b []byte) {
	for n := eolBitsVector(dst, b); n < len(b); n += 64 {
		piece := b[n:min(n+64, len(b))]
		var m uint64
		k := 0
		for ; k+8 <= len(piece); k += 8 {
			w := binary.LittleEndian.Uint64(piece[k:])
			m |= highBits(zeroBytes(w^0x0A0A0A0A0A0A0A0A)|zeroBytes(w^0x0D0D0D0D0D0D0D0D)) << k
		}
		for ; k < len(piece); k++ {
			if c := piece[k]; c == '\n' || c == '\r' {
				m |= 1 << k
			}
		}
		dst[n>>6] = m
	}
}

// zeroBytes sets the high bit of each byte of w that is zero, and of no other: adding 0x7F to
// the low seven bits reaches the high bit unless all seven are zero, and no sum carries into
// the next byte.
func zeroBytes(w uint64) uint64 {
	return ^((w&0x7F7F7F7F7F7F7F7F + 0x7F7F7F7F7F7F7F7F) | w | 0x7F7F7F7F7F7F7F7F)
}

// processLine applies 9.2.6's steps to a line that is neither blank nor a data line with
// its colon. Field names are compared on the raw bytes: CR, LF, ':' and the ASCII field names
// decode to themselves, and nothing else decodes to ASCII.
func (r *Reader) processLine(line []byte) error {
	if line[0] == ':' {
		return nil
	}
	field, value := line, []byte(nil)
	if i := bytes.IndexByte(line, ':'); i >= 0 {
		field, value = line[:i], line[i+1:]
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
	}
	switch string(field) {
	case "data":
		return r.appendData(value, false)
	case "event":
		r.typ = appendDecoded(r.typ[:0], value)
	case "id":
		if bytes.IndexByte(value, 0) < 0 {
			r.setID(value)
		}
	case "retry":
		r.setRetry(value)
	}
	return nil
}

// wellFormed reports whether buf[from:to], from a line's start and outside the span already
// checked, is well-formed UTF-8. It checks from from to the end of the buffer, or to the first
// ill-formed byte, so the lines that follow are checked already.
func (r *Reader) wellFormed(from, to int) bool {
	r.validFrom, r.validTo = from, from+validPrefix(r.buf[from:r.end])
	return to <= r.validTo
}

// appendData appends a data field's value to the data buffer, and an LF; valid says the
// value is known to be well-formed.
func (r *Reader) appendData(value []byte, valid bool) error {
	r.flushSpans()
	// Decoding never shrinks a value, so the raw length already tells when the limit is passed.
	if len(r.data)+len(value) > r.limit {
		return &LimitError{Limit: r.limit, What: "event data"}
	}
	if valid {
		r.data = append(r.data, value...)
	} else {
		r.data = appendDecoded(r.data, value)
	}
	if len(r.data) > r.limit {
		return &LimitError{Limit: r.limit, What: "event data"}
	}
	r.data = append(r.data, '\n')
	return nil
}

// flushSpans copies the values the spans locate into the data buffer, before buf is refilled,
// a value that is not in buf follows them, or the spans run out.
func (r *Reader) flushSpans() {
	for _, sp := range r.spans {
		r.data = r.appendSpan(r.data, sp)
	}
	r.spans, r.spanLen = r.spans[:0], 0
}

// appendSpan appends the value sp locates and its LF to b.
func (r *Reader) appendSpan(b []byte, sp span) []byte {
	b = append(b, r.buf[sp.from:sp.to]...)
	if !r.hasLF(sp) {
		b = append(b, '\n')
	}
	return b
}

// hasLF reports whether the span includes the LF that follows its value; a value holds no LF
// of its own, so a last byte LF is the line's.
func (r *Reader) hasLF(sp span) bool {
	return sp.to > sp.from && r.buf[sp.to-1] == '\n'
}

// dispatch follows 9.2.6's "dispatch the event" steps for web browsers. The event's data, and
// the id and the type when they changed, are made in one piece of the block: the id and type
// strings then keep that block alive until they change again, which the limit bounds.
func (r *Reader) dispatch() (Event, bool) {
	n := len(r.data) + r.spanLen
	if n == 0 {
		r.typ = r.typ[:0]
		return Event{}, false
	}
	n-- // the data buffer's last LF
	newTyp := len(r.typ) > 0 && string(r.typ) != r.typStr
	var s string
	if len(r.spans) == 1 && len(r.data) == 0 && !r.idNew && !newTyp {
		sp := r.spans[0]
		s = r.newString(r.buf[sp.from : int(sp.from)+n])
	} else {
		size := n + 1
		if r.idNew {
			size += len(r.id)
		}
		if newTyp {
			size += len(r.typ)
		}
		b := &r.block
		base := r.reserve(size)
		b.Write(r.data)
		for _, sp := range r.spans {
			b.Write(r.buf[sp.from:sp.to])
			if !r.hasLF(sp) {
				b.WriteByte('\n')
			}
		}
		if r.idNew {
			b.Write(r.id)
		}
		if newTyp {
			b.Write(r.typ)
		}
		s = b.String()[base:]
		off := n + 1
		if r.idNew {
			r.lastID = s[off : off+len(r.id)]
			off += len(r.id)
			r.idNew = false
		}
		if newTyp {
			r.typStr = s[off:]
		}
	}
	ev := Event{Type: "message", Data: s[:n], LastEventID: r.lastID}
	if len(r.typ) > 0 {
		ev.Type = r.typStr
	}
	r.data, r.typ = r.data[:0], r.typ[:0]
	r.spans, r.spanLen = r.spans[:0], 0
	return ev, true
}

// reserve makes room for size more bytes in the block and returns where they will start. A
// string too large to share a block gets one of its own.
func (r *Reader) reserve(size int) int {
	b := &r.block
	if b.Cap()-b.Len() < size {
		b.Reset()
		b.Grow(max(size, blockSize))
	}
	return b.Len()
}

// newString returns v as a string made in the block.
func (r *Reader) newString(v []byte) string {
	base := r.reserve(len(v))
	r.block.Write(v)
	return r.block.String()[base:]
}

// setID sets the last event ID buffer; its string waits for the next dispatch, so an id
// costs no allocation of its own.
func (r *Reader) setID(value []byte) {
	r.id = appendDecoded(r.id[:0], value)
	r.idNew = string(r.id) != r.lastID
}

// setRetry takes only ASCII digits. The standard leaves an empty value and an integer too
// large to hold undefined; an empty value is ignored, as browsers do, and a huge one saturates.
func (r *Reader) setRetry(value []byte) {
	if len(value) == 0 {
		return
	}
	for _, c := range value {
		if c < '0' || c > '9' {
			return
		}
	}
	var ms int64
	for _, c := range value {
		ms = ms*10 + int64(c-'0')
		if ms > maxRetryMS {
			ms = maxRetryMS
			break
		}
	}
	r.retry, r.hasRetry = time.Duration(ms)*time.Millisecond, true
}
