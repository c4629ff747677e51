package lessons

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"course/hostproc"
)

// processTable maps the pid of every process on the system to its parent's, from /proc where
// the system has it and from ps(1) where it does not. It fails the test when it can do neither:
// a check of the processes that cannot look must not pass.
func processTable(t *testing.T) map[int]int {
	t.Helper()
	if table, ok := procTable(); ok {
		return table
	}
	table, err := psTable()
	if err != nil {
		t.Fatalf("cannot list processes: no /proc, and ps: %v", err)
	}
	return table
}

// procTable reads /proc; ok is false on a system without it.
func procTable() (map[int]int, bool) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		return nil, false
	}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	table := map[int]int{}
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue // the process ended while we looked
		}
		// The command name in parentheses may hold spaces; the fields after it do not.
		i := bytes.LastIndexByte(b, ')')
		f := strings.Fields(string(b[i+1:]))
		if i < 0 || len(f) < 2 {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
		ppid, _ := strconv.Atoi(f[1])
		table[pid] = ppid
	}
	return table, true
}

// psTable asks ps(1), which every Unix has, Linux without /proc and macOS included.
func psTable() (map[int]int, error) {
	out, err := exec.Command("ps", "-A", "-o", "pid=", "-o", "ppid=").Output()
	if err != nil {
		return nil, err
	}
	table := map[int]int{}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) != 2 {
			continue
		}
		pid, err1 := strconv.Atoi(f[0])
		ppid, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("unreadable ps line %q", line)
		}
		table[pid] = ppid
	}
	if len(table) == 0 {
		return nil, errors.New("ps listed no process")
	}
	return table, nil
}

// childrenIn returns the pids whose parent is pid in table, and with all set, their children
// and so on down.
func childrenIn(table map[int]int, pid int, all bool) []int {
	var out []int
	for p, pp := range table {
		if pp == pid {
			out = append(out, p)
			if all {
				out = append(out, childrenIn(table, p, true)...)
			}
		}
	}
	slices.Sort(out)
	return out
}

// descendants returns every process below this one: children, their children and so on.
func descendants(t *testing.T) []int {
	t.Helper()
	return childrenIn(processTable(t), os.Getpid(), true)
}

// assertNoChildren fails the test when a process started by this one is still there.
func assertNoChildren(t *testing.T) {
	t.Helper()
	if kids := childrenIn(processTable(t), os.Getpid(), false); len(kids) > 0 {
		t.Errorf("a child of the test is still there: %v", kids)
	}
}

// TestProcessListsSeeAChild checks both ways of listing processes on a real child, so that
// assertNoChildren can fail wherever it runs.
func TestProcessListsSeeAChild(t *testing.T) {
	child := exec.Command("sleep", "60")
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { child.Process.Kill(); child.Wait() }()
	ps, err := psTable()
	if err != nil {
		t.Fatal(err)
	}
	tables := map[string]map[int]int{"ps": ps}
	if proc, ok := procTable(); ok {
		tables["/proc"] = proc
	}
	for name, table := range tables {
		if !slices.Contains(childrenIn(table, os.Getpid(), false), child.Process.Pid) {
			t.Errorf("%s does not list child %d", name, child.Process.Pid)
		}
	}
}

// TestRemoteHostIsRefused: a host that announces an address off this machine ends the lesson
// with an error that names the flag allowing it, and nothing is left running.
func TestRemoteHostIsRefused(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err = runL6(t.Context(), &L6Options{Out: &out, Host: HostOptions{Cmd: strconv.Quote(exe) + " remote-host"}})
	if !errors.Is(err, hostproc.ErrRemoteHost) || !strings.Contains(err.Error(), "--allow-remote-host") {
		t.Errorf("l6 with a remote host: %v", err)
	}
	assertNoChildren(t)
}
