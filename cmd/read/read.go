// Package read is `course read`: a page of docs/, a written lesson or the course's README,
// rendered in the terminal with every output block it quotes replaced by the live output of
// the command line it quotes, so that a learner follows a lesson in one window.
package read

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/docs"
	"course/internal/lazy"
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
tools' pages (matrix, transports, probe, browser, sse-peers) read too. In a pipe it prints
plain text.`,
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
	rendered := render(page, width, layout.Colour)
	_, err = io.WriteString(report.Raw(out), placeQuotes(rendered, quotes))
	return err
}

// quoteIndent is how far the renderer indents a code block: the page's margin and the block's.
const quoteIndent = len(margin + codeMargin)

// quoteMark names the paragraph that stands in a page for its quote number n while the page is
// rendered; the rendered line that holds it is replaced by the quote.
func quoteMark(n int) string { return fmt.Sprintf("%s%04d%s", quoteMarkStart, n, quoteMarkEnd) }

const quoteMarkStart, quoteMarkEnd = "COURSEQUOTE", "END"

// quoteNumber is the number of the quote whose mark line holds, if it holds one.
func quoteNumber(line string) (int, bool) {
	_, rest, ok := strings.Cut(line, quoteMarkStart)
	if !ok || len(rest) < 4+len(quoteMarkEnd) || !strings.HasPrefix(rest[4:], quoteMarkEnd) {
		return 0, false
	}
	n, err := strconv.Atoi(rest[:4])
	return n, err == nil && n >= 0
}

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
		n, ok := quoteNumber(line)
		if !ok || n >= len(quotes) {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			continue
		}
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
var detailsRE = lazy.Regexp(`(?ms)^<details>\n<summary>(.*?)</summary>\n(.*?)^</details>\n?`)

// foldSolutions folds each <details> block of a page to one line that names it, or, when
// show is set, unfolds it under its summary in bold.
func foldSolutions(page string, show bool, name string) string {
	return detailsRE().ReplaceAllStringFunc(page, func(block string) string {
		m := detailsRE().FindStringSubmatch(block)
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
