package sse

import (
	"bytes"
	"io"
	"reflect"
	"testing"
	"testing/iotest"
)

// FuzzReader checks that a stream gives the same events, retry and final error class whole,
// one byte per read, and cut into chunks whose sizes come from chunks; and, when no limit
// can be reached, the same as the spec-literal oracle.
func FuzzReader(f *testing.F) {
	seeds := []string{
		"data: a\n\n",
		"\uFEFFevent: add\r\ndata: {\"type\":\"chunk\"}\r\nid: 1\r\n\r\n",
		"data: a\rdata: b\r\r: ping\nretry: 3000\n",
		"data: \xE0\x80\xF0\x90\x80A\n\ndata: tail",
		"\xEF\xBBdata: x\n\nid: 1\x002\ndata\n\n",
	}
	for i, s := range seeds {
		f.Add([]byte(s), []byte{byte(i + 1), 2, 7}, uint8(0))
		f.Add([]byte(s), []byte{1}, uint8(6))
	}
	f.Fuzz(func(t *testing.T, stream, chunks []byte, limit uint8) {
		lim := int(limit) // 0 keeps DefaultLimit
		sizes := make([]int, 0, len(chunks))
		for _, c := range chunks {
			sizes = append(sizes, int(c%16)+1)
		}
		whole := collectBounded(t, bytes.NewReader(stream), lim)
		runs := map[string]result{
			"one byte": collectBounded(t, iotest.OneByteReader(bytes.NewReader(stream)), lim),
			"chunked":  collectBounded(t, &chunkReader{data: stream, sizes: sizes}, lim),
			"data+EOF": collectBounded(t, iotest.DataErrReader(bytes.NewReader(stream)), lim),
		}
		for name, got := range runs {
			if !sameResult(got, whole) {
				t.Fatalf("%s differs from whole:\n got %+v\nwant %+v", name, got, whole)
			}
		}
		if lim == 0 && 3*len(stream) <= DefaultLimit {
			if want := oracle(stream); !sameResult(whole, want) {
				t.Fatalf("differs from the oracle:\n got %+v\nwant %+v", whole, want)
			}
		}
	})
}

// collectBounded is collect that, after every call to Next, holds the Reader's buffers to its
// limit: a pending line and the data buffer never pass it, and decoding, which can triple an
// ill-formed byte into U+FFFD, never lets the type or the id pass three times a line.
func collectBounded(t *testing.T, src io.Reader, lim int) result {
	t.Helper()
	r := NewReader(src, WithLimit(lim))
	if len(r.buf) != bufSize {
		t.Fatalf("read buffer holds %d bytes, want %d", len(r.buf), bufSize)
	}
	var res result
	for {
		ev, err := r.Next()
		switch {
		case len(r.line) > r.limit:
			t.Fatalf("pending line holds %d bytes, over the limit of %d", len(r.line), r.limit)
		case len(r.data) > r.limit+1:
			t.Fatalf("data buffer holds %d bytes, over the limit of %d", len(r.data), r.limit)
		case len(r.typ) > 3*r.limit, len(r.lastID) > 3*r.limit:
			t.Fatalf("type or id holds %d/%d bytes, over three times the limit of %d", len(r.typ), len(r.lastID), r.limit)
		case len(ev.Data) > r.limit:
			t.Fatalf("event data holds %d bytes, over the limit of %d", len(ev.Data), r.limit)
		case len(r.buf) != bufSize:
			t.Fatalf("read buffer grew to %d bytes", len(r.buf))
		}
		if err != nil {
			if r.err != nil && (r.line != nil || r.data != nil || r.typ != nil) {
				t.Fatalf("a failed Reader still holds its buffers")
			}
			res.err = err
			break
		}
		res.events = append(res.events, ev)
	}
	res.retry, res.hasRetry = r.Retry()
	return res
}

func sameResult(a, b result) bool {
	return errClass(a.err) == errClass(b.err) && a.retry == b.retry && a.hasRetry == b.hasRetry &&
		reflect.DeepEqual(a.events, b.events)
}

// FuzzDecodeUTF8 holds DecodeUTF8 to the Encoding Standard's decoder transcribed step by step.
func FuzzDecodeUTF8(f *testing.F) {
	for _, tc := range utf8Cases {
		f.Add([]byte(tc.in))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := DecodeUTF8(b), esDecode(b); got != want {
			t.Fatalf("DecodeUTF8(%q) = %q, want %q", b, got, want)
		}
	})
}
