package hosttest

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"course/ga/indexcache"
	"course/ga/revision"
	"course/hostproc"
	"course/internal/verbose"
)

// TestMain serves the host children of the tests, as Main does for every package's tests.
func TestMain(m *testing.M) { Main(m) }

// voicingQuestion is the question the host answers from lesson 3's index.
const voicingQuestion = "Show me Cmaj7 voicings"

// startHost starts the test binary as `course host`, a child process, with env added to its
// environment; the host stops when the test ends, and must stop cleanly.
func startHost(t *testing.T, env ...string) *hostproc.Host {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	h, err := hostproc.Start(t.Context(), hostproc.Spec{Command: []string{exe, "host", "--Course:Clock=fixed"}, Env: env, Leaf: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := h.Stop(); err != nil {
			t.Errorf("the host did not stop cleanly: %v\n%s", err, strings.Join(h.Logs(), "\n"))
		}
	})
	return h
}

// answer asks h the voicing question and returns its answer, which must come with HTTP 200.
func answer(t *testing.T, h *hostproc.Host) string {
	t.Helper()
	resp, err := h.Chat(t.Context(), "/api/chatbot/chat", voicingQuestion)
	if err != nil {
		t.Fatalf("the host gave no answer: %v\n%s", err, strings.Join(h.Logs(), "\n"))
	}
	var body struct {
		Answer string `json:"naturalLanguageAnswer"`
	}
	if resp.Status != 200 || json.Unmarshal(resp.Body, &body) != nil || !strings.HasPrefix(body.Answer, "Found ") {
		t.Fatalf("HTTP %d %.300s\n%s", resp.Status, resp.Body, strings.Join(h.Logs(), "\n"))
	}
	return body.Answer
}

// TestHostOverAChangedIndex changes the cached index under a running host that read it, as a
// disk cleaner or a stray truncate would: cut to 4 kB, then rewritten in place with half of it
// zeroed. The host answers as before each time, and a host started on the damaged file
// rebuilds it, says so under --verbose, and answers the same.
func TestHostOverAChangedIndex(t *testing.T) {
	spec := indexcache.Course(revision.Pin.Voicings().Pipeline)
	path, err := indexcache.Path(spec)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(path)
	answer(t, startHost(t)) // an empty cache: this host builds the index and writes it
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the first host wrote no index: %v", err)
	}
	h := startHost(t) // this one reads the file
	want := answer(t, h)

	if err := os.Truncate(path, 4096); err != nil {
		t.Fatal(err)
	}
	if got := answer(t, h); got != want {
		t.Errorf("after the file was cut the answer changed:\n%s\nwant\n%s", got, want)
	}
	damaged := bytes.Clone(good)
	clear(damaged[len(damaged)/4 : 3*len(damaged)/4])
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteAt(damaged, 0)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	if got := answer(t, h); got != want {
		t.Errorf("after half the file was zeroed in place the answer changed:\n%s\nwant\n%s", got, want)
	}

	rebuilt := startHost(t, verbose.Var+"=1")
	if got := answer(t, rebuilt); got != want {
		t.Errorf("a host started on the damaged file answers\n%s\nwant\n%s", got, want)
	}
	var said []string
	for _, l := range rebuilt.Logs() {
		if strings.HasPrefix(l, "verbose: ") {
			said = append(said, l)
		}
	}
	if len(said) != 1 || !strings.HasPrefix(said[0], "verbose: rebuilt the cached index: ") || !strings.Contains(said[0], path) {
		t.Errorf("the host's --verbose lines: %q, want one that says it rebuilt %s", said, path)
	}
	if now, err := os.ReadFile(path); err != nil || !bytes.Equal(now, good) {
		t.Errorf("the damaged file was not rebuilt as it was (%v)", err)
	}
	if got := answer(t, h); got != want {
		t.Errorf("the first host, after the file was rebuilt, answers\n%s\nwant\n%s", got, want)
	}
}
