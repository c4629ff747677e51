package solution

import (
	"testing"

	"course/exercises/l6/check"
)

// TestReadJoined runs the course's reader through the checks the learner's reader meets.
func TestReadJoined(t *testing.T) {
	results, err := check.Reader(ReadJoined)
	if err != nil {
		t.Fatal(err)
	}
	if report := check.Report(results); report != "" {
		t.Errorf("the course's ReadJoined:\n%s", report)
	}
}

// TestWriteEvent runs the course's writer through the checks the learner's writer meets.
func TestWriteEvent(t *testing.T) {
	if report := check.Report(check.Writer(WriteEvent)); report != "" {
		t.Errorf("the course's WriteEvent:\n%s", report)
	}
}
