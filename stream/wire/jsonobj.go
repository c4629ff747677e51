package wire

import (
	"encoding/json"
	"slices"
	"strings"
	"unicode/utf8"
)

// Member is one member of a JSON object: its key, unquoted, and its value as the text spells it,
// without the white space around it.
type Member struct {
	// Key is the member's key as encoding/json unquotes it.
	Key string
	// Raw is the member's value as written, a slice of the parsed text.
	Raw string
}

// Object is a JSON object's members in the order the text gives them, repeated keys included.
// It is the one way the course reads a JSON object: what JavaScript's JSON.parse followed by a
// property access gives, which encoding/json agrees with.
type Object []Member

// Lookup is the value of key, the last one when the key repeats, as JSON.parse and
// encoding/json keep it; ok is false when the object has no such key.
func (o Object) Lookup(key string) (raw string, ok bool) {
	for i := len(o) - 1; i >= 0; i-- {
		if o[i].Key == key {
			return o[i].Raw, true
		}
	}
	return "", false
}

// Get is Lookup's value alone, "" when the key is missing: JavaScript's undefined, which no
// JSON value spells.
func (o Object) Get(key string) string {
	raw, _ := o.Lookup(key)
	return raw
}

// Keys lists the object's keys once each, in the order they first appear.
func (o Object) Keys() []string {
	keys := make([]string, 0, len(o))
	var seen map[string]bool
	if len(o) > 16 {
		seen = make(map[string]bool, len(o))
	}
	for _, m := range o {
		switch {
		case seen != nil && seen[m.Key]:
			continue
		case seen == nil && slices.Contains(keys, m.Key):
			continue
		}
		if seen != nil {
			seen[m.Key] = true
		}
		keys = append(keys, m.Key)
	}
	return keys
}

// ParseObject parses data as one JSON object and appends its members to dst; ok is false unless
// data is a JSON object that json.Valid accepts, with nothing but JSON white space around it.
// It reads data once and allocates nothing beyond dst's growth and the keys that hold escapes
// or ill-formed UTF-8, so a caller with a buffer on its stack reads an object for free.
func ParseObject(data string, dst Object) (obj Object, ok bool) {
	ok = walkObject(data, func(key, raw string) {
		dst = append(dst, Member{unquote(key), raw})
	})
	return dst, ok
}

// IsObject says whether data is a JSON object that json.Valid accepts, white space around it
// allowed.
func IsObject[T string | []byte](data T) bool {
	return walkObject(data, nil)
}

// JSONString is the string a JSON value as written holds, unquoted as encoding/json unquotes
// it; ok is false when the value is not a string. The value must be one that ParseObject gave.
func JSONString(raw string) (s string, ok bool) {
	if len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	return unquote(raw), true
}

// maxJSONDepth is how deeply encoding/json lets arrays and objects nest before it calls a
// document invalid; the scan below holds to it, so it accepts exactly what json.Valid accepts.
const maxJSONDepth = 10000

// walkObject checks that data is one JSON object, white space around it allowed, and gives each
// member's key (quoted) and value to each, when each is not nil.
func walkObject[T string | []byte](data T, each func(key, raw T)) bool {
	i := skipSpace(data, 0)
	if i == len(data) || data[i] != '{' {
		return false
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return skipSpace(data, i+1) == len(data)
	}
	for {
		k := i
		if i = skipString(data, i); i < 0 {
			return false
		}
		key := data[k:i]
		if i = skipSpace(data, i); i == len(data) || data[i] != ':' {
			return false
		}
		v := skipSpace(data, i+1)
		if i = skipValue(data, v, 1); i < 0 {
			return false
		}
		if each != nil {
			each(key, data[v:i])
		}
		if i = skipSpace(data, i); i == len(data) {
			return false
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case '}':
			return skipSpace(data, i+1) == len(data)
		default:
			return false
		}
	}
}

// skipSpace is the index of the first byte at or after i that is not JSON white space.
func skipSpace[T string | []byte](s T, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t') {
		i++
	}
	return i
}

// skipString is the index just past the JSON string at i, or -1 when there is none: a control
// character or an unknown escape ends it; any other byte, ill-formed UTF-8 included, is text,
// as encoding/json's scanner takes it.
func skipString[T string | []byte](s T, i int) int {
	if i == len(s) || s[i] != '"' {
		return -1
	}
	for i++; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return i + 1
		case c < 0x20:
			return -1
		case c == '\\':
			if i++; i == len(s) {
				return -1
			}
			switch s[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				for range 4 {
					if i++; i == len(s) || !isHex(s[i]) {
						return -1
					}
				}
			default:
				return -1
			}
		}
	}
	return -1
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// skipValue is the index just past the JSON value at i, or -1 when there is none; depth counts
// the arrays and objects the value sits in.
func skipValue[T string | []byte](s T, i, depth int) int {
	if i == len(s) {
		return -1
	}
	switch c := s[i]; {
	case c == '"':
		return skipString(s, i)
	case c == '{' || c == '[':
		if depth++; depth > maxJSONDepth {
			return -1
		}
		end := byte('}')
		if c == '[' {
			end = ']'
		}
		i = skipSpace(s, i+1)
		if i < len(s) && s[i] == end {
			return i + 1
		}
		for {
			if c == '{' {
				if i = skipString(s, i); i < 0 {
					return -1
				}
				if i = skipSpace(s, i); i == len(s) || s[i] != ':' {
					return -1
				}
				i = skipSpace(s, i+1)
			}
			if i = skipValue(s, i, depth); i < 0 {
				return -1
			}
			if i = skipSpace(s, i); i == len(s) {
				return -1
			}
			switch s[i] {
			case ',':
				i = skipSpace(s, i+1)
			case end:
				return i + 1
			default:
				return -1
			}
		}
	case c == '-' || '0' <= c && c <= '9':
		return skipNumber(s, i)
	case c == 't':
		return skipLiteral(s, i, "true")
	case c == 'f':
		return skipLiteral(s, i, "false")
	case c == 'n':
		return skipLiteral(s, i, "null")
	}
	return -1
}

// skipNumber is the index just past the JSON number at i: an optional minus, 0 or digits not
// starting with 0, an optional fraction and an optional exponent; -1 when there is none.
func skipNumber[T string | []byte](s T, i int) int {
	if s[i] == '-' {
		i++
	}
	switch {
	case i == len(s):
		return -1
	case s[i] == '0':
		i++
	case '1' <= s[i] && s[i] <= '9':
		i = skipDigits(s, i)
	default:
		return -1
	}
	if i < len(s) && s[i] == '.' {
		if j := skipDigits(s, i+1); j > i+1 {
			i = j
		} else {
			return -1
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if j := skipDigits(s, i); j > i {
			i = j
		} else {
			return -1
		}
	}
	return i
}

func skipDigits[T string | []byte](s T, i int) int {
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i
}

func skipLiteral[T string | []byte](s T, i int, lit string) int {
	if len(s)-i < len(lit) || string(s[i:i+len(lit)]) != lit {
		return -1
	}
	return i + len(lit)
}

// unquote is a JSON string's value as encoding/json gives it: the text between the quotes when
// it holds no escape and is well-formed UTF-8, which is all encoding/json would change.
func unquote(quoted string) string {
	text := quoted[1 : len(quoted)-1]
	if !strings.Contains(text, `\`) && utf8.ValidString(text) {
		return text
	}
	var s string
	if err := json.Unmarshal([]byte(quoted), &s); err != nil {
		return text // not reached: the scan took it for a string
	}
	return s
}
