package testutil

import (
	"bytes"
	"io"
	"iter"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
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

// sections yields each section of a lesson's output in order: its title line without the "== "
// that marks it, and its body, the lines up to the next title. The one reading of sections that
// Section, SectionLines and Sections share.
func sections(out string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, s := range strings.Split(out, "\n== ")[1:] {
			title, body, _ := strings.Cut(s, "\n")
			if !yield(title, body) {
				return
			}
		}
	}
}

// Section is the body of the first section of out whose title contains title; the test fails
// when there is none.
func Section(t testing.TB, out, title string) string {
	t.Helper()
	title = strings.TrimPrefix(title, "== ")
	for head, body := range sections("\n" + out) {
		if strings.Contains(head, title) {
			return body
		}
	}
	t.Fatalf("no section %q in:\n%s", title, out)
	return ""
}

// SectionLines is Section's body as lines.
func SectionLines(t testing.TB, out, title string) []string {
	t.Helper()
	return strings.Split(strings.TrimSuffix(Section(t, out, title), "\n"), "\n")
}

// Root is a root command as the course has it, holding cmds: what a test of one command runs it
// under, so that its name, help and completion read as they do in the course.
func Root(cmds ...*cobra.Command) *cobra.Command {
	root := &cobra.Command{Use: "course", SilenceUsage: true, SilenceErrors: true}
	root.AddCommand(cmds...)
	return root
}

// Run runs cmd, a lesson's or a tool's command, in-process under a root command as the course
// has it, with args after the root (the command's own name first), and returns what it printed.
func Run(t testing.TB, cmd *cobra.Command, args ...string) (string, error) {
	t.Helper()
	return RunIn(t, "", cmd, args...)
}

// RunIn is Run with stdin as the command's standard input.
func RunIn(t testing.TB, stdin string, cmd *cobra.Command, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := Root(cmd)
	root.SetIn(strings.NewReader(stdin))
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.ExecuteContext(t.Context())
	return out.String(), err
}

// Sections is a lesson's output's sections' bodies, by title.
func Sections(out string) map[string]string {
	all := map[string]string{}
	for title, body := range sections(out) {
		all[title] = body
	}
	return all
}

// SectionsMoved checks that the sections of a and b whose title starts with each of moving
// differ, and those whose title starts with each of still do not; each prefix must name a
// section of a.
func SectionsMoved(t testing.TB, a, b string, moving, still []string) {
	t.Helper()
	sa, sb := Sections(a), Sections(b)
	check := func(prefix string, want bool) {
		found := false
		for title, body := range sa {
			if !strings.HasPrefix(title, prefix) {
				continue
			}
			found = true
			if changed := sb[title] != body; changed != want {
				t.Errorf("%q changed %v, want %v:\n%s\n---\n%s", title, changed, want, body, sb[title])
			}
		}
		if !found {
			t.Errorf("no section %q in:\n%s", prefix, a)
		}
	}
	for _, p := range moving {
		check(p, true)
	}
	for _, p := range still {
		check(p, false)
	}
}

// Snapshot is the output the snapshot file snapshots/NAME.txtar holds, read from root, the
// repository's top folder as the test sees it ("..", "../..").
func Snapshot(t testing.TB, root, name string) string {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join(root, "snapshots", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		if f.Name == "stdout" {
			return string(f.Data)
		}
	}
	t.Fatalf("snapshots/%s.txtar holds no stdout", name)
	return ""
}

// Output is what write writes, the test failing when write fails.
func Output(t testing.TB, write func(io.Writer) error) string {
	t.Helper()
	var out bytes.Buffer
	if err := write(&out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// Lesson is the output of a lesson that open makes on its output, change alters and run runs,
// the test failing when any step fails: what a test compares after changing a lesson's input.
func Lesson[L any](t testing.TB, open func(io.Writer) (L, error), change func(L), run func(L) error) string {
	t.Helper()
	return Output(t, func(w io.Writer) error {
		l, err := open(w)
		if err != nil {
			return err
		}
		change(l)
		return run(l)
	})
}

// Bind gives each of a lesson's sections its lesson l, for kit.RunSections.
func Bind[L any](l L, sections []func(L) error) []func() error {
	bound := make([]func() error, len(sections))
	for i, s := range sections {
		bound[i] = func() error { return s(l) }
	}
	return bound
}

// Completion is a shell completion a test asks a command for: the words typed after the root,
// the completions that must be offered and those that must not.
type Completion struct {
	Args, Want, Not []string
}

// Completes asks cmd, under a root as the course has it, for each completion, as a shell does
// through cobra's __complete, and fails for each completion offered or missing against it.
func Completes(t testing.TB, cmd func() *cobra.Command, completions ...Completion) {
	t.Helper()
	for _, c := range completions {
		out, err := Run(t, cmd(), append([]string{"__complete"}, c.Args...)...)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out, "\n")
		for _, w := range c.Want {
			if !slices.Contains(lines, w) {
				t.Errorf("complete %q: no %q in %q", c.Args, w, out)
			}
		}
		for _, n := range c.Not {
			if slices.Contains(lines, n) {
				t.Errorf("complete %q: %q should not be offered", c.Args, n)
			}
		}
	}
}
