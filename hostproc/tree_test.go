//go:build linux

package hostproc

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestParentKilledTakesLaunchedHostAlong is the shape of `dotnet run`: the course starts a
// launcher, the launcher starts the host. SIGKILL of the course must end the host too, which
// the kernel's parent-death signal alone cannot do: it reaches only the launcher.
func TestParentKilledTakesLaunchedHostAlong(t *testing.T) {
	t.Parallel()
	parent, err := Start(context.Background(), spec(t, "parent", "HOSTPROC_TEST_LAUNCHER=1"))
	if err != nil {
		t.Fatal(err)
	}
	launcher := pidFromLogs(t, parent, "child pid")
	host := pidFromLogs(t, parent, "host pid")
	t.Cleanup(func() { syscall.Kill(host, syscall.SIGKILL) })
	if launcher == host || !alive(host) {
		t.Fatalf("launcher %d, host %d: want a live host under the launcher", launcher, host)
	}
	if err := syscall.Kill(parent.Pid(), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	waitDead(t, host, 10*time.Second)
	waitDead(t, launcher, 10*time.Second)
	parent.Stop()
}

// TestSignalFromElsewhereIsReported: a host that answers our SIGTERM by dying of a SIGKILL we
// never sent did not end as we asked, and Stop says so.
func TestSignalFromElsewhereIsReported(t *testing.T) {
	t.Parallel()
	h, err := Start(context.Background(), spec(t, "ready", "HOSTPROC_TEST_ON_TERM=kill9"))
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Stop(); err == nil || err.Error() != "hostproc: host exited with signal: killed" {
		t.Errorf("Stop = %v, want the SIGKILL we did not send reported", err)
	}
}

func TestHostRunsUnderASupervisor(t *testing.T) {
	t.Parallel()
	h, err := Start(context.Background(), spec(t, "ready"))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Stop()
	// The host is the supervisor's child, not ours, and leads a process group of its own.
	if ppid := statField(t, h.Pid(), 1); ppid == os.Getpid() {
		t.Errorf("host %d is our own child; want it under a supervisor", h.Pid())
	}
	if pgid, err := syscall.Getpgid(h.Pid()); err != nil || pgid != h.Pid() {
		t.Errorf("host %d in group %d (%v); want a group of its own", h.Pid(), pgid, err)
	}
}

// TestLeafHostRunsDirectly: a host that starts nothing of its own is our own child, in a group of
// its own, with no supervisor between.
func TestLeafHostRunsDirectly(t *testing.T) {
	sp := spec(t, "ready")
	sp.Leaf = true
	h, err := Start(context.Background(), sp)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Stop()
	if ppid := statField(t, h.Pid(), 1); ppid != os.Getpid() {
		t.Errorf("leaf host %d has parent %d; want us (%d)", h.Pid(), ppid, os.Getpid())
	}
	if pgid, err := syscall.Getpgid(h.Pid()); err != nil || pgid != h.Pid() {
		t.Errorf("host %d in group %d (%v); want a group of its own", h.Pid(), pgid, err)
	}
}

// TestParentKilledTakesLeafHostAlong: without a supervisor, the kernel's parent-death signal
// ends a leaf host when the course that started it is killed.
func TestParentKilledTakesLeafHostAlong(t *testing.T) {
	t.Parallel()
	parent, err := Start(context.Background(), spec(t, "parent", "HOSTPROC_TEST_LEAF=1"))
	if err != nil {
		t.Fatal(err)
	}
	child := pidFromLogs(t, parent, "child pid")
	t.Cleanup(func() { syscall.Kill(child, syscall.SIGKILL) })
	if ppid := statField(t, child, 1); ppid != parent.Pid() {
		t.Fatalf("leaf host %d has parent %d; want the course %d", child, ppid, parent.Pid())
	}
	if err := syscall.Kill(parent.Pid(), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	waitDead(t, child, 10*time.Second)
	parent.Stop()
}

// statField returns field i after the command name of /proc/PID/stat as a number: 0 is the
// state's, 1 the parent's pid.
func statField(t *testing.T, pid, i int) int {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	var n int
	fmt.Sscan(fields[i], &n)
	return n
}

// TestStopClosesClientConnectionsFirst: a connection the client opened and never used keeps a
// graceful host's shutdown waiting; Stop closes it before it asks the host to stop, so the host
// ends by itself rather than by the kill after the grace period.
func TestStopClosesClientConnectionsFirst(t *testing.T) {
	t.Parallel()
	s := spec(t, "graceful")
	s.StopGrace = 20 * time.Second
	h, err := Start(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := h.dialer.dial(context.Background(), "tcp", strings.TrimPrefix(h.URL(), "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// Wait until the host has the connection.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if strings.Contains(strings.Join(h.Logs(), "\n"), "conn new") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the host never saw the connection: %q", h.Logs())
		}
	}
	if err := h.Stop(); err != nil {
		t.Fatal(err)
	}
	if h.killSent.Load() || !h.status.success || !strings.Contains(strings.Join(h.Logs(), "\n"), "every connection closed") {
		t.Errorf("want a host that ended by itself (killed %v, %s):\n%s", h.killSent.Load(), h.status, strings.Join(h.Logs(), "\n"))
	}
}

func TestStartRefusesRemoteHost(t *testing.T) {
	_, err := Start(context.Background(), spec(t, "ready", "HOSTPROC_TEST_ANNOUNCE=remote"))
	if !errors.Is(err, ErrRemoteHost) || !strings.Contains(err.Error(), `host announced "http://10.255.255.1"`) {
		t.Errorf("err = %v, want the remote address refused", err)
	}
	assertNoChildren(t)

	s := spec(t, "ready", "HOSTPROC_TEST_ANNOUNCE=remote")
	s.AllowRemote = true
	h, err := Start(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Stop()
	if h.URL() != "http://10.255.255.1" {
		t.Errorf("URL() = %q with AllowRemote", h.URL())
	}
}

// TestRequestsStayOnLoopback: a request to an address off this machine is refused before it
// connects; nothing is sent there.
func TestRequestsStayOnLoopback(t *testing.T) {
	h, err := Start(context.Background(), spec(t, "ready"))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Stop()
	for _, u := range []string{"http://10.255.255.1/echo", "http://192.0.2.1:80/"} {
		req, _ := http.NewRequest(http.MethodGet, u, nil)
		if _, err := h.Do(req); !errors.Is(err, ErrRemoteHost) {
			t.Errorf("GET %s: %v, want ErrRemoteHost", u, err)
		}
	}
}

func TestAnnouncedEveryInterfaceIsReachedOnLoopback(t *testing.T) {
	h, err := Start(context.Background(), spec(t, "ready", "HOSTPROC_TEST_ANNOUNCE=any"))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Stop()
	if !strings.HasPrefix(h.URL(), "http://127.0.0.1:") {
		t.Errorf("URL() = %q, want loopback", h.URL())
	}
	if resp, err := h.Post(context.Background(), "/echo", []byte("hi")); err != nil || string(resp.Body) != "hi" {
		t.Errorf("Post = %v, %v", resp, err)
	}
}

func TestCheckURL(t *testing.T) {
	for _, tt := range []struct{ in, want, err string }{
		{"http://127.0.0.1:5252", "http://127.0.0.1:5252", ""},
		{"http://[::1]:5252", "http://[::1]:5252", ""},
		{"http://localhost:5000", "http://localhost:5000", ""},
		{"http://0.0.0.0:5252", "http://127.0.0.1:5252", ""},
		{"http://[::]:5252", "http://[::1]:5252", ""},
		{"http://10.255.255.1", "", "not on this machine"},
		{"http://example.com:80", "", "not on this machine"},
		{"ftp://127.0.0.1", "", "not an http://host:port address"},
	} {
		got, err := checkURL(tt.in, false)
		if got != tt.want || (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("checkURL(%q) = %q, %v; want %q, %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// TestOutputIsBounded: a host that writes more than the course keeps costs no more than the
// bounds, and its readiness line and later records are still found.
func TestOutputIsBounded(t *testing.T) {
	t.Parallel()
	h, err := Start(context.Background(), spec(t, "flood"))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Stop()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	recs, err := h.WaitForLog(ctx, 0, func(r LogRecord) bool { return r.Category == "Flood.Done" })
	if err != nil || len(recs) == 0 || recs[len(recs)-1].Message != "flooded" {
		t.Fatalf("WaitForLog = %v, %v", recs, err)
	}
	logs := h.Logs()
	total := 0
	for _, l := range logs {
		total += len(l)
		if len(l) > MaxLineBytes+len(cutMark) {
			t.Fatalf("a kept line of %d bytes", len(l))
		}
	}
	if len(logs) > KeepLines || total > KeepBytes {
		t.Errorf("kept %d lines, %d bytes; the bounds are %d and %d", len(logs), total, KeepLines, KeepBytes)
	}
	if end := h.LogMark(); end < 3*KeepLines {
		t.Errorf("LogMark = %d, want every line counted", end)
	}
}

func TestOutputTailCutsLongLines(t *testing.T) {
	var tail outputTail
	r := strings.NewReader(strings.Repeat("a", 3*MaxLineBytes) + "\nshort\r\n" + strings.Repeat("b", MaxLineBytes+1))
	var seen []string
	tail.readLines(r, func(l string) { seen = append(seen, l) })
	want := []string{strings.Repeat("a", MaxLineBytes) + cutMark, "short", strings.Repeat("b", MaxLineBytes) + cutMark}
	if strings.Join(seen, "|") != strings.Join(want, "|") {
		t.Errorf("lines %d, want %d: cut lines or ends wrong", len(seen), len(want))
	}
	lines, from := tail.since(1)
	if from != 1 || len(lines) != 2 || lines[0] != "short" {
		t.Errorf("since(1) = %d lines from %d", len(lines), from)
	}
}

// TestFloodHonoursTheDeadline: a host that writes without end and never announces itself is
// stopped when the caller's deadline passes, its output bounded all along, and is reaped.
func TestFloodHonoursTheDeadline(t *testing.T) {
	// The two floods wait out their deadlines together; no child of either may be left once
	// both are done. This test is not parallel, so that no other test's child is about then.
	t.Cleanup(func() { assertNoChildren(t) })
	for _, cmd := range [][]string{{"yes"}, {"cat", "/dev/zero"}} {
		t.Run(cmd[0], func(t *testing.T) {
			t.Parallel()
			if _, err := exec.LookPath(cmd[0]); err != nil {
				t.Fatalf("%s: %v", cmd[0], err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
			defer cancel()
			_, err := Start(ctx, Spec{Command: cmd})
			if err == nil || !strings.Contains(err.Error(), "start cancelled before the host was ready: context deadline exceeded") {
				t.Fatalf("err = %.300v", err)
			}
			if len(err.Error()) > 16<<10 {
				t.Errorf("the error is %d bytes long", len(err.Error()))
			}
		})
	}
}

func TestStartErrorEscapesControls(t *testing.T) {
	_, err := Start(context.Background(), Spec{Command: []string{"sh", "-c",
		`printf '\033[31mred\033[0m \302\233 bell\007 tab\there caf\303\251 \377\n'; exit 3`}})
	if err == nil {
		t.Fatal("Start succeeded")
	}
	want := `\x1b[31mred\x1b[0m \u009b bell\a tab` + "\t" + `here café \xff`
	if !strings.Contains(err.Error(), want) {
		t.Errorf("err = %q, want the line as %q", err, want)
	}
	if strings.ContainsAny(err.Error(), "\x1b\x07\u009b") {
		t.Errorf("a control character reached the error: %q", err)
	}
}

func TestEscapeControls(t *testing.T) {
	for in, want := range map[string]string{
		"plain – text → ok": "plain – text → ok",
		"\x1b]0;title\x07":  `\x1b]0;title\a`,
		"a\rb\x7f":          `a\rb\x7f`,
		"\xc3":              `\xc3`,
	} {
		if got := escapeControls(in); got != want {
			t.Errorf("escapeControls(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSupervisorModeNeedsItsChannel: started by hand, the hidden mode says what it is for.
func TestSupervisorModeNeedsItsChannel(t *testing.T) {
	exe, _ := os.Executable()
	out, err := exec.Command(exe, superviseArg, "/bin/true", "true").CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(out), "for the course's own use") {
		t.Errorf("%v: %s", err, out)
	}
}
