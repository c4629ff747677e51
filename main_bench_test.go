package main

import (
	"os/exec"
	"path/filepath"
	"testing"
	"time"
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
