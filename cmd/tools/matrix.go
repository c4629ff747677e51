package tools

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"course/exercises/l6/check"
	"course/ga/skills"
	"course/internal/dotnet"
	"course/internal/report"
	"course/stream/probe"
	"course/stream/wire"
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
}

// splitNames are the values --split takes, for its help and its completion.
var splitNames = []string{"743", "pinned", "none"}

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

Writers: ` + strings.Join(wire.WriterKeys(), ", ") + `.
Readers: ` + wrapList(wire.ReaderKeys(), "Readers: ") + `.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.Out = cmd.OutOrStdout()
			opts.In = cmd.InOrStdin()
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runMatrix(opts)
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
	cmd.MarkFlagsMutuallyExclusive("error", "hazards")
	_ = cmd.RegisterFlagCompletionFunc("writers", completeList(wire.WriterKeys))
	_ = cmd.RegisterFlagCompletionFunc("readers", completeList(wire.ReaderKeys))
	_ = cmd.RegisterFlagCompletionFunc("split", completeOne(func() []string { return splitNames }))
	return cmd
}

// wrapList joins keys with ", ", breaking the line before it would pass the reading width; the
// lines after the first are indented as far as lead is long.
func wrapList(keys []string, lead string) string {
	var b strings.Builder
	col := len(lead)
	for i, k := range keys {
		piece := k
		if i < len(keys)-1 {
			piece += ","
		}
		if i > 0 {
			if col+1+len(piece) > report.DefaultWidth-1 {
				b.WriteString("\n" + strings.Repeat(" ", len(lead)))
				col = len(lead)
			} else {
				b.WriteByte(' ')
				col++
			}
		}
		b.WriteString(piece)
		col += len(piece)
	}
	return b.String()
}

// completeOne completes a flag that takes one of values.
func completeOne(values func() []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var out []cobra.Completion
		for _, v := range values() {
			if strings.HasPrefix(v, toComplete) {
				out = append(out, v)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeList completes a flag that takes a comma-separated list of values: the last item of
// the list, after the items already typed.
func completeList(values func() []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		done, last := "", toComplete
		if i := strings.LastIndex(toComplete, ","); i >= 0 {
			done, last = toComplete[:i+1], toComplete[i+1:]
		}
		var out []cobra.Completion
		for _, v := range values() {
			if strings.HasPrefix(v, last) && !strings.Contains(","+done, ","+v+",") {
				out = append(out, done+v)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}

// matrix carries what the sections share.
type matrix struct {
	r       *report.Report
	writers []wire.Writer
	readers []wire.Reader
	eol     string
	json    *json.Encoder
}

func runMatrix(opts *MatrixOptions) error {
	writers, err := wire.WritersByKey(opts.Writers)
	if err != nil {
		return fmt.Errorf("matrix: %w", err)
	}
	readers, err := wire.ReadersByKey(opts.Readers)
	if err != nil {
		return fmt.Errorf("matrix: %w", err)
	}
	split, err := splitterFor(opts.Split)
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
	switch {
	case opts.Hazards:
		m.systems()
		m.hazards()
	case opts.Error:
		m.systems()
		m.failures()
	default:
		text, source, err := matrixText(opts)
		if err != nil {
			return fmt.Errorf("matrix: %w", err)
		}
		chunks := split.split(text)
		m.theText(text, source, split, chunks)
		m.systems()
		m.everyPair(text, chunks)
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
func (m *matrix) theText(text, source string, split splitter, chunks []string) {
	if m.json != nil {
		m.record(textRecord{"text", source, text, wire.TextLines(text), strings.Count(text, "\n"), dotnet.UTF16Len(text),
			split.label, chunks, m.eolShort()})
		return
	}
	m.r.Title("The text")
	m.r.Facts(0,
		report.Fact{Label: "text", Value: source},
		report.Fact{Label: "size", Value: fmt.Sprintf("%d lines of text, %d line breaks, %d characters", wire.TextLines(text), strings.Count(text, "\n"), dotnet.UTF16Len(text))},
		report.Fact{Label: "chunks", Value: fmt.Sprintf("%d, %s", len(chunks), split.label)},
		report.Fact{Label: "line ends", Value: m.eolShort()},
	)
}

// systemRecord is the --json record of one writer or reader.
type systemRecord struct {
	Record     string   `json:"record"`
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
	Hazard string `json:"hazard,omitempty"`
	Writer string `json:"writer"`
	Reader string `json:"reader"`
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

// newCell is the record of one read; text is what was streamed, "" with measured false for a
// failure stream.
func newCell(w wire.Writer, rd wire.Reader, text string, measuredAgainst bool, got string, err error) cellRecord {
	c := cellRecord{Record: "cell", Writer: w.Key, Reader: rd.Key, Text: got, Outcome: "text"}
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
		c.Cell = measured(text, got, err)
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
			cells = append(cells, newCell(w, rd, text, true, got, err))
		}
	}
	m.grid(fmt.Sprintf("Each writer (down) with each reader (across), %s", m.eolName()), cells)
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
			cells = append(cells, newCell(w, rd, "", false, got, err))
		}
	}
	m.grid("What each user sees when answering fails", cells)
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

// Codes the grid gives the outcomes every run meets; any other cell gets a letter.
var fixedCodes = []struct{ cell, code, meaning string }{
	{"exact", "ok", "exact: the text, byte for byte"},
	{"(not its format)", "--", "(not its format): the stream had data, the reader understood none of it"},
	{"(never completes)", "nc", "(never completes): the stream ended, the client still shows it streaming"},
	{"(nothing)", "..", "(nothing): the user sees nothing"},
}

// grid prints cells, in writer-major order, as a grid with a row per writer and a column per
// reader, each cell a code, then the legend of the codes. Reader columns that would pass the
// reading width go on to another block of the grid.
func (m *matrix) grid(title string, cells []cellRecord) {
	if m.json != nil {
		for _, c := range cells {
			m.record(c)
		}
		return
	}
	codes := map[string]string{}
	var legend [][2]string
	for _, fc := range fixedCodes {
		for _, c := range cells {
			if c.Cell == fc.cell {
				codes[fc.cell] = fc.code
				legend = append(legend, [2]string{fc.code, fc.meaning})
				break
			}
		}
	}
	for _, c := range cells {
		if _, ok := codes[c.Cell]; !ok {
			code := letterCode(len(codes) - countFixed(codes))
			codes[c.Cell] = code
			legend = append(legend, [2]string{code, oneLine(c.Cell)})
		}
	}
	m.r.Title("%s", title)
	writerWidth := len("writer")
	for _, w := range m.writers {
		writerWidth = max(writerWidth, len(w.Key))
	}
	for start := 0; start < len(m.readers); {
		width, end := writerWidth, start
		for end < len(m.readers) && (end == start || width+2+len(m.readers[end].Key) <= report.DefaultWidth) {
			width += 2 + len(m.readers[end].Key)
			end++
		}
		if start > 0 {
			m.r.Blank()
		}
		header := []string{"writer"}
		for _, rd := range m.readers[start:end] {
			header = append(header, rd.Key)
		}
		var rows [][]string
		for wi, w := range m.writers {
			row := []string{w.Key}
			for ri := start; ri < end; ri++ {
				c := cells[wi*len(m.readers)+ri]
				row = append(row, report.Mark(c.verdict(), codes[c.Cell]))
			}
			rows = append(rows, row)
		}
		m.r.Table(header, rows)
		start = end
	}
	m.r.Title("What the codes mean")
	codeWidth := 0
	for _, l := range legend {
		codeWidth = max(codeWidth, len(l[0]))
	}
	for _, l := range legend {
		indent := strings.Repeat(" ", codeWidth+2)
		for i, piece := range report.Fit(indent+l[1], report.DefaultWidth) {
			if i == 0 {
				piece = report.Pad(l[0], codeWidth+2) + strings.TrimPrefix(piece, indent)
			}
			m.r.Line("%s", piece)
		}
	}
}

func countFixed(codes map[string]string) int {
	n := 0
	for _, fc := range fixedCodes {
		if _, ok := codes[fc.cell]; ok {
			n++
		}
	}
	return n
}

// letterCode is the n-th code for a cell of its own: a to z, then A to Z, then a number.
func letterCode(n int) string {
	switch {
	case n < 26:
		return string(rune('a' + n))
	case n < 52:
		return string(rune('A' + n - 26))
	}
	return fmt.Sprint(n - 51)
}

// oneLine is a cell's text on one line: an error message of several lines keeps its words.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// hazard is one adversarial input: chunks as a server produces them, and a conversation id.
type hazard struct {
	title          string
	chunks         []string
	conversationID string
}

// hazards are the inputs the systems invite: each is given as the chunks a model's tokens or a
// chunker would produce, so a writer gets exactly the pieces that trouble it.
var hazards = []hazard{
	{title: "a line that is [DONE]", chunks: []string{"When you are finished, type the next line.\n", "[DONE]\n", "The stream goes on.\n"}},
	{title: "a chunk equal to the one before it", chunks: []string{"Two lines:", "\n", "\n", "*", "*", "Am", "*", "*", "\n"}},
	{title: "a blank line inside a chunk", chunks: []string{"First paragraph.\n\nSecond paragraph.\n"}},
	{title: "a line that names an event", chunks: []string{"Chords to try:\nevent: turnaround\nAm7 D7 G.\n"}},
	{title: `a conversation id with "`, chunks: []string{"Hello.\n"}, conversationID: `conv"1`},
	{title: `a conversation id with \`, chunks: []string{"Hello.\n"}, conversationID: `conv\1`},
	{title: `the conversation id x","type":"done`, chunks: []string{"Hello.\n"}, conversationID: `x","type":"done`},
	{title: "a text with CR", chunks: []string{"Line one.\r\n", "Line two.\r\n", "50%\r100%\n"}},
	{title: "a text with U+2028", chunks: []string{"Am F C G\u2028", "is the progression.\u2028"}},
}

// hazards is the --hazards run: each input through the pairs whose reader is written for its
// writer's format, since a reader meeting a foreign format fails on any text; the pairs that
// deliver the input exactly are counted, the others shown.
func (m *matrix) hazards() {
	for _, h := range hazards {
		text := strings.Join(h.chunks, "")
		var failing [][]string
		var thrown []bool // for each failing pair, whether the reader failed rather than changed the text
		pairs := 0
		for _, w := range m.writers {
			stream := w.Success(wire.Input{Chunks: h.chunks, ConversationID: h.conversationID, EOL: m.eol})
			for _, rd := range m.readers {
				if !rd.Speaks(w.Format) {
					continue
				}
				pairs++
				got, err := rd.ReadFormat(stream, w.Format)
				if m.json != nil {
					c := newCell(w, rd, text, true, got, err)
					c.Hazard = h.title
					m.record(c)
					continue
				}
				if err != nil || got != text {
					failing = append(failing, []string{w.Key, rd.Key, shownQuoted(got, err)})
					thrown = append(thrown, err != nil)
				}
			}
		}
		if m.json != nil {
			continue
		}
		m.r.Title("Hazard: %s", h.title)
		quoted := make([]string, len(h.chunks))
		for i, c := range h.chunks {
			quoted[i] = quoteVisible(c)
		}
		rows := []report.Fact{{Label: "chunks", Value: strings.Join(quoted, " ")}}
		if h.conversationID != "" {
			rows = append(rows, report.Fact{Label: "conversation id", Value: quoteVisible(h.conversationID)})
		}
		m.r.Facts(0, rows...)
		m.r.Line("exact in %d of the %d pairs that share a format; the others:", pairs-len(failing), pairs)
		if len(failing) > 0 {
			widths := report.ColumnWidths([]string{"writer", "reader"}, failing)
			room := report.DefaultWidth - widths[0] - widths[1] - 4
			for i, row := range failing {
				// Marked after clipping, which measures the text: a changed text yellow, a failure red.
				v := report.Lossy
				if thrown[i] {
					v = report.Wrong
				}
				row[2] = report.Mark(v, clipWidth(row[2], room))
			}
			m.r.Table([]string{"writer", "reader", "what the user sees"}, failing)
		}
	}
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

// measured is a matrix cell: the lesson's measure of what the user got against the text, or
// how the read ended instead.
func measured(text, got string, err error) string {
	if cell, ok := outcome(err); ok {
		return cell
	}
	return wire.Compare(text, got).String()
}

// shown is an --error cell: the text the user sees as it is, with line breaks written out.
func shown(got string, err error) string {
	if cell, ok := outcome(err); ok {
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

// shownQuoted is a --hazards cell: the text the user sees in quotes, and for a read that never
// completes, the text left on screen.
func shownQuoted(got string, err error) string {
	var nc *wire.NeverCompletesError
	if errors.As(err, &nc) {
		return "(never completes) " + quoteVisible(nc.Shown)
	}
	if cell, ok := outcome(err); ok {
		return cell
	}
	return quoteVisible(got)
}

// quoteVisible is quoteChunk with the line and paragraph separators written out too, since a
// terminal shows them as nothing.
func quoteVisible(s string) string {
	return strings.NewReplacer("\u2028", `\u2028`, "\u2029", `\u2029`).Replace(report.QuoteChunk(s))
}

// outcome names a read that did not end with text.
func outcome(err error) (string, bool) {
	var nc *wire.NeverCompletesError
	switch {
	case err == nil:
		return "", false
	case errors.As(err, &nc):
		return "(never completes)", true
	case errors.Is(err, wire.ErrNotItsFormat):
		return "(not its format)", true
	}
	return "(throws) " + err.Error(), true
}

// matrixText is the text to stream and where it came from.
func matrixText(opts *MatrixOptions) (text, source string, err error) {
	switch opts.TextFile {
	case "":
		return skills.Improvisation{}.Execute(check.Question).Text, fmt.Sprintf("the improvisation skill's answer to %q", check.Question), nil
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

// splitter is one way to cut the text into chunks.
type splitter struct {
	label string
	split func(string) []string
}

func splitterFor(name string) (splitter, error) {
	switch name {
	case "743":
		return splitter{"split by #743's expression " + wire.Pattern743, wire.Split743}, nil
	case "pinned":
		return splitter{"split by SseChunker at a826864 " + wire.PinnedPattern, wire.SplitPinned}, nil
	case "none":
		return splitter{"the whole text as one chunk", func(s string) []string {
			if s == "" {
				return nil
			}
			return []string{s}
		}}, nil
	}
	return splitter{}, fmt.Errorf("--split %q: use 743, pinned or none", name)
}

// WireOptions is what `course wire encode`, `decode` and `split` need.
type WireOptions struct {
	// In is the text to encode or split, or the stream to decode.
	In io.Reader
	// Out receives the stream, the text or the chunks.
	Out io.Writer
	// ErrOut receives the word that standard input is being read, when it is a terminal.
	ErrOut io.Writer
	// Writer is the key of the writer that encodes.
	Writer string
	// Reader is the key of the reader that decodes.
	Reader string
	// Format is the key of the writer whose format the standard reader decodes; "" is GA's text.
	Format string
	// Split is how encode and split cut the text into chunks, as for `course matrix`.
	Split string
	// Error encodes the writer's failure instead of the text.
	Error bool
	// CRLF ends every line of the stream with CRLF.
	CRLF bool
	// ConversationID is the conversation id the client names, for the Foundry writers.
	ConversationID string
	// Answer is a file holding the answer the server sent, for decode to measure against.
	Answer string
	// MaxBytes is the most of standard input decode reads, as `course probe --max-bytes` bounds
	// a stream; 0 means probe.DefaultMaxBytes.
	MaxBytes int
}

// maxBytes is the bound --max-bytes gives, probe.DefaultMaxBytes when unset.
func maxBytes(limit int) int {
	if limit <= 0 {
		return probe.DefaultMaxBytes
	}
	return limit
}

// errTooLong is what a bounded standard input gives once more than its bound has arrived.
var errTooLong = errors.New("standard input is longer than --max-bytes")

// bounded passes on at most left bytes of r, then fails with errTooLong; before each read it
// calls waiting, if set, since the read may wait for the input.
type bounded struct {
	r       io.Reader
	left    int
	waiting func() error
}

func (b *bounded) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, errTooLong
	}
	if b.waiting != nil {
		if err := b.waiting(); err != nil {
			return 0, err
		}
	}
	// One byte past the bound is asked for, which tells a longer input from one of exactly it.
	if len(p) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.r.Read(p)
	if b.left -= n; b.left < 0 {
		return n, errTooLong
	}
	return n, err
}

// writeError is a failure to write the decoded text, told apart from the reader's own errors.
type writeError struct{ err error }

func (e *writeError) Error() string { return e.err.Error() }

// streamDecode reads standard input with rd as it arrives, writing each event's text at once,
// within the probe's bounds: --max-bytes of input and the probe's longest line. It returns the
// whole text only when --answer needs it to measure, and otherwise its last character, which
// says whether it ended with a line break.
func streamDecode(opts *WireOptions, rd wire.Reader, f wire.Format) (string, error) {
	var got strings.Builder
	last := ""
	// The texts of one read of the input go out together, before the next read may wait: a
	// write per event would cost a system call per event.
	out := bufio.NewWriter(opts.Out)
	flush := func() error {
		if err := out.Flush(); err != nil {
			return &writeError{err}
		}
		return nil
	}
	in := &bounded{r: opts.In, left: maxBytes(opts.MaxBytes), waiting: flush}
	err := rd.Stream(in, f, probe.DefaultMaxLine, func(text string) error {
		if text == "" {
			return nil
		}
		if _, err := out.WriteString(text); err != nil {
			return &writeError{err}
		}
		if opts.Answer != "" {
			got.WriteString(text)
		} else {
			last = text[len(text)-1:]
		}
		return nil
	})
	if ferr := flush(); err == nil {
		err = ferr
	}
	if opts.Answer != "" {
		return got.String(), err
	}
	return last, err
}

// readBounded reads in up to limit bytes (probe.DefaultMaxBytes when 0), as they arrive, into one
// buffer that grows with them; past limit it stops with an error that names the bound.
func readBounded(in io.Reader, limit int) ([]byte, error) {
	limit = maxBytes(limit)
	var buf []byte
	for {
		if len(buf) == cap(buf) {
			// Doubling, but never past the bound and a byte, which tells a longer input.
			grown := make([]byte, len(buf), min(limit+1, 2*cap(buf)+64<<10))
			copy(grown, buf)
			buf = grown
		}
		n, err := in.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if len(buf) > limit {
			return nil, fmt.Errorf("stopped after %s of standard input: raise --max-bytes", probe.FormatSize(limit))
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read standard input: %w", err)
		}
	}
}

// NewCmdWire builds `course wire` with its encode, decode and split commands, for experiments on
// one writer, one reader or one splitter at a time.
func NewCmdWire() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "wire",
		Short: "One writer, one reader or one splitter on standard input",
		Long: `Runs one writer, one reader or one splitter of "course matrix" on standard input:

  course wire encode --writer gaapi < answer.txt > stream.txt
  course wire decode --reader chatservice --answer answer.txt < stream.txt
  course wire split --split pinned < answer.txt`,
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(newCmdWireEncode(), newCmdWireDecode(), newCmdWireSplit())
	return cmd
}

// wireRunE fills the options' streams from cmd, says so when standard input is a terminal,
// and runs run.
func wireRunE(opts *WireOptions, name string, run func(*WireOptions) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, _ []string) error {
		opts.In, opts.Out, opts.ErrOut = cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
		if f, ok := opts.In.(*os.File); ok && report.IsTerminal(f) {
			fmt.Fprintf(opts.ErrOut, "course wire %s reads standard input: type or paste it, then press Ctrl-D at the start of a line to end it.\n", name)
		}
		return run(opts)
	}
}

func newCmdWireEncode() *cobra.Command {
	opts := &WireOptions{}
	cmd := &cobra.Command{
		Use:   "encode --writer W",
		Short: "Write standard input as writer W streams it",
		Args:  cobra.NoArgs,
	}
	cmd.RunE = wireRunE(opts, "encode", runWireEncode)
	f := cmd.Flags()
	f.StringVar(&opts.Writer, "writer", "", "the writer: "+strings.Join(wire.WriterKeys(), ", "))
	f.StringVar(&opts.Split, "split", "743", "cut the text into chunks by #743's expression (743), SseChunker at a826864 (pinned), or not at all (none)")
	f.BoolVar(&opts.Error, "error", false, "write the writer's failure instead of the text")
	f.BoolVar(&opts.CRLF, "crlf", false, "end every line with CRLF")
	f.StringVar(&opts.ConversationID, "conversation-id", "", "the conversation id the client names (Foundry writers)")
	_ = cmd.MarkFlagRequired("writer")
	_ = cmd.RegisterFlagCompletionFunc("writer", completeOne(wire.WriterKeys))
	_ = cmd.RegisterFlagCompletionFunc("split", completeOne(func() []string { return splitNames }))
	return cmd
}

func newCmdWireDecode() *cobra.Command {
	opts := &WireOptions{}
	cmd := &cobra.Command{
		Use:   "decode --reader R",
		Short: "Read standard input as reader R does and print what its user sees",
		Long: `Reads standard input as reader R does and prints what its user sees. With --answer FILE,
the answer the server sent, it then prints the lesson's measure of what arrived against it.

Readers: ` + wrapList(wire.ReaderKeys(), "Readers: ") + `.`,
		Args: cobra.NoArgs,
	}
	cmd.RunE = wireRunE(opts, "decode", runWireDecode)
	f := cmd.Flags()
	f.StringVar(&opts.Reader, "reader", "", "the reader, by key (see above)")
	f.StringVar(&opts.Format, "format", "", "for the standard reader, the `writer` whose format the stream is in (default GA's text)")
	f.StringVar(&opts.Answer, "answer", "", "measure what the user sees against the answer in `FILE`")
	opts.MaxBytes = probe.DefaultMaxBytes
	f.Var(sizeFlag{&opts.MaxBytes}, "max-bytes", "stop reading after this many bytes of standard input, as course probe does")
	_ = cmd.MarkFlagRequired("reader")
	_ = cmd.RegisterFlagCompletionFunc("reader", completeOne(wire.ReaderKeys))
	_ = cmd.RegisterFlagCompletionFunc("format", completeOne(wire.WriterKeys))
	return cmd
}

func newCmdWireSplit() *cobra.Command {
	opts := &WireOptions{}
	cmd := &cobra.Command{
		Use:   "split [--split 743|pinned|none]",
		Short: "Print the chunks a splitter cuts standard input into",
		Args:  cobra.NoArgs,
	}
	cmd.RunE = wireRunE(opts, "split", runWireSplit)
	cmd.Flags().StringVar(&opts.Split, "split", "743", "cut the text by #743's expression (743), SseChunker at a826864 (pinned), or not at all (none)")
	_ = cmd.RegisterFlagCompletionFunc("split", completeOne(func() []string { return splitNames }))
	return cmd
}

func runWireEncode(opts *WireOptions) error {
	w, err := wire.WriterByKey(opts.Writer)
	if err != nil {
		return fmt.Errorf("wire encode: %w", err)
	}
	split, err := splitterFor(opts.Split)
	if err != nil {
		return fmt.Errorf("wire encode: %w", err)
	}
	text, err := io.ReadAll(opts.In)
	if err != nil {
		return fmt.Errorf("wire encode: read standard input: %w", err)
	}
	in := wire.Input{Chunks: split.split(string(text)), ConversationID: opts.ConversationID}
	if opts.CRLF {
		in.EOL = "\r\n"
	}
	stream := w.Success(in)
	if opts.Error {
		stream = w.Failure(in)
	}
	if _, err := opts.Out.Write(stream); err != nil {
		return fmt.Errorf("wire encode: %w", err)
	}
	return nil
}

func runWireDecode(opts *WireOptions) error {
	rd, err := wire.ReaderByKey(opts.Reader)
	if err != nil {
		return fmt.Errorf("wire decode: %w", err)
	}
	format := wire.FormatText
	if opts.Format != "" {
		w, err := wire.WriterByKey(opts.Format)
		if err != nil {
			return fmt.Errorf("wire decode: --format: %w", err)
		}
		format = w.Format
	}
	var answer []byte
	if opts.Answer != "" {
		if answer, err = os.ReadFile(opts.Answer); err != nil {
			return fmt.Errorf("wire decode: --answer: %w", err)
		}
	}
	var got string
	var readErr error
	var nc *wire.NeverCompletesError
	if rd.Streams() {
		// The text is written as each event ends; the stream itself is never held.
		got, readErr = streamDecode(opts, rd, format)
		var werr *writeError
		if errors.As(readErr, &werr) {
			return fmt.Errorf("wire decode: %w", werr.err)
		}
		if errors.Is(readErr, errTooLong) {
			return fmt.Errorf("wire decode: stopped after %s of standard input: raise --max-bytes", probe.FormatSize(maxBytes(opts.MaxBytes)))
		}
	} else {
		stream, err := readBounded(opts.In, opts.MaxBytes)
		if err != nil {
			return fmt.Errorf("wire decode: %w", err)
		}
		got, readErr = rd.ReadFormat(stream, format)
		if errors.As(readErr, &nc) {
			got = nc.Shown
		}
		if _, err := io.WriteString(opts.Out, got); err != nil {
			return fmt.Errorf("wire decode: %w", err)
		}
	}
	if opts.Answer != "" {
		r := report.New(opts.Out)
		if got != "" && !strings.HasSuffix(got, "\n") {
			r.Line("")
			r.Line("(the text ends here, without a line break)")
		}
		r.Title("Measured against %s", opts.Answer)
		r.Line("%s", oneLine(measured(string(answer), got, readErr)))
		if r.Err() != nil {
			return fmt.Errorf("wire decode: %w", r.Err())
		}
	}
	switch {
	case readErr == nil:
		return nil
	case nc != nil, errors.Is(readErr, wire.ErrNotItsFormat):
		return fmt.Errorf("wire decode: %s: %w", rd.Name, readErr)
	}
	return fmt.Errorf("wire decode: %s throws: %w", rd.Name, readErr)
}

func runWireSplit(opts *WireOptions) error {
	split, err := splitterFor(opts.Split)
	if err != nil {
		return fmt.Errorf("wire split: %w", err)
	}
	text, err := io.ReadAll(opts.In)
	if err != nil {
		return fmt.Errorf("wire split: read standard input: %w", err)
	}
	chunks := split.split(string(text))
	r := report.New(opts.Out)
	noun := "chunks"
	if len(chunks) == 1 {
		noun = "chunk"
	}
	r.Line("%d %s, %s", len(chunks), noun, split.label)
	numWidth := len(fmt.Sprint(len(chunks)))
	for i, c := range chunks {
		lead := fmt.Sprintf("%*d  ", numWidth, i+1)
		indent := strings.Repeat(" ", len(lead))
		for j, piece := range report.Fit(indent+quoteVisible(c), report.DefaultWidth) {
			if j == 0 {
				piece = lead + strings.TrimPrefix(piece, indent)
			}
			r.Line("%s", piece)
		}
	}
	if strings.Join(chunks, "") != string(text) {
		r.Line("(the chunks join to a different text: the splitter dropped or changed something)")
	}
	if r.Err() != nil {
		return fmt.Errorf("wire split: %w", r.Err())
	}
	return nil
}
