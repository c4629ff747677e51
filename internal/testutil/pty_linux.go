package testutil

import (
	"fmt"
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// OpenPtyAt opens a new pseudo-terminal with its multiplexer at ptmx (/dev/ptmx): the
// program's side, which is a terminal, and the side a person's keyboard writes to and their
// screen reads from. Where none opens, the test skips, or fails under COURSE_REQUIRE_PTY.
func OpenPtyAt(t testing.TB, ptmx string) (tty, keyboard *os.File) {
	t.Helper()
	keyboard, err := os.OpenFile(ptmx, os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		SkipWithoutPty(t, err)
	}
	t.Cleanup(func() { keyboard.Close() })
	if err := unix.IoctlSetPointerInt(int(keyboard.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatalf("unlock the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetUint32(int(keyboard.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatalf("pseudo-terminal number: %v", err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("open the pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return tty, keyboard
}

// SetPtySize makes tty a terminal of cols columns and rows lines, as a window of that size is.
func SetPtySize(t testing.TB, tty *os.File, cols, rows int) {
	t.Helper()
	ws := &unix.Winsize{Col: uint16(cols), Row: uint16(rows)}
	if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, ws); err != nil {
		t.Fatalf("set the pseudo-terminal's size: %v", err)
	}
}
