package dotnet

import (
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Escaping selects one of the two ways System.Text.Json escapes strings on GA's wire.
type Escaping int

const (
	// Relaxed is JavaScriptEncoder.UnsafeRelaxedJsonEscaping, which MVC's output formatter uses
	// for /chat and problem bodies: UTF-8 literal, only quote, backslash and controls escaped.
	Relaxed Escaping = iota
	// Strict is System.Text.Json's default encoder, used for the SSE routing and error events and
	// by every JsonSerializer call with default options: everything outside printable ASCII, and
	// + < > & ' " `, as \uXXXX with uppercase hex, beyond the BMP as a surrogate pair.
	Strict
)

// AppendString appends s to b as a JSON string with the given escaping.
func AppendString(b []byte, s string, esc Escaping) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		// System.Text.Json refuses invalid UTF-16; Go strings can carry invalid UTF-8, which is
		// written as the replacement character it decodes to.
		i += size
		b = appendRune(b, r, esc)
	}
	return append(b, '"')
}

// Quote is s as a JSON string with the given escaping.
func Quote(s string, esc Escaping) string {
	return string(AppendString(make([]byte, 0, len(s)+2), s, esc))
}

func appendRune(b []byte, r rune, esc Escaping) []byte {
	switch r {
	case '\n':
		return append(b, `\n`...)
	case '\r':
		return append(b, `\r`...)
	case '\t':
		return append(b, `\t`...)
	case '\b':
		return append(b, `\b`...)
	case '\f':
		return append(b, `\f`...)
	case '\\':
		return append(b, `\\`...)
	case '"':
		if esc == Relaxed {
			return append(b, `\"`...)
		}
		return appendU(b, r)
	}
	if esc == Strict {
		if r >= 0x20 && r <= 0x7E && !strings.ContainsRune("+<>&'`", r) {
			return append(b, byte(r))
		}
		return appendEscaped(b, r)
	}
	if relaxedAllowed(r) {
		return utf8.AppendRune(b, r)
	}
	return appendEscaped(b, r)
}

// relaxedAllowed is the relaxed encoder's allow list: all of the Basic Multilingual Plane
// except controls, line and paragraph separators, surrogates, private use and unassigned
// code points; characters beyond the BMP are always escaped as surrogate pairs.
func relaxedAllowed(r rune) bool {
	if r < 0x20 || (r >= 0x7F && r <= 0x9F) || r > 0xFFFF {
		return false
	}
	if unicode.In(r, unicode.Zl, unicode.Zp, unicode.Cs, unicode.Co) {
		return false
	}
	return r < 0x80 || unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs, unicode.Cf)
}

func appendEscaped(b []byte, r rune) []byte {
	if r > 0xFFFF {
		hi, lo := utf16.EncodeRune(r)
		return appendU(appendU(b, hi), lo)
	}
	return appendU(b, r)
}

const hexUpper = "0123456789ABCDEF"

func appendU(b []byte, r rune) []byte {
	return append(b, '\\', 'u', hexUpper[r>>12&0xF], hexUpper[r>>8&0xF], hexUpper[r>>4&0xF], hexUpper[r&0xF])
}
