package learn

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestTestsNeverReachTheLearnersRecord: a test binary finds no progress record in a
// configuration folder outside the temporary folder, the user's own, and finds it in one under it.
func TestTestsNeverReachTheLearnersRecord(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the configuration folder is moved through XDG_CONFIG_HOME on Linux only")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	if path, err := DefaultProgressPath(); err == nil || !strings.Contains(err.Error(), "the user's own folder") {
		t.Errorf("with the user's own folder: %q, %v; want an error", path, err)
	}
	temp := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", temp)
	path, err := DefaultProgressPath()
	if err != nil || path != filepath.Join(temp, "course", "progress.json") {
		t.Errorf("with a temporary folder: %q, %v", path, err)
	}
}
