//go:build windows

package hostproc

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/windows"
)

// winRoleVar makes TestWindowsHelper act as one of the processes below.
const winRoleVar = "HOSTPROC_WINDOWS_ROLE"

// TestWindowsHelper is not a test: it is the body of the processes the
// Windows tests start. "host" serves and announces itself like ASP.NET and
// leaves on Ctrl+Break; "tree" does the same after starting a "sleeper"
// grandchild; "course" starts a "tree" host through Start and waits.
func TestWindowsHelper(t *testing.T) {
	role := os.Getenv(winRoleVar)
	if role == "" {
		t.Skip("run as a child process by the Windows tests")
	}
	safety := time.After(30 * time.Second) // never outlive a failed test for long
	switch role {
	case "sleeper":
		<-safety
	case "host", "tree":
		if role == "tree" {
			gc := winHelper(t, "sleeper")
			if err := gc.Start(); err != nil {
				fmt.Println("start grandchild:", err)
				os.Exit(4)
			}
			fmt.Println("grandchild pid", gc.Process.Pid)
		}
		interrupt := make(chan os.Signal, 1)
		signal.Notify(interrupt, os.Interrupt)
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			fmt.Println("listen:", err)
			os.Exit(4)
		}
		go http.Serve(ln, http.NotFoundHandler())
		fmt.Printf("      Now listening on: http://%s\n", ln.Addr())
		select {
		case <-interrupt:
			fmt.Println("      Application is shutting down...")
		case <-safety:
		}
	case "course":
		h, err := Start(context.Background(), winSpec(t, "tree"))
		if err != nil {
			fmt.Println("start:", err)
			os.Exit(4)
		}
		fmt.Println("host pid", h.Pid())
		for _, l := range h.Logs() {
			fmt.Println(l)
		}
		<-safety
	}
	os.Exit(0)
}

func winHelper(t testing.TB, role string) *exec.Cmd {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestWindowsHelper$")
	cmd.Env = append(os.Environ(), winRoleVar+"="+role)
	return cmd
}

func winSpec(t testing.TB, role string) Spec {
	cmd := winHelper(t, role)
	return Spec{Command: cmd.Args, Env: []string{winRoleVar + "=" + role}, StopGrace: time.Second}
}

// waitGone waits until pid has exited, or fails the test.
func waitGone(t *testing.T, pid int, within time.Duration) {
	t.Helper()
	h, err := windows.OpenProcess(windows.SYNCHRONIZE, false, uint32(pid))
	if err != nil {
		return // no such process any more
	}
	defer windows.CloseHandle(h)
	ev, err := windows.WaitForSingleObject(h, uint32(within/time.Millisecond))
	if err != nil || ev != windows.WAIT_OBJECT_0 {
		t.Fatalf("process %d still running after %v (wait: %d, %v)", pid, within, ev, err)
	}
}

func logPid(t *testing.T, logs []string, prefix string) int {
	t.Helper()
	for _, l := range logs {
		if v, ok := strings.CutPrefix(l, prefix+" "); ok {
			if pid, err := strconv.Atoi(v); err == nil {
				return pid
			}
		}
	}
	t.Fatalf("no %q line in %q", prefix, logs)
	return 0
}

func TestWindowsStopEndsTheTree(t *testing.T) {
	h, err := Start(context.Background(), winSpec(t, "tree"))
	if err != nil {
		t.Fatal(err)
	}
	gc := logPid(t, h.Logs(), "grandchild pid")
	if err := h.Stop(); err != nil {
		t.Errorf("Stop: %v", err)
	}
	waitGone(t, h.Pid(), 5*time.Second)
	waitGone(t, gc, 5*time.Second)
	if _, ok := jobs.Load(h.proc.(*directProcess).cmd.Process); ok {
		t.Error("the job handle is still held after Stop")
	}
}

func TestWindowsStopIsGracefulWithAConsole(t *testing.T) {
	h, err := Start(context.Background(), winSpec(t, "host"))
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Stop(); err != nil {
		t.Errorf("Stop: %v", err)
	}
	logs := h.Logs()
	graceful := logs[len(logs)-1] == "      Application is shutting down..."
	if cp, err := windows.GetConsoleCP(); err != nil || cp == 0 {
		// Without a console there is no Ctrl+Break to send; the job ends the host.
		t.Logf("no console: the host was ended by its job (graceful=%v)", graceful)
		return
	}
	if !graceful {
		t.Errorf("host did not shut down on Ctrl+Break; logs %q", logs)
	}
}

// TestWindowsCourseKilledEndsHost kills a course outright; only the job
// object's kill-on-close can then end the host and its grandchild.
func TestWindowsCourseKilledEndsHost(t *testing.T) {
	course := winHelper(t, "course")
	out, err := course.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := course.Start(); err != nil {
		t.Fatal(err)
	}
	var lines []string
	buf := make([]byte, 4096)
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(strings.Join(lines, "\n"), "grandchild pid") && time.Now().Before(deadline) {
		n, err := out.Read(buf)
		lines = append(lines, strings.Split(strings.ReplaceAll(string(buf[:n]), "\r", ""), "\n")...)
		if err != nil {
			break
		}
	}
	host := logPid(t, lines, "host pid")
	gc := logPid(t, lines, "grandchild pid")
	if err := course.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	course.Wait()
	waitGone(t, host, 5*time.Second)
	waitGone(t, gc, 5*time.Second)
}

func TestWindowsClosedPort(t *testing.T) {
	cp, err := NewClosedPort()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(cp.Addr(), "127.0.0.1:") || strings.HasSuffix(cp.Addr(), ":0") {
		t.Fatalf("Addr() = %q", cp.Addr())
	}
	if _, err := net.DialTimeout("tcp", cp.Addr(), 10*time.Second); !errors.Is(err, windows.WSAECONNREFUSED) {
		t.Errorf("dial: %v, want WSAECONNREFUSED", err)
	}
	if ln, err := net.Listen("tcp", cp.Addr()); err == nil {
		ln.Close()
		t.Error("another socket could listen on the held port")
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

func TestWindowsStopExitCodes(t *testing.T) {
	tests := []struct {
		code uint32
		want bool
	}{
		{uint32(windows.STATUS_CONTROL_C_EXIT), true},
		{killedExitCode, true},
		{0, false},
		{1, false},
		{7, false},
	}
	for _, tt := range tests {
		if got := isStopExitCode(tt.code); got != tt.want {
			t.Errorf("isStopExitCode(%#x) = %v, want %v", tt.code, got, tt.want)
		}
	}
}
