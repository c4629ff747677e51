package sse

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// chunkReader hands out data in pieces of the given sizes, cycling through them.
type chunkReader struct {
	data  []byte
	sizes []int
	n     int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	size := len(c.data)
	if len(c.sizes) > 0 {
		size = c.sizes[c.n%len(c.sizes)]
		c.n++
	}
	size = min(size, len(c.data), len(p))
	n := copy(p, c.data[:size])
	c.data = c.data[n:]
	return n, nil
}

// splitAt returns chunk sizes that cut data at the given offsets.
func splitAt(offsets ...int) []int {
	var sizes []int
	prev := 0
	for _, o := range offsets {
		sizes = append(sizes, o-prev)
		prev = o
	}
	return append(sizes, math.MaxInt)
}

// result is everything a run of a Reader shows: its events, its last error and its retry.
type result struct {
	events   []Event
	err      error
	retry    time.Duration
	hasRetry bool
}

func collect(src io.Reader, opts ...Option) result {
	r := NewReader(src, opts...)
	var res result
	for {
		ev, err := r.Next()
		if err != nil {
			res.err = err
			break
		}
		res.events = append(res.events, ev)
	}
	res.retry, res.hasRetry = r.Retry()
	return res
}

// errClass reduces an error to what every chunking of one stream must agree on.
func errClass(err error) string {
	var le *LimitError
	switch {
	case err == io.EOF:
		return "EOF"
	case errors.As(err, &le):
		return fmt.Sprintf("limit %s %d", le.What, le.Limit)
	case err == nil:
		return "nil"
	}
	return "other: " + err.Error()
}

// esDecode is the Encoding Standard's UTF-8 decoder transcribed step by step, kept apart
// from DecodeUTF8 so each checks the other.
func esDecode(b []byte) string {
	var out []rune
	var cp rune
	needed, seen := 0, 0
	lower, upper := byte(0x80), byte(0xBF)
	for i := 0; i < len(b); i++ {
		c := b[i]
		if needed == 0 {
			switch {
			case c <= 0x7F:
				out = append(out, rune(c))
			case c >= 0xC2 && c <= 0xDF:
				needed, cp = 1, rune(c&0x1F)
			case c >= 0xE0 && c <= 0xEF:
				if c == 0xE0 {
					lower = 0xA0
				}
				if c == 0xED {
					upper = 0x9F
				}
				needed, cp = 2, rune(c&0xF)
			case c >= 0xF0 && c <= 0xF4:
				if c == 0xF0 {
					lower = 0x90
				}
				if c == 0xF4 {
					upper = 0x8F
				}
				needed, cp = 3, rune(c&0x7)
			default:
				out = append(out, '\uFFFD')
			}
			continue
		}
		if c < lower || c > upper {
			cp, needed, seen, lower, upper = 0, 0, 0, 0x80, 0xBF
			out = append(out, '\uFFFD')
			i-- // the byte is processed again
			continue
		}
		lower, upper = 0x80, 0xBF
		cp = cp<<6 | rune(c&0x3F)
		seen++
		if seen == needed {
			out = append(out, cp)
			cp, needed, seen = 0, 0, 0
		}
	}
	if needed != 0 {
		out = append(out, '\uFFFD')
	}
	return string(out)
}

// oracle is 9.2.6 read literally over the whole stream at once, with no limits.
func oracle(stream []byte) result {
	s := strings.TrimPrefix(esDecode(stream), "\uFEFF")
	var res result
	var data []byte // a byte slice, not a string, only so a long event is not quadratic
	var typ, lastID string
	for {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			break // "any pending data must be discarded"
		}
		line := s[:i]
		if s[i] == '\r' && strings.HasPrefix(s[i+1:], "\n") {
			i++
		}
		s = s[i+1:]
		var field, value string
		switch {
		case line == "":
			if len(data) == 0 {
				data, typ = data[:0], ""
				continue
			}
			ev := Event{Type: "message", Data: strings.TrimSuffix(string(data), "\n"), LastEventID: lastID}
			if typ != "" {
				ev.Type = typ
			}
			res.events = append(res.events, ev)
			data, typ = data[:0], ""
			continue
		case line[0] == ':':
			continue
		case strings.Contains(line, ":"):
			field, value, _ = strings.Cut(line, ":")
			value = strings.TrimPrefix(value, " ")
		default:
			field = line
		}
		switch field {
		case "event":
			typ = value
		case "data":
			data = append(append(data, value...), '\n')
		case "id":
			if !strings.Contains(value, "\x00") {
				lastID = value
			}
		case "retry":
			if value != "" && strings.Trim(value, "0123456789") == "" {
				ms := int64(0)
				for _, c := range value {
					ms = min(ms*10+int64(c-'0'), maxRetryMS)
				}
				res.retry, res.hasRetry = time.Duration(ms)*time.Millisecond, true
			}
		}
	}
	res.err = io.EOF
	return res
}

func msg(data string) Event { return Event{Type: "message", Data: data} }

// modes returns the ways a test feeds a stream to a Reader: whole, one byte per read, with
// the last data arriving alongside io.EOF, at the chosen boundaries, and cut once at every offset.
func modes(in []byte, splits []int) map[string]func() io.Reader {
	m := map[string]func() io.Reader{
		"whole":       func() io.Reader { return bytes.NewReader(in) },
		"one byte":    func() io.Reader { return iotest.OneByteReader(bytes.NewReader(in)) },
		"data+EOF":    func() io.Reader { return iotest.DataErrReader(bytes.NewReader(in)) },
		"chunks of 3": func() io.Reader { return &chunkReader{data: in, sizes: []int{3}} },
	}
	if len(splits) > 0 {
		m[fmt.Sprint("chosen ", splits)] = func() io.Reader { return &chunkReader{data: in, sizes: splitAt(splits...)} }
	}
	for k := 1; k < len(in); k++ {
		m[fmt.Sprint("cut at ", k)] = func() io.Reader { return &chunkReader{data: in, sizes: splitAt(k)} }
	}
	return m
}

// specCases has at least one case for each sentence of 9.2.5's grammar and 9.2.6's steps.
var specCases = []struct {
	name     string
	in       string
	splits   []int // chosen chunk boundaries
	want     []Event
	retry    time.Duration
	hasRetry bool
}{
	// 9.2.5 / 9.2.6: "Streams must be decoded using the UTF-8 decode algorithm."
	{name: "utf-8: valid multi-byte text is kept", in: "data: C♯m7 é 🎸\n\n", splits: []int{8, 14, 17},
		want: []Event{msg("C♯m7 é 🎸")}},
	{name: "utf-8: one U+FFFD per maximal ill-formed subpart", in: "data: \xE0\x80|\xF0\x90\x80A|\x80|\xED\xA0\x80\n\n", splits: []int{7, 11, 13},
		want: []Event{msg("\uFFFD\uFFFD|\uFFFDA|\uFFFD|\uFFFD\uFFFD\uFFFD")}},
	{name: "utf-8: truncated sequence before line end is one U+FFFD", in: "data: a\xE2\x82\r\n\n", splits: []int{8, 9},
		want: []Event{msg("a\uFFFD")}},
	{name: "utf-8: ill-formed bytes in event and id values", in: "event: \xFFx\nid: \xC3\ndata: a\n\n",
		want: []Event{{Type: "\uFFFDx", Data: "a", LastEventID: "\uFFFD"}}},
	{name: "utf-8: ill-formed field name matches nothing", in: "dat\xE1: a\ndata: b\n\n", want: []Event{msg("b")}},
	// "The UTF-8 decode algorithm strips one leading UTF-8 Byte Order Mark (BOM), if any."
	{name: "bom: one leading BOM is stripped", in: "\uFEFFdata: a\n\n", splits: []int{1, 2}, want: []Event{msg("a")}},
	{name: "bom: only one BOM is stripped", in: "\uFEFF\uFEFFdata: a\n\ndata: b\n\n", splits: []int{2, 4}, want: []Event{msg("b")}},
	{name: "bom: a BOM after the start is text", in: "data: \uFEFFa\n\n", want: []Event{msg("\uFEFFa")}},
	{name: "bom: a cut BOM is not a BOM", in: "\xEF\xBBdata: a\n\ndata: b\n\n", splits: []int{1}, want: []Event{msg("b")}},
	{name: "bom: a lone BOM then a blank line", in: "\uFEFF\ndata: a\n\n", splits: []int{1, 3}, want: []Event{msg("a")}},
	// "CRLF ..., a single LF ..., and a single CR ... being the ways in which a line can end."
	{name: "eol: LF", in: "data: a\ndata: b\n\n", want: []Event{msg("a\nb")}},
	{name: "eol: CRLF is one line end", in: "data: a\r\ndata: b\r\n\r\n", splits: []int{8, 17}, want: []Event{msg("a\nb")}},
	{name: "eol: CR", in: "data: a\rdata: b\r\r", want: []Event{msg("a\nb")}},
	{name: "eol: mixed", in: "data: a\rdata: b\r\ndata: c\n\r\n", splits: []int{8, 17}, want: []Event{msg("a\nb\nc")}},
	{name: "eol: CR CR is two line ends", in: "data: a\r\rdata: b\r\r", splits: []int{8}, want: []Event{msg("a"), msg("b")}},
	{name: "eol: LF CR is two line ends", in: "data: a\n\rdata: b\n\n", splits: []int{8}, want: []Event{msg("a"), msg("b")}},
	{name: "eol: CRLF then LF is two line ends", in: "data: a\r\n\n", splits: []int{8}, want: []Event{msg("a")}},
	// "If the line is empty (a blank line): Dispatch the event."
	{name: "blank line dispatches", in: "data: a\n\ndata: b\n\n", want: []Event{msg("a"), msg("b")}},
	{name: "a line of spaces is not blank", in: "data: a\n \ndata: b\n\n", want: []Event{msg("a\nb")}},
	// "If the line starts with a U+003A COLON character (:): Ignore the line."
	{name: "comment: ignored", in: ": ping\ndata: a\n:\n\n", want: []Event{msg("a")}},
	{name: "comment: one holding a field is still a comment", in: ":data: a\n\n", want: nil},
	// "If the line contains a U+003A COLON ... before the first ... after the first ..."
	{name: "field: value is what follows the first colon", in: "data: a: b:c\n\n", want: []Event{msg("a: b:c")}},
	{name: "field: no space after the colon", in: "data:a\n\n", want: []Event{msg("a")}},
	// "If value starts with a U+0020 SPACE character, remove it from value."
	{name: "field: only one leading space is removed", in: "data:  a \n\n", want: []Event{msg(" a ")}},
	{name: "field: a leading tab is kept", in: "data:\ta\n\n", want: []Event{msg("\ta")}},
	// "Otherwise, the string is not empty but does not contain a U+003A COLON ..."
	{name: "field: no colon means the whole line is the name and the value is empty", in: "data\n\n", want: []Event{msg("")}},
	{name: "field: two valueless data lines", in: "data\ndata\n\n", want: []Event{msg("\n")}},
	{name: "field: the name is the whole line", in: "data \n\n", want: nil},
	// "Field names must be compared literally, with no case folding performed."
	{name: "field: names are case-sensitive", in: "Data: a\nDATA: b\n\n", want: nil},
	{name: "field: a space before the colon is part of the name", in: "data : a\n\n", want: nil},
	// "If the field name is "event": Set the event type buffer to field value."
	{name: "event: sets the type", in: "event: add\ndata: a\n\n", want: []Event{{Type: "add", Data: "a"}}},
	{name: "event: the last one wins", in: "event: a\nevent: b\ndata: x\n\n", want: []Event{{Type: "b", Data: "x"}}},
	{name: "event: an empty type is message", in: "event: a\nevent:\ndata: x\n\n", want: []Event{msg("x")}},
	{name: "event: type keeps a second space", in: "event:  a\ndata: x\n\n", want: []Event{{Type: " a", Data: "x"}}},
	{name: "event: type may follow data", in: "data: x\nevent: late\n\n", want: []Event{{Type: "late", Data: "x"}}},
	// "If the field name is "data": Append the field value ..., then append a single U+000A LINE FEED"
	{name: "data: lines are joined with LF", in: "data: a\ndata: b\ndata: c\n\n", want: []Event{msg("a\nb\nc")}},
	{name: "data: an empty value adds a line", in: "data:\n\n", want: []Event{msg("")}},
	{name: "data: only the last LF is removed", in: "data: a\ndata:\n\n", want: []Event{msg("a\n")}},
	{name: "data: NUL is kept", in: "data: a\x00b\n\n", want: []Event{msg("a\x00b")}},
	{name: "data: GA-like JSON", in: "data: {\"type\":\"chunk\",\"content\":\"Cmaj7 — x32000\"}\r\n\r\n", splits: []int{3, 30, 52},
		want: []Event{msg(`{"type":"chunk","content":"Cmaj7 — x32000"}`)}},
	// "If the field name is "id": If the field value does not contain U+0000 NULL, then set the last event ID buffer"
	{name: "id: sets the last event ID", in: "id: 7\ndata: a\n\n", want: []Event{{Type: "message", Data: "a", LastEventID: "7"}}},
	{name: "id: persists across events", in: "id: 7\ndata: a\n\ndata: b\n\n",
		want: []Event{{Type: "message", Data: "a", LastEventID: "7"}, {Type: "message", Data: "b", LastEventID: "7"}}},
	{name: "id: an empty value resets it", in: "id: 7\ndata: a\n\nid\ndata: b\n\nid: 8\n\nid:\ndata: c\n\n",
		want: []Event{{Type: "message", Data: "a", LastEventID: "7"}, msg("b"), msg("c")}},
	{name: "id: a value with NUL is ignored", in: "id: 7\ndata: a\n\nid: 8\x009\ndata: b\n\n",
		want: []Event{{Type: "message", Data: "a", LastEventID: "7"}, {Type: "message", Data: "b", LastEventID: "7"}}},
	{name: "id: set by an event with no data", in: "id: 7\n\ndata: a\n\n", want: []Event{{Type: "message", Data: "a", LastEventID: "7"}}},
	{name: "id: may follow data", in: "data: a\nid: 2\n\n", want: []Event{{Type: "message", Data: "a", LastEventID: "2"}}},
	{name: "id: changes between events", in: "id: 1\ndata: a\n\nid: 2\ndata: b\n\n",
		want: []Event{{Type: "message", Data: "a", LastEventID: "1"}, {Type: "message", Data: "b", LastEventID: "2"}}},
	// "If the field name is "retry": If the field value consists of only ASCII digits ..."
	{name: "retry: digits set the reconnection time", in: "retry: 1500\n", retry: 1500 * time.Millisecond, hasRetry: true},
	{name: "retry: the last valid one wins", in: "retry: 100\nretry: 250\n", retry: 250 * time.Millisecond, hasRetry: true},
	{name: "retry: zero", in: "retry: 0\n", retry: 0, hasRetry: true},
	{name: "retry: a non-digit makes it ignored", in: "retry: 100\nretry: 15a\nretry: -1\nretry: 1.5\nretry: 1e3\nretry: +5\n",
		retry: 100 * time.Millisecond, hasRetry: true},
	{name: "retry: a second space is not a digit", in: "retry:  10\n"},
	{name: "retry: an empty value is ignored", in: "retry:\nretry\n"},
	{name: "retry: non-ASCII digits are ignored", in: "retry: １２\n"},
	{name: "retry: a huge value saturates", in: "retry: 99999999999999999999999\n", retry: time.Duration(maxRetryMS) * time.Millisecond, hasRetry: true},
	{name: "retry: does not need a blank line", in: "data: a\nretry: 5\n", retry: 5 * time.Millisecond, hasRetry: true},
	// "Otherwise: The field is ignored."
	{name: "unknown field is ignored", in: "foo: bar\ndata: a\nbar\n\n", want: []Event{msg("a")}},
	// "If the data buffer is an empty string, set the data buffer and the event type buffer to the empty string and return."
	{name: "dispatch: empty data dispatches nothing", in: "\n\n\nevent: x\n\n:c\n\n", want: nil},
	{name: "dispatch: empty data still resets the type", in: "event: x\n\ndata: a\n\n", want: []Event{msg("a")}},
	// "Once the end of the file is reached, any pending data must be discarded."
	{name: "eof: an event without its blank line is discarded", in: "data: a\n\ndata: b\n", want: []Event{msg("a")}},
	{name: "eof: an unterminated line is not processed", in: "retry: 5", want: nil},
	{name: "eof: an unterminated blank-line-less event", in: "data: a\n\ndata: b", want: []Event{msg("a")}},
	{name: "eof: a final CR ends a line", in: "retry: 5\r", retry: 5 * time.Millisecond, hasRetry: true},
	{name: "eof: a final CR ends the event", in: "data: a\r\r", want: []Event{msg("a")}},
	{name: "eof: empty stream", in: "", want: nil},
	{name: "eof: a cut UTF-8 sequence at the end is pending data", in: "data: a\n\ndata: \xE2\x82", want: []Event{msg("a")}},
}

func TestSpec(t *testing.T) {
	for _, tc := range specCases {
		t.Run(tc.name, func(t *testing.T) {
			want := result{events: tc.want, err: io.EOF, retry: tc.retry, hasRetry: tc.hasRetry}
			if got := oracle([]byte(tc.in)); !reflect.DeepEqual(got, want) {
				t.Fatalf("the oracle disagrees with the case:\n got %+v\nwant %+v", got, want)
			}
			for mode, src := range modes([]byte(tc.in), tc.splits) {
				if got := collect(src()); !reflect.DeepEqual(got, want) {
					t.Errorf("%s:\n got %+v\nwant %+v", mode, got, want)
				}
			}
		})
	}
}

// utf8Cases are the Encoding Standard's decoder on the inputs that tell maximal subparts
// apart from one U+FFFD per byte or per sequence.
var utf8Cases = []struct {
	name, in, want string
}{
	{"ascii", "abc", "abc"},
	{"two-byte", "\xC3\xA9", "é"},
	{"four-byte", "\xF0\x9F\x8E\xB8", "🎸"},
	{"U+FFFD itself is kept", "\xEF\xBF\xBD", "\uFFFD"},
	{"BOM is not stripped", "\xEF\xBB\xBFa", "\uFEFFa"},
	{"lone continuation byte", "\x80", "\uFFFD"},
	{"two continuation bytes", "\x80\xBF", "\uFFFD\uFFFD"},
	{"E0 80: overlong lead then stray continuation", "\xE0\x80", "\uFFFD\uFFFD"},
	{"F0 90 80 41: truncated four-byte", "\xF0\x90\x80A", "\uFFFDA"},
	{"C0 80: overlong two-byte", "\xC0\x80", "\uFFFD\uFFFD"},
	{"C1 BF", "\xC1\xBF", "\uFFFD\uFFFD"},
	{"ED A0 80: surrogate", "\xED\xA0\x80", "\uFFFD\uFFFD\uFFFD"},
	{"ED 9F BF: last before surrogates", "\xED\x9F\xBF", "\uD7FF"},
	{"F4 90 80 80: above U+10FFFF", "\xF4\x90\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"},
	{"F4 8F BF BF: U+10FFFF", "\xF4\x8F\xBF\xBF", "\U0010FFFF"},
	{"F5 and FF are never leads", "\xF5\xFF", "\uFFFD\uFFFD"},
	{"truncated three-byte at end", "a\xE2\x82", "a\uFFFD"},
	{"truncated three-byte then ASCII", "\xE2\x82a", "\uFFFDa"},
	{"lead then lead", "\xE2\xE2\x82\xAC", "\uFFFD€"},
	{"Unicode's example of maximal subparts", "a\xF1\x80\x80\xE1\x80\xC2b\x80c\x80\xBFd", "a\uFFFD\uFFFD\uFFFDb\uFFFDc\uFFFD\uFFFDd"},
	{"truncated four-byte at end", "\xF0\x9F\x8E", "\uFFFD"},
}

func TestDecodeUTF8(t *testing.T) {
	for _, tc := range utf8Cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := DecodeUTF8([]byte(tc.in)); got != tc.want {
				t.Errorf("DecodeUTF8(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if got := esDecode([]byte(tc.in)); got != tc.want {
				t.Errorf("esDecode(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestUTF8InStream checks that the stream decodes the same whichever read boundary cuts a sequence.
func TestUTF8InStream(t *testing.T) {
	for _, tc := range utf8Cases {
		t.Run(tc.name, func(t *testing.T) {
			in := []byte("data: " + tc.in + "\r\n\r\n")
			want := result{events: []Event{msg(tc.want)}, err: io.EOF}
			for mode, src := range modes(in, nil) {
				if got := collect(src()); !reflect.DeepEqual(got, want) {
					t.Errorf("%s:\n got %+v\nwant %+v", mode, got, want)
				}
			}
		})
	}
}

func TestLimit(t *testing.T) {
	line := &LimitError{Limit: 8, What: "line"}
	data := &LimitError{Limit: 8, What: "event data"}
	tests := []struct {
		name    string
		in      string
		want    []Event
		wantErr *LimitError
	}{
		{"a line of exactly the limit", "data:abc\n\n", []Event{msg("abc")}, nil},
		{"a line one byte over", "data:abcd\n\n", nil, line},
		{"events before the long line are kept", "data:a\n\ndata:abcd\n\n", []Event{msg("a")}, line},
		{"an unterminated long line at the end", "data:a\n\ndata:abcd", []Event{msg("a")}, line},
		{"a long comment is a long line", ": 123456789\n", nil, line},
		{"a long blank-free line ended by CR", "123456789\r", nil, line},
		{"event data of exactly the limit", "data:1\ndata:234\ndata:56\n\n", []Event{msg("1\n234\n56")}, nil},
		{"event data one byte over", "data:1\ndata:234\ndata:567\n\n", nil, data},
		{"data grown by U+FFFD past the limit", "data:\x80\x80\x80\n\n", nil, data},
		{"data buffer resets after dispatch", "data:123\ndata:12\n\ndata:123\ndata:12\n\n", []Event{msg("123\n12"), msg("123\n12")}, nil},
		{"a BOM does not count", "\uFEFFdata:abc\n\n", []Event{msg("abc")}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for mode, src := range modes([]byte(tc.in), nil) {
				r := NewReader(src(), WithLimit(8))
				var got []Event
				var err error
				for {
					var ev Event
					if ev, err = r.Next(); err != nil {
						break
					}
					got = append(got, ev)
				}
				if !reflect.DeepEqual(got, tc.want) {
					t.Errorf("%s: events %+v, want %+v", mode, got, tc.want)
				}
				if tc.wantErr == nil {
					if err != io.EOF {
						t.Errorf("%s: error %v, want EOF", mode, err)
					}
					continue
				}
				var le *LimitError
				if !errors.As(err, &le) || *le != *tc.wantErr {
					t.Fatalf("%s: error %v, want %v", mode, err, tc.wantErr)
				}
				if !strings.Contains(err.Error(), "limit of 8 bytes") {
					t.Errorf("%s: error %q does not name the limit", mode, err)
				}
				if _, again := r.Next(); again != err {
					t.Errorf("%s: second Next gave %v, want the same error", mode, again)
				}
			}
		})
	}
}

func TestDefaultLimit(t *testing.T) {
	long := strings.Repeat("x", DefaultLimit-len("data:"))
	res := collect(strings.NewReader("data:" + long + "\n\n"))
	if res.err != io.EOF || len(res.events) != 1 || res.events[0].Data != long {
		t.Fatalf("a line of exactly DefaultLimit: %d events, error %v", len(res.events), res.err)
	}
	res = collect(strings.NewReader("data:" + long + "x\n\n"))
	var le *LimitError
	if !errors.As(res.err, &le) || le.Limit != DefaultLimit || le.What != "line" {
		t.Fatalf("a line one byte over DefaultLimit: error %v", res.err)
	}
	// Many lines just under the limit make data over it.
	half := "data:" + strings.Repeat("y", DefaultLimit/2) + "\n"
	res = collect(strings.NewReader(half + half + half + "\n"))
	if !errors.As(res.err, &le) || le.What != "event data" || !strings.Contains(le.Error(), "1048576") {
		t.Fatalf("event data over DefaultLimit: error %v", res.err)
	}
	if res = collect(strings.NewReader("data:abcd\n\n"), WithLimit(0)); res.err != io.EOF {
		t.Fatalf("WithLimit(0) should keep the default: %v", res.err)
	}
}

// stepReader serves its chunks one per Read and fails any Read after them, so a test can
// tell whether Next read further than it had to.
type stepReader struct {
	chunks []string
}

var errReadTooFar = errors.New("read past the end of the event")

func (s *stepReader) Read(p []byte) (int, error) {
	if len(s.chunks) == 0 {
		return 0, errReadTooFar
	}
	n := copy(p, s.chunks[0])
	s.chunks[0] = s.chunks[0][n:]
	if s.chunks[0] == "" {
		s.chunks = s.chunks[1:]
	}
	return n, nil
}

func TestNextReturnsWithoutReadingAhead(t *testing.T) {
	tests := []struct {
		name   string
		chunks []string
		want   Event
	}{
		{"LF blank line", []string{"data: a\n", "\n"}, msg("a")},
		{"CR blank line does not wait for a possible LF", []string{"data: a\r\r"}, msg("a")},
		{"CRLF blank line", []string{"data: a\r\n\r\n"}, msg("a")},
		{"one byte at a time", strings.Split("event: x\ndata: b\n\n", ""), Event{Type: "x", Data: "b"}},
		{"after a comment", []string{": hi\n", "data: c\n\n"}, msg("c")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(&stepReader{chunks: tc.chunks})
			got, err := r.Next()
			if err != nil || got != tc.want {
				t.Fatalf("Next() = %+v, %v; want %+v", got, err, tc.want)
			}
			if _, err := r.Next(); !errors.Is(err, errReadTooFar) {
				t.Fatalf("the next Next should read again and fail, got %v", err)
			}
		})
	}
}

func TestCRThenLFInLaterRead(t *testing.T) {
	r := NewReader(&stepReader{chunks: []string{"data: a\r", "\ndata: b\r", "\n\r", "\n"}})
	ev, err := r.Next()
	if err != nil || ev != msg("a\nb") {
		t.Fatalf("Next() = %+v, %v; want data a\\nb", ev, err)
	}
}

func TestReadError(t *testing.T) {
	boom := errors.New("connection reset")
	src := io.MultiReader(strings.NewReader("data: a\n\ndata: b\n"), iotest.ErrReader(boom))
	r := NewReader(src)
	if ev, err := r.Next(); err != nil || ev != msg("a") {
		t.Fatalf("first Next() = %+v, %v", ev, err)
	}
	_, err := r.Next()
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "sse: read: ") {
		t.Fatalf("second Next() error = %v, want the read error wrapped", err)
	}
	if _, again := r.Next(); again != err {
		t.Fatalf("the error is not sticky: %v", again)
	}
}

type zeroReader struct{}

func (zeroReader) Read([]byte) (int, error) { return 0, nil }

func TestNoProgress(t *testing.T) {
	if _, err := NewReader(zeroReader{}).Next(); !errors.Is(err, io.ErrNoProgress) {
		t.Fatalf("Next() error = %v, want io.ErrNoProgress", err)
	}
}

func TestEOFIsSticky(t *testing.T) {
	r := NewReader(strings.NewReader("data: a\n\n"))
	for i, want := range []error{nil, io.EOF, io.EOF} {
		if _, err := r.Next(); err != want {
			t.Fatalf("Next #%d error = %v, want %v", i, err, want)
		}
	}
}

func TestRetryUnset(t *testing.T) {
	r := NewReader(strings.NewReader("data: a\n\n"))
	for {
		if _, err := r.Next(); err != nil {
			break
		}
	}
	if d, ok := r.Retry(); ok || d != 0 {
		t.Fatalf("Retry() = %v, %v; want 0, false", d, ok)
	}
}

func TestRead(t *testing.T) {
	var got []Event
	for ev, err := range Read(strings.NewReader("data: a\n\nevent: b\ndata: c\n\ndata: d")) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ev)
	}
	if want := []Event{msg("a"), {Type: "b", Data: "c"}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Read gave %+v, want %+v", got, want)
	}

	boom := errors.New("boom")
	var errs []error
	n := 0
	for ev, err := range Read(io.MultiReader(strings.NewReader("data: a\n\n"), iotest.ErrReader(boom))) {
		n++
		if err != nil {
			errs = append(errs, err)
			if ev != (Event{}) {
				t.Errorf("the error came with event %+v", ev)
			}
		}
	}
	if n != 2 || len(errs) != 1 || !errors.Is(errs[0], boom) {
		t.Fatalf("Read with a failing source: %d yields, errors %v", n, errs)
	}

	n = 0
	for range Read(strings.NewReader("data: a\n\ndata: b\n\n")) {
		n++
		break
	}
	if n != 1 {
		t.Fatalf("breaking out of Read yielded %d times", n)
	}
}

// TestEOLBits holds eolBits, its vector pass included where the machine has one, to a byte by
// byte count of CR and LF, on random bytes dense in both and of every length up to three
// 64-byte pieces and a tail.
func TestEOLBits(t *testing.T) {
	bothPaths(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(9, 10))
		alphabet := []byte("a\n\r\x0A\x0D\x8A\x8D\x0B\x0C\x00\xFF é")
		for n := range 200 {
			for range 20 {
				b := make([]byte, n)
				for i := range b {
					b[i] = alphabet[rng.IntN(len(alphabet))]
				}
				got := make([]uint64, (n+63)/64)
				for i := range got {
					got[i] = rng.Uint64() // eolBits must clear what it does not set
				}
				eolBits(got, b)
				want := make([]uint64, len(got))
				for i, c := range b {
					if c == '\n' || c == '\r' {
						want[i/64] |= 1 << (i % 64)
					}
				}
				if !slices.Equal(got, want) {
					t.Fatalf("eolBits(%q) = %x, want %x", b, got, want)
				}
			}
		}
	})
}
