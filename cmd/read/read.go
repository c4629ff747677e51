// Package read is `course read`: a page of docs/, a written lesson or the course's README,
// rendered in the terminal with every output block it quotes replaced by the live output of
// the command line it quotes, so that a learner follows a lesson in one window.
package read

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"unicode"

	"github.com/charmbracelet/glamour"
	"github.com/muesli/termenv"
	"github.com/spf13/cobra"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"course/docs"
	"course/internal/report"
)

// Options are `course read`'s.
type Options struct {
	// Page is the page's name, "l6" for docs/l6.md; "" is docs/README.md.
	Page string
	// Solutions unfolds the solutions (<details> blocks).
	Solutions bool
	// Run runs the course's command line args with its output on w, as `course ARGS` would
	// print it to w; the root command gives it, so that this package runs any command line
	// without importing the commands.
	Run func(ctx context.Context, args []string, w io.Writer) error
}

// NewCmd builds `course read`; run runs a command line of the course.
func NewCmd(run func(ctx context.Context, args []string, w io.Writer) error) *cobra.Command {
	opts := &Options{Run: run}
	cmd := &cobra.Command{
		Use:   "read [lN | page]",
		Short: "Read a written lesson in the terminal, its quotes of the output run live",
		Long: `read renders docs/lN.md in the terminal at its width, through the pager, each output block
the lesson quotes replaced by the output of that command run now, laid out for the terminal.
The solutions stay folded unless --solutions. With no page it renders docs/README.md; the
tools' pages (matrix, probe, browser, sse-peers) read too. In a pipe it prints plain text.`,
		Args: cobra.MaximumNArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return pageNames(), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Page = args[0]
			}
			return Run(cmd.Context(), opts, cmd.OutOrStdout())
		},
	}
	cmd.Flags().BoolVar(&opts.Solutions, "solutions", false, "show the solutions, which are folded otherwise")
	return cmd
}

// pageNames are the names of the pages that read: every page of docs/ but the README.
func pageNames() []string {
	entries, _ := fs.ReadDir(docs.Pages, ".")
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".md"); ok && name != "README" {
			names = append(names, name)
		}
	}
	return names
}

// Run renders the page to out: with the display's layout when out is one (report.LayoutOf),
// else as plain text of the reading width.
func Run(ctx context.Context, opts *Options, out io.Writer) error {
	file := "README.md"
	if opts.Page != "" {
		file = strings.TrimSuffix(opts.Page, ".md") + ".md"
	}
	src, err := fs.ReadFile(docs.Pages, file)
	if err != nil || strings.Contains(file, "/") {
		return fmt.Errorf("read: no page %q: the pages are %s", opts.Page, strings.Join(pageNames(), ", "))
	}
	layout := report.LayoutOf(out)
	width := layout.Width
	if width == 0 {
		width = report.DefaultWidth
	}
	page := foldSolutions(string(src), opts.Solutions, opts.Page)
	page, quotes, err := live(ctx, opts, page, report.Layout{Width: max(layout.Width-quoteIndent, 0), Colour: layout.Colour})
	if err != nil {
		return err
	}
	rendered, err := render(page, width, layout.Colour)
	if err != nil {
		return fmt.Errorf("read %s: %w", file, err)
	}
	_, err = io.WriteString(report.Raw(out), placeQuotes(rendered, quotes))
	return err
}

// quoteIndent is how far the renderer indents a code block: the page's margin and the block's.
const quoteIndent = 4

// quoteMark names the paragraph that stands in a page for its quote number n while the page is
// rendered; the rendered line that holds it is replaced by the quote.
func quoteMark(n int) string { return fmt.Sprintf("COURSEQUOTE%04dEND", n) }

var quoteMarkRE = regexp.MustCompile(`COURSEQUOTE(\d{4})END`)

// live runs each command line the page quotes, once, laid out as l says, and returns the page
// with each output block replaced by a mark, and the live output of each block, in order.
func live(ctx context.Context, opts *Options, page string, l report.Layout) (string, []string, error) {
	blocks := docs.OutputBlocks(page)
	runs := map[string]*report.Recording{}
	failed := map[string]error{}
	for _, b := range blocks {
		key := strings.Join(b.Args, "\x00")
		if _, ok := runs[key]; ok {
			continue
		}
		rec := report.NewRecording(l)
		err := opts.Run(ctx, b.Args, rec.Writer())
		if cerr := rec.Close(); err == nil {
			err = cerr
		}
		if ctx.Err() != nil {
			return "", nil, ctx.Err()
		}
		if err != nil {
			failed[key] = err
		}
		runs[key] = rec
	}
	var out strings.Builder
	quotes := make([]string, len(blocks))
	next := map[string]int{}
	last := 0
	for n, b := range blocks {
		key := strings.Join(b.Args, "\x00")
		shown, end, ok := runs[key].Excerpt(b.Text, next[key])
		if !ok {
			// Not found after the last quote: the page quotes the output out of order.
			shown, end, ok = runs[key].Excerpt(b.Text, 0)
		}
		switch {
		case ok:
			next[key] = end
		case failed[key] != nil:
			shown = b.Text + fmt.Sprintf("(this is the page's copy: course %s failed now: %v)\n", strings.Join(b.Args, " "), failed[key])
		default:
			shown = b.Text + fmt.Sprintf("(this is the page's copy: course %s prints something else now)\n", strings.Join(b.Args, " "))
		}
		quotes[n] = shown
		out.WriteString(page[last:b.Start])
		out.WriteString(quoteMark(n) + "\n")
		last = b.End
	}
	out.WriteString(page[last:])
	return out.String(), quotes, nil
}

// placeQuotes replaces each rendered line that holds a quote's mark with the quote, indented as
// the renderer indents a code block.
func placeQuotes(rendered string, quotes []string) string {
	indent := strings.Repeat(" ", quoteIndent)
	var b strings.Builder
	for line := range strings.SplitSeq(strings.TrimSuffix(rendered, "\n"), "\n") {
		m := quoteMarkRE.FindStringSubmatch(line)
		if m == nil {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			continue
		}
		var n int
		fmt.Sscanf(m[1], "%d", &n)
		for l := range strings.SplitSeq(strings.TrimSuffix(quotes[n], "\n"), "\n") {
			if l == "" {
				b.WriteString("\n")
				continue
			}
			b.WriteString(indent + l + "\n")
		}
	}
	return b.String()
}

// detailsRE matches a folded block of a page: <details>, its <summary>, the body, </details>.
var detailsRE = regexp.MustCompile(`(?ms)^<details>\n<summary>(.*?)</summary>\n(.*?)^</details>\n?`)

// foldSolutions folds each <details> block of a page to one line that names it, or, when
// show is set, unfolds it under its summary in bold.
func foldSolutions(page string, show bool, name string) string {
	return detailsRE.ReplaceAllStringFunc(page, func(block string) string {
		m := detailsRE.FindStringSubmatch(block)
		summary := strings.TrimSpace(m[1])
		if show {
			return "**" + summary + "**\n" + m[2]
		}
		how := "course read --solutions"
		if name != "" {
			how = "course read " + name + " --solutions"
		}
		return fmt.Sprintf("▸ %s: folded; %s shows it.\n", summary, how)
	})
}

// render renders the Markdown page at width columns: in colour in the style GLAMOUR_STYLE
// names (dark when unset), or as plain text.
func render(page string, width int, colour bool) (string, error) {
	style, profile := "notty", termenv.Ascii
	if colour {
		style, profile = "dark", termenv.ANSI256
		if s := os.Getenv("GLAMOUR_STYLE"); s != "" && s != "auto" {
			style = s
		}
	}
	r, err := glamour.NewTermRenderer(
		glamour.WithStylePath(style),
		glamour.WithWordWrap(width),
		glamour.WithColorProfile(profile),
	)
	if err != nil {
		return "", err
	}
	out, err := r.Render(keepHyphens(unwrap(page)))
	if err != nil {
		return "", err
	}
	return strings.ReplaceAll(out, nonBreakingHyphen, "-"), nil
}

// nonBreakingHyphen stands for a word's hyphen while the page is rendered.
const nonBreakingHyphen = "\u2011"

// keepHyphens turns each hyphen inside a word into a non-breaking one: glamour's paragraph wrap
// miscounts a line that it may break at a hyphen and makes it longer than the width, which the
// page's own wrap then breaks again, leaving a word alone on a line. Render turns them back.
func keepHyphens(page string) string {
	r := []rune(page)
	word := func(c rune) bool { return unicode.IsLetter(c) || unicode.IsDigit(c) }
	var b strings.Builder
	for i, c := range r {
		if c == '-' && i > 0 && i+1 < len(r) && word(r[i-1]) && word(r[i+1]) {
			b.WriteString(nonBreakingHyphen)
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// unwrap joins the lines of each paragraph and list item of a Markdown page into one: the
// renderer wraps a list item's text at its own width but keeps the page's line breaks too,
// which would leave a short line wherever the page broke one.
func unwrap(page string) string {
	src := []byte(page)
	doc := goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser().Parse(text.NewReader(src))
	var breaks []int
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := n.(*ast.Text); ok && entering && t.SoftLineBreak() {
			breaks = append(breaks, t.Segment.Stop)
		}
		return ast.WalkContinue, nil
	})
	var b bytes.Buffer
	last := 0
	for _, stop := range breaks {
		nl := bytes.IndexByte(src[stop:], '\n')
		if stop < last || nl < 0 {
			continue
		}
		next := stop + nl + 1
		for next < len(src) && (src[next] == ' ' || src[next] == '\t') {
			next++
		}
		b.Write(src[last:stop])
		b.WriteByte(' ')
		last = next
	}
	b.Write(src[last:])
	return b.String()
}
