package gahost

import (
	"strings"
	"unicode"

	"github.com/dlclark/regexp2/v2"

	"course/internal/dotnet"
	"course/internal/lazy"
)

// hookBlockedAnswer is PromptSanitizationHook's refusal
// (Common/GA.Business.ML/Agents/Hooks/PromptSanitizationHook.cs:21-48).
const hookBlockedAnswer = "Your message contains patterns that cannot be processed. Please rephrase your question."

// injectionPattern is PromptSanitizationHook's block expression, case-insensitive
// (PromptSanitizationHook.cs:21-48).
var injectionPattern = lazy.Regexp2("(?:SYSTEM|USER|ASSISTANT)\\s*:|###\\s*\\w|```\\s*system", regexp2.IgnoreCase)

// voicingKeywords are the voicing guard's substrings (ProductionOrchestrator.cs:128-144).
var voicingKeywords = []string{
	"voicing", "voicings", "chord shape", "chord shapes", "fingering", "fingerings",
	"drop 2", "drop2", "drop 3", "drop3", "rootless", "shell", "grip", "fretting",
}

// chordShapePattern is the voicing guard's chord-then-shape expression (ProductionOrchestrator.cs:785).
var chordShapePattern = lazy.Regexp2(`\b[A-G](?:#|b)?(?:maj|min|m|dim|aug|sus|add|dom)?\d*(?:[#b]\d+)?(?:/[A-G](?:#|b)?)?\s+(?:voicing|voicings|shape|shapes|fingering|fingerings)\b`, regexp2.IgnoreCase)

// rememberLeads are the lead phrases of a memory request, which the voicing guard leaves alone
// (RememberThisParser.LooksLikeRememberRequest, ProductionOrchestrator.cs:743-787).
var rememberLeads = []string{"remember", "save this", "note:", "don't forget"}

// sanitizePrompt is PromptSanitizationHook.OnRequestReceived: NFKD, non-spacing marks removed,
// then the injection check (PromptSanitizationHook.cs:21-48).
func sanitizePrompt(message string) (clean string, blocked bool) {
	clean = stripNonSpacingMarks(dotnet.NormalizeKD(message))
	ok, err := injectionPattern().MatchString(clean)
	return clean, err == nil && ok
}

// voicingGuardFires is ProductionOrchestrator's deterministic voicing guard test
// (ProductionOrchestrator.cs:352-357, 743-787).
func voicingGuardFires(message string) bool {
	lower := strings.ToLower(message)
	lead := dotnet.TrimStart(lower)
	for _, p := range rememberLeads {
		if strings.HasPrefix(lead, p) {
			return false
		}
	}
	for _, k := range voicingKeywords {
		if strings.Contains(lower, k) {
			return true
		}
	}
	ok, err := chordShapePattern().MatchString(message)
	return err == nil && ok
}

func stripNonSpacingMarks(s string) string {
	if !strings.ContainsFunc(s, isMn) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isMn(r) {
			return -1
		}
		return r
	}, s)
}

func isMn(r rune) bool { return r >= 0x300 && unicode.Is(unicode.Mn, r) }
