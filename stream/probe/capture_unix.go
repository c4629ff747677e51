//go:build unix

package probe

import "syscall"

// reserve maps n bytes of anonymous memory outside the Go heap: the kernel gives each page on
// its first write, so a capture reserved at its bound takes only what the stream fills, is never
// copied to grow, and is not cleared first as a heap allocation of that size would be. release
// unmaps it; nothing may read the bytes after.
func reserve(n int) (buf []byte, release func(), ok bool) {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, false
	}
	return b[:0], func() { _ = syscall.Munmap(b) }, true
}
