// Package hostproc starts a chatbot host (the course's stand-in or the real
// GaChatbot.Api) as a child process, waits until it announces its address, and
// talks to it over loopback HTTP, keeping every status, header and body byte.
package hostproc

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

const (
	// DefaultReadyTimeout is how long Start waits for the readiness line when Spec.ReadyTimeout is 0.
	DefaultReadyTimeout = 15 * time.Second
	// DefaultStopGrace is the time a host has to stop by itself before it is killed, when Spec.StopGrace is 0.
	DefaultStopGrace = 3 * time.Second
)

// readyMarker is the part of ASP.NET's lifetime log line that carries the bound
// address, e.g. "      Now listening on: http://127.0.0.1:5252".
const readyMarker = "Now listening on:"

// tailLines is how many of the child's last lines a start error quotes.
const tailLines = 10

// Spec describes the host process to start.
type Spec struct {
	Command      []string      // argv; Command[0] is the program (absolute or looked up in PATH)
	Env          []string      // extra KEY=VALUE, applied after the defaults (so they override)
	Dir          string        // working directory, "" = current
	ModelURL     string        // model server base URL; "" = a closed port held by the Host
	ReadyTimeout time.Duration // how long to wait for "Now listening on:"; 0 = DefaultReadyTimeout
	StopGrace    time.Duration // from the polite stop signal to the kill; 0 = DefaultStopGrace
}

// Host is a running child host process and an HTTP client for it.
type Host struct {
	cmd      *exec.Cmd
	url      string
	modelURL string
	closed   *ClosedPort
	client   *http.Client
	grace    time.Duration

	mu   sync.Mutex
	logs []string // guarded by mu

	readyOnce sync.Once
	ready     chan string // receives the announced URL once

	termSent atomic.Bool // we signalled the process group, so a signal death is ours

	pipes       []*os.File
	readersDone chan struct{} // both output pipes reached EOF (or were closed by us)
	exited      chan struct{} // the group leader exited and was reaped
	done        chan struct{} // exited, the group swept and the output fully read

	unhookCtx func() bool // detaches the stop-on-cancel hook from Start's ctx; guarded by mu
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

// Start launches spec.Command in its own process group and returns once the
// child prints its "Now listening on:" line. On any failure the child is
// stopped and waited for, and the error quotes the child's last lines.
// Cancelling ctx at any time stops the child.
func Start(ctx context.Context, spec Spec) (*Host, error) {
	if len(spec.Command) == 0 || spec.Command[0] == "" {
		return nil, errors.New("hostproc: start: empty command")
	}
	readyTimeout := spec.ReadyTimeout
	if readyTimeout <= 0 {
		readyTimeout = DefaultReadyTimeout
	}
	grace := spec.StopGrace
	if grace <= 0 {
		grace = DefaultStopGrace
	}

	h := &Host{
		grace:       grace,
		ready:       make(chan string, 1),
		readersDone: make(chan struct{}),
		exited:      make(chan struct{}),
		done:        make(chan struct{}),
		client: &http.Client{Transport: &http.Transport{
			Proxy:               nil,
			DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
			DisableCompression:  true, // keep Content-Encoding'd bodies as sent
			MaxIdleConnsPerHost: 4,
		}},
	}
	if spec.ModelURL == "" {
		cp, err := NewClosedPort()
		if err != nil {
			return nil, fmt.Errorf("hostproc: start: %w", err)
		}
		h.closed = cp
		h.modelURL = "http://" + cp.Addr()
	} else {
		h.modelURL = spec.ModelURL
	}

	// Our own pipes rather than StdoutPipe: Wait then returns as soon as the
	// leader exits, and the readers keep going until every holder of the write
	// ends (grandchildren included) is gone, so no trailing line is lost.
	outR, outW, err := os.Pipe()
	if err != nil {
		h.releasePort()
		return nil, fmt.Errorf("hostproc: start: stdout pipe: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		h.releasePort()
		return nil, fmt.Errorf("hostproc: start: stderr pipe: %w", err)
	}
	env := append(os.Environ(), Environ(h.modelURL)...)
	env = append(env, spec.Env...) // os/exec keeps the last value of a duplicated key
	cmd, err := startCommand(func() *exec.Cmd {
		c := exec.CommandContext(ctx, spec.Command[0], spec.Command[1:]...)
		c.Dir = spec.Dir
		c.Env = env
		c.Stdout, c.Stderr = outW, errW
		setProcAttr(c)
		c.Cancel = func() error {
			h.termSent.Store(true)
			return terminate(c.Process)
		}
		c.WaitDelay = grace
		return c
	})
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		h.releasePort()
		return nil, fmt.Errorf("hostproc: start %q: %w", spec.Command[0], err)
	}
	h.cmd = cmd
	h.pipes = []*os.File{outR, errR}

	var readers sync.WaitGroup
	for _, p := range h.pipes {
		readers.Add(1)
		go func() {
			defer readers.Done()
			h.readLines(p)
		}()
	}
	go func() {
		readers.Wait()
		close(h.readersDone)
	}()
	go h.reap()
	h.mu.Lock()
	h.unhookCtx = context.AfterFunc(ctx, func() { h.Stop() })
	h.mu.Unlock()

	timer := time.NewTimer(readyTimeout)
	defer timer.Stop()
	var startErr error
	select {
	case u := <-h.ready:
		if err := checkURL(u); err != nil {
			startErr = err
			break
		}
		h.url = u
		return h, nil
	case <-h.exited:
		if ctx.Err() != nil {
			// Cancelling ctx is what made it exit; say so rather than report the signal.
			startErr = fmt.Errorf("start cancelled before the host was ready: %w", context.Cause(ctx))
			break
		}
		startErr = fmt.Errorf("host exited before it was ready (%s)", h.cmd.ProcessState)
	case <-timer.C:
		startErr = fmt.Errorf("host not ready after %v", readyTimeout)
	case <-ctx.Done():
		startErr = fmt.Errorf("start cancelled before the host was ready: %w", context.Cause(ctx))
	}
	h.Stop()
	return nil, fmt.Errorf("hostproc: %w%s", startErr, h.tail(tailLines))
}

// checkURL rejects an announced address the client cannot talk to.
func checkURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return fmt.Errorf("host announced %q, which is not an http://host:port address", s)
	}
	return nil
}

// readLines appends each line of one output stream to the log and watches for
// the readiness line.
func (h *Host) readLines(f *os.File) {
	defer f.Close()
	r := bufio.NewReader(f)
	for {
		line, err := r.ReadString('\n')
		if line != "" {
			line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
			h.mu.Lock()
			h.logs = append(h.logs, line)
			h.mu.Unlock()
			if i := strings.Index(line, readyMarker); i >= 0 {
				fields := strings.Fields(line[i+len(readyMarker):])
				if len(fields) > 0 {
					h.readyOnce.Do(func() { h.ready <- fields[0] })
				}
			}
		}
		if err != nil {
			return
		}
	}
}

// reap waits for the group leader, then clears out whatever it left behind in
// its process group so no grandchild outlives the host.
func (h *Host) reap() {
	_ = h.cmd.Wait() // the outcome is read from ProcessState
	close(h.exited)
	grace := time.NewTimer(h.grace)
	select {
	case <-h.readersDone:
	case <-grace.C:
	}
	grace.Stop()
	_ = killGroup(h.cmd.Process)
	last := time.NewTimer(time.Second)
	select {
	case <-h.readersDone:
	case <-last.C:
		// A process that left the group still holds the pipes; stop reading.
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

// Pid returns the child's process id, which is also its process group id.
func (h *Host) Pid() int { return h.cmd.Process.Pid }

// Logs returns every line the child wrote on stdout and stderr, in arrival order.
func (h *Host) Logs() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.logs...)
}

// tail formats the child's last n lines for an error message.
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
		b.WriteString("\n    ")
		b.WriteString(l)
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
// reads the whole body. If reading the body fails part way, the partial
// Response is returned together with the error.
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
	body, err := io.ReadAll(resp.Body)
	out := &Response{Status: resp.StatusCode, Header: resp.Header, Body: body}
	if err != nil {
		return out, fmt.Errorf("hostproc: %s %s: read body: %w", req.Method, req.URL.Path, err)
	}
	return out, nil
}

// Stop ends the host: a polite stop to its process group or job (SIGTERM; Ctrl+Break on
// Windows), a kill after the grace period, and always waits. It is safe to call more than once
// and from several goroutines; every call returns the same result. An exit caused by our signal
// is a clean stop; any other unsuccessful exit is reported as an error.
func (h *Host) Stop() error {
	h.stopOnce.Do(func() { h.stopErr = h.stop() })
	return h.stopErr
}

func (h *Host) stop() error {
	h.mu.Lock()
	unhook := h.unhookCtx
	h.mu.Unlock()
	if unhook != nil {
		unhook()
	}
	select {
	case <-h.exited:
	default:
		h.termSent.Store(true)
		_ = terminate(h.cmd.Process)
		grace := time.NewTimer(h.grace)
		select {
		case <-h.exited:
		case <-grace.C:
			_ = killGroup(h.cmd.Process)
			<-h.exited
		}
		grace.Stop()
	}
	<-h.done
	h.releasePort()
	h.client.CloseIdleConnections()

	st := h.cmd.ProcessState
	switch {
	case st == nil:
		return errors.New("hostproc: host was never waited for")
	case st.Success():
		return nil
	case h.termSent.Load() && diedOfOurSignal(st):
		return nil
	}
	return fmt.Errorf("hostproc: host exited with %s", st)
}

func (h *Host) releasePort() {
	if h.closed != nil {
		h.closed.Close()
	}
}
