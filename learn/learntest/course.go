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

// ConfigEnv is a temporary home and the environment entries that point the user's
// configuration folder into it, on every system, for processes a test starts: the test's own
// environment is left alone, so that the test can run beside others.
func ConfigEnv(t testing.TB) (env []string, home string) {
	home = t.TempDir()
	return []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "AppData=" + filepath.Join(home, "AppData")}, home
}

// ConfigHome points the user's configuration folder at a temporary one, as a learner's would be.
func ConfigHome(t testing.TB) string {
	env, home := ConfigEnv(t)
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	path, err := learn.DefaultProgressPath()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(path, home) {
		t.Fatalf("the record %s is outside the temporary home %s", path, home)
	}
	return path
}
