package sse

import "golang.org/x/sys/cpu"

// hasAVX2 says the vector checks can run here.
var hasAVX2 = cpu.X86.HasAVX2

// blocksWellFormedAVX2 is blocksWellFormed for n > 0 bytes at p, n a multiple of 32: the lookup
// check of Keiser and Lemire, "Validating UTF-8 in less than one instruction per byte" (2021),
// which classifies every byte by its own high nibble and both nibbles of the byte before it,
// 32 bytes at once.
//
//go:noescape
func blocksWellFormedAVX2(p *byte, n int) bool

// eolBitsAVX2 writes the line-end bits of n > 0 bytes at p, n a multiple of 64, into n/64
// words at dst.
//
//go:noescape
func eolBitsAVX2(dst *uint64, p *byte, n int)

// blocksWellFormed reports whether b, whose length is a multiple of blockBytes, is well-formed
// UTF-8 but for a sequence its end may cut; false also means this machine cannot tell quickly.
func blocksWellFormed(b []byte) bool {
	return hasAVX2 && len(b) > 0 && blocksWellFormedAVX2(&b[0], len(b))
}

// eolBitsVector writes the line-end bits of b's whole 64-byte pieces into dst, if this machine
// can, and returns how many bytes it covered.
func eolBitsVector(dst []uint64, b []byte) int {
	n := len(b) &^ 63
	if !hasAVX2 || n == 0 {
		return 0
	}
	eolBitsAVX2(&dst[0], &b[0], n)
	return n
}
