package skills

import (
	"github.com/dlclark/regexp2/v2"

	"course/internal/lazy"
)

// lazyRegexp is a regexp2 expression compiled on first use. The skills hold dozens of GA's
// expressions and a run of the course reaches few of them, so compiling them all at start-up
// would cost every run, `course host` children included.
// It keeps regexp2's method names, so GA's expressions read as GA calls them.
type lazyRegexp struct {
	pattern string
	cell    lazy.Regexp2Cell
}

func newLazyRegexp(pattern string, opts ...regexp2.CompileOption) *lazyRegexp {
	return &lazyRegexp{pattern: pattern, cell: lazy.Regexp2Cell{Pattern: pattern, Options: opts}}
}

func (l *lazyRegexp) get() *regexp2.Regexp { return l.cell.Get() }

// MatchString is regexp2's MatchString on the compiled expression.
func (l *lazyRegexp) MatchString(s string) (bool, error) { return l.get().MatchString(s) }

// FindStringMatch is regexp2's FindStringMatch on the compiled expression.
func (l *lazyRegexp) FindStringMatch(s string) (*regexp2.Match, error) {
	return l.get().FindStringMatch(s)
}

// FindNextMatch is regexp2's FindNextMatch on the compiled expression.
func (l *lazyRegexp) FindNextMatch(m *regexp2.Match) (*regexp2.Match, error) {
	return l.get().FindNextMatch(m)
}
