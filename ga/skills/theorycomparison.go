package skills

import (
	"strings"

	"github.com/dlclark/regexp2/v2"

	"course/internal/lazy"
)

// TheoryComparison is GA's TheoryComparisonSkill: one fixed major-versus-minor answer, given when
// one of four expressions finds the pair major/minor in the question. Its CanHandle is always
// false, so only the semantic router reaches it
// (Common/GA.Business.ML/Agents/Skills/TheoryComparisonSkill.cs @ c781df5c).
type TheoryComparison struct {
	// ExtraTokens are words the course adds to the skill's two, as an alternation ("dorian" or
	// "dorian|lydian"), to ask what GA would answer if it compared more; GA has no such
	// setting, and "" is GA's skill.
	ExtraTokens string
}

// comparisonTokens are the only concepts the skill compares (TheoryComparisonSkill.cs:56).
const comparisonTokens = "major|minor"

// comparisonPattern is one of the skill's expressions with its field name.
type comparisonPattern struct {
	name string
	re   func() *regexp2.Regexp
}

// comparisonPatternsFor are the skill's expressions over tokens, in the order MatchPair tries
// them, each with its field name (TheoryComparisonSkill.cs:58-75, 91-104).
func comparisonPatternsFor(tokens string) []comparisonPattern {
	return []comparisonPattern{
		{"DifferencePattern", lazy.Regexp2(`\b(?:what(?:'s|\s+is)?\s+the\s+)?(?:difference|distinction)\s+between\s+(?<a>`+tokens+`)\s+and\s+(?<b>`+tokens+`)\b`, regexp2.IgnoreCase)},
		{"ComparePattern", lazy.Regexp2(`\bcompare\s+(?<a>`+tokens+`)\s+(?:and|with|vs|versus)\s+(?<b>`+tokens+`)\b`, regexp2.IgnoreCase)},
		{"VsPattern", lazy.Regexp2(`(?<![A-Ga-g][b#♭♯]?\s)\b(?<a>`+tokens+`)\s+(?:vs\.?|versus)\s+(?<b>`+tokens+`)\b`, regexp2.IgnoreCase)},
		{"HowDifferPattern", lazy.Regexp2(`\bhow\s+do\s+(?<a>`+tokens+`)\s+and\s+(?<b>`+tokens+`)\s+differ\b`, regexp2.IgnoreCase)},
	}
}

// comparisonPatterns are GA's expressions, over its two words.
var comparisonPatterns = comparisonPatternsFor(comparisonTokens)

// patterns are the expressions the skill tries: GA's, or, with ExtraTokens, ones built anew
// over the wider alternation on each call.
func (s TheoryComparison) patterns() []comparisonPattern {
	if s.ExtraTokens == "" {
		return comparisonPatterns
	}
	return comparisonPatternsFor(comparisonTokens + "|" + s.ExtraTokens)
}

// The skill's evidence lines, which tell its three outcomes apart (TheoryComparisonSkill.cs:114, 156, 164).
const (
	comparisonSource    = "Source: TheoryComparisonSkill (deterministic pair comparison)"
	comparisonSamePair  = "TheoryComparisonSkill: same-token pair"
	comparisonNoPattern = "TheoryComparisonSkill: no recognised comparison pattern"
)

// majorMinorAnswer is the canonical comparison body, lines joined with "\n" whatever the
// platform (TheoryComparisonSkill.cs:124-140).
const majorMinorAnswer = "Major and minor differ primarily in the **third scale degree**, " +
	"with secondary differences at the 6th and 7th depending on the minor form.\n\n" +
	"**Scale formulas (semitones from root):**\n" +
	"- Major:   2 2 1 2 2 2 1 — degrees `1 2 3 4 5 6 7` (major third = 4 semitones)\n" +
	"- Minor:   2 1 2 2 1 2 2 — degrees `1 2 b3 4 5 b6 b7` (minor third = 3 semitones, natural minor)\n\n" +
	"The single interval that flips is the **third**: a major third (4 semitones) versus a minor third (3 semitones). " +
	"That one-semitone shift changes the entire harmonic and emotional character of the key — chords built on the same root come out major or minor accordingly.\n\n" +
	"**Common associations:** major sounds bright and stable (often \"happy\"); minor sounds darker and more ambiguous (often \"sad\" but really just emotionally richer). These are cultural shorthand, not absolutes.\n\n" +
	"**Minor variants:**\n" +
	"- Natural minor: `1 2 b3 4 5 b6 b7`\n" +
	"- Harmonic minor: `1 2 b3 4 5 b6 7` — raised 7th for stronger dominant resolution\n" +
	"- Melodic minor: `1 2 b3 4 5 6 7` ascending (raised 6th and 7th), natural minor descending\n\n" +
	"**In context:**\n" +
	"- Relative pairs share a key signature (C major ↔ A minor, G major ↔ E minor)\n" +
	"- Parallel pairs share a root but flip quality (C major ↔ C minor)\n" +
	"- Diatonic chords differ: I IV V (major-quality) vs i iv V (minor with raised 7th in V)"

// ComparisonPatternNames returns the names of the skill's four expressions in the order it tries them.
func ComparisonPatternNames() []string {
	names := make([]string, len(comparisonPatterns))
	for i, p := range comparisonPatterns {
		names[i] = p.name
	}
	return names
}

// FirstPattern is the name of the first expression that matches message, in the order MatchPair
// tries them, or "" when none does.
func (s TheoryComparison) FirstPattern(message string) string {
	for _, p := range s.patterns() {
		if match(p.re, message) {
			return p.name
		}
	}
	return ""
}

// Matches says whether the expression named pattern ("VsPattern") matches message; false for a
// name the skill does not have.
func (s TheoryComparison) Matches(pattern, message string) bool {
	for _, p := range s.patterns() {
		if p.name == pattern {
			return match(p.re, message)
		}
	}
	return false
}

// matchPair is MatchPair: the two tokens of the first expression that matches, lower-cased
// (TheoryComparisonSkill.cs:91-104).
func matchPair(patterns []comparisonPattern, message string) (a, b string, ok bool) {
	for _, p := range patterns {
		m := find(p.re, message)
		if m != nil {
			return strings.ToLower(m.GroupByName("a").String()), strings.ToLower(m.GroupByName("b").String()), true
		}
	}
	return "", "", false
}

// Execute is ExecuteAsync: the fixed answer for a major/minor pair in either order, a pointer to
// another comparison for the same token twice, and an empty answer with confidence 0 when no
// expression matches (TheoryComparisonSkill.cs:77-89, 106-166).
func (s TheoryComparison) Execute(message string) Result {
	a, b, ok := matchPair(s.patterns(), message)
	if !ok {
		return Result{Text: "", Confidence: 0, Evidence: []string{comparisonNoPattern}}
	}
	// NormalizePair (TheoryComparisonSkill.cs:106-111)
	if a != "major" && b != "minor" {
		a, b = b, a
	}
	if a == b {
		return Result{
			Text:       "You asked to compare " + a + " to itself — there's no difference. Try comparing " + a + " to its opposite (major↔minor) or to a specific mode (e.g. \"" + a + " vs dorian\").",
			Confidence: 0.7,
			Evidence:   []string{comparisonSamePair},
		}
	}
	return Result{
		Text:       majorMinorAnswer,
		Confidence: 1,
		Evidence:   []string{comparisonSource, "TheoryComparisonSkill: matched pair (" + a + ", " + b + ")"},
	}
}
