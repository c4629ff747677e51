// Package lessons holds the course's commands: one file per lesson, each printing what its
// written lesson shows, computed from a real host, real HTTP and real bytes.
package lessons

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// Lesson is one entry of the course's ordered list of lessons.
type Lesson struct {
	// Slug is the lesson's command, "l6".
	Slug string
	// Title is the written lesson's title.
	Title string
	// New builds the lesson's command.
	New func() *cobra.Command
}

// All lists the lessons in course order.
func All() []Lesson {
	return []Lesson{
		{Slug: "l4", Title: "From a message to the answer", New: func() *cobra.Command { return NewCmdL4(nil) }},
		{Slug: "l5", Title: "The improvisation skill against chord-scale theory", New: func() *cobra.Command { return NewCmdL5(nil) }},
		{Slug: "l6", Title: "The chatbot's answer on the wire", New: func() *cobra.Command { return NewCmdL6(nil) }},
	}
}

// NewRootCmd builds `course`: the lessons, `course host`, and cobra's help and completion.
func NewRootCmd(version string) *cobra.Command {
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
				return cmd.Help()
			}
			return unknownLesson(args[0])
		},
	}
	root.AddGroup(&cobra.Group{ID: "lessons", Title: "Lessons:"}, &cobra.Group{ID: "tools", Title: "Tools:"})
	for _, l := range All() {
		cmd := l.New()
		cmd.GroupID = "lessons"
		root.AddCommand(cmd)
	}
	for _, tool := range []*cobra.Command{NewCmdHost(), NewCmdMatrix(nil), NewCmdWire(), NewCmdProbe(nil)} {
		tool.GroupID = "tools"
		root.AddCommand(tool)
	}
	return root
}

func unknownLesson(name string) error {
	known := make([]string, 0, len(All()))
	for _, l := range All() {
		known = append(known, fmt.Sprintf("%s (%s)", l.Slug, l.Title))
	}
	return fmt.Errorf("unknown lesson %q; the lessons are: %s", name, strings.Join(known, ", "))
}

// Execute runs the course's command line with args, for main and for tests.
func Execute(ctx context.Context, version string, args []string) error {
	root := NewRootCmd(version)
	root.SetArgs(args)
	return root.ExecuteContext(ctx)
}
