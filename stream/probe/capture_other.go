//go:build !unix

package probe

// reserve has no mapping to offer here; the capture grows on the heap.
func reserve(int) ([]byte, func(), bool) { return nil, nil, false }
