package learn

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"course/internal/cmdutil"
	"course/internal/report"
)

func TestForms(t *testing.T) {
	for _, tc := range []struct {
		name        string
		form        Form
		want, given string
		ok          bool
	}{
		{"text case and spaces", Text, "Found 2 voicings", "  found   2 VOICINGS. ", true},
		{"text differs", Text, "Found 2 voicings", "found 3 voicings", false},
		{"numbers with words", Numbers, "3, 6", "3 of 12, 6 of 12", true},
		{"numbers with words differ", Numbers, "3, 6", "3, 12", false},
		{"numbers order", Numbers, "3 12", "12 3", false},
		{"numbers decimals", Numbers, "0.60", "0.6", true},
		{"yes", YesNo, "yes", "Y", true},
		{"no", YesNo, "yes", "no", false},
		{"notes spelling", Notes(false), "C# E G#", "c♯, e, g#", true},
		{"notes enharmonic refused", Notes(false), "C# E G#", "Db E Ab", false},
		{"notes enharmonic allowed", Notes(true), "C# E G#", "Db Fb Ab", true},
		{"letters any order", letters(4), "a c", "C, a", true},
		{"letters missing", letters(4), "a c", "a", false},
		{"letters none", letters(3), "none", "none", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.form.compare(tc.given, tc.want)
			if v.OK != tc.ok || (!v.OK && v.Differs == "") {
				t.Errorf("compare(%q, %q) = %+v, want ok %v with what differs", tc.given, tc.want, v, tc.ok)
			}
		})
	}
	if v := letters(4).compare("a d", "a c"); v.Differs != `read as "a d": d should not be there; 1 missing` {
		t.Errorf("differs: %q", v.Differs)
	}
}

func TestQuestionFromTheDoc(t *testing.T) {
	fsys := fstest.MapFS{"l9.md": {Data: []byte("# L\n\n## Exercises\n\nIntro.\n\n" +
		"1. **Line breaks.** What does the reader get\n   from `a`? `course exercise l9.1`\n" +
		"2. Plain question\n   on two lines.\n\n<details>\n\n## Solutions\n\n1. not this\n")}}
	q, err := questionFrom(fsys, "l9", 1)
	if err != nil || q.Title != "Line breaks" || q.Text != "What does the reader get from `a`?" {
		t.Errorf("item 1: %+v, %v", q, err)
	}
	q, err = questionFrom(fsys, "l9", 2)
	if err != nil || q.Title != "" || q.Text != "Plain question on two lines." {
		t.Errorf("item 2: %+v, %v", q, err)
	}
	if _, err := questionFrom(fsys, "l9", 3); err == nil || !strings.Contains(err.Error(), "no exercise 3") {
		t.Errorf("item 3: %v", err)
	}
}

// testCourse is a course of one lesson whose first exercise's answer is the variable it reads,
// so a test can move it; its questions are the written lesson l1's.
func testCourse(answer *int) *Course {
	value := &Exercise{Lesson: "l1", Number: 1, Kind: Value, Form: Numbers, Hints: []string{"count them", "again"},
		Solve: func(context.Context) (Answer, error) {
			return Answer{Value: strconv.Itoa(*answer), Evidence: func(r *report.Report) error {
				r.Line("counted %d", *answer)
				return nil
			}}, nil
		}}
	choice := &Exercise{Lesson: "l1", Number: 2, Kind: Choice, Options: []string{"odd", "even"}, Hints: []string{"divide"},
		Solve: func(context.Context) (Answer, error) {
			return Answer{Holds: []bool{*answer%2 == 1, *answer%2 == 0}}, nil
		}}
	return &Course{Lessons: []Lesson{{Slug: "l1", Exercises: []*Exercise{value, choice}}, {Slug: "l4"}}}
}

func TestFindNamesTheExercises(t *testing.T) {
	n := 35
	c := testCourse(&n)
	for _, tc := range []struct{ name, want string }{
		{"l1.0", "l1.0: no such exercise; l1 has l1.1, l1.2"},
		{"l1.two", "l1.two: no such exercise; l1 has l1.1, l1.2"},
		{"l1.3", "l1.3: no such exercise; l1 has l1.1, l1.2"},
		{"l1", "l1.K: no such exercise; l1 has l1.1, l1.2"},
		{"l4.1", "l4.1: lesson l4 has no exercises"},
		{"x", "an exercise is named lN.K"},
	} {
		if _, err := c.Find(tc.name); err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Find(%q): %v, want one line with %q", tc.name, err, tc.want)
		}
	}
	if e, err := c.Find("l1.2"); err != nil || e.Number != 2 {
		t.Errorf("Find(l1.2): %v, %v", e, err)
	}
	l, _ := c.Lesson("l1")
	for _, flag := range []string{"0", "two", "-1", "3"} {
		f := Flags{Exercise: flag}
		if _, err := f.Lookup(l); err == nil || !strings.Contains(err.Error(), "l1 has l1.1, l1.2") {
			t.Errorf("--exercise %s: %v", flag, err)
		}
	}
	if _, err := (&Flags{Solution: true}).Lookup(l); err == nil {
		t.Error("--solution alone accepted")
	}
}

// configHome points the user's configuration folder at a temporary one, as a learner's would be.
func configHome(t *testing.T) string {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("AppData", filepath.Join(home, "AppData"))
	path, err := DefaultProgressPath()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(path, home) {
		t.Fatalf("the record %s is outside the temporary home %s", path, home)
	}
	return path
}

func TestAnswerNextAndProgress(t *testing.T) {
	path := configHome(t)
	n := 35
	c := testCourse(&n)
	l1, _ := c.Lesson("l1")
	var out bytes.Buffer
	io := IO{Out: &out, Now: func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }}

	err := RunAnswer(t.Context(), &AnswerOptions{IO: io, Exercise: l1.Exercises[0], Given: "36"})
	var exit *cmdutil.ExitError
	if !errors.As(err, &exit) || exit.Code != 1 || !strings.Contains(out.String(), `not yet. read as "36"`) {
		t.Fatalf("a wrong answer: %v\n%s", err, out.String())
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a wrong answer wrote the record: %v", err)
	}
	out.Reset()
	if err := RunNext(t.Context(), &ProgressOptions{IO: io, Course: c}); err != nil || !strings.Contains(out.String(), "Next: l1.1") {
		t.Errorf("next before: %v\n%s", err, out.String())
	}

	out.Reset()
	if err := RunAnswer(t.Context(), &AnswerOptions{IO: io, Exercise: l1.Exercises[0], Given: "35 intents"}); err != nil || !strings.Contains(out.String(), "l1.1: right") {
		t.Fatalf("the right answer: %v\n%s", err, out.String())
	}
	p, err := LoadProgress(path)
	if err != nil || !p.Done["l1.1"].Equal(io.Now()) {
		t.Fatalf("the record after a right answer: %+v, %v", p, err)
	}
	out.Reset()
	if err := RunNext(t.Context(), &ProgressOptions{IO: io, Course: c}); err != nil || !strings.Contains(out.String(), "Next: l1.2") {
		t.Errorf("next after: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := RunProgress(t.Context(), &ProgressOptions{IO: io, Course: c}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"l1      1 of 2        [#.]", "l4      no exercises", "1 of 2 exercises", path} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("progress lacks %q:\n%s", want, out.String())
		}
	}

	// The answer moves with the model: 36 is right once the model says so.
	n = 36
	out.Reset()
	if err := RunAnswer(t.Context(), &AnswerOptions{IO: io, Exercise: l1.Exercises[1], Given: "b"}); err != nil {
		t.Errorf("choice b with 36: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := RunNext(t.Context(), &ProgressOptions{IO: io, Course: c}); err != nil || !strings.Contains(out.String(), "Every exercise of the course is done (2)") {
		t.Errorf("next when all are done: %v\n%s", err, out.String())
	}

	// Without a terminal, --reset asks for --yes and keeps the record.
	err = RunProgress(t.Context(), &ProgressOptions{IO: io, Course: c, Reset: true})
	if err == nil || !strings.Contains(err.Error(), "--yes") {
		t.Errorf("--reset without --yes: %v", err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("--reset without --yes lost the record: %v", err)
	}
	io.Terminal, io.In = true, strings.NewReader("n\n")
	if err := RunProgress(t.Context(), &ProgressOptions{IO: io, Course: c, Reset: true}); err == nil {
		t.Error("--reset answered no went ahead")
	}
	io.In = strings.NewReader("y\n")
	if err := RunProgress(t.Context(), &ProgressOptions{IO: io, Course: c, Reset: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("--reset left the record: %v", err)
	}
}

func TestAnswerPrompt(t *testing.T) {
	configHome(t)
	n := 4
	e := testCourse(&n).Lessons[0].Exercises[0]
	var out bytes.Buffer
	err := RunAnswer(t.Context(), &AnswerOptions{IO: IO{Out: &out}, Exercise: e})
	if err == nil || !strings.Contains(err.Error(), `course answer l1.1 "..."`) {
		t.Errorf("no answer, no terminal: %v", err)
	}
	err = RunAnswer(t.Context(), &AnswerOptions{IO: IO{Out: &out, Terminal: true, In: strings.NewReader("4\n")}, Exercise: e})
	if err != nil || !strings.Contains(out.String(), "Your answer to l1.1: l1.1: right") {
		t.Errorf("typed at the prompt: %v\n%s", err, out.String())
	}
}

func TestExerciseOutput(t *testing.T) {
	n := 7
	c := testCourse(&n)
	var out bytes.Buffer
	e := c.Lessons[0].Exercises[1]
	if err := RunExercise(t.Context(), &ExerciseOptions{IO: IO{Out: &out}, Exercise: e}); err != nil {
		t.Fatal(err)
	}
	q, _ := e.Question()
	for _, want := range []string{"# l1.2 (choice)", q.Text, "  a. odd\n  b. even\n", `course answer l1.2 "..."`, "--hint` gives a hint (1 in all)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the question lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := RunExercise(t.Context(), &ExerciseOptions{IO: IO{Out: &out}, Exercise: e, Solution: true}); err != nil || !strings.Contains(out.String(), "a. odd: holds\n  b. even: does not hold") {
		t.Errorf("the solution: %v\n%s", err, out.String())
	}
	out.Reset()
	v := c.Lessons[0].Exercises[0]
	if err := RunExercise(t.Context(), &ExerciseOptions{IO: IO{Out: &out}, Exercise: v, Hint: 1}); err != nil || !strings.Contains(out.String(), "Hint 1 of 2 for l1.1: count them\n`course exercise l1.1 --hint=2`") {
		t.Errorf("hint 1: %v\n%s", err, out.String())
	}
	if err := RunExercise(t.Context(), &ExerciseOptions{IO: IO{Out: &out}, Exercise: v, Hint: 3}); err == nil {
		t.Error("hint 3 of 2 given")
	}
}

func TestProgressRecord(t *testing.T) {
	path := configHome(t)
	p, err := LoadProgress(path)
	if err != nil || len(p.Done) != 0 {
		t.Fatalf("no record yet: %+v, %v", p, err)
	}
	at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	if err := p.MarkDone("l6.4", at); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	// A write cut short, as by a crash or a full disk: the old record stays whole, no
	// temporary file is left, and the record still reads.
	p.Done["l6.5"] = at
	data := []byte(`{"version":1,"done":{"l6.4":"2026-03-04T05:06:07Z","l6.5":"2026-03-04T05:06:07Z"}}`)
	cut := func(f *os.File, data []byte) error {
		f.Write(data[:len(data)/2])
		return errors.New("no space left on device")
	}
	if err := writeAtomic(path, data, cut); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("the cut write: %v", err)
	}
	after, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(after, before) {
		t.Errorf("the record after a cut write:\n%s\nwant\n%s", after, before)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".progress-*")); left != nil {
		t.Errorf("temporary files left: %v", left)
	}
	// A temporary file a killed process left behind is not read as the record.
	if err := os.WriteFile(filepath.Join(filepath.Dir(path), ".progress-123.json"), []byte(`{"vers`), 0o644); err != nil {
		t.Fatal(err)
	}
	if p, err := LoadProgress(path); err != nil || len(p.Done) != 1 {
		t.Errorf("the record after a killed write: %+v, %v", p, err)
	}

	// A damaged record is an error naming the file and the way out, and is left as it is.
	for _, damaged := range []string{`{"version":1,"done":{"l6.4":`, `{"version":7,"done":{}}`, "\x00\x01"} {
		if err := os.WriteFile(path, []byte(damaged), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadProgress(path)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "course progress --reset") {
			t.Errorf("damaged record %q: %v", damaged, err)
		}
		var out bytes.Buffer
		n := 1
		if err := RunAnswer(t.Context(), &AnswerOptions{IO: IO{Out: &out}, Exercise: testCourse(&n).Lessons[0].Exercises[0], Given: "1"}); err == nil {
			t.Errorf("an answer recorded over the damaged record %q", damaged)
		}
		if got, _ := os.ReadFile(path); string(got) != damaged {
			t.Errorf("the damaged record was overwritten: %q", got)
		}
	}
	if err := RunProgress(t.Context(), &ProgressOptions{IO: IO{Out: &bytes.Buffer{}}, Reset: true, Yes: true, Course: &Course{}}); err != nil {
		t.Fatal(err)
	}
	if p, err := LoadProgress(path); err != nil || len(p.Done) != 0 {
		t.Errorf("after --reset --yes: %+v, %v", p, err)
	}
}

func testCode(t *testing.T) (*CodeCheck, string) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "exercises", "l9"), 0o755); err != nil {
		t.Fatal(err)
	}
	return &CodeCheck{Dir: "exercises/l9", Files: []string{"a.go"}, Test: "TestA",
		Stubs: fstest.MapFS{"a.go": {Data: []byte("//go:build exercise\n\npackage l9\n")}}}, root
}

func TestStubsEnsureChangedReset(t *testing.T) {
	c, root := testCode(t)
	path := c.Path(root, "a.go")
	made, err := c.Ensure(root)
	if err != nil || len(made) != 1 || made[0] != path {
		t.Fatalf("Ensure: %v, %v", made, err)
	}
	if changed, err := c.Changed(root); err != nil || changed != nil {
		t.Errorf("Changed on the stub: %v, %v", changed, err)
	}
	if err := os.WriteFile(path, []byte("my work"), 0o644); err != nil {
		t.Fatal(err)
	}
	if made, _ := c.Ensure(root); made != nil {
		t.Errorf("Ensure overwrote the learner's file: %v", made)
	}
	if changed, err := c.Changed(root); err != nil || len(changed) != 1 {
		t.Errorf("Changed on the learner's work: %v, %v", changed, err)
	}
	if err := c.Reset(root); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); !strings.HasPrefix(string(got), "//go:build exercise") {
		t.Errorf("after Reset: %q", got)
	}
	if err := os.WriteFile(filepath.Join(root, "exercises", "l9", "helper.go"), []byte("syntax error"), 0o644); err != nil {
		t.Fatal(err)
	}
	overlay, err := c.PristineOverlay(root, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := overlay[filepath.Join(root, "exercises", "l9", "helper.go")]; !ok || got != "" {
		t.Errorf("the overlay keeps the learner's own file: %q", overlay)
	}
	if got, _ := os.ReadFile(overlay[path]); !strings.HasPrefix(string(got), "//go:build exercise") {
		t.Errorf("the overlay's stub: %q", got)
	}
}

func TestWatchSeesASave(t *testing.T) {
	c, root := testCode(t)
	if _, err := c.Ensure(root); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	saves := make(chan struct{}, 10)
	done := make(chan error, 1)
	ready := make(chan struct{})
	go func() {
		close(ready)
		done <- c.Watch(ctx, root, 10*time.Millisecond, func() { saves <- struct{}{} })
	}()
	<-ready
	// The watch starts in its goroutine: save until it sees a save, as an editor would.
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	other := filepath.Join(root, "exercises", "l9", "other.txt")
	for seen := false; !seen; {
		select {
		case <-saves:
			seen = true
		case <-tick.C:
			os.WriteFile(other, []byte("not the learner's file"), 0o644)
			os.WriteFile(c.Path(root, "a.go"), []byte("//go:build exercise\n\npackage l9 // saved\n"), 0o644)
		case <-ctx.Done():
			t.Fatal("no save seen in a minute")
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Watch: %v", err)
	}
}
