package transport

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// The broker keeps a decision that comes before the wait, refuses one for a call it never
// heard of, one from another connection and a second one.
func TestBroker(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b := NewBroker()
	if err := b.Decide("call_1", "a", true); !errors.Is(err, ErrUnknownCall) {
		t.Errorf("a decision before the call is expected: %v", err)
	}
	b.Expect("call_1", "a")
	if err := b.Decide("call_1", "b", true); !errors.Is(err, ErrNotYours) {
		t.Errorf("a decision from another connection: %v", err)
	}
	if err := b.Decide("call_1", "a", false); err != nil {
		t.Fatal(err)
	}
	if err := b.Decide("call_1", "a", true); !errors.Is(err, ErrDecided) {
		t.Errorf("a second decision: %v", err)
	}
	if approved, err := b.Wait(ctx, "call_1"); err != nil || approved {
		t.Errorf("the kept decision: %v, %v; want the first, a denial", approved, err)
	}
	// Anyone may answer a call expected of no connection, as the SSE approvals endpoint lets.
	b.Expect("call_2", "")
	if err := b.Decide("call_2", "whoever", true); err != nil {
		t.Errorf("an open call: %v", err)
	}
	short, stop := context.WithTimeout(ctx, 10*time.Millisecond)
	defer stop()
	b.Expect("call_3", "a")
	if _, err := b.Wait(short, "call_3"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a wait with no decision: %v", err)
	}
}

// Every flow through every scenario, with the course's own client: the answer arrives but where
// the decision goes to an instance that never asked.
func TestRunApproval(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, f := range ApprovalFlows {
		for _, sc := range Scenarios {
			run := RunApproval(ctx, f, sc.Scenario)
			lost := f.Key == "bit-sse" && sc.Scenario == OtherInstance
			switch {
			case !run.Surfaced:
				t.Errorf("%s %s: the request never surfaced", f.Key, sc.Head)
			case lost && (!errors.Is(run.Err, ErrStillWaiting) || run.Shown != ApprovalBefore || run.Answers[0] != "refused: 404 no such tool call"):
				t.Errorf("%s %s: %+v, want the reply left waiting", f.Key, sc.Head, run)
			case !lost && (run.Err != nil || run.Shown != ApprovalAnswer):
				t.Errorf("%s %s: %+v, want the whole answer", f.Key, sc.Head, run)
			}
			if want := map[Scenario]int{Twice: 2}[sc.Scenario]; sc.Scenario == Twice && len(run.Answers) != want {
				t.Errorf("%s %s: answers %q", f.Key, sc.Head, run.Answers)
			}
			if sc.Scenario == Twice && f.Key != "bit-ws" && !strings.HasPrefix(run.Answers[1], "refused") {
				t.Errorf("%s: the second decision was %q", f.Key, run.Answers[1])
			}
		}
	}
}
