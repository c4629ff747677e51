package l6

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/skills"
	"course/hostproc"
	"course/internal/dotnet"
	"course/internal/report"
	"course/lessons/kit"
	"course/lessons/kit/chathost"
	"course/stream/sse"
	"course/stream/wire"
)

const (
	// factWidth is the width the original program's format item gives the fact labels: its output
	// pins it, and no rule of the data explains it (one label is wider and pushes its value along).
	factWidth = 35
)

// Options is what `course l6` needs to run.
type Options struct {
	// Host says which host to start and how.
	Host chathost.Options
	// Browser adds Chromium's EventSource to the lesson's readers.
	Browser bool
	// Chrome is the browser to run for Browser and Screenshots; "" finds Chromium.
	Chrome string
	// Screenshots is a directory for pictures of the page's states; "" takes none.
	Screenshots string
}

// NewCmd builds `course l6`; runF replaces the lesson's run in tests of the flags.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l6", Long: `Lesson 6: the chatbot's answer on the wire.

Starts the chatbot host as a child process, with the model's address on a closed port,
captures /api/chatbot/chat and /api/chatbot/chat/stream, reads the stream as the HTML
standard says, and compares GA's sentence splitter, two SSE writers and three client
readers on the improvisation answer of lesson 5.`, Run: run, Exercises: Exercises, Check: checkBrowserFlags}, opts, runF)
	opts.Host.AddFlags(cmd)
	addBrowserFlags(cmd, opts)
	return cmd
}

// lesson carries what the sections share: the report and the host's captures.
type lesson struct {
	r    *report.Report
	host *hostproc.Host
	// chromium, when set, reads every stream the lesson's readers read.
	chromium *chromiumReader
	// streamSection is the title of the section that shows the host's stream.
	streamSection string
	// failure is the stream of section 4's question, which the screenshots show on the page.
	failure []byte
}

func run(ctx context.Context, w io.Writer, opts *Options) (err error) {
	ctx, cancel := context.WithTimeout(ctx, opts.Host.Budget())
	defer cancel()
	chromium, err := startChromium(ctx, opts)
	if err != nil {
		return fmt.Errorf("l6: %w", err)
	}
	if chromium != nil {
		defer chromium.close()
	}
	host, err := opts.Host.Start(ctx)
	if err != nil {
		return fmt.Errorf("l6: %w", err)
	}
	defer func() {
		if stopErr := host.Stop(); stopErr != nil && err == nil {
			err = fmt.Errorf("l6: stop host: %w", stopErr)
		}
	}()

	l := &lesson{r: report.New(w), host: host}
	if opts.Browser {
		l.chromium = chromium
		chromium.r = l.r
	}
	l.r.Heading("l6")
	var stream []byte
	var events []sse.Event
	var pinned, fixed []string
	answer := skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text
	return kit.RunSections(ctx, "l6", l.r,
		func() (err error) { stream, err = l.hostStream(ctx); return err },
		func() (err error) { events, err = l.standardEvents(stream); return err },
		func() error { return l.chatAnswer(ctx, stream, events) },
		func() error { return l.guardMiss(ctx, opts.Host.ModelURL) },
		func() error { pinned = l.pinnedChunks(answer); return nil },
		func() error { fixed = l.chunks743(answer); return nil },
		func() error { l.writersAndReaders(answer, pinned, fixed); return nil },
		func() error { return l.browserSections(ctx, opts, chromium, stream, pinned, fixed) })
}

// hostStream is section 1: the voicing question's stream, as the host sent it.
func (l *lesson) hostStream(ctx context.Context) ([]byte, error) {
	resp, err := l.post(ctx, chathost.StreamPath, chathost.VoicingQuestion)
	if err != nil {
		return nil, err
	}
	l.r.Title("POST %s %q", chathost.StreamPath, chathost.VoicingQuestion)
	l.streamSection = l.r.Section()
	l.r.Line("HTTP %d", resp.Status)
	l.r.Quote(cutLongLines(string(resp.Body)))
	if resp.Status != 200 {
		return nil, fmt.Errorf("the host answered %s with HTTP %d", chathost.StreamPath, resp.Status)
	}
	return resp.Body, nil
}

// standardEvents is section 2: the same stream through the reference reader.
func (l *lesson) standardEvents(stream []byte) ([]sse.Event, error) {
	var events []sse.Event
	var rows [][]string
	for ev, err := range sse.Read(bytes.NewReader(stream)) {
		if err != nil {
			return nil, fmt.Errorf("read the host's stream: %w", err)
		}
		events = append(events, ev)
		rows = append(rows, []string{
			fmt.Sprintf("event %d", len(events)),
			wire.Kind(ev.Data),
			fmt.Sprintf("%d line(s)", strings.Count(ev.Data, "\n")+1),
		})
	}
	l.r.Title("The same stream, read as the HTML standard says")
	l.r.Table(nil, rows)
	return events, nil
}

// chatAnswer is section 3: /chat's answer against the stream's text events, and the course's
// copy of the host's writer against the host's bytes.
func (l *lesson) chatAnswer(ctx context.Context, stream []byte, events []sse.Event) error {
	resp, err := l.post(ctx, chathost.ChatPath, chathost.VoicingQuestion)
	if err != nil {
		return err
	}
	if resp.Status != 200 {
		return fmt.Errorf("the host answered %s with HTTP %d: %s", chathost.ChatPath, resp.Status, bodyLine(resp.Body))
	}
	raw, ok := chatAnswerText(resp)
	if !ok {
		return fmt.Errorf("read the answer of %s: no naturalLanguageAnswer in %s", chathost.ChatPath, bodyLine(resp.Body))
	}
	answer := dotnet.ReplaceLineEndings(raw, "\n")

	var joined strings.Builder
	for _, ev := range events {
		if wire.Kind(ev.Data) == "text" {
			joined.WriteString(ev.Data)
		}
	}
	equal := report.Mark(report.Right, "yes (line breaks as LF)")
	if got := joined.String(); got != answer {
		equal = report.Mark(report.Lossy, "no, "+wire.Compare(answer, got).String()+" (line breaks as LF)")
	}
	copyGives := report.Mark(report.Wrong, "no")
	if bytes.HasSuffix(stream, wire.GaChatbot.Stream(wire.SplitPinned(raw))) {
		copyGives = report.Mark(report.Right, "yes")
	}
	l.r.Blank()
	l.r.Facts(factWidth,
		report.Fact{Label: "POST " + chathost.ChatPath, Value: fmt.Sprintf("HTTP %d, answer of %d characters", resp.Status, chars(answer))},
		report.Fact{Label: "text events joined, equal to it", Value: equal},
		report.Fact{Label: "the course's copy of the host's writer gives the host's bytes", Value: copyGives},
	)
	return nil
}

// guardMiss is section 4: a question the guards miss, on both endpoints, and what each reader
// makes of the stream. Without a model server both fail, and the table shows what the user gets;
// with one, it measures what each reader delivers against /chat's answer.
func (l *lesson) guardMiss(ctx context.Context, modelURL string) error {
	chat, err := l.post(ctx, chathost.ChatPath, wire.ArpeggioQuestion)
	if err != nil {
		return err
	}
	stream, err := l.post(ctx, chathost.StreamPath, wire.ArpeggioQuestion)
	if err != nil {
		return err
	}
	if modelURL == "" {
		l.r.Title("%q with no model server", wire.ArpeggioQuestion)
	} else {
		l.r.Title("%q with the model server at %s", wire.ArpeggioQuestion, modelURL)
	}
	l.r.Facts(0,
		report.Fact{Label: "POST " + chathost.ChatPath, Value: fmt.Sprintf("HTTP %d", chat.Status)},
		report.Fact{Label: "POST " + chathost.StreamPath, Value: fmt.Sprintf("HTTP %d", stream.Status)},
	)
	l.r.Quote(cutLongLines(string(stream.Body)))

	answer, answered := chatAnswerText(chat)
	header := []string{"reader", "what the user gets"}
	if answered {
		header[1] = "against /chat's answer"
	}
	l.failure = stream.Body
	readers := l.readers()
	rows := make([][]string, 0, len(readers))
	for _, rd := range readers {
		got, err := rd.Read(stream.Body)
		switch {
		case err != nil:
			got = report.Mark(report.Wrong, "(throws) "+err.Error())
		case answered:
			m := wire.Compare(answer, got)
			got = report.Judge(m.Exact(), report.Lossy, m.String())
		}
		rows = append(rows, []string{rd.Name, got})
	}
	l.r.Blank()
	l.r.Table(header, rows)
	return nil
}

// pinnedChunks is section 5: SseChunker at a826864 on the improvisation answer.
func (l *lesson) pinnedChunks(answer string) []string {
	chunks := wire.SplitPinned(answer)
	l.r.Title("SseChunker.SplitIntoChunks on the improvisation skill's answer (GA at a826864)")
	l.r.Line("answer: %d lines of text, %d line breaks, %d characters",
		wire.TextLines(answer), strings.Count(answer, "\n"), chars(answer))
	l.chunkRows(answer, chunks)
	l.r.Line("joined, as the page renders it:")
	l.r.Quote(strings.Join(chunks, ""))
	return chunks
}

// chunks743 is section 6: the same answer split by #743's expression.
func (l *lesson) chunks743(answer string) []string {
	chunks := wire.Split743(answer)
	l.r.Title("The same answer split by #743's expression %s", wire.Pattern743)
	l.chunkRows(answer, chunks)
	return chunks
}

func (l *lesson) chunkRows(answer string, chunks []string) {
	rows := make([][]string, len(chunks))
	for i, c := range chunks {
		rows[i] = []string{fmt.Sprintf("chunk %d", i+1), report.QuoteChunk(c)}
	}
	l.r.Table(nil, rows)
	joined := strings.Join(chunks, "")
	l.r.Line("joined: %d characters, %s", chars(joined), wire.Compare(answer, joined))
}

// writersAndReaders is section 7: every writer with every reader, on both splits.
func (l *lesson) writersAndReaders(answer string, pinned, fixed []string) {
	l.r.Title("Each writer with each reader, on the improvisation answer")
	rows, _, _ := pairRows(answer, pinned, fixed, wire.GaWriters(), l.readers())
	l.r.Table([]string{"writer", "reader", "chunks at a826864", "chunks after #743"}, rows)
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

// delivered measures what reader rd gives the user from stream against the answer: the cell the
// tables print, and whether the user got the answer exactly.
func delivered(answer string, rd wire.Reader, stream []byte) (cell string, exact bool) {
	got, err := rd.Read(stream)
	if err != nil {
		return report.Mark(report.Wrong, "(throws) "+err.Error()), false
	}
	m := wire.Compare(answer, got)
	return report.Judge(m.Exact(), report.Lossy, m.String()), m.Exact()
}

// chatAnswerText is the answer of a successful /chat response, as the host wrote it.
func chatAnswerText(resp *hostproc.Response) (string, bool) {
	if resp.Status != 200 {
		return "", false
	}
	var body struct {
		Answer *string `json:"naturalLanguageAnswer"`
	}
	if err := json.Unmarshal(resp.Body, &body); err != nil || body.Answer == nil {
		return "", false
	}
	return *body.Answer, true
}

func (l *lesson) post(ctx context.Context, path, message string) (*hostproc.Response, error) {
	return l.host.Chat(ctx, path, message)
}

// cutLongLines shortens every line over 100 characters (the routing event, whose trace changes
// on every run) to its text up to the last comma at or before index 60, followed by "…".
func cutLongLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		r := []rune(l)
		if len(r) <= 100 {
			continue
		}
		if c := strings.LastIndex(string(r[:61]), ","); c >= 0 {
			lines[i] = string(r[:61])[:c+1] + "…"
		}
	}
	return strings.Join(lines, "\n")
}

// chars counts characters as .NET's String.Length does, in UTF-16 code units, the unit GA's
// limits and the lesson's counts use.
func chars(s string) int { return dotnet.UTF16Len(s) }

// firstLine is the first line of s, cut to n characters by kit.Cut.
func firstLine(s string, n int) string {
	line, _, _ := strings.Cut(s, "\n")
	return kit.Cut(line, n)
}

// bodyLine is the start of a response's body, for an error that quotes it.
func bodyLine(b []byte) string {
	if len(b) == 0 {
		return "(empty body)"
	}
	return firstLine(string(b), 201)
}
