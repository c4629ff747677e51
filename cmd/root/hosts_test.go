package root

import (
	"bytes"
	"context"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
	"time"

	"course/hostproc"
)

// heapCeiling is the most heap a lesson may hold against a host that sends without end: a few
// times hostproc.MaxResponseBytes. A lesson that reads on is stopped there, so a failing test
// costs the machine no more.
const heapCeiling = 256 << 20

// TestLessonBoundsAnEndlessHost runs lesson 6 against real hosts over loopback that answer with
// a body, or a stream, that never ends: the lesson stops at the response limit, says so, and
// holds its memory, long before its deadline.
func TestLessonBoundsAnEndlessHost(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	limit := strconv.Itoa(hostproc.MaxResponseBytes>>20) + " MiB"
	for _, child := range []string{"endless-body-host", "endless-stream-host"} {
		t.Run(child, func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			runtime.GC() // the garbage of the case before is not this one's
			over := make(chan uint64, 1)
			go watchHeap(ctx, heapCeiling, func(n uint64) { over <- n; cancel() })
			start := time.Now()
			root := NewRootCmd("test")
			root.SetOut(&bytes.Buffer{})
			root.SetErr(&bytes.Buffer{})
			root.SetArgs([]string{"l6", "--host-cmd", strconv.Quote(exe) + " " + child, "--timeout", "60s"})
			err := root.ExecuteContext(ctx)
			took := time.Since(start)
			select {
			case n := <-over:
				t.Fatalf("the lesson grew past %d MiB of heap (%d MiB) reading an endless response; error %v", heapCeiling>>20, n>>20, err)
			default:
			}
			if err == nil || !strings.Contains(err.Error(), limit) || !strings.Contains(err.Error(), "bytes read)") {
				t.Fatalf("error %v, want one that names the %s limit and the bytes read", err, limit)
			}
			// The deadline is a minute away; the limit ends the lesson in well under a second.
			if took > 30*time.Second {
				t.Errorf("the lesson took %v to stop", took)
			}
		})
	}
}

// watchHeap samples the heap's objects every millisecond until ctx ends, and calls over once if
// they pass ceiling.
func watchHeap(ctx context.Context, ceiling uint64, over func(uint64)) {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		metrics.Read(s)
		if n := s[0].Value.Uint64(); n > ceiling {
			over(n)
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
