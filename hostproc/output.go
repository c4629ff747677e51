package hostproc

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The host's output is kept as a bounded tail, so a host that prints without end (`yes`, `cat
// /dev/zero`) costs the course a fixed amount of memory: each line is cut at MaxLineBytes, and
// only the last KeepLines lines, at most KeepBytes in all, are kept. ASP.NET's console log writes
// short lines, so the readiness line and the records a lesson waits for fit well inside.
const (
	// MaxLineBytes is the longest line kept; the rest of a longer line is read and dropped.
	MaxLineBytes = 8 << 10
	// KeepLines is how many of the host's last lines are kept.
	KeepLines = 4096
	// KeepBytes caps the bytes of the kept lines.
	KeepBytes = 1 << 20
)

// cutMark ends a line that was longer than MaxLineBytes.
const cutMark = " [line cut at 8 KiB]"

// outputTail is the host's output as a ring of its last lines, numbered from 0 in arrival order
// across stdout and stderr.
type outputTail struct {
	mu    sync.Mutex
	lines []string // the kept lines; lines[0] is line number first
	first int      // the number of the oldest kept line
	bytes int      // the bytes of the kept lines
	// grew is closed when the next line arrives, for a reader waiting for one (nil until then).
	grew chan struct{}
}

// next returns a channel that is closed when a line arrives after this call.
func (t *outputTail) next() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.grew == nil {
		t.grew = make(chan struct{})
	}
	return t.grew
}

// add appends a line and drops the oldest lines past the bounds.
func (t *outputTail) add(line string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.grew != nil {
		close(t.grew)
		t.grew = nil
	}
	t.lines = append(t.lines, line)
	t.bytes += len(line)
	drop := 0
	for len(t.lines)-drop > KeepLines || (t.bytes > KeepBytes && len(t.lines)-drop > 1) {
		t.bytes -= len(t.lines[drop])
		t.lines[drop] = "" // let the string go before the slice moves past it
		drop++
	}
	t.lines = t.lines[drop:]
	t.first += drop
}

// end returns the number the next line will get: the count of lines written so far.
func (t *outputTail) end() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.first + len(t.lines)
}

// since returns the kept lines numbered from from on (the oldest kept ones if from is older),
// and the number of the first line returned.
func (t *outputTail) since(from int) ([]string, int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	from = max(from, t.first)
	if from > t.first+len(t.lines) {
		from = t.first + len(t.lines)
	}
	return append([]string(nil), t.lines[from-t.first:]...), from
}

// readLines adds each line of r to the tail, cut at MaxLineBytes, with line ends removed, and
// calls seen with each. It returns at the end of r or on a read error.
func (t *outputTail) readLines(r io.Reader, seen func(string)) {
	br := bufio.NewReaderSize(r, MaxLineBytes)
	for {
		chunk, err := br.ReadSlice('\n')
		if len(chunk) == 0 && err != nil {
			return
		}
		line := string(chunk)
		if errors.Is(err, bufio.ErrBufferFull) {
			line += cutMark
			err = skipLine(br)
		}
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		t.add(line)
		seen(line)
		if err != nil {
			return
		}
	}
}

// skipLine reads and drops the rest of a line, however long.
func skipLine(br *bufio.Reader) error {
	for {
		_, err := br.ReadSlice('\n')
		if !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
	}
}

// escapeControls makes a line of the host's output safe to print on a terminal: control
// characters (escape sequences begin with one) and bytes that are not UTF-8 are written as Go
// escapes, \x1b or \u009b; tabs and printable text, non-ASCII included, stay as they are.
func escapeControls(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || (unicode.IsControl(r) && r != '\t') {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\t' || !unicode.IsControl(r):
			b.WriteString(s[i : i+n])
		default:
			q := strconv.QuoteRuneToASCII(r) // '\x1b', '\u009b'
			b.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	return b.String()
}
