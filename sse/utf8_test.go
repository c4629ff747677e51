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
	pad := []byte("abcdefghijklmnop")
	for x := range 1 << 24 {
		seq := []byte{byte(x >> 16), byte(x >> 8), byte(x)}
		if seq[0] < 0x80 {
			continue
		}
		for _, n := range []int{1, 2, 3} {
			if n < 3 && x&0xFF != 0 || n < 2 && x&0xFFFF != 0 {
				continue
			}
			for _, off := range []int{0, 5, 9} {
				b := append(append(append([]byte{}, pad[:off]...), seq[:n]...), pad[:3]...)
				check(b)
				check(b[:len(b)-3])
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
