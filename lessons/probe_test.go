package lessons

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"course/hostproc"
	"course/probe"
)

// startStandIn starts `course host` as the lessons do and returns its URL.
func probeStandIn(t *testing.T, opts HostOptions) string {
	t.Helper()
	host, err := opts.start(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := host.Stop(); err != nil {
			t.Errorf("stop host: %v", err)
		}
	})
	return host.URL()
}

// probeJSON runs `course probe ... --json` and decodes the report.
func probeJSON(t *testing.T, args ...string) (*probe.Report, error) {
	t.Helper()
	out, err := runCourse(t, append(append([]string{"probe"}, args...), "--json")...)
	var rep probe.Report
	if jerr := json.Unmarshal([]byte(out), &rep); jerr != nil {
		t.Fatalf("report is not JSON (%v):\n%s", jerr, out)
	}
	return &rep, err
}

func probeExitCode(err error) int {
	var e *ExitError
	if errors.As(err, &e) {
		return e.Code
	}
	if err != nil {
		return -1
	}
	return 0
}

func probeMeasures(rep *probe.Report) map[string]string {
	m := map[string]string{}
	for _, r := range rep.Readers {
		m[r.Reader] = r.Measure
		if r.Throws != "" {
			m[r.Reader] = "(throws) " + r.Throws
		}
	}
	return m
}

func TestProbeStandInVoicing(t *testing.T) {
	base := probeStandIn(t, HostOptions{})
	rep, err := probeJSON(t, base+streamPath, "--message", voicingQuestion, "--answer-url", base+chatPath)
	if probeExitCode(err) != ExitFail {
		t.Fatalf("exit %d (%v), want %d: chatService loses lines", probeExitCode(err), err, ExitFail)
	}
	want := map[string]string{
		probe.TextEvents.Name:   "exact",
		"HTML standard":         "differs",
		"GaChatbot page":        "exact",
		"ga-client chatService": "8 of 9 lines missing, 9 line breaks missing",
	}
	if got := probeMeasures(rep); !maps.Equal(got, want) {
		t.Errorf("measures %v, want %v", got, want)
	}
	var kinds []string
	for _, e := range rep.Events {
		kinds = append(kinds, e.Kind+" "+e.Name)
	}
	if want := []string{"json type=routing", "text ", "[DONE] "}; !slices.Equal(kinds, want) {
		t.Errorf("events %q, want %q", kinds, want)
	}
	if len(rep.Hazards) != 0 || rep.Timing.Streamed || rep.Timing.TextEvents != 1 {
		t.Errorf("hazards %+v, timing %+v", rep.Hazards, rep.Timing)
	}

	// The standard's text events alone pass: the exit status follows the readers chosen.
	out, err := runCourse(t, "probe", base+streamPath, "--message", voicingQuestion, "--answer-url", base+chatPath, "--reader", "text", "--reader", "page")
	if err != nil {
		t.Fatalf("exit %d: %v\n%s", probeExitCode(err), err, out)
	}
	for _, want := range []string{
		"== POST " + base + streamPath + "\nHTTP/1.1 200 OK\nContent-Type       text/event-stream\nCache-Control      no-cache\nX-Accel-Buffering  no\nContent-Encoding   (none)\nTransfer-Encoding  chunked\n",
		"== Hazards on the wire\nnone\n",
		"HTML standard, text events  exact\nGaChatbot page              exact\n",
		"result: pass: every reader (2) gets the answer exactly\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestProbeStandInFailure(t *testing.T) {
	base := probeStandIn(t, HostOptions{})
	rep, err := probeJSON(t, base+streamPath, "--message", arpeggioQuestion, "--answer-url", base+chatPath)
	if probeExitCode(err) != ExitFail {
		t.Fatalf("exit %d (%v), want %d", probeExitCode(err), err, ExitFail)
	}
	if len(rep.Events) != 1 || rep.Events[0].Kind != probe.KindError || rep.Events[0].Data != `{"error":"Failed to process message. Please try again."}` {
		t.Errorf("events %+v", rep.Events)
	}
	var codes []string
	for _, h := range rep.Hazards {
		codes = append(codes, h.Code)
	}
	if want := []string{probe.HazardNoDone, probe.HazardErrorEvent}; !slices.Equal(codes, want) {
		t.Errorf("hazards %q, want %q", codes, want)
	}
	if rep.Answer == nil || rep.Answer.OK || rep.Answer.Status != 500 {
		t.Errorf("answer %+v, want /chat's 500", rep.Answer)
	}
	if got := probeMeasures(rep)["ga-client chatService"]; got != "(throws) Failed to process message. Please try again." {
		t.Errorf("chatService: %q", got)
	}
}

func TestProbeStandInComputesFirst(t *testing.T) {
	const delay = 300 * time.Millisecond
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/chat" {
			http.NotFound(w, r)
			return
		}
		time.Sleep(delay)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"model":"llama3.2:3b","message":{"role":"assistant","content":"One. Two! Three? Four."},"done":true}`))
	}))
	defer model.Close()
	base := probeStandIn(t, HostOptions{ModelURL: model.URL})
	rep, _ := probeJSON(t, base+streamPath, "--message", arpeggioQuestion)
	tm := rep.Timing
	if tm.TextEvents != 4 || tm.FirstText == nil || time.Duration(*tm.FirstText) < delay {
		t.Fatalf("timing %+v", tm)
	}
	if time.Duration(tm.Headers) >= delay {
		t.Errorf("headers at %v, after the model's answer", tm.Headers)
	}
	if tm.Streamed || time.Duration(tm.Spread) >= probe.StreamedSpread {
		t.Errorf("spread %v, streamed %v: want every text event at once", tm.Spread, tm.Streamed)
	}

	out, _ := runCourse(t, "probe", base+streamPath, "--message", arpeggioQuestion)
	if !strings.Contains(out, "streamed     no: 4 text events within ") || !strings.Contains(out, "the answer was whole before the first was sent") {
		t.Errorf("timing section:\n%s", out)
	}
}

func TestProbeCannotRun(t *testing.T) {
	cp, err := hostproc.NewClosedPort()
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"no URL", nil, "give one URL"},
		{"unknown flag", []string{"http://127.0.0.1:1/", "--nope"}, "unknown flag: --nope"},
		{"data and message", []string{"http://127.0.0.1:1/", "--data", "{}", "--message", "hi"}, "give one"},
		{"data not JSON", []string{"http://127.0.0.1:1/", "--data", "hi"}, "--data is not JSON"},
		{"bad header", []string{"http://127.0.0.1:1/", "--header", "nocolon"}, `--header "nocolon"`},
		{"unknown reader", []string{"http://127.0.0.1:1/", "--reader", "telepathy"}, `no reader matches "telepathy"`},
		{"refused", []string{"http://" + cp.Addr() + "/stream", "--message", "hi"}, "connection refused by " + cp.Addr()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := runCourse(t, append([]string{"probe"}, tt.args...)...)
			if probeExitCode(err) != ExitCannotRun || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("exit %d, %v; want %d with %q", probeExitCode(err), err, ExitCannotRun, tt.msg)
			}
		})
	}
}

func TestProbeTimeoutShowsWhatArrived(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write([]byte("data: Hello\n\n"))
		_ = http.NewResponseController(w).Flush()
		<-r.Context().Done()
	}))
	defer srv.Close()
	out, err := runCourse(t, "probe", srv.URL, "--method", "GET", "--timeout", "300ms")
	if probeExitCode(err) != ExitCannotRun || !strings.Contains(err.Error(), "timed out after 300ms with the stream still open: 13 bytes and 1 event received so far") {
		t.Fatalf("exit %d: %v", probeExitCode(err), err)
	}
	if !strings.Contains(out, "== Events, as the HTML standard reads them (1, 13 bytes)") || strings.Contains(out, "result:") {
		t.Errorf("partial report:\n%s", out)
	}
}

func TestProbeFlags(t *testing.T) {
	var got *ProbeOptions
	cmd := NewCmdProbe(func(_ context.Context, o *ProbeOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"http://127.0.0.1:9/s", "--data", `{"q":1}`, "--header", "A: b", "--header", "C:d", "--method", "GET",
		"--answer-file", "a.json", "--answer-field", "x.0", "--reader", "page", "--timeout", "2s", "--json"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.URL != "http://127.0.0.1:9/s" || got.Data != `{"q":1}` || !slices.Equal(got.Headers, []string{"A: b", "C:d"}) || got.Method != "GET" ||
		got.AnswerFile != "a.json" || got.AnswerField != "x.0" || !slices.Equal(got.Readers, []string{"page"}) || got.Timeout != 2*time.Second || !got.JSON {
		t.Errorf("options %+v", got)
	}
	po, err := got.probeRun()
	if err != nil {
		t.Fatal(err)
	}
	if po.Header.Get("A") != "b" || po.Header.Get("C") != "d" || string(po.Body) != `{"q":1}` || len(po.Readers) != 1 || po.Readers[0].Name != "GaChatbot page" {
		t.Errorf("probe options %+v", po)
	}
}
