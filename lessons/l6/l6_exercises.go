package l6

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"course/exercises/l6/check"
	"course/exercises/l6/solution"
	"course/ga/skills"
	"course/internal/dotnet"
	"course/internal/report"
	"course/lessons/kit"
	"course/wire"
)

// l6Exercise is one exercise of lesson 6, run by `course l6 --exercise N`.
type l6Exercise struct {
	summary string
	// question is what the learner predicts or changes, printed by --exercise N.
	question string
	// check is the test that checks the learner's code, for the exercises where they write it.
	check string
	// solution prints the computed answer, for --exercise N --solution.
	solution func(ctx context.Context, r *report.Report, opts *Options) error
}

// ExerciseCount is how many exercises lesson 6 has.
func ExerciseCount() int { return len(l6Exercises) }

// l6Exercises are the lesson's exercises in the written lesson's order.
var l6Exercises = []l6Exercise{
	{summary: `line breaks on the wire: "a\r\nb" through both writers, and a host with LF, then CRLF answers`,
		question: `What does the HTML standard's reader get from the chunk "a\r\nb" with each of GA's two
writers? Then the host is started twice, building its answers with LF and with CRLF, as GA
does on Windows: which of the bytes that reach the user change with the system?`,
		solution: exerciseLineBreaks},
	{summary: "#746's fix: GaApi writing one data: line per line, chatService joining an event's lines",
		question: `Give GaApi a writer that prefixes every line of the text with "data: ", and chatService a
reader that joins all the data: lines of an event. Which pairs of the writer x reader table
are exact then, with the pinned chunks and with #743's? And if the fixes replace the old
writer and reader instead of joining them?`,
		solution: exerciseFix746},
	{summary: "the page and the error event: what the user sees and what stays, before and after the fix",
		question: `Make GaChatbot.Api's page end the read with an error when an event's JSON has an "error"
property. What does the user see when the model is down, before and after, and what stays in
the conversation's history? Does anything change for a normal answer?`,
		solution: exercisePageError},
	{summary: `#743 after "e.g." and "3.": both splitters, and clients that trim chunks or join them by lines`,
		question: `#743's expression cuts after "e.g." too, and after the "3." of a numbered list. Does a user
of GA's readers notice? Which kind of client would: one that trims each chunk, or one that
joins chunks with a line break?`,
		solution: exerciseAbbreviations},
	{summary: "write a reader that keeps every data: line of an event, as chatService should",
		question: `Write ReadJoined in exercises/l6/reader.go: for each event, every "data:" line without
"data:" and the one space after it, joined with a line feed and not trimmed; the events'
texts one after another, up to [DONE]. Lines may end in LF, CRLF or CR. The check reads the
lesson's streams with it and shows a diff until it gets what the HTML standard's reader gets.`,
		check: "Exercise5", solution: exerciseReadJoined},
	{summary: "write a writer that sends a chunk whole, blank lines and all, as #746 asks of GaApi",
		question: `Write WriteEvent in exercises/l6/writer.go. It starts as GaApi's writer, one "data: " before
the whole chunk, so a blank line inside the chunk ends the event early. Make every chunk of
the lesson, and the shapes that break GaApi's writer, read back whole as one event.`,
		check: "Exercise6", solution: exerciseWriteEvent},
}

// l6ExerciseHelp lists the exercises for ` + "`course l6 --help`" + `.
func l6ExerciseHelp() string {
	var b strings.Builder
	b.WriteString("Exercises (course l6 --exercise N, then --solution):")
	for i, e := range l6Exercises {
		fmt.Fprintf(&b, "\n  %d  %s", i+1, e.summary)
	}
	return b.String()
}

func checkExercise(n int) error {
	if n < 0 || n > len(l6Exercises) {
		return fmt.Errorf("l6: --exercise %d: the exercises are 1 to %d", n, len(l6Exercises))
	}
	return nil
}

// runL6Exercise prints the question of the exercise opts.Exercise names, or with --solution its
// computed answer.
func runL6Exercise(ctx context.Context, opts *Options) error {
	if err := checkExercise(opts.Exercise); err != nil {
		return err
	}
	if opts.Exercise == 0 {
		return fmt.Errorf("l6: no exercise given")
	}
	e := l6Exercises[opts.Exercise-1]
	r := report.New(opts.Out)
	if !opts.Solution {
		r.Heading(fmt.Sprintf("l6 --exercise %d", opts.Exercise))
		r.Title("Exercise %d: %s", opts.Exercise, e.summary)
		r.Line("%s", e.question)
		r.Blank()
		if e.check != "" {
			r.Line("Check your code with `course check l6.%d` (or `go test -tags exercise -run %s ./exercises/l6/`).", opts.Exercise, e.check)
			r.Line("`course l6 --exercise %d --solution` shows the course's answer.", opts.Exercise)
		} else {
			r.Line("Predict, then run `course l6 --exercise %d --solution`.", opts.Exercise)
		}
		return r.Err()
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Host.Budget())
	defer cancel()
	r.Heading(fmt.Sprintf("l6 --exercise %d --solution", opts.Exercise))
	if err := e.solution(ctx, r, opts); err != nil {
		return fmt.Errorf("l6 exercise %d: %w", opts.Exercise, err)
	}
	if r.Err() != nil {
		return fmt.Errorf("l6 exercise %d: write output: %w", opts.Exercise, r.Err())
	}
	return nil
}

// exerciseReadJoined is exercise 5's answer: the course's reader, and what it gets from each
// of the lesson's streams.
func exerciseReadJoined(_ context.Context, r *report.Report, _ *Options) error {
	results, err := check.Reader(solution.ReadJoined)
	if err != nil {
		return err
	}
	return codeSolution(r, "ReadJoined", results)
}

// exerciseWriteEvent is exercise 6's answer: the course's writer, and how each chunk reads back.
func exerciseWriteEvent(_ context.Context, r *report.Report, _ *Options) error {
	return codeSolution(r, "WriteEvent", check.Writer(solution.WriteEvent))
}

// codeSolution prints the course's function name from exercises/l6/solution and the checks it
// passes.
func codeSolution(r *report.Report, name string, results []check.Result) error {
	src, err := funcSource(solution.Source, name)
	if err != nil {
		return err
	}
	r.Title("The course's %s (exercises/l6/solution/solution.go)", name)
	r.Quote(src)
	r.Title("%s on the check's cases", name)
	rows := make([][]string, len(results))
	for i, res := range results {
		verdict := "exact"
		if !res.OK() {
			verdict = "differs"
		}
		rows[i] = []string{res.Name, fmt.Sprintf("%d characters", chars(res.Want)), verdict}
	}
	r.Table([]string{"case", "wanted", "verdict"}, rows)
	return nil
}

// funcSource cuts the doc comment and body of the function name out of a Go file.
func funcSource(src, name string) (string, error) {
	start := strings.Index(src, "\nfunc "+name+"(")
	if start < 0 {
		return "", fmt.Errorf("no func %s in the solution's source", name)
	}
	doc := strings.LastIndex(src[:start], "\n\n")
	end := strings.Index(src[start:], "\n}\n")
	if doc < 0 || end < 0 {
		return "", fmt.Errorf("cannot cut func %s out of the solution's source", name)
	}
	return src[doc+2 : start+end+3], nil
}

// withHost starts a host as ho says, hands it to f inside a lesson6 that prints to r, and stops
// it on every way out.
func withHost(ctx context.Context, r *report.Report, ho kit.HostOptions, f func(l *lesson6) error) (err error) {
	host, err := ho.Start(ctx)
	if err != nil {
		return err
	}
	defer func() {
		if stopErr := host.Stop(); stopErr != nil && err == nil {
			err = fmt.Errorf("stop host: %w", stopErr)
		}
	}()
	return f(&lesson6{r: r, host: host})
}

// crlfChunk is the first exercise's chunk: two lines of text with a Windows line break.
const crlfChunk = "a\r\nb"

// hostRun is what the first exercise keeps of one host: /chat's raw answer and the stream's bytes.
type hostRun struct {
	answer       string
	streamStatus int
	stream       []byte
}

// exerciseLineBreaks is exercise 1: which stream changes with the system GA runs on.
func exerciseLineBreaks(ctx context.Context, r *report.Report, opts *Options) error {
	r.Title("The chunk %s through each writer, read as the HTML standard says", report.QuoteChunk(crlfChunk))
	for i, w := range wire.GaWriters() {
		if i > 0 {
			r.Blank()
		}
		event := w.Event(crlfChunk)
		r.Line("%s writes %d bytes:", w.Name, len(event))
		r.Quote(visibleCR(string(event)))
		got, err := wire.ReadStandard(event)
		if err != nil {
			return err
		}
		r.Facts(0, report.Fact{Label: "the standard reader gets", Value: report.QuoteChunk(got)})
	}

	var runs []hostRun
	for _, nl := range []string{"LF", "CRLF"} {
		run, err := voicingRun(ctx, r, opts.Host, nl)
		if err != nil {
			return err
		}
		runs = append(runs, run)
	}
	lf, crlf := runs[0], runs[1]

	r.Title("%q from a host that ends its lines with LF, then with CRLF", kit.VoicingQuestion)
	rows := [][]string{
		{"POST " + kit.ChatPath, "", ""},
		{"POST " + kit.StreamPath, "", ""},
		{"response.length in the routing event's trace", "", ""},
	}
	for i, run := range runs {
		routing, _ := splitRouting(run.stream)
		rows[0][i+1] = fmt.Sprintf("answer of %d characters, %d CR", chars(run.answer), strings.Count(run.answer, "\r"))
		rows[1][i+1] = fmt.Sprintf("HTTP %d, %d bytes, %d CR", run.streamStatus, len(run.stream), bytes.Count(run.stream, []byte("\r")))
		rows[2][i+1] = traceLengths(routing)
	}
	r.Table([]string{"", "LF host", "CRLF host"}, rows)
	lfRouting, lfRest := splitRouting(lf.stream)
	crlfRouting, crlfRest := splitRouting(crlf.stream)
	r.Blank()
	r.Facts(0,
		report.Fact{Label: "the stream's text events and [DONE], LF host against CRLF host", Value: sameBytes(lfRest, crlfRest)},
		report.Fact{Label: "the routing event, ids and timings aside, LF host against CRLF host", Value: sameBytes(stableRouting(lfRouting), stableRouting(crlfRouting))},
	)

	gaAPI := wire.GaApi
	lfAPI := gaAPI.Stream(wire.SplitPinned(lf.answer))
	crlfAPI := gaAPI.Stream(wire.SplitPinned(crlf.answer))
	r.Title("What GaApi's writer would send for the CRLF host's answer")
	r.Quote(visibleCR(string(crlfAPI)))
	r.Blank()
	want := dotnet.ReplaceLineEndings(lf.answer, "\n")
	lfGot, err := wire.ReadStandard(lfAPI)
	if err != nil {
		return err
	}
	crlfGot, err := wire.ReadStandard(crlfAPI)
	if err != nil {
		return err
	}
	r.Facts(0,
		report.Fact{Label: "GaApi's stream, LF answer against CRLF answer", Value: fmt.Sprintf("%s (%d bytes, %d bytes)", sameBytes(lfAPI, crlfAPI), len(lfAPI), len(crlfAPI))},
		report.Fact{Label: "the standard reader, from the LF answer's stream", Value: wire.Compare(want, lfGot).String()},
		report.Fact{Label: "the standard reader, from the CRLF answer's stream", Value: wire.Compare(want, dotnet.ReplaceLineEndings(crlfGot, "\n")).String()},
	)
	return nil
}

// voicingRun starts a host whose answers end their lines with newline ("LF" or "CRLF") and
// captures the voicing question on both endpoints.
func voicingRun(ctx context.Context, r *report.Report, base kit.HostOptions, newline string) (hostRun, error) {
	ho := base
	ho.Env = append(slices.Clip(base.Env), "Course__NewLine="+strings.ToLower(newline))
	var run hostRun
	err := withHost(ctx, r, ho, func(l *lesson6) error {
		chat, err := l.post(ctx, kit.ChatPath, kit.VoicingQuestion)
		if err != nil {
			return err
		}
		answer, ok := chatAnswerText(chat)
		if !ok {
			return fmt.Errorf("the %s host answered %s with HTTP %d: %s", newline, kit.ChatPath, chat.Status, firstLine(chat.Body))
		}
		stream, err := l.post(ctx, kit.StreamPath, kit.VoicingQuestion)
		if err != nil {
			return err
		}
		run.answer, run.streamStatus, run.stream = answer, stream.Status, stream.Body
		return nil
	})
	if err != nil {
		return hostRun{}, fmt.Errorf("%s host: %w", newline, err)
	}
	return run, nil
}

// splitRouting cuts a GaChatbot.Api stream after its first event when that event is the routing
// event, returning the routing event's data and the bytes after it.
func splitRouting(stream []byte) (routing string, rest []byte) {
	end := bytes.Index(stream, []byte("\n\n"))
	if end < 0 {
		return "", stream
	}
	data, ok := strings.CutPrefix(string(stream[:end]), "data: ")
	if !ok || strings.Contains(data, "\n") || wire.Kind(data) != "routing" {
		return "", stream
	}
	return data, stream[end+2:]
}

// traceLengths lists the response.length attributes of a routing event's trace steps, in order.
func traceLengths(routing string) string {
	var event struct {
		Trace struct {
			Steps []struct {
				Attributes map[string]json.RawMessage `json:"attributes"`
			} `json:"steps"`
		} `json:"trace"`
	}
	if err := json.Unmarshal([]byte(routing), &event); err != nil {
		return "(no routing event)"
	}
	var lengths []string
	for _, s := range event.Trace.Steps {
		if v, ok := s.Attributes["response.length"]; ok {
			lengths = append(lengths, string(v))
		}
	}
	if lengths == nil {
		return "(none)"
	}
	return strings.Join(lengths, ", ")
}

// stableRouting is a routing event with the values that change on every run, its ids and
// elapsed times, set to null, so two runs can be compared.
func stableRouting(routing string) []byte {
	var v any
	if err := json.Unmarshal([]byte(routing), &v); err != nil {
		return []byte(routing)
	}
	var blank func(any)
	blank = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			for k, e := range x {
				switch k {
				case "traceId", "runId", "elapsedMs":
					x[k] = nil
				default:
					blank(e)
				}
			}
		case []any:
			for _, e := range x {
				blank(e)
			}
		}
	}
	blank(v)
	b, _ := json.Marshal(v)
	return b
}

func sameBytes(a, b []byte) string {
	if bytes.Equal(a, b) {
		return "identical"
	}
	return "different"
}

// visibleCR writes every carriage return as \r, so a quoted stream shows where they are.
func visibleCR(s string) string { return strings.ReplaceAll(s, "\r", `\r`) }

// exerciseFix746 is exercise 2: the writer × reader table with #746's writer and reader added.
func exerciseFix746(_ context.Context, r *report.Report, _ *Options) error {
	answer := skills.Improvisation{}.Execute(kit.ArpeggioQuestion).Text
	pinned, fixed := wire.SplitPinned(answer), wire.Split743(answer)

	r.Title("#743's first chunk, written by GaApi's writer and by #746's")
	r.Line("GaApi:")
	r.Quote(string(wire.GaApi.Event(fixed[0])))
	r.Line("%s:", wire.GaApi746.Name)
	r.Quote(string(wire.GaApi746.Event(fixed[0])))

	header := []string{"writer", "reader", "chunks at a826864", "chunks after #743"}
	writers := append(wire.GaWriters(), wire.GaApi746)
	readers := append(wire.GaReaders(), wire.ChatService746)
	rows, exactPinned, exactFixed := pairRows(answer, pinned, fixed, writers, readers)
	r.Title("Each writer with each reader, #746's writer and reader added")
	r.Table(header, rows)
	r.Blank()
	r.Facts(0,
		report.Fact{Label: "exact with the chunks at a826864", Value: fmt.Sprintf("%d of %d pairs", exactPinned, len(rows))},
		report.Fact{Label: "exact with #743's chunks", Value: fmt.Sprintf("%d of %d pairs", exactFixed, len(rows))},
	)

	// The written solution's table: GaApi's writer and chatService's reader replaced, not added.
	writers = []wire.Writer{wire.GaChatbot, wire.GaApi746}
	readers = []wire.Reader{wire.Standard, wire.GaChatbotPage, wire.ChatService746}
	rows, exactPinned, exactFixed = pairRows(answer, pinned, fixed, writers, readers)
	r.Title("GaApi's writer and chatService's reader replaced by #746's")
	r.Table(header, rows)
	r.Blank()
	r.Facts(0,
		report.Fact{Label: "exact with the chunks at a826864", Value: fmt.Sprintf("%d of %d pairs", exactPinned, len(rows))},
		report.Fact{Label: "exact with #743's chunks", Value: fmt.Sprintf("%d of %d pairs", exactFixed, len(rows))},
	)
	return nil
}

// pairRows measures every writer with every reader on both splits of answer, and counts the
// pairs that deliver it exactly with each split.
func pairRows(answer string, pinned, fixed []string, writers []wire.Writer, readers []wire.Reader) (rows [][]string, exactPinned, exactFixed int) {
	for _, w := range writers {
		for _, rd := range readers {
			p, pExact := delivered(answer, rd, w.Stream(pinned))
			f, fExact := delivered(answer, rd, w.Stream(fixed))
			if pExact {
				exactPinned++
			}
			if fExact {
				exactFixed++
			}
			rows = append(rows, []string{w.Name, rd.Name, p, f})
		}
	}
	return rows, exactPinned, exactFixed
}

// exercisePageError is exercise 3: the real host's failure stream on GaChatbot.Api's page,
// before and after the fix that turns an error event into a thrown error.
func exercisePageError(ctx context.Context, r *report.Report, opts *Options) error {
	return withHost(ctx, r, opts.Host, func(l *lesson6) error {
		failure, err := l.post(ctx, kit.StreamPath, kit.ArpeggioQuestion)
		if err != nil {
			return err
		}
		working, err := l.post(ctx, kit.StreamPath, kit.VoicingQuestion)
		if err != nil {
			return err
		}
		if opts.Host.ModelURL == "" {
			r.Title("%q with no model server", kit.ArpeggioQuestion)
		} else {
			r.Title("%q with the model server at %s", kit.ArpeggioQuestion, opts.Host.ModelURL)
		}
		r.Facts(0, report.Fact{Label: "POST " + kit.StreamPath, Value: fmt.Sprintf("HTTP %d", failure.Status)})
		r.Quote(cutLongLines(string(failure.Body)))

		pages := []struct {
			title string
			read  func([]byte) (string, error)
		}{
			{"GaChatbot.Api's page at a826864", wire.ReadGaChatbotPage},
			{"GaChatbot.Api's page with the fix", wire.ReadGaChatbotPageFixed},
		}
		var bubbles []string
		for _, p := range pages {
			view := wire.AskOnPage(nil, kit.ArpeggioQuestion, failure.Body, p.read)
			history, err := jsonStringify(view.History)
			if err != nil {
				return err
			}
			r.Title("%s", p.title)
			r.Facts(0,
				report.Fact{Label: "the assistant's bubble shows", Value: view.Bubble},
				report.Fact{Label: "the history holds", Value: fmt.Sprintf("%d message(s)", len(view.History))},
			)
			if len(view.History) > 0 {
				rows := make([][]string, len(view.History))
				for i, turn := range view.History {
					rows[i] = []string{fmt.Sprintf("message %d", i+1), turn.Role, report.QuoteChunk(turn.Content)}
				}
				r.Table(nil, rows)
			}
			r.Line("the next request sends conversationHistory:")
			r.Quote(history)
			bubbles = append(bubbles, wire.AskOnPage(nil, kit.VoicingQuestion, working.Body, p.read).Bubble)
		}

		r.Title("The fix on a stream that succeeds, %q", kit.VoicingQuestion)
		same := "different"
		if bubbles[0] == bubbles[1] {
			same = "identical"
		}
		r.Facts(0,
			report.Fact{Label: "POST " + kit.StreamPath, Value: fmt.Sprintf("HTTP %d", working.Status)},
			report.Fact{Label: "the bubble, before and after the fix", Value: fmt.Sprintf("%s (%d characters)", same, chars(bubbles[1]))},
		)
		return nil
	})
}

// jsonStringify is JavaScript's JSON.stringify of v: no HTML escaping, no trailing line feed.
func jsonStringify(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", fmt.Errorf("JSON.stringify: %w", err)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// abbreviationText is exercise 4's answer: an abbreviation and a numbered list, where both
// splitters see a sentence end that is not one.
const abbreviationText = "Pick one scale per chord, e.g. Dorian over Dm7.\n\nA practice plan:\n1. Play each arpeggio.\n2. Add the scale.\n3. Improvise a line over both.\n"

// chunkClient is a way a client might put the chunks it receives back together.
type chunkClient struct {
	name string
	join func(chunks []string) string
}

var chunkClients = []chunkClient{
	{"appends each chunk as it comes", func(c []string) string { return strings.Join(c, "") }},
	{"trims each chunk", func(c []string) string {
		trimmed := make([]string, len(c))
		for i, s := range c {
			trimmed[i] = strings.TrimSpace(s)
		}
		return strings.Join(trimmed, "")
	}},
	{"puts a line break between chunks", func(c []string) string { return strings.Join(c, "\n") }},
}

// exerciseAbbreviations is exercise 4: #743 splits after "e.g." and after a list number, and
// what that does to clients that treat chunks as units.
func exerciseAbbreviations(_ context.Context, r *report.Report, _ *Options) error {
	text := abbreviationText
	l := &lesson6{r: r}
	r.Title("An answer with \"e.g.\" and a numbered list")
	r.Quote(text)
	r.Line("answer: %d lines of text, %d line breaks, %d characters",
		wire.TextLines(text), strings.Count(text, "\n"), chars(text))

	r.Title("SseChunker at a826864, %s", wire.PinnedPattern)
	pinned := wire.SplitPinned(text)
	l.chunkRows(text, pinned)
	r.Title("#743's expression, %s", wire.Pattern743)
	fixed := wire.Split743(text)
	l.chunkRows(text, fixed)

	r.Title("What a client that puts the chunks together makes of them")
	rows := make([][]string, len(chunkClients))
	for i, c := range chunkClients {
		rows[i] = []string{c.name, wire.Compare(text, c.join(pinned)).String(), wire.Compare(text, c.join(fixed)).String()}
	}
	r.Table([]string{"client", "chunks at a826864", "chunks after #743"}, rows)
	for _, c := range chunkClients[1:] {
		r.Blank()
		r.Line("a client that %s, with #743's chunks:", c.name)
		r.Quote(c.join(fixed))
	}
	return nil
}
