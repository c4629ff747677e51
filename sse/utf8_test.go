package sse

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestValidUTF8 holds validUTF8 to utf8.Valid on every sequence of up to three bytes, placed
// at each offset of a word so the eight-byte path and the tail both meet it, and on random
// mixes of ASCII, well-formed and ill-formed sequences.
func TestValidUTF8(t *testing.T) {
	check := func(b []byte) {
		if got, want := validUTF8(b), utf8.Valid(b); got != want {
			t.Fatalf("validUTF8(%q) = %v, utf8.Valid says %v", b, got, want)
		}
	}
	// Every lead and second byte, then the continuation bytes (and, for four-byte sequences,
	// the second byte too) drawn from each side of every bound the table uses, at offsets that put the sequence inside the word loop, across its
	// edge and in the tail, followed by ASCII and cut short.
	edges := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF}
	pad := []byte("abcdefghijklmnop")
	at := func(seq ...byte) {
		for _, off := range []int{0, 5, 9} {
			b := append(append(append([]byte{}, pad[:off]...), seq...), pad[:3]...)
			check(b)
			check(b[:len(b)-3])
		}
	}
	for lead := 0x80; lead <= 0xFF; lead++ {
		at(byte(lead))
		for second := range 256 {
			at(byte(lead), byte(second))
			for _, third := range edges {
				at(byte(lead), byte(second), third)
			}
		}
		if lead < 0xF0 {
			continue
		}
		for _, second := range edges {
			for _, third := range edges {
				for _, fourth := range edges {
					at(byte(lead), second, third, fourth)
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "data: ", "♯", "🎸", "Ça", "\xF4\x8F\xBF\xBF", "\xF4\x90\x80\x80", "\xED\xA0\x80", "\xE0\x9F\x80", "\xC1\xBF", "\xF0\x8F\xBF\xBF", "\x80", "\xE2\x99", "\xF0\x9F\x8E"}
	for range 200000 {
		var b []byte
		for range rng.IntN(12) {
			b = append(b, pieces[rng.IntN(len(pieces))]...)
		}
		check(b)
	}
}

// TestIndexEOL holds indexEOL to a byte-by-byte search, with CR and LF at every offset of a
// word, among bytes whose values sit next to theirs and bytes with the high bit set.
func TestIndexEOL(t *testing.T) {
	naive := func(b []byte) int {
		for i, c := range b {
			if c == '\n' || c == '\r' {
				return i
			}
		}
		return -1
	}
	fill := []byte{0x00, 0x09, 0x0B, 0x0C, 0x0E, 0x8A, 0x8D, 0xFF, 'a'}
	for n := range 20 {
		for _, f := range fill {
			for pos := -1; pos < n; pos++ {
				for _, eol := range []byte{'\n', '\r'} {
					b := bytes.Repeat([]byte{f}, n)
					if pos >= 0 {
						b[pos] = eol
						if pos+1 < n {
							b[pos+1] = eol ^ ('\n' ^ '\r')
						}
					}
					if got, want := indexEOL(b), naive(b); got != want {
						t.Fatalf("indexEOL(%q) = %d, want %d", b, got, want)
					}
				}
			}
		}
	}
}
