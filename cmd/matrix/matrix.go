package matrix

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/skills"
	"course/internal/cmdutil"
	"course/internal/dotnet"
	"course/internal/report"
	"course/stream/wire"
	"course/stream/wire/transport"
)

// MatrixOptions is what `course matrix` needs to run.
type MatrixOptions struct {
	// Out receives the matrix.
	Out io.Writer
	// In is standard input, read when TextFile is "-".
	In io.Reader
	// TextFile is the text to stream: a file, "-" for standard input, "" for the improvisation answer.
	TextFile string
	// Writers and Readers select systems by key; empty selects all.
	Writers, Readers []string
	// Split is how the text becomes chunks: "743", "pinned" or "none".
	Split string
	// Error streams each writer's failure instead of the text.
	Error bool
	// CRLF writes every stream's lines with CRLF.
	CRLF bool
	// Hazards streams the adversarial inputs instead of the text.
	Hazards bool
	// JSON prints one JSON record per line instead of the grid.
	JSON bool
	// Transport is the transport the answer travels over: sse, websocket, signalr or all.
	Transport string
}

// NewCmdMatrix builds `course matrix`; runF replaces the run in tests of the flags.
func NewCmdMatrix(runF func(context.Context, *MatrixOptions) error) *cobra.Command {
	opts := &MatrixOptions{}
	cmd := &cobra.Command{
		Use:   "matrix",
		Short: "Every writer against every reader",
		Long: `Streams one text through every writer of the systems the course compares and reads
each stream with every reader: GA's hosts and clients, .NET's SseFormatter, the Foundry agent
web app and its skill, AG-UI, OpenAI chat completions and Bit.BlazorUI.AI (as documented), a
browser's EventSource, @ag-ui/client ` + wire.AgUiClientVersion + ` and the OpenAI SDK's Stream.

The grid has a row per writer and a column per reader; each cell is a short code for what that
reader's user gets, and the legend under the grid spells every code out: "exact", what is
missing, what the client throws, "(never completes)", or "(not its format)". --json prints the
same as JSON records, one per line, each cell with the text the user got and its measure.

The text is split into chunks by #743's expression unless --split says otherwise; that split
adds no loss of its own, so what differs comes from the wire.

--transport websocket, signalr or all carries the answer over Bit.BlazorUI.AI's other two
transports too, every pair a real connection on loopback: its WebSocket endpoint and hub (as
documented), bitplatform's Boilerplate chat hub, and a hub that splits records across messages,
read by the course's clients, coder/websocket, and models of npm ws and @microsoft/signalr. The
tool-call approvals follow: which readers surface the request, and what becomes of a decision.

Writers: ` + strings.Join(wire.WriterKeys(), ", ") + `.
Readers: ` + cmdutil.WrapList(wire.ReaderKeys(), "Readers: ") + `.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.Out = cmd.OutOrStdout()
			opts.In = cmd.InOrStdin()
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runMatrix(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.TextFile, "text", "", "stream the text of `FILE` (- for standard input) instead of the improvisation answer")
	f.StringSliceVar(&opts.Writers, "writers", nil, "only these writers, by key (see above)")
	f.StringSliceVar(&opts.Readers, "readers", nil, "only these readers, by key (see above); the fixed ones only when named")
	f.StringVar(&opts.Split, "split", "743", "cut the text into chunks by #743's expression (743), SseChunker at a826864 (pinned), or not at all (none)")
	f.BoolVar(&opts.Error, "error", false, "stream each writer's failure instead of the text")
	f.BoolVar(&opts.CRLF, "crlf", false, "end every line of every stream with CRLF")
	f.BoolVar(&opts.Hazards, "hazards", false, "stream the adversarial inputs the systems invite")
	f.BoolVar(&opts.JSON, "json", false, "print JSON records, one a line: the text, each writer, each reader, each cell")
	f.StringVar(&opts.Transport, "transport", "sse", "carry the answer as server-sent events (sse), over a WebSocket (websocket), a SignalR hub (signalr), or all three (all)")
	cmd.MarkFlagsMutuallyExclusive("error", "hazards")
	_ = cmd.RegisterFlagCompletionFunc("transport", cmdutil.CompleteOne(func() []string { return transport.Names }))
	_ = cmd.RegisterFlagCompletionFunc("writers", cmdutil.CompleteList(wire.WriterKeys))
	_ = cmd.RegisterFlagCompletionFunc("readers", cmdutil.CompleteList(wire.ReaderKeys))
	_ = cmd.RegisterFlagCompletionFunc("split", cmdutil.CompleteOne(func() []string { return wire.SplitNames }))
	return cmd
}

// matrix carries what the sections share.
type matrix struct {
	r       *report.Report
	writers []wire.Writer
	readers []wire.Reader
	eol     string
	json    *json.Encoder
}

func runMatrix(ctx context.Context, opts *MatrixOptions) error {
	kinds, err := transportKinds(opts)
	if err != nil {
		return fmt.Errorf("matrix: %w", err)
	}
	sse := kinds[0] == transport.SSE
	// --writers and --readers pick within one transport: the SSE systems' keys only over SSE.
	sseWriters, sseReaders := opts.Writers, opts.Readers
	if !sse {
		sseWriters, sseReaders = nil, nil
	}
	writers, err := wire.WritersByKey(sseWriters)
	if err != nil {
		return fmt.Errorf("matrix: %w", err)
	}
	readers, err := wire.ReadersByKey(sseReaders)
	if err != nil {
		return fmt.Errorf("matrix: %w", err)
	}
	split, err := wire.SplitterFor(opts.Split)
	if err != nil {
		return fmt.Errorf("matrix: %w", err)
	}
	m := &matrix{r: report.New(opts.Out), writers: writers, readers: readers, eol: "\n"}
	if opts.CRLF {
		m.eol = "\r\n"
	}
	if opts.JSON {
		m.json = json.NewEncoder(opts.Out)
		m.json.SetEscapeHTML(false)
	} else {
		m.r.Heading("matrix")
	}
	var text string
	var chunks []string
	if !opts.Hazards && !opts.Error {
		t, source, err := matrixText(opts)
		if err != nil {
			return fmt.Errorf("matrix: %w", err)
		}
		text, chunks = t, split.Split(t)
		m.theText(text, source, split, chunks)
	}
	if sse {
		m.systems()
		switch {
		case opts.Hazards:
			m.hazards()
		case opts.Error:
			m.failures()
		default:
			m.everyPair(text, chunks)
		}
		kinds = kinds[1:]
	}
	if err := m.overTransports(ctx, opts, kinds, text, chunks); err != nil {
		return fmt.Errorf("matrix: %w", err)
	}
	if m.r.Err() != nil {
		return fmt.Errorf("matrix: write output: %w", m.r.Err())
	}
	return nil
}

// record writes one JSON record; the first error is kept in the report, as the text's are.
func (m *matrix) record(v any) {
	if m.r.Err() == nil {
		m.r.SetErr(m.json.Encode(v))
	}
}

// textRecord is the --json record of the text streamed.
type textRecord struct {
	Record     string   `json:"record"`
	Source     string   `json:"source"`
	Text       string   `json:"text"`
	Lines      int      `json:"lines"`
	LineBreaks int      `json:"lineBreaks"`
	Characters int      `json:"characters"`
	Split      string   `json:"split"`
	Chunks     []string `json:"chunks"`
	LineEnds   string   `json:"lineEnds"`
}

// theText is the first section: what is streamed, and how.
func (m *matrix) theText(text, source string, split wire.Splitter, chunks []string) {
	if m.json != nil {
		m.record(textRecord{"text", source, text, wire.TextLines(text), strings.Count(text, "\n"), dotnet.UTF16Len(text),
			split.Label, chunks, m.eolShort()})
		return
	}
	m.r.Title("The text")
	m.r.Facts(0,
		report.Fact{Label: "text", Value: source},
		report.Fact{Label: "size", Value: fmt.Sprintf("%d lines of text, %d line breaks, %d characters", wire.TextLines(text), strings.Count(text, "\n"), dotnet.UTF16Len(text))},
		report.Fact{Label: "chunks", Value: fmt.Sprintf("%d, %s", len(chunks), split.Label)},
		report.Fact{Label: "line ends", Value: m.eolShort()},
	)
}

// systemRecord is the --json record of one writer or reader.
type systemRecord struct {
	Record     string   `json:"record"`
	Transport  string   `json:"transport,omitempty"`
	Key        string   `json:"key"`
	Name       string   `json:"name"`
	Fix        string   `json:"fix,omitempty"`
	Documented bool     `json:"documented,omitempty"`
	Formats    []string `json:"formats,omitempty"`
}

// systems names the writers and readers by the keys the grid uses.
func (m *matrix) systems() {
	if m.json != nil {
		for _, w := range m.writers {
			m.record(systemRecord{Record: "writer", Key: w.Key, Name: w.Name, Fix: w.Fix, Documented: w.Documented, Formats: []string{w.Format.String()}})
		}
		for _, rd := range m.readers {
			var formats []string
			for _, f := range rd.Formats {
				formats = append(formats, f.String())
			}
			m.record(systemRecord{Record: "reader", Key: rd.Key, Name: rd.Name, Fix: rd.Fix, Formats: formats})
		}
		return
	}
	m.r.Title("The writers and readers")
	rows := make([][]string, max(len(m.writers), len(m.readers)))
	for i := range rows {
		rows[i] = []string{"", "", "", ""}
		if i < len(m.writers) {
			rows[i][0], rows[i][1] = m.writers[i].Key, m.writers[i].Label()
		}
		if i < len(m.readers) {
			rows[i][2], rows[i][3] = m.readers[i].Key, m.readers[i].Name
		}
	}
	m.r.Table([]string{"writer", "", "reader", ""}, rows)
}

// cellRecord is the --json record of one pair: what the reader's user got from the writer's
// stream.
type cellRecord struct {
	Record string `json:"record"`
	// Transport is the transport of a WebSocket or SignalR pair; none over SSE.
	Transport string `json:"transport,omitempty"`
	Hazard    string `json:"hazard,omitempty"`
	Writer    string `json:"writer"`
	Reader    string `json:"reader"`
	// Cell is the cell as the grid's legend spells it out.
	Cell string `json:"cell"`
	// Outcome is "text", "throws", "never completes" or "not its format".
	Outcome string `json:"outcome"`
	// Text is what the user is shown: the text read, or what was on screen when the read ended.
	Text  string `json:"text"`
	Error string `json:"error,omitempty"`
	// Measure is the text against the text streamed; none for a failure stream.
	Measure *measureRecord `json:"measure,omitempty"`
}

// verdict is what the read came to, for the grid's colour: the text exact, changed, or a
// failure the user meets (a throw, a stream that never completes); none for a stream the reader
// does not claim to read, or a failure stream with no text to measure against.
func (c cellRecord) verdict() report.Verdict {
	switch {
	case c.Outcome == "throws" || c.Outcome == "never completes":
		return report.Wrong
	case c.Outcome != "text" || c.Measure == nil:
		return 0
	case c.Measure.Exact:
		return report.Right
	}
	return report.Lossy
}

// measureRecord is wire.Measure with its fields named for JSON.
type measureRecord struct {
	Exact       bool `json:"exact"`
	Lines       int  `json:"lines"`
	Missing     int  `json:"missing"`
	Moved       int  `json:"moved"`
	Breaks      int  `json:"lineBreaksMissing"`
	ExtraBreaks int  `json:"extraLineBreaks"`
	Extra       int  `json:"extraLines"`
}

// newCell is the record of one read, by the writer's and reader's keys; text is what was
// streamed, "" with measured false for a failure stream.
func newCell(writer, reader string, text string, measuredAgainst bool, got string, err error) cellRecord {
	c := cellRecord{Record: "cell", Writer: writer, Reader: reader, Text: got, Outcome: "text"}
	var nc *wire.NeverCompletesError
	switch {
	case err == nil:
	case errors.As(err, &nc):
		c.Outcome, c.Text = "never completes", nc.Shown
	case errors.Is(err, wire.ErrNotItsFormat):
		c.Outcome = "not its format"
	default:
		c.Outcome, c.Error = "throws", err.Error()
	}
	if measuredAgainst {
		c.Cell = wire.Measured(text, got, err)
		if err == nil {
			ms := wire.Compare(text, got)
			c.Measure = &measureRecord{ms.Exact(), ms.Lines, ms.Missing, ms.Moved, ms.Breaks, ms.ExtraBreaks, ms.Extra}
		}
	} else {
		c.Cell = shown(got, err)
	}
	return c
}

// everyPair is the matrix itself: each writer's stream of the text through each reader.
func (m *matrix) everyPair(text string, chunks []string) {
	var cells []cellRecord
	for _, w := range m.writers {
		stream := w.Success(wire.Input{Chunks: chunks, EOL: m.eol})
		for _, rd := range m.readers {
			got, err := rd.ReadFormat(stream, w.Format)
			cells = append(cells, newCell(w.Key, rd.Key, text, true, got, err))
		}
	}
	m.grid(fmt.Sprintf("Each writer (down) with each reader (across), %s", m.eolName()), m.writerKeys(), m.readerKeys(), cells)
}

// failures is the --error run: each writer's failure stream, then what each reader's user sees.
func (m *matrix) failures() {
	streams := make([][]byte, len(m.writers))
	for i, w := range m.writers {
		streams[i] = w.Failure(wire.Input{EOL: m.eol})
	}
	if m.json == nil {
		m.r.Title("What each writer sends when answering fails, %s", m.eolName())
		for i, w := range m.writers {
			m.r.Line("%s", w.Label())
			if len(streams[i]) == 0 {
				m.r.Line("  (no bytes: the response is cut off)")
				continue
			}
			m.quoteFitted(strings.ReplaceAll(string(streams[i]), "\r", `\r`))
		}
	}
	var cells []cellRecord
	for i, w := range m.writers {
		for _, rd := range m.readers {
			got, err := rd.ReadFormat(streams[i], w.Format)
			cells = append(cells, newCell(w.Key, rd.Key, "", false, got, err))
		}
	}
	m.grid("What each user sees when answering fails", m.writerKeys(), m.readerKeys(), cells)
}

// quoteFitted quotes text as report.quote does, each line cut to the reading width behind the
// report.Continuation mark, so that wire bytes of any length fit.
func (m *matrix) quoteFitted(text string) {
	text = strings.TrimSuffix(text, "\n")
	for l := range strings.SplitSeq(text, "\n") {
		for _, piece := range report.Fit(strings.TrimRight("  | "+l, " "), report.DefaultWidth) {
			m.r.Line("%s", piece)
		}
	}
}

func (m *matrix) writerKeys() []string {
	keys := make([]string, len(m.writers))
	for i, w := range m.writers {
		keys[i] = w.Key
	}
	return keys
}

func (m *matrix) readerKeys() []string {
	keys := make([]string, len(m.readers))
	for i, rd := range m.readers {
		keys[i] = rd.Key
	}
	return keys
}

func (m *matrix) eolName() string {
	return "lines ending in " + m.eolShort()
}

func (m *matrix) eolShort() string {
	if m.eol == "\r\n" {
		return "CRLF"
	}
	return "LF"
}

// shown is an --error cell: the text the user sees as it is, with line breaks written out.
func shown(got string, err error) string {
	if cell, ok := wire.Outcome(err); ok {
		return cell
	}
	if got == "" {
		return "(nothing)"
	}
	return strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(got)
}

// clipWidth cuts s to at most width display columns, ending it with "…" when cut.
func clipWidth(s string, width int) string {
	if report.Width(s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && report.Width(string(r))+1 > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// matrixText is the text to stream and where it came from.
func matrixText(opts *MatrixOptions) (text, source string, err error) {
	switch opts.TextFile {
	case "":
		return skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text, fmt.Sprintf("the improvisation skill's answer to %q", wire.ArpeggioQuestion), nil
	case "-":
		b, err := io.ReadAll(opts.In)
		if err != nil {
			return "", "", fmt.Errorf("read standard input: %w", err)
		}
		return string(b), "standard input", nil
	}
	b, err := os.ReadFile(opts.TextFile)
	if err != nil {
		return "", "", fmt.Errorf("read the text: %w", err)
	}
	return string(b), opts.TextFile, nil
}
