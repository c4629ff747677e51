// Package lazy builds a package's expressions on first use rather than at start-up: most
// runs of the course, and every `course host` child, reach few of them, and an expression
// compiled in a package variable costs every process before main runs.
package lazy

import (
	"regexp"
	"sync"

	"github.com/dlclark/regexp2/v2"
)

// Regexp returns a function that compiles pattern with regexp.MustCompile the first time it
// is called and returns that expression every time.
func Regexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

// Regexp2 returns a function that compiles pattern with regexp2.MustCompile the first time it
// is called and returns that expression every time.
func Regexp2(pattern string, opts ...regexp2.CompileOption) func() *regexp2.Regexp {
	return sync.OnceValue(func() *regexp2.Regexp { return regexp2.MustCompile(pattern, opts...) })
}
