package hostproc

import (
	"context"
	"errors"
	"time"
)

// ErrParentGone is the cause of a WatchParent context that ended because the
// process that started us exited.
var ErrParentGone = errors.New("hostproc: the parent process is gone")

// parentPIDVar carries the pid of the course process to the host it starts. It
// is what marks a host as a course's, one that should end with it; a host whose
// parent died before it began to watch still notices, and so does a host started
// through a launcher such as `sh -c`.
const parentPIDVar = "COURSE_PARENT_PID"

// parentPoll is how often WatchParent looks at its parent; a host left behind
// lingers at most this long.
const parentPoll = 200 * time.Millisecond

// WatchParent returns a context that is cancelled, with cause ErrParentGone,
// when the course that started this process goes away, or when ctx ends. A
// process no course started (COURSE_PARENT_PID unset, as for `course host` run
// by a user) watches nothing and gets ctx back. The course's supervisor ends the
// host's process group with the course; this watch is a second line for a host
// whose supervisor itself was killed. On Windows the course's job object ends the
// host, so there it only follows ctx.
func WatchParent(ctx context.Context) context.Context {
	return watchParent(ctx, parentPoll, parentProbe())
}

// watchParent cancels the returned context once gone reports true, asking it
// first at once and then every interval. A nil gone means there is nothing to
// watch, and ctx is returned as it is.
func watchParent(ctx context.Context, every time.Duration, gone func() bool) context.Context {
	if gone == nil {
		return ctx
	}
	ctx, cancel := context.WithCancelCause(ctx)
	if gone() {
		cancel(ErrParentGone)
		return ctx
	}
	go func() {
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if gone() {
					cancel(ErrParentGone)
					return
				}
			}
		}
	}()
	return ctx
}
