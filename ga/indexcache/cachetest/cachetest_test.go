package cachetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"course/ga/indexcache"
)

// TestIsolate moves the cache folder to a new temporary folder, which the cache then uses, and
// leaves the go command's build cache where it was.
func TestIsolate(t *testing.T) {
	for _, name := range []string{"XDG_CACHE_HOME", "HOME", "LocalAppData", "GOCACHE", "GOPATH", "GOENV", indexcache.IsolatedVar} {
		t.Setenv(name, os.Getenv(name)) // restored when the test ends
	}
	before, _ := os.UserCacheDir() // "" where the system names none; Isolate makes one
	if os.Getenv("GOCACHE") == "" {
		os.Unsetenv("GOCACHE")
	}
	cleanup, err := Isolate()
	if err != nil {
		t.Fatal(err)
	}
	after, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	if after == before || !strings.HasPrefix(after, os.TempDir()) {
		t.Errorf("the cache folder is %s (was %s), not a temporary one", after, before)
	}
	dir, err := indexcache.Dir()
	if err != nil || dir != filepath.Join(after, "course") {
		t.Errorf("the course's cache is %q (%v), want it in %s", dir, err, after)
	}
	if got := os.Getenv("GOCACHE"); before != "" && !strings.HasPrefix(got, before) {
		t.Errorf("GOCACHE is %q, want it kept in %s", got, before)
	}
	cleanup()
	if _, err := os.Stat(after); !os.IsNotExist(err) {
		t.Errorf("the temporary folder is still there: %v", err)
	}
}

// TestEnv: the entry Env gives, set in an environment, makes os.UserCacheDir the folder Env
// names, and Env itself leaves the test's environment as it was.
func TestEnv(t *testing.T) {
	before, _ := os.UserCacheDir()
	env, dir := Env(t)
	if now, _ := os.UserCacheDir(); now != before {
		t.Fatalf("Env moved the test's own cache folder from %s to %s", before, now)
	}
	if len(env) != 1 {
		t.Fatalf("env %q, want one entry", env)
	}
	name, value, _ := strings.Cut(env[0], "=")
	t.Setenv(name, value)
	if got, err := os.UserCacheDir(); err != nil || got != dir {
		t.Errorf("with %s the cache folder is %q (%v), want %q", env[0], got, err, dir)
	}
}
