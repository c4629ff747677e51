package sse

import "testing"

// bothPaths runs test with the vector checks, where the machine has them, and again with the
// scalar checks alone, which every other machine runs.
func bothPaths(t *testing.T, test func(t *testing.T)) {
	if hasAVX2 {
		t.Run("vector", test)
	}
	t.Run("scalar", func(t *testing.T) {
		defer func(saved bool) { hasAVX2 = saved }(hasAVX2)
		hasAVX2 = false
		test(t)
	})
}
