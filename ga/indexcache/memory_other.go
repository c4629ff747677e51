//go:build !linux

package indexcache

// memory returns n bytes of fresh memory to read a cached file into; release does nothing, the
// heap takes it back.
func memory(n int) (b []byte, release func()) { return make([]byte, n), func() {} }
