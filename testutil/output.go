package testutil

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// Line is the first line of out that starts with prefix; the test fails when there is none.
func Line(t testing.TB, out, prefix string) string {
	t.Helper()
	for line := range strings.SplitSeq(out, "\n") {
		if strings.HasPrefix(line, prefix) {
			return line
		}
	}
	t.Fatalf("no line starts with %q in:\n%s", prefix, out)
	return ""
}

// MustContain fails the test for each of lines that out lacks.
func MustContain(t testing.TB, out string, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if !strings.Contains(out, l) {
			t.Errorf("output lacks %q", l)
		}
	}
}

// SectionLines is the lines of the section of out whose title ("== ...") starts with prefix.
func SectionLines(t testing.TB, out, prefix string) []string {
	t.Helper()
	var lines []string
	in := false
	for l := range strings.SplitSeq(out, "\n") {
		switch {
		case strings.HasPrefix(l, "== "):
			in = strings.HasPrefix(l, "== "+prefix)
		case in:
			lines = append(lines, l)
		}
	}
	if lines == nil {
		t.Fatalf("no section %q in:\n%s", prefix, out)
	}
	return lines
}

// Run runs cmd, a lesson's or a tool's command, in-process under a root command as the course
// has it, with args after the root (the command's own name first), and returns what it printed.
func Run(t testing.TB, cmd *cobra.Command, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := &cobra.Command{Use: "course", SilenceUsage: true, SilenceErrors: true}
	root.AddCommand(cmd)
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.ExecuteContext(t.Context())
	return out.String(), err
}
