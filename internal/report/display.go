package report

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"course/internal/pager"
)

// DefaultWidth is the reading width: a terminal's whose size is unknown, and the width every
// --help and every tool's canonical output fits.
const DefaultWidth = 100

// Continuation ends each piece of a line that was cut to fit the width; the rest follows on
// the next line, indented as the line was.
const Continuation = "↩"

// DisplayOptions says how output is laid out for a person: the canonical form, which snapshots
// and the original program's references check, is what goes to a pipe without flags.
type DisplayOptions struct {
	// Width lays out tables and wraps lines wider than this many columns; 0 fits the terminal,
	// or nothing on a pipe.
	Width int
	// Color is never, auto (a terminal without NO_COLOR) or always.
	Color string
	// NoPager writes to the terminal however tall the output; else output taller than the
	// terminal goes through the reader's pager.
	NoPager bool
}

// AddFlags adds --width and --color to a command and the commands below it.
func (o *DisplayOptions) AddFlags(cmd *cobra.Command) {
	cmd.PersistentFlags().IntVar(&o.Width, "width", 0, "fit every line in `N` columns (default: the terminal's width, no limit on a pipe)")
	cmd.PersistentFlags().StringVar(&o.Color, "color", "auto", "colour verdicts and headings `when`: never, auto (on a terminal, unless NO_COLOR is set) or always")
	cmd.PersistentFlags().BoolVar(&o.NoPager, "no-pager", false, "write to the terminal however tall the output (default: output taller than the terminal goes through $PAGER, else less -R)")
}

// terminal is what the output is written to, and whether it is a terminal, how wide and how tall.
type terminal struct {
	isTerminal    bool
	columns, rows int
}

// IsTerminal reports whether f is a terminal, as standard input is when nothing is piped in.
func IsTerminal(f *os.File) bool { return detectTerminal(f).isTerminal }

// detectTerminal looks at w: a terminal gets its width, anything else none.
func detectTerminal(w io.Writer) terminal {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return terminal{}
	}
	cols, rows, err := term.GetSize(int(f.Fd()))
	if err != nil || cols <= 0 || rows <= 0 {
		cols, rows = DefaultWidth, 0
	}
	return terminal{isTerminal: true, columns: cols, rows: rows}
}

// Writer wraps out for a person when the options or the terminal ask for it, and returns out as
// it is otherwise, so that piped output stays canonical. flush writes a last line that has no
// line break.
func (o *DisplayOptions) Writer(out io.Writer) (w io.Writer, flush func() error, err error) {
	return o.open(out, false, nil)
}

// PagedWriter is Writer for a command whose output a person reads through a pager: on a
// terminal, unless NoPager, output taller than the terminal goes through the reader's pager
// (pager.Command), and flush ends its input and waits until the reader quits it. quit, when
// set, is called if the reader quits the pager before the output ends. A pipe is never paged.
func (o *DisplayOptions) PagedWriter(out io.Writer, quit func()) (w io.Writer, flush func() error, err error) {
	return o.open(out, true, quit)
}

// open is Writer, with the pager when paged is set.
func (o *DisplayOptions) open(out io.Writer, paged bool, quit func()) (w io.Writer, flush func() error, err error) {
	t := detectTerminal(out)
	base, closeBase := out, func() error { return nil }
	if paged && !o.NoPager && t.isTerminal && t.rows > 0 {
		if command := pager.Command(os.LookupEnv); command != "" {
			p := pager.New(out, t.rows, command, quit)
			base, closeBase = p, p.Close
		}
	}
	w, err = o.writer(base, t)
	if err != nil {
		return nil, nil, err
	}
	if d, ok := w.(*displayWriter); ok {
		return d, func() error {
			err := d.Flush()
			if cerr := closeBase(); err == nil {
				err = cerr
			}
			return err
		}, nil
	}
	return w, closeBase, nil
}

// writer wraps out for a person when the options or the terminal ask for it, and returns out as
// it is otherwise, so that piped output stays canonical.
func (o *DisplayOptions) writer(out io.Writer, t terminal) (io.Writer, error) {
	width := o.Width
	if width < 0 {
		return nil, fmt.Errorf("--width %d: give a positive number of columns", width)
	}
	if width == 0 && t.isTerminal {
		width = t.columns
	}
	var colour bool
	switch o.Color {
	case "never":
	case "always":
		colour = true
	case "auto", "":
		colour = t.isTerminal && os.Getenv("NO_COLOR") == ""
	default:
		return nil, fmt.Errorf("--color %q: say never, auto or always", o.Color)
	}
	if width == 0 && !colour {
		return out, nil
	}
	return &displayWriter{out: out, width: width, colour: colour}, nil
}

// displayWriter cuts each line to the width and colours it, a whole line at a time.
type displayWriter struct {
	out     io.Writer
	width   int
	colour  bool
	pending []byte
	fixed   *fixedRows
	// rec, in a Recording, pairs each piece of the canonical output with how it was shown.
	rec *Recording
}

// fixedRows are the rows of a table of fixed columns (FixedRow) the display holds until the
// table ends, so that its rows are laid out together, as one table.
type fixedRows struct {
	widths   []int
	rows     [][]string
	verdicts [][]Verdict
	lines    []string // the rows as pinned
}

// fixedRow holds one row of a table of fixed columns; a row of other columns ends the table.
func (d *displayWriter) fixedRow(widths []int, cells []string, verdicts []Verdict, line string) error {
	if d.fixed != nil && !slices.Equal(d.fixed.widths, widths) {
		if err := d.endFixed(); err != nil {
			return err
		}
	}
	if d.fixed == nil {
		d.fixed = &fixedRows{widths: slices.Clone(widths)}
	}
	d.fixed.rows = append(d.fixed.rows, slices.Clone(cells))
	d.fixed.verdicts = append(d.fixed.verdicts, slices.Clone(verdicts))
	d.fixed.lines = append(d.fixed.lines, line)
	return nil
}

// endFixed writes the table of fixed columns held so far: pinned when it fits, else laid out.
func (d *displayWriter) endFixed() error {
	f := d.fixed
	if f == nil {
		return nil
	}
	d.fixed = nil
	if fits(f.lines, d.width) {
		if !d.colour {
			return d.writeLaid(f.lines, nil)
		}
		return d.writeLaid(f.lines, groupLines(pinLines(f.rows, f.verdicts, f.widths, 1, true)))
	}
	groups, ok := layoutColumns(f.rows, f.verdicts, f.widths, 1, d.width, d.colour)
	if !ok {
		groups = layoutBlocks(nil, f.rows, f.verdicts, d.colour)
	}
	return d.writeLaid(f.lines, groups)
}

// writeLaid writes a table's lines as laid out, groups holding the lines of each pinned line;
// nil groups writes the pinned lines as they are. A recording notes which pinned line each
// group shows, or the whole table as one when the two do not pair up.
func (d *displayWriter) writeLaid(pinned []string, groups [][]string) error {
	if d.fixed != nil {
		if err := d.endFixed(); err != nil {
			return err
		}
	}
	if groups == nil {
		groups = make([][]string, len(pinned))
		for i, l := range pinned {
			groups[i] = []string{l}
		}
	}
	paired := len(groups) == len(pinned)
	for i, g := range groups {
		for _, l := range g {
			if err := d.writeLine(l, true); err != nil {
				return err
			}
		}
		if paired {
			d.mark(pinned[i] + "\n")
		}
	}
	if !paired {
		d.mark(strings.Join(pinned, "\n") + "\n")
	}
	return nil
}

// mark notes, in a recording, that what the display has written since the last mark shows
// canonical, a piece of the canonical output.
func (d *displayWriter) mark(canonical string) {
	if d.rec != nil {
		d.rec.mark(canonical)
	}
}

func (d *displayWriter) Write(p []byte) (int, error) {
	if err := d.endFixed(); err != nil {
		return 0, err
	}
	d.pending = append(d.pending, p...)
	for {
		i := bytes.IndexByte(d.pending, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := string(d.pending[:i])
		d.pending = d.pending[i+1:]
		if err := d.writeLine(line, true); err != nil {
			return 0, err
		}
		d.mark(line + "\n")
	}
}

// Flush writes a last line that has no line break.
func (d *displayWriter) Flush() error {
	if err := d.endFixed(); err != nil {
		return err
	}
	if len(d.pending) == 0 {
		return nil
	}
	line := string(d.pending)
	d.pending = nil
	if err := d.writeLine(line, false); err != nil {
		return err
	}
	d.mark(line)
	return nil
}

func (d *displayWriter) writeLine(line string, newline bool) error {
	var b strings.Builder
	heading := strings.HasPrefix(line, "== ") || strings.HasPrefix(line, "# ")
	for i, piece := range fit(line, d.width, true) {
		if i > 0 {
			b.WriteByte('\n')
		}
		if d.colour && heading {
			// A heading's pieces are all the heading's, so each is bold, not the first alone.
			piece = bold + piece + reset
		}
		b.WriteString(piece)
	}
	if newline {
		b.WriteByte('\n')
	}
	_, err := io.WriteString(d.out, b.String())
	return err
}

// Layout is how a writer from Writer lays output out: 0 columns for none (the canonical form),
// and whether it colours.
type Layout struct {
	Width  int
	Colour bool
}

// LayoutOf is the layout of w, a writer from Writer: the display's, or none for the canonical
// form.
func LayoutOf(w io.Writer) Layout {
	if d, ok := w.(*displayWriter); ok {
		return Layout{Width: d.width, Colour: d.colour}
	}
	return Layout{}
}

// Raw is what w, a writer from Writer, writes to: for output that a command lays out for the
// display itself (a rendered page), which the display writer must not cut or colour again. It
// is w itself for the canonical form.
func Raw(w io.Writer) io.Writer {
	if d, ok := w.(*displayWriter); ok {
		return d.out
	}
	return w
}

// Recording is a display writer that keeps what it shows, and which piece of the canonical
// output each piece of it shows, so that an excerpt of the canonical output (a written
// lesson's quote of a lesson) can be shown as the display laid it out.
type Recording struct {
	d *displayWriter
	// shown is what the display wrote; canonical is the canonical output, and marks the end of
	// each of its pieces in both.
	shown, canonical bytes.Buffer
	marks            []recordMark
}

type recordMark struct{ canonical, shown int }

// NewRecording returns a recording display of layout l; its Writer is a display writer, which
// a Report lays out for, and with l.Width 0 writes the canonical form.
func NewRecording(l Layout) *Recording {
	r := &Recording{}
	r.d = &displayWriter{out: &r.shown, width: l.Width, colour: l.Colour, rec: r}
	return r
}

// Writer is the display to write to.
func (r *Recording) Writer() io.Writer { return r.d }

// Close writes what the display still holds.
func (r *Recording) Close() error { return r.d.Flush() }

// Canonical is the canonical output written so far.
func (r *Recording) Canonical() string { return r.canonical.String() }

func (r *Recording) mark(canonical string) {
	r.canonical.WriteString(canonical)
	r.marks = append(r.marks, recordMark{canonical: r.canonical.Len(), shown: r.shown.Len()})
}

// Excerpt finds text in the canonical output at or after the byte offset from and returns how
// the display showed the pieces that hold it, whole lines and whole tables' rows, and the
// offset just past text; ok is false when the canonical output does not hold text there.
func (r *Recording) Excerpt(text string, from int) (shown string, next int, ok bool) {
	canonical := r.canonical.String()
	if from > len(canonical) || text == "" {
		return "", from, false
	}
	i := strings.Index(canonical[from:], text)
	if i < 0 {
		return "", from, false
	}
	start, end := from+i, from+i+len(text)
	first, last := -1, -1
	for k, m := range r.marks {
		pieceStart := 0
		if k > 0 {
			pieceStart = r.marks[k-1].canonical
		}
		if m.canonical > start && first < 0 {
			first = k
		}
		if pieceStart < end {
			last = k
		}
	}
	if first < 0 || last < first {
		return "", from, false
	}
	shownStart := 0
	if first > 0 {
		shownStart = r.marks[first-1].shown
	}
	return r.shown.String()[shownStart:r.marks[last].shown], end, true
}

// Fit cuts line into pieces of at most width columns. Every piece but the last ends with the
// Continuation mark, and the pieces after the first repeat the line's indentation (and a
// quote's bar) so that a cut quote still reads as one.
func Fit(line string, width int) []string { return fit(line, width, false) }

// fit is Fit; with hang, the later pieces of a line of prose stand in past its first, as the
// display writer shows them on a terminal.
func fit(line string, width int, hang bool) []string {
	if width <= 0 || Width(line) <= width {
		return []string{line}
	}
	lead := leadOf(line)
	if hang && !strings.HasSuffix(lead, "| ") {
		// Prose hangs: its later pieces are indented past its first, so they read as one line.
		lead += hangingIndent
	}
	if Width(lead)+2 >= width {
		lead = ""
	}
	var pieces []string
	rest := line
	prefix := ""
	for {
		room := width - Width(prefix)
		if Width(rest) <= room {
			return append(pieces, prefix+rest)
		}
		head, tail := cutAt(rest, room-1)
		pieces = append(pieces, prefix+head+Continuation)
		rest, prefix = tail, lead
	}
}

// hangingIndent is how far the later pieces of a cut line of prose stand in from its first.
const hangingIndent = "  "

// leadOf is a line's indentation, with the "  | " of a quoted line.
func leadOf(line string) string {
	trimmed := strings.TrimLeft(line, " ")
	lead := line[:len(line)-len(trimmed)]
	if strings.HasPrefix(trimmed, "| ") {
		lead += "| "
	}
	return lead
}

// cutAt splits s after as many whole characters as fit in cols columns, at least one, and
// after a space instead where one falls in the second half of the piece, so words stay whole.
func cutAt(s string, cols int) (string, string) {
	used := 0
	for i, r := range s {
		w := Width(string(r))
		if used+w > cols && i > 0 {
			if sp := strings.LastIndexByte(s[:i], ' '); sp >= i/2 && sp > 0 {
				return s[:sp+1], s[sp+1:]
			}
			return s[:i], s[i:]
		}
		used += w
	}
	return s, ""
}

// The ANSI sequences the colours use.
const (
	bold   = "\x1b[1m"
	green  = "\x1b[32m"
	yellow = "\x1b[33m"
	red    = "\x1b[31m"
	reset  = "\x1b[0m"
)

// Fanout lays one run's output out for several displays at once, as if it had been run once for
// each: a Report writing to it takes each step that depends on the layout (a table, a fact row)
// once per display, and text goes to every display as it comes. A test of the layouts pays for
// one run instead of one per width.
type Fanout struct {
	displays []*displayWriter
	shown    []*bytes.Buffer
}

// NewFanout returns a fanout to the displays of layouts; Layout{} is the canonical form.
func NewFanout(layouts ...Layout) *Fanout {
	f := &Fanout{}
	for _, l := range layouts {
		b := &bytes.Buffer{}
		f.shown = append(f.shown, b)
		f.displays = append(f.displays, &displayWriter{out: b, width: l.Width, colour: l.Colour})
	}
	return f
}

// Write writes p to every display.
func (f *Fanout) Write(p []byte) (int, error) {
	for _, d := range f.displays {
		if _, err := d.Write(p); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// Flush writes what every display still holds.
func (f *Fanout) Flush() error {
	for _, d := range f.displays {
		if err := d.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// Shown is what display i, of the i-th layout given to NewFanout, showed.
func (f *Fanout) Shown(i int) string { return f.shown[i].String() }

// each runs step once per display of the report's fanout, on a report of its own that writes to
// that display, and reports whether there was a fanout; the first error sticks.
func (r *Report) each(step func(*Report)) bool {
	f, ok := r.w.(*Fanout)
	if !ok {
		return false
	}
	if r.fanned == nil {
		for _, d := range f.displays {
			r.fanned = append(r.fanned, New(d))
		}
	}
	for _, s := range r.fanned {
		step(s)
		if r.err == nil {
			r.err = s.err
		}
	}
	return true
}
