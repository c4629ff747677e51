package report

import (
	"unicode/utf8"

	"github.com/clipperhouse/displaywidth"
)

// tabWidth is the columns a tab counts for: a terminal's tab stop.
const tabWidth = 8

// Width is the number of terminal columns s takes: each character's display width (East Asian
// ambiguous characters narrow, as a Western terminal draws them), a tab tabWidth, and an ANSI
// escape sequence (CSI, such as a colour, or OSC) none.
func Width(s string) int {
	if isPrintableASCII(s) {
		return len(s)
	}
	w := 0
	for i := 0; i < len(s); {
		if n := escapeLen(s[i:]); n > 0 {
			i += n
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == '\t' {
			w += tabWidth
		} else {
			w += displaywidth.Options{}.Rune(r)
		}
		i += size
	}
	return w
}

// isPrintableASCII reports whether s holds only printable ASCII, one column a byte.
func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// escapeLen is the length of the ANSI escape sequence s starts with, 0 if none: a CSI (ESC [,
// parameter bytes, intermediate bytes, a final byte) or an OSC (ESC ], up to BEL or ESC \).
func escapeLen(s string) int {
	if len(s) < 2 || s[0] != 0x1b {
		return 0
	}
	switch s[1] {
	case '[':
		i := 2
		for i < len(s) && s[i] >= 0x30 && s[i] <= 0x3f {
			i++
		}
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
			i++
		}
		if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
			return i + 1
		}
	case ']':
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
		}
	}
	return 0
}
