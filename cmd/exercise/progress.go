package exercise

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"course/internal/report"
	"course/learn"
)

// ProgressOptions is what `course progress` and `course next` need.
type ProgressOptions struct {
	IO
	// Course is every exercise, in the course's order.
	Course *learn.Course
	// Reset clears the record, after asking unless Yes.
	Reset, Yes bool
}

// NewCmdProgress builds `course progress`: each lesson's exercises done out of its total, and
// the course's bar.
func NewCmdProgress(c *learn.Course, runF func(context.Context, *ProgressOptions) error) *cobra.Command {
	opts := &ProgressOptions{Course: c}
	cmd := newCmd(&cobra.Command{
		Use:   "progress",
		Short: "Show each exercise's state, lesson by lesson (--reset clears the record)",
		Args:  cobra.NoArgs,
	}, opts, nil, runF, runProgress)
	cmd.Flags().BoolVar(&opts.Reset, "reset", false, "clear the record of what you have done")
	cmd.Flags().BoolVar(&opts.Yes, "yes", false, "with --reset, do not ask first")
	return cmd
}

// runProgress prints the record, or clears it with Reset.
func runProgress(_ context.Context, opts *ProgressOptions) error {
	if opts.Yes && !opts.Reset {
		return errors.New("progress: --yes goes with --reset, and says not to ask before clearing the record")
	}
	if opts.Reset {
		path, err := opts.recordPath()
		if err != nil {
			return err
		}
		if !opts.Yes {
			if err := opts.confirm("clear the record of every exercise you have done, " + path + "?"); err != nil {
				return fmt.Errorf("progress --reset: %w", err)
			}
		}
		if err := learn.ResetProgress(path); err != nil {
			return err
		}
		_, err = fmt.Fprintf(opts.Out, "Cleared %s.\n", path)
		return err
	}
	p, err := opts.progress()
	if err != nil {
		return err
	}
	r := report.New(opts.Out)
	var rows [][]string
	for _, l := range opts.Course.Lessons {
		if len(l.Exercises) == 0 {
			rows = append(rows, []string{l.Slug, "no exercises", ""})
			continue
		}
		solved, shown := p.Tally(l.Exercises)
		rows = append(rows, []string{l.Slug, tallyText(solved, shown, len(l.Exercises)), bar(solved, len(l.Exercises), len(l.Exercises))})
		for _, e := range l.Exercises {
			rows = append(rows, []string{"  " + e.Name(), p.Describe(e.Name()), ""})
		}
	}
	r.Table([]string{"lesson", "done", ""}, rows)
	r.Blank()
	all := opts.Course.All()
	solved, shown := p.Tally(all)
	r.Line("the course  %s  %s", bar(solved, len(all), 30), tallyText(solved, shown, len(all)))
	if next := opts.Course.Next(p); next != nil {
		r.Line("next: %s; `course next` opens it", next.Name())
	}
	r.Line("record: %s", p.Path)
	return r.Err()
}

// tallyText is a lesson's or the course's count: "3 of 5 solved, 1 shown".
func tallyText(solved, shown, total int) string {
	s := fmt.Sprintf("%d of %d solved", solved, total)
	if shown > 0 {
		s += fmt.Sprintf(", %d shown", shown)
	}
	return s
}

// bar is done of total drawn width cells wide.
func bar(done, total, width int) string {
	if total == 0 {
		return ""
	}
	full := done * width / total
	return "[" + strings.Repeat("#", full) + strings.Repeat(".", width-full) + "]"
}
