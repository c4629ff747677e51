//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"course/hostproc"
)

// startLesson starts the course on lesson 6 with a host command whose shell writes a pid
// to a file, and returns the running course and that pid once it is there.
func startLesson(t *testing.T, hostScript string) (*exec.Cmd, *bytes.Buffer, int) {
	t.Helper()
	pidFile := filepath.Join(t.TempDir(), "pid")
	script := strings.ReplaceAll(hostScript, "PIDFILE", pidFile)
	cmd := courseCommand(t, "l6", "--host-cmd", "sh -c "+strconv.Quote(script), "--timeout", "60s")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &bytes.Buffer{}, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile(pidFile)
		if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && perr == nil && strings.HasSuffix(string(b), "\n") {
			t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
			return cmd, &stderr, pid
		}
		if time.Now().After(deadline) {
			t.Fatalf("the host never wrote its pid; course stderr: %s", stderr.String())
		}
	}
}

// running reports whether pid is a process that has not yet exited (a zombie has).
func running(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	out, err := exec.Command("ps", "-o", "stat=", "-p", strconv.Itoa(pid)).Output()
	return err == nil && len(bytes.TrimSpace(out)) > 0 && !bytes.HasPrefix(bytes.TrimSpace(out), []byte("Z"))
}

func waitGone(t *testing.T, pid int, within time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(within); running(pid); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("process %d still running %v after the course ended", pid, within)
		}
	}
}

// TestSignalsEndTheCourse: SIGINT and SIGTERM while a lesson waits for its host end the course
// with 130 and 143, a message that names the signal, and the host gone.
func TestSignalsEndTheCourse(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		sig  syscall.Signal
		code int
		msg  string
	}{
		{syscall.SIGINT, 130, "course: interrupted (SIGINT)\n"},
		{syscall.SIGTERM, 143, "course: terminated (SIGTERM)\n"},
		{syscall.SIGHUP, 129, "course: hung up (SIGHUP)\n"},
	} {
		t.Run(tt.sig.String(), func(t *testing.T) {
			t.Parallel()
			course, stderr, host := startLesson(t, "echo $$ > PIDFILE; exec sleep 100")
			sent := time.Now()
			if err := course.Process.Signal(tt.sig); err != nil {
				t.Fatal(err)
			}
			err := course.Wait()
			t.Logf("%v to exit: %v", tt.sig, time.Since(sent))
			// A host slow to go on a loaded machine makes the course say that it is stopping it.
			said := strings.TrimPrefix(stderr.String(), "course: stopping the host; a second Ctrl-C ends it now\n")
			if got := exitCode(err); got != tt.code || said != tt.msg {
				t.Errorf("exit %d, stderr %q; want %d and %q", got, stderr.String(), tt.code, tt.msg)
			}
			waitGone(t, host, 10*time.Second)
		})
	}
}

// stubbornHost is a host script that ignores SIGTERM, writes its pid to PIDFILE and never listens.
const stubbornHost = "trap '' TERM; echo $$ > PIDFILE; exec sleep 100"

// TestStubbornHostOnCtrlC: a host that ignores SIGTERM makes the first Ctrl-C say at once that
// the host is being stopped and that a second one ends it; the second ends the course, and the
// host goes with it.
func TestStubbornHostOnCtrlC(t *testing.T) {
	t.Parallel()
	pidFile := filepath.Join(t.TempDir(), "pid")
	cmd := courseCommand(t, "l6", "--host-cmd", "sh -c "+strconv.Quote(strings.ReplaceAll(stubbornHost, "PIDFILE", pidFile)), "--timeout", "60s")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	host := 0
	for deadline := time.Now().Add(20 * time.Second); host == 0; time.Sleep(10 * time.Millisecond) {
		if b, err := os.ReadFile(pidFile); err == nil && bytes.HasSuffix(b, []byte("\n")) {
			host, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		}
		if time.Now().After(deadline) {
			t.Fatal("the host never wrote its pid")
		}
	}
	t.Cleanup(func() { syscall.Kill(host, syscall.SIGKILL) })
	lines := make(chan string)
	go func() {
		defer close(lines)
		for sc := bufio.NewScanner(stderr); sc.Scan(); {
			lines <- sc.Text()
		}
	}()
	cmd.Process.Signal(syscall.SIGINT)
	// The host has 6 s to stop by itself; the notice comes long before.
	select {
	case l := <-lines:
		if l != "course: stopping the host; a second Ctrl-C ends it now" {
			t.Fatalf("after Ctrl-C the course says %q", l)
		}
	case <-time.After(4 * time.Second):
		t.Fatal("after Ctrl-C, nothing said for 4 s while the host is being stopped")
	}
	sent := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	for range lines {
	}
	err = cmd.Wait()
	if time.Since(sent) > 4*time.Second {
		t.Errorf("the second Ctrl-C took %v to end the course", time.Since(sent))
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGINT {
		t.Errorf("after the second Ctrl-C: %v, want the end by SIGINT", err)
	}
	waitGone(t, host, 10*time.Second)
}

// TestTimeoutHoldsWithAStubbornHost: --timeout is the whole run, the stop of a host that ignores
// SIGTERM included; the stop's grace (hostproc.DefaultStopGrace, 6 s) does not come on top of it.
// The run is timed against the same run with a host that goes at SIGTERM, in turn, so that a
// loaded machine slows both alike: the stubborn host may cost a little more, never the grace.
// The other tests run beside the pair, which spends its 4 s waiting on the two deadlines: a
// load that changes between its runs moves a start by tenths of a second, not the 3 s the
// grace's half allows.
func TestTimeoutHoldsWithAStubbornHost(t *testing.T) {
	t.Parallel()
	timed := func(host string) time.Duration {
		cmd := courseCommand(t, "l6", "--host-cmd", host, "--timeout", "2s")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		start := time.Now()
		err := cmd.Run()
		took := time.Since(start)
		if exitCode(err) != 1 || !strings.Contains(stderr.String(), "--timeout 2s") {
			t.Errorf("host %q: exit %v, stderr %q; want 1 and the deadline", host, err, stderr.String())
		}
		return took
	}
	script := strings.ReplaceAll(stubbornHost, "PIDFILE", filepath.Join(t.TempDir(), "pid"))
	polite := timed("sleep 100")
	stubborn := timed("sh -c " + strconv.Quote(script))
	if stubborn-polite > hostproc.DefaultStopGrace/2 {
		t.Errorf("--timeout 2s took %v with a host that ignores SIGTERM, %v with one that goes: the grace came on top", stubborn, polite)
	}
}

// TestSignalsInTheFirstMilliseconds signals the course at the first moment its own packages
// start to initialise, long before main, which the runtime's init trace marks on stderr: the
// course still ends with 130 or 143 and its message, not by the signal.
func TestSignalsInTheFirstMilliseconds(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		sig  syscall.Signal
		code int
		msg  string
	}{
		{syscall.SIGINT, 130, "course: interrupted (SIGINT)\n"},
		{syscall.SIGTERM, 143, "course: terminated (SIGTERM)\n"},
	} {
		for run := range 3 {
			t.Run(fmt.Sprintf("%v/%d", tt.sig, run), func(t *testing.T) {
				t.Parallel()
				cmd := courseCommand(t, "l6", "--host-cmd", "sleep 100", "--timeout", "60s")
				// The processes the course starts trace too, into the host output it keeps to itself.
				cmd.Env = append(cmd.Env, "GODEBUG=inittrace=1")
				stderr, err := cmd.StderrPipe()
				if err != nil {
					t.Fatal(err)
				}
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
				var rest bytes.Buffer
				sc := bufio.NewScanner(stderr)
				sent := false
				for sc.Scan() {
					line := sc.Text()
					// The package that catches the signals has initialised, among the first of the
					// course's; main is still far off.
					if !sent && strings.HasPrefix(line, "init course/internal/stopsignal ") {
						if err := cmd.Process.Signal(tt.sig); err != nil {
							t.Fatal(err)
						}
						sent = true
					}
					if !strings.HasPrefix(line, "init ") {
						rest.WriteString(line + "\n")
					}
				}
				err = cmd.Wait()
				if !sent {
					t.Fatalf("no package of the course in the init trace; stderr %q", rest.String())
				}
				if got := exitCode(err); got != tt.code || rest.String() != tt.msg {
					t.Errorf("exit %d (%v), stderr %q; want %d and %q", got, err, rest.String(), tt.code, tt.msg)
				}
			})
		}
	}
}

// TestKilledCourseTakesLaunchedHostAlong: SIGKILL of the course, with the host started through
// a launcher as `dotnet run` starts GaChatbot.Api, leaves no host behind.
func TestKilledCourseTakesLaunchedHostAlong(t *testing.T) {
	t.Parallel()
	course, _, host := startLesson(t, "sleep 100 & echo $! > PIDFILE; wait")
	if !running(host) {
		t.Fatalf("host %d is not running", host)
	}
	sent := time.Now()
	if err := course.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	course.Wait()
	waitGone(t, host, 10*time.Second)
	t.Logf("SIGKILL of the course to the host's end: %v", time.Since(sent))
}

// TestUserHostWarnsWhenReachable: `course host` bound to every interface says so on stderr.
func TestUserHostWarnsWhenReachable(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		urls string
		warn bool
	}{
		{"http://0.0.0.0:0", true},
		{"http://*:0", true},
		{"http://[::]:0", true},
		{"http://:0", true},
		{"http://127.0.0.1:0", false},
		{"http://localhost:0", false},
	} {
		t.Run(tt.urls, func(t *testing.T) {
			t.Parallel()
			cmd := courseCommand(t, "host", "--urls", tt.urls)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 4096)
			var seen []byte
			for !bytes.Contains(seen, []byte("Now listening on:")) {
				n, err := out.Read(buf)
				seen = append(seen, buf[:n]...)
				if err != nil {
					break
				}
			}
			cmd.Process.Signal(syscall.SIGINT)
			err = cmd.Wait()
			if exitCode(err) != 0 {
				t.Errorf("course host after SIGINT: %v (stderr %q)", err, stderr.String())
			}
			warned := strings.Contains(stderr.String(), "warning: "+tt.urls+" listens on every network interface")
			if warned != tt.warn {
				t.Errorf("--urls %s: stderr %q, want a warning: %v", tt.urls, stderr.String(), tt.warn)
			}
		})
	}
}
