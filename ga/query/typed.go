package query

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"unicode"

	"course/fixtures"
	"course/ga/search"
)

// knownModes is TypedMusicalQueryExtractor.KnownModesSet, compared case-insensitively
// (Common/GA.Business.ML/Search/TypedMusicalQueryExtractor.cs:16-27 @ c781df5c).
var knownModes = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"ionian": true, "dorian": true, "phrygian": true, "lydian": true, "mixolydian": true, "aeolian": true, "locrian": true,
		"major": true, "minor": true,
		"harmonic-minor": true, "harmonic minor": true,
		"melodic-minor": true, "melodic minor": true,
		"pentatonic": true, "blues": true,
		"whole-tone": true, "whole tone": true,
		"diminished": true, "altered": true,
		"phrygian-dominant": true, "phrygian dominant": true,
		"lydian-dominant": true, "lydian dominant": true,
	}
})

// instrumentAliases is InstrumentAliases (TypedMusicalQueryExtractor.cs:37-43 @ c781df5c).
var instrumentAliases = sync.OnceValue(func() map[string]string {
	return map[string]string{"guitar": "guitar", "bass": "bass", "ukulele": "ukulele", "uke": "ukulele"}
})

// tagStopWords is TagStopWords (TypedMusicalQueryExtractor.cs:53-58 @ c781df5c).
var tagStopWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"chord": true, "chords": true, "voicing": true, "voicings": true, "shape": true, "shapes": true,
		"music": true, "musical": true, "sound": true, "sounds": true,
		"play": true, "playing": true, "position": true,
	}
})

// iconicChord is one entry of IconicChords.yaml.
type iconicChord struct {
	Name           string   `json:"name"`
	AlternateNames []string `json:"alternate_names"`
	Theoretical    string   `json:"theoretical_name"`
	PitchClasses   []int    `json:"pitch_classes"`
}

// tagRegistry is SymbolicTagRegistry's key list, in registration order, and the iconic chords.
type tagRegistry struct {
	tags   []string
	known  map[string]bool
	iconic []iconicChord
	// iconicNames are the iconic chords' names and alternate names, normalized, each chord's
	// in the order FindChordByTag tries them.
	iconicNames [][]string
}

var (
	registryOnce sync.Once
	registry     *tagRegistry
	registryErr  error
)

// parseTagRegistry reads fixtures/symbolictags.json.
func parseTagRegistry(data []byte) (*tagRegistry, error) {
	var f struct {
		Tags []struct {
			Tag string `json:"tag"`
		} `json:"tags"`
		Iconic []iconicChord `json:"iconic"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	r := &tagRegistry{known: map[string]bool{}, iconic: f.Iconic}
	for _, t := range f.Tags {
		r.tags = append(r.tags, t.Tag)
		r.known[t.Tag] = true
	}
	for _, c := range f.Iconic {
		names := []string{normalizeTag(c.Name)}
		for _, a := range c.AlternateNames {
			names = append(names, normalizeTag(a))
		}
		r.iconicNames = append(r.iconicNames, names)
	}
	return r, nil
}

func symbolicTags() *tagRegistry {
	registryOnce.Do(func() { registry, registryErr = parseTagRegistry(fixtures.SymbolicTags) })
	if registryErr != nil {
		panic("query: the embedded tag registry: " + registryErr.Error())
	}
	return registry
}

// normalizeTag is the registry's normalization: lower case, trimmed, spaces and underscores as
// hyphens (Common/GA.Business.Config/Configuration/SymbolicTagRegistry.cs:203 @ c781df5c).
func normalizeTag(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '_' {
			return '-'
		}
		return r
	}, strings.TrimSpace(strings.ToLower(s)))
}

// known is GetBitIndex(tok).HasValue: the exact key, or else any key that contains the token or
// that the token contains (SymbolicTagRegistry.cs:196-220 @ c781df5c).
func (r *tagRegistry) knows(tok string) bool {
	if strings.TrimSpace(tok) == "" {
		return false
	}
	n := normalizeTag(tok)
	if r.known[n] {
		return true
	}
	for _, k := range r.tags {
		if strings.Contains(n, k) || strings.Contains(k, n) {
			return true
		}
	}
	return false
}

// iconicByTag is IconicChordsService.FindChordByTag: the chord whose name or alternate name
// normalizes to the tag (Common/GA.Business.Config/Configuration/IconicChordsConfigLoader.cs:160-170 @ c781df5c).
func (r *tagRegistry) iconicByTag(tag string) (iconicChord, bool) {
	if strings.TrimSpace(tag) == "" {
		return iconicChord{}, false
	}
	n := normalizeTag(tag)
	for i, names := range r.iconicNames {
		if slices.Contains(names, n) {
			return r.iconic[i], true
		}
	}
	return iconicChord{}, false
}

// ExtractTyped reads a message as GA's TypedMusicalQueryExtractor does on main: the first
// capitalised token that parses as a chord, the first mode of KnownModes (one or two words, as
// written), the first instrument, and every other token of three or more characters that the
// symbolic tag registry knows, lower-cased; then two- and three-word iconic chord names, and an
// iconic chord's notes, its first as the root, when no chord was typed
// (TypedMusicalQueryExtractor.cs:70-208 @ c781df5c, which main's answers follow). Chords are read
// with ChordPitchClasses.TryParse, as GA reads them.
func ExtractTyped(message string) Query {
	var q Query
	if strings.TrimSpace(message) == "" {
		return q
	}
	reg := symbolicTags()
	tokens := strings.FieldsFunc(message, isSeparator)
	for i, tok := range tokens {
		if q.ChordSymbol == "" && unicode.IsUpper([]rune(tok)[0]) {
			if root, pcs, ok := search.TryParse(tok); ok {
				q.ChordSymbol, q.Root, q.PitchClasses = tok, &root, pcs
				continue
			}
		}
		if q.ModeName == "" {
			if knownModes()[strings.ToLower(tok)] {
				q.ModeName = tok
				continue
			}
			if i+1 < len(tokens) && knownModes()[strings.ToLower(tok+" "+tokens[i+1])] {
				q.ModeName = tok + " " + tokens[i+1]
				continue
			}
		}
		if inst, ok := instrumentAliases()[strings.ToLower(tok)]; ok && q.Instrument == "" {
			q.Instrument = inst
			continue
		}
		if tagStopWords()[strings.ToLower(tok)] {
			continue
		}
		if len([]rune(tok)) >= 3 && reg.knows(tok) {
			q.Tags = append(q.Tags, strings.ToLower(tok))
		}
	}
	// TryMatchIconicMultiWord (TypedMusicalQueryExtractor.cs:189-208)
	for i := range tokens {
		for span := 2; span <= 3 && i+span <= len(tokens); span++ {
			composite := strings.ToLower(strings.Join(tokens[i:i+span], "-"))
			if contains(q.Tags, composite) {
				continue
			}
			if _, ok := reg.iconicByTag(composite); ok {
				q.Tags = append(q.Tags, composite)
			}
		}
	}
	if q.ChordSymbol == "" {
		for _, t := range q.Tags {
			c, ok := reg.iconicByTag(t)
			if !ok || len(c.PitchClasses) == 0 {
				continue
			}
			root := c.PitchClasses[0]
			q.ChordSymbol, q.Root, q.PitchClasses = c.Theoretical, &root, c.PitchClasses
			break
		}
	}
	return q
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
