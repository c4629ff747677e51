// Package keyed finds the items of a list by their keys, as the flags that name writers and
// readers do, and says which keys there are when one is unknown.
package keyed

import (
	"fmt"
	"slices"
	"strings"
)

// Keys are the keys of list's items, in order.
func Keys[T any](list []T, key func(T) string) []string {
	keys := make([]string, len(list))
	for i, x := range list {
		keys[i] = key(x)
	}
	return keys
}

// Find is the item of list whose key is want; for a key no item has, the error names what the
// items are and lists their keys.
func Find[T any](list []T, what, want string, key func(T) string) (T, error) {
	if i := slices.IndexFunc(list, func(x T) bool { return key(x) == want }); i >= 0 {
		return list[i], nil
	}
	var zero T
	return zero, fmt.Errorf("unknown %s %q; the %ss are %s", what, want, what, strings.Join(Keys(list, key), ", "))
}

// All are the items of list with the given keys, in the order given; no keys means all of list.
func All[T any](list []T, what string, keys []string, key func(T) string) ([]T, error) {
	if len(keys) == 0 {
		return list, nil
	}
	out := make([]T, 0, len(keys))
	for _, k := range keys {
		x, err := Find(list, what, k, key)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}
