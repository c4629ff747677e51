package kit

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"course/internal/dotnet"
)

// How the lessons' tables write a value: yes or no, counts, numbers as the original program
// formats them, lists, quotes and vectors.

// YesNo is the tables' "yes" or "no".
func YesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Count is 1 for a case that holds and 0 for one that does not, for tallies of verdicts.
func Count(ok bool) int {
	if ok {
		return 1
	}
	return 0
}

// Tally writes each value with its count, the most frequent first, ties in ordinal order.
func Tally(values []string) string {
	counts := map[string]int{}
	var keys []string
	for _, v := range values {
		if counts[v] == 0 {
			keys = append(keys, v)
		}
		counts[v]++
	}
	slices.SortFunc(keys, func(a, b string) int {
		if c := cmp.Compare(counts[b], counts[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, counts[k])
	}
	return strings.Join(parts, ", ")
}

// Quote writes s in double quotes as it is, as the lesson quotes prompts and answers.
func Quote(s string) string { return `"` + s + `"` }

// Vec writes values with up to two decimals, as a float's "0.##" does.
func Vec(values []float64) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = Float(v)
	}
	return strings.Join(parts, " ")
}

// Fixed writes a double as the original program's F does: "0.000", never "-0.000".
func Fixed(v float64) string {
	s := dotnet.FormatDouble(v, 3, false)
	if s == "-0.000" {
		return "0.000"
	}
	return s
}

// Float writes a float as the original program's Vec does: "0.##", never "-0".
func Float(v float64) string {
	s := dotnet.FormatSingle(float32(v), 2, true)
	if s == "-0" {
		return "0"
	}
	return s
}

// ListCell is a table cell that lists items, separated by commas, or says "none".
func ListCell(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, ", ")
}

// VectorString writes a vector as GA writes an IntervalClassVector: "<1 0 1 2 2 0>".
func VectorString(v [6]int) string { return "<" + JoinInts(v[:], " ") + ">" }

// Number writes a distance as .NET writes a double.
func Number(d float64) string { return strconv.FormatFloat(d, 'f', -1, 64) }

// SameSet says a and b hold the same items, in any order and however often.
func SameSet[T comparable](a, b []T) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}
