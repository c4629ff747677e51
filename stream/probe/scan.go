package probe

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"course/stream/sse"
	"course/stream/wire"
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

// wireLines yields the lines of a stream as the HTML standard's event-stream grammar cuts them
// (9.2.5: CRLF, a lone LF and a lone CR all end a line), after a leading BOM. The lines share
// raw's bytes.
func wireLines(raw []byte) iter.Seq[wireLine] {
	return func(yield func(wireLine) bool) {
		b := bytes.TrimPrefix(raw, []byte(bom))
		// The next LF and CR are each looked for once and remembered until passed, so a stream
		// with one kind of line end is not searched for the other on every line.
		lf, cr := -1, -1
		for n, pos := 1, 0; pos < len(b); n++ {
			if lf < pos {
				lf = indexFrom(b, pos, '\n')
			}
			if cr < pos {
				cr = indexFrom(b, pos, '\r')
			}
			i := min(lf, cr)
			if i == len(b) {
				yield(wireLine{n: n, text: b[pos:]})
				return
			}
			l := wireLine{n: n, text: b[pos:i], end: endLF}
			next := i + 1
			if b[i] == '\r' {
				l.end = endCR
				if i+1 < len(b) && b[i+1] == '\n' {
					l.end, next = endCRLF, i+2
				}
			}
			if !yield(l) {
				return
			}
			pos = next
		}
	}
}

// indexFrom is the index of c in b at or after from, or len(b).
func indexFrom(b []byte, from int, c byte) int {
	if i := bytes.IndexByte(b[from:], c); i >= 0 {
		return from + i
	}
	return len(b)
}

// lineSet is the lines where a hazard shows: the first MaxHazardLines of them, and how many in all.
type lineSet struct {
	lines []int
	n     int
}

func (s *lineSet) add(n int) {
	if len(s.lines) < MaxHazardLines {
		s.lines = append(s.lines, n)
	}
	s.n++
}

func (s *lineSet) merge(o lineSet) {
	for _, n := range o.lines {
		if len(s.lines) == MaxHazardLines {
			break
		}
		s.lines = append(s.lines, n)
	}
	s.n += o.n
}

func (s *lineSet) hazard(code, detail string) Hazard {
	return Hazard{Code: code, Lines: slices.Clone(s.lines), LinesInAll: s.n, Detail: detail}
}

// scanEvent is what the scan holds of the event being read until its blank line decides it.
type scanEvent struct {
	start      int      // the line of its first data field, 0 before one
	values     [][]byte // its data values as read, after the standard's one space
	spaced     lineSet  // data lines whose text after "data:" starts with a space
	leading    lineSet  // "data: " lines whose text after that space starts with whitespace
	crlf, cr   lineSet  // its lines ending at CRLF, at a lone CR, when the stream's end is another
	lines      int      // its lines, blank line included
	sameEnd    string   // the end every one of its lines shares so far, "" once they differ
	firstField int      // its first line
}

// reset readies e for the next event, keeping the room its lists have grown.
func (e *scanEvent) reset() {
	*e = scanEvent{
		values:  e.values[:0],
		spaced:  lineSet{lines: e.spaced.lines[:0]},
		leading: lineSet{lines: e.leading.lines[:0]},
		crlf:    lineSet{lines: e.crlf.lines[:0]},
		cr:      lineSet{lines: e.cr.lines[:0]},
	}
}

// isText says whether the event's data is text, the kind the space hazards matter for.
func (e *scanEvent) isText() bool {
	if len(e.values) == 1 {
		// Only [DONE] and a JSON object are other kinds. Whether the bytes are a JSON object does
		// not hang on their UTF-8, which may be ill-formed only inside a string, where any byte
		// is text, so the bytes are asked as they came.
		v := e.values[0]
		return string(v) != wire.Done && !wire.IsObject(v)
	}
	var b []byte
	for i, v := range e.values {
		if i > 0 {
			b = append(b, '\n')
		}
		b = append(b, v...)
	}
	return isText("", sse.DecodeUTF8(b))
}

// ScanWire finds on the raw bytes of a stream what the standard's line rules turn into lost
// or changed text: lines with no colon, a space of text taken for the separator, text starting
// with whitespace that trimming clients drop, CRs inside data, events framed with another line
// end than the stream's, and, when the stream was read to its end, an event left open.
func ScanWire(raw []byte, complete bool) []Hazard {
	hs, _ := scanWire(context.Background(), raw, complete)
	return hs
}

// scanWire is ScanWire that stops when ctx ends: it then returns the hazards of the lines
// before and the line it stopped at; 0 when it scanned them all.
func scanWire(ctx context.Context, raw []byte, complete bool) ([]Hazard, int) {
	dominant := dominantEnd(ctx, raw)
	stoppedAt := 0

	var noColon, spacedText, leadingText, crlf, cr, mixed lineSet
	firstNoColon, mixedEnd := "", ""
	unspaced := false
	var ev scanEvent
	openLine := 0

	for l := range wireLines(raw) {
		if l.n%4096 == 0 && ctx.Err() != nil {
			stoppedAt, complete = l.n, false
			break
		}
		if l.end == "" {
			// 9.2.6: the last line never ended, so the reader discards it with the pending event.
			if complete && len(l.text) > 0 && openLine == 0 {
				openLine = l.n
			}
			break
		}
		if ev.lines == 0 {
			ev.sameEnd, ev.firstField = l.end, l.n
		} else if l.end != ev.sameEnd {
			ev.sameEnd = ""
		}
		ev.lines++
		switch {
		case l.end == endCRLF && dominant != endCRLF:
			ev.crlf.add(l.n)
		case l.end == endCR && dominant != endCR:
			ev.cr.add(l.n)
		}
		if len(l.text) == 0 {
			if ev.sameEnd != "" && ev.sameEnd != dominant && ev.lines > 1 {
				// A whole event framed with its own line end: each CR is a line end, not data.
				mixed.add(ev.firstField)
				mixedEnd = ev.sameEnd
			} else {
				crlf.merge(ev.crlf)
				cr.merge(ev.cr)
			}
			if ev.start > 0 && (ev.spaced.n > 0 || ev.leading.n > 0) && ev.isText() {
				spacedText.merge(ev.spaced)
				leadingText.merge(ev.leading)
			}
			ev.reset()
			continue
		}
		if l.text[0] == ':' {
			continue
		}
		field, value, colon := bytes.Cut(l.text, []byte(":"))
		if !colon {
			if noColon.add(l.n); noColon.n == 1 {
				firstNoColon = sse.DecodeUTF8(l.text)
			}
		}
		if string(field) != "data" {
			continue
		}
		if ev.start == 0 {
			ev.start = l.n
		}
		if len(value) > 0 {
			if value[0] == ' ' {
				ev.spaced.add(l.n)
				value = value[1:]
				if startsWithSpace(value) {
					ev.leading.add(l.n)
				}
			} else {
				unspaced = true
			}
		}
		ev.values = append(ev.values, value)
	}
	if complete {
		// An event the stream ended inside has no blank line to frame it: its CRs are what they are.
		crlf.merge(ev.crlf)
		cr.merge(ev.cr)
	}
	if complete && ev.start > 0 && (openLine == 0 || ev.start < openLine) {
		openLine = ev.start
	}

	var hs []Hazard
	if noColon.n > 0 {
		hs = append(hs, noColon.hazard(HazardNoColon, fmt.Sprintf(
			"%s with no colon, first %s: the reader takes the whole line for a field name and its text is lost",
			count(noColon.n, "line"), strconv.Quote(shorten(firstNoColon)))))
	}
	if unspaced && spacedText.n > 0 {
		hs = append(hs, spacedText.hazard(HazardSpace, fmt.Sprintf(
			"%s: the text after \"data:\" starts with a space, and other data lines put no space after the colon, so the space is text, and the reader drops it as the separator",
			count(spacedText.n, "data line"))))
	}
	if leadingText.n > 0 {
		hs = append(hs, leadingText.hazard(HazardLeading, fmt.Sprintf(
			"%s: the text starts with whitespace after the one space the standard removes; the standard keeps it, but clients that trim it (ga-client's chatService) lose it",
			count(leadingText.n, "data line"))))
	}
	if crlf.n > 0 {
		hs = append(hs, crlf.hazard(HazardCR, fmt.Sprintf(
			"%s at CRLF in a stream whose events end at %s: the standard ends the line at the CRLF, so a CRLF inside the text cuts it; readers that split at LF alone (GA's page and chatService) keep the CR at the end of the line",
			countEnd(crlf.n), dominant)))
	}
	if cr.n > 0 {
		hs = append(hs, cr.hazard(HazardCR, fmt.Sprintf(
			"%s at a lone CR in a stream whose events end at %s: the standard ends the line at the CR, so the rest of the line loses its field; readers that split at LF alone (GA's page and chatService) keep the CR inside the text",
			countEnd(cr.n), dominant)))
	}
	if mixed.n > 0 {
		hs = append(hs, mixed.hazard(HazardMixedEnds, fmt.Sprintf(
			"%s framed with %s in a stream whose other events end at %s: the standard reads them, but readers that look for a blank line as two LFs (GA's page and chatService) run them into the next event",
			count(mixed.n, "event"), mixedEnd, dominant)))
	}
	if openLine > 0 {
		hs = append(hs, Hazard{Code: HazardOpenEvent, Lines: []int{openLine}, LinesInAll: 1, Detail: fmt.Sprintf(
			"the stream ended inside an event, from line %d on, without the blank line that dispatches it: the reader discards it", openLine)})
	}
	return hs, stoppedAt
}

func countEnd(n int) string {
	if n == 1 {
		return "1 line ends"
	}
	return strconv.Itoa(n) + " lines end"
}

// startsWithSpace says whether text starts with what JavaScript's String.prototype.trim strips:
// WhiteSpace and LineTerminator, U+FEFF and every Zs space included (ECMA-262 12.2, 12.3).
func startsWithSpace(text []byte) bool {
	if len(text) > 0 && text[0] < utf8.RuneSelf {
		// U+0020 is the one ASCII character of Zs.
		switch text[0] {
		case '\t', '\v', '\f', ' ':
			return true
		}
		return false
	}
	r, _ := utf8.DecodeRune(text)
	switch r {
	case '\t', '\v', '\f', ' ', 0xA0, 0xFEFF, 0x2028, 0x2029:
		return true
	}
	return unicode.Is(unicode.Zs, r)
}

// dominantEnd is the writer's own line end: the one most blank lines use, since the blank line
// that ends an event is always the writer's, or the one most lines use in a stream with no blank
// line; LF on a tie, as most writers send it. When ctx ends it judges on the lines counted so far.
func dominantEnd(ctx context.Context, raw []byte) string {
	var blank, all [3]int
	index := func(end string) int {
		switch end {
		case endCRLF:
			return 1
		case endCR:
			return 2
		}
		return 0
	}
	for l := range wireLines(raw) {
		if l.n%4096 == 0 && ctx.Err() != nil {
			break
		}
		if l.end == "" {
			continue
		}
		all[index(l.end)]++
		if len(l.text) == 0 {
			blank[index(l.end)]++
		}
	}
	counts := blank
	if blank == [3]int{} {
		counts = all
	}
	best := 0
	for i := 1; i < 3; i++ {
		if counts[i] > counts[best] {
			best = i
		}
	}
	return [3]string{endLF, endCRLF, endCR}[best]
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
		if isText(ev.Type, ev.Data) {
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
	return findReaders(KnownReaders(), names, "the readers", func(rd wire.Reader) (string, string) { return rd.Key, rd.Name })
}

// findReaders is the one way a probe picks readers from known by the names given, whatever kind
// of reader: by key, by whole name, or by a part of a name only one of them holds, in any case.
// Its error lists what there is, under label.
func findReaders[R any](known []R, names []string, label string, id func(R) (key, name string)) ([]R, error) {
	var out []R
	for _, name := range names {
		want := strings.ToLower(strings.TrimSpace(name))
		var matches []R
		for _, rd := range known {
			key, full := id(rd)
			if key == want || strings.ToLower(full) == want {
				matches = []R{rd}
				break
			}
			if want != "" && strings.Contains(strings.ToLower(full), want) {
				matches = append(matches, rd)
			}
		}
		if len(matches) != 1 {
			list := make([]string, len(known))
			for i, rd := range known {
				key, full := id(rd)
				list[i] = fmt.Sprintf("%s (%s)", key, full)
			}
			what := "no reader"
			if len(matches) > 1 {
				what = "more than one reader"
			}
			return nil, fmt.Errorf("probe: %s matches %q; %s are %s", what, name, label, strings.Join(list, ", "))
		}
		out = append(out, matches[0])
	}
	return out, nil
}
