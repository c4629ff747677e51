package cache

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"course/ga/indexcache"
	"course/ga/indexcache/cachetest"
	"course/ga/optick"
	"course/internal/testutil"
)

// TestCacheFlags checks that `course cache` lists and `course cache clean` cleans.
func TestCacheFlags(t *testing.T) {
	for args, want := range map[string]bool{"cache": false, "cache clean": true} {
		var got *CacheOptions
		_, err := testutil.Run(t, NewCmdCache(func(o *CacheOptions, _ io.Writer) error { got = o; return nil }), strings.Fields(args)...)
		if err != nil || got == nil || got.Clean != want {
			t.Errorf("course %s: %+v, %v; want Clean %v", args, got, err, want)
		}
	}
}

// TestCacheListsAndCleans stores two kinds of index in an isolated cache folder, beside a file
// of another program's: `course cache` lists the course's two with their kinds and sizes and
// their total, `course cache clean` removes them and says so, the other file stays, and the
// list is empty after.
func TestCacheListsAndCleans(t *testing.T) {
	dir := filepath.Join(cachetest.Temp(t), "course")
	pin := indexcache.Course(optick.Pipeline{})
	main := indexcache.Course(optick.Main().Pipeline)
	for i, s := range []indexcache.Spec{pin, main} {
		if err := indexcache.Store(s, make([]byte, (i+1)<<20)); err != nil {
			t.Fatal(err)
		}
	}
	foreign := filepath.Join(dir, "keep.me")
	if err := os.WriteFile(foreign, []byte("not the course's"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := testutil.Run(t, NewCmdCache(nil), "cache")
	if err != nil {
		t.Fatal(err)
	}
	testutil.MustContain(t, out, "Cache folder: "+dir)
	for _, kind := range []string{"pin", "main"} {
		if row := testutil.Line(t, out, kind+" "); !strings.Contains(row, "this one") {
			t.Errorf("the %s row names another build: %q", kind, row)
		}
	}
	pinPath, _ := indexcache.Path(pin)
	mainPath, _ := indexcache.Path(main)
	var total int64
	for _, p := range []string{pinPath, mainPath} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		total += fi.Size()
	}
	if !strings.Contains(out, indexcache.Size(total)+" in 2 files, of at most "+indexcache.Size(indexcache.Limit)) {
		t.Errorf("no total of %s in 2 files in:\n%s", indexcache.Size(total), out)
	}
	if strings.Contains(out, "keep.me") {
		t.Errorf("the list shows another program's file:\n%s", out)
	}

	out, err = testutil.Run(t, NewCmdCache(nil), "cache", "clean")
	if err != nil {
		t.Fatal(err)
	}
	testutil.MustContain(t, out, "removed "+pinPath+" (pin, 1.0 MB)", "removed "+mainPath+" (main, 2.0 MB)")
	if !strings.Contains(out, "Removed 2 files, "+indexcache.Size(total)+", from "+dir+".") {
		t.Errorf("no count of what was removed in:\n%s", out)
	}
	for _, p := range []string{pinPath, mainPath} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s is still there: %v", p, err)
		}
	}
	if _, err := os.Stat(foreign); err != nil {
		t.Errorf("clean removed another program's file: %v", err)
	}
	out, err = testutil.Run(t, NewCmdCache(nil), "cache")
	if err != nil || !strings.Contains(out, "none of the course's files") {
		t.Errorf("after clean: %v\n%s", err, out)
	}
	out, err = testutil.Run(t, NewCmdCache(nil), "cache", "clean")
	if err != nil || !strings.Contains(out, "nothing to remove") {
		t.Errorf("clean of an empty folder: %v\n%s", err, out)
	}
}
