package l6

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"course/exercises/l6/solution"
	"course/ga/skills"
	"course/internal/report"
	"course/internal/testutil"
	"course/learn"
	"course/learn/learntest"
	"course/lessons/kit/chathost"
	"course/stream/wire"
)

// TestExerciseFlag checks that --exercise reaches the run, that a malformed number or one
// outside the list gets one line naming the exercises before anything starts, and that the help
// lists every exercise.
func TestExerciseFlag(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		want    string
		wantErr string
	}{
		{args: nil, want: ""},
		{args: []string{"--exercise", "3"}, want: "3"},
		{args: []string{"--exercise=4", "--hint"}, want: "4"},
		{args: []string{"--exercise", "7"}, wantErr: "l6.7: no such exercise; l6 has l6.1, l6.2, l6.3, l6.4, l6.5, l6.6"},
		{args: []string{"--exercise", "0"}, wantErr: "l6.0: no such exercise; l6 has l6.1"},
		{args: []string{"--exercise", "two"}, wantErr: "l6.two: no such exercise; l6 has l6.1"},
		{args: []string{"--exercise", "-1"}, wantErr: "l6.-1: no such exercise"},
		{args: []string{"--solution"}, wantErr: "--hint and --solution go with --exercise K"},
		{args: []string{"--hint"}, wantErr: "--hint and --solution go with --exercise K"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			got, ran := "-", false
			cmd := NewCmd(func(context.Context, *Options) error {
				ran = true
				return nil
			})
			cmd.SetArgs(tc.args)
			cmd.SetOut(&bytes.Buffer{})
			cmd.SetErr(&bytes.Buffer{})
			err := cmd.Execute()
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || strings.Contains(err.Error(), "\n") || ran {
					t.Fatalf("error %v (ran: %v), want one line with %q and no run", err, ran, tc.wantErr)
				}
				return
			}
			got = cmd.Flags().Lookup("exercise").Value.String()
			if err != nil || got != tc.want {
				t.Fatalf("exercise %q, error %v; want %q", got, err, tc.want)
			}
		})
	}

	help, err := testutil.Run(t, NewCmd(nil), "l6", "--help")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range Exercises(&Options{}).Exercises {
		q, err := e.Question()
		if err != nil {
			t.Fatal(err)
		}
		if line := fmt.Sprintf("  %d  %s (%s)\n", e.Number, q.Title, e.Kind); !strings.Contains(help, line) {
			t.Errorf("help lacks %q:\n%s", line, help)
		}
	}
}

// solve solves exercise n of lesson 6 with the hosts opts starts and returns its evidence.
func solve(t *testing.T, opts *Options, n int) (learn.Answer, string, error) {
	t.Helper()
	e, err := Exercises(opts).Exercise(n)
	if err != nil {
		t.Fatal(err)
	}
	a, err := e.Solve(t.Context())
	if err != nil {
		return a, "", err
	}
	var out bytes.Buffer
	if err := a.Evidence(report.New(&out)); err != nil {
		t.Fatal(err)
	}
	return a, out.String(), nil
}

// TestExerciseBadHost checks that an exercise that needs a host fails with the host's error
// and leaves no process behind.
func TestExerciseBadHost(t *testing.T) {
	for _, n := range []int{1, 3} {
		_, _, err := solve(t, &Options{Host: chathost.Options{Cmd: "/nonexistent/no-such-host"}}, n)
		if err == nil || !strings.Contains(err.Error(), "no-such-host") {
			t.Errorf("exercise %d: error %v", n, err)
		}
		testutil.AssertNoChildren(t)
	}
}

// TestExercise1KeepsTheCallersEnv checks that the two host runs add their line-break setting
// without touching the options they were given.
func TestExercise1KeepsTheCallersEnv(t *testing.T) {
	env := make([]string, 1, 4)
	env[0] = "Course__Splitter=743"
	_, out, err := solve(t, &Options{Host: chathost.Options{Env: env}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(env, []string{"Course__Splitter=743"}) || slices.Contains(env[:cap(env)], "Course__NewLine=crlf") {
		t.Errorf("the caller's Env changed: %q", env[:cap(env)])
	}
	for _, want := range []string{
		"answer of 199 characters, 0 CR  answer of 208 characters, 9 CR\n",
		"the stream's text events and [DONE], LF host against CRLF host       identical\n",
		// The trace's response.length counts the CRs, so the routing event differs beyond its ids.
		"the routing event, ids and timings aside, LF host against CRLF host  different\n",
		"  | data: Found 2 voicings matching chord Cmaj7:\\r\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	testutil.AssertNoChildren(t)
}

// modelServer is an Ollama chat endpoint that answers every question with the improvisation
// skill's answer.
func modelServer(t *testing.T) string {
	answer := skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/chat" {
			http.NotFound(w, r)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"message": map[string]string{"role": "assistant", "content": answer}, "done": true})
	}))
	t.Cleanup(model.Close)
	return model.URL
}

// TestExercise3WithModel gives the host a model server: the stream succeeds, both pages show
// the answer and keep it, and the fix changes nothing.
func TestExercise3WithModel(t *testing.T) {
	_, got, err := solve(t, &Options{Host: chathost.Options{ModelURL: modelServer(t)}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(got, "the history holds             2 message(s)\n"); n != 2 {
		t.Errorf("%d pages kept two messages, want both:\n%s", n, got)
	}
	for _, unwanted := range []string{"Request failed", `{"error"`} {
		if strings.Contains(got, unwanted) {
			t.Errorf("output holds %q:\n%s", unwanted, got)
		}
	}
	testutil.AssertNoChildren(t)
}

// TestExercises runs every exercise of lesson 6 but the code ones through the tests each
// exercise of the course gets: the course's answer is accepted, a wrong one refused, and a
// change to the input the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l6.1", func(t *testing.T) {
		// Two hosts that both end their lines with LF: nothing changes with the system.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "a b", Moved: lineBreaksExercise(chathost.Options{}, [2]string{"LF", "LF"})})
		testutil.AssertNoChildren(t)
	})
	t.Run("l6.2", func(t *testing.T) {
		// An answer of one line has no line break for a writer or a reader to lose.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "0 of 12, 12 of 12", Moved: fix746Exercise("One line, no break.")})
	})
	t.Run("l6.3", func(t *testing.T) {
		// With a model server there is no error for the page to show or keep.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "a c", Moved: pageErrorExercise(chathost.Options{ModelURL: modelServer(t)})})
		testutil.AssertNoChildren(t)
	})
	t.Run("l6.4", func(t *testing.T) {
		// A text with no sentence end is one chunk, which every client puts back whole.
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "a", Moved: abbreviationsExercise("no sentence ends here")})
	})
	// The code exercises, l6.5 and l6.6, are checked by TestChecksIgnoreTheLearnersFiles, in a
	// copy of the repository whose learner's files do not build.
}

// solutionAs is the course's function name from exercises/l6/solution, as a learner's file of
// package l6 would hold it.
func solutionAs(name string) string {
	src, err := funcSource(solution.Source, name)
	if err != nil {
		panic(err)
	}
	return "//go:build exercise\n\npackage l6\n\nimport \"strings\"\n\n" + src
}

func TestSplitRouting(t *testing.T) {
	const routing = `{"type":"routing","trace":{"steps":[{"attributes":{"response.length":136}},{"attributes":{"a":1}},{"attributes":{"response.length":199}}]}}`
	for _, tc := range []struct {
		name, stream, routing, rest, lengths string
	}{
		{"routing first", "data: " + routing + "\n\ndata: x\n\n", routing, "data: x\n\n", "136, 199"},
		{"text first", "data: x\n\ndata: y\n\n", "", "data: x\n\ndata: y\n\n", "(no routing event)"},
		{"error only", "data: {\"error\":\"e\"}\n\n", "", "data: {\"error\":\"e\"}\n\n", "(no routing event)"},
		{"no event end", "data: " + routing, "", "data: " + routing, "(no routing event)"},
		{"no lengths", "data: {\"type\":\"routing\"}\n\n", `{"type":"routing"}`, "", "(none)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gotRouting, rest := splitRouting([]byte(tc.stream))
			if gotRouting != tc.routing || string(rest) != tc.rest {
				t.Errorf("splitRouting = %q, %q; want %q, %q", gotRouting, rest, tc.routing, tc.rest)
			}
			if got := traceLengths(gotRouting); got != tc.lengths {
				t.Errorf("traceLengths = %q, want %q", got, tc.lengths)
			}
		})
	}
}

// TestAbbreviationTextSplitsWhereTheExerciseSays checks that exercise 4's text makes #743 split
// after "e.g." and after a list number, and that its chunks still join to the text.
func TestAbbreviationTextSplitsWhereTheExerciseSays(t *testing.T) {
	chunks := wire.Split743(abbreviationText)
	if !slices.ContainsFunc(chunks, func(c string) bool { return strings.HasSuffix(c, "e.g. ") }) {
		t.Errorf("no chunk ends after \"e.g.\": %q", chunks)
	}
	if !slices.Contains(chunks, "3. ") {
		t.Errorf("no chunk is \"3. \": %q", chunks)
	}
	if strings.Join(chunks, "") != abbreviationText {
		t.Errorf("#743's chunks do not join to the text: %q", chunks)
	}
}

func TestChunkClients(t *testing.T) {
	chunks := []string{"a. ", "b.\n", "c"}
	want := []string{"a. b.\nc", "a.b.c", "a. \nb.\n\nc"}
	for i, c := range chunkClients {
		if got := c.join(chunks); got != want[i] {
			t.Errorf("%s: %q, want %q", c.name, got, want[i])
		}
	}
}

func TestJSONStringify(t *testing.T) {
	got, err := jsonStringify([]wire.ChatTurn{{Role: "user", Content: "a<b & \"c\"\n"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `[{"role":"user","content":"a<b & \"c\"\n"}]`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got, _ := jsonStringify([]wire.ChatTurn{}); got != "[]" {
		t.Errorf("empty history: %s", got)
	}
}

// inLearnersCopy is set in the environment of the test binary that
// TestChecksIgnoreTheLearnersFiles runs in its copy of the repository.
const inLearnersCopy = "COURSE_L6_TEST_IN_LEARNERS_COPY"

// TestChecksIgnoreTheLearnersFiles runs the course's checks of l6.5 and l6.6 (learntest.Code: the
// stubs fail with a diff, the course's code passes) in a copy of the repository where the learner
// has solved l6.6 and left a syntax error in l6.5's file: they must pass, since they check the
// stubs the binary carries and never read the learner's files. The copy's build inputs for the
// checks are the repository's, the learner's files aside, so this is also their run in the
// repository itself.
func TestChecksIgnoreTheLearnersFiles(t *testing.T) {
	t.Parallel()
	if os.Getenv(inLearnersCopy) != "" {
		l := Exercises(&Options{})
		t.Run("l6.5", func(t *testing.T) {
			t.Parallel()
			learntest.Code(t, l.Exercises[4], map[string]string{"reader.go": solutionAs("ReadJoined")}, "ReadJoined is not right yet")
		})
		t.Run("l6.6", func(t *testing.T) {
			t.Parallel()
			learntest.Code(t, l.Exercises[5], map[string]string{"writer.go": solutionAs("WriteEvent")}, "WriteEvent does not send every chunk whole yet")
		})
		return
	}
	root, err := learn.FindRepository(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	copyRoot := t.TempDir()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		switch {
		case d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules"):
			return filepath.SkipDir
		case d.IsDir():
			return os.MkdirAll(filepath.Join(copyRoot, rel), 0o755)
		case !d.Type().IsRegular():
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(copyRoot, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	learner := map[string]string{
		"reader.go": "//go:build exercise\n\npackage l6\n\nfunc ReadJoined(stream []byte) (string, error) {\n\treturn \"\", nil\n", // no closing brace
		"writer.go": solutionAs("WriteEvent"),
		"mine.go":   "//go:build exercise\n\npackage l6\n\nvar x = \n",
	}
	for name, src := range learner {
		if err := os.WriteFile(filepath.Join(copyRoot, "exercises", "l6", name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The learner's folder, as the learner left it, does not build: the copy is what it says.
	build := exec.CommandContext(t.Context(), "go", "vet", "-trimpath", "-tags", "exercise", "./exercises/l6/")
	build.Dir = copyRoot
	if out, err := build.CombinedOutput(); err == nil {
		t.Fatalf("the learner's broken files build:\n%s", out)
	}
	// This test binary, run in the copy's lessons/l6 as go test would run the copy's, is the
	// copy's: the lesson's sources there are the repository's, and the learner's files build
	// only with the exercise tag, which the binary was built without.
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), self, "-test.count=1", "-test.v", "-test.run", "^TestChecksIgnoreTheLearnersFiles$/^l6\\.[56]$")
	cmd.Dir = filepath.Join(copyRoot, "lessons", "l6")
	cmd.Env = append(os.Environ(), inLearnersCopy+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("the course's checks fail on the learner's files: %v\n%s", err, out)
	}
	// A filter that matches no check passes too: each check must have run.
	for _, name := range []string{"l6.5", "l6.6"} {
		if line := "--- PASS: TestChecksIgnoreTheLearnersFiles/" + name + " "; !strings.Contains(string(out), line) {
			t.Errorf("the check of %s did not run and pass in the copy:\n%s", name, out)
		}
	}
}

// TestExerciseFlagNotesTheRecord: a hint or a solution seen through the lesson's own --exercise
// flag is noted as `course exercise` notes it, so that seeing the answer there is never counted
// as solving it. The record is the test binary's, in hosttest.Main's temporary folder.
func TestExerciseFlagNotesTheRecord(t *testing.T) {
	path, err := learn.DefaultProgressPath()
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--exercise", "2", "--hint"}, {"--exercise", "2", "--solution"}} {
		var errOut bytes.Buffer
		cmd := NewCmd(nil)
		cmd.SetArgs(args)
		cmd.SetOut(&bytes.Buffer{})
		cmd.SetErr(&errOut)
		if err := cmd.ExecuteContext(t.Context()); err != nil || errOut.Len() > 0 {
			t.Fatalf("l6 %s: %v\n%s", strings.Join(args, " "), err, errOut.String())
		}
	}
	p, err := learn.LoadProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if e := p.Exercises["l6.2"]; e.State != learn.Shown || e.Hints != 1 {
		t.Errorf("after a hint and the solution through --exercise, the record has %+v, want shown after 1 hint", e)
	}
}
