package verbose

import (
	"os"
	"testing"

	"course/internal/testutil"
)

// TestLinesOnlyUnderTheFlag sets --verbose's value and sees the lines, a child's passed on as
// its own, come and go with it.
func TestLinesOnlyUnderTheFlag(t *testing.T) {
	t.Setenv(Var, "")
	say := func() {
		Printf("rebuilt %s", "a file")
		Relay("host", "verbose: removed a file")
		Relay("host", "info: an ordinary log line")
	}
	if got := testutil.Stderr(t, say); got != "" {
		t.Errorf("without --verbose: %q", got)
	}
	var f Flag
	if err := f.Set("true"); err != nil || os.Getenv(Var) == "" || f.String() != "true" {
		t.Fatalf("Set(true): %v, %s=%q, String %q", err, Var, os.Getenv(Var), f.String())
	}
	want := "verbose: rebuilt a file\nverbose: host: removed a file\n"
	if got := testutil.Stderr(t, say); got != want {
		t.Errorf("with --verbose: %q, want %q", got, want)
	}
	if err := f.Set("false"); err != nil || On() {
		t.Errorf("Set(false): %v, on %v", err, On())
	}
	if err := f.Set("loud"); err == nil {
		t.Error("Set(loud) is no error")
	}
}
