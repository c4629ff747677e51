//go:build unix

package hostproc

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestProbeParent(t *testing.T) {
	const parent, course = 100, 200
	tests := []struct {
		name     string
		ppid     int    // our parent when the watch begins
		env      string // COURSE_PARENT_PID
		nowPpid  int    // our parent at the probe
		alive    []int  // processes that exist at the probe
		wantNil  bool
		wantGone bool
	}{
		{name: "started by init", ppid: 1, wantNil: true},
		{name: "started by a user", ppid: parent, nowPpid: 1, wantNil: true},
		{name: "started by init, bad env", ppid: 1, env: "x", wantNil: true},
		{name: "env names init", ppid: parent, env: "1", wantNil: true},
		{name: "parent stays", ppid: parent, env: strconv.Itoa(parent), nowPpid: parent, alive: []int{parent}},
		{name: "re-parented to init", ppid: parent, env: strconv.Itoa(parent), nowPpid: 1, wantGone: true},
		{name: "re-parented to a subreaper", ppid: parent, env: strconv.Itoa(parent), nowPpid: 42, wantGone: true},
		{name: "launcher and course alive", ppid: parent, env: strconv.Itoa(course), nowPpid: parent, alive: []int{course}},
		{name: "launcher alive, course gone", ppid: parent, env: strconv.Itoa(course), nowPpid: parent, wantGone: true},
		{name: "orphaned before watching", ppid: 1, env: strconv.Itoa(course), nowPpid: 1, wantGone: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			probe := probeParent(tt.ppid, tt.env, func() int { return tt.nowPpid },
				func(pid int) bool { return slices.Contains(tt.alive, pid) })
			if (probe == nil) != tt.wantNil {
				t.Fatalf("probe nil = %v, want %v", probe == nil, tt.wantNil)
			}
			if probe != nil && probe() != tt.wantGone {
				t.Errorf("gone = %v, want %v", !tt.wantGone, tt.wantGone)
			}
		})
	}
}

func TestProcessExists(t *testing.T) {
	if !processExists(os.Getpid()) {
		t.Error("this process does not exist")
	}
	if !processExists(1) {
		t.Error("init does not exist (or is not reported when we may not signal it)")
	}
	if processExists(deadPid(t)) {
		t.Error("an exited, reaped process exists")
	}
}

func TestSetProcAttrMarksParent(t *testing.T) {
	want := parentPIDVar + "=" + strconv.Itoa(os.Getpid())
	for _, env := range [][]string{{"A=1", parentPIDVar + "=7"}, nil} {
		cmd := exec.Command("true")
		cmd.Env = env
		setProcAttr(cmd)
		if !cmd.SysProcAttr.Setpgid {
			t.Error("child not in a process group of its own")
		}
		if got := cmd.Env[len(cmd.Env)-1]; got != want {
			t.Errorf("Env = %q, want it to end with %q", cmd.Env, want)
		}
		if env == nil && len(cmd.Env) != len(os.Environ())+1 {
			t.Errorf("a nil Env became %d entries, want the inherited %d and ours", len(cmd.Env), len(os.Environ()))
		}
		if env != nil && env[0] != "A=1" {
			t.Error("the caller's Env was changed")
		}
	}
}

// watchRoleVar makes TestWatchParentHelper act as one of the processes below.
const watchRoleVar = "HOSTPROC_WATCH_ROLE"

// TestWatchParentHelper is not a test: it is the body of the processes the
// WatchParent tests start. "leaf" watches its parent and reports when it is
// gone; "middle" starts a leaf without any parent-death signal and waits, as a course that
// names itself in COURSE_PARENT_PID; "shell" does the same as a user's shell, which does not.
func TestWatchParentHelper(t *testing.T) {
	role := os.Getenv(watchRoleVar)
	if role == "" {
		t.Skip("run as a child process by the WatchParent tests")
	}
	safety := time.After(20 * time.Second) // never outlive a failed test for long
	switch role {
	case "leaf":
		// The leaf names itself: were the middle to print the pid, "watching" could come first.
		fmt.Println("leaf pid", os.Getpid())
		ctx := WatchParent(context.Background())
		fmt.Println("watching")
		select {
		case <-ctx.Done():
			fmt.Println("stopped:", context.Cause(ctx))
		case <-safety:
			fmt.Println("still watching after 20s")
		}
	case "middle", "shell":
		leaf := watchHelper(t, "leaf")
		if role == "middle" {
			leaf.Env = append(leaf.Env, parentPIDVar+"="+strconv.Itoa(os.Getpid()))
		}
		leaf.Stdout = os.Stdout
		if err := leaf.Start(); err != nil {
			fmt.Println("start leaf:", err)
			os.Exit(1)
		}
		<-safety
	}
	os.Exit(0)
}

// watchHelper is a command running this test binary as TestWatchParentHelper in role.
func watchHelper(t testing.TB, role string, env ...string) *exec.Cmd {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestWatchParentHelper$")
	base := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, parentPIDVar+"=") })
	cmd.Env = append(append(base, watchRoleVar+"="+role), env...)
	return cmd
}

// startLines starts cmd with its stdout on a pipe and returns the lines every
// writer to that pipe prints; the channel closes when the last one exits.
func startLines(t *testing.T, cmd *exec.Cmd) <-chan string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = w
	cmd.Stderr = os.Stderr
	err = cmd.Start()
	w.Close()
	if err != nil {
		r.Close()
		t.Fatal(err)
	}
	lines := make(chan string, 16)
	go func() {
		defer close(lines)
		defer r.Close()
		br := bufio.NewReader(r)
		for {
			l, err := br.ReadString('\n')
			if l != "" {
				lines <- strings.TrimSuffix(l, "\n")
			}
			if err == io.EOF || err != nil {
				return
			}
		}
	}()
	return lines
}

// expectLine waits for a line with prefix and returns the rest of it.
func expectLine(t *testing.T, lines <-chan string, prefix string, within time.Duration) string {
	t.Helper()
	deadline := time.After(within)
	var other []string
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("output ended without a %q line (it said %q)", prefix, other)
			}
			if rest, found := strings.CutPrefix(l, prefix); found {
				return rest
			}
			other = append(other, l)
		case <-deadline:
			t.Fatalf("no %q line within %v (it said %q)", prefix, within, other)
		}
	}
}

// deadPid returns the pid of a process that has exited and been reaped.
func deadPid(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestWatchParentSeesParentKilled is the macOS case run for real: a host's
// parent is killed outright and nothing but WatchParent can tell the host.
func TestWatchParentSeesParentKilled(t *testing.T) {
	t.Parallel()
	middle := watchHelper(t, "middle")
	lines := startLines(t, middle)
	leafPid, _ := strconv.Atoi(expectLine(t, lines, "leaf pid ", 30*time.Second))
	t.Cleanup(func() { syscall.Kill(leafPid, syscall.SIGKILL) })
	expectLine(t, lines, "watching", 30*time.Second) // a slow start on a loaded machine is no failure
	if err := middle.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	middle.Wait()
	// Noticing takes a poll or so; the bound is only there so a leaf that never notices fails.
	if got := expectLine(t, lines, "stopped: ", 10*time.Second); got != ErrParentGone.Error() {
		t.Errorf("leaf stopped with %q, want %q", got, ErrParentGone)
	}
}

func TestWatchParentCourseVariable(t *testing.T) {
	t.Parallel()
	t.Run("course gone before watching", func(t *testing.T) {
		t.Parallel()
		leaf := watchHelper(t, "leaf", parentPIDVar+"="+strconv.Itoa(deadPid(t)))
		lines := startLines(t, leaf)
		if got := expectLine(t, lines, "stopped: ", 5*time.Second); got != ErrParentGone.Error() {
			t.Errorf("leaf stopped with %q, want %q", got, ErrParentGone)
		}
		leaf.Wait()
	})
	t.Run("course alive behind a launcher", func(t *testing.T) {
		t.Parallel()
		// Our own parent (go test, or a shell) plays the course; we are the launcher.
		leaf := watchHelper(t, "leaf", parentPIDVar+"="+strconv.Itoa(os.Getppid()))
		lines := startLines(t, leaf)
		expectLine(t, lines, "watching", 10*time.Second)
		select {
		case l := <-lines:
			t.Errorf("leaf said %q while its course and parent live", l)
		case <-time.After(3 * parentPoll):
		}
		leaf.Process.Kill()
		leaf.Wait()
	})
}

// TestUserHostOutlivesItsShell: a host a user started (`course host` from a shell, nohup or
// not) is no course's host, and keeps serving when the shell that started it exits.
func TestUserHostOutlivesItsShell(t *testing.T) {
	t.Parallel()
	shell := watchHelper(t, "shell")
	lines := startLines(t, shell)
	leafPid, _ := strconv.Atoi(expectLine(t, lines, "leaf pid ", 10*time.Second))
	t.Cleanup(func() { syscall.Kill(leafPid, syscall.SIGKILL) })
	expectLine(t, lines, "watching", 10*time.Second)
	if err := shell.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	shell.Wait()
	select {
	case l, ok := <-lines:
		if ok {
			t.Errorf("the host said %q when its shell exited; want it to keep serving", l)
		}
	case <-time.After(5 * parentPoll):
	}
}
