//go:build unix

package indexcache

import (
	"os"
	"syscall"
)

// mapFile maps the n bytes of f read-only, as GA's reader maps its index: the pages come from
// the page cache with no copy into the heap. A mapping that is kept is never unmapped: the index
// is read for as long as the process runs, and a file renamed over this one leaves the mapping as
// it was. release unmaps one that is not kept.
func mapFile(f *os.File, n int) (b []byte, release func(), err error) {
	b, err = syscall.Mmap(int(f.Fd()), 0, n, syscall.PROT_READ, syscall.MAP_SHARED|mapPopulate)
	if err != nil {
		return nil, nil, err
	}
	return b, func() { _ = syscall.Munmap(b) }, nil
}
