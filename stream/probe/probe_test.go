package probe

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"course/gahost"
	"course/hostproc"
	"course/internal/testutil"
	"course/stream/probe/probetest"
	"course/stream/wire"
)

const (
	streamPath       = "/api/chatbot/chat/stream"
	chatPath         = "/api/chatbot/chat"
	voicingQuestion  = "Show me Cmaj7 voicings"
	arpeggioQuestion = "which arpeggio fits Am F C G"
)

// closedPort is an address that refuses every connection while the test runs.
func closedPort(t *testing.T) string {
	t.Helper()
	cp, err := hostproc.NewClosedPort()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cp.Close() })
	return "http://" + cp.Addr()
}

// standIn serves gahost's handler with its model at modelURL, a closed port when "".
func standIn(t *testing.T, modelURL string) string {
	t.Helper()
	if modelURL == "" {
		modelURL = closedPort(t)
	}
	h, err := gahost.NewHandler(gahost.Config{OllamaBaseURL: modelURL, OllamaEndpoint: modelURL, Mode: "full", NewLine: "lf", Splitter: "pinned"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// slowModel speaks Ollama's /api/chat, answering after delay, and refuses everything else, so
// the host's guards miss and its model answers.
func slowModel(t *testing.T, answer string, delay time.Duration) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/chat" {
			http.NotFound(w, r)
			return
		}
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"model": "llama3.2:3b", "message": map[string]string{"role": "assistant", "content": answer}, "done": true})
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func message(m string) []byte {
	b, _ := json.Marshal(map[string]string{"message": m})
	return b
}

func kinds(rep *Report) []string {
	var out []string
	for _, e := range rep.Events {
		k := e.Kind
		if e.Name != "" && e.Kind == KindJSON {
			k += " " + e.Name
		}
		out = append(out, k)
	}
	return out
}

func codes(hs []Hazard) []string {
	out := []string{}
	for _, h := range hs {
		out = append(out, h.Code)
	}
	return out
}

func reader(t *testing.T, rep *Report, name string) ReaderResult {
	t.Helper()
	for _, r := range rep.Readers {
		if r.Reader == name {
			return r
		}
	}
	t.Fatalf("no reader %q in %+v", name, rep.Readers)
	return ReaderResult{}
}

func TestProbeStandInVoicingIsExactForTheStandard(t *testing.T) {
	base := standIn(t, "")
	rep, err := Run(t.Context(), Options{URL: base + streamPath, Body: message(voicingQuestion), AnswerURL: base + chatPath})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != 200 || rep.Header("Content-Type") != "text/event-stream" || rep.Header("Cache-Control") != "no-cache" ||
		rep.Header("X-Accel-Buffering") != "no" || rep.Header("Transfer-Encoding") != "chunked" || rep.Header("Content-Encoding") != "" {
		t.Errorf("status %d, headers %+v", rep.Status, rep.Headers)
	}
	if want := []string{"json type=routing", "text", "[DONE]"}; !slices.Equal(kinds(rep), want) {
		t.Errorf("kinds %q, want %q", kinds(rep), want)
	}
	if rep.Events[1].Lines != 10 || rep.Events[1].Type != "message" {
		t.Errorf("text event %+v, want 10 lines of type message", rep.Events[1])
	}
	if len(rep.Hazards) != 0 {
		t.Errorf("hazards on GA's voicing stream: %+v", rep.Hazards)
	}
	if !rep.Answer.OK || !strings.HasPrefix(rep.Answer.Text, "Found 2 voicings matching chord Cmaj7:\n") {
		t.Fatalf("answer %+v", rep.Answer)
	}
	want := map[string]string{
		TextEvents.Name:         "exact",
		"GaChatbot page":        "exact",
		"HTML standard":         "differs", // it keeps the routing event's JSON
		"ga-client chatService": "8 of 9 lines missing, 9 line breaks missing",
	}
	for name, m := range want {
		if got := reader(t, rep, name).Measure; got != m {
			t.Errorf("%s: %q, want %q", name, got, m)
		}
	}
	if rep.Pass {
		t.Error("pass with chatService losing lines")
	}
	if rep.Timing.TextEvents != 1 || rep.Timing.Streamed || rep.Timing.FirstText == nil || *rep.Timing.FirstText < rep.Timing.Headers {
		t.Errorf("timing %+v", rep.Timing)
	}
}

func TestProbeStandInFailureIsAnErrorEvent(t *testing.T) {
	base := standIn(t, "")
	rep, err := Run(t.Context(), Options{URL: base + streamPath, Body: message(arpeggioQuestion), AnswerURL: base + chatPath})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != 200 || len(rep.Events) != 1 || rep.Events[0].Kind != KindError || rep.Events[0].Name != "Failed to process message. Please try again." {
		t.Fatalf("status %d, events %+v", rep.Status, rep.Events)
	}
	if got := codes(rep.Hazards); !slices.Equal(got, []string{HazardNoDone, HazardErrorEvent}) {
		t.Errorf("hazards %q", got)
	}
	if rep.Answer.OK || rep.Answer.Status != 500 || !strings.Contains(rep.Answer.Problem, "500 Internal Server Error") {
		t.Errorf("answer %+v", rep.Answer)
	}
	if r := reader(t, rep, "ga-client chatService"); r.Throws != "Failed to process message. Please try again." || r.Measure != "" {
		t.Errorf("chatService %+v", r)
	}
	if r := reader(t, rep, "GaChatbot page"); r.Got != `{"error":"Failed to process message. Please try again."}` {
		t.Errorf("page %+v", r)
	}
	if rep.Pass {
		t.Error("pass on a failed answer")
	}
}

func TestProbeStandInComputesFirst(t *testing.T) {
	const delay = 300 * time.Millisecond
	answer := "First sentence. Second one! Third line? Last."
	base := standIn(t, slowModel(t, answer, delay))
	rep, err := Run(t.Context(), Options{URL: base + streamPath, Body: message(arpeggioQuestion), AnswerURL: base + chatPath})
	if err != nil {
		t.Fatal(err)
	}
	tm := rep.Timing
	if tm.TextEvents != 4 || tm.FirstText == nil {
		t.Fatalf("timing %+v, events %q", tm, kinds(rep))
	}
	if time.Duration(tm.Headers) >= delay {
		t.Errorf("headers after %v: the host sends them before it computes", tm.Headers)
	}
	if time.Duration(*tm.FirstText) < delay || time.Duration(*tm.FirstEvent) < delay {
		t.Errorf("first text at %v, before the model answered", *tm.FirstText)
	}
	if tm.Streamed || time.Duration(tm.Spread) >= StreamedSpread {
		t.Errorf("text spread over %v, streamed %v: want all at once", tm.Spread, tm.Streamed)
	}
	// The pinned splitter drops the spaces between sentences.
	if got := reader(t, rep, TextEvents.Name).Measure; got != "1 of 1 lines missing" {
		t.Errorf("text events: %q", got)
	}
}

// serve answers every request with the given content type, encoding and events, one write and
// flush per event, after wait each.
func serve(t *testing.T, contentType string, wait time.Duration, events ...string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		rc := http.NewResponseController(w)
		for _, e := range events {
			if wait > 0 {
				time.Sleep(wait)
			}
			_, _ = w.Write([]byte(e))
			_ = rc.Flush()
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestProbeHazards(t *testing.T) {
	const es = "text/event-stream"
	tests := []struct {
		name        string
		contentType string
		events      []string
		want        []string
		lines       []int // of the first hazard
	}{
		{"correct stream", es, []string{"data: Hello.\n\n", "data: not indented\ndata: \ndata: x\n\n", ": keep-alive\n\n", "data: [DONE]\n\n"}, nil, nil},
		{"leading space", es, []string{"data: Hello.\n\n", "data:  indented\ndata: \ndata: x\ndata: \tx\n\n", "data: {\"a\": 1}\n\n", "data: [DONE]\n\n"}, []string{HazardLeading}, []int{3, 6}},
		{"leading Unicode space", es, []string{"data: \u00a0a\n\n", "data: \u3000b\n\n", "data: \u00e9\n\n", "data: [DONE]\n\n"}, []string{HazardLeading}, []int{1, 3}},
		{"leading space in JSON is no loss", es, []string{"data:  {\"type\":\"delta\"}\n\n", "data: [DONE]\n\n"}, nil, nil},
		{"correct lone-CR stream", es, []string{"data: a\r\r", "data: [DONE]\r\r"}, nil, nil},
		{"CRLF-framed event in an LF stream", es, []string{"data: a\n\n", "data: b\r\ndata: c\r\n\r\n", "data: [DONE]\n\n"}, []string{HazardMixedEnds}, []int{3}},
		{"no events", "application/json", []string{`{"naturalLanguageAnswer": "hi"}`}, []string{HazardContentType, HazardNoEvents}, nil},
		{"empty body", es, nil, []string{HazardNoEvents}, nil},
		{"correct CRLF stream", es, []string{"data: a\r\n\r\n", "data: [DONE]\r\n\r\n"}, nil, nil},
		{"correct event types and ids", "text/event-stream; charset=utf-8", []string{"event: delta\nid: 1\ndata: {\"type\":\"delta\",\"text\":\"a\"}\n\n", "data: [DONE]\n\n"}, nil, nil},
		{"blank line in a chunk", es, []string{"data: para one\n\npara two\n\n", "data: [DONE]\n\n"}, []string{HazardNoColon}, []int{3}},
		{"dropped space", es, []string{"data:Hello\n\n", "data: world\n\n", "data:[DONE]\n\n"}, []string{HazardSpace}, []int{3}},
		{"CRLF answer through one data line", es, []string{"data: a\r\nb\n\n", "data: [DONE]\n\n"}, []string{HazardNoColon, HazardCR}, []int{2}},
		{"lone CR in data", es, []string{"data: a\rb\n\n", "data: [DONE]\n\n"}, []string{HazardNoColon, HazardCR}, []int{2}},
		{"open event", es, []string{"data: a\n\n", "data: [DONE]\n\n", "data: b\n"}, []string{HazardOpenEvent}, []int{5}},
		{"unterminated last line", es, []string{"data: a\n\n", "data: [DONE]\n\n", "data: b"}, []string{HazardOpenEvent}, []int{5}},
		{"no end marker", es, []string{"data: a\n\n"}, []string{HazardNoDone}, nil},
		{"error event", es, []string{"data: a\n\n", "event: error\ndata: overloaded\n\n"}, []string{HazardNoDone, HazardErrorEvent}, nil},
		{"not an event stream", "application/json", []string{"data: a\n\n", "data: [DONE]\n\n"}, []string{HazardContentType}, nil},
		{"no content type", "", []string{"data: a\n\n", "data: [DONE]\n\n"}, []string{HazardContentType}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := serve(t, tt.contentType, 0, tt.events...)
			rep, err := Run(t.Context(), Options{URL: url, Body: message("hi")})
			if err != nil {
				t.Fatal(err)
			}
			want := tt.want
			if want == nil {
				want = []string{}
			}
			if got := codes(rep.Hazards); !slices.Equal(got, want) {
				t.Fatalf("hazards %q, want %q: %+v", got, want, rep.Hazards)
			}
			if tt.lines != nil && !slices.Equal(rep.Hazards[0].Lines, tt.lines) {
				t.Errorf("%s on lines %v, want %v", rep.Hazards[0].Code, rep.Hazards[0].Lines, tt.lines)
			}
			if rep.Pass != (len(want) == 0) {
				t.Errorf("pass %v with hazards %q", rep.Pass, want)
			}
		})
	}
}

func TestProbeCompressedStream(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			t.Errorf("Accept-Encoding %q", r.Header.Get("Accept-Encoding"))
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		_, _ = zw.Write([]byte("data: Hello.\n\ndata: [DONE]\n\n"))
		_ = zw.Close()
	}))
	defer srv.Close()
	rep, err := Run(t.Context(), Options{URL: srv.URL, Method: "GET", AnswerFile: writeFile(t, "answer.txt", "Hello.")})
	if err != nil {
		t.Fatal(err)
	}
	if got := codes(rep.Hazards); !slices.Equal(got, []string{HazardCompressed}) {
		t.Errorf("hazards %q", got)
	}
	if len(rep.Events) != 2 || reader(t, rep, "HTML standard").Measure != "exact" {
		t.Errorf("events %+v, readers %+v", rep.Events, rep.Readers)
	}
}

func TestProbeStreamedAnswer(t *testing.T) {
	t.Parallel()
	url := serve(t, "text/event-stream", 100*time.Millisecond, "data: One \n\n", "data: two \n\n", "data: three.\n\n", "data: [DONE]\n\n")
	readers, err := FindReaders([]string{"text", "standard", "page"})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(t.Context(), Options{URL: url, Body: message("hi"), AnswerFile: writeFile(t, "a.txt", "One two three."), Readers: readers})
	if err != nil {
		t.Fatal(err)
	}
	// The server waits 200 ms between the first and the last text; a busy machine may delay the
	// reads, but not below StreamedSpread.
	if !rep.Timing.Streamed || rep.Timing.TextEvents != 3 || time.Duration(rep.Timing.Spread) < StreamedSpread {
		t.Errorf("timing %+v", rep.Timing)
	}
	for i := 1; i < len(rep.Events); i++ {
		if rep.Events[i].At <= rep.Events[i-1].At {
			t.Errorf("event %d at %v, not after event %d at %v", i+1, rep.Events[i].At, i, rep.Events[i-1].At)
		}
	}
	if !rep.Pass {
		t.Errorf("fail: %+v", rep.Readers)
	}
}

func TestProbeJSONEventsAreNamed(t *testing.T) {
	tests := []struct{ typ, data, kind, name string }{
		{"message", `{"type":"routing","agentId":"voicing"}`, KindJSON, "type=routing"},
		{"message", `{"object":"chat.completion.chunk","choices":[]}`, KindJSON, "object=chat.completion.chunk"},
		{"message", `{"b":1,"a":2}`, KindJSON, "{b, a}"},
		{"message", `{"error":"Failed"}`, KindError, "Failed"},
		{"message", `{"type":"error","error":{"message":"Overloaded"}}`, KindError, "Overloaded"},
		{"error", `boom`, KindError, "boom"},
		{"message", `[DONE]`, KindDone, ""},
		{"message", `[1,2]`, KindText, ""},
		{"message", `{"a":1} trailing`, KindText, ""},
		{"message", "Hello", KindText, ""},
	}
	for _, tt := range tests {
		if kind, name := Classify(tt.typ, tt.data); kind != tt.kind || name != tt.name {
			t.Errorf("Classify(%q, %q) = %q, %q; want %q, %q", tt.typ, tt.data, kind, name, tt.kind, tt.name)
		}
	}
}

func TestProbeErrors(t *testing.T) {
	t.Parallel()
	tlsSrv := httptest.NewUnstartedServer(http.NotFoundHandler())
	tlsSrv.Config.ErrorLog = log.New(io.Discard, "", 0)
	tlsSrv.StartTLS()
	defer tlsSrv.Close()
	plain := httptest.NewServer(http.NotFoundHandler())
	defer plain.Close()
	notFound := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, "  no such\n\n  endpoint %s", strings.Repeat("x", 500))
	}))
	defer notFound.Close()
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write([]byte("data: first\n\ndata: sec"))
		_ = http.NewResponseController(w).Flush()
		<-r.Context().Done()
	}))
	defer hang.Close()
	silent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	defer silent.Close()

	tests := []struct {
		name   string
		opts   Options
		reason Reason
		msg    string
		events int
	}{
		{"refused", Options{URL: closedPort(t) + "/stream"}, ReasonConnect, "connection refused by 127.0.0.1:", 0},
		{"untrusted certificate", Options{URL: tlsSrv.URL}, ReasonTLS, "TLS failure with 127.0.0.1:", 0},
		{"TLS to a plain server", Options{URL: strings.Replace(plain.URL, "http:", "https:", 1)}, ReasonTLS, "does not speak TLS", 0},
		{"not found", Options{URL: notFound.URL}, ReasonStatus, "answered 404 Not Found: no such endpoint xxx", 0},
		{"timeout inside the stream", Options{URL: hang.URL, Timeout: 300 * time.Millisecond}, ReasonTimeout, "with the stream still open: 22 bytes and 1 event received so far", 1},
		{"timeout before headers", Options{URL: silent.URL, Timeout: 200 * time.Millisecond}, ReasonTimeout, "waiting for the response headers", 0},
		{"bad scheme", Options{URL: "ftp://127.0.0.1/x"}, ReasonUsage, "not an http or https URL", 0},
		{"GET with a body", Options{URL: plain.URL, Method: "get", Body: []byte("{}")}, ReasonUsage, "GET request carries no body", 0},
		{"answer field missing", Options{URL: serve(t, "text/event-stream", 0, "data: [DONE]\n\n"), AnswerFile: writeFile(t, "a.json", `{"answer":"x"}`)}, ReasonAnswer, `no field "naturalLanguageAnswer"`, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Run(context.Background(), tt.opts)
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T), want a *probe.Error", err, err)
			}
			if pe.Reason != tt.reason || !strings.Contains(pe.Msg, tt.msg) || !strings.HasPrefix(pe.Msg, "probe: ") {
				t.Errorf("%s: %q; want reason %s containing %q", pe.Reason, pe.Msg, tt.reason, tt.msg)
			}
			if rep == nil || len(rep.Events) != tt.events {
				t.Errorf("report %+v, want %d events received", rep, tt.events)
			}
		})
	}
}

func TestProbeNotFoundBodyIsTrimmed(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, strings.Repeat("é", 400), http.StatusTeapot)
	}))
	defer srv.Close()
	rep, err := Run(t.Context(), Options{URL: srv.URL})
	if err == nil || rep.Status != http.StatusTeapot {
		t.Fatalf("status %d, err %v", rep.Status, err)
	}
	if len(rep.ErrorBody) > bodyShown+len("…") || !strings.HasSuffix(rep.ErrorBody, "é…") {
		t.Errorf("body %d bytes: %q", len(rep.ErrorBody), rep.ErrorBody)
	}
}

func TestProbeRequestCarriesBodyAndHeaders(t *testing.T) {
	var got *http.Request
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r
		var buf bytes.Buffer
		_, _ = buf.ReadFrom(r.Body)
		body = buf.Bytes()
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "data: x\n\ndata: [DONE]\n\n")
	}))
	defer srv.Close()
	_, err := Run(t.Context(), Options{URL: srv.URL, Body: []byte(`{"q":1}`), Header: http.Header{"Authorization": {"Bearer t"}, "Accept": {"*/*"}}})
	if err != nil {
		t.Fatal(err)
	}
	if got.Method != "POST" || string(body) != `{"q":1}` || got.Header.Get("Content-Type") != "application/json" ||
		got.Header.Get("Authorization") != "Bearer t" || got.Header.Get("Accept") != "*/*" {
		t.Errorf("%s %q %v", got.Method, body, got.Header)
	}
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestProbeAnswerField(t *testing.T) {
	doc := []byte(`{"naturalLanguageAnswer":"a\nb","choices":[{"message":{"content":"c"}}],"n":1}`)
	tests := []struct{ path, want, err string }{
		{"naturalLanguageAnswer", "a\nb", ""},
		{"choices.0.message.content", "c", ""},
		{"choices.1.message", "", `"choices.1": no element 1 in an array of 1`},
		{"n", "", `field "n" is a number, not a string`},
		{"n.x", "", `no field "n.x": a number is not an object or array`},
		{"missing", "", `no field "missing"`},
	}
	for _, tt := range tests {
		got, err := answerField(doc, tt.path)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%s: error %v, want %q", tt.path, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.path, got, err, tt.want)
		}
	}
}

func TestProbeFindReaders(t *testing.T) {
	got, err := FindReaders([]string{"page", "ga-client CHATSERVICE", "text events", "chatapi"})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range got {
		names = append(names, r.Name)
	}
	if want := []string{"GaChatbot page", "ga-client chatService", TextEvents.Name, "ga-client chatApi"}; !slices.Equal(names, want) {
		t.Errorf("readers %q, want %q", names, want)
	}
	for _, bad := range []string{"nope", "html"} {
		if _, err := FindReaders([]string{bad}); err == nil || !strings.Contains(err.Error(), "the readers are text (") {
			t.Errorf("%q: %v", bad, err)
		}
	}
	if d := DefaultReaders(); len(d) != 1+len(wire.GaReaders()) || d[0].Name != TextEvents.Name {
		t.Errorf("default readers %v", d)
	}
}

func TestProbeReportJSON(t *testing.T) {
	url := serve(t, "text/event-stream", 0, "data: a\n\n", "data: [DONE]\n\n")
	rep, err := Run(t.Context(), Options{URL: url, Body: message("hi")})
	if err != nil {
		t.Fatal(err)
	}
	b, err := rep.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Status  int               `json:"status"`
		Events  []map[string]any  `json:"events"`
		Hazards []json.RawMessage `json:"hazards"`
		Timing  map[string]any    `json:"timing"`
		Pass    bool              `json:"pass"`
	}
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if back.Status != 200 || len(back.Events) != 2 || back.Events[0]["kind"] != "text" || back.Hazards == nil || !back.Pass {
		t.Errorf("%s", b)
	}
	if _, ok := back.Events[0]["atMs"].(float64); !ok {
		t.Errorf("atMs is not a number: %s", b)
	}
}

func TestProbeScanGaWriters(t *testing.T) {
	texts := []string{
		"Found 2 voicings:\n\n- one\n- two\n",
		"Over **Am**:\n\n- a.\n- b.\n\nEach arpeggio spells the chord.\n",
		"  indented first line.  Then   spaces. ",
		"One line",
	}
	for _, text := range texts {
		// GaChatbot.Api's writer frames every line: nothing on the wire is lost to the standard,
		// but a text that starts with whitespace loses it in clients that trim.
		stream := wire.GaChatbot.Stream(wire.Split743(text))
		want := []string{}
		if strings.HasPrefix(text, " ") {
			want = []string{HazardLeading}
		}
		if hs := ScanWire(stream, true); !slices.Equal(codes(hs), want) {
			t.Errorf("GaChatbot.Api writer, %q: hazards %+v, want %q", text, hs, want)
		}
		// GaApi's writer puts a whole chunk after one "data: ": a chunk with a blank line loses text.
		stream = wire.GaApi.Stream(wire.Split743(text))
		hs := ScanWire(stream, true)
		if blank := strings.Contains(text, "\n\n"); blank != slices.Contains(codes(hs), HazardNoColon) {
			t.Errorf("GaApi writer, %q: hazards %+v", text, hs)
		}
	}
	crlf := wire.GaApi.Stream([]string{"a\r\nb\r\n"})
	if got := codes(ScanWire(crlf, true)); !slices.Equal(got, []string{HazardNoColon, HazardCR}) {
		t.Errorf("GaApi writer, CRLF answer: %q", got)
	}
}

func TestProbeLineEndsAreNamed(t *testing.T) {
	// Line 1 ends at CRLF and line 4 at a lone CR, inside events framed with LF.
	stream := []byte("data: a\r\nb\n\ndata: c\rd\n\ndata: [DONE]\n\n")
	hs := ScanWire(stream, true)
	var crs []Hazard
	for _, h := range hs {
		if h.Code == HazardCR {
			crs = append(crs, h)
		}
	}
	if len(crs) != 2 || !slices.Equal(crs[0].Lines, []int{1}) || !slices.Equal(crs[1].Lines, []int{4}) {
		t.Fatalf("cr-in-data %+v", crs)
	}
	if !strings.HasPrefix(crs[0].Detail, "1 line ends at CRLF in a stream whose events end at LF") || !strings.Contains(crs[0].Detail, "keep the CR at the end of the line") {
		t.Errorf("CRLF: %s", crs[0].Detail)
	}
	if !strings.HasPrefix(crs[1].Detail, "1 line ends at a lone CR in a stream whose events end at LF") || !strings.Contains(crs[1].Detail, "keep the CR inside the text") {
		t.Errorf("lone CR: %s", crs[1].Detail)
	}
	for _, h := range hs {
		if strings.Contains(h.Detail, "a CR inside the data") {
			t.Errorf("%s still calls a line end a CR inside the data", h.Code)
		}
	}
}

func TestProbeHazardLinesAreBounded(t *testing.T) {
	var b strings.Builder
	for range 3 * MaxHazardLines {
		b.WriteString("data: a\nlost\n\n")
	}
	hs := ScanWire([]byte(b.String()), false)
	if len(hs) != 1 || hs[0].Code != HazardNoColon || len(hs[0].Lines) != MaxHazardLines || hs[0].LinesInAll != 3*MaxHazardLines || hs[0].Lines[1] != 5 {
		t.Fatalf("hazards %+v", hs)
	}
}

const heapBound = 64 << 20

// TestProbeBoundedOnAFastEndlessStream: a server that streams as fast as loopback carries it
// and never ends. The probe stops at its limits, says which, and reports on what arrived, in
// bounded memory and time.
func TestProbeBoundedOnAFastEndlessStream(t *testing.T) {
	tests := []struct {
		name, event string
		msg         string
	}{
		{"small events", "data: token\n\n", fmt.Sprintf("stopped after %d events: raise --max-events", DefaultMaxEvents)},
		{"large events", "data: " + strings.Repeat("x", 2000) + "\n\n", "stopped after 4 MiB: raise --max-bytes"},
	}
	const timeout = time.Second
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, _ := probetest.EndlessStream(t, tt.event, 0)
			var rep *Report
			var err error
			var took time.Duration
			peak := testutil.PeakHeap(func() {
				start := time.Now()
				rep, err = Run(t.Context(), Options{URL: url, Method: "GET", Timeout: timeout, AnswerFile: writeFile(t, "a.txt", "token")})
				_ = rep.WriteJSON(io.Discard)
				took = time.Since(start)
			})
			// The limit stops the read; on a machine slow enough, the deadline comes first.
			var pe *Error
			if !errors.As(err, &pe) || !(pe.Reason == ReasonLimit && strings.Contains(pe.Msg, tt.msg) ||
				pe.Reason == ReasonTimeout && strings.Contains(pe.Msg, "timed out after 1s with the stream still open")) {
				t.Fatalf("error %v, want the limit: %q", err, tt.msg)
			}
			t.Logf("%d bytes, %d events, %v, peak heap %.1f MiB", rep.Bytes, len(rep.Events), took, float64(peak)/(1<<20))
			// The heap's bound is the command's, which adds a soft memory limit in proportion to
			// --max-bytes: lessons' TestProbeBoundedOnAFastEndlessStream holds it to 64 MiB.
			if peak > 2*heapBound {
				t.Errorf("peak heap %.1f MiB, over %d MiB even without the command's memory limit", float64(peak)/(1<<20), 2*heapBound>>20)
			}
			if took > timeout+testutil.PastDeadline() {
				t.Errorf("took %v, over the deadline %v and %v", took, timeout, testutil.PastDeadline())
			}
			if rep.Bytes > DefaultMaxBytes || len(rep.Events) > DefaultMaxEvents || len(rep.Events) == 0 || rep.Complete || rep.Pass {
				t.Errorf("%d bytes, %d events, complete %v, pass %v", rep.Bytes, len(rep.Events), rep.Complete, rep.Pass)
			}
			// The verdicts are on what arrived: every reader has a measure, or says why not.
			if len(rep.Readers) != len(DefaultReaders()) || rep.Hazards == nil || rep.Answer == nil || !rep.Answer.OK {
				t.Fatalf("readers %d, hazards %v, answer %+v", len(rep.Readers), rep.Hazards, rep.Answer)
			}
			for _, r := range rep.Readers {
				if r.Measure == "" && r.NotMeasured == "" {
					t.Errorf("reader %s: no measure, and no reason", r.Reader)
				}
			}
		})
	}
}

// TestProbeDeadlineEndsAnEndlessStream: the deadline ends a stream that stays under the limits,
// and the report holds the hazards and the readers' verdicts on what arrived.
func TestProbeDeadlineEndsAnEndlessStream(t *testing.T) {
	t.Parallel()
	url, _ := probetest.EndlessStream(t, "data:lost space\n\ndata: a\n\n", time.Millisecond)
	const timeout = 500 * time.Millisecond
	start := time.Now()
	rep, err := Run(t.Context(), Options{URL: url, Method: "GET", Timeout: timeout})
	took := time.Since(start)
	var pe *Error
	if !errors.As(err, &pe) || pe.Reason != ReasonTimeout || !strings.Contains(pe.Msg, "timed out after 500ms with the stream still open") {
		t.Fatalf("error %v", err)
	}
	if took > timeout+testutil.PastDeadline() {
		t.Errorf("took %v", took)
	}
	if len(rep.Events) < 2 || !slices.Contains(codes(rep.Hazards), HazardSpace) || len(rep.Readers) != len(DefaultReaders()) {
		t.Errorf("events %d, hazards %q, readers %+v", len(rep.Events), codes(rep.Hazards), rep.Readers)
	}
	if got := reader(t, rep, "HTML standard").Got; !strings.HasPrefix(got, "lost spacea") {
		t.Errorf("standard reader on what arrived: %q", got)
	}
}

// TestProbeInterruptedReportsWhatArrived: cancelling the caller's context, as SIGINT and SIGTERM
// do for the command, ends the probe at once with a partial report.
func TestProbeInterruptedReportsWhatArrived(t *testing.T) {
	url, _ := probetest.EndlessStream(t, "data: a\n\n", time.Millisecond)
	ctx, cancel := context.WithCancel(t.Context())
	// The interruption comes once the probe has read the first bytes of the body.
	client := newClient()
	client.Transport = onFirstRead{client.Transport, cancel}
	start := time.Now()
	rep, err := Run(ctx, Options{URL: url, Method: "GET", Timeout: time.Minute, Client: client})
	took := time.Since(start)
	var pe *Error
	if !errors.As(err, &pe) || pe.Reason != ReasonCancel || !strings.Contains(pe.Msg, "interrupted with the stream still open") {
		t.Fatalf("error %v", err)
	}
	if took > 10*time.Second {
		t.Errorf("took %v to stop after the interruption", took)
	}
	if rep.Bytes == 0 || len(rep.Readers) != len(DefaultReaders()) || rep.Hazards == nil {
		t.Errorf("bytes %d, readers %+v, hazards %v", rep.Bytes, rep.Readers, rep.Hazards)
	}
}

// onFirstRead is a transport that calls f once the first bytes of a response body are read.
type onFirstRead struct {
	http.RoundTripper
	f func()
}

// RoundTrip sends the request and wraps the response's body.
func (o onFirstRead) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := o.RoundTripper.RoundTrip(req)
	if err == nil {
		resp.Body = &firstReadBody{ReadCloser: resp.Body, f: o.f}
	}
	return resp, err
}

type firstReadBody struct {
	io.ReadCloser
	once sync.Once
	f    func()
}

func (b *firstReadBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if n > 0 {
		b.once.Do(b.f)
	}
	return n, err
}

func TestProbeMaxLine(t *testing.T) {
	long := "data: " + strings.Repeat("x", 2<<20) + "\n\ndata: [DONE]\n\n"
	url := serve(t, "text/event-stream", 0, long)
	_, err := Run(t.Context(), Options{URL: url, Method: "GET"})
	var pe *Error
	if !errors.As(err, &pe) || pe.Reason != ReasonLimit ||
		!strings.Contains(pe.Msg, "stopped at a line longer than 1 MiB: the limit is the course's reader's, not the standard's (browsers have none): raise --max-line") {
		t.Fatalf("error %v", err)
	}
	rep, err := Run(t.Context(), Options{URL: url, Method: "GET", MaxLine: 4 << 20})
	if err != nil || len(rep.Events) != 2 || len(rep.Events[0].Data) != 2<<20 {
		t.Fatalf("with --max-line 4MiB: %v, %d events", err, len(rep.Events))
	}
}

func TestProbeEventsLimitKeepsAStreamOfExactlyThatMany(t *testing.T) {
	url := serve(t, "text/event-stream", 0, "data: a\n\n", "data: [DONE]\n\n")
	if rep, err := Run(t.Context(), Options{URL: url, MaxEvents: 2}); err != nil || !rep.Complete {
		t.Errorf("2 events, --max-events 2: %v", err)
	}
	rep, err := Run(t.Context(), Options{URL: url, MaxEvents: 1})
	if err == nil || !strings.Contains(err.Error(), "stopped after 1 event: raise --max-events") || len(rep.Events) != 1 {
		t.Errorf("2 events, --max-events 1: %v, %d events", err, len(rep.Events))
	}
}

func TestProbeBytesLimit(t *testing.T) {
	url := serve(t, "text/event-stream", 0, "data: 0123456789\n\n", "data: [DONE]\n\n")
	rep, err := Run(t.Context(), Options{URL: url, MaxBytes: 20})
	if err == nil || !strings.Contains(err.Error(), "stopped after 20 bytes: raise --max-bytes: 1 event received so far") || rep.Bytes != 20 {
		t.Errorf("%v, %d bytes", err, rep.Bytes)
	}
	if rep, err := Run(t.Context(), Options{URL: url, MaxBytes: 32}); err != nil || rep.Bytes != 32 || !rep.Complete {
		t.Errorf("a stream of exactly the limit: %v", err)
	}
}

func TestProbeWriteJSONIsTheWholeDocument(t *testing.T) {
	url := serve(t, "text/event-stream", 0, "event: x\ndata: <a & \"b\">\n\n", "data: {\"type\":\"routing\"}\n\n", "data: [DONE]\n\n")
	for _, url := range []string{url, serve(t, "application/json", 0, `{"a":1}`)} {
		rep, _ := Run(t.Context(), Options{URL: url})
		rep.Events = append(rep.Events,
			Event{At: Millis(1234567), Type: "a\"b", ID: "\x00\x1f\x7f", Lines: 2, Kind: KindError, Name: "<&>", Data: "\b\f\n\r\t\\ \xff\xc3 \u2028\u2029 é 😀"},
			Event{Data: strings.Repeat("x\u0085", 3)})
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			t.Fatal(err)
		}
		got, err := rep.JSON()
		if err != nil || !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%v\n%s\nwant\n%s", err, got, want.Bytes())
		}
	}
}

func TestProbeSizes(t *testing.T) {
	for in, want := range map[string]int{"16MiB": 16 << 20, "16 MiB": 16 << 20, "512k": 512 << 10, "1GB": 1e9, "4096": 4096, "1.5KiB": 1536, "2GiB": 2 << 30, "2147483648": 2 << 30} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "0", "-1MiB", "16 parsecs", "3GiB", "2147483649"} {
		if _, err := ParseSize(bad); err == nil {
			t.Errorf("ParseSize(%q): no error", bad)
		}
	}
	// The message names the limit the parser holds to.
	if _, err := ParseSize("2.5GiB"); err == nil || !strings.Contains(err.Error(), "more than 2 GiB") {
		t.Errorf("ParseSize(2.5GiB): %v, want one that says more than 2 GiB", err)
	}
	for n, want := range map[int]string{16 << 20: "16 MiB", 1536: "1.5 KiB", 1: "1 byte", 300: "300 bytes"} {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestProbeStreamedVerdict: the verdict follows the spread of the text events' arrival times.
func TestProbeStreamedVerdict(t *testing.T) {
	at := func(ms ...float64) *Report {
		r := &Report{}
		var last Millis
		for _, m := range ms {
			last = Millis(m * float64(time.Millisecond))
			r.stats.add(Event{At: last, Kind: KindText})
		}
		r.stats.add(Event{At: last, Kind: KindDone})
		r.timing()
		return r
	}
	if tm := at(300, 300, 300.4, 300.4).Timing; tm.Streamed || tm.TextEvents != 4 || time.Duration(tm.Spread) != 400*time.Microsecond {
		t.Errorf("all at once: %+v", tm)
	}
	if tm := at(10, 40, 90).Timing; !tm.Streamed || time.Duration(tm.Spread) != 80*time.Millisecond {
		t.Errorf("streamed: %+v", tm)
	}
}

// TestEventLogKeepsTheEnds: a long stream's report keeps its first and last events, in order,
// and counts the rest; a stream of up to twice the kept number and one is kept whole.
func TestEventLogKeepsTheEnds(t *testing.T) {
	for _, n := range []int{0, 3, 21, 22, 1000} {
		l := eventLog{keep: 10}
		for i := range n {
			l.add(Event{ID: strconv.Itoa(i + 1), Kind: KindText})
		}
		var r Report
		l.fill(&r)
		var ids []string
		for _, e := range r.Events {
			ids = append(ids, e.ID)
		}
		want := []string{}
		for i := 1; i <= n; i++ {
			if n <= 21 || i <= 10 || i > n-10 {
				want = append(want, strconv.Itoa(i))
			}
		}
		if !slices.Equal(ids, want) && !(len(ids) == 0 && len(want) == 0) || r.EventCount != n || r.EventsLeftOut != n-len(want) {
			t.Errorf("%d events: kept %v, count %d, left out %d; want %v", n, ids, r.EventCount, r.EventsLeftOut, want)
		}
	}
}
