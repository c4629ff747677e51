// Package check holds the checks of lesson 6's code exercises: the lesson's real streams, their
// lines ended in LF, CRLF and CR, what a reader must get from each and what a writer's events
// must read back as, and a diff to show when they differ. The learner's code and the course's solution are checked by the same code.
package check

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"

	"course/ga/skills"
	"course/internal/textdiff"
	"course/stream/sse"
	"course/stream/wire"
)

// Case is one input of a check and what it must give.
type Case struct {
	// Name says where the input comes from.
	Name string
	// Input is a stream for a reader, or a chunk for a writer.
	Input []byte
	// Want is what the reader must return, or what the writer's event must read back as.
	Want string
}

// Result is what the code under check gave on one case.
type Result struct {
	Case
	// Got is what it returned.
	Got string
	// Err is what it failed with.
	Err error
}

// OK reports whether the result is what the case wants.
func (r Result) OK() bool { return r.Err == nil && r.Got == r.Want }

// lessonChunks are the chunks lesson 6 cuts the improvisation answer into, at the pin and
// after #743.
func lessonChunks() (pinned, fixed []string) {
	answer := skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text
	return wire.SplitPinned(answer), wire.Split743(answer)
}

// lineEnds are the line ends a reader must take, as the HTML standard lists them, each with the
// words a case's name gives it. The writers of every system write LF; GA's host builds its
// answers with CRLF on Windows, and the standard allows a lone CR, so the same writer is run
// with its framing ended each way.
var lineEnds = []struct{ eol, name string }{{"\n", ""}, {"\r\n", ", lines ending CRLF"}, {"\r", ", lines ending CR"}}

// ReaderCases are the streams lesson 6 sends with GaChatbot.Api's writer, which writes every
// line of a chunk on a data: line of its own, with its lines ended in LF as the writer writes
// them, and in CRLF and in CR. A reader that keeps every data: line of an event gets back what
// the HTML standard's reader gets: the events' data, up to [DONE].
func ReaderCases() ([]Case, error) {
	pinned, fixed := lessonChunks()
	var cases []Case
	for _, split := range []struct {
		name   string
		chunks []string
	}{{"chunks at a826864", pinned}, {"chunks after #743", fixed}, {"a chunk with blank lines", []string{"a\n\nb\n", "  indented\n", "c"}}} {
		for _, end := range lineEnds {
			stream := wire.GaChatbot.Success(wire.Input{Chunks: split.chunks, EOL: end.eol})
			want, err := standardText(stream)
			if err != nil {
				return nil, err
			}
			cases = append(cases, Case{Name: wire.GaChatbot.Name + ", " + split.name + end.name, Input: stream, Want: want})
		}
	}
	return cases, nil
}

// standardText is the HTML standard's reading of a stream: every event's data up to [DONE].
func standardText(stream []byte) (string, error) {
	var text strings.Builder
	for ev, err := range sse.Read(bytes.NewReader(stream)) {
		if err != nil {
			return "", fmt.Errorf("read the lesson's stream: %w", err)
		}
		if ev.Data == wire.Done {
			break
		}
		text.WriteString(ev.Data)
	}
	return text.String(), nil
}

// WriterCases are the chunks a writer must send whole: the lesson's chunks and the shapes that
// break GaApi's writer. An event reads back as the chunk with its line ends made LF, since the
// standard takes CR, LF and CRLF alike as a line's end.
func WriterCases() []Case {
	pinned, fixed := lessonChunks()
	var cases []Case
	add := func(name, chunk string) {
		want := strings.ReplaceAll(strings.ReplaceAll(chunk, "\r\n", "\n"), "\r", "\n")
		cases = append(cases, Case{Name: name, Input: []byte(chunk), Want: want})
	}
	for i, c := range pinned {
		add(fmt.Sprintf("chunk %d at a826864", i+1), c)
	}
	for i, c := range fixed {
		add(fmt.Sprintf("chunk %d after #743", i+1), c)
	}
	add("a blank line inside", "a\n\nb")
	add("leading spaces", "  indented code\n")
	add("a final line break", "ends with a line break\n")
	add("CRLF inside", "a\r\nb")
	add("a lone CR inside", "a\rb")
	add("a line that looks like a field", "data: looks like a field")
	return cases
}

// Reader runs read on every reader case.
func Reader(read func(stream []byte) (string, error)) ([]Result, error) {
	cases, err := ReaderCases()
	if err != nil {
		return nil, err
	}
	results := make([]Result, len(cases))
	for i, c := range cases {
		got, err := read(c.Input)
		results[i] = Result{Case: c, Got: got, Err: err}
	}
	return results, nil
}

// Writer writes every writer case with write and reads the event back as the standard says: it
// must be one message event whose data is the chunk.
func Writer(write func(chunk string) []byte) []Result {
	cases := WriterCases()
	results := make([]Result, len(cases))
	for i, c := range cases {
		results[i] = Result{Case: c}
		var events []sse.Event
		for ev, err := range sse.Read(bytes.NewReader(write(string(c.Input)))) {
			if err != nil {
				results[i].Err = err
				break
			}
			events = append(events, ev)
		}
		switch {
		case results[i].Err != nil:
		case len(events) != 1:
			results[i].Err = fmt.Errorf("the event reads back as %d events, not one", len(events))
		default:
			results[i].Got = events[0].Data
		}
	}
	return results
}

// Report describes every result that is not what its case wants: its input, then a line diff
// of the text (- wanted, + got); it is empty when all are right.
func Report(results []Result) string {
	var b strings.Builder
	for _, r := range results {
		if r.OK() {
			continue
		}
		fmt.Fprintf(&b, "%s:\n", r.Name)
		b.WriteString(input(r.Input))
		if r.Err != nil {
			fmt.Fprintf(&b, "  error: %v\n", r.Err)
			continue
		}
		b.WriteString("  - wanted, + got:\n")
		b.WriteString(Diff(r.Want, r.Got))
	}
	return b.String()
}

// inputLines is how many lines of a case's input Report shows.
const inputLines = 8

// input shows the first lines of a case's input, each quoted so that spaces and CRs show.
func input(in []byte) string {
	lines := strings.SplitAfter(string(in), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  input, %d bytes:\n", len(in))
	for i, l := range lines {
		if i == inputLines {
			fmt.Fprintf(&b, "    ... %d more lines\n", len(lines)-inputLines)
			break
		}
		fmt.Fprintf(&b, "    %q\n", l)
	}
	return b.String()
}

// Diff is a line diff of want and got: "- " for a line only in want, "+ " for a line only in
// got, "  " for a line in both, each quoted so that spaces and CRs show.
func Diff(want, got string) string {
	var out strings.Builder
	for _, d := range textdiff.Lines(want, got) {
		prefix := "  "
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			prefix = "- "
		case diffmatchpatch.DiffInsert:
			prefix = "+ "
		}
		for _, l := range strings.SplitAfter(d.Text, "\n") {
			if l != "" {
				fmt.Fprintf(&out, "  %s%q\n", prefix, l)
			}
		}
	}
	return out.String()
}
