package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"course/hostproc"
	"course/internal/cmdutil"
	"course/internal/testutil"
	"course/lessons/kit/chathost"
	"course/stream/probe"
	"course/stream/probe/probetest"
	"course/stream/wire"
)

// startStandIn starts `course host` as the lessons do and returns its URL.
func probeStandIn(t *testing.T, opts chathost.Options) string {
	t.Helper()
	host, err := opts.Start(t.Context())
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
	out, err := run(t, append(append([]string{"probe"}, args...), "--json")...)
	var rep probe.Report
	if jerr := json.Unmarshal([]byte(out), &rep); jerr != nil {
		t.Fatalf("report is not JSON (%v):\n%s", jerr, out)
	}
	return &rep, err
}

func probeExitCode(err error) int {
	var e *cmdutil.ExitError
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
	t.Parallel()
	base := probeStandIn(t, chathost.Options{})
	rep, err := probeJSON(t, base+streamPath, "--message", voicingQuestion, "--answer-url", base+chatPath)
	if probeExitCode(err) != cmdutil.ExitFail {
		t.Fatalf("exit %d (%v), want %d: chatService loses lines", probeExitCode(err), err, cmdutil.ExitFail)
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
	out, err := run(t, "probe", base+streamPath, "--message", voicingQuestion, "--answer-url", base+chatPath, "--reader", "text", "--reader", "page")
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
	t.Parallel()
	base := probeStandIn(t, chathost.Options{})
	rep, err := probeJSON(t, base+streamPath, "--message", wire.ArpeggioQuestion, "--answer-url", base+chatPath)
	if probeExitCode(err) != cmdutil.ExitFail {
		t.Fatalf("exit %d (%v), want %d", probeExitCode(err), err, cmdutil.ExitFail)
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

// TestProbeStandInComputesFirst: with a model behind it, the stand-in sends its headers at once
// but its text only after the model has answered, all of it. Every time compared is a lower
// bound (a loaded machine only delays an arrival), and the verdict printed is checked against
// the spread the probe measured, not against a bound on the clock.
func TestProbeStandInComputesFirst(t *testing.T) {
	t.Parallel()
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
	base := probeStandIn(t, chathost.Options{ModelURL: model.URL})
	rep, _ := probeJSON(t, base+streamPath, "--message", wire.ArpeggioQuestion)
	tm := rep.Timing
	if tm.TextEvents != 4 || tm.FirstText == nil || time.Duration(*tm.FirstText) < delay {
		t.Fatalf("timing %+v: want 4 text events, the first after the model's %v", tm, delay)
	}
	if tm.FirstText == nil || *tm.FirstText < tm.Headers || *tm.FirstEvent < tm.Headers {
		t.Errorf("timing %+v: text before the headers", tm)
	}
	for _, e := range rep.Events {
		if e.Kind == probe.KindText && time.Duration(e.At) < delay {
			t.Errorf("text event %q at %v, before the model answered", e.Data, e.At)
		}
	}

	out, _ := run(t, "probe", base+streamPath, "--message", wire.ArpeggioQuestion)
	firstAfter, streamedLine := false, false
	for line := range strings.SplitSeq(out, "\n") {
		if rest, ok := strings.CutPrefix(line, "first text   "); ok {
			if d, err := time.ParseDuration(strings.ReplaceAll(rest, " ", "")); err == nil && d >= delay {
				firstAfter = true
			}
		}
		if rest, ok := strings.CutPrefix(line, "streamed     "); ok {
			var spread float64
			switch {
			case strings.HasPrefix(rest, "no: 4 text events within "):
				if _, err := fmt.Sscanf(strings.TrimPrefix(rest, "no: 4 text events within "), "%f ms", &spread); err != nil || time.Duration(spread*float64(time.Millisecond)) >= probe.StreamedSpread ||
					!strings.HasSuffix(rest, "the answer was whole before the first was sent") {
					t.Errorf("streamed line %q", rest)
				}
			case strings.HasPrefix(rest, "yes: 4 text events spread over "):
				// The machine held the reads apart; the verdict follows what was measured.
				if _, err := fmt.Sscanf(strings.TrimPrefix(rest, "yes: 4 text events spread over "), "%f ms", &spread); err != nil || time.Duration(spread*float64(time.Millisecond)) < probe.StreamedSpread {
					t.Errorf("streamed line %q", rest)
				}
				t.Logf("this run measured the text events %v ms apart: %q", spread, rest)
			default:
				t.Errorf("streamed line %q", rest)
			}
			streamedLine = true
		}
	}
	if !firstAfter || !streamedLine {
		t.Errorf("timing section lacks a first text after %v or a streamed line:\n%s", delay, out)
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
			_, err := run(t, append([]string{"probe"}, tt.args...)...)
			if probeExitCode(err) != cmdutil.ExitCannotRun || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("exit %d, %v; want %d with %q", probeExitCode(err), err, cmdutil.ExitCannotRun, tt.msg)
			}
		})
	}
}

func TestProbeTimeoutShowsWhatArrived(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write([]byte("data: Hello\n\n"))
		_ = http.NewResponseController(w).Flush()
		<-r.Context().Done()
	}))
	defer srv.Close()
	out, err := run(t, "probe", srv.URL, "--method", "GET", "--timeout", "300ms")
	if probeExitCode(err) != cmdutil.ExitCannotRun || !strings.Contains(err.Error(), "timed out after 300ms with the stream still open: 13 bytes and 1 event received so far") {
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

// courseCommand runs the course with args as a process of its own: this test binary, which runs
// the course's main before any test when its environment carries CourseMainVar (main_test.go),
// so the exit statuses and the signal handling are the program's own.
func courseCommand(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), CourseMainVar+"=1")
	return cmd
}

// runBinary runs the built course and returns its output and exit status.
func runBinary(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := courseCommand(t, args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), cmd.ProcessState.ExitCode()
}

// TestProbeExitStatuses runs the built binary down each exit path a CI job relies on.
func TestProbeExitStatuses(t *testing.T) {
	t.Parallel()
	clean := serveEvents(t, "text/event-stream", "data: Hello.\n\n", "data: [DONE]\n\n")
	noDone := serveEvents(t, "text/event-stream", "data: Hello.\n\n")
	paced, _ := probetest.EndlessStream(t, "data: tick\n\n", time.Millisecond)
	fast, _ := probetest.EndlessStream(t, "data: tick\n\n", 0)
	rejectSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnsupportedMediaType)
	}))
	t.Cleanup(rejectSrv.Close)
	rejecting := rejectSrv.URL
	cp, err := hostproc.NewClosedPort()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cp.Close() })
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"pass", []string{clean, "--method", "GET"}, 0, ""},
		{"pass against the answer", []string{clean, "--method", "GET", "--answer-file", writeProbeFile(t, "Hello.")}, 0, ""},
		// The report ends with the verdict, so stderr does not say it again, except beside JSON.
		{"a hazard", []string{noDone, "--method", "GET"}, cmdutil.ExitFail, ""},
		{"a hazard in JSON", []string{noDone, "--method", "GET", "--json"}, cmdutil.ExitFail, "course: probe: fail: 1 hazard on the wire\n"},
		{"a reader misses the answer", []string{clean, "--method", "GET", "--answer-file", writeProbeFile(t, "Hello!")}, cmdutil.ExitFail, ""},
		{"no body where one is needed", []string{rejecting}, cmdutil.ExitCannotRun, "course: probe: POST " + rejecting + " answered 415 Unsupported Media Type: "},
		{"a body the server rejects", []string{rejecting, "--message", "hi"}, cmdutil.ExitCannotRun, "course: probe: POST " + rejecting + " answered 415"},
		{"refused", []string{"http://" + cp.Addr() + "/", "--method", "GET"}, cmdutil.ExitCannotRun, "course: probe: connection refused by " + cp.Addr()},
		{"usage", []string{clean, "--max-bytes", "lots"}, cmdutil.ExitCannotRun, `course: probe: invalid argument "lots" for "--max-bytes" flag`},
		{"deadline", []string{paced, "--method", "GET", "--timeout", "300ms"}, cmdutil.ExitCannotRun, "course: probe: timed out after 300ms with the stream still open"},
		{"max events", []string{fast, "--method", "GET", "--max-events", "50"}, cmdutil.ExitCannotRun, "course: probe: stopped after 50 events: raise --max-events"},
		{"max bytes", []string{fast, "--method", "GET", "--max-bytes", "64KiB"}, cmdutil.ExitCannotRun, "course: probe: stopped after 64 KiB: raise --max-bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, stderr, code := runBinary(t, append([]string{"probe"}, tt.args...)...)
			if code != tt.code || !strings.HasPrefix(stderr, tt.stderr) || (tt.stderr == "") != (stderr == "") {
				t.Errorf("exit %d, stderr %q; want %d, %q", code, stderr, tt.code, tt.stderr)
			}
			if hint := strings.Contains(stderr, "add --message TEXT or --data JSON"); hint != (tt.name == "no body where one is needed") {
				t.Errorf("stderr %q: the hint to send a body is %v", stderr, hint)
			}
		})
	}
}

// signalled runs the built binary's probe with args and a deadline far off, sends it sig once
// the server has started its stream, and returns what it printed, its exit status and how long
// it took to exit after the signal.
func signalled(t *testing.T, sig os.Signal, started <-chan struct{}, args ...string) (stdout, stderr string, code int, took time.Duration) {
	t.Helper()
	cmd := courseCommand(t, append(append([]string{"probe"}, args...), "--timeout", "10m")...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	<-started
	sent := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	return out.String(), errOut.String(), cmd.ProcessState.ExitCode(), time.Since(sent)
}

// TestProbeSignalsEndTheProbe sends SIGINT and SIGTERM to the built binary while it reads a
// stream that never ends: it stops, prints what arrived, and exits 2.
func TestProbeSignalsEndTheProbe(t *testing.T) {
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			url, started := probetest.EndlessStream(t, "data: tick\n\n", time.Millisecond)
			out, errOut, code, took := signalled(t, sig, started, url, "--method", "GET")
			t.Logf("%v: exit %d %v after the signal: %s", sig, code, took, errOut)
			if code != cmdutil.ExitCannotRun || !strings.HasPrefix(errOut, "course: probe: interrupted") {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			// Past the headers, the report shows what arrived; before them there is nothing to show.
			if strings.Contains(errOut, "with the stream still open") &&
				(!strings.Contains(out, "== Hazards on the wire, in the ") || !strings.Contains(out, "HTML standard, text events")) {
				t.Errorf("partial report:\n%s", out)
			}
			if took > 5*time.Second {
				t.Errorf("exited %v after the signal", took)
			}
		})
	}
}

// TestProbeBoundedOnAFastEndlessStream: a server streams as fast as loopback carries it and
// never ends; the probe stops at its limits or its deadline, prints the report on what arrived,
// and stays within 64 MiB of heap and a second past its deadline. A limit stops the read before
// the report is printed, whatever its format, so each stream runs once: the small events, which
// meet the event limit, print text, and the large ones, which meet the byte limit, JSON.
func TestProbeBoundedOnAFastEndlessStream(t *testing.T) {
	for _, tt := range []struct {
		event  string
		asJSON bool
	}{{"data: token\n\n", false}, {"data: " + strings.Repeat("x", 2000) + "\n\n", true}} {
		format := "text"
		if tt.asJSON {
			format = "json"
		}
		t.Run(fmt.Sprintf("%d-byte events, %s", len(tt.event), format), func(t *testing.T) {
			url, _ := probetest.EndlessStream(t, tt.event, 0)
			res := probeEndless(t, url, time.Second, tt.asJSON)
			// A limit stops the read; on a machine slow enough, the deadline comes first.
			if res.code != cmdutil.ExitCannotRun || !strings.Contains(res.err, "stopped after ") && !strings.Contains(res.err, "timed out after 1s with the stream still open") {
				t.Fatalf("exit %d: %s", res.code, res.err)
			}
			t.Logf("peak heap %.1f MiB (%.1f MiB before), %v for a 1s deadline: %s", mib(res.peak), mib(res.base), res.took, res.err)
			if res.peak > probeHeapBound || res.took > time.Second+testutil.PastDeadline() {
				t.Errorf("peak heap %.1f MiB, %v for a 1s deadline", mib(res.peak), res.took)
			}
			if !tt.asJSON && !strings.Contains(res.out, " events left out: --all-events prints them)") {
				t.Errorf("the event table does not leave events out:\n%s", res.out)
			}
			if tt.asJSON {
				var rep probe.Report
				if err := json.Unmarshal([]byte(res.out), &rep); err != nil || len(rep.Readers) != len(probe.DefaultReaders()) || rep.Error == "" {
					t.Errorf("json report: %v, %d readers, error %q", err, len(rep.Readers), rep.Error)
				}
			}
		})
	}
}

const probeHeapBound = 64 << 20

// TestProbeRaisedBounds: with bounds no stream reaches in a second (a billion events, 1 GiB), a
// probe of a fast endless stream still ends by its deadline, and its memory grows by a small
// constant per event and per byte: the report keeps counts and the first and last events, not
// every event. The deadline stops the read before the report is printed, whatever its format,
// so it runs once, printing JSON; TestProbeBoundedOnAFastEndlessStream prints text on a stream
// of the most events its limit lets through.
func TestProbeRaisedBounds(t *testing.T) {
	url, _ := probetest.EndlessStream(t, "data: token\n\n", 0)
	got := regexp.MustCompile(`(\d+) bytes and (\d+) events received so far`)
	res := probeEndless(t, url, time.Second, true, "--max-events", "1000000000", "--max-bytes", "1GiB")
	m := got.FindStringSubmatch(res.err)
	if res.code != cmdutil.ExitCannotRun || !strings.Contains(res.err, "timed out after 1s with the stream still open") || m == nil {
		t.Fatalf("exit %d: %s", res.code, res.err)
	}
	bytes, _ := strconv.Atoi(m[1])
	events, _ := strconv.Atoi(m[2])
	grown := float64(res.peak) - float64(res.base)
	t.Logf("%d bytes, %d events: heap grew by %.1f MiB, %.1f bytes an event; %v for a 1s deadline", bytes, events, grown/(1<<20), grown/float64(events), res.took)
	// The capture is a byte a byte, outside the heap on Unix; the rest is the readers'
	// and the report's, a few MiB whatever the stream.
	if limit := 32<<20 + 16*float64(events) + 1.5*float64(bytes); grown > limit {
		t.Errorf("heap grew by %.1f MiB for %d bytes and %d events, more than %.1f MiB", grown/(1<<20), bytes, events, limit/(1<<20))
	}
	if res.took > time.Second+testutil.PastDeadline() {
		t.Errorf("%v for a 1s deadline", res.took)
	}
}

func mib(n uint64) float64 { return float64(n) / (1 << 20) }

type endlessResult struct {
	out, err string
	code     int
	peak     uint64 // the most heap in use while the probe ran
	base     uint64 // the heap in use before it, the test binary's own
	took     time.Duration
}

// processMemoryLimit is the soft memory limit the test binary started with. A probe run
// in-process lowers the limit while it runs and then restores the limit it found, which a run
// beside it may have lowered too and so leave lowered; the runs that measure the heap start from
// this one, as the command does in a process of its own.
var processMemoryLimit = debug.SetMemoryLimit(-1)

// probeEndless runs `course probe` in-process against url and measures its peak heap and time.
func probeEndless(t testing.TB, url string, timeout time.Duration, asJSON bool, flags ...string) endlessResult {
	debug.SetMemoryLimit(processMemoryLimit)
	args := append([]string{"probe", url, "--method", "GET", "--timeout", timeout.String()}, flags...)
	if asJSON {
		args = append(args, "--json")
	}
	var res endlessResult
	res.base = testutil.HeapInUse()
	// The report goes to a file, as to a terminal, so the heap measured is the probe's alone.
	out, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	start := time.Now()
	root := testutil.Root(NewCmdProbe(nil))
	root.SetOut(out)
	root.SetArgs(args)
	res.peak = testutil.PeakHeap(func() { err = root.ExecuteContext(context.Background()) })
	res.took = time.Since(start)
	b, rerr := os.ReadFile(out.Name())
	if rerr != nil {
		t.Fatal(rerr)
	}
	res.out, res.code = string(b), probeExitCode(err)
	if err != nil {
		res.err = err.Error()
	}
	return res
}

// BenchmarkProbeEndless is TestProbeBoundedOnAFastEndlessStream with a 5 s deadline: a stream
// as fast as loopback carries it, which the limits stop, and one paced under the limits, which
// the deadline stops. It reports the peak heap and the time past the deadline.
func BenchmarkProbeEndless(b *testing.B) {
	const timeout = 5 * time.Second
	for _, stream := range []struct {
		name string
		pace time.Duration
	}{{"fast", 0}, {"paced", 100 * time.Microsecond}} {
		for _, format := range []string{"text", "json"} {
			b.Run(stream.name+"/"+format, func(b *testing.B) {
				url, _ := probetest.EndlessStream(b, "data: token\n\n", stream.pace)
				for b.Loop() {
					res := probeEndless(b, url, timeout, format == "json")
					if res.code != cmdutil.ExitCannotRun {
						b.Fatalf("exit %d: %s", res.code, res.err)
					}
					if res.peak > probeHeapBound || res.took > timeout+testutil.PastDeadline() {
						b.Errorf("peak heap %.1f MiB, %v for a 5s deadline: %s", mib(res.peak), res.took, res.err)
					}
					b.ReportMetric(mib(res.peak), "peak-MiB")
					b.ReportMetric((res.took - timeout).Seconds(), "s-past-deadline")
				}
			})
		}
	}
}

func TestProbeEventTable(t *testing.T) {
	fast, _ := probetest.EndlessStream(t, "data: tick\n\n", 0)
	out, err := run(t, "probe", fast, "--method", "GET", "--max-events", "30")
	if probeExitCode(err) != cmdutil.ExitCannotRun || !strings.Contains(out, "(10 events left out: --all-events prints them)\n21     ") ||
		!strings.Contains(out, "\n30     ") || strings.Contains(out, "\n11     ") {
		t.Errorf("exit %d, %v:\n%s", probeExitCode(err), err, out)
	}
	out, _ = run(t, "probe", fast, "--method", "GET", "--max-events", "30", "--all-events")
	if strings.Contains(out, "left out") || !strings.Contains(out, "\n11     ") || !strings.Contains(out, "\n30     ") {
		t.Errorf("--all-events:\n%s", out)
	}
}

func TestProbeNoEvents(t *testing.T) {
	url := serveEvents(t, "application/json", `{"naturalLanguageAnswer":"hi"}`)
	out, err := run(t, "probe", url)
	if probeExitCode(err) != cmdutil.ExitFail || !strings.Contains(out, "== Events, as the HTML standard reads them (0, 30 bytes)\nno events: this is not an event stream\n") ||
		!strings.HasSuffix(out, "\nresult: fail: no events: this is not an event stream\n") || strings.Contains(err.Error(), "no events") {
		t.Errorf("exit %d:\n%s", probeExitCode(err), out)
	}
}

// serveEvents answers every request with the content type and the events, one flush each.
func serveEvents(t *testing.T, contentType string, events ...string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		for _, e := range events {
			_, _ = w.Write([]byte(e))
			_ = http.NewResponseController(w).Flush()
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func writeProbeFile(t *testing.T, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "answer.txt")
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// run runs the course's command line, holding `course probe`, and returns what it printed.
func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	return testutil.Run(t, NewCmdProbe(nil), args...)
}
