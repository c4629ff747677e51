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
	"strings"
	"testing"
	"time"

	"course/gahost"
	"course/hostproc"
	"course/wire"
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
		{"correct stream", es, []string{"data: Hello.\n\n", "data:  indented\ndata: \ndata: x\n\n", ": keep-alive\n\n", "data: [DONE]\n\n"}, nil, nil},
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
		{"timeout inside the stream", Options{URL: hang.URL, Timeout: 300 * time.Millisecond}, ReasonTimeout, "with the stream still open: 22 bytes and 1 events received so far", 1},
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
		// GaChatbot.Api's writer frames every line: nothing on the wire is lost.
		stream := wire.GaChatbot.Stream(wire.Split743(text))
		if hs := ScanWire(stream, true); len(hs) != 0 {
			t.Errorf("GaChatbot.Api writer, %q: hazards %+v", text, hs)
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
