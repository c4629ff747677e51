package wire

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"course/internal/testutil"
)

// npmDir holds the real npm clients the readers model, pinned by its package-lock.json;
// .ci/run installs them with npm ci.
const npmDir = "testdata/npm"

// npmStream is one stream the real clients read: a writer's stream of one text, or its failure.
type npmStream struct {
	label  string
	stream []byte
}

// npmTexts are the texts streamed through every writer: the matrix's own and the lines that
// trouble one reader or another, each as the chunks a server would produce.
var npmTexts = [][]string{
	nil,
	{improvisation},
	{"Hello.\n\nWorld.\n"},
	{"Two lines:", "\n", "\n", "*", "*", "Am", "*", "*", "\n"},
	{"When you are finished, type the next line.\n", "[DONE]\n", "The stream goes on.\n"},
	{"Line one.\r\n", "Line two.\r\n", "50%\r100%\n"},
	{"Am F C G\u2028", "is the progression.\u2028"},
	{"A named event:\nevent: chord\nAm7 is next.\n"},
	{"Fields inside the text:\nid: 7\nretry: 10\n: a comment\nevent:\ndata: inside\n"},
	{"event: error\n", "data: {\"error\":\"inside\"}\n"},
	{`{"type":"RUN_ERROR","message":"from the text"}`},
	{`{"error":{"message":"from the text"}}`},
	{`{"choices":[{"delta":{"content":"from the text"}}]}`},
	{`{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"from the text"}`},
	{`{"type":"RUN_STARTED","threadId":"t"}`},
	{`{"type":"RUN_STARTED","threadId":1,"runId":null}`},
	{`{"error":{"code":500,"detail":"a<b & c\u2028"}}`},
	{`{"error":{"message":{"text":"nested"}}}`},
	{`{"choices":[{"delta":{"content":7}}]}`, `{"choices":{"0":{"delta":{"content":"by key"}}}}`},
	{"\uFEFFA text that starts with a byte order mark.\n"},
	{"   ", "\n", "Only white space, then text.\n"},
}

// npmStreams are every writer's stream of every text, split by #743's expression and by the
// pinned chunker, with LF and with CRLF, and every writer's failure; streams that come out the
// same are kept once.
func npmStreams() []npmStream {
	var out []npmStream
	seen := map[string]bool{}
	add := func(label string, b []byte) {
		if seen[string(b)] {
			return
		}
		seen[string(b)] = true
		out = append(out, npmStream{label, b})
	}
	for _, eol := range []string{"\n", "\r\n"} {
		eolName := map[string]string{"\n": "LF", "\r\n": "CRLF"}[eol]
		for _, w := range Writers {
			add(fmt.Sprintf("%s failure %s", w.Key, eolName), w.Failure(Input{EOL: eol}))
			for ti, chunks := range npmTexts {
				text := strings.Join(chunks, "")
				splits := map[string][]string{"chunks": chunks, "743": Split743(text), "pinned": SplitPinned(text)}
				for _, name := range []string{"chunks", "743", "pinned"} {
					add(fmt.Sprintf("%s text %d %s %s", w.Key, ti, name, eolName), w.Success(Input{Chunks: splits[name], EOL: eol}))
				}
			}
		}
	}
	return out
}

// npmResult is one line of readers.mjs: what one real client gave its user.
type npmResult struct {
	ID        int      `json:"id"`
	Reader    string   `json:"reader"`
	Text      string   `json:"text"`
	Error     *string  `json:"error"`
	ErrorName string   `json:"errorName"`
	Events    []string `json:"events"`
}

// runRealClients serves the streams over loopback and runs readers.mjs on them.
func runRealClients(t *testing.T, streams []npmStream) []npmResult {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/"))
		if err != nil || i < 0 || i >= len(streams) {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(streams[i].stream)
	}))
	defer srv.Close()
	cmd := exec.CommandContext(t.Context(), "node", "readers.mjs", srv.URL, strconv.Itoa(len(streams)))
	cmd.Dir = npmDir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node readers.mjs: %v\n%s", err, stderr.String())
	}
	var results []npmResult
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r npmResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("readers.mjs line %q: %v", sc.Text(), err)
		}
		results = append(results, r)
	}
	if want := 3 * len(streams); len(results) != want {
		t.Fatalf("readers.mjs gave %d results, want %d", len(results), want)
	}
	return results
}

// agrees compares what a real client gave with what its model gives: the same text when
// neither fails, the same message when both do. A JSON.parse failure is V8's SyntaxError,
// whose wording is the engine's, so only its kind is compared.
func agrees(r npmResult, got string, err error) bool {
	if r.Error == nil || err == nil {
		return r.Error == nil && err == nil && r.Text == got
	}
	var se *JSSyntaxError
	if r.ErrorName == "SyntaxError" || errors.As(err, &se) {
		return r.ErrorName == "SyntaxError" && errors.As(err, &se)
	}
	return *r.Error == err.Error()
}

// TestRealClientsAgree runs the real npm clients (@ag-ui/client's HttpAgent, the eventsource
// package's EventSource, openai's Stream) on every writer's streams over loopback and checks
// each result against the Go model of that client, so the models cannot drift from the
// packages they name.
func TestRealClientsAgree(t *testing.T) {
	testutil.RequireNode(t, npmDir, "@ag-ui/client")
	streams := npmStreams()
	results := runRealClients(t, streams)
	// disagree counts every cell that differs; outcomes those where even the kind of
	// outcome (text, or an error) or the text differs, leaving the wording of errors aside.
	disagree, outcomes := map[string]int{}, map[string]int{}
	for _, r := range results {
		s := streams[r.ID]
		var ok bool
		var want string
		var got string
		var err error
		switch r.Reader {
		case "agui":
			got, err = ReadAgUiClient(s.stream)
			ok, want = agrees(r, got, err), fmt.Sprintf("%q, %v", got, err)
		case "onmessage":
			events := OnMessageEvents(s.stream)
			ok, want = slices.Equal(r.Events, events), fmt.Sprintf("%q", events)
		case "openai":
			got, err = ReadOpenAIStream(s.stream)
			ok, want = agrees(r, got, err), fmt.Sprintf("%q, %v", got, err)
		default:
			t.Fatalf("unknown reader %q", r.Reader)
		}
		if ok {
			continue
		}
		disagree[r.Reader]++
		if r.Reader == "onmessage" || (r.Error == nil) != (err == nil) || (err == nil && r.Text != got) {
			outcomes[r.Reader]++
		}
		if disagree[r.Reader] <= 3 {
			errText := "<nil>"
			if r.Error != nil {
				errText = r.ErrorName + ": " + *r.Error
			}
			t.Errorf("%s on %s (%q):\nthe package: %q %q, error %s\nthe model:   %s",
				r.Reader, s.label, clipBytes(s.stream), r.Text, r.Events, errText, want)
		}
	}
	t.Logf("%d streams; disagreements per reader: %v; in the outcome itself: %v", len(streams), disagree, outcomes)
}

func clipBytes(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}
