package wire

import "unicode"

// isDotNetSpace is .NET's char.IsWhiteSpace, which string.IsNullOrWhiteSpace uses: Unicode
// categories Zs, Zl and Zp, plus U+0009-U+000D, U+0085 and U+00A0.
func isDotNetSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', 0x85, 0xA0:
		return true
	}
	return unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp)
}
