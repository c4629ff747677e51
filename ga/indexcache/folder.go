package indexcache

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"course/internal/verbose"
)

// Limit is the most the cache folder holds, in bytes: seven of the course's indexes, some 9 MB
// each; past it Store removes the files least recently used.
const Limit = 64 << 20

// limit is the bound Store holds the folder to: Limit, lower in the tests.
var limit int64 = Limit

// staleTemp is the age past which a temporary file of the cache is taken for one a stopped
// process left: one being written is seconds old.
const staleTemp = time.Hour

// used holds the cache files this process has read or written: the bounds never remove them,
// whatever another process did with their times.
var used sync.Map // path -> true

// File is a file of the course's in the cache folder.
type File struct {
	// Path is where it is.
	Path string
	// Label is the kind of index it holds, as a person reads it: "pin", "main", "pin, ROOT=0"; ""
	// for a file that holds no sound header of this version of the cache.
	Label string
	// Build is the hash of the build of the course that wrote it, as its name holds it.
	Build string
	// ThisBuild says that the running program wrote it.
	ThisBuild bool
	// Temporary says it is a file being written, or one a stopped process left.
	Temporary bool
	// Size is its size in bytes.
	Size int64
	// LastUsed is when it was last read or written: its modification time.
	LastUsed time.Time
}

// Files returns the folder of the cache and the course's files in it, the most recently used
// first; a folder not made yet holds none.
func Files() (string, []File, error) {
	dir, err := Dir()
	if err != nil {
		return "", nil, err
	}
	files, err := list(dir)
	if err != nil {
		return dir, nil, err
	}
	for i := range files {
		files[i].Label = readLabel(files[i].Path)
	}
	return dir, files, nil
}

// Clean removes the course's files from the cache folder, and nothing else, and returns those it
// removed. A file it cannot remove ends it, with those removed so far.
func Clean() (string, []File, error) {
	dir, files, err := Files()
	if err != nil {
		return dir, nil, err
	}
	var removed []File
	for _, f := range files {
		if err := os.Remove(f.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return dir, removed, fmt.Errorf("indexcache: %w", err)
		}
		used.Delete(f.Path)
		removed = append(removed, f)
	}
	loaded.Clear()
	return dir, removed, nil
}

// list returns the course's files in dir, the most recently used first.
func list(dir string) ([]File, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("indexcache: %w", err)
	}
	this := ""
	if build, err := BuildID(); err == nil {
		this = buildHash(build)
	}
	var files []File
	for _, e := range entries {
		build, temp, ok := parseName(e.Name())
		if !ok || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue // removed meanwhile
		}
		files = append(files, File{Path: filepath.Join(dir, e.Name()), Build: build, ThisBuild: build == this,
			Temporary: temp, Size: fi.Size(), LastUsed: fi.ModTime()})
	}
	slices.SortStableFunc(files, func(a, b File) int { return cmp.Or(b.LastUsed.Compare(a.LastUsed), strings.Compare(a.Path, b.Path)) })
	return files, nil
}

// parseName reads a file name the cache gives: "optick-KIND-BUILD.index", or that with
// ".RANDOM.tmp" after it for a file being written; ok is false for any other name.
func parseName(name string) (build string, temp bool, ok bool) {
	rest, ok := strings.CutPrefix(name, "optick-")
	if !ok {
		return "", false, false
	}
	if i := strings.Index(rest, ".index"); i >= 0 {
		tail := rest[i+len(".index"):]
		temp = tail != ""
		if temp && (!strings.HasPrefix(tail, ".") || !strings.HasSuffix(tail, ".tmp")) {
			return "", false, false
		}
		rest = rest[:i]
	} else {
		return "", false, false
	}
	kind, build, ok := strings.Cut(rest, "-")
	if !ok || len(kind) != 16 || len(build) != 8 || !hex(kind) || !hex(build) {
		return "", false, false
	}
	return build, temp, true
}

// hex reports whether s is lowercase hexadecimal digits.
func hex(s string) bool {
	return strings.Trim(s, "0123456789abcdef") == ""
}

// readLabel is the label of the cached file at path, "" when its start is no sound header.
func readLabel(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return ""
	}
	head := make([]byte, headerSize+maxLabel)
	n, _ := io.ReadFull(f, head)
	if checkHead(path, head[:n]) != nil {
		return ""
	}
	label, _ := fileLabel(head[:n])
	if uint64(fi.Size()) != uint64(headerSize+len(label))+binary.LittleEndian.Uint64(head[16+sha256.Size:]) {
		return "" // cut or grown: a file whose length its header does not give is rebuilt
	}
	return label
}

// prune holds dir to its bounds after a file of kind was written: of the files of kind that
// this process has not used, the keptBuilds-1 last used stay; then the least recently used files
// go until the folder holds at most limit bytes. A temporary file counts and goes only once it
// is stale. A file it cannot remove stays; each it removes is said under --verbose.
func prune(dir, kind string) {
	files, err := list(dir)
	if err != nil {
		return
	}
	remove := func(f File, why string) bool {
		if err := os.Remove(f.Path); err != nil {
			return false
		}
		verbose.Printf("removed %s (%s, last used %s): %s", f.Path, Size(f.Size), f.LastUsed.Format(time.DateTime), why)
		return true
	}
	builds := 0
	files = slices.DeleteFunc(files, func(f File) bool {
		if f.Temporary || !strings.HasPrefix(filepath.Base(f.Path), kind+"-") || isUsed(f.Path) {
			return false
		}
		builds++
		return builds >= keptBuilds && remove(f, fmt.Sprintf("the cache keeps the %d builds of the course last used", keptBuilds))
	})
	var total int64
	for _, f := range files {
		total += f.Size
	}
	for _, f := range slices.Backward(files) {
		if total <= limit {
			return
		}
		if isUsed(f.Path) || f.Temporary && time.Since(f.LastUsed) < staleTemp {
			continue
		}
		if remove(f, "the cache folder holds at most "+Size(limit)) {
			total -= f.Size
		}
	}
}

// isUsed reports whether this process has read or written the file at path.
func isUsed(path string) bool {
	_, ok := used.Load(path)
	return ok
}

// Size writes a count of bytes as `course cache` shows it, in megabytes or kilobytes.
func Size(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d kB", (n+1023)/1024)
}
