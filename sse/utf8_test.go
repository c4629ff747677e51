package sse

import (
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
