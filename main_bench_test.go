package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"course/ga/indexcache"
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

// buildHello builds a Go program that prints a line and ends: what starting any Go program
// costs, the floor the course's start-up is measured against.
func buildHello(b *testing.B) string {
	b.Helper()
	dir := b.TempDir()
	files := map[string]string{
		"go.mod":  "module hello\n\ngo 1.25\n",
		"main.go": "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "hello")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build hello: %v\n%s", err, out)
	}
	return bin
}

// BenchmarkL6AgainstVersion runs a hello-world Go binary, the built course's `--version` and
// its `l6` one after another in each iteration, so that the three see the same machine at the
// same moment, and reports the median milliseconds of each and the medians of the iterations'
// ratios: `--version` against hello is what the course's start-up costs beyond any Go
// program's (held to 4), `l6` against hello what a lesson costs, its host child's start
// included (held to 15), and `l6` against `--version` what the lesson costs beyond starting.
func BenchmarkL6AgainstVersion(b *testing.B) {
	bin, hello := buildCourse(b), buildHello(b)
	run := func(name string, args ...string) time.Duration {
		start := time.Now()
		if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
			b.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
		return time.Since(start)
	}
	// The first runs pay for loading the binaries into the page cache.
	run(hello)
	run(bin, "l6")
	var helloT, versionT, lessonT, versionRatio, lessonRatio, lessonVersion []float64
	for b.Loop() {
		h, v, l := run(hello), run(bin, "--version"), run(bin, "l6")
		helloT, versionT, lessonT = append(helloT, ms(h)), append(versionT, ms(v)), append(lessonT, ms(l))
		versionRatio = append(versionRatio, float64(v)/float64(h))
		lessonRatio = append(lessonRatio, float64(l)/float64(h))
		lessonVersion = append(lessonVersion, float64(l)/float64(v))
	}
	b.ReportMetric(median(helloT), "hello-ms")
	b.ReportMetric(median(versionT), "version-ms")
	b.ReportMetric(median(lessonT), "l6-ms")
	b.ReportMetric(median(versionRatio), "version/hello")
	b.ReportMetric(median(lessonRatio), "l6/hello")
	b.ReportMetric(median(lessonVersion), "l6/version")
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// median is the middle value of xs, the mean of the two middle ones for an even count.
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
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
