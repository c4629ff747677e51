package chathost

import (
	"context"
	"testing"

	"course/gahost/hosttest"
)

// TestMain lets the test binary serve as the host child that Start launches.
func TestMain(m *testing.M) { hosttest.Main(m) }

// BenchmarkHostStart measures the time from Start to a host that listens, and its stop.
func BenchmarkHostStart(b *testing.B) {
	opts := &Options{}
	for b.Loop() {
		h, err := opts.Start(context.Background())
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
	h, err := (&Options{}).Start(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { h.Stop() })
	body := []byte(`{"message":"Show me Cmaj7 voicings"}`)
	for _, path := range []string{ChatPath, StreamPath} {
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
