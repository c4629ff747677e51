// Package cachetest moves the user's cache folder to a temporary one for a test binary, so that
// the tests and the processes they start write and read the course's cached index there, never
// a developer's.
package cachetest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"course/ga/indexcache"
)

// Isolate points os.UserCacheDir at a new temporary folder for this process and the processes it
// starts (XDG_CACHE_HOME, HOME on macOS, LocalAppData on Windows) and marks the cache as isolated
// (indexcache.IsolatedVar). The go command's own folders, which the same variables move, are
// pinned where they were, so a test that runs `go build` keeps its build cache. The returned
// function removes the folder.
func Isolate() (func(), error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = "" // the go command then has no default build cache either
	}
	config, _ := os.UserConfigDir()
	home, _ := os.UserHomeDir()
	dir, err := os.MkdirTemp("", "course-cache-")
	if err != nil {
		return nil, fmt.Errorf("cachetest: %w", err)
	}
	pin := func(name, value string) {
		if os.Getenv(name) == "" && value != "" {
			os.Setenv(name, value)
		}
	}
	// The go command's defaults (cmd/go/internal/cfg): the build cache in the user's cache
	// folder, GOPATH in the home folder, the go env file in the user's config folder.
	if cache != "" {
		pin("GOCACHE", filepath.Join(cache, "go-build"))
	}
	if home != "" {
		pin("GOPATH", filepath.Join(home, "go"))
	}
	if config != "" {
		pin("GOENV", filepath.Join(config, "go", "env"))
	}
	os.Setenv(cacheVar(), dir)
	os.Setenv(indexcache.IsolatedVar, "1")
	return func() { os.RemoveAll(dir) }, nil
}

// Temp points os.UserCacheDir at a new temporary folder for the test t alone and marks the cache
// as isolated; both are restored when the test ends. It returns the folder.
func Temp(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv(cacheVar(), dir)
	t.Setenv(indexcache.IsolatedVar, "1")
	return dir
}

// Env is a new temporary cache folder for the processes a test starts, the test's own
// environment left alone so that it can run beside others: the entry that points
// os.UserCacheDir into the folder, and the folder os.UserCacheDir then names. The processes
// inherit the isolation mark from the test binary (Isolate).
func Env(t testing.TB) (env []string, dir string) {
	t.Helper()
	home := t.TempDir()
	dir = home
	if cacheVar() == "HOME" {
		dir = filepath.Join(home, "Library", "Caches")
	}
	return []string{cacheVar() + "=" + home}, dir
}

// cacheVar is the environment variable os.UserCacheDir reads on this system.
func cacheVar() string {
	switch runtime.GOOS {
	case "windows":
		return "LocalAppData"
	case "darwin", "ios", "plan9":
		return "HOME"
	}
	return "XDG_CACHE_HOME"
}
