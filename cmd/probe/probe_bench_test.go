//go:build unix

package probe

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"course/internal/testutil"
	"course/stream/probe"
)

// probe100kStreams are streams of 100,000 tiny events, the last one [DONE], that fit the
// probe's default bounds (probe.DefaultMaxEvents events, probe.DefaultMaxBytes bytes): text
// tokens, and the same tokens as JSON objects, the shape most model APIs stream.
var probe100kStreams = []struct {
	name  string
	event func(i int) string
}{
	{"text-events", func(i int) string { return fmt.Sprintf("data: t%d\n\n", i%10) }},
	{"json-events", func(i int) string { return fmt.Sprintf("data: {\"type\":\"token\",\"text\":\"t%d\"}\n\n", i%10) }},
}

// serveStream answers every request with body as an event stream, in 32 KiB flushes.
func serveStream(tb testing.TB, body []byte) string {
	tb.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		rc := http.NewResponseController(w)
		for off := 0; off < len(body); off += 32 << 10 {
			if _, err := w.Write(body[off:min(off+32<<10, len(body))]); err != nil {
				return
			}
			if rc.Flush() != nil {
				return
			}
		}
	}))
	tb.Cleanup(srv.Close)
	return srv.URL
}

// processCPU is the CPU time, user and system, the test process has used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// stream100k is 100,000 events of the shape, the last one [DONE].
func stream100k(tb testing.TB, event func(int) string) []byte {
	var b strings.Builder
	for i := range probe.DefaultMaxEvents - 1 {
		b.WriteString(event(i))
	}
	b.WriteString("data: [DONE]\n\n")
	if b.Len() > probe.DefaultMaxBytes {
		tb.Fatalf("the stream is %d bytes, past the default bound", b.Len())
	}
	return []byte(b.String())
}

// BenchmarkProbe100k runs `course probe` in-process, text report and --json, on a stream of
// 100,000 tiny events that fits the default bounds, so the probe reads it to its end, scans
// it, measures the four default readers on it and prints the report.
func BenchmarkProbe100k(b *testing.B) {
	for _, s := range probe100kStreams {
		url := serveStream(b, stream100k(b, s.event))
		for _, format := range []string{"text", "json"} {
			b.Run(s.name+"/"+format, func(b *testing.B) {
				args := []string{"probe", url, "--method", "GET"}
				if format == "json" {
					args = append(args, "--json")
				}
				cpu := processCPU()
				for b.Loop() {
					root := testutil.Root(NewCmdProbe(nil))
					root.SetOut(io.Discard)
					root.SetArgs(args)
					if err := root.ExecuteContext(context.Background()); err != nil {
						b.Fatalf("probe: %v", err)
					}
				}
				// CPU time, the server's share included, is what a loaded machine moves least.
				b.ReportMetric((processCPU()-cpu).Seconds()/float64(b.N), "cpu-s/op")
			})
		}
	}
}
