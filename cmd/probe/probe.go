package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"course/hostproc"
	"course/internal/cmdutil"
	"course/internal/dotnet"
	"course/internal/report"
	"course/stream/probe"
)

// ProbeOptions is what `course probe` needs to run.
type ProbeOptions struct {
	// Out receives the report.
	Out io.Writer
	// URL is the streaming endpoint: an http(s) URL, a ws(s) URL, or a SignalR hub's http(s) URL.
	URL string
	// Transport is sse, websocket or signalr; "" takes it from the URL's scheme.
	Transport string
	// HubMethod is the hub method a SignalR probe streams.
	HubMethod string
	// Data is the request body as JSON; Message builds {"message": Message} instead.
	Data, Message string
	// Headers are extra request headers, "Name: value".
	Headers []string
	// Method is POST or GET; MethodSet says it was given, which only server-sent events take.
	Method    string
	MethodSet bool
	// AnswerURL is the non-streaming endpoint; AnswerFile holds the answer instead.
	AnswerURL, AnswerFile string
	// AnswerField is the dotted path of the answer in the answer's JSON.
	AnswerField string
	// Readers names the readers to measure; none means probe.DefaultReaders.
	Readers []string
	// Timeout bounds the whole probe.
	Timeout time.Duration
	// MaxBytes, MaxEvents and MaxLine bound what the probe reads and keeps (probe.Options);
	// MaxLineSet says --max-line was given, which only server-sent events take.
	MaxBytes, MaxEvents, MaxLine int
	MaxLineSet                   bool
	// AllEvents keeps and prints every event instead of the first and last few.
	AllEvents bool
	// JSON prints the report as one JSON document.
	JSON bool
}

// The soft memory limit of a probe: GA's readers need up to five times the capture while they
// run, on top of the capture and the events.
const (
	probeMemoryLimit   = 48 << 20
	probeMemoryPerByte = 12
)

// probeEventsShown is how many events the report prints at each end of a long stream.
const probeEventsShown = 10

// NewCmdProbe builds `course probe`; runF replaces the probe's run in tests of the flags.
func NewCmdProbe(runF func(context.Context, *ProbeOptions) error) *cobra.Command {
	opts := &ProbeOptions{}
	cmd := &cobra.Command{
		Use:   "probe URL [--transport T] [--hub-method NAME] [--data JSON | --message TEXT]",
		Short: "Check any chat stream the way lesson 6 checks GA's",
		Long: `Send one request to a chat endpoint that streams its answer, and report what arrived: the
status and the headers that matter, each event with its arrival time and kind, whether the
answer really streamed, the hazards on the wire, and, given the answer the server computed,
what each client reader the course knows makes of it.

The stream is server-sent events for an http:// or https:// URL. For a ws:// or wss:// URL it
is a WebSocket: the request goes up as the first text message and the events come down one
message each until the server closes, as Bit.BlazorUI.AI's WebSocket endpoint sends them. With
--transport signalr the URL is a SignalR hub's: the probe negotiates, opens the WebSockets
transport, streams --hub-method with the request as its argument, and reads the items to the
Completion.

The probe is bounded: --timeout ends it, reading, measuring and printing included, and so do
SIGINT and SIGTERM; --max-bytes and --max-events stop the read. A probe stopped either way
reports what arrived: the bytes and events so far, and the hazards and readers on them.

Exit status: 0 when every selected reader gets the answer exactly (with no answer, when no
hazard was found), 1 otherwise, 2 when the probe could not run or was stopped before the
stream's end.`,
		Example: `  course probe http://127.0.0.1:5252/api/chatbot/chat/stream --message "Show me Cmaj7 voicings" \
    --answer-url http://127.0.0.1:5252/api/chatbot/chat
  course probe http://127.0.0.1:8080/v1/stream --data '{"prompt":"hi"}' \
    --header "Authorization: Bearer $TOKEN" --json
  course probe ws://127.0.0.1:8080/ai/ws --message "hi" --answer-file answer.txt
  course probe --transport signalr http://127.0.0.1:8080/hubs/chat --hub-method StreamAsync \
    --message "hi"`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return &cmdutil.ExitError{Code: cmdutil.ExitCannotRun, Err: fmt.Errorf("probe: give one URL, the streaming endpoint (got %d arguments)", len(args))}
			}
			opts.URL = args[0]
			opts.Out = cmd.OutOrStdout()
			opts.MethodSet, opts.MaxLineSet = cmd.Flags().Changed("method"), cmd.Flags().Changed("max-line")
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runProbe(cmd.Context(), opts)
		},
	}
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return &cmdutil.ExitError{Code: cmdutil.ExitCannotRun, Err: fmt.Errorf("probe: %w", err)}
	})
	f := cmd.Flags()
	f.StringVar(&opts.Data, "data", "", "send this JSON as the request body")
	// The body GaChatbot.Api's endpoints bind (Apps/GaChatbot.Api/Controllers/ChatbotController.cs:530-576).
	f.StringVar(&opts.Message, "message", "", `send {"message": TEXT}, the body GA's endpoints read`)
	f.StringArrayVar(&opts.Headers, "header", nil, `add a request header "Name: value" (repeatable)`)
	f.StringVar(&opts.Transport, "transport", "", "sse, websocket or signalr (default: websocket for a ws:// or wss:// URL, else sse)")
	f.StringVar(&opts.HubMethod, "hub-method", "", "the SignalR hub method to stream, with the request as its argument")
	f.StringVar(&opts.Method, "method", http.MethodPost, "POST or GET (server-sent events)")
	f.StringVar(&opts.AnswerURL, "answer-url", "", "send the same request to this non-streaming endpoint and compare with its answer")
	f.StringVar(&opts.AnswerFile, "answer-file", "", "compare with the answer in this file (its text, or --answer-field of it when it ends in .json)")
	f.StringVar(&opts.AnswerField, "answer-field", probe.DefaultAnswerField, "where the answer sits in the answer's JSON, a dotted path such as choices.0.message.content")
	f.StringArrayVar(&opts.Readers, "reader", nil, "measure this reader only (repeatable): text, standard, page, chatservice, or any reader's name (over a WebSocket: text, bit; under SignalR: text, bit, boilerplate)")
	f.DurationVar(&opts.Timeout, "timeout", probe.DefaultTimeout, "give up when the probe takes longer than this")
	opts.MaxBytes, opts.MaxEvents, opts.MaxLine = probe.DefaultMaxBytes, probe.DefaultMaxEvents, probe.DefaultMaxLine
	f.Var(probe.Size{N: &opts.MaxBytes}, "max-bytes", "stop reading after this many bytes of the stream")
	f.IntVar(&opts.MaxEvents, "max-events", probe.DefaultMaxEvents, "stop reading after this many events")
	f.Var(probe.Size{N: &opts.MaxLine}, "max-line", "the longest line, and event data, the course's reader takes (the standard sets no limit; server-sent events)")
	f.BoolVar(&opts.AllEvents, "all-events", false, fmt.Sprintf("print every event, not the first and last %d", probeEventsShown))
	f.BoolVar(&opts.JSON, "json", false, "print the report as one JSON document")
	_ = cmd.RegisterFlagCompletionFunc("transport", cmdutil.CompleteOne(func() []string { return probe.Transports }))
	return cmd
}

// probeUsage wraps a mistake on the command line as the probe's "could not run".
func probeUsage(format string, args ...any) error {
	return &cmdutil.ExitError{Code: cmdutil.ExitCannotRun, Err: fmt.Errorf("probe: "+format, args...)}
}

// probeRun turns the command line into the probe's options.
func (o *ProbeOptions) probeRun() (probe.Options, error) {
	po := probe.Options{
		URL: o.URL, Method: o.Method, AnswerURL: o.AnswerURL, AnswerFile: o.AnswerFile,
		AnswerField: o.AnswerField, Timeout: o.Timeout,
		MaxBytes: o.MaxBytes, MaxEvents: o.MaxEvents, MaxLine: o.MaxLine, KeepEvents: probeEventsShown,
	}
	if o.AllEvents {
		po.KeepEvents = o.MaxEvents
	}
	switch {
	case o.MaxEvents <= 0:
		return po, probeUsage("--max-events %d: give a positive number", o.MaxEvents)
	case o.Data != "" && o.Message != "":
		return po, probeUsage("--data and --message both make the body; give one")
	case o.AnswerURL != "" && o.AnswerFile != "":
		return po, probeUsage("--answer-url and --answer-file both give the answer; give one")
	case o.Data != "":
		if !json.Valid([]byte(o.Data)) {
			return po, probeUsage("--data is not JSON: %s", o.Data)
		}
		po.Body = []byte(o.Data)
	case o.Message != "":
		po.Body = hostproc.ChatBody(o.Message)
	}
	if len(o.Headers) > 0 {
		po.Header = http.Header{}
		for _, h := range o.Headers {
			name, value, ok := strings.Cut(h, ":")
			name = strings.TrimSpace(name)
			if !ok || name == "" {
				return po, probeUsage("--header %q is not \"Name: value\"", h)
			}
			po.Header.Add(name, strings.TrimSpace(value))
		}
	}
	if err := o.transportRun(&po); err != nil {
		return po, err
	}
	if len(o.Readers) > 0 && po.Transport == probe.TransportSSE {
		readers, err := probe.FindReaders(o.Readers)
		if err != nil {
			return po, &cmdutil.ExitError{Code: cmdutil.ExitCannotRun, Err: err}
		}
		po.Readers = readers
	}
	return po, nil
}

func runProbe(ctx context.Context, opts *ProbeOptions) error {
	po, err := opts.probeRun()
	if err != nil {
		return err
	}
	// The capture, the events and the readers' work are bounded by --max-bytes and --max-events;
	// a soft memory limit in proportion keeps the collector from letting garbage double them.
	if limit := max(probeMemoryLimit, probeMemoryPerByte*int64(po.MaxBytes)); limit < debug.SetMemoryLimit(-1) {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(limit))
	}
	rep, runErr := probe.Run(ctx, po)
	if opts.JSON {
		if err := rep.WriteJSON(opts.Out); err != nil {
			return &cmdutil.ExitError{Code: cmdutil.ExitCannotRun, Err: fmt.Errorf("probe: write output: %w", err)}
		}
	} else if runErr == nil || rep.Status != 0 {
		p := &probeReport{r: report.New(opts.Out), rep: rep, all: opts.AllEvents}
		p.print(runErr == nil)
		if p.r.Err() != nil {
			return &cmdutil.ExitError{Code: cmdutil.ExitCannotRun, Err: fmt.Errorf("probe: write output: %w", p.r.Err())}
		}
	}
	if runErr != nil {
		if rep.Status == http.StatusUnsupportedMediaType && po.Body == nil {
			runErr = fmt.Errorf("%w: the probe sent no body; add --message TEXT or --data JSON", runErr)
		}
		return &cmdutil.ExitError{Code: cmdutil.ExitCannotRun, Err: runErr}
	}
	if !rep.Pass {
		// The report's last line is the verdict already; only JSON, which has no such line, needs it again.
		if !opts.JSON {
			return &cmdutil.ExitError{Code: cmdutil.ExitFail}
		}
		return &cmdutil.ExitError{Code: cmdutil.ExitFail, Err: errors.New("probe: " + probeVerdict(rep))}
	}
	return nil
}

// probeReport prints a probe's report in the course's layout, one function per section.
type probeReport struct {
	r   *report.Report
	rep *probe.Report
	all bool // print every event
}

// print writes the report; a probe that stopped early has no result line, since its error
// says why, but its hazards and readers on what arrived.
func (p *probeReport) print(complete bool) {
	p.r.Heading("probe")
	if t := p.rep.Transport; t == probe.TransportWebSocket || t == probe.TransportSignalR {
		p.printMessages(complete)
		return
	}
	p.response()
	if p.rep.Status < 200 || p.rep.Status > 299 {
		return
	}
	p.events()
	p.timing()
	p.hazards(complete)
	p.readers()
	if !complete {
		return
	}
	p.r.Blank()
	p.r.Line("result: %s", probeVerdict(p.rep))
}

// response is the status line and the headers that decide how the stream travels.
func (p *probeReport) response() {
	rep := p.rep
	p.r.Title("%s %s", rep.Method, rep.URL)
	p.r.Line("%s %d %s", rep.Proto, rep.Status, rep.StatusText)
	rows := make([]report.Fact, 0, len(rep.Headers))
	for _, h := range rep.Headers {
		v := h.Value
		if v == "" {
			v = "(none)"
		}
		rows = append(rows, report.Fact{Label: h.Name, Value: v})
	}
	p.r.Facts(0, rows...)
	if rep.ErrorBody != "" {
		p.r.Line("body: %s", rep.ErrorBody)
	}
}

// events lists every event the reference reader dispatched, when it arrived and what it is.
func (p *probeReport) events() {
	p.r.Title("Events, as the HTML standard reads them (%d, %d bytes)", p.rep.EventCount, p.rep.Bytes)
	events := p.rep.Events
	if len(events) == 0 {
		if p.rep.Complete {
			p.r.Line("no events: this is not an event stream")
		} else {
			p.r.Line("none")
		}
		return
	}
	// A long stream shows its first and last few events, all the report keeps: the start and the
	// end are where streams differ, and the rows between would fill the terminal and the memory
	// alike.
	head, tail := len(events), 0
	if left := p.rep.EventsLeftOut; left > 0 {
		head = (len(events) + 1) / 2
		tail = len(events) - head
	}
	rows := make([][]string, 0, head+tail+1)
	row := func(i, n int) {
		e := events[i]
		id := e.ID
		if id == "" {
			id = "-"
		}
		rows = append(rows, []string{strconv.Itoa(n), e.At.String(), e.Type, id, strconv.Itoa(e.Lines), probeEventKind(e), probePreview(e.Data, 40)})
	}
	for i := range head {
		row(i, i+1)
	}
	if tail > 0 {
		rows = append(rows, []string{"…", "", "", "", "", "", fmt.Sprintf("(%d events left out: --all-events prints them)", p.rep.EventsLeftOut)})
		for i := head; i < len(events); i++ {
			row(i, p.rep.EventCount-len(events)+i+1)
		}
	}
	p.r.Table([]string{"event", "at", "type", "id", "lines", "kind", "data"}, rows)
}

func probeEventKind(e probe.Event) string {
	switch e.Kind {
	case probe.KindJSON:
		return "JSON " + e.Name
	case probe.KindError:
		return "error"
	}
	return e.Kind
}

// millisOrNone is a time of the report's timing, "(none)" for a part that never arrived.
func millisOrNone(m *probe.Millis) string {
	if m == nil {
		return "(none)"
	}
	return m.String()
}

// timing says when the parts arrived and whether the text was streamed or sent all at once.
func (p *probeReport) timing() {
	t := p.rep.Timing
	p.r.Title("Timing, from the request")
	p.r.Facts(0,
		report.Fact{Label: "headers", Value: t.Headers.String()},
		report.Fact{Label: "first event", Value: millisOrNone(t.FirstEvent)},
		report.Fact{Label: "first text", Value: millisOrNone(t.FirstText)},
		report.Fact{Label: "end", Value: t.End.String()},
		report.Fact{Label: "streamed", Value: streamedVerdict(t)},
	)
}

func streamedVerdict(t probe.Timing) string {
	return streamedAs(t, "text events", "JSON events (the stream has no text event)")
}

// streamedAs is streamedVerdict naming the events it measured as text or json says.
func streamedAs(t probe.Timing, text, json string) string {
	what := text
	if t.TextKind == probe.KindJSON {
		what = json
	}
	switch {
	case t.TextEvents == 0:
		return "no text arrived"
	case t.Streamed:
		return fmt.Sprintf("yes: %d %s spread over %s", t.TextEvents, what, t.Spread)
	case t.TextEvents == 1:
		return fmt.Sprintf("no: the text came in one event, %s after the request", *t.FirstText)
	}
	return fmt.Sprintf("no: %d %s within %s, the first %s after the request: the answer was whole before the first was sent",
		t.TextEvents, what, t.Spread, *t.FirstText)
}

// hazards lists what the wire does that loses or hides text; a stopped probe's are on the
// bytes that arrived, and leave out those about the stream's end, which it never reached.
func (p *probeReport) hazards(complete bool) {
	if complete {
		p.r.Title("Hazards on the wire")
	} else {
		p.r.Title("Hazards on the wire, in the %d bytes received", p.rep.Bytes)
	}
	if n := p.rep.ScanStopped; n > 0 {
		p.r.Line("(out of time: the scan stopped at line %d)", n)
	}
	if len(p.rep.Hazards) == 0 {
		p.r.Line("none")
		return
	}
	for _, h := range p.rep.Hazards {
		where := ""
		if len(h.Lines) > 0 {
			where = " (" + probeLines(h.Lines, max(h.LinesInAll, len(h.Lines))) + ")"
		}
		p.r.Line("%s%s: %s", h.Code, where, h.Detail)
	}
}

func probeLines(lines []int, all int) string { return numbered("line", lines, all) }

// readers is lesson 6's measure for each reader on the bytes received, or, with no answer,
// what each reader's user gets.
func (p *probeReport) readers() {
	ans := p.rep.Answer
	switch {
	case ans != nil && ans.OK:
		p.r.Title("What each reader gives, against the answer from %s (%d characters)", ans.Source, dotnet.UTF16Len(ans.Text))
	case ans != nil:
		p.r.Title("What each reader gives (no answer to compare with)")
		p.r.Line("answer: %s", ans.Problem)
		p.r.Blank()
	default:
		p.r.Title("What each reader gives (no answer to compare with: --answer-url or --answer-file)")
	}
	answered := ans != nil && ans.OK
	header := []string{"reader", "what the user gets"}
	if answered {
		header[1] = "against the answer"
	}
	rows := make([][]string, 0, len(p.rep.Readers))
	for _, r := range p.rep.Readers {
		cell := probePreview(r.Got, 60)
		switch {
		case r.NotMeasured != "":
			cell = "(not measured) " + r.NotMeasured
		case r.Throws != "":
			cell = report.Mark(report.Wrong, "(throws) "+r.Throws)
		case answered:
			cell = report.Judge(r.Exact, report.Lossy, r.Measure)
		}
		rows = append(rows, []string{r.Reader, cell})
	}
	p.r.Table(header, rows)
}

// probeVerdict says in one line why the probe passed or failed.
func probeVerdict(rep *probe.Report) string {
	if rep.Answer != nil && rep.Answer.OK {
		missed := 0
		for _, r := range rep.Readers {
			if !r.Exact {
				missed++
			}
		}
		if missed == 0 {
			return fmt.Sprintf("pass: every reader (%d) gets the answer exactly", len(rep.Readers))
		}
		return fmt.Sprintf("fail: %d of %d readers do not get the answer exactly", missed, len(rep.Readers))
	}
	if len(rep.Hazards) == 0 {
		return "pass: no hazard on the wire"
	}
	if rep.Complete && rep.EventCount == 0 && rep.Transport == probe.TransportSSE {
		return "fail: no events: this is not an event stream"
	}
	if len(rep.Hazards) == 1 {
		return "fail: 1 hazard on the wire"
	}
	return fmt.Sprintf("fail: %d hazards on the wire", len(rep.Hazards))
}

// probePreview shows the start of s as the lesson quotes chunks, cut to n characters.
func probePreview(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return report.QuoteChunk(s)
	}
	r := []rune(s)
	return report.QuoteChunk(string(r[:n])) + "…"
}
