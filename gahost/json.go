package gahost

import (
	"math"
	"strconv"
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
	// Strict is System.Text.Json's default encoder, used for the SSE routing and error events:
	// everything outside printable ASCII, and + < > & ' " `, as \uXXXX with uppercase hex.
	Strict
)

// Field is one member of an Object.
type Field struct {
	// Key is the member's name, written as a JSON string with the object's escaping.
	Key string
	// Value is the member's value, one of the types MarshalJSON supports.
	Value any
}

// Object is a JSON object that keeps its members in insertion order, as C# records and
// Dictionary<string, object> do when System.Text.Json writes them.
type Object []Field

// MarshalJSON writes v compactly with the given escaping. Supported values: nil, bool, string,
// int, int64, float32, float64, Object, []any, []string, []Object and *Object.
func MarshalJSON(v any, esc Escaping) []byte {
	return appendValue(nil, v, esc)
}

func appendValue(b []byte, v any, esc Escaping) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, x)
	case string:
		return appendString(b, x, esc)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case float32:
		return append(b, FormatFloat32(x)...)
	case float64:
		return append(b, FormatFloat64(x)...)
	case Object:
		b = append(b, '{')
		for i, f := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, f.Key, esc)
			b = append(b, ':')
			b = appendValue(b, f.Value, esc)
		}
		return append(b, '}')
	case *Object:
		if x == nil {
			return append(b, "null"...)
		}
		return appendValue(b, *x, esc)
	case []any:
		return appendArray(b, x, esc)
	case []string:
		return appendArray(b, x, esc)
	case []Object:
		return appendArray(b, x, esc)
	}
	panic("gahost: json: unsupported value type")
}

func appendArray[T any](b []byte, xs []T, esc Escaping) []byte {
	b = append(b, '[')
	for i, e := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendValue(b, e, esc)
	}
	return append(b, ']')
}

const hexUpper = "0123456789ABCDEF"

func appendString(b []byte, s string, esc Escaping) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			// System.Text.Json refuses invalid UTF-16; Go strings can carry invalid UTF-8,
			// which is written as the replacement character it decodes to.
			r = unicode.ReplacementChar
		}
		i += size
		b = appendRune(b, r, esc)
	}
	return append(b, '"')
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

func appendU(b []byte, r rune) []byte {
	return append(b, '\\', 'u', hexUpper[r>>12&0xF], hexUpper[r>>8&0xF], hexUpper[r>>4&0xF], hexUpper[r&0xF])
}

// FormatFloat32 writes a C# float as System.Text.Json does: the shortest text that round-trips,
// switching to E notation (1E+09, 1E-05) where .NET's "R" format does.
func FormatFloat32(f float32) string {
	return formatFloat(float64(f), 32, 9)
}

// FormatFloat64 writes a C# double as System.Text.Json does (E notation from 1E+15 and 1E-05).
func FormatFloat64(f float64) string {
	return formatFloat(f, 64, 15)
}

func formatFloat(f float64, bits, precision int) string {
	switch {
	case math.IsNaN(f):
		return `"NaN"`
	case math.IsInf(f, 1):
		return `"Infinity"`
	case math.IsInf(f, -1):
		return `"-Infinity"`
	case f == 0:
		return "0"
	}
	e := strconv.FormatFloat(f, 'e', -1, bits)
	mant, expText, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expText)
	digits := strings.Count(mant, "") - 1 - strings.Count(mant, ".") - strings.Count(mant, "-")
	// Number.Formatting's "G" rule: fixed point while the decimal point falls within
	// max(digits, precision) places and no further than 3 zeros after it.
	if digPos := exp + 1; digPos >= -3 && digPos <= max(digits, precision) {
		return strconv.FormatFloat(f, 'f', -1, bits)
	}
	sign := "+"
	if exp < 0 {
		sign, exp = "-", -exp
	}
	expDigits := strconv.Itoa(exp)
	if len(expDigits) < 2 {
		expDigits = "0" + expDigits
	}
	return mant + "E" + sign + expDigits
}

// utf16Len is the length of s as a .NET string, in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r > 0xFFFF {
			n += 2
		} else {
			n++
		}
	}
	return n
}
