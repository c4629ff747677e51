package exercise

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"course/internal/cmdutil"
	"course/learn"
	"course/learn/learntest"
)

func TestAnswerNextAndProgress(t *testing.T) {
	path := learntest.ConfigHome(t)
	n := 35
	c := learntest.Course(&n)
	l1, _ := c.Lesson("l1")
	var out bytes.Buffer
	io := IO{Out: &out, Now: func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }}

	err := runAnswer(t.Context(), &AnswerOptions{IO: io, Exercise: l1.Exercises[0], Given: "36"})
	var exit *cmdutil.ExitError
	if !errors.As(err, &exit) || exit.Code != 1 || !strings.Contains(out.String(), `not yet. read as "36"`) {
		t.Fatalf("a wrong answer: %v\n%s", err, out.String())
	}
	if p, err := learn.LoadProgress(path); err != nil || p.Exercises["l1.1"] != (learn.Entry{Tries: 1}) {
		t.Errorf("a wrong answer is one try, not done: %+v, %v", p, err)
	}
	out.Reset()
	if err := runNext(t.Context(), &ProgressOptions{IO: io, Course: c}); err != nil || !strings.Contains(out.String(), "# l1.1 (value)") {
		t.Errorf("next before: %v\n%s", err, out.String())
	}

	out.Reset()
	if err := runAnswer(t.Context(), &AnswerOptions{IO: io, Exercise: l1.Exercises[0], Given: "35 intents"}); err != nil || !strings.Contains(out.String(), "l1.1: right") {
		t.Fatalf("the right answer: %v\n%s", err, out.String())
	}
	p, err := learn.LoadProgress(path)
	if err != nil || p.Exercises["l1.1"] != (learn.Entry{State: learn.AfterTries, Tries: 1, At: io.Now()}) {
		t.Fatalf("the record after a right answer: %+v, %v", p, err)
	}
	out.Reset()
	if err := runNext(t.Context(), &ProgressOptions{IO: io, Course: c}); err != nil || !strings.Contains(out.String(), "# l1.2 (choice)") {
		t.Errorf("next after: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := runProgress(t.Context(), &ProgressOptions{IO: io, Course: c}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"1 of 2 solved        [#.]", "  l1.1  after tries (1 try)", "  l1.2  not done", "l4      no exercises", "]  1 of 2 solved\n", "next: l1.2", path} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("progress lacks %q:\n%s", want, out.String())
		}
	}

	// The answer moves with the model: 36 is right once the model says so.
	n = 36
	out.Reset()
	if err := runAnswer(t.Context(), &AnswerOptions{IO: io, Exercise: l1.Exercises[1], Given: "b"}); err != nil {
		t.Errorf("choice b with 36: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := runNext(t.Context(), &ProgressOptions{IO: io, Course: c}); err != nil || !strings.Contains(out.String(), "Every exercise of the course is done (2)") {
		t.Errorf("next when all are done: %v\n%s", err, out.String())
	}

	if err := runProgress(t.Context(), &ProgressOptions{IO: io, Course: c, Yes: true}); err == nil || !strings.Contains(err.Error(), "--yes goes with --reset") {
		t.Errorf("--yes without --reset: %v", err)
	}
	// Without a terminal, --reset asks for --yes and keeps the record.
	err = runProgress(t.Context(), &ProgressOptions{IO: io, Course: c, Reset: true})
	if err == nil || !strings.Contains(err.Error(), "--yes") {
		t.Errorf("--reset without --yes: %v", err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("--reset without --yes lost the record: %v", err)
	}
	io.Terminal, io.In = true, strings.NewReader("n\n")
	if err := runProgress(t.Context(), &ProgressOptions{IO: io, Course: c, Reset: true}); err == nil {
		t.Error("--reset answered no went ahead")
	}
	io.In = strings.NewReader("y\n")
	if err := runProgress(t.Context(), &ProgressOptions{IO: io, Course: c, Reset: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("--reset left the record: %v", err)
	}
}

func TestAnswerPrompt(t *testing.T) {
	learntest.ConfigHome(t)
	n := 4
	e := learntest.Course(&n).Lessons[0].Exercises[0]
	var out bytes.Buffer
	err := runAnswer(t.Context(), &AnswerOptions{IO: IO{Out: &out}, Exercise: e})
	if err == nil || !strings.Contains(err.Error(), `course answer l1.1 "..."`) {
		t.Errorf("no answer, no terminal: %v", err)
	}
	err = runAnswer(t.Context(), &AnswerOptions{IO: IO{Out: &out, Terminal: true, In: strings.NewReader("4\n")}, Exercise: e})
	if err != nil || !strings.Contains(out.String(), "Your answer to l1.1: l1.1: right") {
		t.Errorf("typed at the prompt: %v\n%s", err, out.String())
	}
}

// TestDamagedRecordIsKept answers over a damaged record: the record is left as it is.
func TestDamagedRecordIsKept(t *testing.T) {
	path := learntest.ConfigHome(t)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, damaged := range []string{`{"version":1,"done":{"l6.4":`, `{"version":7,"done":{}}`, "\x00\x01"} {
		if err := os.WriteFile(path, []byte(damaged), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		n := 1
		err := runAnswer(t.Context(), &AnswerOptions{IO: IO{Out: &out}, Exercise: learntest.Course(&n).Lessons[0].Exercises[0], Given: "1"})
		var exit *cmdutil.ExitError
		if !errors.As(err, &exit) || exit.Code != cmdutil.ExitCannotRun || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "damaged") {
			t.Errorf("a right answer over the damaged record %q: %v", damaged, err)
		}
		if !strings.Contains(out.String(), "l1.1: right") {
			t.Errorf("the damaged record %q stopped the check:\n%s", damaged, out.String())
		}
		out.Reset()
		err = runAnswer(t.Context(), &AnswerOptions{IO: IO{Out: &out}, Exercise: learntest.Course(&n).Lessons[0].Exercises[0], Given: "2"})
		if !errors.As(err, &exit) || exit.Code != cmdutil.ExitFail || !strings.Contains(err.Error(), path) || !strings.Contains(out.String(), "l1.1: not yet") {
			t.Errorf("a wrong answer over the damaged record %q: %v\n%s", damaged, err, out.String())
		}
		if got, _ := os.ReadFile(path); string(got) != damaged {
			t.Errorf("the damaged record was overwritten: %q", got)
		}
	}
	if err := runProgress(t.Context(), &ProgressOptions{IO: IO{Out: &bytes.Buffer{}}, Reset: true, Yes: true, Course: &learn.Course{}}); err != nil {
		t.Fatal(err)
	}
	if p, err := learn.LoadProgress(path); err != nil || len(p.Exercises) != 0 {
		t.Errorf("after --reset --yes: %+v, %v", p, err)
	}
}

// TestProgressStates does each exercise of a course a different way, through the commands,
// and reads the states back from `course progress`.
func TestProgressStates(t *testing.T) {
	learntest.ConfigHome(t)
	c := concurrentCourse(5)
	l := c.Lessons[0]
	var out bytes.Buffer
	io := IO{Out: &out, Err: &out}
	answer := func(n int, given string) {
		t.Helper()
		runAnswer(t.Context(), &AnswerOptions{IO: io, Exercise: l.Exercises[n-1], Given: given})
	}
	answer(1, "1")
	answer(2, "9")
	answer(2, "2")
	if err := runExercise(t.Context(), &ExerciseOptions{IO: io, Exercise: l.Exercises[2], Hint: 1}); err != nil {
		t.Fatal(err)
	}
	answer(3, "3")
	if err := runExercise(t.Context(), &ExerciseOptions{IO: io, Exercise: l.Exercises[3], Solution: true}); err != nil {
		t.Fatal(err)
	}
	answer(4, "4")
	out.Reset()
	if err := runProgress(t.Context(), &ProgressOptions{IO: io, Course: c}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"l1      3 of 5 solved, 1 shown     [###..]",
		"  l1.1  first try", "  l1.2  after tries (1 try)", "  l1.3  after hints (hint 1 seen)",
		"  l1.4  solution shown\n", "  l1.5  not done", "]  3 of 5 solved, 1 shown\n", "next: l1.5",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("progress lacks %q:\n%s", want, out.String())
		}
	}
}

// TestAnswerIsNotFlags gives answers that look like flags: everything after the exercise's name
// reaches the check as the answer, and a flag before the name is still read as one.
func TestAnswerIsNotFlags(t *testing.T) {
	n := 1
	c := learntest.Course(&n)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"l1.1", "-7 -7"}, "-7 -7"},
		{[]string{"l1.1", "-7", "+7", "7"}, "-7 +7 7"},
		{[]string{"l1.1", "--", "-7"}, "-7"},
		{[]string{"l1.1", "--help"}, "--help"},
		{[]string{"l1.1"}, ""},
	} {
		var got *AnswerOptions
		cmd := NewCmdAnswer(c, func(_ context.Context, o *AnswerOptions) error { got = o; return nil })
		cmd.SetArgs(tc.args)
		cmd.SetOut(&bytes.Buffer{})
		if err := cmd.Execute(); err != nil || got == nil || got.Given != tc.want || got.Exercise.Name() != "l1.1" {
			t.Errorf("answer %q: %+v, %v; want the answer %q", tc.args, got, err, tc.want)
		}
	}
	cmd := NewCmdAnswer(c, func(context.Context, *AnswerOptions) error { return nil })
	cmd.SetArgs([]string{"--bogus", "l1.1", "1"})
	cmd.SetOut(&bytes.Buffer{})
	cmd.SetErr(&bytes.Buffer{})
	if err := cmd.Execute(); err == nil || !strings.Contains(err.Error(), "bogus") {
		t.Errorf("a flag before the name is not read as one: %v", err)
	}
}
