package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"course/internal/indexcache"
)

// buildCourse builds the course as a learner does: the benchmark times the program a learner
// runs, not this test binary standing in for it.
func buildCourse(b *testing.B) string {
	b.Helper()
	bin := filepath.Join(b.TempDir(), "course")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// BenchmarkL6AgainstVersion runs the built course's `--version` and `l6` in turn, so both see
// the same machine at the same moment, and reports the milliseconds of each and their ratio:
// what a lesson costs beyond starting the program at all. The ratio is held to 2.5.
func BenchmarkL6AgainstVersion(b *testing.B) {
	bin := buildCourse(b)
	run := func(args ...string) time.Duration {
		start := time.Now()
		if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
			b.Fatalf("course %v: %v\n%s", args, err, out)
		}
		return time.Since(start)
	}
	run("l6") // the first run pays for loading the binary into the page cache
	var version, lesson time.Duration
	for b.Loop() {
		version += run("--version")
		lesson += run("l6")
	}
	n := float64(b.N)
	b.ReportMetric(float64(version.Microseconds())/1000/n, "version-ms")
	b.ReportMetric(float64(lesson.Microseconds())/1000/n, "l6-ms")
	b.ReportMetric(float64(lesson)/float64(version), "ratio")
}

// BenchmarkIndexedLessons runs the built course's lessons that read lesson 3's index, and l4 and
// l6, whose host searches it, and reports the milliseconds of a run with the index in the cache
// (warm) and of a run after the cache is cleared (cold). The cache is the test's temporary one.
func BenchmarkIndexedLessons(b *testing.B) {
	bin := buildCourse(b)
	dir, err := indexcache.Dir()
	if err != nil {
		b.Fatal(err)
	}
	for _, lesson := range []string{"l4", "l6", "l16", "l16 --main", "l19", "l19 --main", "l20", "l20 --main", "l21", "l21 --main", "l25 --main", "l28 --main"} {
		args := strings.Fields(lesson)
		run := func() time.Duration {
			start := time.Now()
			if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
				b.Fatalf("course %s: %v\n%s", lesson, err, out)
			}
			return time.Since(start)
		}
		b.Run(strings.ReplaceAll(lesson, " --", "-")+"/warm", func(b *testing.B) {
			run() // fills the cache, and loads the binary into the page cache
			var took time.Duration
			for b.Loop() {
				took += run()
			}
			b.ReportMetric(float64(took.Microseconds())/1000/float64(b.N), "ms")
		})
		b.Run(strings.ReplaceAll(lesson, " --", "-")+"/cold", func(b *testing.B) {
			var took time.Duration
			for b.Loop() {
				b.StopTimer()
				if err := os.RemoveAll(dir); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				took += run()
			}
			b.ReportMetric(float64(took.Microseconds())/1000/float64(b.N), "ms")
		})
	}
}
