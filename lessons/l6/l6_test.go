package l6

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"course/ga/embeddings"
	"course/ga/notation"
	"course/ga/optick"
	"course/ga/skills"
	"course/ga/voicing"
	"course/hostproc"
	"course/internal/testutil"
	"course/lessons/kit/chathost"
	"course/stream/wire"
)

// runWith runs lesson 6 against a host configured by opts and returns its output.
func runWith(t *testing.T, opts chathost.Options) string {
	t.Helper()
	var out bytes.Buffer
	if err := run(t.Context(), &out, &Options{Host: opts}); err != nil {
		t.Fatalf("l6: %v\noutput so far:\n%s", err, out.String())
	}
	testutil.AssertNoChildren(t)
	return out.String()
}

// TestAnotherIndex runs the lesson against a host given another voicing index, an OPTK file of
// another corpus (the first frets in windows of two): the stream, its events and the answer's
// length follow what that index's search answers.
func TestAnotherIndex(t *testing.T) {
	c, err := optick.BuildCorpusIndex(3, 2, 3, embeddings.Partitions(), false)
	if err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(t.TempDir(), "optick.index")
	if err := os.WriteFile(index, c.Index, 0o644); err != nil {
		t.Fatal(err)
	}
	ix, err := voicing.OpenIndex(index, optick.Version{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := voicing.Agent{Index: ix}.Process(chathost.VoicingQuestion)
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := notation.AugmentMarkdownWithVexTabFences(r.Text, "\n")
	if strings.Contains(answer, "Found 2 voicings") {
		t.Fatalf("the other index answers as lesson 3's does:\n%s", answer)
	}
	out := runWith(t, chathost.Options{Env: []string{"VoicingSearch__OpticIndexPath=" + index}})
	want := []string{
		fmt.Sprintf("event 2  text     %d line(s)\n", strings.Count(answer, "\n")+1),
		fmt.Sprintf("HTTP 200, answer of %d characters\n", chars(answer)),
		"text events joined, equal to it      yes (line breaks as LF)\n",
		"the course's copy of the host's writer gives the host's bytes  yes\n",
	}
	for line := range strings.Lines(answer) {
		want = append(want, strings.TrimRight("  | data: "+strings.TrimSuffix(line, "\n"), " ")+"\n")
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// TestCRLFHost runs the lesson against a host that builds its answers with CRLF, as GA does on
// Windows: /chat carries the CRs, the stream does not, and the lesson prints the same.
func TestCRLFHost(t *testing.T) {
	crlf := chathost.Options{Env: []string{"Course__NewLine=crlf"}}
	host, err := crlf.Start(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	resp, err := host.Post(t.Context(), chathost.ChatPath, []byte(`{"message":"Show me Cmaj7 voicings"}`))
	host.Stop()
	if err != nil {
		t.Fatal(err)
	}
	var body struct{ NaturalLanguageAnswer string }
	if err := json.Unmarshal(resp.Body, &body); err != nil {
		t.Fatal(err)
	}
	if n := chars(body.NaturalLanguageAnswer); n != 208 || !strings.Contains(body.NaturalLanguageAnswer, "\r\n") {
		t.Fatalf("CRLF host's /chat answer: %d characters, %q", n, body.NaturalLanguageAnswer)
	}

	want := testutil.Snapshot(t, filepath.Join("..", ".."), "l6")
	if got := runWith(t, crlf); got != want {
		t.Errorf("with a CRLF host, l6 differs from its snapshot:\n%s", testutil.LineDiff(want, got))
	}
}

// TestModelServer gives the host a model server that answers with the improvisation text: the
// question that failed is answered, and what each reader delivers depends on the host's splitter.
func TestModelServer(t *testing.T) {
	answer := skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/chat" {
			http.NotFound(w, r)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"message": map[string]string{"role": "assistant", "content": answer}, "done": true})
	}))
	defer model.Close()

	for _, tc := range []struct {
		splitter string
		// The standard reader keeps every event's data, the routing event's JSON included, so
		// its text is never the answer; the page drops the routing event.
		standard, page string
	}{
		// The host trims the model's answer (557 characters, 7 line breaks), as GA's notation pass does.
		{"pinned", "5 line breaks missing", "5 line breaks missing"},
		{"743", "differs", "exact"},
	} {
		t.Run(tc.splitter, func(t *testing.T) {
			out := runWith(t, chathost.Options{ModelURL: model.URL, Env: []string{"Course__Splitter=" + tc.splitter}})
			got := testutil.Section(t, out, fmt.Sprintf("%q with the model server at %s", wire.ArpeggioQuestion, model.URL))
			for _, want := range []string{
				"POST /api/chatbot/chat         HTTP 200\n",
				"POST /api/chatbot/chat/stream  HTTP 200\n",
				"  | data: {\"type\":\"routing\",\"agentId\":\"fallback-direct\",…\n",
				"\nreader                 against /chat's answer\n",
				"\nHTML standard          " + tc.standard + "\n",
				"\nGaChatbot page         " + tc.page + "\n",
				"\nga-client chatService  1 of 6 lines missing, 7 line breaks missing\n",
			} {
				if !strings.Contains(got, want) {
					t.Errorf("section lacks %q:\n%s", want, got)
				}
			}
		})
	}
}

// TestBadHosts checks that a host that cannot serve the lesson ends it with a clear error,
// keeps what was printed, and leaves no process behind.
func TestBadHosts(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		cmd     string
		wantErr string
		wantOut string
	}{
		{"missing", filepath.Join(t.TempDir(), "no-such-host"), "no-such-host", ""},
		{"exits", strconv.Quote(exe) + " dying-host", "exit status 3", ""},
		{"rejects", strconv.Quote(exe) + " rejecting-host", "HTTP 415", "HTTP 415\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(t.Context(), &out, &Options{Host: chathost.Options{Cmd: tc.cmd}})
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("l6 with %s: error %v, want one that says %q", tc.name, err, tc.wantErr)
			}
			if !strings.Contains(out.String(), tc.wantOut) {
				t.Errorf("output %q lacks %q", out.String(), tc.wantOut)
			}
			testutil.AssertNoChildren(t)
		})
	}
}

// TestCancelled stops the lesson from outside, as Ctrl-C does: the host goes with it.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	err := run(ctx, &bytes.Buffer{}, &Options{})
	if err == nil {
		t.Fatal("l6 ran to the end with its context cancelled")
	}
	testutil.AssertNoChildren(t)
}

// TestRemoteHostIsRefused: a host that announces an address off this machine ends the lesson
// with an error that names the flag allowing it, and nothing is left running.
func TestRemoteHostIsRefused(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err = run(t.Context(), &out, &Options{Host: chathost.Options{Cmd: strconv.Quote(exe) + " remote-host"}})
	if !errors.Is(err, hostproc.ErrRemoteHost) || !strings.Contains(err.Error(), "--allow-remote-host") {
		t.Errorf("l6 with a remote host: %v", err)
	}
	testutil.AssertNoChildren(t)
}
