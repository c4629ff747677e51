package sse

import (
	"bytes"
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
		whole := collect(bytes.NewReader(stream), WithLimit(lim))
		runs := map[string]result{
			"one byte": collect(iotest.OneByteReader(bytes.NewReader(stream)), WithLimit(lim)),
			"chunked":  collect(&chunkReader{data: stream, sizes: sizes}, WithLimit(lim)),
			"data+EOF": collect(iotest.DataErrReader(bytes.NewReader(stream)), WithLimit(lim)),
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
