//go:build linux

package hostproc

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// childVar names the helper the re-executed test binary should become.
const childVar = "HOSTPROC_TEST_CHILD"

func TestMain(m *testing.M) {
	SupervisorMain()
	if name := os.Getenv(childVar); name != "" {
		helper, ok := helpers[name]
		if !ok {
			fmt.Fprintf(os.Stderr, "unknown helper %q\n", name)
			os.Exit(2)
		}
		helper()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

var helpers = map[string]func(){
	"ready":          helperReady,
	"never-ready":    helperNeverReady,
	"exit-at-once":   helperExitAtOnce,
	"ignore-sigterm": helperIgnoreSigterm,
	"grandchild":     helperGrandchild,
	"parent":         helperParent,
	"graceful":       helperGraceful,
	"flood":          helperFlood,
}

// serveAndAnnounce listens on a free loopback port, prints ASP.NET's lifetime
// lines for it, and serves the test handler until the process ends.
func serveAndAnnounce() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, "listen:", err)
		os.Exit(4)
	}
	w := os.Stdout
	switch os.Getenv("HOSTPROC_TEST_ANNOUNCE") {
	case "stderr":
		w = os.Stderr
	case "bad":
		fmt.Println("      Now listening on: https+unix:///tmp/sock")
	case "remote":
		// An address off this machine, which nothing here answers.
		fmt.Println("      Now listening on: http://10.255.255.1")
	case "any":
		// Bound to loopback, announced as Kestrel announces a host bound to every interface.
		fmt.Fprintf(w, "      Now listening on: http://0.0.0.0:%d\n", ln.Addr().(*net.TCPAddr).Port)
	}
	fmt.Fprintln(w, "info: Microsoft.Hosting.Lifetime[14]")
	fmt.Fprintf(w, "      Now listening on: http://%s\n", ln.Addr())
	go http.Serve(ln, testHandler())
}

func testHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("X-Got-Content-Type", r.Header.Get("Content-Type"))
		w.Header().Set("X-Got-Method", r.Method)
		w.WriteHeader(http.StatusCreated)
		w.Write(body)
	})
	mux.HandleFunc("/gzip", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write([]byte("not really gzip\x00\xff"))
	})
	mux.HandleFunc("/env", func(w http.ResponseWriter, r *http.Request) {
		wd, _ := os.Getwd()
		json.NewEncoder(w).Encode(map[string]any{"env": os.Environ(), "cwd": wd})
	})
	mux.HandleFunc("/exit", func(w http.ResponseWriter, r *http.Request) {
		code, _ := strconv.Atoi(r.URL.Query().Get("code"))
		fmt.Fprintln(os.Stderr, "exiting on request")
		os.Exit(code)
	})
	return mux
}

func helperReady() {
	// HOSTPROC_TEST_ON_TERM=exitN turns SIGTERM into exit code N, like a host
	// that catches the signal and shuts down on its own terms.
	if v, ok := strings.CutPrefix(os.Getenv("HOSTPROC_TEST_ON_TERM"), "exit"); ok {
		code, _ := strconv.Atoi(v)
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, syscall.SIGTERM)
		go func() {
			<-sig
			fmt.Println("info: Microsoft.Hosting.Lifetime[0]")
			fmt.Println("      Application is shutting down...")
			os.Exit(code)
		}()
	}
	// HOSTPROC_TEST_ON_TERM=kill9 answers SIGTERM by dying of a SIGKILL of its own.
	if os.Getenv("HOSTPROC_TEST_ON_TERM") == "kill9" {
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, syscall.SIGTERM)
		go func() {
			<-sig
			fmt.Println("info: Microsoft.Hosting.Lifetime[0]")
			fmt.Println("      Application is shutting down...")
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
		}()
	}
	if os.Getenv("HOSTPROC_TEST_PID") != "" {
		fmt.Printf("host pid %d\n", os.Getpid())
	}
	serveAndAnnounce()
	select {}
}

func helperNeverReady() {
	if os.Getenv("HOSTPROC_TEST_IGNORE_TERM") != "" {
		signal.Ignore(syscall.SIGTERM)
	}
	fmt.Println("warming up")
	fmt.Fprintln(os.Stderr, "still warming up")
	select {}
}

func helperExitAtOnce() {
	fmt.Println("starting")
	fmt.Fprintln(os.Stderr, "fail: configuration is broken")
	fmt.Fprintln(os.Stderr, "Unhandled exception. System.InvalidOperationException: nope")
	os.Exit(3)
}

func helperIgnoreSigterm() {
	signal.Ignore(syscall.SIGTERM)
	serveAndAnnounce()
	select {}
}

func helperGrandchild() {
	// HOSTPROC_TEST_STUBBORN makes the grandchild ignore SIGTERM and hold the
	// output pipes, so only the SIGKILL sweep of the group can end it.
	gc := exec.Command("sh", "-c", "echo started; exec sleep 300")
	if os.Getenv("HOSTPROC_TEST_STUBBORN") != "" {
		gc = exec.Command("sh", "-c", "trap '' TERM; echo started; exec sleep 300")
		gc.Stderr = os.Stderr
	}
	out, err := gc.StdoutPipe()
	if err == nil {
		err = gc.Start()
	}
	if err == nil {
		// Only announce once the shell has run its trap.
		_, err = bufio.NewReader(out).ReadString('\n')
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "grandchild:", err)
		os.Exit(4)
	}
	fmt.Printf("grandchild pid %d\n", gc.Process.Pid)
	serveAndAnnounce()
	select {}
}

func helperParent() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	exe, _ := os.Executable()
	command := []string{exe}
	if os.Getenv("HOSTPROC_TEST_LAUNCHER") != "" {
		// A launcher in front of the host, the shape of `dotnet run`: the host is a grandchild.
		command = []string{"sh", "-c", `"$0" & wait`, exe}
	}
	leaf := os.Getenv("HOSTPROC_TEST_LEAF") != ""
	h, err := Start(ctx, Spec{Command: command, Env: []string{childVar + "=ready", "HOSTPROC_TEST_PID=1"}, Leaf: leaf})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(4)
	}
	fmt.Printf("child pid %d\n", h.Pid())
	for _, l := range h.Logs() {
		if strings.HasPrefix(l, "host pid ") {
			fmt.Println(l)
		}
	}
	fmt.Printf("Now listening on: %s\n", h.URL())
	<-ctx.Done()
	if err := h.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(5)
	}
}

// helperGraceful serves until SIGTERM, then stops accepting and waits, with no limit, until its
// clients have closed every connection: a graceful host whose shutdown waits for its clients.
func helperGraceful() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		os.Exit(4)
	}
	var open atomic.Int32
	srv := &http.Server{Handler: testHandler(), ConnState: func(c net.Conn, st http.ConnState) {
		switch st {
		case http.StateNew:
			open.Add(1)
		case http.StateClosed, http.StateHijacked:
			open.Add(-1)
		}
		fmt.Println("conn", st)
	}}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM)
	fmt.Printf("      Now listening on: http://%s\n", ln.Addr())
	go srv.Serve(ln)
	<-sig
	fmt.Println("shutting down")
	ln.Close()
	for open.Load() > 0 {
		time.Sleep(5 * time.Millisecond)
	}
	fmt.Println("every connection closed")
}

// helperFlood writes more than the course keeps, announces itself, writes a log record, then
// (with HOSTPROC_TEST_FLOOD=forever) floods its output until it is stopped.
func helperFlood() {
	w := bufio.NewWriter(os.Stdout)
	for i := range 3 * KeepLines {
		fmt.Fprintf(w, "line %d\n", i)
	}
	w.Write(bytes.Repeat([]byte("x"), 4*MaxLineBytes)) // one line far past the cut
	w.WriteString("\n")
	for range 2 * KeepBytes / MaxLineBytes {
		w.Write(bytes.Repeat([]byte("y"), MaxLineBytes-1))
		w.WriteString("\n")
	}
	w.Flush()
	serveAndAnnounce()
	fmt.Println("info: Flood.Done[7]")
	fmt.Println("      flooded")
	if os.Getenv("HOSTPROC_TEST_FLOOD") == "forever" {
		line := bytes.Repeat([]byte("z"), 100)
		for {
			if _, err := os.Stdout.Write(line); err != nil {
				os.Exit(0)
			}
		}
	}
	select {}
}

// spec returns a Spec that runs this test binary as the named helper.
func spec(t testing.TB, helper string, env ...string) Spec {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Spec{Command: []string{exe}, Env: append([]string{childVar + "=" + helper}, env...)}
}

// alive reports whether pid is a live process; a zombie counts as dead, since
// an orphaned grandchild may never be reaped where there is no init to do it.
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the parenthesised command name, which may contain spaces.
	rest := stat[bytes.LastIndexByte(stat, ')')+1:]
	fields := strings.Fields(string(rest))
	return len(fields) > 0 && fields[0] != "Z" && fields[0] != "X"
}

func waitDead(t *testing.T, pid int, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for alive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("process %d still alive after %v", pid, within)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// pidFromLogs finds "<prefix> N" in the host's output.
func pidFromLogs(t *testing.T, h *Host, prefix string) int {
	t.Helper()
	for _, l := range h.Logs() {
		if v, ok := strings.CutPrefix(l, prefix+" "); ok {
			pid, err := strconv.Atoi(v)
			if err != nil {
				t.Fatalf("bad pid line %q", l)
			}
			return pid
		}
	}
	t.Fatalf("no %q line in %q", prefix, h.Logs())
	return 0
}

func TestStartReadyAndStop(t *testing.T) {
	h, err := Start(context.Background(), spec(t, "ready"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h.URL(), "http://127.0.0.1:") || strings.HasSuffix(h.URL(), ":0") {
		t.Errorf("URL() = %q, want http://127.0.0.1:PORT", h.URL())
	}
	if !strings.HasPrefix(h.ModelURL(), "http://127.0.0.1:") {
		t.Errorf("ModelURL() = %q", h.ModelURL())
	}
	want := []string{"info: Microsoft.Hosting.Lifetime[14]", "      Now listening on: " + h.URL()}
	if got := h.Logs(); !reflect.DeepEqual(got, want) {
		t.Errorf("Logs() = %q, want %q", got, want)
	}
	pid := h.Pid()
	if !alive(pid) {
		t.Fatal("child not alive after Start")
	}
	if err := h.Stop(); err != nil {
		t.Errorf("Stop: %v", err)
	}
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("kill(%d, 0) after Stop = %v, want ESRCH", pid, err)
	}
	if err := h.Stop(); err != nil {
		t.Errorf("second Stop: %v", err)
	}
}

func TestAnnouncement(t *testing.T) {
	t.Parallel()
	h, err := Start(context.Background(), spec(t, "ready", "HOSTPROC_TEST_ANNOUNCE=stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Stop()
	if resp, err := h.Post(context.Background(), "/echo", []byte("hi")); err != nil || string(resp.Body) != "hi" {
		t.Errorf("host announced on stderr: Post = %v, %v", resp, err)
	}

	_, err = Start(context.Background(), spec(t, "ready", "HOSTPROC_TEST_ANNOUNCE=bad"))
	want := `hostproc: host announced "https+unix:///tmp/sock", which is not an http://host:port address`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("bad announcement: err = %v, want prefix %q", err, want)
	}
}

func TestEnvironment(t *testing.T) {
	dir := t.TempDir()
	s := spec(t, "ready", "Chatbot__Mode=lite", "HOSTPROC_TEST_EXTRA=yes")
	s.Dir = dir
	h, err := Start(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Stop()
	resp, err := h.Post(context.Background(), "/env", nil)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Env []string
		Cwd string
	}
	if err := json.Unmarshal(resp.Body, &got); err != nil {
		t.Fatalf("decode %q: %v", resp.Body, err)
	}
	count := map[string]int{}
	value := map[string]string{}
	for _, kv := range got.Env {
		k, v, _ := strings.Cut(kv, "=")
		count[k]++
		value[k] = v
	}
	for k, want := range map[string]string{
		"ASPNETCORE_URLS":     "http://127.0.0.1:0",
		"Ollama__BaseUrl":     h.ModelURL(),
		"Ollama__Endpoint":    h.ModelURL(),
		"Chatbot__Mode":       "lite",
		"Chatbot__PathBase":   "",
		"DOTNET_NOLOGO":       "1",
		"HOSTPROC_TEST_EXTRA": "yes",
		"PATH":                os.Getenv("PATH"),
	} {
		if count[k] != 1 || value[k] != want {
			t.Errorf("%s: %d entries, value %q; want one entry %q", k, count[k], value[k], want)
		}
	}
	if got.Cwd != dir {
		t.Errorf("child cwd = %q, want %q", got.Cwd, dir)
	}
}

func TestModelURLOverride(t *testing.T) {
	s := spec(t, "ready")
	s.ModelURL = "http://127.0.0.1:11434"
	h, err := Start(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Stop()
	if h.ModelURL() != s.ModelURL {
		t.Errorf("ModelURL() = %q, want %q", h.ModelURL(), s.ModelURL)
	}
	if h.closed != nil {
		t.Error("a closed port is held although ModelURL was given")
	}
}

func TestPostAndDo(t *testing.T) {
	h, err := Start(context.Background(), spec(t, "ready"))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Stop()
	ctx := context.Background()

	body := []byte("data: {\"a\":1}\r\n\r\n\x00\xffraw\n")
	resp, err := h.Post(ctx, "/echo", body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Status != http.StatusCreated {
		t.Errorf("status = %d, want 201", resp.Status)
	}
	if !bytes.Equal(resp.Body, body) {
		t.Errorf("body = %q, want %q", resp.Body, body)
	}
	for k, want := range map[string]string{
		"Content-Type":       "text/event-stream",
		"X-Got-Content-Type": "application/json",
		"X-Got-Method":       "POST",
	} {
		if got := resp.Header.Get(k); got != want {
			t.Errorf("header %s = %q, want %q", k, got, want)
		}
	}

	// A Content-Encoding body must come back as sent, not decoded.
	req, _ := http.NewRequest(http.MethodGet, "/gzip", nil)
	resp, err = h.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if want := "not really gzip\x00\xff"; string(resp.Body) != want || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("gzip: body %q, encoding %q; want %q, gzip", resp.Body, resp.Header.Get("Content-Encoding"), want)
	}

	req, _ = http.NewRequest(http.MethodPut, h.URL()+"/echo", strings.NewReader("x"))
	resp, err = h.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Header.Get("X-Got-Method") != "PUT" || string(resp.Body) != "x" {
		t.Errorf("absolute PUT: method %q body %q", resp.Header.Get("X-Got-Method"), resp.Body)
	}
}

func TestClosedPort(t *testing.T) {
	cp, err := NewClosedPort()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(cp.Addr(), "127.0.0.1:") || strings.HasSuffix(cp.Addr(), ":0") {
		t.Fatalf("Addr() = %q", cp.Addr())
	}
	if _, err := net.DialTimeout("tcp", cp.Addr(), time.Second); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("dial: %v, want ECONNREFUSED", err)
	}
	if _, err := http.Get("http://" + cp.Addr() + "/api/tags"); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("http get: %v, want ECONNREFUSED", err)
	}
	if ln, err := net.Listen("tcp", cp.Addr()); err == nil {
		ln.Close()
		t.Error("another socket could listen on the held port")
	} else if !errors.Is(err, syscall.EADDRINUSE) {
		t.Errorf("listen on held port: %v, want EADDRINUSE", err)
	}
	if err := cp.Close(); err != nil {
		t.Fatal(err)
	}
	if err := cp.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	ln, err := net.Listen("tcp", cp.Addr())
	if err != nil {
		t.Fatalf("port not released by Close: %v", err)
	}
	ln.Close()
}

func TestHostHoldsClosedPort(t *testing.T) {
	h, err := Start(context.Background(), spec(t, "ready"))
	if err != nil {
		t.Fatal(err)
	}
	addr := strings.TrimPrefix(h.ModelURL(), "http://")
	if _, err := net.DialTimeout("tcp", addr, time.Second); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("dial model url while host runs: %v, want ECONNREFUSED", err)
	}
	if err := h.Stop(); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("model port not released by Stop: %v", err)
	}
	ln.Close()
}

func TestStartFailures(t *testing.T) {
	tests := []struct {
		name    string
		spec    func(t *testing.T) Spec
		ctx     func() (context.Context, context.CancelFunc)
		wantErr []string
		maxTime time.Duration
		// alone keeps a case from running beside the others: its helper's output must reach
		// the error before the ready timeout, which the others' helpers starting at the same
		// time could make it miss on a loaded machine.
		alone bool
	}{
		{
			name: "exit-at-once",
			spec: func(t *testing.T) Spec { return spec(t, "exit-at-once") },
			wantErr: []string{
				"hostproc: host exited before it was ready (exit status 3)",
				"    starting",
				"    fail: configuration is broken",
				"    Unhandled exception. System.InvalidOperationException: nope",
			},
			maxTime: 5 * time.Second,
		},
		{
			name: "never-ready",
			spec: func(t *testing.T) Spec {
				s := spec(t, "never-ready")
				s.ReadyTimeout = 300 * time.Millisecond
				return s
			},
			wantErr: []string{"hostproc: host not ready after 300ms", "    warming up", "    still warming up"},
			maxTime: 5 * time.Second,
			alone:   true,
		},
		{
			name: "cancelled",
			spec: func(t *testing.T) Spec { return spec(t, "never-ready") },
			ctx: func() (context.Context, context.CancelFunc) {
				return context.WithTimeout(context.Background(), 300*time.Millisecond)
			},
			wantErr: []string{"hostproc: start cancelled before the host was ready: context deadline exceeded"},
			maxTime: 5 * time.Second,
		},
		{
			name: "not-ready-ignoring-sigterm",
			spec: func(t *testing.T) Spec {
				s := spec(t, "never-ready", "HOSTPROC_TEST_IGNORE_TERM=1")
				s.ReadyTimeout = 200 * time.Millisecond
				s.StopGrace = 200 * time.Millisecond
				return s
			},
			wantErr: []string{"hostproc: host not ready after 200ms"},
			maxTime: 5 * time.Second,
		},
	}
	// The failures mostly wait for their deadlines, so all but one case overlap (a case that
	// is not parallel runs before the parallel ones start); once all are done, every helper
	// they ran, each a child of ours, must have been reaped. This test is not parallel, so that
	// no other test's child is about then.
	t.Cleanup(func() { assertNoChildren(t) })
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !tt.alone {
				t.Parallel()
			}
			ctx, cancel := context.Background(), context.CancelFunc(func() {})
			if tt.ctx != nil {
				ctx, cancel = tt.ctx()
			}
			defer cancel()
			begin := time.Now()
			h, err := Start(ctx, tt.spec(t))
			if err == nil {
				h.Stop()
				t.Fatal("Start succeeded")
			}
			if d := time.Since(begin); d > tt.maxTime {
				t.Errorf("Start took %v", d)
			}
			for _, w := range tt.wantErr {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

// assertNoChildren fails if this test process still has a child process. The pids of the
// children of a failed Start are not exposed, so this is how a test sees that none is left
// unreaped; it reaps a child it finds, so it runs only in tests that are not parallel.
func assertNoChildren(t *testing.T) {
	t.Helper()
	var ws syscall.WaitStatus
	pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
	if !errors.Is(err, syscall.ECHILD) {
		t.Errorf("a child process remains after a failed Start (wait4: pid %d, err %v)", pid, err)
	}
}

func TestCommandNotFound(t *testing.T) {
	_, err := Start(context.Background(), Spec{Command: []string{"hostproc-no-such-host", "host"}})
	if err == nil || !errors.Is(err, exec.ErrNotFound) || !strings.Contains(err.Error(), `"hostproc-no-such-host"`) {
		t.Errorf("err = %v, want a not-found error naming the command", err)
	}
	_, err = Start(context.Background(), Spec{Command: []string{"/nonexistent/dir/host"}})
	if err == nil || !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "/nonexistent/dir/host") {
		t.Errorf("err = %v, want a no-such-file error naming the path", err)
	}
	if _, err := Start(context.Background(), Spec{}); err == nil {
		t.Error("empty command: no error")
	}
}

func TestStopIgnoringSigterm(t *testing.T) {
	t.Parallel()
	s := spec(t, "ignore-sigterm")
	s.StopGrace = 300 * time.Millisecond
	h, err := Start(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	pid := h.Pid()
	begin := time.Now()
	if err := h.Stop(); err != nil {
		t.Errorf("Stop: %v", err)
	}
	if d := time.Since(begin); d < s.StopGrace {
		t.Errorf("Stop took %v, less than the %v grace", d, s.StopGrace)
	}
	if !h.killSent.Load() || !h.status.byKill {
		t.Errorf("the host ended with %s, killed by us: %v; want our kill after the grace", h.status, h.killSent.Load())
	}
	if alive(pid) {
		t.Errorf("process %d survived Stop", pid)
	}
}

func TestStopReportsExitStatus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		onTerm  string
		wantErr string
	}{
		{"exit0", ""},
		{"exit143", ""},
		{"exit7", "hostproc: host exited with exit status 7"},
	}
	for _, tt := range tests {
		t.Run(tt.onTerm, func(t *testing.T) {
			t.Parallel()
			h, err := Start(context.Background(), spec(t, "ready", "HOSTPROC_TEST_ON_TERM="+tt.onTerm))
			if err != nil {
				t.Fatal(err)
			}
			err = h.Stop()
			if got := fmt.Sprint(err); (tt.wantErr == "" && err != nil) || (tt.wantErr != "" && got != tt.wantErr) {
				t.Errorf("Stop = %v, want %q", err, tt.wantErr)
			}
			if logs := h.Logs(); logs[len(logs)-1] != "      Application is shutting down..." {
				t.Errorf("last log line %q; the shutdown output was lost", logs[len(logs)-1])
			}
		})
	}
}

func TestHostExitsOnItsOwn(t *testing.T) {
	t.Parallel()
	h, err := Start(context.Background(), spec(t, "ready"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Post(context.Background(), "/exit?code=5", nil); err == nil {
		t.Error("request to an exiting host succeeded")
	}
	err = h.Stop()
	if err == nil || err.Error() != "hostproc: host exited with exit status 5" {
		t.Errorf("Stop = %v, want exit status 5", err)
	}
	if logs := h.Logs(); logs[len(logs)-1] != "exiting on request" {
		t.Errorf("logs %q lack the last stderr line", logs)
	}
}

func TestGrandchildIsStopped(t *testing.T) {
	t.Parallel()
	for _, stubborn := range []bool{false, true} {
		t.Run(fmt.Sprintf("stubborn=%v", stubborn), func(t *testing.T) {
			t.Parallel()
			s := spec(t, "grandchild")
			s.StopGrace = 300 * time.Millisecond
			if stubborn {
				s.Env = append(s.Env, "HOSTPROC_TEST_STUBBORN=1")
			}
			h, err := Start(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			gc := pidFromLogs(t, h, "grandchild pid")
			if !alive(gc) {
				t.Fatalf("grandchild %d not running", gc)
			}
			begin := time.Now()
			if err := h.Stop(); err != nil {
				t.Errorf("Stop: %v", err)
			}
			if d := time.Since(begin); d > s.StopGrace+10*time.Second {
				t.Errorf("Stop took %v", d) // only a stop that hangs is wrong here
			}
			if alive(h.Pid()) {
				t.Errorf("child %d survived Stop", h.Pid())
			}
			// The signal reached the grandchild before Stop returned, but it
			// is not ours to wait for, so give the kernel a moment to end it.
			waitDead(t, gc, 2*time.Second)
		})
	}
}

func TestContextCancelStopsHost(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	h, err := Start(ctx, spec(t, "ready"))
	if err != nil {
		t.Fatal(err)
	}
	pid := h.Pid()
	cancel()
	waitDead(t, pid, 5*time.Second)
	if err := h.Stop(); err != nil {
		t.Errorf("Stop after cancel: %v", err)
	}
}

func TestParentInterrupted(t *testing.T) {
	t.Parallel()
	parent, err := Start(context.Background(), spec(t, "parent"))
	if err != nil {
		t.Fatal(err)
	}
	child := pidFromLogs(t, parent, "child pid")
	if !alive(child) {
		t.Fatalf("child %d not running", child)
	}
	if err := syscall.Kill(parent.Pid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	waitDead(t, parent.Pid(), 5*time.Second)
	if err := parent.Stop(); err != nil {
		t.Errorf("parent exit: %v (logs %q)", err, parent.Logs())
	}
	if err := syscall.Kill(child, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("kill(%d, 0) = %v after the parent stopped, want ESRCH", child, err)
	}
}

func TestParentKilledTakesChildAlong(t *testing.T) {
	t.Parallel()
	parent, err := Start(context.Background(), spec(t, "parent"))
	if err != nil {
		t.Fatal(err)
	}
	child := pidFromLogs(t, parent, "child pid")
	// SIGKILL the parent alone, not its group: only Pdeathsig can end the child,
	// which lives in a process group of its own.
	if err := syscall.Kill(parent.Pid(), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	waitDead(t, child, 5*time.Second)
	if err := parent.Stop(); err == nil || !strings.Contains(err.Error(), "signal: killed") {
		t.Errorf("parent Stop = %v, want an error for the SIGKILL it did not get from us", err)
	}
}

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in      string
		want    []string
		wantErr string
	}{
		{in: "course host", want: []string{"course", "host"}},
		{in: "  dotnet   run\t--project Apps/GaChatbot.Api  ", want: []string{"dotnet", "run", "--project", "Apps/GaChatbot.Api"}},
		{in: `dotnet run --project '/home/me/GA clone/Apps/GaChatbot.Api'`, want: []string{"dotnet", "run", "--project", "/home/me/GA clone/Apps/GaChatbot.Api"}},
		{in: `a "b c" d`, want: []string{"a", "b c", "d"}},
		{in: `--urls="http://127.0.0.1:0"x`, want: []string{"--urls=http://127.0.0.1:0x"}},
		{in: `a "" ''`, want: []string{"a", "", ""}},
		{in: `'it''s' "say \"hi\" \$HOME \n"`, want: []string{"its", `say "hi" $HOME \n`}},
		{in: `'\no escapes "here"'`, want: []string{`\no escapes "here"`}},
		{in: `a\ b c\\d`, want: []string{"a b", `c\d`}},
		{in: "a \\\nb", want: []string{"a", "b"}},
		{in: "héllo 'wörld'", want: []string{"héllo", "wörld"}},
		{in: "", wantErr: "hostproc: split command: empty command"},
		{in: "  \t ", wantErr: "hostproc: split command: empty command"},
		{in: `a 'b`, wantErr: "hostproc: split command: unterminated ' at offset 2"},
		{in: `a "b`, wantErr: `hostproc: split command: unterminated " at offset 2`},
		{in: `a \`, wantErr: "hostproc: split command: trailing backslash"},
	}
	for _, tt := range tests {
		got, err := SplitCommand(tt.in)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("SplitCommand(%q) = %q, %v; want error %q", tt.in, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func BenchmarkStart(b *testing.B) {
	s := spec(b, "ready")
	for b.Loop() {
		h, err := Start(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
		if err := h.Stop(); err != nil {
			b.Fatal(err)
		}
	}
}
