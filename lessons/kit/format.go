package kit

import (
	"strconv"
	"strings"
)

// The small text helpers several lessons share.

// JoinInts writes numbers with sep between them.
func JoinInts(ns []int, sep string) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, sep)
}

// Cut shortens s to n characters, the last one an ellipsis, as the original's Cut does.
func Cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
