// Package root is the course's command line: the root command, which holds every lesson and every
// tool, the flags that fit the output to a person's terminal, and the answer to a command the
// course does not have.
package root

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"course/cmd/cache"
	"course/cmd/exercise"
	"course/cmd/host"
	cmdlessons "course/cmd/lessons"
	"course/cmd/matrix"
	"course/cmd/probe"
	"course/cmd/read"
	"course/cmd/wire"
	"course/internal/report"
	"course/internal/verbose"
	"course/learn"
	"course/lessons"
)

// keepCommandOrder lists lessons in the course's order, l1 to l28, and the tools in the order
// they are added. The setting is cobra's, for the whole process, so it is set once however many
// root commands are built, side by side in the tests.
var keepCommandOrder = sync.OnceFunc(func() { cobra.EnableCommandSorting = false })

// NewRootCmd builds `course`: the lessons, `course host`, and cobra's help and completion.
func NewRootCmd(version string) *cobra.Command {
	root, _, tree := newRoot(version)
	tree.buildAll()
	return root
}

// noPager marks a command whose output is never paged: one that serves, watches or asks, whose
// output a person must see as it comes.
const noPager = "course/no-pager"

// output is the display a command writes through, which Execute ends however the command ends.
type output struct {
	flush func() error
	// quit says the reader quit the pager before the output ended, which stopped the command.
	quit bool
}

// paged reports whether cmd's output may go through the pager: none of it and its parents is
// marked noPager.
func paged(cmd *cobra.Command) bool {
	for c := cmd; c != nil; c = c.Parent() {
		if _, ok := c.Annotations[noPager]; ok {
			return false
		}
	}
	return true
}

// newRoot builds the root command and the output that Execute ends however the command ends:
// its flush writes what the display writer still holds and waits for the pager. The lessons'
// commands are stand-ins and the exercises are not read until the tree says which the command
// line needs (lazyTree).
func newRoot(version string) (*cobra.Command, *output, *lazyTree) {
	display := &report.DisplayOptions{}
	out := &output{flush: func() error { return nil }}
	root := &cobra.Command{
		Use:   "course",
		Short: "Run the lessons of the course on how Guitar Alchemist's chatbot answers reach the user",
		Long: `course runs the lessons of the course on how Guitar Alchemist's chatbot answers travel
from the server to the user. A lesson starts a real chatbot host as a child process, talks to
it over HTTP, and prints what the written lesson discusses, computed from what happened.`,
		Version:       version,
		Args:          cobra.ArbitraryArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				if err := cmdlessons.RunIndex(cmd.OutOrStdout()); err != nil {
					return err
				}
				if err := cmdlessons.RunStanding(cmd.OutOrStdout()); err != nil {
					return err
				}
				_, err := fmt.Fprintln(cmd.OutOrStdout(), "`course --help` lists the tools and the flags.")
				return err
			}
			return unknownCommand(cmd, args)
		},
		// Every command writes through the display writer when a person reads the output, and
		// through the pager when it is taller than the terminal.
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			open, done := display.Writer, func() {}
			if paged(cmd) {
				// A reader who quits the pager is done reading: the command stops there.
				ctx, cancel := context.WithCancelCause(cmd.Context())
				cmd.SetContext(ctx)
				done = func() { cancel(nil) }
				open = func(w io.Writer) (io.Writer, func() error, error) {
					return display.PagedWriter(w, func() {
						out.quit = true
						cancel(errPagerQuit)
					})
				}
			}
			w, flush, err := open(cmd.Root().OutOrStdout())
			if err != nil {
				done()
				return err
			}
			cmd.Root().SetOut(w)
			out.flush = func() error {
				defer done()
				return flush()
			}
			return nil
		},
		PersistentPostRunE: func(*cobra.Command, []string) error { return out.flush() },
	}
	display.AddFlags(root)
	root.PersistentFlags().VarPF(verbose.Flag{}, "verbose", "", "say on stderr what the course put right without a word: a cached index rebuilt or removed, a cache it could not write").NoOptDefVal = "true"
	keepCommandOrder()
	tree := &lazyTree{root: root, stubs: map[*cobra.Command]lessons.Lesson{}, learn: map[*cobra.Command]bool{}, exercises: &learn.Course{}}
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return flagError(cmd, err, tree.real) })
	// Flag help wraps at the reading width, so that every --help fits a terminal.
	root.SetUsageTemplate(strings.ReplaceAll(root.UsageTemplate(), ".FlagUsages", fmt.Sprintf(".FlagUsagesWrapped %d", report.DefaultWidth)))
	root.AddGroup(&cobra.Group{ID: "lessons", Title: "Lessons:"}, &cobra.Group{ID: "tools", Title: "Tools:"})
	exercises := tree.exercises
	for _, l := range lessons.Course() {
		root.AddCommand(tree.stub(l))
	}
	hostCmd, wireCmd := host.NewCmdHost(), wire.NewCmdWire()
	// A page that `course read` renders quotes the course's command lines; it runs each on a
	// root of its own, its errors shown in the page.
	runLine := func(ctx context.Context, args []string, w io.Writer) error {
		return execute(ctx, version, args, w, io.Discard)
	}
	for _, tool := range []*cobra.Command{cmdlessons.NewCmdLessons(nil), read.NewCmd(runLine), hostCmd, matrix.NewCmdMatrix(nil), wireCmd, probe.NewCmdProbe(nil), cache.NewCmdCache(nil)} {
		tool.GroupID = "tools"
		root.AddCommand(tool)
	}
	root.AddGroup(&cobra.Group{ID: "exercises", Title: "Exercises:"})
	answer, check, reset, next := exercise.NewCmdAnswer(exercises, nil), exercise.NewCmdCheck(exercises, nil), exercise.NewCmdReset(exercises, nil), exercise.NewCmdNext(exercises, nil)
	for _, cmd := range []*cobra.Command{
		exercise.NewCmdExercise(exercises, nil), answer, check, reset, exercise.NewCmdProgress(exercises, nil), next,
	} {
		cmd.GroupID = "exercises"
		tree.learn[cmd] = true
		root.AddCommand(cmd)
	}
	// The host serves until stopped, wire reads what is typed, check --watch watches, answer,
	// reset and next may ask: their output is read as it comes, never held for a pager.
	for _, cmd := range []*cobra.Command{hostCmd, wireCmd, answer, check, reset, next} {
		if cmd.Annotations == nil {
			cmd.Annotations = map[string]string{}
		}
		cmd.Annotations[noPager] = ""
	}
	return root, out, tree
}

// lazyTree builds the costly parts of the command tree only for a command line that needs
// them: every process, `course --version` and each lesson's host child included, built every
// lesson's command (each reads its written lesson for its help) and every lesson's exercises.
// A lesson stands in the tree as a stub with its name and title, all root's help and
// suggestions read of it, until the command line names it.
type lazyTree struct {
	root *cobra.Command
	// stubs are the lessons not built yet, by their stand-in.
	stubs map[*cobra.Command]lessons.Lesson
	// built holds the real commands of stubs built aside for a look at their flags.
	built map[*cobra.Command]*cobra.Command
	// learn are the exercise commands, which read exercises, filled when one of them runs.
	learn     map[*cobra.Command]bool
	exercises *learn.Course
	filled    bool
}

// stub is the stand-in for lesson l.
func (t *lazyTree) stub(l lessons.Lesson) *cobra.Command {
	stub := &cobra.Command{
		Use:     l.Slug,
		Short:   l.Title,
		GroupID: "lessons",
		RunE: func(*cobra.Command, []string) error {
			return fmt.Errorf("%s: the lesson's command was not built", l.Slug) // resolve builds it first
		},
	}
	t.stubs[stub] = l
	return stub
}

// resolve builds what args need, before the tree runs them: the lesson they name, the
// exercises for an exercise command, and everything when they name no command of the tree
// (help, completion, a mistyped command) or one cobra does not find at once.
func (t *lazyTree) resolve(args []string) {
	cmd, _, err := t.root.Find(args)
	switch {
	case err != nil || cmd == t.root && namesACommand(t.root, args):
		t.buildAll()
	case t.learn[cmd]:
		t.fill()
	default:
		if _, ok := t.stubs[cmd]; ok {
			t.build(func(stub *cobra.Command) bool { return stub == cmd })
		}
	}
}

// buildAll builds every lesson's command and reads the exercises.
func (t *lazyTree) buildAll() {
	t.build(func(*cobra.Command) bool { return true })
	t.fill()
}

// fill reads the exercises of every lesson.
func (t *lazyTree) fill() {
	if !t.filled {
		*t.exercises = *lessons.Exercises()
		t.filled = true
	}
}

// build replaces the stubs that want picks with their lessons' commands, in the course's order.
func (t *lazyTree) build(want func(stub *cobra.Command) bool) {
	cmds := slices.Clone(t.root.Commands())
	replaced := false
	for i, c := range cmds {
		if _, ok := t.stubs[c]; ok && want(c) {
			cmds[i] = t.real(c)
			delete(t.stubs, c)
			replaced = true
		}
	}
	if replaced {
		t.root.RemoveCommand(t.root.Commands()...)
		t.root.AddCommand(cmds...)
	}
}

// real is cmd's lesson command when cmd is a stub, built once, else cmd.
func (t *lazyTree) real(cmd *cobra.Command) *cobra.Command {
	l, ok := t.stubs[cmd]
	if !ok {
		return cmd
	}
	if real, ok := t.built[cmd]; ok {
		return real
	}
	real := l.New()
	real.GroupID = "lessons"
	if t.built == nil {
		t.built = map[*cobra.Command]*cobra.Command{}
	}
	t.built[cmd] = real
	return real
}

// namesACommand reports whether args hold a word that is no flag of root's nor a flag's value:
// a command root does not have, such as cobra's help and completion.
func namesACommand(root *cobra.Command, args []string) bool {
	lookup := func(name string, short bool) *pflag.Flag {
		for _, fs := range []*pflag.FlagSet{root.Flags(), root.PersistentFlags()} {
			if short {
				if f := fs.ShorthandLookup(name); f != nil {
					return f
				}
			} else if f := fs.Lookup(name); f != nil {
				return f
			}
		}
		return nil
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return i+1 < len(args)
		case !strings.HasPrefix(a, "-") || a == "-":
			return true
		case strings.Contains(a, "="):
			continue
		}
		var f *pflag.Flag
		if name, ok := strings.CutPrefix(a, "--"); ok {
			f = lookup(name, false)
		} else if len(a) == 2 {
			f = lookup(a[1:], true)
		}
		if f != nil && f.NoOptDefVal == "" {
			i++ // the flag's value
		}
	}
	return false
}

// errPagerQuit is why a command stops when the reader quits the pager before its output ends:
// no failure, so the course exits 0, as git does.
var errPagerQuit = errors.New("the pager was quit")

// Execute runs the course's command line with args, for main and for tests.
func Execute(ctx context.Context, version string, args []string) error {
	return execute(ctx, version, args, nil, nil)
}

// execute is Execute writing to stdout and stderr; nil is the process's own.
func execute(ctx context.Context, version string, args []string, stdout, stderr io.Writer) error {
	root, out, tree := newRoot(version)
	tree.resolve(args)
	root.SetArgs(args)
	if stdout != nil {
		root.SetOut(stdout)
	}
	if stderr != nil {
		root.SetErr(stderr)
	}
	err := root.ExecuteContext(ctx)
	if ferr := out.flush(); err == nil {
		err = ferr
	}
	if out.quit && ctx.Err() == nil {
		return nil // the reader stopped reading; whatever the stop did to the command is no error
	}
	return err
}
