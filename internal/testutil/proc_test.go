package testutil

import (
	"os"
	"os/exec"
	"slices"
	"testing"
)

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
