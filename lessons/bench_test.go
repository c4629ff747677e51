package lessons

import (
	"context"
	"io"
	"testing"
	"time"
)

// BenchmarkLessons runs every lesson the course runs, each as `course <slug>` does in-process,
// its host child included, and reports the milliseconds one run takes; benchstat's median of
// -count runs is the figure a lesson is held to.
func BenchmarkLessons(b *testing.B) {
	for _, l := range All() {
		b.Run(l.Slug, func(b *testing.B) {
			start := time.Now()
			for b.Loop() {
				root := NewRootCmd("bench")
				root.SetOut(io.Discard)
				root.SetErr(io.Discard)
				root.SetArgs([]string{l.Slug})
				if err := root.ExecuteContext(b.Context()); err != nil {
					b.Fatalf("course %s: %v", l.Slug, err)
				}
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/lesson")
		})
	}
}

// BenchmarkL6 runs the whole lesson: host start-up, four requests, the in-process sections, stop.
func BenchmarkL6(b *testing.B) {
	for b.Loop() {
		if err := runL6(context.Background(), &L6Options{Out: io.Discard}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHostStart measures the time from Start to a host that listens, and its stop.
func BenchmarkHostStart(b *testing.B) {
	opts := &HostOptions{}
	for b.Loop() {
		h, err := opts.start(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		if err := h.Stop(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHostRequest measures one request on each endpoint of a running host.
func BenchmarkHostRequest(b *testing.B) {
	h, err := (&HostOptions{}).start(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { h.Stop() })
	body := []byte(`{"message":"Show me Cmaj7 voicings"}`)
	for _, path := range []string{chatPath, streamPath} {
		b.Run(path, func(b *testing.B) {
			for b.Loop() {
				resp, err := h.Post(context.Background(), path, body)
				if err != nil || resp.Status != 200 {
					b.Fatalf("post %s: %v %v", path, resp, err)
				}
			}
		})
	}
}
