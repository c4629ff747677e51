// Package indexcache keeps the course's OPTIC-K index on disk, as GA keeps its own: the index is
// written once and read afterwards. Lesson 3's corpus takes one to two hundred milliseconds to
// generate, analyse and embed; reading the file it gives takes about one.
//
// The file lies in the user's cache folder (os.UserCacheDir()/course/), one per kind of index
// (the corpus's settings, the partition registry and the version of GA's pipeline) and build of
// the program, named by hashes of them; the files of the four builds last used are kept, and the
// folder as a whole holds at most Limit bytes, the files least recently used removed first.
// Its header holds the key, a hash of everything that decides the index's bytes: those settings,
// the partitions' weights, the OPTK format version, the fixtures the pipeline reads and the build
// of the program itself, so a file another build of the course wrote is never read. A file is
// written to a temporary name and renamed into place, read into memory whole and checked there
// (header, key, length and a CRC-32 of the index), so that a change to the file afterwards changes
// nothing the process reads; a damaged or stale one is rebuilt.
//
// Under `go test` the cache is used only when the test has moved the cache folder to a
// temporary one (cachetest.Isolate, cachetest.Temp), so that tests never read a developer's files.
package indexcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"course/fixtures"
	"course/ga/embeddings"
	"course/ga/optick"
	"course/internal/verbose"
)

// Spec is what an index's bytes follow from, besides the program's code: the corpus GA's voicing
// generator makes, the partition registry, and the version of the indexing pipeline.
type Spec struct {
	FretCount, WindowSize, MinPlayed int
	Partitions                       []embeddings.Partition
	Pipeline                         optick.Pipeline
}

// Course is the course's index in the pipeline p: lesson 3's corpus over GA's partition
// registry, the index the original course's lessons and its ChatHost searched.
func Course(p optick.Pipeline) Spec {
	return Spec{FretCount: optick.CorpusFretCount, WindowSize: optick.CorpusWindowSize, MinPlayed: optick.CorpusMinPlayed,
		Partitions: embeddings.Partitions(), Pipeline: p}
}

// Build builds the index of s in memory, as lesson 3 does.
func (s Spec) Build() (optick.Corpus, error) {
	return optick.BuildCorpusIndexWith(s.FretCount, s.WindowSize, s.MinPlayed, s.Partitions, false, s.Pipeline)
}

// cacheVersion is the layout of the cache file's own header; a change to it is a new version.
const cacheVersion = 3

// magic opens every cache file.
const magic = "CRSOPTK\x00"

// headerSize is the cache file's fixed header: magic, version, the length of the label, the key,
// the index's length, the CRC-32 of the label and the index (IEEE's, which Go computes with the
// processor's carry-less multiply, some 30 GB/s here), and reserved. The label, what `course
// cache` calls the kind of index, follows it, then the index.
const headerSize = 8 + 4 + 4 + sha256.Size + 8 + 4 + 4

// maxLabel bounds a label's length.
const maxLabel = 4 << 10

// IsolatedVar is the environment variable Isolate sets: under `go test` the cache is used only
// when it is set.
const IsolatedVar = "COURSE_TEST_CACHE_ISOLATED"

// describe writes what the index's bytes follow from, the program's build aside: the kind of
// index, which a new version of the cache keeps.
func (s Spec) describe() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "OPTK %d; schema %s\n", optick.FormatVersion, embeddings.Version)
	fmt.Fprintf(&b, "corpus frets %d, window %d, at least %d\n", s.FretCount, s.WindowSize, s.MinPlayed)
	for _, p := range s.Partitions {
		fmt.Fprintf(&b, "partition %q %d-%d weight %x role %d\n", p.Name, p.Start, p.End, p.Weight, p.Role)
	}
	fmt.Fprintf(&b, "pipeline %+v\n", s.Pipeline)
	return b.Bytes()
}

// key is the hash the file's header holds: the cache's version, what describe writes, the
// fixtures the pipeline reads, and the build of this program.
func (s Spec) key(build string) [sha256.Size]byte {
	h := sha256.New()
	fmt.Fprintf(h, "course optick cache %d\n", cacheVersion)
	h.Write(s.describe())
	fmt.Fprintf(h, "symbolic tags %d\n", len(fixtures.SymbolicTags))
	h.Write(fixtures.SymbolicTags)
	fmt.Fprintf(h, "\nbuild %q\n", build)
	var k [sha256.Size]byte
	h.Sum(k[:0])
	return k
}

// kind names the kind of index s is, whatever the build: the start of its files' names.
func (s Spec) kind() string {
	sum := sha256.Sum256(s.describe())
	return fmt.Sprintf("optick-%x", sum[:8])
}

// label is the kind of index s is, as a person reads it: the pipeline, the pin's or main's, and
// what differs from lesson 3's corpus over GA's partition registry.
func (s Spec) label() string {
	var parts []string
	switch fmt.Sprintf("%+v", s.Pipeline) {
	case fmt.Sprintf("%+v", optick.Pipeline{}):
		parts = append(parts, "pin")
	case fmt.Sprintf("%+v", optick.Main().Pipeline):
		parts = append(parts, "main")
	default:
		parts = append(parts, "another pipeline")
	}
	if s.FretCount != optick.CorpusFretCount || s.WindowSize != optick.CorpusWindowSize || s.MinPlayed != optick.CorpusMinPlayed {
		parts = append(parts, fmt.Sprintf("frets %d, window %d, at least %d", s.FretCount, s.WindowSize, s.MinPlayed))
	}
	ga := embeddings.Partitions()
	if len(ga) != len(s.Partitions) {
		return strings.Join(append(parts, "other partitions"), ", ")
	}
	for i, p := range s.Partitions {
		switch g := ga[i]; {
		case p.Name != g.Name || p.Start != g.Start || p.End != g.End || p.Role != g.Role:
			return strings.Join(append(parts, "other partitions"), ", ")
		case p.Weight != g.Weight:
			parts = append(parts, p.Name+"="+strconv.FormatFloat(p.Weight, 'g', -1, 64))
		}
	}
	return strings.Join(parts, ", ")
}

// name is the file's name: the kind of index and the build that writes it, so that two builds
// run in turn (a built binary and `go run`) each keep their own file.
func (s Spec) name(build string) string {
	return s.kind() + "-" + buildHash(build) + ".index"
}

// buildHash is the part of a file's name that names the build of the course that wrote it.
func buildHash(build string) string {
	sum := sha256.Sum256([]byte(build))
	return fmt.Sprintf("%x", sum[:4])
}

// keptBuilds is the number of builds whose files of one kind of index the cache keeps; Store
// removes the files of the builds used longer ago.
const keptBuilds = 4

// Dir is the folder of the cache: the course's folder in the user's cache folder.
func Dir() (string, error) {
	if testBinary() && os.Getenv(IsolatedVar) == "" {
		return "", errors.New("indexcache: a test that has not isolated the cache folder does not use it")
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("indexcache: %w", err)
	}
	return filepath.Join(base, "course"), nil
}

// testBinary reports whether this program is a test binary, whose flags the testing package has
// registered.
func testBinary() bool { return flag.Lookup("test.run") != nil }

// Path is where this program keeps the index of s.
func Path(s Spec) (string, error) {
	build, err := BuildID()
	if err != nil {
		return "", err
	}
	dir, err := Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, s.name(build)), nil
}

// loaded holds the indexes this process has read or built, by cache file (none when the cache
// is not used), kind and key.
var loaded sync.Map // string -> []byte

// Load returns the index of s: the cached file's when it is there and sound, else one built
// now and written to the cache. A cache that cannot be read or written only costs the build:
// the error Load returns is the build's; --verbose says why a file was rebuilt or not written.
func Load(s Spec) ([]byte, error) {
	build, _ := BuildID()
	key := s.key(build)
	path, err := Path(s)
	if err != nil {
		path = "" // no cache: the index is built, and remembered by this process alone
	}
	memo := path + "\x00" + s.kind() + string(key[:])
	if b, ok := loaded.Load(memo); ok {
		return b.([]byte), nil
	}
	if path != "" {
		b, err := read(path, key)
		if err == nil {
			loaded.Store(memo, b)
			return b, nil
		}
		// A file that cannot be opened is no file to rebuild; a folder that cannot hold one is
		// said when the index is not written.
		if pe := (*fs.PathError)(nil); !errors.As(err, &pe) || pe.Op != "open" {
			verbose.Printf("rebuilt the cached index: %v", err)
		}
	}
	built, err := s.Build()
	if err != nil {
		return nil, err
	}
	if path != "" {
		// A cache that cannot be written costs the next run a build, nothing more.
		if err := Store(s, built.Index); err != nil {
			verbose.Printf("the index was not cached, the next run builds it again: %v", err)
		}
	}
	loaded.Store(memo, built.Index)
	return built.Index, nil
}

// Read returns the index of s that the cache holds, when it holds a sound one for this build.
func Read(s Spec) ([]byte, error) {
	build, err := BuildID()
	if err != nil {
		return nil, err
	}
	path, err := Path(s)
	if err != nil {
		return nil, err
	}
	return read(path, s.key(build))
}

// Store writes index, the index of s just built, to the cache: to a temporary file in the
// cache folder, renamed into place, so a reader finds the old file or the new one, whole. It
// then removes what the bounds leave no room for: the files of older builds of this kind, and
// the least recently used files past the folder's Limit.
func Store(s Spec, index []byte) error {
	build, err := BuildID()
	if err != nil {
		return err
	}
	path, err := Path(s)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("indexcache: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("indexcache: %w", err)
	}
	label := s.label()
	_, err = f.Write(header(s.key(build), label, index))
	if err == nil {
		_, err = f.Write(index)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("indexcache: %w", err)
	}
	used.Store(path, true)
	prune(filepath.Dir(path), s.kind())
	return nil
}

// header is the cache file's header, its label included, for index under key.
func header(key [sha256.Size]byte, label string, index []byte) []byte {
	le := binary.LittleEndian
	label = label[:min(len(label), maxLabel)]
	h := make([]byte, 0, headerSize+len(label))
	h = append(h, magic...)
	h = le.AppendUint32(h, cacheVersion)
	h = le.AppendUint32(h, uint32(len(label)))
	h = append(h, key[:]...)
	h = le.AppendUint64(h, uint64(len(index)))
	h = le.AppendUint32(h, crc32.Update(crc32.ChecksumIEEE([]byte(label)), crc32.IEEETable, index))
	h = le.AppendUint32(h, 0)
	return append(h, label...)
}

// read reads the cached file at path into memory and returns its index when its header is the
// one key and the index's bytes call for. The file is read once and checked in memory: what the
// search reads is that copy, so a file truncated or rewritten afterwards can neither fault the
// process nor change an answer. A file read is marked used (its modification time, which the
// folder's bound goes by) and is never removed by this process.
func read(path string, key [sha256.Size]byte) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("indexcache: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("indexcache: %w", err)
	}
	if fi.Size() < headerSize {
		return nil, fmt.Errorf("indexcache: %s: %d bytes, shorter than its header", path, fi.Size())
	}
	if fi.Size() > maxFileSize {
		return nil, fmt.Errorf("indexcache: %s: %d bytes, more than a cached index holds", path, fi.Size())
	}
	// One byte more than the file held at Stat, so that a file that grew meanwhile is seen.
	b, release := memory(int(fi.Size()) + 1)
	index, err := readAll(f, b, path)
	if err == nil {
		index, err = verify(path, index, key)
	}
	if err != nil {
		release()
		return nil, err
	}
	used.Store(path, true)
	now := time.Now()
	_ = os.Chtimes(path, now, now) // a folder that cannot be written keeps the time it has
	return index, nil
}

// readAll reads f into b, one byte longer than f was when it was opened, and returns the bytes
// read: f's, whole, unless it changed size while it was read.
func readAll(f *os.File, b []byte, path string) ([]byte, error) {
	n, err := io.ReadFull(f, b)
	switch {
	case err == nil:
		return nil, fmt.Errorf("indexcache: %s grew while it was read", path)
	case err != io.ErrUnexpectedEOF && err != io.EOF:
		return nil, fmt.Errorf("indexcache: %s: %w", path, err)
	case n != len(b)-1:
		return nil, fmt.Errorf("indexcache: %s: %d bytes read, %d when it was opened", path, n, len(b)-1)
	}
	return b[:n], nil
}

// maxFileSize bounds what read allocates for one file: the course's index is some 9 MB.
const maxFileSize = 256 << 20

// verify checks the header of b, the cached file at path, against key and the index it holds,
// and returns the index.
func verify(path string, b []byte, key [sha256.Size]byte) ([]byte, error) {
	if err := checkHead(path, b); err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	if !bytes.Equal(b[16:16+sha256.Size], key[:]) {
		return nil, fmt.Errorf("indexcache: %s was written for another index or another build", path)
	}
	label, _ := fileLabel(b)
	body := b[headerSize:]
	index := body[len(label):]
	if n := le.Uint64(b[16+sha256.Size:]); n != uint64(len(index)) {
		return nil, fmt.Errorf("indexcache: %s: %d bytes of index, the header says %d", path, len(index), n)
	}
	if crc, want := crc32.ChecksumIEEE(body), le.Uint32(b[24+sha256.Size:]); crc != want {
		return nil, fmt.Errorf("indexcache: %s: the index's CRC-32 is %08x, the header says %08x", path, crc, want)
	}
	return index, nil
}

// checkHead checks that b, the start of the cached file at path, is a header of this version of
// the cache, its label whole.
func checkHead(path string, b []byte) error {
	le := binary.LittleEndian
	switch {
	case len(b) < headerSize || string(b[:8]) != magic:
		return fmt.Errorf("indexcache: %s is not a cached index", path)
	case le.Uint32(b[8:]) != cacheVersion:
		return fmt.Errorf("indexcache: %s: cache version %d, want %d", path, le.Uint32(b[8:]), cacheVersion)
	}
	if _, ok := fileLabel(b); !ok {
		return fmt.Errorf("indexcache: %s: its label is cut or too long", path)
	}
	return nil
}

// fileLabel is the label in b, a cached file's start, and whether b holds it whole.
func fileLabel(b []byte) (string, bool) {
	n := int(binary.LittleEndian.Uint32(b[12:]))
	if n > maxLabel || len(b) < headerSize+n {
		return "", false
	}
	return string(b[headerSize : headerSize+n]), true
}
