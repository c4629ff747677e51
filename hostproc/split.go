package hostproc

import (
	"errors"
	"fmt"
	"strings"
)

// SplitCommand splits a --host-cmd value into argv the way a POSIX shell splits
// words: blanks separate words; '...' keeps everything literally; "..." keeps
// blanks and lets a backslash escape only $ ` " \ and newline; outside quotes
// a backslash escapes any character. Quoted parts join their neighbours
// (--urls="a b" is one word), and "" is an empty word. No expansion is done.
func SplitCommand(s string) ([]string, error) {
	var (
		words  []string
		cur    strings.Builder
		inWord bool
	)
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case r == '\\':
			if i+1 >= len(rs) {
				return nil, errors.New("hostproc: split command: trailing backslash")
			}
			i++
			if rs[i] != '\n' { // backslash-newline continues the line
				cur.WriteRune(rs[i])
				inWord = true
			}
		case r == '\'':
			end := indexRune(rs, i+1, '\'')
			if end < 0 {
				return nil, fmt.Errorf("hostproc: split command: unterminated ' at offset %d", i)
			}
			cur.WriteString(string(rs[i+1 : end]))
			inWord = true
			i = end
		case r == '"':
			start := i
			i++
			for ; i < len(rs) && rs[i] != '"'; i++ {
				if rs[i] == '\\' && i+1 < len(rs) && strings.ContainsRune("$`\"\\\n", rs[i+1]) {
					i++
					if rs[i] == '\n' {
						continue
					}
				}
				cur.WriteRune(rs[i])
			}
			if i >= len(rs) {
				return nil, fmt.Errorf("hostproc: split command: unterminated \" at offset %d", start)
			}
			inWord = true
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, errors.New("hostproc: split command: empty command")
	}
	return words, nil
}

func indexRune(rs []rune, from int, r rune) int {
	for i := from; i < len(rs); i++ {
		if rs[i] == r {
			return i
		}
	}
	return -1
}
