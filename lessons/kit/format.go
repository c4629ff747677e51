package kit

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/internal/report"
)

// The small text helpers several lessons share.

// JoinInts writes numbers with sep between them.
func JoinInts(ns []int, sep string) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, sep)
}

// cut shortens s to n characters, the last one an ellipsis, as the original's Cut does.
func Cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// RunSections runs a lesson's sections in print order, stopping at the first that fails or when
// ctx ends, and then reports the first write error of r; slug prefixes every error.
func RunSections(ctx context.Context, slug string, r *report.Report, sections ...func() error) error {
	for _, section := range sections {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("%s: %w", slug, err)
		}
		if err := section(); err != nil {
			return fmt.Errorf("%s: %w", slug, err)
		}
	}
	if r.Err() != nil {
		return fmt.Errorf("%s: write output: %w", slug, r.Err())
	}
	return nil
}

// Recorded turns sections that record their failure in *failed, or cannot fail when failed is
// nil, into sections for RunSections.
func Recorded(failed *error, sections ...func()) []func() error {
	out := make([]func() error, len(sections))
	for i, section := range sections {
		out[i] = func() error {
			section()
			if failed != nil {
				return *failed
			}
			return nil
		}
	}
	return out
}

// NewCmd builds the command `course use` of a lesson: it points *out, the lesson's output, at
// the command's, and runs run with opts; runF, when set, runs instead, for tests of the flags.
func NewCmd[O any](use, long string, opts *O, out *io.Writer, run, runF func(context.Context, *O) error) *cobra.Command {
	if runF != nil {
		run = runF
	}
	return &cobra.Command{
		Use:  use,
		Long: long,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			*out = cmd.OutOrStdout()
			return run(cmd.Context(), opts)
		},
	}
}
