// Package lessons is `course lessons`: the index of the course, which `course` alone prints too.
package lessons

import (
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"course/internal/report"
	"course/lessons"
)

// NewCmdLessons builds `course lessons`, the index of the course.
func NewCmdLessons(runF func(io.Writer) error) *cobra.Command {
	return &cobra.Command{
		Use:   "lessons",
		Short: "List every lesson of the course, in order, with its exercises",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(cmd.OutOrStdout())
			}
			return RunIndex(cmd.OutOrStdout())
		},
	}
}

// RunIndex prints the course's index: every lesson with its title, its written lesson and how
// many of its exercises run at the terminal.
func RunIndex(w io.Writer) error {
	r := report.New(w)
	course := lessons.Course()
	exercises := lessons.Exercises()
	rows := make([][]string, len(course))
	total := 0
	for i, l := range course {
		count := ""
		if ex, ok := exercises.Lesson(l.Slug); ok && len(ex.Exercises) > 0 {
			count = strconv.Itoa(len(ex.Exercises))
			total += len(ex.Exercises)
		}
		rows[i] = []string{l.Slug, count, l.Title + " (" + l.Doc() + ")"}
	}
	r.Table([]string{"lesson", "exercises", "title"}, rows)
	r.Blank()
	r.Line("%d lessons: `course lN` runs one, beside its written lesson.", len(course))
	r.Line("%d exercises run at the terminal: `course next` names the next, `course progress` what you have done.", total)
	return r.Err()
}
