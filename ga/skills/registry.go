package skills

import (
	"fmt"
	"strings"

	"github.com/dlclark/regexp2/v2"

	"course/ga/keys"
	"course/internal/lazy"
)

// Skill is one IOrchestratorSkill that GaPlugin registers: its name and its CanHandle rule, the
// keyword path that ProductionOrchestrator keeps but never calls
// (Common/GA.Business.Core.Orchestration/Plugins/GaPlugin.cs; ProductionOrchestrator.cs:38).
type Skill struct {
	// Name is the skill's Name property, "ChordInfo".
	Name string
	// CanHandle is the skill's keyword rule.
	CanHandle func(message string) bool
}

// IntentID is the id of the skill's OrchestratorSkillIntent: "skill." and the lower-cased name
// with spaces as dashes (Intents/OrchestratorSkillIntent.cs:21).
func (s Skill) IntentID() string {
	return "skill." + strings.ReplaceAll(strings.ToLower(s.Name), " ", "-")
}

// never is the rule of the skills reached only by semantic routing.
func never(string) bool { return false }

// Registered returns GaPlugin's 32 skills in registration order, the order GetServices returns
// them (GaPlugin.cs; Intents/IntentRegistrationExtensions.cs:25-43).
func Registered() []Skill {
	return []Skill{
		{"ChordInfo", guarded(chordInfoCanHandle)},
		{"ScaleInfo", guarded(scaleInfoCanHandle)},
		{"Modes", Modes{}.CanHandle},
		{"Interval", guarded(intervalCanHandle)},
		{"FretSpan", guarded(fretSpanCanHandle)},
		{"ChordSubstitution", guarded(chordSubstitutionCanHandle)},
		{"BeginnerChords", never},
		{"ProgressionMood", never},
		{"CircleOfFifths", never},
		{"PracticeRoutine", never},
		{"GenreEssentials", never},
		{"WhatCanYouDo", never},
		{"Transpose", never},
		{"CommonTones", never},
		{"DiatonicChords", never},
		{"RelativeKey", never},
		{"TheoryComparison", never},
		{"SetTheoryEquivalence", guarded(setTheoryCanHandle)},
		{"Capo", Capo{}.CanHandle},
		{"VoiceLeading", VoiceLeading{}.CanHandle},
		{"AlternateTunings", AlternateTunings{}.CanHandle},
		{"IntervalClassVector", never},
		{"GrothendieckDelta", never},
		{"IcvNeighbors", never},
		{"IcvShortestPath", never},
		{"GrothendieckParse", never},
		{"ChordVoicings", guarded(chordVoicingsCanHandle)},
		{"Improvisation", guarded(improvisationCanHandle)},
		{"OutsideNotes", guarded(outsideNotesCanHandle)},
		{"KeyIdentification", guarded(keyIdentificationCanHandle)},
		{"ProgressionCompletion", guarded(progressionCompletionCanHandle)},
		{"RememberThis", guarded(rememberThisCanHandle)},
	}
}

// CanHandle returns the names of the registered skills whose rule accepts message, in
// registration order.
func CanHandle(message string) []string {
	var names []string
	for _, s := range Registered() {
		if s.CanHandle(message) {
			names = append(names, s.Name)
		}
	}
	return names
}

// guarded makes a rule false for blank text, as every GA rule is.
func guarded(rule func(string) bool) func(string) bool {
	return func(m string) bool { return strings.TrimSpace(m) != "" && rule(m) }
}

// IntentResult is what OrchestratorSkillIntent returns: the skill's answer, confidence and
// evidence unchanged, no grounding, and its routing method (OrchestratorSkillIntent.cs:27-58).
type IntentResult struct {
	// Answer is the skill's answer text, unchanged.
	Answer string
	// Confidence is the skill's confidence from 0 to 1, unchanged.
	Confidence float64
	// Evidence is the skill's evidence lines, unchanged.
	Evidence []string
	// RoutingMethod is the routing method reported for the answer, "orchestrator-skill-semantic".
	RoutingMethod string
}

// Intent is an IIntent over a skill whose answer the stand-in models.
type Intent struct {
	// ID is the intent id, "skill.relativekey".
	ID string
	// Execute is the intent's ExecuteAsync.
	Execute func(message string) IntentResult
}

// intentOf wraps a skill's Execute as OrchestratorSkillIntent does.
func intentOf(name string, execute func(string) Result) Intent {
	return Intent{
		ID: Skill{Name: name}.IntentID(),
		Execute: func(m string) IntentResult {
			r := execute(m)
			return IntentResult{Answer: r.Text, Confidence: r.Confidence, Evidence: r.Evidence, RoutingMethod: "orchestrator-skill-semantic"}
		},
	}
}

// Intents returns the intents of the skills the stand-in models, in registration order; newline
// is what the skills' AppendLine writes ("" for LF).
func Intents(newline string) []Intent {
	return []Intent{
		intentOf("ChordInfo", ChordInfo{}.Execute),
		intentOf("ScaleInfo", ScaleInfo{}.Execute),
		intentOf("Interval", Interval{}.Execute),
		intentOf("ChordSubstitution", ChordSubstitution{}.Execute),
		intentOf("ProgressionMood", ProgressionMood{NewLine: newline}.Execute),
		intentOf("RelativeKey", RelativeKey{NewLine: newline}.Execute),
		intentOf("TheoryComparison", TheoryComparison{}.Execute),
		intentOf("Improvisation", Improvisation{NewLine: newline}.Execute),
	}
}

// LookupIntent is the first intent with the given id, as the course resolves one.
func LookupIntent(id, newline string) (Intent, error) {
	for _, in := range Intents(newline) {
		if in.ID == id {
			return in, nil
		}
	}
	return Intent{}, fmt.Errorf("skills: no intent %q", id)
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// leadIn is the "what is / tell me about / describe" opening shared by ChordInfo and Modes
// (ChordInfoSkill.cs:267-279; ModesSkill.cs:148).
var leadIn = lazy.Regexp2(`^\s*(what\s+is|what's|whats|tell\s+me\s+about|describe)\s+`, regexp2.IgnoreCase)

// ChordInfoSkill's expressions (Common/GA.Business.ML/Agents/Skills/ChordInfoSkill.cs:302-322).
var (
	chordQuestionRe = lazy.Regexp2(`\b(?<root>[A-Ga-g][#b]?)\s*(?<quality>major 13|minor 13|dominant 13|major 11|minor 11|dominant 11|major 9|minor 9|dominant 9|major 7|minor 7|dominant 7|major 6|minor 6|half[- ]diminished|altered dominant|major|minor|maj|min|diminished|dim|augmented|aug|sus[24]?|add9|7alt|alt|13|11|9|7|6)?\s*(?:chord|triad)\b`)
	compactChordRe  = lazy.Regexp2(`\b(?<root>[A-Ga-g][#b]?)(?<quality>maj13|min13|m13|maj11|min11|m11|maj9|min9|m9|maj7|min7|maj6|min6|m6|m7b5|m7|dim7|7b5|7#5|7b9|7#9|7alt|alt|13|11|9|7|6|maj|min|dim|aug|sus2|sus4|sus|add9|m|\+)\b(?![A-Za-z])`, regexp2.IgnoreCase)
	noteSetRe       = lazy.Regexp2(`\b(?:which|what)\s+chord\s+(?:is|contains|has|uses)\b`, regexp2.IgnoreCase)
)

// chordInfoCanHandle is ChordInfoSkill.CanHandle (ChordInfoSkill.cs:100-110).
func chordInfoCanHandle(m string) bool {
	lower := strings.ToLower(m)
	hasIntent := containsAny(lower, "chord", "triad", "note") || match(leadIn, m)
	return match(chordQuestionRe, m) || (hasIntent && match(compactChordRe, m)) || match(noteSetRe, m)
}

var scaleNameRe = lazy.Regexp2(`\b([A-G][#b]?)\s*(major|minor|maj|min)\b`, regexp2.IgnoreCase)

// scaleInfoCanHandle is ScaleInfoSkill.CanHandle (ScaleInfoSkill.cs:94-112).
func scaleInfoCanHandle(m string) bool {
	lower := strings.ToLower(m)
	if strings.Contains(lower, "chord") {
		return false
	}
	return match(scaleNameRe, m) && containsAny(lower, "note", "scale", "what is", "what's in", "tell me", "show me", "list", "play")
}

var intervalRe = lazy.Regexp2(`\b([A-Ga-g][#b]?)\s*(?:to|and)\s+([A-Ga-g][#b]?)\b`, regexp2.IgnoreCase)

// intervalCanHandle is IntervalSkill.CanHandle (IntervalSkill.cs:62-75).
func intervalCanHandle(m string) bool {
	return containsAny(strings.ToLower(m), "interval", "distance") && match(intervalRe, m)
}

// FretDiagram's two shapes of a six-string diagram (Common/GA.Business.ML/Agents/FretDiagram.cs:22-23).
var (
	dashDiagramRe    = lazy.Regexp2(`\b([xX]|\d{1,2})-([xX]|\d{1,2})-([xX]|\d{1,2})-([xX]|\d{1,2})-([xX]|\d{1,2})-([xX]|\d{1,2})\b`)
	compactDiagramRe = lazy.Regexp2(`\b[xX0-9]{6}\b`)
)

// fretSpanCanHandle is FretSpanSkill.CanHandle (FretSpanSkill.cs:19-27).
func fretSpanCanHandle(m string) bool {
	return (match(dashDiagramRe, m) || match(compactDiagramRe, m)) &&
		containsAny(strings.ToLower(m), "span", "stretch", "reach", "playab", "hard", "difficult", "fingering", "fret")
}

// ChordSubstitutionSkill's expressions (ChordSubstitutionSkill.cs:59-75).
var (
	substitutionChordRe = lazy.Regexp2(`\b(?<root>[A-G])(?<acc>[b#]?)(?<qual>m7b5|dim7|maj7|m7|7|min|m|dim|aug|\+)?(?!\w)`)
	substitutionVerbRe  = lazy.Regexp2(`\b(substitut|reharmoni|instead\s+of|alternative\s+chord|swap\s+chord|replace\s+chord)\b`, regexp2.IgnoreCase)
	substitutionRelRe   = lazy.Regexp2(`\b(?:same|related|equivalent|tritone)\b`, regexp2.IgnoreCase)
)

func chordSubstitutionCanHandle(m string) bool {
	return match(substitutionChordRe, m) && (match(substitutionVerbRe, m) || match(substitutionRelRe, m))
}

// SetTheoryEquivalenceSkill's expressions (SetTheoryEquivalenceSkill.cs:47-58).
var (
	setEquivalenceRe = lazy.Regexp2(`\b(?:pitch\s+class(?:es)?(?:\s+sets?)?\s+|sets?\s+)?(?<a>[\[\{]?\d[\d,\s]*[\]\}]?)\s+and\s+(?<b>[\[\{]?\d[\d,\s]*[\]\}]?)\s+(?:are\s+)?(?:equivalent|same|equal|related|the\s+same|belong\s+to\s+the\s+same)\s*(?:set\s*class|set|class)?(?:\s+under\s+(?<rel>transposition|inversion|t-i|both|transposition\s+(?:and|or)\s+inversion))?`, regexp2.IgnoreCase)
	setBelongRe      = lazy.Regexp2(`\bdo\s+(?<a>[\[\{]?\d[\d,\s]*[\]\}]?)\s+and\s+(?<b>[\[\{]?\d[\d,\s]*[\]\}]?)\s+belong\s+to\s+the\s+same\s+set\s*class`, regexp2.IgnoreCase)
)

func setTheoryCanHandle(m string) bool {
	return match(setEquivalenceRe, m) || match(setBelongRe, m)
}

// containsWord is ChordIntentMatching.ContainsWord: an ordinal occurrence whose neighbours are
// not ASCII letters (Common/GA.Business.ML/Agents/ChordIntentMatching.cs:22-35).
func containsWord(s, word string) bool {
	isLetter := func(b byte) bool { return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') }
	for from := 0; ; {
		i := strings.Index(s[from:], word)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(word)
		if (i == 0 || !isLetter(s[i-1])) && (end == len(s) || !isLetter(s[end])) {
			return true
		}
		from = i + 1
	}
}

func containsAnyWord(s string, words ...string) bool {
	for _, w := range words {
		if containsWord(s, w) {
			return true
		}
	}
	return false
}

// The chord-symbol tests of ChordVoicingsSkill and ImprovisationSkill (ChordVoicingsSkill.cs:178-185).
var (
	chordSuffixRe = lazy.Regexp2(`\b[A-G][#b]?(?:maj|min|m|M|dim|aug|sus|add|alt|°|Δ|11|13|5|6|7|9)\w*\b`)
	chordWordRe   = lazy.Regexp2(`\b[A-G][#b]?\s+(?:[Mm]ajor|[Mm]inor|[Mm]aj|[Mm]in|[Dd]im|[Aa]ug|[Ss]us)\b`)
)

func hasChordSymbol(m string) bool { return match(chordSuffixRe, m) || match(chordWordRe, m) }

// chordVoicingsCanHandle is ChordVoicingsSkill.CanHandle (ChordVoicingsSkill.cs:50-73).
func chordVoicingsCanHandle(m string) bool {
	return containsAnyWord(strings.ToLower(m), "voicing", "voicings", "shape", "shapes", "fingering", "fingerings",
		"drop2", "drop-2", "drop3", "drop-3", "shell", "rootless", "quartal", "open chord", "open shape",
		"barre voicing", "barré voicing") && hasChordSymbol(m)
}

// improvisationCanHandle is ImprovisationSkill.CanHandle (ImprovisationSkill.cs:86-115, 447-451).
func improvisationCanHandle(m string) bool { return HasImprovIntent(m) && hasChordSymbol(m) }

var outsideTargetRe = lazy.Regexp2(`(?<prep>\bover\b|\bagainst\b|\bon\b)\s+(?:a\s+|an\s+|the\s+)?(?<root>[A-G][#b]?)(?<qual>(?:maj|min|m|M|dim|aug|sus|add|alt|ø|°|Δ|\+|\d|#|b)*)`, regexp2.IgnoreCase)

// outsideNotesCanHandle is OutsideNotesSkill.CanHandle (OutsideNotesSkill.cs:67-86, 291-293).
func outsideNotesCanHandle(m string) bool {
	lower := strings.ToLower(m)
	return containsAny(lower, "outside", "avoid", "tension", "clash", "clashes", "dissonant", "dissonance",
		"sound bad", "sounds bad", "sound off", "sounds off", "sound wrong", "chord tone", "why does", "inside or outside") &&
		containsAny(lower, "over", "against", "on top of", " on ") &&
		match(outsideTargetRe, m)
}

// keyIdentificationCanHandle is KeyIdentificationSkill.CanHandle, the pinned service's
// IsKeyIdentificationQuery (KeyIdentificationSkill.cs:40-41 @ c781df5c).
func keyIdentificationCanHandle(m string) bool { return keys.Pin.IsKeyIdentificationQuery(m) }

// ProgressionCompletionSkill's expressions (ProgressionCompletionSkill.cs:35-45).
var (
	completionVerbRe  = lazy.Regexp2(`\b(finish|complete|end\s+it|end\s+this|what\s+comes\s+next|next\s+chord|help\s+me\s+finish|how\s+(do\s+i|to)\s+end|what\s+should\s+follow|continue|extend)\b`, regexp2.IgnoreCase)
	completionChordRe = lazy.Regexp2(`\b[A-G][b#]?(?:m|maj|dim|aug|7|maj7|m7|m7b5|dim7)?\b`)
)

func progressionCompletionCanHandle(m string) bool {
	if !match(completionVerbRe, m) {
		return false
	}
	n := 0
	for mt := find(completionChordRe, m); mt != nil && n < 2; mt = next(completionChordRe, mt) {
		n++
	}
	return n >= 2
}

// rememberLead is RememberThisParser.LeadPhrase (RememberThisParser.cs:62-68, 107-108).
var rememberLead = lazy.Regexp2(`^\s*(?:please\s+)?(?:can\s+you\s+)?(?:remember(?:\s+that)?|(?:save|note|store)(?:\s+(?:this|that)\b|(?=\s*[:,]))|don'?t\s+forget(?:\s+that)?)[:,]?\s*`, regexp2.IgnoreCase)

func rememberThisCanHandle(m string) bool { return match(rememberLead, m) }
