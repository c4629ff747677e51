package learntest

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"course/internal/report"
	"course/learn"
)

// Course is a course of one lesson whose first exercise's answer is the variable it reads,
// so a test can move it; its questions are the written lesson l1's.
func Course(answer *int) *learn.Course {
	value := &learn.Exercise{Lesson: "l1", Number: 1, Kind: learn.Value, Form: learn.Numbers, Hints: []string{"count them", "again"},
		Solve: func(context.Context) (learn.Answer, error) {
			return learn.Answer{Value: strconv.Itoa(*answer), Evidence: func(r *report.Report) error {
				r.Line("counted %d", *answer)
				return nil
			}}, nil
		}}
	choice := &learn.Exercise{Lesson: "l1", Number: 2, Kind: learn.Choice, Options: []string{"odd", "even"}, Hints: []string{"divide"},
		Solve: func(context.Context) (learn.Answer, error) {
			return learn.Answer{Holds: []bool{*answer%2 == 1, *answer%2 == 0}}, nil
		}}
	return &learn.Course{Lessons: []learn.Lesson{{Slug: "l1", Exercises: []*learn.Exercise{value, choice}}, {Slug: "l4"}}}
}

// ConfigHome points the user's configuration folder at a temporary one, as a learner's would be.
func ConfigHome(t testing.TB) string {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("AppData", filepath.Join(home, "AppData"))
	path, err := learn.DefaultProgressPath()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(path, home) {
		t.Fatalf("the record %s is outside the temporary home %s", path, home)
	}
	return path
}
