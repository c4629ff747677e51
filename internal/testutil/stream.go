package testutil

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// EndlessStream serves an event stream that never ends: the event over and over, as fast as
// the connection takes it, or once every pace, until the client goes away; each request's
// 20th flush is sent on started. It is the server a bound is tested against.
func EndlessStream(t testing.TB, event string, pace time.Duration) (url string, started <-chan struct{}) {
	t.Helper()
	ch := make(chan struct{}, 64)
	chunk := []byte(strings.Repeat(event, max(1, (32<<10)/len(event))))
	if pace > 0 {
		chunk = []byte(event)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		rc := http.NewResponseController(w)
		for n := 1; ; n++ {
			if _, err := w.Write(chunk); err != nil {
				return
			}
			if rc.Flush() != nil {
				return
			}
			if n == 20 {
				select {
				case ch <- struct{}{}:
				default: // nobody is waiting for this many starts; the stream goes on
				}
			}
			if pace > 0 {
				select {
				case <-time.After(pace):
				case <-r.Context().Done():
					return
				}
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL, ch
}

// PastDeadline is how long a bounded run may go on past its deadline before a test calls it
// unbounded: a second, or four under the race detector, which slows the code it watches several
// times over.
func PastDeadline() time.Duration {
	if Race {
		return 4 * time.Second
	}
	return time.Second
}
