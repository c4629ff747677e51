package lessons

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"course/learn"
	"course/learn/learntest"
)

// TestIndexShowsTheRecord reads the index before the first answer and after two: the solved
// column counts nothing before, and the learner's standing comes with the record.
func TestIndexShowsTheRecord(t *testing.T) {
	path := learntest.ConfigHome(t)
	var out bytes.Buffer
	if err := RunIndex(&out); err != nil {
		t.Fatal(err)
	}
	if err := RunStanding(&out); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "You have solved") || !strings.Contains(out.String(), "\nl1      4          0 ") {
		t.Errorf("the index before any answer counts something solved, or speaks of a standing:\n%s", out.String())
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, name := range []string{"l1.1", "l1.2"} {
		if _, err := learn.RecordAnswer(path, name, true, at); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := learn.RecordShown(path, "l1.3", at); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := RunIndex(&out); err != nil {
		t.Fatal(err)
	}
	if err := RunStanding(&out); err != nil {
		t.Fatal(err)
	}
	var l1 string
	for line := range strings.Lines(out.String()) {
		if strings.HasPrefix(line, "l1 ") {
			l1 = line
		}
	}
	if f := strings.Fields(l1); len(f) < 3 || f[2] != "2" {
		t.Errorf("lesson 1's row does not count 2 solved: %q\n%s", l1, out.String())
	}
	if !strings.Contains(out.String(), "You have solved 2 of the ") || !strings.Contains(out.String(), "seen the solution of 1 more. Next: l1.4") {
		t.Errorf("the standing:\n%s", out.String())
	}
}
