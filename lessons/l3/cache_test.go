package l3

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"course/ga/indexcache"
	"course/ga/indexcache/cachetest"
	"course/ga/optick"
	"course/internal/report"
)

// TestWritesTheCache runs the lesson's corpus over a damaged cached index: the lesson writes
// its index afresh, and the cache then holds the index it built, byte for byte.
func TestWritesTheCache(t *testing.T) {
	cachetest.Temp(t)
	spec := indexcache.Course(optick.Pipeline{})
	path, err := indexcache.Path(spec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("damaged"), 0o644); err != nil {
		t.Fatal(err)
	}
	l := &lesson{cfg: defaultConfig(), r: report.New(io.Discard)}
	if err := l.corpusSection(); err != nil {
		t.Fatal(err)
	}
	cached, err := indexcache.Read(spec)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(cached, l.index) {
		t.Fatal("the cached index differs from the one the lesson built")
	}
}
