//go:build linux

package wire

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"course/internal/testutil"
	"course/stream/wire"
)

// openPty opens a new pseudo-terminal: the program's side, which is a terminal, and the side a
// person's keyboard writes to.
func openPty(t testing.TB) (tty, keyboard *os.File) {
	t.Helper()
	return openPtyAt(t, "/dev/ptmx")
}

// openPtyAt is openPty with the multiplexer at ptmx.
func openPtyAt(t testing.TB, ptmx string) (tty, keyboard *os.File) {
	t.Helper()
	return testutil.OpenPtyAt(t, ptmx)
}

// TestWireTellsATerminalItReadsStandardInput runs wire encode, decode and split with a real
// terminal as standard input: each says it reads standard input and how to end it, and then
// reads what is typed up to Ctrl-D. From a pipe they say nothing.
func TestWireTellsATerminalItReadsStandardInput(t *testing.T) {
	for _, args := range [][]string{
		{"wire", "encode", "--writer", "gachatbot"},
		{"wire", "decode", "--reader", "standard"},
		{"wire", "split"},
	} {
		tty, keyboard := openPty(t)
		// Typed ahead: a line, then Ctrl-D at the start of the next, which the terminal turns
		// into the end of input.
		if _, err := keyboard.WriteString("data: Hello.\n\x04"); err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		root := testutil.Root(NewCmdWire())
		root.SetIn(tty)
		root.SetOut(&out)
		root.SetErr(&errOut)
		root.SetArgs(args)
		if err := root.ExecuteContext(t.Context()); err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		if want := "course " + strings.Join(args[:2], " ") + " reads standard input"; !strings.Contains(errOut.String(), want) || !strings.Contains(errOut.String(), "Ctrl-D") {
			t.Errorf("%q: standard error %q, want %q and Ctrl-D", args, errOut.String(), want)
		}
		var want string
		switch args[1] {
		case "encode":
			want = string(wire.GaChatbot.Stream([]string{"data: Hello.\n"}))
		case "decode":
			want = "" // one line with no blank line after it dispatches no event
		case "split":
			want = `1 chunk, split by #743's expression (?<=[.!?]\s+)(?=\S)` + "\n" + `1  "data: Hello.\n"` + "\n"
		}
		if out.String() != want {
			t.Errorf("%q: wrote %q, want %q", args, out.String(), want)
		}
		piped, err := testutil.RunIn(t, "Hi.\n", NewCmdWire(), args...)
		if err != nil || strings.Contains(piped, "standard input") {
			t.Errorf("%q from a pipe: %q, %v", args, piped, err)
		}
	}
}

// recordingTB is a test's TB that notes a skip or a failure and ends the goroutine there, as
// the real ones do, instead of ending the test.
type recordingTB struct {
	testing.TB
	skipped, failed bool
}

func (r *recordingTB) Helper() {}

func (r *recordingTB) Skipf(string, ...any) { r.skipped = true; runtime.Goexit() }

func (r *recordingTB) Fatalf(string, ...any) { r.failed = true; runtime.Goexit() }

// TestPtyRequired checks that a test of a pseudo-terminal fails, not skips, where
// COURSE_REQUIRE_PTY says one is there, and skips where it says nothing.
func TestPtyRequired(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "ptmx")
	for _, required := range []string{"", "1"} {
		t.Setenv("COURSE_REQUIRE_PTY", required)
		rec := &recordingTB{TB: t}
		done := make(chan struct{})
		go func() {
			defer close(done)
			openPtyAt(rec, missing)
		}()
		<-done
		if want := required != ""; rec.failed != want || rec.skipped == want {
			t.Errorf("COURSE_REQUIRE_PTY=%q: failed %v, skipped %v; want failed %v", required, rec.failed, rec.skipped, want)
		}
	}
}
