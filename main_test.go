package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildCourse builds the course binary once for the tests of this file.
func buildCourse(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "course")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestBinary runs the built binary as a learner does, from a directory that is not the project's.
func TestBinary(t *testing.T) {
	bin := buildCourse(t)
	run := func(args ...string) (string, string, error) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = t.TempDir()
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		return stdout.String(), stderr.String(), err
	}

	t.Run("l6", func(t *testing.T) {
		want, err := os.ReadFile(filepath.Join("snapshots", "l6.txt"))
		if err != nil {
			t.Fatal(err)
		}
		got, stderr, err := run("l6")
		if err != nil || got != string(want) || stderr != "" {
			t.Fatalf("course l6: %v\nstderr: %s\nstdout differs from snapshots/l6.txt: %v", err, stderr, got != string(want))
		}
	})
	t.Run("version", func(t *testing.T) {
		got, _, err := run("--version")
		if err != nil || !strings.Contains(got, version) {
			t.Fatalf("course --version: %q, %v", got, err)
		}
	})
	t.Run("lesson not ported", func(t *testing.T) {
		_, stderr, err := run("l8")
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.HasPrefix(stderr, "course: lesson l8 (") {
			t.Fatalf("course l8: %v, stderr %q", err, stderr)
		}
	})
}
