package wire

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"course/internal/cmdutil"
	"course/internal/report"
	"course/stream/probe"
	"course/stream/wire"
)

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
// one writer, one reader or one wire.Splitter at a time.
func NewCmdWire() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "wire",
		Short: "One writer, one reader or one wire.Splitter on standard input",
		Long: `Runs one writer, one reader or one wire.Splitter of "course matrix" on standard input:

  course wire encode --writer gaapi < answer.txt > stream.txt
  course wire decode --reader chatservice --answer answer.txt < stream.txt
  course wire split --split pinned < answer.txt
  course wire serve --transport signalr --writer split < answer.txt`,
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(newCmdWireEncode(), newCmdWireDecode(), newCmdWireSplit(), newCmdWireServe(nil))
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
	_ = cmd.RegisterFlagCompletionFunc("writer", cmdutil.CompleteOne(wire.WriterKeys))
	_ = cmd.RegisterFlagCompletionFunc("split", cmdutil.CompleteOne(func() []string { return wire.SplitNames }))
	return cmd
}

func newCmdWireDecode() *cobra.Command {
	opts := &WireOptions{}
	cmd := &cobra.Command{
		Use:   "decode --reader R",
		Short: "Read standard input as reader R does and print what its user sees",
		Long: `Reads standard input as reader R does and prints what its user sees. With --answer FILE,
the answer the server sent, it then prints the lesson's measure of what arrived against it.

Readers: ` + cmdutil.WrapList(wire.ReaderKeys(), "Readers: ") + `.`,
		Args: cobra.NoArgs,
	}
	cmd.RunE = wireRunE(opts, "decode", runWireDecode)
	f := cmd.Flags()
	f.StringVar(&opts.Reader, "reader", "", "the reader, by key (see above)")
	f.StringVar(&opts.Format, "format", "", "for the standard reader, the `writer` whose format the stream is in (default GA's text)")
	f.StringVar(&opts.Answer, "answer", "", "measure what the user sees against the answer in `FILE`")
	opts.MaxBytes = probe.DefaultMaxBytes
	f.Var(probe.Size{N: &opts.MaxBytes}, "max-bytes", "stop reading after this many bytes of standard input, as course probe does")
	_ = cmd.MarkFlagRequired("reader")
	_ = cmd.RegisterFlagCompletionFunc("reader", cmdutil.CompleteOne(wire.ReaderKeys))
	_ = cmd.RegisterFlagCompletionFunc("format", cmdutil.CompleteOne(wire.WriterKeys))
	return cmd
}

func newCmdWireSplit() *cobra.Command {
	opts := &WireOptions{}
	cmd := &cobra.Command{
		Use:   "split [--split 743|pinned|none]",
		Short: "Print the chunks a wire.Splitter cuts standard input into",
		Args:  cobra.NoArgs,
	}
	cmd.RunE = wireRunE(opts, "split", runWireSplit)
	cmd.Flags().StringVar(&opts.Split, "split", "743", "cut the text by #743's expression (743), SseChunker at a826864 (pinned), or not at all (none)")
	_ = cmd.RegisterFlagCompletionFunc("split", cmdutil.CompleteOne(func() []string { return wire.SplitNames }))
	return cmd
}

func runWireEncode(opts *WireOptions) error {
	w, err := wire.WriterByKey(opts.Writer)
	if err != nil {
		return fmt.Errorf("wire encode: %w", err)
	}
	split, err := wire.SplitterFor(opts.Split)
	if err != nil {
		return fmt.Errorf("wire encode: %w", err)
	}
	text, err := io.ReadAll(opts.In)
	if err != nil {
		return fmt.Errorf("wire encode: read standard input: %w", err)
	}
	in := wire.Input{Chunks: split.Split(string(text)), ConversationID: opts.ConversationID}
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
		r.Line("%s", wire.OneLine(wire.Measured(string(answer), got, readErr)))
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
	split, err := wire.SplitterFor(opts.Split)
	if err != nil {
		return fmt.Errorf("wire split: %w", err)
	}
	text, err := io.ReadAll(opts.In)
	if err != nil {
		return fmt.Errorf("wire split: read standard input: %w", err)
	}
	chunks := split.Split(string(text))
	r := report.New(opts.Out)
	noun := "chunks"
	if len(chunks) == 1 {
		noun = "chunk"
	}
	r.Line("%d %s, %s", len(chunks), noun, split.Label)
	numWidth := len(fmt.Sprint(len(chunks)))
	for i, c := range chunks {
		lead := fmt.Sprintf("%*d  ", numWidth, i+1)
		indent := strings.Repeat(" ", len(lead))
		for j, piece := range report.Fit(indent+wire.QuoteVisible(c), report.DefaultWidth) {
			if j == 0 {
				piece = lead + strings.TrimPrefix(piece, indent)
			}
			r.Line("%s", piece)
		}
	}
	if strings.Join(chunks, "") != string(text) {
		r.Line("(the chunks join to a different text: the wire.Splitter dropped or changed something)")
	}
	if r.Err() != nil {
		return fmt.Errorf("wire split: %w", r.Err())
	}
	return nil
}
