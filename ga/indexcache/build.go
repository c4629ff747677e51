package indexcache

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
)

// BuildID returns the Go build ID of the running program, which changes with any change to its
// code or its embedded files: the part of the cache's key that the models' code decides. It is
// read from the start of the executable, where the Go linker writes it, as cmd/internal/buildid
// reads it: an ELF note named "Go" of type 4, or the text "\xff Go build ID: \"...\"\n \xff" at
// the start of the text section of other formats. A program whose build ID cannot be read does
// not use the cache.
var BuildID = sync.OnceValues(func() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("indexcache: build ID: %w", err)
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", fmt.Errorf("indexcache: build ID: %w", err)
	}
	defer f.Close()
	head := make([]byte, 64<<10)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return "", fmt.Errorf("indexcache: build ID: %w", err)
	}
	if id := buildID(head[:n]); id != "" {
		return id, nil
	}
	return "", fmt.Errorf("indexcache: %s holds no Go build ID in its first %d bytes", exe, len(head))
})

// The markers of a Go build ID (cmd/internal/buildid/buildid.go).
var (
	elfGoNote     = []byte("\x04\x00\x00\x00") // the note's name size, then its description's
	elfGoNoteTail = []byte("\x04\x00\x00\x00Go\x00\x00")
	goBuildPrefix = []byte("\xff Go build ID: \"")
	goBuildEnd    = []byte("\"\n \xff")
)

// buildID finds the build ID in the first bytes of an executable, "" when they hold none.
func buildID(head []byte) string {
	if i := bytes.Index(head, goBuildPrefix); i >= 0 {
		rest := head[i+len(goBuildPrefix):]
		if j := bytes.Index(rest, goBuildEnd); j > 0 {
			return string(rest[:j])
		}
	}
	for at := 0; ; {
		i := bytes.Index(head[at:], elfGoNoteTail)
		if i < 0 {
			return ""
		}
		i += at
		at = i + 1
		if i < 8 || !bytes.Equal(head[i-8:i-4], elfGoNote) {
			continue
		}
		size := int(binary.LittleEndian.Uint32(head[i-4:]))
		desc := i + len(elfGoNoteTail)
		if size > 0 && size <= 1024 && desc+size <= len(head) {
			return string(head[desc : desc+size])
		}
	}
}
