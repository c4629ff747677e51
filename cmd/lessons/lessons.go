// Package lessons is `course lessons`: the index of the course, which `course` alone prints too.
package lessons

import (
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/spf13/cobra"

	"course/internal/report"
	"course/learn"
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
// many of its exercises run at the terminal, and how many of them the learner has solved.
func RunIndex(w io.Writer) error {
	r := report.New(w)
	course := lessons.Course()
	exercises := lessons.Exercises()
	p, err := record()
	rows := make([][]string, len(course))
	total := 0
	for i, l := range course {
		count, done := "", ""
		if ex, ok := exercises.Lesson(l.Slug); ok && len(ex.Exercises) > 0 {
			count = strconv.Itoa(len(ex.Exercises))
			total += len(ex.Exercises)
			solved := 0
			if p != nil {
				solved, _ = p.Tally(ex.Exercises)
			}
			done = strconv.Itoa(solved)
		}
		rows[i] = []string{l.Slug, count, done, l.Title + " (" + l.Doc() + ")"}
	}
	// The column is there before the first answer too, so that the index reads the same way
	// throughout and a record seen or shown, but nothing solved, changes nothing in it.
	r.Table([]string{"lesson", "exercises", "solved", "title"}, rows)
	r.Blank()
	r.Line("%d lessons: `course lN` runs one, beside its written lesson.", len(course))
	r.Line("%d exercises run at the terminal: `course next` opens the next, `course progress` shows what you have done.", total)
	if err != nil {
		r.Line("%v", err)
	}
	return r.Err()
}

// RunStanding prints, once the learner has a progress record, where they stand in the course
// and what to type next; before the first answer it prints nothing.
func RunStanding(w io.Writer) error {
	p, err := record()
	if p == nil || err != nil {
		return nil // RunIndex has said why the record could not be read
	}
	r := report.New(w)
	c := lessons.Exercises()
	all := c.All()
	solved, shown := p.Tally(all)
	r.Blank()
	stand := fmt.Sprintf("You have solved %d of the %d exercises", solved, len(all))
	if shown > 0 {
		stand += fmt.Sprintf(" and seen the solution of %d more", shown)
	}
	if next := c.Next(p); next != nil {
		title := ""
		if q, err := next.Question(); err == nil && q.Title != "" {
			title = " (" + q.Title + ")"
		}
		r.Line("%s. Next: %s%s, in %s: type `course next`.", stand, next.Name(), title, next.Lesson)
	} else {
		r.Line("%s: every exercise is done. `course progress` shows how.", stand)
	}
	return r.Err()
}

// record is the learner's progress record, nil when there is none yet; a record that cannot be
// read is the error, to be said beside the index rather than instead of it.
func record() (*learn.Progress, error) {
	path, err := learn.DefaultProgressPath()
	if err != nil {
		return nil, nil
	}
	if _, err := os.Stat(path); err != nil {
		return nil, nil
	}
	p, err := learn.LoadProgress(path)
	if err != nil {
		return nil, err
	}
	return p, nil
}
