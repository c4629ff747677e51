package skills

import (
	"slices"
	"strings"

	"github.com/dlclark/regexp2/v2"
)

// RoutingHints is GA's DefaultRoutingHintProvider: case-insensitive expressions, each naming
// the intent it boosts by a fixed +0.06 before the semantic router compares its scores
// (Common/GA.Business.ML/Agents/Intents/DefaultRoutingHintProvider.cs:29-282 at c781df5c, as
// last changed by GA's 700812b2).
type RoutingHints struct{}

// HintBoost is BoostMagnitude, the one boost every rule adds (DefaultRoutingHintProvider.cs:37).
const HintBoost float32 = 0.06

// hintRule is one rule: an expression and the intent it hints toward.
type hintRule struct {
	re     *lazyRegexp
	intent string
}

// hintRules are Rules, in GA's order (DefaultRoutingHintProvider.cs:51-260).
var hintRules = []hintRule{
	{hint(`\b(substitut\w*|reharmoniz\w*|tritone\s+sub)\b`), "skill.chordsubstitution"},
	{hint(`\b(what\s+key|key\s+is|identify\s+the\s+key|tonal\s+cent(?:er|re)|home\s+key)\b`), "skill.keyidentification"},
	{hint(`\b(fret\s+span|span\s+of\s+\w+\s+chord|playability)\b`), "skill.fretspan"},
	{hint(`\b(perfect\s+(fourth|fifth|octave|unison)|major\s+(second|third|sixth|seventh)|minor\s+(second|third|sixth|seventh)|tritone|augmented\s+\w+|diminished\s+\w+)\b`), "skill.interval"},
	{hint(`\b(?:(?<!harmoni[sz]ed\s)[A-G](?:#|b)?\s+(?:major|minor|natural\s+minor|melodic\s+minor|harmonic\s+minor)\s+scale|notes\s+in\s+(?:[A-G](?:#|b)?\s+)?(?:major|minor)\s+scale)\b`), "skill.scaleinfo"},
	{hint(`\b(ionian|dorian|phrygian|lydian|mixolydian|aeolian|locrian)\b`), "skill.modes"},
	{hint(`\b(chord\s+tones?|notes\s+in\s+(?:[A-G](?:#|b)?(?:maj|min|m|dim|aug|sus|add|dom)?\d*)|tell\s+me\s+about\s+[A-G])\b`), "skill.chordinfo"},
	{hint(`\b(?:what|which)\s+chord\s+(?:is|contains|has|uses)\b\s*(?:the\s+notes?\s+)?(?-i:[A-G])(?:#|b)?(?:\s*,?\s*(?-i:[A-G])(?:#|b)?){1,5}\b`), "skill.chordinfo"},
	{hint(`\b(?:icv|interval[\s-]*class[\s-]*vector|interval[\s-]*vector)\b`), "skill.intervalclassvector"},
	{hint(`\bgrothendieck[\s-]*(?:delta|distance)\b|\bharmonic(?:ally)?\s+(?:distance|far|distant)\b|\b(?:harmonic|icv)\s+delta\b`), "skill.grothendieckdelta"},
	{hint(`\b(?:icv\s+neighbors?|harmonic(?:ally)?\s+(?:close|near|adjacent)|harmonic(?:al)?\s+neighbors?)\b`), "skill.icvneighbors"},
	{hint(`\bshortest(?:[\s-]*harmonic)?[\s-]*(?:path|route)\b|\bharmonic[\s-]*(?:path|route)\b|\bPC[\s-]*set\s+path\b|\bICV\s+path\b`), "skill.icvshortestpath"},
	{hint(`\b(?:tensor[\s-]*product|direct[\s-]*sum|pullback|pushout|coequalizer|natural[\s-]+transformation|subobject|power[\s-]+object|sheaf|functor[\s-]+composition)\b|⊗|⊕|∘|Hom\s*\(`), "skill.grothendieckparse"},
	{hint(`\b(?:dadgad|drop[\s-]?d|open[\s-]?g|open[\s-]?d|double[\s-]?drop[\s-]?d|dgcgcd|half[\s-]?step[\s-]?down|whole[\s-]?step[\s-]?down)\b`), "skill.alternatetunings"},
	{hint(`\bvoice[\s-]*lead\w*\b|\bsmooth(?:est)?\s+voic\w*\b`), "skill.voiceleading"},
	{hint(`\b(?:common|shared|overlapping|pivot|mutual)\s+(?:notes?|tones?|pitches?)\b|\b(?:notes?|tones?|pitches?)\b[^.?!]{0,40}?\b(?:shared?|in\s+common)\b|\bintersection\s+of\b`), "skill.commontones"},
	{hint(`\b(?:dark(?:er|en\w*)|bright(?:er|en\w*)|sadder|happier|melanchol\w*|moodier|gloomier|cinematic)\b|\blift\s+the\s+mood\b|\badd\s+tension\b`), "skill.progressionmood"},
	{hint(`\b(?:next\s+chord|chord\s+(?:comes?\s+next|after|to\s+(?:finish|follow))|comes?\s+next|complete\s+(?:this|the)\b|finish\s+(?:this\s+)?(?:progression|chord)|what\s+(?:comes?\s+(?:next|after)|should\s+(?:come|follow))|what\s+resolves?|predict\s+the\s+next)\b`), "skill.progressioncompletion"},
	{hint(`\b(?:diatonic|harmoni[sz]e[sd]?|harmoni[sz]ing)\b`), "skill.diatonicchords"},
	{hint(`\bcapo\b\s*(?:on\s+|at\s+|fret\s+)?\d{1,2}\b|\bcapo\s+(?:on\s+|fret\s+|at\s+)?\d{1,2}\b`), "skill.capo"},
	{hint(`\btranspos\w+\b|\b(shift|bring|move)\b\s+\S+(?:\s+\S+){0,5}?\s+(?:up|down|to\s+(?-i:[A-G]))\b`), "skill.transpose"},
}

func hint(pattern string) *lazyRegexp { return newLazyRegexp(pattern, regexp2.IgnoreCase) }

// Deltas is GetDeltas: for every rule that matches, its intent gets the boost once, however
// many of its rules match; blank text gets none (DefaultRoutingHintProvider.cs:262-281).
func (RoutingHints) Deltas(query string) map[string]float32 {
	deltas := map[string]float32{}
	if strings.TrimSpace(query) == "" {
		return deltas
	}
	for _, r := range hintRules {
		if match(r.re, query) {
			deltas[r.intent] = HintBoost
		}
	}
	return deltas
}

// Hinted returns the intents Deltas boosts for query, in ordinal order.
func (h RoutingHints) Hinted(query string) []string {
	var ids []string
	for id := range h.Deltas(query) {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}
