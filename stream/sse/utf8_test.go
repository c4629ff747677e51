package sse

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestValidUTF8 holds validUTF8 to utf8.Valid on every sequence of up to three bytes, placed
// at offsets that put it inside the first 64-byte chunk, across the edge between two chunks,
// and in the tail of eight-byte words, and on random mixes of ASCII, well-formed and
// ill-formed sequences.
func TestValidUTF8(t *testing.T) {
	bothPaths(t, func(t *testing.T) {
		check := func(b []byte) {
			if got, want := validUTF8(b), utf8.Valid(b); got != want {
				t.Fatalf("validUTF8(%q) = %v, utf8.Valid says %v", b, got, want)
			}
			checkBlocks(t, b)
		}
		// Every lead and second byte, then the continuation bytes (and, for four-byte sequences,
		// the second byte too) drawn from each side of every bound the table uses, followed by
		// enough ASCII for a chunk, by three bytes, or by nothing.
		edges := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF}
		pad := []byte(strings.Repeat("abcdefghijklmnop", 8))
		buf := make([]byte, 0, 2*chunk+16) // check keeps none of its inputs
		at := func(seq ...byte) {
			for _, off := range []int{0, 9, 62, 63, 64} {
				b := append(append(append(buf[:0], pad[:off]...), seq...), pad[:chunk+8]...)
				check(b)
				check(b[:off+len(seq)+3])
				check(b[:off+len(seq)])
			}
		}
		for lead := 0x80; lead <= 0xFF; lead++ {
			at(byte(lead))
			for second := range 256 {
				if thinned && !slices.Contains(edges, byte(second)) {
					continue
				}
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
			for range rng.IntN(40) {
				b = append(b, pieces[rng.IntN(len(pieces))]...)
			}
			check(b)
		}
	})
}

// refPrefix is the length of b's longest well-formed prefix, by unicode/utf8's decoder.
func refPrefix(b []byte) int {
	i := 0
	for i < len(b) {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		i += n
	}
	return i
}

// TestValidPrefix holds validPrefix, vector check included where the machine has one, to the
// decoder's count: an ill-formed or cut sequence at every place of inputs long enough for the
// vector check, on both sides of its 32-byte blocks and at their end, in well-formed text of
// every sequence length.
func TestValidPrefix(t *testing.T) {
	bothPaths(t, func(t *testing.T) {
		check := func(b []byte) {
			t.Helper()
			if got, want := validPrefix(b), refPrefix(b); got != want {
				t.Fatalf("validPrefix(%q) = %d, want %d", b, got, want)
			}
			checkBlocks(t, b)
		}
		text := []byte(strings.Repeat("ab Ça♯ 🎸 Ⅱ–Ⅴ c", 12))
		bad := []string{"\x80", "\xBF", "\xC0\x80", "\xC1\xBF", "\xC3", "\xC3A", "\xE2\x99", "\xE2\x99A", "\xE0\x9F\x80",
			"\xED\xA0\x80", "\xF0\x8F\xBF\xBF", "\xF0\x9F\x8E", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xF8", "\xFF",
			"\xE2\x99\xAF\xAF", "\xC3\xA9\xA9"}
		for _, seq := range bad {
			for at := range 140 {
				b := append(append(append([]byte{}, text[:at]...), seq...), text[at:]...)
				check(b)
				for _, n := range []int{64, 95, 96, 97, 127, 128, 129} {
					if n <= len(b) {
						check(b[:n])
					}
				}
			}
		}
		for n := range len(text) {
			check(text[:n])
		}
		rng := rand.New(rand.NewPCG(7, 8))
		pieces := []string{"a", "data: ", "♯", "🎸", "Ça", "\xF4\x8F\xBF\xBF", "\xEF\xBF\xBD", "\xF4\x90\x80\x80", "\xED\xA0\x80", "\xE0\x9F\x80", "\xC1\xBF", "\x80", "\xE2\x99", "\xF0\x9F\x8E"}
		for range 100000 {
			var b []byte
			for range 20 + rng.IntN(80) {
				p := pieces[rng.IntN(len(pieces))]
				if rng.IntN(4) != 0 {
					p = pieces[rng.IntN(5)]
				}
				b = append(b, p...)
			}
			check(b)
		}
	})
}

// checkBlocks holds the vector check, where the machine has one, to wellFormedButCut on b's
// whole blocks: validPrefix falls back on the scalar check when the vector check finds an
// error, so a false error would pass unseen through validPrefix alone.
func checkBlocks(t *testing.T, b []byte) {
	t.Helper()
	if n := len(b) &^ (blockBytes - 1); hasAVX2 && n > 0 {
		if got, want := blocksWellFormed(b[:n]), wellFormedButCut(b[:n]); got != want {
			t.Fatalf("blocksWellFormed(%q) = %v, want %v", b[:n], got, want)
		}
	}
}

// wellFormedButCut reports, by the scalar check, whether b is well-formed UTF-8 but for its
// last bytes, a lead and what a decoder accepts after it before the end: the vector check
// judges each byte by the bytes before it, so it cannot yet see what is wrong with a sequence
// the end cuts, or with a lead that no byte follows.
func wellFormedButCut(b []byte) bool {
	p := validPrefixScalar(b)
	return p == len(b) || b[p] >= 0xC0 && p+illFormedLen(b[p:]) == len(b)
}
