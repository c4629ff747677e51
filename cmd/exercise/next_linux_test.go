package exercise

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"course/internal/testutil"
	"course/learn"
	"course/learn/learntest"
)

// screen is what a pseudo-terminal's other side has shown, read as it comes.
type screen struct {
	chunks chan string
	seen   strings.Builder
}

// waitFor reads the screen until want has shown n times in all, failing the test after a
// deadline generous enough for a loaded machine.
func (s *screen) waitFor(t *testing.T, want string, n int) {
	t.Helper()
	deadline := time.After(60 * time.Second)
	for strings.Count(s.seen.String(), want) < n {
		select {
		case c, ok := <-s.chunks:
			if !ok {
				t.Fatalf("the terminal closed before %q showed %d times:\n%s", want, n, s.seen.String())
			}
			s.seen.WriteString(c)
		case <-deadline:
			t.Fatalf("%q did not show %d times:\n%s", want, n, s.seen.String())
		}
	}
}

// TestNextKeepsGoingOnATerminal drives `course next` on a pseudo-terminal as a learner would:
// a right answer, a wrong one, a hint, two more right ones, then Ctrl-D, and the command ends
// cleanly with the record keeping how each exercise was done.
func TestNextKeepsGoingOnATerminal(t *testing.T) {
	path := learntest.ConfigHome(t)
	tty, keyboard := testutil.OpenPtyAt(t, "/dev/ptmx")
	s := &screen{chunks: make(chan string, 64)}
	go func() {
		defer close(s.chunks)
		buf := make([]byte, 4096)
		for {
			n, err := keyboard.Read(buf)
			if n > 0 {
				s.chunks <- string(buf[:n])
			}
			if err != nil {
				return
			}
		}
	}()
	c := concurrentCourse(4)
	done := make(chan error, 1)
	go func() {
		done <- runNext(t.Context(), &ProgressOptions{IO: IO{Out: tty, Err: tty, In: tty, Terminal: true}, Course: c})
	}()
	typed := func(line string) {
		t.Helper()
		if _, err := keyboard.WriteString(line); err != nil {
			t.Fatal(err)
		}
	}
	s.waitFor(t, "# l1.1 (value)", 1)
	s.waitFor(t, "l1.1> ", 1)
	typed("1\n")
	s.waitFor(t, "l1.1: right", 1)
	s.waitFor(t, "l1.2> ", 1)
	typed("9\n")
	s.waitFor(t, "l1.2: not yet. read as \"9\"", 1)
	s.waitFor(t, "l1.2> ", 2)
	typed("?\n")
	s.waitFor(t, "Hint 1 of 1 for l1.2: its number", 1)
	s.waitFor(t, "l1.2> ", 3)
	typed("2\n")
	s.waitFor(t, "l1.3> ", 1)
	typed("3\n")
	s.waitFor(t, "# l1.4 (value)", 1)
	s.waitFor(t, "l1.4> ", 1)
	typed("\x04") // Ctrl-D
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("course next ended on Ctrl-D with %v", err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("course next did not end on Ctrl-D")
	}
	s.waitFor(t, "Stopped at l1.4", 1)
	p, err := learn.LoadProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]learn.State{"l1.1": learn.FirstTry, "l1.2": learn.AfterHints, "l1.3": learn.FirstTry, "l1.4": learn.NotDone} {
		if got := p.State(name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	if e := p.Exercises["l1.2"]; e.Tries != 1 || e.Hints != 1 {
		t.Errorf("l1.2 kept %d tries and hint %d, want 1 and 1", e.Tries, e.Hints)
	}
}

// TestNextStopsOnCtrlCAtThePrompt: a Ctrl-C (the command's context ending) while `course next`
// waits for an answer stops it at once, where a read of the terminal alone would wait for a line.
func TestNextStopsOnCtrlCAtThePrompt(t *testing.T) {
	learntest.ConfigHome(t)
	in, typing := io.Pipe()
	defer typing.Close()
	out := &syncBuffer{}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		done <- runNext(ctx, &ProgressOptions{IO: IO{Out: out, Err: out, In: in, Terminal: true}, Course: concurrentCourse(2)})
	}()
	for !strings.Contains(out.String(), "l1.1> ") {
		select {
		case err := <-done:
			t.Fatalf("course next ended before its prompt: %v\n%s", err, out.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) || !strings.Contains(out.String(), "Stopped at l1.1") {
			t.Errorf("after Ctrl-C at the prompt: %v\n%s", err, out.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("course next still waits for a line after Ctrl-C")
	}
}

// syncBuffer is a buffer written by the command and read by the test at once.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
