package testutil

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
)

// processTable maps the pid of every process on the system to its parent's, from /proc where
// the system has it and from ps(1) where it does not. It fails the test when it can do neither:
// a check of the processes that cannot look must not pass.
func processTable(t testing.TB) map[int]int {
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

// Descendants returns every process below this one: children, their children and so on.
func Descendants(t testing.TB) []int {
	t.Helper()
	return childrenIn(processTable(t), os.Getpid(), true)
}

// AssertNoChildren fails the test when a process started by this one is still there.
func AssertNoChildren(t testing.TB) {
	t.Helper()
	if kids := childrenIn(processTable(t), os.Getpid(), false); len(kids) > 0 {
		t.Errorf("a child of the test is still there: %v", kids)
	}
}
