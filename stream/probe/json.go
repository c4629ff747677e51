package probe

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"
	"unicode/utf8"
)

// JSON is the report as one indented JSON document.
func (r *Report) JSON() ([]byte, error) {
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// eventsHole is where WriteJSON's document of the report without its events holds the events.
const eventsHole = "\n  \"events\": [],\n"

// WriteJSON writes the report as one indented JSON document, the events one at a time, so a
// report of many events never sits in memory twice.
func (r *Report) WriteJSON(w io.Writer) error {
	shell := *r
	shell.Events = []Event{}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&shell); err != nil {
		return fmt.Errorf("probe: report json: %w", err)
	}
	doc := b.Bytes()
	i := bytes.Index(doc, []byte(eventsHole))
	if i < 0 || len(r.Events) == 0 {
		_, err := w.Write(doc)
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(doc[:i])
	bw.WriteString("\n  \"events\": [")
	var ev []byte
	for n, e := range r.Events {
		if n > 0 {
			bw.WriteByte(',')
		}
		ev = appendEventJSON(append(ev[:0], "\n    "...), e)
		if _, err := bw.Write(ev); err != nil {
			return err
		}
	}
	bw.WriteString("\n  ],\n")
	bw.Write(doc[i+len(eventsHole):])
	return bw.Flush()
}

// appendEventJSON appends e as encoding/json writes it inside the report, field by field, a
// dozen times faster: a report of many events is written within the probe's grace.
func appendEventJSON(b []byte, e Event) []byte {
	b = append(b, "{\n      \"atMs\": "...)
	b = strconv.AppendFloat(b, float64(e.At)/float64(time.Millisecond), 'f', 3, 64)
	b = appendField(b, "type", e.Type)
	b = appendField(b, "id", e.ID)
	b = append(b, ",\n      \"lines\": "...)
	b = strconv.AppendInt(b, int64(e.Lines), 10)
	b = appendField(b, "kind", e.Kind)
	if e.Name != "" {
		b = appendField(b, "name", e.Name)
	}
	b = appendField(b, "data", e.Data)
	if e.Frames != 0 {
		b = append(b, ",\n      \"frames\": "...)
		b = strconv.AppendInt(b, int64(e.Frames), 10)
	}
	return append(b, "\n    }"...)
}

func appendField(b []byte, name, value string) []byte {
	b = append(b, ",\n      \""...)
	b = append(b, name...)
	b = append(b, "\": "...)
	return appendJSONString(b, value)
}

// appendJSONString quotes s as encoding/json does without HTML escaping: control characters,
// quotes and backslashes escaped, ill-formed UTF-8 as U+FFFD, U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
