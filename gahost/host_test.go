package gahost

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"course/internal/dotnet"
)

const (
	voicingQuestion  = "Show me Cmaj7 voicings"
	arpeggioQuestion = "which arpeggio fits Am F C G"
	chatPath         = "/api/chatbot/chat"
	streamPath       = "/api/chatbot/chat/stream"
)

// syncBuffer collects log output written from several goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// closedPort returns the address of a TCP socket bound on 127.0.0.1 that never listens, so every
// connection to it is refused and no other process can take the port while the test runs.
func closedPort(t testing.TB) string {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatalf("socket: %v", err)
	}
	t.Cleanup(func() { syscall.Close(fd) })
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Fatalf("bind: %v", err)
	}
	sa, err := syscall.Getsockname(fd)
	if err != nil {
		t.Fatalf("getsockname: %v", err)
	}
	return fmt.Sprintf("http://127.0.0.1:%d", sa.(*syscall.SockaddrInet4).Port)
}

// modelStub speaks Ollama's /api/chat with a fixed answer and answers 404 elsewhere; hold, when
// set, keeps each chat call open until it is closed.
type modelStub struct {
	answer string
	// embeddings, when set, makes /api/embed and /api/generate succeed, as a real Ollama does.
	embeddings bool
	hold       chan struct{}
	calls      chan string // the paths requested, when set
}

func (m *modelStub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if m.calls != nil {
		m.calls <- r.URL.Path
	}
	if m.embeddings && (r.URL.Path == "/api/embed" || r.URL.Path == "/api/generate") {
		_, _ = w.Write([]byte(`{"embeddings":[[0.1,0.2]],"response":"{}"}`))
		return
	}
	if r.URL.Path != "/api/chat" || r.Method != http.MethodPost {
		http.Error(w, `{"error":"not found"}`, http.StatusNotFound)
		return
	}
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
		Stream *bool `json:"stream"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model != "llama3.2:3b" || req.Stream == nil || *req.Stream ||
		len(req.Messages) < 2 || req.Messages[0].Role != "system" || req.Messages[len(req.Messages)-1].Role != "user" {
		http.Error(w, "bad chat request", http.StatusBadRequest)
		return
	}
	if m.hold != nil {
		select {
		case <-m.hold:
		case <-r.Context().Done():
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(MarshalJSON(Object{{"model", req.Model}, {"message", Object{{"role", "assistant"}, {"content", m.answer}}}, {"done", true}}, Relaxed))
}

type testHost struct {
	url  string
	logs *syncBuffer
}

func startHost(t testing.TB, cfg Config) testHost {
	t.Helper()
	logs := &syncBuffer{}
	if cfg.OllamaBaseURL == "" {
		cfg.OllamaBaseURL = closedPort(t)
	}
	if cfg.OllamaEndpoint == "" {
		cfg.OllamaEndpoint = cfg.OllamaBaseURL
	}
	h, err := NewHandler(cfg, NewLogger(logs))
	if err != nil {
		t.Fatalf("NewHandler: %v", err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return testHost{url: srv.URL, logs: logs}
}

func startModel(t testing.TB, m *modelStub) string {
	t.Helper()
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	return srv.URL
}

type reply struct {
	status int
	header http.Header
	body   []byte
}

func post(t testing.TB, url, contentType, body string) reply {
	t.Helper()
	resp, err := http.Post(url, contentType, strings.NewReader(body))
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("read %s: %v", url, err)
	}
	return reply{resp.StatusCode, resp.Header, b}
}

func ask(t testing.TB, h testHost, path, message string) reply {
	t.Helper()
	return post(t, h.url+path, "application/json", string(MarshalJSON(Object{{"message", message}}, Relaxed)))
}

type chatJSON struct {
	NaturalLanguageAnswer string          `json:"naturalLanguageAnswer"`
	AgentID               string          `json:"agentId"`
	Confidence            float64         `json:"confidence"`
	RoutingMethod         string          `json:"routingMethod"`
	Grounding             json.RawMessage `json:"grounding"`
	ElapsedMs             int64           `json:"elapsedMs"`
	TraceID               string          `json:"traceId"`
	Trace                 struct {
		TraceID  string `json:"traceId"`
		Protocol string `json:"protocol"`
		RunID    string `json:"runId"`
		Steps    []struct {
			Name       string          `json:"name"`
			Status     string          `json:"status"`
			Attributes json.RawMessage `json:"attributes"`
		} `json:"steps"`
	} `json:"trace"`
}

func decodeChat(t *testing.T, r reply) chatJSON {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("status %d, body %s", r.status, r.body)
	}
	if ct := r.header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	var c chatJSON
	if err := json.Unmarshal(r.body, &c); err != nil {
		t.Fatalf("decode %s: %v", r.body, err)
	}
	return c
}

func stepNames(c chatJSON) []string {
	var names []string
	for _, s := range c.Trace.Steps {
		names = append(names, s.Name)
	}
	return names
}

// referenceStream is the first section of lesson 6's snapshot (the reference output): the quoted
// stream of the voicing question, one display line per stream line.
func referenceStream(t *testing.T) []string {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("..", "snapshots", "l6.txtar"))
	if err != nil || len(ar.Files) != 1 {
		t.Fatalf("read the l6 snapshot: %v", err)
	}
	data := ar.Files[0].Data
	var out []string
	in := false
	for line := range strings.SplitSeq(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "== POST /api/chatbot/chat/stream"):
			in = true
		case in && strings.HasPrefix(line, "  |"):
			out = append(out, line)
		case in && len(out) > 0:
			return out
		}
	}
	return out
}

// display quotes a stream as the lesson does: "  | " before each line, trailing spaces trimmed.
func display(stream []byte) []string {
	lines := strings.Split(string(stream), "\n")
	lines = lines[:len(lines)-1]
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight("  | "+l, " ")
	}
	return out
}

var traceField = regexp.MustCompile(`"trace":\{.*\},"grounding"`)

// withoutTrace replaces the routing event's trace object, which holds ids and timings.
func withoutTrace(stream []byte) string {
	return traceField.ReplaceAllString(string(stream), `"trace":{},"grounding"`)
}

const wantVoicingAnswer = "Found 2 voicings matching chord Cmaj7:\n\n" +
	"- **Cmaj7** `3-0-x-2-3-x` (guitar, score 0.369)\n```vextab\n6/3 5/0 3/2 2/3\n```\n" +
	"- **Cmaj7** `3-0-0-2-3-x` (guitar, score 0.369)\n```vextab\n6/3 5/0 4/0 3/2 2/3\n```"

func TestVoicingChat(t *testing.T) {
	for _, tc := range []struct {
		newline     string
		answer      string
		raw, length int
	}{
		{"lf", wantVoicingAnswer, 136, 199},
		{"crlf", strings.ReplaceAll(wantVoicingAnswer, "\n", "\r\n"), 140, 208},
	} {
		t.Run(tc.newline, func(t *testing.T) {
			h := startHost(t, Config{NewLine: tc.newline})
			c := decodeChat(t, ask(t, h, chatPath, voicingQuestion))
			if c.NaturalLanguageAnswer != tc.answer {
				t.Errorf("answer\n%q\nwant\n%q", c.NaturalLanguageAnswer, tc.answer)
			}
			if n := dotnet.UTF16Len(c.NaturalLanguageAnswer); n != tc.length {
				t.Errorf("answer length %d, want %d", n, tc.length)
			}
			if c.AgentID != "voicing" || c.Confidence != 0.92 || c.RoutingMethod != "deterministic-voicing" || string(c.Grounding) != "null" {
				t.Errorf("routing %q %v %q %s", c.AgentID, c.Confidence, c.RoutingMethod, c.Grounding)
			}
			if !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(c.TraceID) || c.Trace.TraceID != c.TraceID {
				t.Errorf("traceId %q, trace.traceId %q", c.TraceID, c.Trace.TraceID)
			}
			if !regexp.MustCompile(`^run_[0-9a-f]{32}$`).MatchString(c.Trace.RunID) || c.Trace.Protocol != traceProtocol {
				t.Errorf("runId %q protocol %q", c.Trace.RunID, c.Trace.Protocol)
			}
			want := []string{"chat.request", "orchestration.answer", "orchestration.route", "agent.semantic_result", "notation.vextab", "response.emit"}
			if got := stepNames(c); strings.Join(got, ",") != strings.Join(want, ",") {
				t.Fatalf("steps %v, want %v", got, want)
			}
			answerAttrs := string(c.Trace.Steps[1].Attributes)
			wantAnswer := fmt.Sprintf(`{"timeout.seconds":180,"agent.id":"voicing","routing.method":"deterministic-voicing","routing.confidence":0.92,"grounding.source":null,"candidate.count":0,"response.length":%d}`, tc.raw)
			if answerAttrs != wantAnswer {
				t.Errorf("orchestration.answer attributes\n%s\nwant\n%s", answerAttrs, wantAnswer)
			}
			result := string(c.Trace.Steps[3].Attributes)
			wantResult := fmt.Sprintf(`{"agent.id":"voicing","grounding.source":null,"candidate.count":0,"voicing.diagram.count":2,"response.length":%d,"debug.mode":"DeterministicAgent","debug.agent":"voicing"}`, tc.length)
			if result != wantResult {
				t.Errorf("agent.semantic_result attributes\n%s\nwant\n%s", result, wantResult)
			}
			if got, want := string(c.Trace.Steps[4].Attributes), `{"notation.diagram.count":2,"notation.vextab.added_count":2,"notation.format":"vextab","notation.renderer":"vexflow"}`; got != want {
				t.Errorf("notation.vextab attributes %s, want %s", got, want)
			}
			if got, want := string(c.Trace.Steps[5].Attributes), fmt.Sprintf(`{"response.length":%d,"response.has_vextab":true}`, tc.length); got != want {
				t.Errorf("response.emit attributes %s, want %s", got, want)
			}
		})
	}
}

func TestVoicingStreamMatchesReference(t *testing.T) {
	want := referenceStream(t)
	var streams []string
	for _, nl := range []string{"lf", "crlf"} {
		h := startHost(t, Config{NewLine: nl})
		r := ask(t, h, streamPath, voicingQuestion)
		if r.status != http.StatusOK {
			t.Fatalf("%s: status %d", nl, r.status)
		}
		for k, v := range map[string]string{"Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"} {
			if got := r.header.Get(k); got != v {
				t.Errorf("%s: %s %q, want %q", nl, k, got, v)
			}
		}
		got := display(r.body)
		if len(got) != len(want) {
			t.Fatalf("%s: %d lines, want %d:\n%s", nl, len(got), len(want), r.body)
		}
		routingPrefix := strings.TrimSuffix(want[0], "…")
		if !strings.HasPrefix(got[0], routingPrefix) {
			t.Errorf("%s: routing line %q does not start with %q", nl, got[0], routingPrefix)
		}
		for i := 1; i < len(want); i++ {
			if got[i] != want[i] {
				t.Errorf("%s: line %d %q, want %q", nl, i+1, got[i], want[i])
			}
		}
		first, _, _ := strings.Cut(string(r.body), "\n")
		payload := strings.TrimPrefix(first, "data: ")
		if !json.Valid([]byte(payload)) {
			t.Errorf("%s: routing payload is not JSON: %s", nl, payload)
		}
		if !strings.Contains(payload, `"protocol":"w3c-trace-context\u002Botel-genai\u002Bag-ui"`) {
			t.Errorf("%s: routing payload not strictly escaped: %s", nl, payload)
		}
		if got, want := withoutTrace([]byte(payload)), `{"type":"routing","agentId":"voicing","confidence":0.92,"routingMethod":"deterministic-voicing","trace":{},"grounding":null}`; got != want {
			t.Errorf("%s: routing payload %s, want %s", nl, got, want)
		}
		streams = append(streams, withoutTrace(r.body))
	}
	if streams[0] != streams[1] {
		t.Errorf("CRLF stream differs from LF stream beyond the trace:\n%s\n%s", streams[0], streams[1])
	}
}

// logRecord is one record of the simple console format.
type logRecord struct {
	Level, Category, Message, Exception, Frame string
}

var recordHead = regexp.MustCompile(`^(\w{4}): (\S+)\[\d+\]$`)

func parseLogs(s string) []logRecord {
	var out []logRecord
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		line := sc.Text()
		if m := recordHead.FindStringSubmatch(line); m != nil {
			out = append(out, logRecord{Level: m[1], Category: m[2]})
			continue
		}
		if len(out) == 0 {
			continue
		}
		r := &out[len(out)-1]
		switch {
		case strings.HasPrefix(line, "         at "):
			r.Frame = strings.TrimPrefix(line, "         at ")
		case r.Message == "":
			r.Message = strings.TrimPrefix(line, "      ")
		default:
			r.Exception = strings.TrimPrefix(line, "      ")
		}
	}
	return out
}

// failures keeps the records at Warning and above, the ones the lessons read.
func failures(s string) []logRecord {
	var out []logRecord
	for _, r := range parseLogs(s) {
		if r.Level == "warn" || r.Level == "fail" {
			out = append(out, r)
		}
	}
	return out
}

func TestNoModelFailure(t *testing.T) {
	refused := func(port string) string {
		return "System.Net.Http.HttpRequestException: Connection refused (" + strings.TrimPrefix(port, "http://") + ")"
	}
	common := []logRecord{
		{"warn", catIntentRouter, "SemanticIntentRouter: example embedding failed; router will degrade to fallback", "", "GA.Business.ML.Agents.Intents.SemanticIntentRouter.EnsureExamplesEmbeddedAsync() in Common/GA.Business.ML/Agents/Intents/SemanticIntentRouter.cs:line 370"},
		{"warn", catIntentRouter, "SemanticIntentRouter: query embedding failed; routing falls through to LLM path", "", "GA.Business.ML.Agents.Intents.SemanticIntentRouter.RouteAsync() in Common/GA.Business.ML/Agents/Intents/SemanticIntentRouter.cs:line 111"},
		{"warn", catQueryUnder, "[QueryUnderstanding] Failed to extract filters", "", "GA.Business.Core.Orchestration.Clients.OllamaGenerateClient.GenerateAsync() in Common/GA.Business.Core.Orchestration/Clients/OllamaGenerateClient.cs:line 46"},
		{"fail", catOrchestrated, "Chat orchestration failed. Falling back to direct chat client.", "", "GA.Business.ML.Agents.SemanticRouter.EnsureEmbeddingsInitializedAsync() in Common/GA.Business.ML/Agents/SemanticRouter.cs:line 251"},
	}
	direct := "GaChatbot.Api.Services.DirectChatApplicationService.GenerateAnswerAsync() in Apps/GaChatbot.Api/Services/DirectChatApplicationService.cs:line 96"
	for _, tc := range []struct {
		path string
		last logRecord
	}{
		{chatPath, logRecord{"fail", catExceptionMW, "An unhandled exception has occurred while executing the request.", "", direct}},
		{streamPath, logRecord{"fail", catController, "Error streaming chatbot response", "", direct}},
	} {
		t.Run(strings.TrimPrefix(tc.path, "/api/chatbot/"), func(t *testing.T) {
			port := closedPort(t)
			h := startHost(t, Config{OllamaBaseURL: port, OllamaEndpoint: port})
			r := ask(t, h, tc.path, arpeggioQuestion)
			if tc.path == chatPath {
				if r.status != http.StatusInternalServerError || r.header.Get("Content-Type") != "application/problem+json" {
					t.Fatalf("status %d, Content-Type %q", r.status, r.header.Get("Content-Type"))
				}
				if !regexp.MustCompile(`^\{"type":"https://tools\.ietf\.org/html/rfc9110#section-15\.6\.1","title":"An error occurred while processing your request\.","status":500,"traceId":"00-[0-9a-f]{32}-[0-9a-f]{16}-00"\}$`).Match(r.body) {
					t.Errorf("body %s", r.body)
				}
			} else {
				if r.status != http.StatusOK || string(r.body) != "data: {\"error\":\"Failed to process message. Please try again.\"}\n\n" {
					t.Errorf("status %d, body %q", r.status, r.body)
				}
			}
			want := append(append([]logRecord{}, common...), tc.last)
			got := failures(h.logs.String())
			if len(got) != len(want) {
				t.Fatalf("%d records, want %d:\n%s", len(got), len(want), h.logs.String())
			}
			for i := range want {
				want[i].Exception = refused(port)
				if got[i] != want[i] {
					t.Errorf("record %d\n%+v\nwant\n%+v", i+1, got[i], want[i])
				}
			}
		})
	}
}

const stubAnswer = "First sentence. Second one!\nThird line? Last."

func TestModelStubAnswers(t *testing.T) {
	model := startModel(t, &modelStub{answer: stubAnswer})
	h := startHost(t, Config{OllamaBaseURL: model, OllamaEndpoint: model})

	c := decodeChat(t, ask(t, h, chatPath, arpeggioQuestion))
	if c.NaturalLanguageAnswer != stubAnswer || c.AgentID != "fallback-direct" || c.Confidence != 0 || c.RoutingMethod != "error-fallback" {
		t.Errorf("chat %q %q %v %q", c.NaturalLanguageAnswer, c.AgentID, c.Confidence, c.RoutingMethod)
	}
	if got, want := strings.Join(stepNames(c), ","), "chat.request,orchestration.answer,orchestration.error,gen_ai.chat.fallback"; got != want {
		t.Errorf("steps %s, want %s", got, want)
	}
	// A server that answers with 404 turns the embedder's and chat client's failures into
	// InvalidOperationException and the generate client's into EnsureSuccessStatusCode's.
	recs := failures(h.logs.String())
	if len(recs) != 4 || !strings.HasPrefix(recs[0].Exception, "System.InvalidOperationException: Ollama error:") ||
		recs[2].Exception != "System.Net.Http.HttpRequestException: Response status code does not indicate success: 404 (Not Found)." ||
		!strings.HasSuffix(recs[2].Frame, "OllamaGenerateClient.cs:line 47") {
		t.Errorf("records:\n%s", h.logs.String())
	}

	r := ask(t, h, streamPath, arpeggioQuestion)
	want := `data: {"type":"routing","agentId":"fallback-direct","confidence":0,"routingMethod":"error-fallback","trace":{},"grounding":null}` + "\n\n" +
		"data: First sentence.\n\ndata: Second one!\n\ndata: Third line?\n\ndata: Last.\n\ndata: [DONE]\n\n"
	if got := withoutTrace(r.body); got != want {
		t.Errorf("stream\n%q\nwant\n%q", got, want)
	}
}

func TestWorkingEmbeddingsTakeTheErrorFallback(t *testing.T) {
	calls := make(chan string, 64)
	model := startModel(t, &modelStub{answer: stubAnswer, embeddings: true, calls: calls})
	h := startHost(t, Config{OllamaBaseURL: model, OllamaEndpoint: model})
	for i := range 2 {
		c := decodeChat(t, ask(t, h, chatPath, arpeggioQuestion))
		if c.NaturalLanguageAnswer != stubAnswer || c.RoutingMethod != "error-fallback" {
			t.Errorf("request %d: %q %q", i+1, c.NaturalLanguageAnswer, c.RoutingMethod)
		}
	}
	close(calls)
	var paths []string
	for p := range calls {
		paths = append(paths, p)
	}
	// The example embeddings are cached after the first success: 5 calls, then 4.
	if len(paths) != 9 {
		t.Errorf("model calls %v, want 9", paths)
	}
	recs := failures(h.logs.String())
	if len(recs) != 4 || recs[0].Category != catStandIn || recs[1].Category != catOrchestrated ||
		recs[1].Exception != "System.NotSupportedException: "+errNotModelled.Message {
		t.Errorf("records:\n%s", h.logs.String())
	}
}

func TestSplitter743(t *testing.T) {
	model := startModel(t, &modelStub{answer: stubAnswer})
	h := startHost(t, Config{OllamaBaseURL: model, OllamaEndpoint: model, Splitter: "743"})
	r := ask(t, h, streamPath, arpeggioQuestion)
	_, rest, _ := strings.Cut(string(r.body), "\n\n")
	want := "data: First sentence. \n\ndata: Second one!\ndata: \n\ndata: Third line? \n\ndata: Last.\n\ndata: [DONE]\n\n"
	if rest != want {
		t.Errorf("743 chunks\n%q\nwant\n%q", rest, want)
	}
}

func TestRejections(t *testing.T) {
	t.Parallel() // a 413 closes its connection after net/http's half-second linger
	h := startHost(t, Config{})
	history := make([]any, 51)
	for i := range history {
		history[i] = Object{{"role", "user"}, {"content", "hi"}}
	}
	validation := func(key, msg string) string {
		return `^\{"type":"https://tools\.ietf\.org/html/rfc9110#section-15\.5\.1","title":"One or more validation errors occurred\.","status":400,"errors":\{"` +
			regexp.QuoteMeta(key) + `":\["` + regexp.QuoteMeta(msg) + `"\]\},"traceId":"00-[0-9a-f]{32}-[0-9a-f]{16}-00"\}$`
	}
	for _, tc := range []struct {
		name, contentType, body string
		status                  int
		bodyPattern             string
	}{
		{"text/plain", "text/plain", `{"message":"hi"}`, 415, `^\{"type":"https://tools\.ietf\.org/html/rfc9110#section-15\.5\.16","title":"Unsupported Media Type","status":415,"traceId":"00-[0-9a-f]{32}-[0-9a-f]{16}-00"\}$`},
		{"malformed", "application/json", `{"message":`, 400, `"errors":\{"\$":\[.*\],"request":\["The request field is required\."\]\}`},
		{"missing", "application/json", `{"Conversationhistory":[]}`, 400, validation("Message", "The Message field is required.")},
		{"blank", "application/json", `{"message":" \t\n"}`, 400, validation("Message", "The Message field is required.")},
		{"2001", "application/json", string(MarshalJSON(Object{{"MESSAGE", strings.Repeat("é", 2001)}}, Relaxed)), 400, validation("Message", "The field Message must be a string or array type with a maximum length of '2000'.")},
		{"51 turns", "application/json", string(MarshalJSON(Object{{"message", "hi"}, {"conversationHistory", history}}, Relaxed)), 400, validation("ConversationHistory", "The field ConversationHistory must be a string or array type with a maximum length of '50'.")},
		{"role 33", "application/json", `{"message":"hi","conversationHistory":[{"role":"` + strings.Repeat("r", 33) + `","content":"x"}]}`, 400, validation("ConversationHistory[0].Role", "The field Role must be a string or array type with a maximum length of '32'.")},
		{"too large", "application/json", `{"message":"hi","pad":"` + strings.Repeat("x", MaxBodyBytes) + `"}`, 413, `^\{"type":"https://tools\.ietf\.org/html/rfc9110#section-15\.5\.14","title":"Content Too Large","status":413,`},
	} {
		for _, path := range []string{chatPath, streamPath} {
			t.Run(tc.name+path, func(t *testing.T) {
				r := post(t, h.url+path, tc.contentType, tc.body)
				if r.status != tc.status {
					t.Fatalf("status %d, want %d: %s", r.status, tc.status, r.body)
				}
				if ct := r.header.Get("Content-Type"); ct != "application/problem+json; charset=utf-8" {
					t.Errorf("Content-Type %q", ct)
				}
				if !regexp.MustCompile(tc.bodyPattern).Match(r.body) {
					t.Errorf("body %s\ndoes not match %s", r.body, tc.bodyPattern)
				}
			})
		}
	}
	// 2000 characters that are 4000 bytes pass: the limit counts UTF-16 code units.
	if r := post(t, h.url+chatPath, "application/json", string(MarshalJSON(Object{{"message", strings.Repeat("é", 1990) + " voicings"}}, Relaxed))); r.status != http.StatusOK {
		t.Errorf("2000 characters: status %d", r.status)
	}
}

func TestGate(t *testing.T) {
	hold := make(chan struct{})
	model := startModel(t, &modelStub{answer: "Held.", hold: hold})
	h := startHost(t, Config{OllamaBaseURL: model, OllamaEndpoint: model})

	results := make(chan reply, 3)
	for i := range 3 {
		path := chatPath
		if i == 2 {
			path = streamPath
		}
		go func() {
			resp, err := http.Post(h.url+path, "application/json", strings.NewReader(`{"message":"which arpeggio fits Am F C G"}`))
			if err != nil {
				results <- reply{status: -1, body: []byte(err.Error())}
				return
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			results <- reply{resp.StatusCode, resp.Header, b}
		}()
	}
	waitFor(t, func() bool { return strings.Count(h.logs.String(), "Chat orchestration failed.") == 3 })

	if r := ask(t, h, chatPath, arpeggioQuestion); r.status != http.StatusServiceUnavailable || string(r.body) != `{"error":"Service is busy. Please try again in a few seconds."}` {
		t.Errorf("fourth /chat: %d %s", r.status, r.body)
	}
	if r := ask(t, h, streamPath, arpeggioQuestion); r.status != http.StatusOK || string(r.body) != "data: {\"error\":\"Service is busy. Please try again in a few seconds.\"}\n\n" {
		t.Errorf("fourth stream: %d %q", r.status, r.body)
	}
	if r := ask(t, h, chatPath, voicingQuestion); r.status != http.StatusServiceUnavailable {
		t.Errorf("the gate holds guard answers too: %d", r.status)
	}
	close(hold)
	for range 3 {
		if r := <-results; r.status != http.StatusOK {
			t.Errorf("held request: %d %s", r.status, r.body)
		}
	}
	for range 4 {
		if r := ask(t, h, chatPath, voicingQuestion); r.status != http.StatusOK {
			t.Errorf("after release: %d", r.status)
		}
	}
}

func TestStreamCancelledFreesSlot(t *testing.T) {
	hold := make(chan struct{})
	defer close(hold)
	model := startModel(t, &modelStub{answer: "Held.", hold: hold})
	h := startHost(t, Config{OllamaBaseURL: model, OllamaEndpoint: model})
	for range gateSlots {
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, h.url+streamPath, strings.NewReader(`{"message":"hello"}`))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("status %d", resp.StatusCode)
		}
		cancel()
		resp.Body.Close()
	}
	waitFor(t, func() bool { return strings.Count(h.logs.String(), "Chat stream cancelled.") == gateSlots })
	waitFor(t, func() bool { return ask(t, h, chatPath, voicingQuestion).status == http.StatusOK })
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 10s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestStatusAndInfo(t *testing.T) {
	h := startHost(t, Config{})
	resp, err := http.Get(h.url + "/api/chatbot/status")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !regexp.MustCompile(`^\{"isAvailable":false,"message":"Ollama is not reachable: Connection refused \(127\.0\.0\.1:\d+\)","provider":"ollama","chatModel":"llama3\.2:3b","chatModelInstalled":false,"embeddingModel":"nomic-embed-text","embeddingModelInstalled":false,"providerReachable":false,"orchestratorRoundTripOk":null,"timestamp":"[^"]+Z"\}$`).Match(body) {
		t.Errorf("status body %s", body)
	}
	resp, err = http.Get(h.url + "/api")
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(body) != `{"service":"ga-chatbot-api","version":"0.1.0","description":"Thin Guitar Alchemist chatbot API host"}` {
		t.Errorf("/api body %s", body)
	}
	for path, want := range map[string]int{"/nope": 404, "/api/chatbot/chat": 405, "/": 404} {
		resp, err := http.Get(h.url + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, resp.StatusCode, want)
		}
	}
}

func TestPathBase(t *testing.T) {
	h := startHost(t, Config{PathBase: "chatbot/"})
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(h.url + "/chatbot?x=1")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusPermanentRedirect || resp.Header.Get("Location") != "/chatbot/?x=1" {
		t.Errorf("bare base: %d %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	for _, p := range []string{"/chatbot" + chatPath, chatPath} {
		if r := ask(t, h, p, voicingQuestion); r.status != http.StatusOK {
			t.Errorf("%s: %d", p, r.status)
		}
	}
}

func TestRun(t *testing.T) {
	port := closedPort(t)
	t.Setenv("Ollama__BaseUrl", port)
	t.Setenv("Ollama__Endpoint", "http://unused.invalid")
	ctx, cancel := context.WithCancel(context.Background())
	stdoutR, stdoutW := io.Pipe()
	stderr := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"--urls", "http://127.0.0.1:0", "--Ollama:Endpoint=" + port}, stdoutW, stderr)
		stdoutW.Close()
	}()
	sc := bufio.NewScanner(stdoutR)
	var listening string
	for sc.Scan() {
		if sc.Text() == "info: Microsoft.Hosting.Lifetime[14]" && sc.Scan() {
			listening = sc.Text()
			break
		}
	}
	go func() { _, _ = io.Copy(io.Discard, stdoutR) }()
	m := regexp.MustCompile(`^      Now listening on: (http://127\.0\.0\.1:(\d+))$`).FindStringSubmatch(listening)
	if m == nil || m[2] == "0" {
		cancel()
		t.Fatalf("listening line %q", listening)
	}
	r := ask(t, testHost{url: m[1]}, chatPath, voicingQuestion)
	if r.status != http.StatusOK {
		t.Errorf("status %d", r.status)
	}
	waitFor(t, func() bool { return strings.Contains(stderr.String(), "IntentEmbeddingWarmupService: cache warmed in") })
	if r := ask(t, testHost{url: m[1]}, chatPath, arpeggioQuestion); r.status != http.StatusInternalServerError {
		t.Errorf("no-model status %d", r.status)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after cancel")
	}
	if _, err := net.DialTimeout("tcp", strings.TrimPrefix(m[1], "http://"), time.Second); err == nil {
		t.Error("still listening after shutdown")
	}
	refused := "System.Net.Http.HttpRequestException: Connection refused (" + strings.TrimPrefix(port, "http://") + ")"
	used := false
	for _, r := range failures(stderr.String()) {
		used = used || r.Category == catQueryUnder && r.Exception == refused
	}
	if !used {
		t.Errorf("the --Ollama:Endpoint override was not used:\n%s", stderr.String())
	}
}

func TestConfig(t *testing.T) {
	env := map[string]string{"ASPNETCORE_URLS": "http://localhost:7000", "Ollama__BaseUrl": "http://127.0.0.1:1", "GA_OPTICK_INDEX_PATH": "/idx"}
	cfg := ConfigFromEnv(func(k string) string { return env[k] })
	want := Config{URLs: "http://localhost:7000", OllamaBaseURL: "http://127.0.0.1:1", OllamaEndpoint: DefaultOllamaURL, Mode: "full", IndexPath: "/idx", NewLine: "lf", Splitter: "pinned"}
	if cfg != want {
		t.Errorf("ConfigFromEnv %+v, want %+v", cfg, want)
	}
	cfg, err := ApplyArgs(cfg, []string{"--urls=http://127.0.0.1:0", "--ollama:endpoint", "http://e", "/Course:Splitter=743", "Chatbot__PathBase=/x", "--Unknown:Key=1"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.URLs != "http://127.0.0.1:0" || cfg.OllamaEndpoint != "http://e" || cfg.Splitter != "743" || cfg.PathBase != "/x" {
		t.Errorf("ApplyArgs %+v", cfg)
	}
	if _, err := ApplyArgs(cfg, []string{"--urls"}); err == nil {
		t.Error("a key without a value is accepted")
	}
	for _, bad := range []Config{{Mode: "direct"}, {NewLine: "cr"}, {Splitter: "x"}, {OllamaBaseURL: "localhost:1"}} {
		if _, err := NewHandler(bad, nil); err == nil {
			t.Errorf("NewHandler(%+v) accepted", bad)
		}
	}
}

func BenchmarkChat(b *testing.B) {
	h := startHost(b, Config{})
	body := `{"message":"Show me Cmaj7 voicings"}`
	for b.Loop() {
		if r := post(b, h.url+chatPath, "application/json", body); r.status != http.StatusOK {
			b.Fatal(r.status)
		}
	}
}

func BenchmarkChatStream(b *testing.B) {
	h := startHost(b, Config{})
	body := `{"message":"Show me Cmaj7 voicings"}`
	for b.Loop() {
		if r := post(b, h.url+streamPath, "application/json", body); r.status != http.StatusOK {
			b.Fatal(r.status)
		}
	}
}
