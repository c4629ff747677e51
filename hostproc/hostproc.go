// Package hostproc starts a chatbot host (the course's stand-in or the real
// GaChatbot.Api) as a child process, waits until it announces its address, and
// talks to it over loopback HTTP, keeping every status, header and body byte.
package hostproc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"course/internal/verbose"
)

const (
	// DefaultReadyTimeout is how long Start waits for the readiness line when Spec.ReadyTimeout is 0.
	DefaultReadyTimeout = 15 * time.Second
	// DefaultStopGrace is the time a host has to stop by itself before it is killed, when
	// Spec.StopGrace is 0. It is longer than the stand-in's own shutdown grace (5 s, gahost's
	// shutdownGrace), so a host still draining its requests is never killed for it.
	DefaultStopGrace = 6 * time.Second
	// MaxResponseBytes is the most of one response body Do reads. The largest answer a lesson
	// asks for is a few hundred kilobytes; past this a host is sending something else, and
	// reading on would grow the course without end.
	MaxResponseBytes = 16 << 20
)

// readyMarker is the part of ASP.NET's lifetime log line that carries the bound
// address, e.g. "      Now listening on: http://127.0.0.1:5252".
const readyMarker = "Now listening on:"

// tailLines is how many of the child's last lines a start error quotes, and tailLineBytes how
// much of each.
const (
	tailLines     = 10
	tailLineBytes = 300
)

// Spec describes the host process to start.
type Spec struct {
	Command      []string      // argv; Command[0] is the program (absolute or looked up in PATH)
	Env          []string      // extra KEY=VALUE, applied after the defaults (so they override)
	Dir          string        // working directory, "" = current
	ModelURL     string        // model server base URL; "" = a closed port held by the Host
	ReadyTimeout time.Duration // how long to wait for "Now listening on:"; 0 = DefaultReadyTimeout
	StopGrace    time.Duration // from the polite stop signal to the kill; 0 = DefaultStopGrace
	AllowRemote  bool          // accept a host that announces an address off this machine
	// StopNotice, when set, is told that the host is being stopped, and how to end it at once,
	// when the host does not go promptly: after noticeAfterInterrupted when ctx ended, after
	// noticeAfter when the course stops it in its own time.
	StopNotice io.Writer
	// Leaf says the command starts no processes of its own, as the course's stand-in does. Where
	// the kernel kills a direct child with its parent (Linux), such a host runs without a
	// supervisor: one process start less, and the same end when the course dies.
	Leaf bool
}

// Host is a running child host process and an HTTP client for it.
type Host struct {
	proc     process
	url      string
	modelURL string
	closed   *ClosedPort
	dialer   *dialer
	client   *http.Client
	grace    time.Duration
	// ctx is Start's: its deadline is the end of the stop's grace too, so that the whole run,
	// the stop included, holds to it.
	ctx    context.Context
	notice io.Writer

	out outputTail // the host's stdout and stderr, line by line, bounded

	readyOnce sync.Once
	ready     chan string // receives the announced URL once

	termSent atomic.Bool // we asked the host's tree to stop
	killSent atomic.Bool // we killed the host's tree before it exited

	pipes       []*os.File
	readersDone chan struct{} // both output pipes reached EOF (or were closed by us)
	exited      chan struct{} // the host exited; status is set
	status      exitStatus
	done        chan struct{} // exited, the tree swept and the output fully read

	unhookCtx func() bool // detaches the stop-on-cancel hook from Start's ctx; guarded by hookMu
	hookMu    sync.Mutex
	stopOnce  sync.Once
	stopErr   error
}

// Response is a captured HTTP response; Body holds the bytes exactly as sent
// (no transparent decompression).
type Response struct {
	// Status is the HTTP status code, e.g. 200.
	Status int
	// Header is the response header as received.
	Header http.Header
	// Body is the whole body, still in any Content-Encoding the host applied.
	Body []byte
}

// Environ returns the configuration a host gets on top of os.Environ() and
// before Spec.Env, in ASP.NET's "__" environment form so the stand-in and the
// real GaChatbot.Api read it alike.
// Ollama:BaseUrl and Ollama:Endpoint (Common/GA.Business.ML/Providers/OllamaProvider.cs:93-100; ChatbotOrchestrationExtensions.cs:45-62),
// Chatbot:Mode (Apps/GaChatbot.Api/Extensions/ServiceCollectionExtensions.cs:22,45-50).
func Environ(modelURL string) []string {
	return []string{
		"ASPNETCORE_URLS=http://127.0.0.1:0",
		"Ollama__BaseUrl=" + modelURL,
		"Ollama__Endpoint=" + modelURL,
		"Chatbot__Mode=full",
		"Chatbot__PathBase=",
		"DOTNET_NOLOGO=1",
	}
}

// Start launches spec.Command with its whole process tree held by the course (a process group
// owned by a supervisor on Unix, a job object on Windows) and returns once the child prints its
// "Now listening on:" line. On any failure the child is stopped and waited for, and the error
// quotes the child's last lines. Cancelling ctx at any time stops the child, and ctx's deadline
// bounds the stop as well: the grace a host has to stop by itself ends there at the latest.
func Start(ctx context.Context, spec Spec) (*Host, error) {
	if len(spec.Command) == 0 || spec.Command[0] == "" {
		return nil, errors.New("hostproc: start: empty command")
	}
	h, err := newHost(spec)
	if err == nil {
		h.ctx = ctx
	}
	if err != nil {
		return nil, fmt.Errorf("hostproc: start: %w", err)
	}
	if err := h.launch(spec); err != nil {
		h.releasePort()
		return nil, fmt.Errorf("hostproc: start %q: %w", spec.Command[0], err)
	}
	h.follow(ctx)
	readyTimeout := spec.ReadyTimeout
	if readyTimeout <= 0 {
		readyTimeout = DefaultReadyTimeout
	}
	if err := h.awaitReady(ctx, readyTimeout, spec.AllowRemote); err != nil {
		h.Stop()
		return nil, fmt.Errorf("hostproc: %w%s", err, h.tail(tailLines))
	}
	return h, nil
}

// newHost prepares a Host for spec: its client, and the closed port it gives as the model
// server unless spec names one.
func newHost(spec Spec) (*Host, error) {
	grace := spec.StopGrace
	if grace <= 0 {
		grace = DefaultStopGrace
	}
	h := &Host{
		grace:       grace,
		dialer:      newDialer(spec.AllowRemote),
		ready:       make(chan string, 1),
		readersDone: make(chan struct{}),
		exited:      make(chan struct{}),
		done:        make(chan struct{}),
		modelURL:    spec.ModelURL,
		ctx:         context.Background(),
		notice:      spec.StopNotice,
	}
	h.client = h.dialer.client()
	if spec.ModelURL == "" {
		cp, err := NewClosedPort()
		if err != nil {
			return nil, err
		}
		h.closed = cp
		h.modelURL = "http://" + cp.Addr()
	}
	return h, nil
}

// launch starts the host process with its output on two pipes of ours. Our own pipes rather
// than StdoutPipe: the readers keep going until every holder of the write ends (grandchildren
// included) is gone, so no trailing line is lost.
func (h *Host) launch(spec Spec) error {
	outR, outW, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("stdout pipe: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return fmt.Errorf("stderr pipe: %w", err)
	}
	env := append(os.Environ(), Environ(h.modelURL)...)
	env = append(env, spec.Env...) // os/exec keeps the last value of a duplicated key
	proc, err := startProcess(spec, env, outW, errW)
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		return err
	}
	h.proc = proc
	h.pipes = []*os.File{outR, errR}
	return nil
}

// follow reads the host's output, waits for its exit, and stops it when ctx ends.
func (h *Host) follow(ctx context.Context) {
	var readers sync.WaitGroup
	for _, p := range h.pipes {
		readers.Add(1)
		go func() {
			defer readers.Done()
			defer p.Close()
			h.out.readLines(p, func(line string) {
				h.watchReady(line)
				verbose.Relay("host", line) // the host's --verbose lines, which the user reads here
			})
		}()
	}
	go func() {
		readers.Wait()
		close(h.readersDone)
	}()
	go h.reap()
	h.hookMu.Lock()
	h.unhookCtx = context.AfterFunc(ctx, func() { h.Stop() })
	h.hookMu.Unlock()
}

// watchReady passes on the address of the first readiness line.
func (h *Host) watchReady(line string) {
	if i := strings.Index(line, readyMarker); i >= 0 {
		if fields := strings.Fields(line[i+len(readyMarker):]); len(fields) > 0 {
			h.readyOnce.Do(func() { h.ready <- fields[0] })
		}
	}
}

// awaitReady waits for the readiness line and takes the announced address as the host's URL.
func (h *Host) awaitReady(ctx context.Context, timeout time.Duration, allowRemote bool) error {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case u := <-h.ready:
		base, err := checkURL(u, allowRemote)
		if err != nil {
			return err
		}
		h.url = base
		return nil
	case <-h.exited:
		if ctx.Err() != nil {
			// Cancelling ctx is what made it exit; say so rather than report the signal.
			return fmt.Errorf("start cancelled before the host was ready: %w", context.Cause(ctx))
		}
		return fmt.Errorf("host exited before it was ready (%s)", h.status)
	case <-timer.C:
		return fmt.Errorf("host not ready after %v", timeout)
	case <-ctx.Done():
		return fmt.Errorf("start cancelled before the host was ready: %w", context.Cause(ctx))
	}
}

// reap waits for the host, then clears out whatever it left behind in its tree
// so no grandchild outlives the host.
func (h *Host) reap() {
	h.status = h.proc.wait()
	close(h.exited)
	grace := time.NewTimer(h.grace)
	select {
	case <-h.readersDone:
	case <-grace.C:
	}
	grace.Stop()
	h.proc.release()
	last := time.NewTimer(time.Second)
	select {
	case <-h.readersDone:
	case <-last.C:
		// A process that left the tree still holds the pipes; stop reading.
		for _, p := range h.pipes {
			p.Close()
		}
		<-h.readersDone
	}
	last.Stop()
	close(h.done)
}

// URL returns the base URL the host announced, e.g. "http://127.0.0.1:41234".
func (h *Host) URL() string { return h.url }

// ModelURL returns the model server URL the host was given: the held closed
// port, or Spec.ModelURL.
func (h *Host) ModelURL() string { return h.modelURL }

// Pid returns the host's process id, which on Unix is also its process group id.
func (h *Host) Pid() int { return h.proc.pid() }

// Logs returns the lines the child wrote on stdout and stderr, in arrival order: the last
// KeepLines of them, each cut at MaxLineBytes.
func (h *Host) Logs() []string {
	lines, _ := h.out.since(0)
	return lines
}

// tail formats the child's last n lines for an error message, with control characters escaped
// so that nothing the host wrote can drive the user's terminal.
func (h *Host) tail(n int) string {
	logs := h.Logs()
	if len(logs) == 0 {
		return "; it wrote nothing"
	}
	if len(logs) > n {
		logs = logs[len(logs)-n:]
	}
	var b strings.Builder
	b.WriteString("; its last lines:")
	for _, l := range logs {
		if len(l) > tailLineBytes {
			l = strings.ToValidUTF8(l[:tailLineBytes], "") + " [cut]"
		}
		b.WriteString("\n    ")
		b.WriteString(escapeControls(l))
	}
	return b.String()
}

// Post sends body to path (e.g. "/api/chatbot/chat") with Content-Type
// application/json and reads the whole response.
func (h *Host) Post(ctx context.Context, path string, body []byte) (*Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.url+path, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("hostproc: post %s: %w", path, err)
	}
	req.Header.Set("Content-Type", "application/json")
	return h.Do(req)
}

// Do sends req, resolving a URL without a host against the host's URL, and
// reads the whole body, up to MaxResponseBytes. If reading the body fails part
// way, or the body is longer, the partial Response is returned together with
// the error.
func (h *Host) Do(req *http.Request) (*Response, error) {
	if req.URL.Host == "" {
		base, err := url.Parse(h.url)
		if err != nil {
			return nil, fmt.Errorf("hostproc: host url: %w", err)
		}
		req.URL = base.ResolveReference(req.URL)
		req.Host = ""
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("hostproc: %s %s: %w", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	out := &Response{Status: resp.StatusCode, Header: resp.Header}
	if resp.ContentLength > MaxResponseBytes {
		return out, fmt.Errorf("hostproc: %s %s: the response declares %d bytes, more than the %d MiB a host's response may have (0 bytes read)",
			req.Method, req.URL.Path, resp.ContentLength, MaxResponseBytes>>20)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxResponseBytes+1))
	out.Body = body
	if err != nil {
		return out, fmt.Errorf("hostproc: %s %s: read body: %w", req.Method, req.URL.Path, err)
	}
	if len(body) > MaxResponseBytes {
		out.Body = body[:MaxResponseBytes]
		return out, fmt.Errorf("hostproc: %s %s: the response is longer than the %d MiB a host's response may have (%d bytes read)",
			req.Method, req.URL.Path, MaxResponseBytes>>20, len(body))
	}
	return out, nil
}

// Stop ends the host: a polite stop to its process group or job (SIGTERM; Ctrl+Break on
// Windows), a kill after the grace period or at Start's deadline, whichever comes first, and
// always waits. When the stop has to wait, Spec.StopNotice is told so. It is safe to call more than once
// and from several goroutines; every call returns the same result. An exit caused by our signal
// is a clean stop; any other unsuccessful exit is reported as an error.
func (h *Host) Stop() error {
	h.stopOnce.Do(func() { h.stopErr = h.stop() })
	return h.stopErr
}

func (h *Host) stop() error {
	h.hookMu.Lock()
	unhook := h.unhookCtx
	h.hookMu.Unlock()
	if unhook != nil {
		unhook()
	}
	// The client's connections go first: a graceful host waits for them before it exits.
	h.dialer.closeAll()
	h.client.CloseIdleConnections()
	select {
	case <-h.exited:
	default:
		h.termSent.Store(true)
		_ = h.proc.terminate()
		h.awaitExit(h.stopGrace())
	}
	<-h.done
	h.releasePort()

	st := h.status
	switch {
	case st.success:
		return nil
	case h.termSent.Load() && st.byTerm, h.killSent.Load() && st.byKill:
		// The end we asked for. A signal we did not send (a SIGKILL from elsewhere, while our
		// SIGTERM found the host already gone) is reported like any other failure.
		return nil
	}
	return fmt.Errorf("hostproc: host exited with %s", st)
}

// How long a stop waits in silence before it tells the person waiting: a moment when an
// interruption or the deadline is the stop's reason, since they are waiting for the course to
// end; longer when the course asked in its own time. A host that stops as it should is gone
// well within either, and nothing is said.
const (
	noticeAfter            = time.Second
	noticeAfterInterrupted = 250 * time.Millisecond
)

// stopGrace is the grace a polite stop gives the host now: Spec.StopGrace, cut at Start's deadline.
func (h *Host) stopGrace() time.Duration {
	grace := h.grace
	if d, ok := h.ctx.Deadline(); ok {
		grace = min(grace, time.Until(d))
	}
	return max(grace, 0)
}

// awaitExit waits up to grace for the host to exit after the polite stop, then kills it; a host
// slow to go makes it tell Spec.StopNotice that the host is being stopped.
func (h *Host) awaitExit(grace time.Duration) {
	kill := time.NewTimer(grace)
	defer kill.Stop()
	var notice <-chan time.Time
	if h.notice != nil && grace > 0 {
		after := noticeAfter
		if h.ctx.Err() != nil {
			after = noticeAfterInterrupted
		}
		t := time.NewTimer(min(after, grace))
		defer t.Stop()
		notice = t.C
	}
	for {
		select {
		case <-h.exited:
			return
		case <-notice:
			notice = nil
			fmt.Fprintln(h.notice, "course: stopping the host; a second Ctrl-C ends it now")
		case <-kill.C:
			h.killSent.Store(true)
			_ = h.proc.kill()
			<-h.exited
			return
		}
	}
}

func (h *Host) releasePort() {
	if h.closed != nil {
		h.closed.Close()
	}
}
