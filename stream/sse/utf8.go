package sse

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// replacement is U+FFFD as UTF-8.
const replacement = "\uFFFD"

// DecodeUTF8 decodes b as the Encoding Standard's UTF-8 decoder does, without BOM handling:
// one U+FFFD for each maximal ill-formed subpart, which is what TextDecoder gives a browser client.
func DecodeUTF8(b []byte) string {
	if validUTF8(b) {
		return string(b)
	}
	return string(appendDecodedSlow(make([]byte, 0, len(b)+len(b)/2), b))
}

// appendDecoded appends the decoding of b to dst; well-formed input, the usual case, is copied as is.
func appendDecoded(dst, b []byte) []byte {
	if validUTF8(b) {
		return append(dst, b...)
	}
	return appendDecodedSlow(dst, b)
}

// asciiMask has the high bit of each byte of a word set; a word ANDed with it is zero when
// all eight bytes are ASCII.
const asciiMask = 0x8080808080808080

// validUTF8 reports what utf8.Valid reports.
func validUTF8(b []byte) bool { return validPrefix(b) == len(b) }

// chunk is how many bytes validPrefixScalar maps at once, one bit for each.
const chunk = 64

// blockBytes is the unit of blocksWellFormed, and vectorMin the shortest input worth its set-up.
const (
	blockBytes = 32
	vectorMin  = 64
)

// validPrefix returns the length of the longest prefix of b that is well-formed UTF-8. Where
// the machine has a vector check, whole blocks are checked 32 bytes at a time, and only the
// last sequence, which the blocks' end may cut, and input with an error go to the scalar check.
func validPrefix(b []byte) int {
	n := len(b) &^ (blockBytes - 1)
	if n < vectorMin || !blocksWellFormed(b[:n]) {
		return validPrefixScalar(b)
	}
	// The last sequence the blocks hold may be cut; it starts at the last lead byte of their
	// last three bytes, if there is one there.
	s := n
	for i := n - 1; i >= n-3; i-- {
		if b[i] >= 0xC0 {
			s = i
			break
		}
	}
	return s + validPrefixScalar(b[s:])
}

// validPrefixScalar is validPrefix without vectors. It maps the non-ASCII bytes of 64 bytes at
// a time into the bits of one word, and visits only those: chat text, mostly ASCII with a
// symbol every few words, would otherwise cost a mispredicted branch each time a word of eight
// bytes turns out not to be all ASCII.
func validPrefixScalar(b []byte) int {
	c, skip := 0, 0 // b[c+skip:] starts at a sequence boundary
	// The last sequence of a chunk may read three bytes past it.
	for c+chunk+3 <= len(b) {
		q := b[c : c+chunk+3]
		m := highBits(binary.LittleEndian.Uint64(q[0:])) |
			highBits(binary.LittleEndian.Uint64(q[8:]))<<8 |
			highBits(binary.LittleEndian.Uint64(q[16:]))<<16 |
			highBits(binary.LittleEndian.Uint64(q[24:]))<<24 |
			highBits(binary.LittleEndian.Uint64(q[32:]))<<32 |
			highBits(binary.LittleEndian.Uint64(q[40:]))<<40 |
			highBits(binary.LittleEndian.Uint64(q[48:]))<<48 |
			highBits(binary.LittleEndian.Uint64(q[56:]))<<56
		m &^= 1<<skip - 1 // the end of a sequence the last chunk began
		skip = 0
		for m != 0 {
			p := bits.TrailingZeros64(m) & (chunk - 1) // m is not zero: the mask only spares a bounds check
			// Two- and three-byte sequences, nearly every symbol of chat text, are checked
			// on one load; the rest, and the bounds of E0 and ED, go to seqLen.
			w := binary.LittleEndian.Uint32(q[p : p+4])
			lead := byte(w)
			var n int
			switch {
			case w&0xC0E0 == 0x80C0 && lead >= 0xC2:
				n = 2
			case w&0xC0C0F0 == 0x8080E0 && lead != 0xE0 && lead != 0xED:
				n = 3
			default:
				if n = seqLen(b[c+p:]); n == 0 {
					return c + p
				}
			}
			if p+n >= chunk {
				skip = p + n - chunk
				break
			}
			m &^= 1<<(p+n) - 1
		}
		c += chunk
	}
	return c + skip + validTail(b[c+skip:])
}

// highBits gathers the high bit of each byte of w into the low byte, byte k's into bit k: the
// multiplication moves each bit to its place in the top byte, and no two partial products meet.
func highBits(w uint64) uint64 {
	return (w & asciiMask) * 0x0002040810204081 >> 56
}

// validTail is validPrefix for the last bytes of b, eight at a time, jumping from one non-ASCII
// byte to the next.
func validTail(b []byte) int {
	i := 0
	for i+8 <= len(b) {
		hi := binary.LittleEndian.Uint64(b[i:]) & asciiMask
		if hi == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(hi) >> 3
		// Two- and three-byte sequences, nearly every symbol of chat text, are checked here
		// on one load; the rest, and the bounds of E0 and ED, go to seqLen.
		if i+4 <= len(b) {
			w := binary.LittleEndian.Uint32(b[i:])
			if w&0xC0E0 == 0x80C0 && b[i] >= 0xC2 {
				i += 2
				continue
			}
			if w&0xC0C0F0 == 0x8080E0 && b[i] != 0xE0 && b[i] != 0xED {
				i += 3
				continue
			}
		}
		n := seqLen(b[i:])
		if n == 0 {
			return i
		}
		i += n
	}
	for i < len(b) {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		n := seqLen(b[i:])
		if n == 0 {
			return i
		}
		i += n
	}
	return i
}

// seqLen returns the length of the well-formed UTF-8 sequence that starts b, whose first
// byte is not ASCII, or 0 when none does; the bounds are the Unicode Standard's table 3-7.
func seqLen(b []byte) int {
	c := b[0]
	switch {
	case c < 0xC2:
		return 0
	case c < 0xE0:
		if len(b) < 2 || b[1]&0xC0 != 0x80 {
			return 0
		}
		return 2
	case c < 0xF0:
		lo, hi := byte(0x80), byte(0xBF)
		if c == 0xE0 {
			lo = 0xA0
		} else if c == 0xED {
			hi = 0x9F
		}
		if len(b) < 3 || b[1] < lo || b[1] > hi || b[2]&0xC0 != 0x80 {
			return 0
		}
		return 3
	case c < 0xF5:
		lo, hi := byte(0x80), byte(0xBF)
		if c == 0xF0 {
			lo = 0x90
		} else if c == 0xF4 {
			hi = 0x8F
		}
		if len(b) < 4 || b[1] < lo || b[1] > hi || b[2]&0xC0 != 0x80 || b[3]&0xC0 != 0x80 {
			return 0
		}
		return 4
	}
	return 0
}

func appendDecodedSlow(dst, b []byte) []byte {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			dst = append(dst, b[i])
			i++
			continue
		}
		// Go's decoder accepts exactly the sequences the Encoding Standard's does; only its
		// error width differs (always one byte), so errors take illFormedLen instead.
		if r, n := utf8.DecodeRune(b[i:]); r != utf8.RuneError || n > 1 {
			dst = append(dst, b[i:i+n]...)
			i += n
			continue
		}
		dst = append(dst, replacement...)
		i += illFormedLen(b[i:])
	}
	return dst
}

// illFormedLen returns the length of the maximal ill-formed subpart at the start of b, which
// does not start a well-formed sequence: the lead byte and the continuation bytes the
// Encoding Standard's UTF-8 decoder accepts before it meets a byte outside its bounds or the end.
func illFormedLen(b []byte) int {
	lower, upper := byte(0x80), byte(0xBF)
	var need int
	switch c := b[0]; {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c >= 0xE0 && c <= 0xEF:
		need = 2
		if c == 0xE0 {
			lower = 0xA0
		} else if c == 0xED {
			upper = 0x9F
		}
	case c >= 0xF0 && c <= 0xF4:
		need = 3
		if c == 0xF0 {
			lower = 0x90
		} else if c == 0xF4 {
			upper = 0x8F
		}
	default:
		return 1
	}
	n := 1
	for n <= need && n < len(b) && b[n] >= lower && b[n] <= upper {
		lower, upper = 0x80, 0xBF
		n++
	}
	return n
}
