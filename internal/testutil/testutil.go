// Package testutil is what the course's tests share on the ground floor: running one command
// under a root as the course has it, reading a lesson's sections, the line diff a failed snapshot
// shows, the heap a run takes, the processes a test left, and the rule that a pseudo-terminal
// test skips only where CI does not require one. The test binary as the hosts the tests start is
// gahost/hosttest; the browser's rule is stream/browser/browsertest.
package testutil

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sergi/go-diff/diffmatchpatch"

	"course/internal/report"
	"course/internal/textdiff"
)

// SkipWithoutPty skips a test that needs a pseudo-terminal where none could be opened, with
// the reason; CI, on Linux, which always has /dev/ptmx, sets COURSE_REQUIRE_PTY, so there it fails.
func SkipWithoutPty(t testing.TB, err error) {
	t.Helper()
	if os.Getenv("COURSE_REQUIRE_PTY") != "" {
		t.Fatalf("COURSE_REQUIRE_PTY is set, and no pseudo-terminal opens: %v", err)
	}
	t.Skipf("no pseudo-terminals here: %v", err)
}

// LineDiff renders a line diff of want and got: "- " for lines only in want, "+ " for lines only
// in got, and up to diffContext unchanged lines around each change.
func LineDiff(want, got string) string {
	diffs := textdiff.Lines(want, got)
	var out strings.Builder
	for i, d := range diffs {
		text := strings.Split(strings.TrimSuffix(d.Text, "\n"), "\n")
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			writePrefixed(&out, "- ", text)
		case diffmatchpatch.DiffInsert:
			writePrefixed(&out, "+ ", text)
		default:
			head, tail := 0, 0
			if i > 0 {
				head = diffContext
			}
			if i < len(diffs)-1 {
				tail = diffContext
			}
			if head+tail >= len(text) {
				writePrefixed(&out, "  ", text)
				continue
			}
			writePrefixed(&out, "  ", text[:head])
			out.WriteString("  ...\n")
			writePrefixed(&out, "  ", text[len(text)-tail:])
		}
	}
	return out.String()
}

// diffContext is how many unchanged lines lineDiff shows on each side of a change.
const diffContext = 3

func writePrefixed(b *strings.Builder, prefix string, lines []string) {
	for _, l := range lines {
		b.WriteString(prefix + l + "\n")
	}
}

// OverWide lists the lines of out wider than width, with their widths.
func OverWide(out string, width int) []string {
	var wide []string
	for l := range strings.SplitSeq(out, "\n") {
		if w := report.Width(l); w > width {
			wide = append(wide, l)
		}
	}
	return wide
}

// shared holds, by key, the outputs Shared computed.
var shared sync.Map // string -> *sharedRun

type sharedRun struct {
	once sync.Once
	out  string
	err  error
}

// Shared runs run once per key in a test binary and gives every caller its output: several tests
// read the output of one command line as it is (a snapshot, the width checks, the browser's
// rows), so a package starts that command's hosts and Chromium once.
func Shared(key string, run func() (string, error)) (string, error) {
	v, _ := shared.LoadOrStore(key, &sharedRun{})
	r := v.(*sharedRun)
	r.once.Do(func() { r.out, r.err = run() })
	return r.out, r.err
}

// PeakHeapGrowth is how far the heap grew above what was live before f, at its peak while f
// ran: what f itself held, whatever other tests of the binary keep alive.
func PeakHeapGrowth(f func()) uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: heapObjects}}
	metrics.Read(s)
	before := s[0].Value.Uint64()
	peak := PeakHeap(f)
	if peak < before {
		return 0
	}
	return peak - before
}

// heapObjects is the runtime metric the heap samplers read: the bytes of live and unswept objects.
const heapObjects = "/memory/classes/heap/objects:bytes"

// HeapInUse is the heap's live and unswept objects now, after a collection.
func HeapInUse() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: heapObjects}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// PeakHeap runs f while it samples the heap's live and unswept objects every half millisecond,
// and returns the most it saw.
func PeakHeap(f func()) uint64 {
	runtime.GC()
	stop, peak := make(chan struct{}), make(chan uint64)
	go func() {
		s := []metrics.Sample{{Name: heapObjects}}
		var p uint64
		tick := time.NewTicker(500 * time.Microsecond)
		defer tick.Stop()
		for {
			metrics.Read(s)
			p = max(p, s[0].Value.Uint64())
			select {
			case <-stop:
				peak <- p
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(stop)
	return <-peak
}

// Stderr runs f with the process's standard error in a file and returns what f wrote there, for
// the code that writes to os.Stderr itself, as --verbose's lines do.
func Stderr(t testing.TB, f func()) string {
	t.Helper()
	file, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	saved := os.Stderr
	os.Stderr = file
	defer func() { os.Stderr = saved }()
	f()
	b, err := os.ReadFile(file.Name())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
