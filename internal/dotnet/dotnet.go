// Package dotnet is the one place for what .NET does where GA's behaviour depends on it: which
// characters are white space, how long a string is, how System.Text.Json escapes a string, how a
// number is written with a custom format, and Unicode's compatibility decomposition. The models
// of GA's host, writers and the lessons use it so that each rule is written once.
package dotnet

import (
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// IsWhiteSpace is .NET's char.IsWhiteSpace: Unicode categories Zs, Zl and Zp, plus U+0009 to
// U+000D, U+0085 and U+00A0. It is also the set .NET's Regex matches with \s
// ([\f\n\r\t\v\x85\p{Z}]), so the splitter's \s and the controller's blank test agree.
func IsWhiteSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', 0x85, 0xA0:
		return true
	}
	return unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp)
}

// IsNullOrWhiteSpace is .NET's string.IsNullOrWhiteSpace: the string is empty or every rune is
// white space. GA's chunkers and controllers skip such chunks, and [Required] rejects such text.
func IsNullOrWhiteSpace(s string) bool {
	return strings.TrimFunc(s, IsWhiteSpace) == ""
}

// Trim is .NET's string.Trim(): white space removed from both ends.
func Trim(s string) string {
	return strings.TrimFunc(s, IsWhiteSpace)
}

// TrimStart is .NET's string.TrimStart(): white space removed from the start.
func TrimStart(s string) string {
	return strings.TrimLeftFunc(s, IsWhiteSpace)
}

// UTF16Len is .NET's String.Length: the length of s in UTF-16 code units, the unit of GA's
// [MaxLength] limits and of the lengths its traces and the lessons report.
func UTF16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// NormalizeKD is .NET's string.Normalize(NormalizationForm.FormKD): Unicode's compatibility
// decomposition.
func NormalizeKD(s string) string {
	return norm.NFKD.String(s)
}

// ReplaceLineEndings is .NET's string.ReplaceLineEndings: it replaces every line break .NET
// recognises (CRLF, CR, LF, NEL U+0085, LS U+2028,
// PS U+2029 and FF U+000C) with replacement.
func ReplaceLineEndings(s, replacement string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		switch {
		case s[i] == '\r':
			i++
			if i < len(s) && s[i] == '\n' {
				i++
			}
			b.WriteString(replacement)
		case s[i] == '\n' || s[i] == '\f':
			i++
			b.WriteString(replacement)
		case strings.HasPrefix(s[i:], "\u0085"), strings.HasPrefix(s[i:], "\u2028"), strings.HasPrefix(s[i:], "\u2029"):
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
			b.WriteString(replacement)
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String()
}
