package skills

import "github.com/dlclark/regexp2/v2"

// Why a match here cannot fail: the skills' expressions are GA's .NET Regex objects, built with
// lazy.Regexp2 so that a run compiles only those it reaches. On a string, .NET's IsMatch, Match,
// NextMatch and Replace throw only on a match timeout, and GA gives none of these expressions a
// timeout, so .NET's infinite default applies; regexp2's MatchTimeout is infinite by default too
// and none is set here. regexp2 adds one bound .NET lacks, a backtracking stack of 100,000 slots,
// and a message the host accepts is at most 2,000 characters, far below it. These four helpers
// are the one place the error is dropped; were a match ever to fail, it would read as no match.

// match is Regex.IsMatch.
func match(re func() *regexp2.Regexp, s string) bool {
	ok, _ := re().MatchString(s)
	return ok
}

// find is Regex.Match: the first match in s, nil if none.
func find(re func() *regexp2.Regexp, s string) *regexp2.Match {
	m, _ := re().FindStringMatch(s)
	return m
}

// next is Match.NextMatch: the match after m, nil if none.
func next(re func() *regexp2.Regexp, m *regexp2.Match) *regexp2.Match {
	n, _ := re().FindNextMatch(m)
	return n
}

// replace is Regex.Replace(s, repl): every match in s replaced.
func replace(re func() *regexp2.Regexp, s, repl string) string {
	out, _ := re().Replace(s, repl, -1, -1)
	return out
}
