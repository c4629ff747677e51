package lessons

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"course/gahost/skills"
	"course/wire"
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
}

// NewCmdMatrix builds `course matrix`; runF replaces the run in tests of the flags.
func NewCmdMatrix(runF func(context.Context, *MatrixOptions) error) *cobra.Command {
	opts := &MatrixOptions{}
	cmd := &cobra.Command{
		Use:   "matrix",
		Short: "Every writer against every reader",
		Long: `Streams one text through every writer of the systems the course compares and reads
each stream with every reader: GA's hosts and clients, .NET's SseFormatter, the Foundry agent
web app and its skill, AG-UI, OpenAI chat completions and Bit.BlazorUI.AI (as documented).
Each cell is what that reader's user gets: "exact", what is missing, what the client throws,
"(never completes)", or "(not its format)".

The text is split into chunks by #743's expression unless --split says otherwise; that split
adds no loss of its own, so what differs comes from the wire.`,
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
	f.StringSliceVar(&opts.Writers, "writers", nil, "only these writers: "+strings.Join(wire.WriterKeys(), ", "))
	f.StringSliceVar(&opts.Readers, "readers", nil, "only these readers: "+strings.Join(wire.ReaderKeys(), ", "))
	f.StringVar(&opts.Split, "split", "743", "cut the text into chunks by #743's expression (743), SseChunker at a826864 (pinned), or not at all (none)")
	f.BoolVar(&opts.Error, "error", false, "stream each writer's failure instead of the text")
	f.BoolVar(&opts.CRLF, "crlf", false, "end every line of every stream with CRLF")
	f.BoolVar(&opts.Hazards, "hazards", false, "stream the adversarial inputs the systems invite")
	cmd.MarkFlagsMutuallyExclusive("error", "hazards")
	return cmd
}

// matrix carries what the sections share.
type matrix struct {
	r       *report
	writers []wire.Writer
	readers []wire.Reader
	eol     string
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
	m := &matrix{r: newReport(opts.Out), writers: writers, readers: readers, eol: "\n"}
	if opts.CRLF {
		m.eol = "\r\n"
	}
	m.r.heading("matrix")
	switch {
	case opts.Hazards:
		m.hazards()
	case opts.Error:
		m.failures()
	default:
		text, source, err := matrixText(opts)
		if err != nil {
			return fmt.Errorf("matrix: %w", err)
		}
		chunks := split.split(text)
		m.theText(text, source, split, chunks)
		m.everyPair(text, chunks)
	}
	if m.r.err != nil {
		return fmt.Errorf("matrix: write output: %w", m.r.err)
	}
	return nil
}

// theText is the first section: what is streamed, and how.
func (m *matrix) theText(text, source string, split splitter, chunks []string) {
	m.r.title("The text")
	m.r.facts(0,
		fact{"text", source},
		fact{"size", fmt.Sprintf("%d lines of text, %d line breaks, %d characters", textLines(text), strings.Count(text, "\n"), chars(text))},
		fact{"chunks", fmt.Sprintf("%d, %s", len(chunks), split.label)},
		fact{"line ends", strings.ToUpper(strings.TrimPrefix(m.eolName(), "lines ending in "))},
	)
}

// everyPair is the matrix itself: each writer's stream of the text through each reader.
func (m *matrix) everyPair(text string, chunks []string) {
	var rows [][]string
	for _, w := range m.writers {
		stream := w.Success(wire.Input{Chunks: chunks, EOL: m.eol})
		for _, rd := range m.readers {
			got, err := rd.ReadFormat(stream, w.Format)
			rows = append(rows, []string{w.Label(), rd.Name, measured(text, got, err)})
		}
	}
	m.r.title("Each writer with each reader, %s", m.eolName())
	m.r.table([]string{"writer", "reader", "what the user gets"}, rows)
}

// failures is the --error run: each writer's failure stream, then what each reader's user sees.
func (m *matrix) failures() {
	m.r.title("What each writer sends when answering fails, %s", m.eolName())
	streams := make([][]byte, len(m.writers))
	for i, w := range m.writers {
		streams[i] = w.Failure(wire.Input{EOL: m.eol})
		m.r.line("%s", w.Label())
		if len(streams[i]) == 0 {
			m.r.line("  (no bytes: the response is cut off)")
			continue
		}
		m.r.quote(strings.ReplaceAll(string(streams[i]), "\r", `\r`))
	}
	var rows [][]string
	for i, w := range m.writers {
		for _, rd := range m.readers {
			got, err := rd.ReadFormat(streams[i], w.Format)
			rows = append(rows, []string{w.Label(), rd.Name, shown(got, err)})
		}
	}
	m.r.title("What each user sees when answering fails")
	m.r.table([]string{"writer", "reader", "what the user sees"}, rows)
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
		m.r.title("Hazard: %s", h.title)
		quoted := make([]string, len(h.chunks))
		for i, c := range h.chunks {
			quoted[i] = quoteVisible(c)
		}
		rows := []fact{{"chunks", strings.Join(quoted, " ")}}
		if h.conversationID != "" {
			rows = append(rows, fact{"conversation id", quoteVisible(h.conversationID)})
		}
		m.r.facts(0, rows...)
		var table [][]string
		pairs := 0
		for _, w := range m.writers {
			stream := w.Success(wire.Input{Chunks: h.chunks, ConversationID: h.conversationID, EOL: m.eol})
			for _, rd := range m.readers {
				if !rd.Speaks(w.Format) {
					continue
				}
				pairs++
				if got, err := rd.ReadFormat(stream, w.Format); err != nil || got != text {
					table = append(table, []string{w.Label(), rd.Name, shownQuoted(got, err)})
				}
			}
		}
		m.r.line("exact in %d of the %d pairs that share a format; the others:", pairs-len(table), pairs)
		if len(table) > 0 {
			m.r.table([]string{"writer", "reader", "what the user sees"}, table)
		}
	}
}

func (m *matrix) eolName() string {
	if m.eol == "\r\n" {
		return "lines ending in CRLF"
	}
	return "lines ending in LF"
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
	return clipCell(strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(got))
}

// cellWidth is the most characters a shown text takes in a table before it is cut with "…".
const cellWidth = 100

func clipCell(s string) string {
	if r := []rune(s); len(r) > cellWidth {
		return string(r[:cellWidth-1]) + "…"
	}
	return s
}

// shownQuoted is a --hazards cell: the text the user sees in quotes, and for a read that never
// completes, the text left on screen.
func shownQuoted(got string, err error) string {
	var nc *wire.NeverCompletesError
	if errors.As(err, &nc) {
		return clipCell("(never completes) " + quoteVisible(nc.Shown))
	}
	if cell, ok := outcome(err); ok {
		return cell
	}
	return clipCell(quoteVisible(got))
}

// quoteVisible is quoteChunk with the line and paragraph separators written out too, since a
// terminal shows them as nothing.
func quoteVisible(s string) string {
	return strings.NewReplacer("\u2028", `\u2028`, "\u2029", `\u2029`).Replace(quoteChunk(s))
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
		return skills.Improvisation{}.Execute(arpeggioQuestion).Text, fmt.Sprintf("the improvisation skill's answer to %q", arpeggioQuestion), nil
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

// WireOptions is what `course wire encode` and `course wire decode` need.
type WireOptions struct {
	// In is the text to encode or the stream to decode.
	In io.Reader
	// Out receives the stream or the text.
	Out io.Writer
	// Writer is the key of the writer that encodes.
	Writer string
	// Reader is the key of the reader that decodes.
	Reader string
	// Format is the key of the writer whose format the standard reader decodes; "" is GA's text.
	Format string
	// Split is how encode cuts the text into chunks, as for `course matrix`.
	Split string
	// Error encodes the writer's failure instead of the text.
	Error bool
	// CRLF ends every line of the stream with CRLF.
	CRLF bool
	// ConversationID is the conversation id the client names, for the Foundry writers.
	ConversationID string
}

// NewCmdWire builds `course wire` with its encode and decode commands, for experiments on one
// writer or one reader at a time.
func NewCmdWire() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "wire",
		Short: "One writer or one reader on standard input",
		Long: `Runs one writer or one reader of "course matrix" on standard input:

  course wire encode --writer gaapi < answer.txt > stream.txt
  course wire decode --reader chatservice < stream.txt`,
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(newCmdWireEncode(), newCmdWireDecode())
	return cmd
}

func newCmdWireEncode() *cobra.Command {
	opts := &WireOptions{}
	cmd := &cobra.Command{
		Use:   "encode --writer W",
		Short: "Write standard input as writer W streams it",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.In, opts.Out = cmd.InOrStdin(), cmd.OutOrStdout()
			return runWireEncode(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Writer, "writer", "", "the writer: "+strings.Join(wire.WriterKeys(), ", "))
	f.StringVar(&opts.Split, "split", "743", "cut the text into chunks by #743's expression (743), SseChunker at a826864 (pinned), or not at all (none)")
	f.BoolVar(&opts.Error, "error", false, "write the writer's failure instead of the text")
	f.BoolVar(&opts.CRLF, "crlf", false, "end every line with CRLF")
	f.StringVar(&opts.ConversationID, "conversation-id", "", "the conversation id the client names (Foundry writers)")
	_ = cmd.MarkFlagRequired("writer")
	return cmd
}

func newCmdWireDecode() *cobra.Command {
	opts := &WireOptions{}
	cmd := &cobra.Command{
		Use:   "decode --reader R",
		Short: "Read standard input as reader R does and print what its user sees",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.In, opts.Out = cmd.InOrStdin(), cmd.OutOrStdout()
			return runWireDecode(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Reader, "reader", "", "the reader: "+strings.Join(wire.ReaderKeys(), ", "))
	f.StringVar(&opts.Format, "format", "", "for the standard reader, the `writer` whose format the stream is in (default GA's text)")
	_ = cmd.MarkFlagRequired("reader")
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
	stream, err := io.ReadAll(opts.In)
	if err != nil {
		return fmt.Errorf("wire decode: read standard input: %w", err)
	}
	got, readErr := rd.ReadFormat(stream, format)
	var nc *wire.NeverCompletesError
	if errors.As(readErr, &nc) {
		got = nc.Shown
	}
	if _, err := io.WriteString(opts.Out, got); err != nil {
		return fmt.Errorf("wire decode: %w", err)
	}
	switch {
	case readErr == nil:
		return nil
	case nc != nil, errors.Is(readErr, wire.ErrNotItsFormat):
		return fmt.Errorf("wire decode: %s: %w", rd.Name, readErr)
	}
	return fmt.Errorf("wire decode: %s throws: %w", rd.Name, readErr)
}
