package l6

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"course/ga/skills"
	"course/lessons/kit"
	"course/testutil"
	"course/wire"
)

// TestL6ExerciseFlag checks that --exercise reaches the run, that a number outside the list is refused
// before anything starts, and that the help lists every exercise.
func TestL6ExerciseFlag(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		want    int
		wantErr string
	}{
		{args: nil, want: 0},
		{args: []string{"--exercise", "3"}, want: 3},
		{args: []string{"--exercise=4"}, want: 4},
		{args: []string{"--exercise", "7"}, wantErr: "--exercise 7: the exercises are 1 to 6"},
		{args: []string{"--solution"}, wantErr: "--solution goes with --exercise N"},
		{args: []string{"--exercise", "-1"}, wantErr: "--exercise -1"},
		{args: []string{"--exercise", "two"}, wantErr: "invalid argument"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			got, ran := -1, false
			cmd := NewCmd(func(_ context.Context, o *Options) error {
				got, ran = o.Exercise, true
				return nil
			})
			cmd.SetArgs(tc.args)
			cmd.SetOut(&bytes.Buffer{})
			cmd.SetErr(&bytes.Buffer{})
			err := cmd.Execute()
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || ran {
					t.Fatalf("error %v (ran: %v), want one with %q and no run", err, ran, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("exercise %d, error %v; want %d", got, err, tc.want)
			}
		})
	}

	help, err := testutil.Run(t, NewCmd(nil), "l6", "--help")
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range l6Exercises {
		if line := "  " + string(rune('1'+i)) + "  " + e.summary + "\n"; !strings.Contains(help, line) {
			t.Errorf("help lacks %q:\n%s", line, help)
		}
	}
}

// TestL6ExerciseBadHost checks that an exercise that needs a host fails with the host's error
// and leaves no process behind.
func TestL6ExerciseBadHost(t *testing.T) {
	for _, n := range []int{1, 3} {
		var out bytes.Buffer
		err := runL6Exercise(t.Context(), &Options{Out: &out, Exercise: n, Solution: true, Host: kit.HostOptions{Cmd: "/nonexistent/no-such-host"}})
		if err == nil || !strings.Contains(err.Error(), "no-such-host") {
			t.Errorf("exercise %d: error %v", n, err)
		}
		testutil.AssertNoChildren(t)
	}
}

// TestL6Exercise1KeepsTheCallersEnv checks that the two host runs add their line-break setting
// without touching the options they were given.
func TestL6Exercise1KeepsTheCallersEnv(t *testing.T) {
	env := make([]string, 1, 4)
	env[0] = "Course__Splitter=743"
	var out bytes.Buffer
	if err := runL6Exercise(t.Context(), &Options{Out: &out, Exercise: 1, Solution: true, Host: kit.HostOptions{Env: env}}); err != nil {
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
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	testutil.AssertNoChildren(t)
}

// TestL6Exercise3WithModel gives the host a model server: the stream succeeds, both pages show
// the answer and keep it, and the fix changes nothing.
func TestL6Exercise3WithModel(t *testing.T) {
	answer := skills.Improvisation{}.Execute(kit.ArpeggioQuestion).Text
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/chat" {
			http.NotFound(w, r)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"message": map[string]string{"role": "assistant", "content": answer}, "done": true})
	}))
	defer model.Close()

	var out bytes.Buffer
	if err := runL6Exercise(t.Context(), &Options{Out: &out, Exercise: 3, Solution: true, Host: kit.HostOptions{ModelURL: model.URL}}); err != nil {
		t.Fatal(err)
	}
	got := out.String()
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
