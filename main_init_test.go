package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// initCost is what one package's initialisation cost, as GODEBUG=inittrace=1 reports it: the
// bytes it allocated and in how many allocations. Its clock is left out: it depends on the
// machine and its load, the bytes do not.
type initCost struct {
	pkg           string
	bytes, allocs int
}

// initBudget is what the packages of the course's binary may allocate before main runs, every
// run of every command and every host child: a package's share, the few libraries that must
// build a table as they start, and the sum.
var initBudget = struct {
	bytes, allocs           int
	totalBytes, totalAllocs int
	// allowed are the packages that may build more, and why.
	allowed map[string]initCost
}{
	bytes: 32 << 10, allocs: 512,
	totalBytes: 640 << 10, totalAllocs: 4000,
	allowed: map[string]initCost{
		// The HTML entity names CommonMark resolves (`course read`'s parser).
		"github.com/yuin/goldmark/util": {bytes: 160 << 10, allocs: 600},
		// Its block and inline parsers' tables.
		"github.com/yuin/goldmark/parser": {bytes: 128 << 10, allocs: 1100},
		// The Unicode categories of .NET's character classes, which the models of GA's
		// expressions compile against.
		"github.com/dlclark/regexp2/v2/syntax": {bytes: 160 << 10, allocs: 300},
	},
}

// parseInitTrace reads the lines GODEBUG=inittrace=1 writes to standard error, one a package:
// "init PKG @T ms, C ms clock, B bytes, A allocs". Other lines are not the trace's.
func parseInitTrace(stderr string) ([]initCost, error) {
	var costs []initCost
	for line := range strings.SplitSeq(stderr, "\n") {
		if !strings.HasPrefix(line, "init ") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 11 || f[6] != "clock," || f[8] != "bytes," || f[10] != "allocs" {
			return nil, fmt.Errorf("inittrace: a line not of the form \"init PKG @T ms, C ms clock, B bytes, A allocs\": %q", line)
		}
		bytes, err1 := strconv.Atoi(f[7])
		allocs, err2 := strconv.Atoi(f[9])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("inittrace: bytes or allocs not a number: %q", line)
		}
		costs = append(costs, initCost{pkg: f[1], bytes: bytes, allocs: allocs})
	}
	return costs, nil
}

// overBudget lists each package over its share and the sum over the total, worst first.
func overBudget(costs []initCost) []string {
	var over []string
	var bytes, allocs int
	sorted := append([]initCost(nil), costs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].bytes > sorted[j].bytes })
	for _, c := range sorted {
		bytes += c.bytes
		allocs += c.allocs
		limit, ok := initBudget.allowed[c.pkg]
		if !ok {
			limit = initCost{bytes: initBudget.bytes, allocs: initBudget.allocs}
		}
		if c.bytes > limit.bytes || c.allocs > limit.allocs {
			over = append(over, fmt.Sprintf("package %s allocates %d bytes in %d allocations as the program starts, over its %d bytes and %d allocations: build what it builds on first use (internal/lazy), or leave the library out", c.pkg, c.bytes, c.allocs, limit.bytes, limit.allocs))
		}
	}
	if bytes > initBudget.totalBytes || allocs > initBudget.totalAllocs {
		over = append(over, fmt.Sprintf("the packages allocate %d bytes in %d allocations as the program starts, over the total of %d bytes and %d allocations", bytes, allocs, initBudget.totalBytes, initBudget.totalAllocs))
	}
	return over
}

// TestInitBudget builds the course, runs `course --version` with GODEBUG=inittrace=1 and holds
// each package's initialisation to the budget. The build leaves out the symbol table and the
// debugging information, a third of the link's time, which initialisation never reads.
func TestInitBudget(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "course")
	if out, err := exec.Command("go", "build", "-ldflags=-s -w", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "--version")
	cmd.Env = append(cmd.Environ(), "GODEBUG=inittrace=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if out, err := cmd.Output(); err != nil || !strings.Contains(string(out), version) {
		t.Fatalf("course --version: %v\n%s%s", err, out, stderr.String())
	}
	costs, err := parseInitTrace(stderr.String())
	if err != nil {
		t.Fatal(err)
	}
	own := 0
	for _, c := range costs {
		if strings.HasPrefix(c.pkg, "course/") {
			own++
		}
	}
	if own == 0 {
		t.Fatalf("the trace names no package of the course: not the trace of its binary?\n%s", stderr.String())
	}
	for _, o := range overBudget(costs) {
		t.Error(o)
	}
}

// TestInitBudgetCatchesAHeavyPackage checks the parser and the budget on a trace that holds a
// package as heavy as a syntax highlighter's table of languages, and one of many small ones.
func TestInitBudgetCatchesAHeavyPackage(t *testing.T) {
	trace := "course 0.1.0\n" +
		"init runtime @0.010 ms, 0.020 ms clock, 0 bytes, 0 allocs\n" +
		"init github.com/yuin/goldmark/util @1.2 ms, 0.17 ms clock, 139464 bytes, 437 allocs\n" +
		"init course/cmd/read @1.3 ms, 0.011 ms clock, 64 bytes, 2 allocs\n"
	costs, err := parseInitTrace(trace)
	if err != nil {
		t.Fatal(err)
	}
	if len(costs) != 3 || costs[1] != (initCost{"github.com/yuin/goldmark/util", 139464, 437}) {
		t.Fatalf("parsed %v", costs)
	}
	if over := overBudget(costs); len(over) > 0 {
		t.Errorf("a trace within the budget: %q", over)
	}
	heavy := trace + "init github.com/alecthomas/chroma/v2/lexers @2.5 ms, 24 ms clock, 2485336 bytes, 27817 allocs\n"
	costs, _ = parseInitTrace(heavy)
	over := overBudget(costs)
	if len(over) != 2 || !strings.Contains(over[0], "package github.com/alecthomas/chroma/v2/lexers allocates 2485336 bytes") || !strings.Contains(over[1], "the packages allocate") {
		t.Errorf("a package of 2.4 MB: %q", over)
	}
	var many strings.Builder
	for i := range 40 {
		fmt.Fprintf(&many, "init course/p%d @1 ms, 0.1 ms clock, 20000 bytes, 10 allocs\n", i)
	}
	costs, _ = parseInitTrace(many.String())
	if over := overBudget(costs); len(over) != 1 || !strings.Contains(over[0], "800000 bytes") {
		t.Errorf("40 packages of 20 kB each: %q", over)
	}
	if _, err := parseInitTrace("init course/x @1 ms, 2 ms clock, many bytes, 3 allocs\n"); err == nil {
		t.Error("a line whose bytes are no number parses")
	}
}
