package learntest

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"course/learn"
)

// Course is a course of one lesson whose first exercise's answer is the variable it reads,
// so a test can move it; its questions are the written lesson l1's.
func Course(answer *int) *learn.Course {
	value := learn.Compute(learn.Numbers, func(_ context.Context, w io.Writer) (string, error) {
		_, err := fmt.Fprintf(w, "counted %d\n", *answer)
		return strconv.Itoa(*answer), err
	}).WithHints("count them", "again")
	choice := learn.Choose(func(context.Context, io.Writer) (int, error) { return *answer, nil },
		learn.Claim[int]{Text: "odd", Holds: func(n int) bool { return n%2 == 1 }},
		learn.Claim[int]{Text: "even", Holds: func(n int) bool { return n%2 == 0 }},
	).WithHints("divide")
	return &learn.Course{Lessons: []learn.Lesson{learn.NewLesson("l1", value, choice), learn.NewLesson("l4")}}
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
