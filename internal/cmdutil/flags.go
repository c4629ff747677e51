package cmdutil

import (
	"strings"

	"github.com/spf13/cobra"

	"course/internal/report"
)

// WrapList joins keys with ", ", breaking the line before it would pass the reading width; the
// lines after the first are indented as far as lead is long.
func WrapList(keys []string, lead string) string {
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

// CompleteOne completes a flag that takes one of values.
func CompleteOne(values func() []string) cobra.CompletionFunc {
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

// CompleteList completes a flag that takes a comma-separated list of values: the last item of
// the list, after the items already typed.
func CompleteList(values func() []string) cobra.CompletionFunc {
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
