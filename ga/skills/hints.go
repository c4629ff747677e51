package skills

import (
	"slices"
	"strings"

	"github.com/dlclark/regexp2/v2"

	"course/internal/lazy"
)

// HintBoost is DefaultRoutingHintProvider.BoostMagnitude, the +0.06 SemanticIntentRouter adds to
// an intent's cosine score when one of its rules matches the question
// (Common/GA.Business.ML/Agents/Intents/DefaultRoutingHintProvider.cs:37 @ c781df5c).
const HintBoost = 0.06

// HintRule is one rule of DefaultRoutingHintProvider: a .NET expression, matched
// case-insensitively, and the intent it boosts.
type HintRule struct {
	// Intent is the id the rule boosts, "skill.transpose".
	Intent  string
	pattern string
	re      func() *regexp2.Regexp
}

// Pattern is the rule's expression as GA writes it.
func (h HintRule) Pattern() string { return h.pattern }

// Matches reports whether the rule fires on query (Regex.IsMatch).
func (h HintRule) Matches(query string) bool { return match(h.re, query) }

func hintRule(pattern, intent string) HintRule {
	return HintRule{Intent: intent, pattern: pattern, re: lazy.Regexp2(pattern, regexp2.IgnoreCase)}
}

// hintRules are DefaultRoutingHintProvider.Rules in GA's order; every one is compiled with
// RegexOptions.IgnoreCase (DefaultRoutingHintProvider.cs:51-260 @ c781df5c, the file's last
// change before the pin being 700812b2, 2026-05-31).
var hintRules = []HintRule{
	hintRule(`\b(substitut\w*|reharmoniz\w*|tritone\s+sub)\b`, "skill.chordsubstitution"),
	hintRule(`\b(what\s+key|key\s+is|identify\s+the\s+key|tonal\s+cent(?:er|re)|home\s+key)\b`, "skill.keyidentification"),
	hintRule(`\b(fret\s+span|span\s+of\s+\w+\s+chord|playability)\b`, "skill.fretspan"),
	hintRule(`\b(perfect\s+(fourth|fifth|octave|unison)|major\s+(second|third|sixth|seventh)|minor\s+(second|third|sixth|seventh)|tritone|augmented\s+\w+|diminished\s+\w+)\b`, "skill.interval"),
	hintRule(`\b(?:(?<!harmoni[sz]ed\s)[A-G](?:#|b)?\s+(?:major|minor|natural\s+minor|melodic\s+minor|harmonic\s+minor)\s+scale|notes\s+in\s+(?:[A-G](?:#|b)?\s+)?(?:major|minor)\s+scale)\b`, "skill.scaleinfo"),
	hintRule(`\b(ionian|dorian|phrygian|lydian|mixolydian|aeolian|locrian)\b`, "skill.modes"),
	hintRule(`\b(chord\s+tones?|notes\s+in\s+(?:[A-G](?:#|b)?(?:maj|min|m|dim|aug|sus|add|dom)?\d*)|tell\s+me\s+about\s+[A-G])\b`, "skill.chordinfo"),
	hintRule(`\b(?:what|which)\s+chord\s+(?:is|contains|has|uses)\b\s*(?:the\s+notes?\s+)?(?-i:[A-G])(?:#|b)?(?:\s*,?\s*(?-i:[A-G])(?:#|b)?){1,5}\b`, "skill.chordinfo"),
	hintRule(`\b(?:icv|interval[\s-]*class[\s-]*vector|interval[\s-]*vector)\b`, "skill.intervalclassvector"),
	hintRule(`\bgrothendieck[\s-]*(?:delta|distance)\b|\bharmonic(?:ally)?\s+(?:distance|far|distant)\b|\b(?:harmonic|icv)\s+delta\b`, "skill.grothendieckdelta"),
	hintRule(`\b(?:icv\s+neighbors?|harmonic(?:ally)?\s+(?:close|near|adjacent)|harmonic(?:al)?\s+neighbors?)\b`, "skill.icvneighbors"),
	hintRule(`\bshortest(?:[\s-]*harmonic)?[\s-]*(?:path|route)\b|\bharmonic[\s-]*(?:path|route)\b|\bPC[\s-]*set\s+path\b|\bICV\s+path\b`, "skill.icvshortestpath"),
	hintRule(`\b(?:tensor[\s-]*product|direct[\s-]*sum|pullback|pushout|coequalizer|natural[\s-]+transformation|subobject|power[\s-]+object|sheaf|functor[\s-]+composition)\b|⊗|⊕|∘|Hom\s*\(`, "skill.grothendieckparse"),
	hintRule(`\b(?:dadgad|drop[\s-]?d|open[\s-]?g|open[\s-]?d|double[\s-]?drop[\s-]?d|dgcgcd|half[\s-]?step[\s-]?down|whole[\s-]?step[\s-]?down)\b`, "skill.alternatetunings"),
	hintRule(`\bvoice[\s-]*lead\w*\b|\bsmooth(?:est)?\s+voic\w*\b`, "skill.voiceleading"),
	hintRule(`\b(?:common|shared|overlapping|pivot|mutual)\s+(?:notes?|tones?|pitches?)\b|\b(?:notes?|tones?|pitches?)\b[^.?!]{0,40}?\b(?:shared?|in\s+common)\b|\bintersection\s+of\b`, "skill.commontones"),
	hintRule(`\b(?:dark(?:er|en\w*)|bright(?:er|en\w*)|sadder|happier|melanchol\w*|moodier|gloomier|cinematic)\b|\blift\s+the\s+mood\b|\badd\s+tension\b`, "skill.progressionmood"),
	hintRule(`\b(?:next\s+chord|chord\s+(?:comes?\s+next|after|to\s+(?:finish|follow))|comes?\s+next|complete\s+(?:this|the)\b|finish\s+(?:this\s+)?(?:progression|chord)|what\s+(?:comes?\s+(?:next|after)|should\s+(?:come|follow))|what\s+resolves?|predict\s+the\s+next)\b`, "skill.progressioncompletion"),
	hintRule(`\b(?:diatonic|harmoni[sz]e[sd]?|harmoni[sz]ing)\b`, "skill.diatonicchords"),
	hintRule(`\bcapo\b\s*(?:on\s+|at\s+|fret\s+)?\d{1,2}\b|\bcapo\s+(?:on\s+|fret\s+|at\s+)?\d{1,2}\b`, "skill.capo"),
	hintRule(`\btranspos\w+\b|\b(shift|bring|move)\b\s+\S+(?:\s+\S+){0,5}?\s+(?:up|down|to\s+(?-i:[A-G]))\b`, "skill.transpose"),
}

// HintRules returns DefaultRoutingHintProvider's rules in GA's order.
func HintRules() []HintRule { return slices.Clone(hintRules) }

// Hints is an IRoutingHintProvider: the rules it applies, in order. The host's provider is
// DefaultHints; a lesson may build one from changed rules to see what a rule does.
type Hints struct {
	// Rules are applied in order; several rules for one intent boost it once.
	Rules []HintRule
}

// DefaultHints is DefaultRoutingHintProvider, the provider GaChatbot.Api registers.
func DefaultHints() Hints { return Hints{Rules: hintRules} }

// Deltas is GetDeltas: +HintBoost for every intent one of whose rules matches query, at most
// once per intent; nothing for a blank query (DefaultRoutingHintProvider.cs:262-281 @ c781df5c).
func (h Hints) Deltas(query string) map[string]float64 {
	deltas := map[string]float64{}
	if strings.TrimSpace(query) == "" {
		return deltas
	}
	for _, r := range h.Rules {
		if r.Matches(query) {
			deltas[r.Intent] = HintBoost
		}
	}
	return deltas
}

// Boosts reports whether GetDeltas(query) holds intent: whether one of that intent's rules
// matches, the other rules left unrun.
func (h Hints) Boosts(query, intent string) bool {
	if strings.TrimSpace(query) == "" {
		return false
	}
	for _, r := range h.Rules {
		if r.Intent == intent && r.Matches(query) {
			return true
		}
	}
	return false
}

// Fired returns the ids of the intents the hints boost for query, in ordinal order.
func (h Hints) Fired(query string) []string {
	ids := make([]string, 0, 2)
	for id := range h.Deltas(query) {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}
