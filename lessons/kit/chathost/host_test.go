package chathost

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestAskAllAnswersEveryQuestionInItsPlace checks the questions a lesson sends two at a time:
// every one is asked once, each answer lands at its own index, no more than hostConcurrency
// are in flight, and the error returned is the lowest-numbered question's.
func TestAskAllAnswersEveryQuestionInItsPlace(t *testing.T) {
	var inFlight, most atomic.Int32
	answers := make([]int, 50)
	err := AskAll(len(answers), func(i int) error {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(time.Duration(50-i) * 10 * time.Microsecond) // later questions finish first
		answers[i] += i * i
		if i == 31 || i == 17 {
			return fmt.Errorf("question %d", i)
		}
		return nil
	})
	if err == nil || err.Error() != "question 17" {
		t.Errorf("error %v, want question 17's", err)
	}
	for i, a := range answers {
		if a != i*i {
			t.Fatalf("answer %d is %d, want %d", i, a, i*i)
		}
	}
	if m := most.Load(); m > hostConcurrency {
		t.Errorf("%d questions in flight at once, want at most %d", m, hostConcurrency)
	}
	if err := AskAll(0, func(int) error { return errors.New("asked") }); err != nil {
		t.Errorf("no questions: %v", err)
	}
}

// TestStartTimeoutSaysRaiseIt checks that a host still starting when the lesson's --timeout runs
// out gets one line that names the timeout, the time the start took, and a longer timeout.
func TestStartTimeoutSaysRaiseIt(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	opts := &Options{Cmd: `"` + exe + `" silent-host`, Timeout: 700 * time.Millisecond}
	ctx, cancel := context.WithTimeout(t.Context(), opts.Budget())
	defer cancel()
	host, err := opts.Start(ctx)
	if err == nil {
		_ = host.Stop()
		t.Fatal("a host that never listens started")
	}
	msg := err.Error()
	for _, want := range []string{"--timeout 700ms", "the start had taken ", "raise it, for instance --timeout "} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q, want %q", msg, want)
		}
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("error %q is more than one line", msg)
	}
	// the same host with a budget of its own, a bad command line, fails as it did
	if _, err := (&Options{Cmd: `"unclosed`}).Start(t.Context()); err == nil || strings.Contains(err.Error(), "--timeout") {
		t.Errorf("a bad --host-cmd: %v", err)
	}
}
