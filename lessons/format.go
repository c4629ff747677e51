package lessons

import (
	"strconv"
	"strings"
)

// The small text helpers several lessons share.

// joinInts writes numbers with sep between them.
func joinInts(ns []int, sep string) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, sep)
}

// cut shortens s to n characters, the last one an ellipsis, as the original's Cut does.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
