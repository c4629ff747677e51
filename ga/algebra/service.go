package algebra

import (
	"strconv"
	"strings"

	"github.com/dlclark/regexp2/v2"

	"course/internal/lazy"
)

// algebraKeywords are KeywordAlgebraPromptClassifier's substrings, matched ordinally on the
// lower-cased text (Common/GA.Business.Core.Orchestration/Services/KeywordAlgebraPromptClassifier.cs:8-20).
var algebraKeywords = []string{
	"prime form", "interval class vector", "icv", "forte", "z-related", "z relation", "z-pair",
	"set class", "pitch-class set", "pitch class set",
}

// ClassifierPattern is the classifier's expression for prompts without a keyword: a bracketed
// list, or a whole word of 3 to 12 digits and t/e/a/b (KeywordAlgebraPromptClassifier.cs:38).
const ClassifierPattern = `[\[\{][0-9TEAB,\s]+[\]\}]|\b[0-9TEAB]{3,12}\b`

var classifierRe = lazy.Regexp2(ClassifierPattern, regexp2.IgnoreCase)

// IsAlgebraPrompt is KeywordAlgebraPromptClassifier.IsAlgebraPrompt: blank text is not, a keyword
// or the expression makes it one (KeywordAlgebraPromptClassifier.cs:22-40).
func IsAlgebraPrompt(message string) bool {
	if strings.TrimSpace(message) == "" {
		return false
	}
	lower := strings.ToLower(message)
	for _, k := range algebraKeywords {
		if strings.Contains(lower, k) {
			return true
		}
	}
	ok, _ := classifierRe().MatchString(message)
	return ok
}

// IxAlgebraService's expressions (IxAlgebraService.cs:476-494).
var (
	bracketedRe = lazy.Regexp2(`[\[\{][^\]\}]+[\]\}]`)
	separatedRe = lazy.Regexp2(`\b(?:10|11|[0-9TEte])(?:\s*,\s*|\s+)(?:10|11|[0-9TEte])(?:(?:\s*,\s*|\s+)(?:10|11|[0-9TEte]))+\b`)
	compactRe   = lazy.Regexp2(`\b(?:10|11|[0-9]|[TEAB])+\b`, regexp2.IgnoreCase)
	tokenRe     = lazy.Regexp2(`10|11|[0-9]|[TEAB]`, regexp2.IgnoreCase)
	forteRe     = lazy.Regexp2(`\b\d{1,2}-Z?\d{1,2}\b`, regexp2.IgnoreCase)
	icvWordRe   = lazy.Regexp2(`\bicv\b`)
)

// matches returns the text of every match of re in s, left to right.
func matches(re *regexp2.Regexp, s string) []string {
	var out []string
	// The expressions have no timeout, so err stays nil.
	m, err := re.FindStringMatch(s)
	for ; m != nil && err == nil; m, err = re.FindNextMatch(m) {
		out = append(out, m.String())
	}
	return out
}

// normalizedTokens tokenises a match and writes 10 as T and 11 as E (IxAlgebraService.cs:443-449).
func normalizedTokens(s string) string {
	var b strings.Builder
	for _, t := range matches(tokenRe(), s) {
		switch t {
		case "10":
			b.WriteString("T")
		case "11":
			b.WriteString("E")
		default:
			b.WriteString(strings.ToUpper(t))
		}
	}
	return b.String()
}

// pitchClassOf is PitchClass.TryParse for one character: digits, T or A for 10, E or B for 11
// (Common/GA.Domain.Core/Theory/Atonal/PitchClass.cs:234-277).
func pitchClassOf(r rune) (int, bool) {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0'), true
	case r == 'T' || r == 'A':
		return 10, true
	case r == 'E' || r == 'B':
		return 11, true
	}
	return 0, false
}

// ParseSet is IxAlgebraService.TryParsePitchClassSet over PitchClassSet.TryParse: trimmed and
// upper-cased, at least two characters, each one a pitch class; duplicates collapse
// (IxAlgebraService.cs:431-441; PitchClassSet.cs:691-711).
func ParseSet(candidate string) (Set, bool) {
	c := strings.ToUpper(strings.TrimSpace(candidate))
	if len([]rune(c)) < 2 {
		return 0, false
	}
	var s Set
	for _, r := range c {
		pc, ok := pitchClassOf(r)
		if !ok {
			return 0, false
		}
		s |= 1 << pc
	}
	return s, true
}

// ExtractSets is IxAlgebraService.ExtractPitchClassSets: bracketed lists, else lists separated by
// commas or spaces, else compact words read one character per pitch class; each pass runs only
// when the ones before it found nothing (IxAlgebraService.cs:380-426).
func ExtractSets(query string) []Set {
	var sets []Set
	add := func(candidate string) {
		if s, ok := ParseSet(candidate); ok {
			sets = append(sets, s)
		}
	}
	for _, m := range matches(bracketedRe(), query) {
		add(normalizedTokens(m))
	}
	if len(sets) > 0 {
		return sets
	}
	for _, m := range matches(separatedRe(), query) {
		add(normalizedTokens(m))
	}
	if len(sets) > 0 {
		return sets
	}
	for _, m := range matches(compactRe(), query) {
		add(m)
	}
	return sets
}

// Fact is one grounding fact; an answer's facts keep GA's insertion order.
type Fact struct {
	// Key is the fact's name, e.g. "primeForm", "forte" or "zRelated".
	Key string
	// Value is the fact's value as text, e.g. a prime form such as "[0,1,4]" or "True".
	Value string
}

// Answer is IxAlgebraService's answer: the text, the query type and the ordered facts.
type Answer struct {
	// Text is the one-sentence answer the chat shows.
	Text string
	// QueryType names the question answered: "prime-form", "interval-class-vector", "forte", "forte-lookup", "z-relation" or "set-class-summary".
	QueryType string
	// Facts are the grounding facts in the order GA adds them.
	Facts []Fact
}

// Service is IxAlgebraService with its IX configuration; the external process is never
// configured, so only the internal path runs (IxAlgebraService.cs:17-23, 39-126).
type Service struct {
	// Source is IX:Source, the grounding source.
	Source string
	// Revision is IX:Revision, the grounding revision.
	Revision string
}

// Defaults from GA's appsettings.json (IX section).
const (
	DefaultSource   = "ix-compatible"
	DefaultRevision = "7b02a56"
)

// NewService returns the service as GaChatbot.Api configures it.
func NewService() Service { return Service{Source: DefaultSource, Revision: DefaultRevision} }

// TryAnswer is IxAlgebraService.TryAnswerInternally: the reverse Forte lookup when the text says
// "forte", then the extracted sets and the first question word that matches; ok is false when
// there is no set or no question (IxAlgebraService.cs:153-201).
func (Service) TryAnswer(query string) (Answer, bool) {
	n := strings.ToLower(query)
	if strings.Contains(n, "forte") {
		if a, ok := answerForteLookup(query); ok {
			return a, true
		}
	}
	sets := ExtractSets(query)
	if len(sets) == 0 {
		return Answer{}, false
	}
	has := func(subs ...string) bool {
		for _, s := range subs {
			if strings.Contains(n, s) {
				return true
			}
		}
		return false
	}
	icvWord, _ := icvWordRe().MatchString(n)
	switch {
	case has("z-related", "z relation", "z-pair"):
		return answerZRelation(sets), true
	case has("prime form"):
		return answerPrimeForm(sets[0]), true
	case has("interval class vector") || icvWord:
		return answerICV(sets[0]), true
	case has("forte"):
		return answerForte(sets[0]), true
	case has("set class"):
		return answerSetClassSummary(sets[0]), true
	}
	return Answer{}, false
}

// dotNetBool is .NET's bool.ToString.
func dotNetBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// answerZRelation compares the first two sets' prime forms, or looks for a partner of a lone set
// (IxAlgebraService.cs:289-345).
func answerZRelation(sets []Set) Answer {
	if len(sets) >= 2 {
		l, r := sets[0].PrimeForm(), sets[1].PrimeForm()
		li, ri := l.IntervalClassVector(), r.IntervalClassVector()
		z := ZRelated(l, r)
		text := l.String() + " and " + r.String() + " are not Z-related."
		if z {
			text = l.String() + " and " + r.String() + " are Z-related: they share ICV " + li.String() + " but have different prime forms."
		}
		return Answer{Text: text, QueryType: "z-relation", Facts: []Fact{
			{"left", l.String()}, {"right", r.String()},
			{"leftIcv", li.String()}, {"rightIcv", ri.String()},
			{"zRelated", dotNetBool(z)},
		}}
	}
	p := sets[0].PrimeForm()
	icv := p.IntervalClassVector()
	partner, ok := ZPartner(p)
	facts := []Fact{{"input", p.String()}, {"intervalClassVector", icv.String()}, {"isZRelated", dotNetBool(ok)}}
	if !ok {
		return Answer{Text: p.String() + " is not Z-related.", QueryType: "z-relation", Facts: facts}
	}
	facts = append(facts, Fact{"partner", partner.String()})
	return Answer{
		Text:      p.String() + " is Z-related. One partner is " + partner.String() + ", and both share ICV " + icv.String() + ".",
		QueryType: "z-relation",
		Facts:     facts,
	}
}

func answerPrimeForm(s Set) Answer {
	p := s.PrimeForm()
	return Answer{
		Text:      "The prime form of " + s.String() + " is " + p.String() + ".",
		QueryType: "prime-form",
		Facts:     []Fact{{"input", s.String()}, {"primeForm", p.String()}},
	}
}

func answerICV(s Set) Answer {
	icv := s.IntervalClassVector()
	return Answer{
		Text:      "The interval-class vector for " + s.String() + " is " + icv.String() + ".",
		QueryType: "interval-class-vector",
		Facts:     []Fact{{"input", s.String()}, {"intervalClassVector", icv.String()}, {"intervalClassVectorId", strconv.Itoa(int(icv))}},
	}
}

func answerForte(s Set) Answer {
	p := s.PrimeForm()
	label, ok := ForteLabel(s)
	if !ok {
		return Answer{
			Text:      "I could compute the prime form for " + s.String() + ", but no Forte label was available.",
			QueryType: "forte",
			Facts:     []Fact{{"input", s.String()}, {"primeForm", p.String()}, {"forte", "unavailable"}},
		}
	}
	return Answer{
		Text:      "The Forte label for " + s.String() + " is " + label + ".",
		QueryType: "forte",
		Facts:     []Fact{{"input", s.String()}, {"primeForm", p.String()}, {"forte", label}},
	}
}

// answerForteLookup resolves the first label-shaped token; the label is echoed as typed
// (IxAlgebraService.cs:259-280).
func answerForteLookup(query string) (Answer, bool) {
	m, _ := forteRe().FindStringMatch(query)
	if m == nil {
		return Answer{}, false
	}
	label := m.String()
	p, ok := PrimeFormOfLabel(label)
	if !ok {
		return Answer{}, false
	}
	icv := p.IntervalClassVector()
	return Answer{
		Text:      "Forte " + label + " is the set class with prime form " + p.String() + " (interval-class vector " + icv.String() + ").",
		QueryType: "forte-lookup",
		Facts:     []Fact{{"forte", label}, {"primeForm", p.String()}, {"intervalClassVector", icv.String()}, {"catalog", ForteSource}},
	}, true
}

func answerSetClassSummary(s Set) Answer {
	p := s.PrimeForm()
	icv := s.IntervalClassVector()
	label, ok := ForteLabel(s)
	if !ok {
		label = "unavailable"
	}
	return Answer{
		Text:      "Set-class summary for " + s.String() + ": prime form " + p.String() + ", ICV " + icv.String() + ", Forte " + label + ".",
		QueryType: "set-class-summary",
		Facts:     []Fact{{"input", s.String()}, {"primeForm", p.String()}, {"intervalClassVector", icv.String()}, {"forte", label}},
	}
}
