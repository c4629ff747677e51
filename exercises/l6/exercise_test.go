//go:build exercise

package l6

import (
	"testing"

	"course/exercises/l6/check"
)

// TestExercise5 checks your ReadJoined on the lesson's streams.
func TestExercise5(t *testing.T) {
	results, err := check.Reader(ReadJoined)
	if err != nil {
		t.Fatal(err)
	}
	if report := check.Report(results); report != "" {
		t.Errorf("ReadJoined is not right yet (- what the stream holds, + what your reader returned):\n%s", report)
	}
}

// TestExercise6 checks your WriteEvent: each chunk must read back whole.
func TestExercise6(t *testing.T) {
	if report := check.Report(check.Writer(WriteEvent)); report != "" {
		t.Errorf("WriteEvent does not send every chunk whole yet (- the chunk, + what a standard reader gets):\n%s", report)
	}
}
