// Package solution is the course's answer to lesson 6's code exercises, which `course l6
// --exercise N --solution` shows and `go test` checks with the learner's checks.
package solution

import (
	_ "embed"
	"strings"
)

// Source is this file, for `--solution` to print.
//
//go:embed solution.go
var Source string

// ReadJoined reads a stream as #746 asks chatService to: each event's data: lines, each without
// "data:" and one space, joined with a line feed and not trimmed; events are appended in order
// until [DONE]. Lines end at LF, CRLF or CR, as the HTML standard says.
func ReadJoined(stream []byte) (string, error) {
	text := strings.ReplaceAll(strings.ReplaceAll(string(stream), "\r\n", "\n"), "\r", "\n")
	var answer strings.Builder
	var data []string
	for line := range strings.SplitSeq(text, "\n") {
		if line == "" {
			if data == nil {
				continue
			}
			event := strings.Join(data, "\n")
			data = nil
			if event == "[DONE]" {
				break
			}
			answer.WriteString(event)
			continue
		}
		if value, ok := strings.CutPrefix(line, "data:"); ok {
			data = append(data, strings.TrimPrefix(value, " "))
		}
	}
	return answer.String(), nil
}

// WriteEvent writes one chunk as one event the way #746 asks GaApi to: every line of the chunk
// on a "data: " line of its own, whatever it holds, then the blank line that ends the event.
func WriteEvent(chunk string) []byte {
	chunk = strings.ReplaceAll(strings.ReplaceAll(chunk, "\r\n", "\n"), "\r", "\n")
	var b strings.Builder
	for line := range strings.SplitSeq(chunk, "\n") {
		b.WriteString("data: " + line + "\n")
	}
	b.WriteString("\n")
	return []byte(b.String())
}
