// Package cli is the course's command line: the root command, which holds every lesson and every
// tool, the flags that fit the output to a person's terminal, and the answer to a command the
// course does not have.
package cli

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"course/internal/report"
	"course/learn"
	"course/lessons"
	"course/tools"
)

// keepCommandOrder lists lessons in the course's order, l1 to l28, and the tools in the order
// they are added. The setting is cobra's, for the whole process, so it is set once however many
// root commands are built, side by side in the tests.
var keepCommandOrder = sync.OnceFunc(func() { cobra.EnableCommandSorting = false })

// NewRootCmd builds `course`: the lessons, `course host`, and cobra's help and completion.
func NewRootCmd(version string) *cobra.Command {
	root, _ := newRoot(version)
	return root
}

// newRoot builds the root command and the flush that writes what the display writer still
// holds, which Execute calls however the command ends.
func newRoot(version string) (*cobra.Command, func() error) {
	display := &report.DisplayOptions{}
	flush := func() error { return nil }
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
				if err := lessons.RunIndex(cmd.OutOrStdout()); err != nil {
					return err
				}
				_, err := fmt.Fprintln(cmd.OutOrStdout(), "`course --help` lists the tools and the flags.")
				return err
			}
			return unknownCommand(cmd, args)
		},
		// Every command writes through the display writer when a person reads the output.
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			w, f, err := display.Writer(cmd.Root().OutOrStdout())
			if err != nil {
				return err
			}
			cmd.Root().SetOut(w)
			flush = f
			return nil
		},
		PersistentPostRunE: func(*cobra.Command, []string) error { return flush() },
	}
	display.AddFlags(root)
	keepCommandOrder()
	root.SetFlagErrorFunc(flagError)
	// Flag help wraps at the reading width, so that every --help fits a terminal.
	root.SetUsageTemplate(strings.ReplaceAll(root.UsageTemplate(), ".FlagUsages", fmt.Sprintf(".FlagUsagesWrapped %d", report.DefaultWidth)))
	root.AddGroup(&cobra.Group{ID: "lessons", Title: "Lessons:"}, &cobra.Group{ID: "tools", Title: "Tools:"})
	exercises := lessons.Exercises()
	for _, l := range lessons.Course() {
		cmd := l.New()
		cmd.GroupID = "lessons"
		root.AddCommand(cmd)
	}
	for _, tool := range []*cobra.Command{lessons.NewCmdLessons(nil), tools.NewCmdHost(), tools.NewCmdMatrix(nil), tools.NewCmdWire(), tools.NewCmdProbe(nil)} {
		tool.GroupID = "tools"
		root.AddCommand(tool)
	}
	root.AddGroup(&cobra.Group{ID: "exercises", Title: "Exercises:"})
	for _, cmd := range []*cobra.Command{
		learn.NewCmdExercise(exercises, nil), learn.NewCmdAnswer(exercises, nil), learn.NewCmdCheck(exercises, nil),
		learn.NewCmdReset(exercises, nil), learn.NewCmdProgress(exercises, nil), learn.NewCmdNext(exercises, nil),
	} {
		cmd.GroupID = "exercises"
		root.AddCommand(cmd)
	}
	return root, func() error { return flush() }
}

// Execute runs the course's command line with args, for main and for tests.
func Execute(ctx context.Context, version string, args []string) error {
	root, flush := newRoot(version)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if ferr := flush(); err == nil {
		err = ferr
	}
	return err
}
