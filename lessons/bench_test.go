package lessons

import (
	"io"
	"strings"
	"testing"
	"time"

	"course/internal/testutil"
)

// BenchmarkLessons runs every lesson the course runs, each as `course <slug>` does in-process,
// its host child included, and as `course <slug> --main` does for every lesson whose command has
// that flag (sub-benchmark "<slug>-main"); it reports the milliseconds one run takes, and
// benchstat's median of -count runs is the figure a lesson is held to.
func BenchmarkLessons(b *testing.B) {
	for _, l := range Course() {
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
					root := testutil.Root(l.New())
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
