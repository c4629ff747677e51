package indexcache

import "syscall"

// hugeAlign is the size of a transparent huge page on the systems the course runs on.
const hugeAlign = 2 << 20

// memory returns n bytes of fresh memory to read a cached file into, and a release that gives it
// back. On Linux it is an anonymous mapping of its own, rounded up to whole huge pages and advised
// as such: the heap's small pages cost a fault each as the file is read in, some 20 µs apiece in a
// virtual machine (60 ms for the course's 9 MB index), where a huge page costs one fault for 512
// of them. Memory the kernel will not map is taken from the heap.
func memory(n int) (b []byte, release func()) {
	size := (n + hugeAlign - 1) &^ (hugeAlign - 1)
	m, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]byte, n), func() {}
	}
	_ = syscall.Madvise(m, syscall.MADV_HUGEPAGE) // without it the pages are small, and only slower
	return m[:n], func() { _ = syscall.Munmap(m) }
}
