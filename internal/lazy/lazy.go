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
// is called and returns that expression every time. A declaration costs two small objects at
// start-up (sync.OnceValue's closures cost five).
func Regexp(pattern string) func() *regexp.Regexp {
	return (&goCell{pattern: pattern}).get
}

// Regexp2 returns a function that compiles pattern with regexp2.MustCompile the first time it
// is called and returns that expression every time.
func Regexp2(pattern string, opts ...regexp2.CompileOption) func() *regexp2.Regexp {
	return (&regexp2Cell{pattern: pattern, options: opts}).get
}

// goCell is one Go expression and, once used, its compiled form.
type goCell struct {
	once    sync.Once
	pattern string
	re      *regexp.Regexp
}

func (c *goCell) get() *regexp.Regexp {
	c.once.Do(func() { c.re = regexp.MustCompile(c.pattern) })
	if c.re == nil {
		// The first use panicked; every use does, with the same message.
		regexp.MustCompile(c.pattern)
	}
	return c.re
}

// regexp2Cell is one regexp2 expression and, once used, its compiled form.
type regexp2Cell struct {
	once    sync.Once
	pattern string
	options []regexp2.CompileOption
	re      *regexp2.Regexp
}

func (c *regexp2Cell) get() *regexp2.Regexp {
	c.once.Do(func() { c.re = regexp2.MustCompile(c.pattern, c.options...) })
	if c.re == nil {
		regexp2.MustCompile(c.pattern, c.options...)
	}
	return c.re
}
