package probe

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"course/sse"
	"course/wire"
)

// bom is U+FEFF in UTF-8, which the standard strips once from the start of a stream.
const bom = "\xEF\xBB\xBF"

// Line ends, as the scan names them.
const (
	endLF   = "LF"
	endCRLF = "CRLF"
	endCR   = "CR"
)

// wireLine is one line of the stream as the standard cuts it, with how it ended.
type wireLine struct {
	n    int // counted from 1
	text []byte
	end  string // endLF, endCRLF, endCR, or "" for a last line the stream never ended
}

// cutLines cuts a stream into lines as the HTML standard's event-stream grammar does
// (9.2.5: CRLF, a lone LF and a lone CR all end a line), after a leading BOM.
func cutLines(raw []byte) []wireLine {
	b := bytes.TrimPrefix(raw, []byte(bom))
	var lines []wireLine
	for n := 1; len(b) > 0; n++ {
		i := bytes.IndexAny(b, "\r\n")
		if i < 0 {
			lines = append(lines, wireLine{n: n, text: b})
			break
		}
		l := wireLine{n: n, text: b[:i], end: endLF}
		next := i + 1
		if b[i] == '\r' {
			l.end = endCR
			if i+1 < len(b) && b[i+1] == '\n' {
				l.end, next = endCRLF, i+2
			}
		}
		lines = append(lines, l)
		b = b[next:]
	}
	return lines
}

// ScanWire finds on the raw bytes of a stream what the standard's line rules turn into lost
// or changed text: lines with no colon, a leading space of text taken for the separator, a CR
// inside data, and, when the stream was read to its end, an event left open.
func ScanWire(raw []byte, complete bool) []Hazard {
	lines := cutLines(raw)
	dominant := dominantEnd(lines)

	var noColon, crLines, spaced, candidates []int
	firstNoColon, firstCR := "", ""
	unspaced := false
	var data strings.Builder
	pending, eventStart := false, 0
	openLine := 0

	for _, l := range lines {
		if l.end == "" {
			// 9.2.6: the last line never ended, so the reader discards it with the pending event.
			if complete && len(l.text) > 0 && openLine == 0 {
				openLine = l.n
			}
			break
		}
		if l.end != endLF && l.end != dominant {
			if crLines = append(crLines, l.n); len(crLines) == 1 {
				firstCR = l.end
			}
		}
		if len(l.text) == 0 {
			if pending && kindOf(strings.TrimSuffix(data.String(), "\n")) == KindText {
				candidates = append(candidates, spaced...)
			}
			data.Reset()
			spaced, pending = nil, false
			continue
		}
		if l.text[0] == ':' {
			continue
		}
		field, value, colon := bytes.Cut(l.text, []byte(":"))
		if !colon {
			if noColon = append(noColon, l.n); len(noColon) == 1 {
				firstNoColon = sse.DecodeUTF8(l.text)
			}
		}
		if string(field) != "data" {
			continue
		}
		if !pending {
			eventStart = l.n
		}
		pending = true
		if len(value) > 0 {
			if value[0] == ' ' {
				spaced = append(spaced, l.n)
				value = value[1:]
			} else {
				unspaced = true
			}
		}
		data.WriteString(sse.DecodeUTF8(value))
		data.WriteByte('\n')
	}
	if complete && pending && (openLine == 0 || eventStart < openLine) {
		openLine = eventStart
	}

	var hs []Hazard
	if len(noColon) > 0 {
		hs = append(hs, Hazard{Code: HazardNoColon, Lines: noColon, Detail: fmt.Sprintf(
			"%s with no colon, first %s: the reader takes the whole line for a field name and its text is lost",
			count(len(noColon), "line"), strconv.Quote(shorten(firstNoColon)))})
	}
	if unspaced && len(candidates) > 0 {
		hs = append(hs, Hazard{Code: HazardSpace, Lines: candidates, Detail: fmt.Sprintf(
			"%s: the text after \"data:\" starts with a space, and other data lines put no space after the colon, so the space is text, and the reader drops it as the separator",
			count(len(candidates), "data line"))})
	}
	if len(crLines) > 0 {
		hs = append(hs, Hazard{Code: HazardCR, Lines: crLines, Detail: fmt.Sprintf(
			"%s end at %s in a stream whose lines end at %s: a CR inside the data, which the reader takes for a line end",
			count(len(crLines), "line"), firstCR, dominant)})
	}
	if openLine > 0 {
		hs = append(hs, Hazard{Code: HazardOpenEvent, Lines: []int{openLine}, Detail: fmt.Sprintf(
			"the stream ended inside an event, from line %d on, without the blank line that dispatches it: the reader discards it", openLine)})
	}
	return hs
}

// dominantEnd is the writer's own line end: the one most blank lines use, since the blank line
// that ends an event is always the writer's, or the one most lines use in a stream with no blank
// line; LF on a tie, as most writers send it.
func dominantEnd(lines []wireLine) string {
	counts := map[string]int{}
	for _, l := range lines {
		if l.end != "" && len(l.text) == 0 {
			counts[l.end]++
		}
	}
	if len(counts) == 0 {
		for _, l := range lines {
			if l.end != "" {
				counts[l.end]++
			}
		}
	}
	best := endLF
	for _, e := range []string{endCRLF, endCR} {
		if counts[e] > counts[best] {
			best = e
		}
	}
	return best
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// shorten cuts s to 40 characters for a message.
func shorten(s string) string {
	r := []rune(s)
	if len(r) <= 40 {
		return s
	}
	return string(r[:40]) + "…"
}

// kindOf is Classify for data alone, for the scan, which does not follow event types.
func kindOf(data string) string {
	kind, _ := Classify("", data)
	return kind
}

// TextEvents is lesson 6's own check of a stream: the reference reader's events of kind text, up
// to [DONE], joined, which is what a client that follows the standard and skips the JSON
// events shows.
var TextEvents = wire.Reader{Key: "text", Name: "HTML standard, text events", Read: readTextEvents}

func readTextEvents(stream []byte) (string, error) {
	rd := sse.NewReader(bytes.NewReader(stream))
	var b strings.Builder
	for {
		ev, err := rd.Next()
		if err == io.EOF {
			return b.String(), nil
		}
		if err != nil {
			return "", fmt.Errorf("probe: text events: %w", err)
		}
		if ev.Data == wire.Done {
			return b.String(), nil
		}
		if kind, _ := Classify(ev.Type, ev.Data); kind == KindText {
			b.WriteString(ev.Data)
		}
	}
}

// DefaultReaders are the readers a probe measures unless told otherwise: lesson 6's text events,
// then the standard reader and GA's two clients.
func DefaultReaders() []wire.Reader {
	return append([]wire.Reader{TextEvents}, wire.GaReaders()...)
}

// KnownReaders lists every reader a probe can measure: lesson 6's text events, then every reader
// of wire.Readers.
func KnownReaders() []wire.Reader {
	return append([]wire.Reader{TextEvents}, wire.Readers...)
}

// FindReaders picks readers by key ("page"), by whole name, or by a part of a name that only one
// reader holds, in any case.
func FindReaders(names []string) ([]wire.Reader, error) {
	known := KnownReaders()
	var out []wire.Reader
	for _, name := range names {
		want := strings.ToLower(strings.TrimSpace(name))
		var matches []wire.Reader
		for _, rd := range known {
			if rd.Key == want || strings.ToLower(rd.Name) == want {
				matches = []wire.Reader{rd}
				break
			}
			if want != "" && strings.Contains(strings.ToLower(rd.Name), want) {
				matches = append(matches, rd)
			}
		}
		if len(matches) != 1 {
			list := make([]string, len(known))
			for i, rd := range known {
				list[i] = fmt.Sprintf("%s (%s)", rd.Key, rd.Name)
			}
			what := "no reader"
			if len(matches) > 1 {
				what = "more than one reader"
			}
			return nil, fmt.Errorf("probe: %s matches %q; the readers are %s", what, name, strings.Join(list, ", "))
		}
		out = append(out, matches[0])
	}
	return out, nil
}
