package indexcache

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"course/internal/testutil"

	"course/ga/embeddings"
	"course/ga/optick"
	"course/internal/verbose"
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
	forget := func() { loaded.Clear(); used.Clear() }
	forget()
	t.Cleanup(forget)
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

// TestChangedFileChangesNothingRead truncates the cached file, then rewrites half of it in place,
// after it was loaded: the index the process holds stays what it read, byte for byte, and the
// next process's read of the changed file fails and rebuilds.
func TestChangedFileChangesNothingRead(t *testing.T) {
	isolate(t)
	s := Course(optick.Pipeline{})
	want := freshIndex(t, s)
	if err := Store(s, want); err != nil {
		t.Fatal(err)
	}
	loaded.Clear()
	got, err := Load(s)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("the load differs from a fresh build (%v)", err)
	}
	path, _ := Path(s)
	if err := os.Truncate(path, 4096); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("the loaded index changed with the file's truncation")
	}
	if err := os.Truncate(path, int64(headerSize+len(s.label())+len(want))); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(make([]byte, len(want)/2), int64(len(want)/4)); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if !bytes.Equal(got, want) {
		t.Fatal("the loaded index changed with the file's rewrite")
	}
	build, _ := BuildID()
	if _, err := read(path, s.key(build)); err == nil || !strings.Contains(err.Error(), "CRC-32") {
		t.Fatalf("the rewritten file: %v, want its CRC-32 to fail", err)
	}
}

// weighted is the course's index over GA's partitions with the first similarity partition
// weighing w: a kind of index of its own, as `course l3 --weight` makes.
func weighted(t *testing.T, w float64) Spec {
	t.Helper()
	s := Course(optick.Pipeline{})
	for i, p := range s.Partitions {
		if p.Role == embeddings.Similarity {
			s.Partitions[i].Weight = w
			return s
		}
	}
	t.Fatal("GA's registry has no similarity partition")
	return s
}

// TestFolderBounded stores the files of 50 kinds of index, each as a process of its own would
// (the folder bound lowered to a few files' size): after each store the folder holds at most
// its bound, the file just written among what it holds, and the files removed are those least
// recently used: one read again after the others were written stays.
func TestFolderBounded(t *testing.T) {
	dir := filepath.Join(isolate(t), "course")
	const size, files = 100 << 10, 5
	saved := limit
	limit = files*(size+headerSize+64) + 1000
	t.Cleanup(func() { limit = saved })
	index := bytes.Repeat([]byte("OPTK"), size/4)
	start := time.Now().Add(-time.Hour)
	var specs []Spec
	for i := range 50 {
		used.Clear() // each store a process of its own, which uses only what it writes
		s := weighted(t, float64(i)/10)
		specs = append(specs, s)
		if err := Store(s, index); err != nil {
			t.Fatal(err)
		}
		path, _ := Path(s)
		when := start.Add(time.Duration(i) * time.Minute) // a minute between runs
		if err := os.Chtimes(path, when, when); err != nil {
			t.Fatal(err)
		}
		if i == 3 {
			// A run reads the first kind again, which its read marks as used now: later than
			// every store of this test, whose times are set a minute apart an hour ago.
			used.Clear()
			if _, err := Read(specs[0]); err != nil {
				t.Fatalf("the first kind, read again: %v", err)
			}
		}
		var total int64
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			fi, _ := e.Info()
			total += fi.Size()
		}
		if total > limit {
			t.Fatalf("after %d kinds the folder holds %d bytes, more than its bound %d", i+1, total, limit)
		}
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("the file just written was removed: %v", err)
		}
	}
	kept := map[int]bool{}
	for i, s := range specs {
		path, _ := Path(s)
		if _, err := os.Stat(path); err == nil {
			kept[i] = true
		}
	}
	// The first kind, read last, stays with the four last stored.
	want := map[int]bool{0: true, 46: true, 47: true, 48: true, 49: true}
	if fmt.Sprint(kept) != fmt.Sprint(want) {
		t.Errorf("kept the kinds %v, want the last %d used: %v", kept, files, want)
	}
	if len(kept) != files {
		t.Errorf("kept %d files, want %d", len(kept), files)
	}
}

// TestUsedFileNeverRemoved holds the file a process has read, the least recently used of the
// folder by its time, against the folder's bound: another kind stored then removes the others.
func TestUsedFileNeverRemoved(t *testing.T) {
	isolate(t)
	saved := limit
	t.Cleanup(func() { limit = saved })
	index := bytes.Repeat([]byte("x"), 10<<10)
	old, other, next := weighted(t, 0), weighted(t, 1), weighted(t, 2)
	for _, s := range []Spec{old, other} {
		if err := Store(s, index); err != nil {
			t.Fatal(err)
		}
	}
	used.Clear()
	if _, err := Read(old); err != nil {
		t.Fatal(err)
	}
	long := time.Now().Add(-24 * time.Hour)
	pOld, _ := Path(old)
	pOther, _ := Path(other)
	os.Chtimes(pOld, long, long)
	os.Chtimes(pOther, long.Add(time.Hour), long.Add(time.Hour))
	limit = 1 // no room for anything
	t.Setenv(verbose.Var, "1")
	said := testutil.Stderr(t, func() {
		if err := Store(next, index); err != nil {
			t.Fatal(err)
		}
	})
	if want := "verbose: removed " + pOther + " (11 kB, last used "; !strings.HasPrefix(said, want) || strings.Count(said, "\n") != 1 ||
		!strings.HasSuffix(said, "): the cache folder holds at most 1 kB\n") {
		t.Errorf("--verbose says %q, want one line %q...", said, want)
	}
	pNext, _ := Path(next)
	for p, kept := range map[string]bool{pOld: true, pOther: false, pNext: true} {
		if _, err := os.Stat(p); (err == nil) != kept {
			t.Errorf("%s: kept %v, want %v", filepath.Base(p), err == nil, kept)
		}
	}
}

// TestLabel names the kinds `course cache` shows: the pipeline, and each weight that is not GA's.
func TestLabel(t *testing.T) {
	pin, main := Course(optick.Pipeline{}), Course(optick.Main().Pipeline)
	frets := Course(optick.Pipeline{})
	frets.FretCount++
	w := weighted(t, 0.25)
	name := w.Partitions[slices.IndexFunc(w.Partitions, func(p embeddings.Partition) bool { return p.Role == embeddings.Similarity })].Name
	for s, want := range map[*Spec]string{
		&pin:   "pin",
		&main:  "main",
		&w:     "pin, " + name + "=0.25",
		&frets: fmt.Sprintf("pin, frets %d, window %d, at least %d", optick.CorpusFretCount+1, optick.CorpusWindowSize, optick.CorpusMinPlayed),
	} {
		if got := s.label(); got != want {
			t.Errorf("label %q, want %q", got, want)
		}
	}
}

// TestFilesAndClean lists the folder's files, their labels read from the files, a damaged one
// and a temporary one among them, and cleans it: the course's files go, a file of another
// program's stays.
func TestFilesAndClean(t *testing.T) {
	dir := filepath.Join(isolate(t), "course")
	pin, w := Course(optick.Pipeline{}), weighted(t, 3)
	for _, s := range []Spec{pin, w} {
		if err := Store(s, []byte("an index")); err != nil {
			t.Fatal(err)
		}
	}
	damaged, _ := Path(pin)
	damaged = strings.Replace(damaged, "-"+buildHash(mustBuild(t))+".", "-00000000.", 1)
	os.WriteFile(damaged, []byte("damaged"), 0o644)
	temp := damaged + ".123.tmp"
	os.WriteFile(temp, []byte("half"), 0o644)
	foreign := filepath.Join(dir, "notes.txt")
	os.WriteFile(foreign, []byte("mine"), 0o644)
	got, files, err := Files()
	if err != nil || got != dir {
		t.Fatalf("Files: %s, %v", got, err)
	}
	labels := map[string]string{}
	for _, f := range files {
		labels[filepath.Base(f.Path)] = fmt.Sprintf("%s|%v|%v|%d", f.Label, f.ThisBuild, f.Temporary, f.Size)
	}
	pPin, _ := Path(pin)
	pW, _ := Path(w)
	want := map[string]string{
		filepath.Base(pPin):    fmt.Sprintf("pin|true|false|%d", headerSize+3+8),
		filepath.Base(pW):      fmt.Sprintf("%s|true|false|%d", w.label(), headerSize+len(w.label())+8),
		filepath.Base(damaged): "|false|false|7",
		filepath.Base(temp):    "|false|true|4",
	}
	if fmt.Sprint(labels) != fmt.Sprint(want) {
		t.Errorf("files:\n%v\nwant\n%v", labels, want)
	}
	_, removed, err := Clean()
	if err != nil || len(removed) != 4 {
		t.Fatalf("Clean removed %d files, %v", len(removed), err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "notes.txt" {
		t.Errorf("after Clean the folder holds %v, want notes.txt alone", entries)
	}
}

func mustBuild(t *testing.T) string {
	t.Helper()
	b, err := BuildID()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
