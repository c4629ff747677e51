package l4

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"course/hostproc"
	"course/internal/report"
	"course/internal/testutil"
	"course/lessons/kit/chathost"
)

// modelStub is a model server on loopback that answers Ollama's embed, generate and chat calls
// and counts them by path.
type modelStub struct {
	mu    sync.Mutex
	calls map[string]int
	url   string
}

func startModelStub(t *testing.T) *modelStub {
	t.Helper()
	s := &modelStub{calls: map[string]int{}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.calls[r.URL.Path]++
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/api/embed":
			w.Write([]byte(`{"model":"stub","embeddings":[[0.1,0.2,0.3]]}`))
		case "/api/generate":
			w.Write([]byte(`{"model":"stub","response":"{}","done":true}`))
		case "/api/chat":
			w.Write([]byte(`{"model":"stub","message":{"role":"assistant","content":"A stub's answer."},"done":true}`))
		default:
			http.NotFound(w, r)
		}
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	s.url = "http://" + ln.Addr().String()
	return s
}

func (s *modelStub) count() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int{}
	for k, v := range s.calls {
		out[k] = v
	}
	return out
}

// TestWithModelStub checks, against the real child host, that the algebra question makes no
// call to the model, and that with a model answering at the address the questions that fail
// without one are answered.
func TestWithModelStub(t *testing.T) {
	stub := startModelStub(t)
	opts := chathost.Options{ModelURL: stub.url}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	host, err := opts.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer host.Stop()
	if err := chathost.WaitForWarmup(ctx, host); err != nil {
		t.Fatal(err)
	}
	l := &lesson{r: report.New(&strings.Builder{}), host: host}
	post := func(prompt string) (*hostproc.Response, []hostproc.LogRecord) {
		t.Helper()
		body, _ := json.Marshal(map[string]string{"message": prompt})
		mark := host.LogMark()
		resp, err := host.Post(ctx, chathost.ChatPath, body)
		if err != nil {
			t.Fatal(err)
		}
		records, err := l.requestRecords(ctx, mark)
		if err != nil {
			t.Fatal(err)
		}
		return resp, records
	}

	before := stub.count()
	resp, _ := post(prompts[0])
	if resp.Status != 200 || !strings.Contains(string(resp.Body), `"agentId":"algebra"`) {
		t.Fatalf("algebra question: HTTP %d %s", resp.Status, resp.Body)
	}
	if after := stub.count(); !mapsEqual(before, after) {
		t.Fatalf("the algebra question called the model: %v -> %v", before, after)
	}

	for _, prompt := range prompts[2:] {
		before := stub.count()
		resp, records := post(prompt)
		var reply chatReply
		if err := json.Unmarshal(resp.Body, &reply); resp.Status != 200 || err != nil {
			t.Fatalf("%q with a model: HTTP %d %s", prompt, resp.Status, resp.Body)
		}
		if reply.Answer != "A stub's answer." {
			t.Errorf("%q answered %q", prompt, reply.Answer)
		}
		after := stub.count()
		for _, path := range []string{"/api/embed", "/api/generate", "/api/chat"} {
			if after[path] <= before[path] {
				t.Errorf("%q made no call to %s (%v -> %v)", prompt, path, before, after)
			}
		}
		for _, p := range problems(records) {
			if strings.Contains(p, "HttpRequestException") {
				t.Errorf("%q logged a failed model call: %s", prompt, p)
			}
		}
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestWithModelURLFlag runs the whole lesson with --model-url: no question fails.
func TestWithModelURLFlag(t *testing.T) {
	stub := startModelStub(t)
	out, err := testutil.Run(t, NewCmd(nil), "l4", "--model-url", stub.url)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "HTTP 500") || strings.Count(out, "HTTP 200") != 4 || strings.Contains(out, "logged:") {
		t.Fatalf("course l4 --model-url:\n%s", out)
	}
}

func TestProblems(t *testing.T) {
	ex := &hostproc.LogException{Type: "System.Net.Http.HttpRequestException", Frames: []hostproc.StackFrame{
		{Method: "System.Net.Http.HttpClient.SendAsync"},
		{Method: "GA.Business.ML.Agents.SemanticRouter.EnsureEmbeddingsInitializedAsync", File: "/src/Common/GA.Business.ML/Agents/SemanticRouter.cs", Line: 251},
	}}
	records := []hostproc.LogRecord{
		{Level: "Information", Category: "Microsoft.AspNetCore.Hosting.Diagnostics", Message: "Request finished"},
		{Level: "Warning", Category: "A.B.Zeta", Message: "late"},
		{Level: "Error", Category: "GaChatbot.Api.Services.OrchestratedChatApplicationService", Message: "Chat orchestration failed.", Exception: ex},
		{Level: "Warning", Category: "A.B.Zeta", Message: "late"},
		{Level: "Error", Category: "X.Plain", Message: "no GA frame", Exception: &hostproc.LogException{Type: "System.InvalidOperationException"}},
	}
	want := []string{
		"Error OrchestratedChatApplicationService: Chat orchestration failed. [HttpRequestException at SemanticRouter.EnsureEmbeddingsInitializedAsync, SemanticRouter.cs:251]",
		"Error Plain: no GA frame [InvalidOperationException]",
		"Warning Zeta: late",
	}
	if got := problems(records); !slices.Equal(got, want) {
		t.Errorf("problems =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestOrderedFacts(t *testing.T) {
	var reply chatReply
	body := `{"grounding":{"source":"s","revision":"r","queryType":"q","facts":{"zeta":"1","alpha":"<2>","mid":"3"}}}`
	if err := json.Unmarshal([]byte(body), &reply); err != nil {
		t.Fatal(err)
	}
	want := orderedFacts{{Label: "zeta", Value: "1"}, {Label: "alpha", Value: "<2>"}, {Label: "mid", Value: "3"}}
	if !slices.Equal(reply.Grounding.Facts, want) {
		t.Errorf("facts = %v, want %v", reply.Grounding.Facts, want)
	}
	if err := json.Unmarshal([]byte(`{"grounding":{"facts":null}}`), &reply); err != nil || reply.Grounding.Facts != nil {
		t.Errorf("null facts: %v %v", reply.Grounding.Facts, err)
	}
	if err := json.Unmarshal([]byte(`{"grounding":{"facts":[1]}}`), &reply); err == nil {
		t.Error("an array was read as facts")
	}
}
