package indexcache

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"course/ga/optick"
)

// isolate points the user's cache folder at a temporary one for the test, as cachetest.Isolate
// does for a test binary, and forgets the indexes this process has loaded.
func isolate(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	switch runtime.GOOS {
	case "windows":
		t.Setenv("LocalAppData", dir)
	case "darwin", "ios", "plan9":
		t.Setenv("HOME", dir)
	default:
		t.Setenv("XDG_CACHE_HOME", dir)
	}
	t.Setenv(IsolatedVar, "1")
	loaded.Clear()
	t.Cleanup(loaded.Clear)
	return dir
}

// fresh builds each index once for the tests.
var fresh = struct {
	sync.Mutex
	m map[string][]byte
}{m: map[string][]byte{}}

func freshIndex(t *testing.T, s Spec) []byte {
	t.Helper()
	fresh.Lock()
	defer fresh.Unlock()
	if b, ok := fresh.m[s.kind()]; ok {
		return b
	}
	c, err := s.Build()
	if err != nil {
		t.Fatal(err)
	}
	fresh.m[s.kind()] = c.Index
	return c.Index
}

// cached reads the file the cache holds for s, bypassing what this process remembers.
func cached(t *testing.T, s Spec) []byte {
	t.Helper()
	build, err := BuildID()
	if err != nil {
		t.Fatal(err)
	}
	path, err := Path(s)
	if err != nil {
		t.Fatal(err)
	}
	b, err := read(path, s.key(build))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCachedIndexEqualsFreshBuild loads the pin's and main's indexes into an empty cache and
// holds the files written, and a second load, to a fresh build byte for byte.
func TestCachedIndexEqualsFreshBuild(t *testing.T) {
	dir := isolate(t)
	for _, s := range []Spec{Course(optick.Pipeline{}), Course(optick.Main().Pipeline)} {
		want := freshIndex(t, s)
		got, err := Load(s)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: the loaded index differs from a fresh build", s.kind())
		}
		if !bytes.Equal(cached(t, s), want) {
			t.Fatalf("%s: the cached file differs from a fresh build", s.kind())
		}
		path, _ := Path(s)
		if filepath.Dir(path) != filepath.Join(dir, "course") {
			t.Errorf("the cache is %s, not in the user's cache folder %s", path, dir)
		}
		loaded.Clear()
		if got, err := Load(s); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: the index read back from the cache differs from a fresh build (%v)", s.kind(), err)
		}
	}
	if a, b := Course(optick.Pipeline{}).kind(), Course(optick.Main().Pipeline).kind(); a == b {
		t.Errorf("the pin's index and main's share the file %s", a)
	}
}

// TestDamagedCacheIsRebuilt damages the cached file in each way a file can be damaged or
// stale, and checks that the next load rebuilds it rather than trusting it.
func TestDamagedCacheIsRebuilt(t *testing.T) {
	isolate(t)
	s := Course(optick.Pipeline{})
	want := freshIndex(t, s)
	if err := Store(s, want); err != nil {
		t.Fatal(err)
	}
	path, _ := Path(s)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	damage := map[string]func([]byte) []byte{
		"empty":             func([]byte) []byte { return nil },
		"cut in the header": func(b []byte) []byte { return b[:headerSize/2] },
		"cut in the index":  func(b []byte) []byte { return b[:len(b)-1000] },
		"a byte longer":     func(b []byte) []byte { return append(b, 0) },
		"another magic":     func(b []byte) []byte { b[0] ^= 0xff; return b },
		"another version":   func(b []byte) []byte { b[8]++; return b },
		"another key":       func(b []byte) []byte { b[20] ^= 1; return b },
		"a vector flipped":  func(b []byte) []byte { b[headerSize+5000] ^= 0x40; return b },
		"metadata flipped":  func(b []byte) []byte { b[len(b)-3] ^= 1; return b },
		"the index's length": func(b []byte) []byte {
			b[16+32]++
			return b
		},
	}
	for name, d := range damage {
		t.Run(name, func(t *testing.T) {
			if err := os.WriteFile(path, d(bytes.Clone(good)), 0o644); err != nil {
				t.Fatal(err)
			}
			build, _ := BuildID()
			if _, err := read(path, s.key(build)); err == nil {
				t.Fatal("the damaged file reads as sound")
			}
			loaded.Clear()
			got, err := Load(s)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatal("the load after the damage differs from a fresh build")
			}
			if now, _ := os.ReadFile(path); !bytes.Equal(now, good) {
				t.Fatal("the damaged file was not rewritten")
			}
		})
	}
}

// TestStaleCacheIsRebuilt writes the file another build of the course would write, with its
// own key, and checks that this build rebuilds it.
func TestStaleCacheIsRebuilt(t *testing.T) {
	isolate(t)
	s := Course(optick.Pipeline{})
	want := freshIndex(t, s)
	build, _ := BuildID()
	path, _ := Path(s)
	os.MkdirAll(filepath.Dir(path), 0o755)
	stale := append(header(s.key(build+" another"), s.label(), want), want...)
	if err := os.WriteFile(path, stale, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := read(path, s.key(build)); err == nil || !strings.Contains(err.Error(), "another build") {
		t.Fatalf("another build's file: %v", err)
	}
	if got, err := Load(s); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("the load differs from a fresh build (%v)", err)
	}
	if !bytes.Equal(cached(t, s), want) {
		t.Fatal("the stale file was not rewritten")
	}
}

// TestKeyFollowsTheInputs changes each input of an index and checks that its key and file
// change with it, and that the program's build changes the key but not the file.
func TestKeyFollowsTheInputs(t *testing.T) {
	base := Course(optick.Pipeline{})
	weights := Course(optick.Pipeline{})
	weights.Partitions[1].Weight += 1e-9
	frets := base
	frets.FretCount++
	main := Course(optick.Pipeline{Document: optick.Main().Pipeline.Document})
	for name, s := range map[string]Spec{"a weight": weights, "the frets": frets, "one option of main's": main} {
		if s.kind() == base.kind() || s.key("b") == base.key("b") {
			t.Errorf("%s changed, the cache's file or key did not", name)
		}
	}
	if base.key("b") == base.key("c") || base.name("b") == base.name("c") || base.kind() != Course(optick.Pipeline{}).kind() {
		t.Error("another build must change the key and the file, not the kind")
	}
}

// TestOlderBuildsPruned writes the files of six builds and checks that the latest four stay,
// the one just written among them, and that another kind's files are left alone.
func TestOlderBuildsPruned(t *testing.T) {
	dir := filepath.Join(isolate(t), "course")
	s := Course(optick.Pipeline{})
	other := Course(optick.Main().Pipeline)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var paths []string
	start := time.Now().Add(-time.Hour)
	for i, build := range []string{"a", "b", "c", "d", "e", "f"} {
		p := filepath.Join(dir, s.name(build))
		os.WriteFile(p, nil, 0o644)
		os.Chtimes(p, start, start.Add(time.Duration(i)*time.Minute))
		paths = append(paths, p)
	}
	otherPath := filepath.Join(dir, other.name("a"))
	os.WriteFile(otherPath, nil, 0o644)
	os.Chtimes(otherPath, start, start)
	if err := Store(s, []byte("index")); err != nil {
		t.Fatal(err)
	}
	written, _ := Path(s)
	for i, p := range append(paths, written, otherPath) {
		_, err := os.Stat(p)
		if kept := i >= 3; kept != (err == nil) {
			t.Errorf("%s: kept %v, want %v", filepath.Base(p), err == nil, kept)
		}
	}
}

// TestUnisolatedTestsDoNotUseTheCache checks that a test that has not moved the cache folder
// neither reads nor writes it.
func TestUnisolatedTestsDoNotUseTheCache(t *testing.T) {
	t.Setenv(IsolatedVar, "")
	if _, err := Dir(); err == nil {
		t.Fatal("a test that has not isolated the cache gets its folder")
	}
	if err := Store(Course(optick.Pipeline{}), []byte("OPTK")); err == nil {
		t.Fatal("a test that has not isolated the cache writes it")
	}
}

// TestBuildID reads both forms of a build ID and the test binary's own.
func TestBuildID(t *testing.T) {
	note := append([]byte("\x00\x00junk\x04\x00\x00\x00\x05\x00\x00\x00\x04\x00\x00\x00Go\x00\x00"), "ab/cd..."...)
	if got := buildID(note); got != "ab/cd" {
		t.Errorf("ELF note: %q", got)
	}
	text := []byte("....\xff Go build ID: \"xy/zw\"\n \xff....")
	if got := buildID(text); got != "xy/zw" {
		t.Errorf("text: %q", got)
	}
	if got := buildID([]byte("no build ID here")); got != "" {
		t.Errorf("none: %q", got)
	}
	if id, err := BuildID(); err != nil || id == "" {
		t.Errorf("this test binary's build ID: %q, %v", id, err)
	}
}
