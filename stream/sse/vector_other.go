//go:build !amd64

package sse

// hasAVX2 is false: only amd64 has the vector checks, and the scalar ones serve everywhere else.
var hasAVX2 = false

func blocksWellFormed([]byte) bool { return false }

func eolBitsVector([]uint64, []byte) int { return 0 }
