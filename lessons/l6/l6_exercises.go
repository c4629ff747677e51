package l6

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	exercises "course/exercises/l6"
	"course/exercises/l6/check"
	"course/exercises/l6/solution"
	"course/ga/skills"
	"course/internal/dotnet"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit/chathost"
	"course/stream/wire"
)

// Exercises is lesson 6's exercises, in the written lesson's order, solved with the hosts opts
// starts; their questions are docs/l6.md's.
func Exercises(opts *Options) learn.Lesson {
	host := opts.Host
	return learn.NewLesson("l6",
		lineBreaksExercise(host, [2]string{"LF", "CRLF"}),
		fix746Exercise(skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text),
		pageErrorExercise(host),
		abbreviationsExercise(abbreviationText),
		&learn.Exercise{Kind: learn.Code,
			Hints: []string{
				"Cut the stream into lines first, taking CRLF and a lone CR as line ends, as the standard does; a blank line ends an event.",
				`Keep a list of the event's data: values; at the blank line join them with "\n", stop at [DONE], else append the text.`,
			},
			Code:  &learn.CodeCheck{Dir: "exercises/l6", Files: []string{"reader.go"}, Test: "TestExercise5", Stubs: exercises.Stubs},
			Solve: codeAnswer("ReadJoined", func() ([]check.Result, error) { return check.Reader(solution.ReadJoined) })},
		&learn.Exercise{Kind: learn.Code,
			Hints: []string{
				"A reader ends a data: line at LF, at CRLF and at a lone CR: each line of the chunk needs a data: line of its own.",
				"Turn CRLF and a lone CR into LF first, then write \"data: \" before every line, and one blank line after the last.",
			},
			Code:  &learn.CodeCheck{Dir: "exercises/l6", Files: []string{"writer.go"}, Test: "TestExercise6", Stubs: exercises.Stubs},
			Solve: codeAnswer("WriteEvent", func() ([]check.Result, error) { return check.Writer(solution.WriteEvent), nil })},
	)
}

// lineBreaksExercise is exercise 1, with the host started once with each of the line ends
// newlines names ("LF" or "CRLF").
func lineBreaksExercise(host chathost.Options, newlines [2]string) *learn.Exercise {
	type claim = learn.Claim[lineBreakFacts]
	return learn.Choose(func(ctx context.Context, w io.Writer) (lineBreakFacts, error) {
		ctx, cancel := host.Bounded(ctx)
		defer cancel()
		return exerciseLineBreaks(ctx, report.New(w), host, newlines)
	},
		claim{Text: `the standard reader gets the whole chunk "a\r\nb" from GaChatbot.Api's writer`,
			Holds: func(f lineBreakFacts) bool { return f.gaChatbotWhole }},
		claim{Text: `the standard reader gets the whole chunk "a\r\nb" from GaApi's writer`,
			Holds: func(f lineBreakFacts) bool { return f.gaAPIWhole }},
		claim{Text: fmt.Sprintf("POST %s's answer differs between the %s host and the %s host", chathost.ChatPath, newlines[0], newlines[1]),
			Holds: func(f lineBreakFacts) bool { return f.chatDiffers }},
		claim{Text: fmt.Sprintf("the stream's text events and [DONE] differ between the %s host and the %s host", newlines[0], newlines[1]),
			Holds: func(f lineBreakFacts) bool { return f.textDiffers }},
		claim{Text: fmt.Sprintf("the stream's routing event, ids and timings aside, differs between the %s host and the %s host", newlines[0], newlines[1]),
			Holds: func(f lineBreakFacts) bool { return f.routingDiffers }},
	).WithHints(
		"A reader built to the HTML standard ends a line at LF, at CRLF and at a lone CR, and takes a line without a colon as a field name.",
		"GaChatbot.Api's writer deletes every CR before it writes; the routing event's trace counts the answer's characters.",
	)
}

// fix746Exercise is exercise 2, on the skill's answer.
func fix746Exercise(answer string) *learn.Exercise {
	return learn.Compute(learn.Numbers.Saying("two numbers, the pairs exact with the chunks at a826864 and with #743's").Counting(), func(_ context.Context, w io.Writer) (string, error) {
		pinned, fixed := exerciseFix746(report.New(w), answer)
		return fmt.Sprintf("%d, %d", pinned, fixed), nil
	}).WithHints(
		"Three writers and four readers: twelve pairs. A pair is exact when the user reads the answer character for character.",
		"At a826864 the splitter eats the line breaks after a sentence's end, whatever the writer and the reader do with the rest.",
	)
}

// pageErrorExercise is exercise 3, on the hosts host starts.
func pageErrorExercise(host chathost.Options) *learn.Exercise {
	type claim = learn.Claim[pageErrorFacts]
	return learn.Choose(func(ctx context.Context, w io.Writer) (pageErrorFacts, error) {
		ctx, cancel := host.Bounded(ctx)
		defer cancel()
		return exercisePageError(ctx, report.New(w), host)
	},
		claim{Text: `at a826864 the assistant's bubble shows the error event's JSON, {"error":...}`,
			Holds: func(f pageErrorFacts) bool { return f.bubbleJSON }},
		claim{Text: "at a826864 the history sent with the next question holds the error",
			Holds: func(f pageErrorFacts) bool { return f.historyErrorBefore }},
		claim{Text: "with the fix the history sent with the next question holds the error",
			Holds: func(f pageErrorFacts) bool { return f.historyErrorAfter }},
		claim{Text: "the fix changes what the bubble shows for an answer that succeeds",
			Holds: func(f pageErrorFacts) bool { return f.normalDiffers }},
	).WithHints(
		"At a826864 the page appends every event's data to the bubble, whatever it holds, and saves the bubble to the history when the read ends.",
		"With the fix the read ends with a thrown error: the catch writes the bubble and nothing is saved.",
	)
}

// abbreviationsExercise is exercise 4, on text: the claims are decided on #743's chunks of it.
func abbreviationsExercise(text string) *learn.Exercise {
	var claims []learn.Claim[[]string]
	for _, c := range chunkClients {
		claims = append(claims, learn.Claim[[]string]{Text: "a client that " + c.name + " shows something other than the answer with #743's chunks",
			Holds: func(fixed []string) bool { return c.join(fixed) != text }})
	}
	return learn.Choose(func(_ context.Context, w io.Writer) ([]string, error) {
		r := report.New(w)
		return exerciseAbbreviations(r, text), r.Err()
	}, claims...).WithHints(
		"#743's chunks, put back together as they came, are the answer itself: the cut is only where one chunk ends.",
		`A cut after "e.g. " leaves the space at the end of a chunk; a cut after "3. " makes a chunk of its own.`,
	)
}

// codeAnswer is a code exercise's answer: the course's function name and the checks it passes.
func codeAnswer(name string, results func() ([]check.Result, error)) func(context.Context) (learn.Answer, error) {
	return func(context.Context) (learn.Answer, error) {
		res, err := results()
		if err != nil {
			return learn.Answer{}, err
		}
		return learn.Answer{Evidence: func(r *report.Report) error { return codeSolution(r, name, res) }}, nil
	}
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

// withHost starts a host as ho says, hands it to f inside a lesson that prints to r, and stops
// it on every way out.
func withHost(ctx context.Context, r *report.Report, ho chathost.Options, f func(l *lesson) error) (err error) {
	host, err := ho.Start(ctx)
	if err != nil {
		return err
	}
	defer func() {
		if stopErr := host.Stop(); stopErr != nil && err == nil {
			err = fmt.Errorf("stop host: %w", stopErr)
		}
	}()
	return f(&lesson{r: r, host: host})
}

// crlfChunk is the first exercise's chunk: two lines of text with a Windows line break.
const crlfChunk = "a\r\nb"

// hostRun is what the first exercise keeps of one host: /chat's raw answer and the stream's bytes.
type hostRun struct {
	answer       string
	streamStatus int
	stream       []byte
}

// lineBreakFacts are what exercise 1's claims rest on.
type lineBreakFacts struct {
	gaChatbotWhole, gaAPIWhole               bool
	chatDiffers, textDiffers, routingDiffers bool
}

// exerciseLineBreaks is exercise 1: which stream changes with the system GA runs on, the host
// started with each of newlines.
func exerciseLineBreaks(ctx context.Context, r *report.Report, host chathost.Options, newlines [2]string) (lineBreakFacts, error) {
	var f lineBreakFacts
	want := dotnet.ReplaceLineEndings(crlfChunk, "\n")
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
			return f, err
		}
		if w.Name == wire.GaChatbot.Name {
			f.gaChatbotWhole = got == want
		} else {
			f.gaAPIWhole = got == want
		}
		r.Facts(0, report.Fact{Label: "the standard reader gets", Value: report.QuoteChunk(got)})
	}

	var runs []hostRun
	for _, nl := range newlines {
		run, err := voicingRun(ctx, r, host, nl)
		if err != nil {
			return f, err
		}
		runs = append(runs, run)
	}
	lf, crlf := runs[0], runs[1]

	r.Title("%q from a host that ends its lines with %s, then with %s", chathost.VoicingQuestion, newlines[0], newlines[1])
	rows := [][]string{
		{"POST " + chathost.ChatPath, "", ""},
		{"POST " + chathost.StreamPath, "", ""},
		{"response.length in the routing event's trace", "", ""},
	}
	for i, run := range runs {
		routing, _ := splitRouting(run.stream)
		rows[0][i+1] = fmt.Sprintf("answer of %d characters, %d CR", chars(run.answer), strings.Count(run.answer, "\r"))
		rows[1][i+1] = fmt.Sprintf("HTTP %d, %d bytes, %d CR", run.streamStatus, len(run.stream), bytes.Count(run.stream, []byte("\r")))
		rows[2][i+1] = traceLengths(routing)
	}
	r.Table([]string{"", newlines[0] + " host", newlines[1] + " host"}, rows)
	lfRouting, lfRest := splitRouting(lf.stream)
	crlfRouting, crlfRest := splitRouting(crlf.stream)
	f.chatDiffers = lf.answer != crlf.answer
	f.textDiffers = !bytes.Equal(lfRest, crlfRest)
	f.routingDiffers = !bytes.Equal(stableRouting(lfRouting), stableRouting(crlfRouting))
	against := fmt.Sprintf("%s host against %s host", newlines[0], newlines[1])
	r.Blank()
	r.Facts(0,
		report.Fact{Label: "the stream's text events and [DONE], " + against, Value: sameBytes(lfRest, crlfRest)},
		report.Fact{Label: "the routing event, ids and timings aside, " + against, Value: sameBytes(stableRouting(lfRouting), stableRouting(crlfRouting))},
	)

	gaAPI := wire.GaApi
	lfAPI := gaAPI.Stream(wire.SplitPinned(lf.answer))
	crlfAPI := gaAPI.Stream(wire.SplitPinned(crlf.answer))
	r.Title("What GaApi's writer would send for the %s host's answer", newlines[1])
	r.Quote(visibleCR(string(crlfAPI)))
	r.Blank()
	want = dotnet.ReplaceLineEndings(lf.answer, "\n")
	lfGot, err := wire.ReadStandard(lfAPI)
	if err != nil {
		return f, err
	}
	crlfGot, err := wire.ReadStandard(crlfAPI)
	if err != nil {
		return f, err
	}
	r.Facts(0,
		report.Fact{Label: fmt.Sprintf("GaApi's stream, %s answer against %s answer", newlines[0], newlines[1]), Value: fmt.Sprintf("%s (%d bytes, %d bytes)", sameBytes(lfAPI, crlfAPI), len(lfAPI), len(crlfAPI))},
		report.Fact{Label: fmt.Sprintf("the standard reader, from the %s answer's stream", newlines[0]), Value: wire.Compare(want, lfGot).String()},
		report.Fact{Label: fmt.Sprintf("the standard reader, from the %s answer's stream", newlines[1]), Value: wire.Compare(want, dotnet.ReplaceLineEndings(crlfGot, "\n")).String()},
	)
	return f, r.Err()
}

// voicingRun starts a host whose answers end their lines with newline ("LF" or "CRLF") and
// captures the voicing question on both endpoints.
func voicingRun(ctx context.Context, r *report.Report, base chathost.Options, newline string) (hostRun, error) {
	ho := base
	ho.Env = append(slices.Clip(base.Env), "Course__NewLine="+strings.ToLower(newline))
	var run hostRun
	err := withHost(ctx, r, ho, func(l *lesson) error {
		chat, err := l.post(ctx, chathost.ChatPath, chathost.VoicingQuestion)
		if err != nil {
			return err
		}
		answer, ok := chatAnswerText(chat)
		if !ok {
			return fmt.Errorf("the %s host answered %s with HTTP %d: %s", newline, chathost.ChatPath, chat.Status, bodyLine(chat.Body))
		}
		stream, err := l.post(ctx, chathost.StreamPath, chathost.VoicingQuestion)
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
// It returns how many of the pairs, #746's added, are exact with each split.
func exerciseFix746(r *report.Report, answer string) (exactPinned, exactFixed int) {
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
	addedPinned, addedFixed := exactPinned, exactFixed
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
	return addedPinned, addedFixed
}

// exercisePageError is exercise 3: the real host's failure stream on GaChatbot.Api's page,
// before and after the fix that turns an error event into a thrown error.
func exercisePageError(ctx context.Context, r *report.Report, host chathost.Options) (pageErrorFacts, error) {
	var f pageErrorFacts
	err := withHost(ctx, r, host, func(l *lesson) error {
		failure, err := l.post(ctx, chathost.StreamPath, wire.ArpeggioQuestion)
		if err != nil {
			return err
		}
		working, err := l.post(ctx, chathost.StreamPath, chathost.VoicingQuestion)
		if err != nil {
			return err
		}
		if host.ModelURL == "" {
			r.Title("%q with no model server", wire.ArpeggioQuestion)
		} else {
			r.Title("%q with the model server at %s", wire.ArpeggioQuestion, host.ModelURL)
		}
		r.Facts(0, report.Fact{Label: "POST " + chathost.StreamPath, Value: fmt.Sprintf("HTTP %d", failure.Status)})
		r.Quote(cutLongLines(string(failure.Body)))

		pages := []struct {
			title string
			read  func([]byte) (string, error)
		}{
			{"GaChatbot.Api's page at a826864", wire.ReadGaChatbotPage},
			{"GaChatbot.Api's page with the fix", wire.ReadGaChatbotPageFixed},
		}
		var bubbles []string
		for i, p := range pages {
			view := wire.AskOnPage(nil, wire.ArpeggioQuestion, failure.Body, p.read)
			history, err := jsonStringify(view.History)
			if err != nil {
				return err
			}
			holdsError := slices.ContainsFunc(view.History, func(t wire.ChatTurn) bool { return strings.Contains(t.Content, `"error"`) })
			if i == 0 {
				f.bubbleJSON = strings.HasPrefix(view.Bubble, `{"error"`)
				f.historyErrorBefore = holdsError
			} else {
				f.historyErrorAfter = holdsError
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
			bubbles = append(bubbles, wire.AskOnPage(nil, chathost.VoicingQuestion, working.Body, p.read).Bubble)
		}

		r.Title("The fix on a stream that succeeds, %q", chathost.VoicingQuestion)
		same := "different"
		if bubbles[0] == bubbles[1] {
			same = "identical"
		}
		f.normalDiffers = bubbles[0] != bubbles[1]
		r.Facts(0,
			report.Fact{Label: "POST " + chathost.StreamPath, Value: fmt.Sprintf("HTTP %d", working.Status)},
			report.Fact{Label: "the bubble, before and after the fix", Value: fmt.Sprintf("%s (%d characters)", same, chars(bubbles[1]))},
		)
		return nil
	})
	return f, err
}

// pageErrorFacts are what exercise 3's claims rest on.
type pageErrorFacts struct {
	bubbleJSON, historyErrorBefore, historyErrorAfter, normalDiffers bool
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
// It returns #743's chunks of text.
func exerciseAbbreviations(r *report.Report, text string) []string {
	l := &lesson{r: r}
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
	return fixed
}
