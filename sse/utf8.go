package sse

import "unicode/utf8"

// replacement is U+FFFD as UTF-8.
const replacement = "\uFFFD"

// DecodeUTF8 decodes b as the Encoding Standard's UTF-8 decoder does, without BOM handling:
// one U+FFFD for each maximal ill-formed subpart, which is what TextDecoder gives a browser client.
func DecodeUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return string(appendDecodedSlow(make([]byte, 0, len(b)+len(b)/2), b))
}

// appendDecoded appends the decoding of b to dst; well-formed input, the usual case, is copied as is.
func appendDecoded(dst, b []byte) []byte {
	if utf8.Valid(b) {
		return append(dst, b...)
	}
	return appendDecodedSlow(dst, b)
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
