package hostproc

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

func TestWatchParentLogic(t *testing.T) {
	tests := []struct {
		name      string
		goneAfter int32 // the probe reports the parent gone from this call on; 0 = never
		wantGone  bool
	}{
		{"parent stays", 0, false},
		{"gone before watching", 1, true},
		{"gone while watching", 3, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // each waits up to 100ms for a cancellation
			var calls atomic.Int32
			probe := func() bool {
				n := calls.Add(1)
				return tt.goneAfter > 0 && n >= tt.goneAfter
			}
			parent, cancel := context.WithCancel(context.Background())
			defer cancel()
			ctx := watchParent(parent, time.Millisecond, probe)
			if tt.goneAfter == 1 && ctx.Err() == nil {
				t.Fatal("parent gone before watching, but the context is not cancelled on return")
			}
			select {
			case <-ctx.Done():
				if !tt.wantGone {
					t.Fatalf("cancelled with %v although the parent stays", context.Cause(ctx))
				}
				if cause := context.Cause(ctx); !errors.Is(cause, ErrParentGone) {
					t.Errorf("cause = %v, want ErrParentGone", cause)
				}
				if got := calls.Load(); got != tt.goneAfter {
					t.Errorf("probe called %d times, want %d (no call after it said gone)", got, tt.goneAfter)
				}
			case <-time.After(100 * time.Millisecond):
				if tt.wantGone {
					t.Fatalf("not cancelled after the parent went (probe called %d times)", calls.Load())
				}
			}
			if parent.Err() != nil {
				t.Error("the watch cancelled the caller's context")
			}
		})
	}
}

func TestWatchParentFollowsCallerContext(t *testing.T) {
	var calls atomic.Int32
	parent, cancel := context.WithCancelCause(context.Background())
	ctx := watchParent(parent, time.Millisecond, func() bool { calls.Add(1); return false })
	stop := errors.New("lesson over")
	cancel(stop)
	<-ctx.Done()
	if cause := context.Cause(ctx); cause != stop {
		t.Errorf("cause = %v, want the caller's", cause)
	}
	time.Sleep(20 * time.Millisecond) // let the poller see Done and return
	n := calls.Load()
	time.Sleep(20 * time.Millisecond)
	if calls.Load() != n {
		t.Error("the probe is still polled after the context ended")
	}
}

func TestWatchParentNothingToWatch(t *testing.T) {
	parent := context.Background()
	if ctx := watchParent(parent, time.Millisecond, nil); ctx != parent {
		t.Errorf("watchParent with no probe = %v, want the caller's context itself", ctx)
	}
}
