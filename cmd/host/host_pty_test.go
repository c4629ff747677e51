//go:build linux

package host

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"course/internal/testutil"
)

// syncBuffer is a buffer the host writes to while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// hostUntilWarm runs `course host` with stderr going to w until its start-up warm-up has been
// logged (after the two failed embedding calls of the start) and waitFor reports it.
func hostUntilWarm(t *testing.T, w io.Writer, waitFor func() bool, args ...string) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		root := testutil.Root(NewCmdHost())
		root.SetOut(&syncBuffer{})
		root.SetErr(w)
		root.SetArgs(append([]string{"host", "--urls", "http://127.0.0.1:0"}, args...))
		done <- root.ExecuteContext(ctx)
	}()
	deadline := time.Now().Add(60 * time.Second)
	for !waitFor() && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("course host %s: %v", strings.Join(args, " "), err)
	}
}

// TestHostFoldsTheClosedModelPortOnATerminal checks `course host` on a terminal: the records of
// the calls to the closed model port are one line, the other records stay; --verbose, and a
// stderr that is not a terminal, get GA's whole log, stack traces included.
func TestHostFoldsTheClosedModelPortOnATerminal(t *testing.T) {
	const folded = "course host: no model server answers at "
	for _, verbose := range []bool{false, true} {
		tty, keyboard := testutil.OpenPtyAt(t, "/dev/ptmx")
		var seen syncBuffer
		go func() {
			sc := bufio.NewScanner(keyboard)
			for sc.Scan() {
				_, _ = seen.Write([]byte(strings.TrimRight(sc.Text(), "\r") + "\n"))
			}
		}()
		var args []string
		if verbose {
			args = []string{"--verbose"}
		}
		hostUntilWarm(t, tty, func() bool { return strings.Contains(seen.String(), "cache warmed") }, args...)
		got := seen.String()
		if !strings.Contains(got, "cache warmed") {
			t.Fatalf("verbose %v: no warm-up record on the terminal:\n%s", verbose, got)
		}
		refused := strings.Count(got, "Connection refused (")
		if verbose {
			if refused < 2 || strings.Contains(got, folded) || !strings.Contains(got, "   at GA.") {
				t.Errorf("--verbose on a terminal: want GA's whole log, got:\n%s", got)
			}
			continue
		}
		if refused != 0 || strings.Count(got, folded) != 1 || strings.Contains(got, "   at GA.") {
			t.Errorf("on a terminal: want one line for the closed model port, got:\n%s", got)
		}
	}
	var piped syncBuffer
	hostUntilWarm(t, &piped, func() bool { return strings.Contains(piped.String(), "cache warmed") })
	if got := piped.String(); strings.Count(got, "Connection refused (") < 2 || strings.Contains(got, folded) {
		t.Errorf("stderr not a terminal: want GA's whole log, got:\n%s", got)
	}
}
