package lessons

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// BenchmarkLessons runs every lesson the course runs, each as `course <slug>` does in-process,
// its host child included, and as `course <slug> --main` does for every lesson whose command has
// that flag (sub-benchmark "<slug>-main"); it reports the milliseconds one run takes, and
// benchstat's median of -count runs is the figure a lesson is held to.
func BenchmarkLessons(b *testing.B) {
	for _, l := range All() {
		runs := [][]string{{l.Slug}}
		if l.New().Flags().Lookup("main") != nil {
			runs = append(runs, []string{l.Slug, "--main"})
		}
		for _, args := range runs {
			name := strings.Join(args, "")
			name = strings.Replace(name, "--", "-", 1)
			b.Run(name, func(b *testing.B) {
				start := time.Now()
				for b.Loop() {
					root := lessonsRoot()
					root.SetOut(io.Discard)
					root.SetErr(io.Discard)
					root.SetArgs(args)
					if err := root.ExecuteContext(b.Context()); err != nil {
						b.Fatalf("course %s: %v", strings.Join(args, " "), err)
					}
				}
				b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/lesson")
			})
		}
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
	h, err := (&HostOptions{}).Start(context.Background())
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

// BenchmarkL18 runs lesson 18: about 3,400 questions to the voice-leading skill, each graded.
func BenchmarkL18(b *testing.B) {
	for b.Loop() {
		if err := runL18(context.Background(), &L18Options{Out: io.Discard}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkL17 runs lesson 17 at the pin: about 600 questions to the capo and tunings skills.
func BenchmarkL17(b *testing.B) {
	for b.Loop() {
		if err := runL17(context.Background(), &L17Options{Out: io.Discard}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkL24 runs lesson 24: about 1.2 million set-equivalence questions and the parser's forms.
func BenchmarkL24(b *testing.B) {
	for b.Loop() {
		if err := runL24(context.Background(), &L24Options{Out: io.Discard}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkL14 runs lesson 14: about 400 questions to the substitution skill and its tools.
func BenchmarkL14(b *testing.B) {
	for b.Loop() {
		if err := runL14(context.Background(), &L14Options{Out: io.Discard}); err != nil {
			b.Fatal(err)
		}
	}
}
