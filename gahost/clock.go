package gahost

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"sync/atomic"
	"time"
)

// Option changes how a host built by NewHandler or Run reads the time and makes ids. Production
// reads the system clock and random ids; tests and the course's lessons give fixed ones, so that
// no value the host sends depends on how long a step took.
type Option func(*sources)

// sources are where the host reads the time and draws its ids.
type sources struct {
	now func() time.Time
	ids func(n int) string
}

// WithClock makes the host read the time from now: the trace's elapsedMs, /chat's elapsedMs,
// the status timestamp and the durations in the logs.
func WithClock(now func() time.Time) Option { return func(s *sources) { s.now = now } }

// WithIDs makes the host draw its trace, span and run ids from ids, which returns n bytes as
// 2n lowercase hex digits.
func WithIDs(ids func(n int) string) Option { return func(s *sources) { s.ids = ids } }

// FixedTime is what a fixed clock reads: a constant instant, so every duration is 0 ms.
var FixedTime = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// FixedClock returns a clock that always reads t.
func FixedClock(t time.Time) func() time.Time { return func() time.Time { return t } }

// SequentialIDs returns an id source whose ids count up from 1, each n bytes of lowercase hex,
// so a test can predict every id a host makes.
func SequentialIDs() func(n int) string {
	var next atomic.Uint64
	return func(n int) string {
		s := fmt.Sprintf("%016x", next.Add(1))
		if 2*n > len(s) {
			return strings.Repeat("0", 2*n-len(s)) + s
		}
		return s[len(s)-2*n:]
	}
}

// randomHexID returns n random bytes as lowercase hex: 16 for a W3C trace id or a GUID in "N"
// format, 8 for a span id.
func randomHexID(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// newSources applies opts over the configuration's clock ("system" or "fixed") and random ids.
func newSources(clock string, opts []Option) (sources, error) {
	s := sources{now: time.Now, ids: randomHexID}
	switch strings.ToLower(clock) {
	case "", "system":
	case "fixed":
		s.now = FixedClock(FixedTime)
	default:
		return s, fmt.Errorf("gahost: Course:Clock %q is neither \"system\" nor \"fixed\"", clock)
	}
	for _, o := range opts {
		o(&s)
	}
	return s, nil
}

// since is the time elapsed from start on the host's clock.
func (s sources) since(start time.Time) time.Duration { return s.now().Sub(start) }
