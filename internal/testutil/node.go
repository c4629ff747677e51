package testutil

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// RequireNode skips a test that runs real npm clients where node, or the package pkg under
// dir's node_modules, is not installed, with the reason; CI, which installs them with npm ci,
// sets COURSE_REQUIRE_NODE, so there a missing client fails the test.
func RequireNode(t testing.TB, dir, pkg string) {
	t.Helper()
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not installed"
	} else if _, err := os.Stat(filepath.Join(dir, "node_modules", filepath.FromSlash(pkg))); err != nil {
		missing = "the npm clients are not installed (npm ci in " + filepath.ToSlash(dir) + ")"
	}
	if missing == "" {
		return
	}
	if os.Getenv("COURSE_REQUIRE_NODE") != "" {
		t.Fatalf("COURSE_REQUIRE_NODE is set, but %s", missing)
	}
	t.Skip(missing)
}
