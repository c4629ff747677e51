// Package query reads the musical intent of a chat message: a chord symbol,
// a mode, an instrument and voicing tags. It models GA's deterministic
// TypedMusicalQueryExtractor, the first stage of CompositeMusicalQueryExtractor
// (Common/GA.Business.ML/Search/TypedMusicalQueryExtractor.cs:70-187, 217-234).
// The model-backed second stage is not modelled: without a model it yields an
// empty query, which is what an empty typed result already gives here.
package query

import (
	"strings"
	"sync"
)

// Query is the musical intent found in a message.
type Query struct {
	ChordSymbol  string   // "Cmaj7", "" when none
	Root         *int     // the chord's root pitch class, nil when none (set by ExtractTyped)
	PitchClasses []int    // of the chord, root first (0 = C), nil when none
	ModeName     string   // e.g. "F# Lydian", "" when none
	Instrument   string   // "guitar", "bass", "ukulele" or ""
	Tags         []string // symbolic tags such as "drop2", "shell", "rootless", nil when none
}

// Empty reports whether the message named nothing the voicing search can use.
func (q Query) Empty() bool {
	return q.ChordSymbol == "" && q.ModeName == "" && q.Instrument == "" && len(q.Tags) == 0
}

// The vocabularies below are the stand-in's own small lists; the research on
// GA names their kinds (modes, instruments, symbolic tags, stop-words) but not
// their full contents.

// modes are the mode names recognised after a note name, keyed lowercase.
var modes = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"ionian":     "Ionian",
		"dorian":     "Dorian",
		"phrygian":   "Phrygian",
		"lydian":     "Lydian",
		"mixolydian": "Mixolydian",
		"aeolian":    "Aeolian",
		"locrian":    "Locrian",
	}
})

// instruments maps a word to the index's instrument slice name.
var instruments = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"guitar":   "guitar",
		"guitars":  "guitar",
		"bass":     "bass",
		"ukulele":  "ukulele",
		"ukuleles": "ukulele",
		"uke":      "ukulele",
	}
})

// tags maps a word to its symbolic voicing tag; the names are those the voicing
// guard and the agent's help text use.
var tags = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"drop2":    "drop2",
		"drop-2":   "drop2",
		"drop3":    "drop3",
		"drop-3":   "drop3",
		"shell":    "shell",
		"rootless": "rootless",
		"quartal":  "quartal",
		"spread":   "spread",
		"open":     "open",
		"closed":   "closed",
	}
})

// stopWords are dropped before anything else is recognised.
var stopWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"show": true, "me": true, "give": true, "some": true, "the": true, "for": true,
		"on": true, "in": true, "of": true, "with": true, "please": true, "what": true,
		"are": true, "is": true, "how": true, "do": true, "play": true, "an": true,
		"voicing": true, "voicings": true, "shape": true, "shapes": true, "chord": true,
		"chords": true, "fingering": true, "fingerings": true, "grip": true, "grips": true,
	}
})

// isSeparator is the extractor's token separator set: space, tab, CR, LF and ,;.!?[]
func isSeparator(r rune) bool {
	switch r {
	case ' ', '\t', '\r', '\n', ',', ';', '.', '!', '?', '[', ']':
		return true
	}
	return false
}

// Extract finds the chord, mode, instrument and tags of a message, as
// TypedMusicalQueryExtractor does (TypedMusicalQueryExtractor.cs:70-187). The chord
// is the first token that starts with an uppercase letter and parses as a
// chord; a note name followed by a mode name is a mode (the first one found is
// kept), and is then not also taken as a chord (the stand-in's reading of GA's
// "F# Lydian" example).
func Extract(message string) Query {
	tokens := strings.FieldsFunc(message, isSeparator)
	var q Query
	for i := 0; i < len(tokens); i++ {
		tok := tokens[i]
		lower := strings.ToLower(tok)
		if stopWords()[lower] {
			continue
		}
		if i+1 < len(tokens) {
			if mode, ok := modes()[strings.ToLower(tokens[i+1])]; ok {
				if _, rest, ok := SplitRoot(tok); ok && rest == "" {
					if q.ModeName == "" {
						q.ModeName = tok + " " + mode
					}
					i++
					continue
				}
			}
		}
		if inst, ok := instruments()[lower]; ok {
			if q.Instrument == "" {
				q.Instrument = inst
			}
			continue
		}
		if lower == "drop" && i+1 < len(tokens) && (tokens[i+1] == "2" || tokens[i+1] == "3") {
			q.Tags = addTag(q.Tags, "drop"+tokens[i+1])
			i++
			continue
		}
		if tag, ok := tags()[lower]; ok {
			q.Tags = addTag(q.Tags, tag)
			continue
		}
		if q.ChordSymbol == "" && tok[0] >= 'A' && tok[0] <= 'Z' {
			if c, ok := ParseChord(tok); ok {
				q.ChordSymbol = c.Symbol
				q.PitchClasses = c.PitchClasses
			}
		}
	}
	return q
}

// addTag appends a tag once, keeping first-seen order.
func addTag(list []string, tag string) []string {
	for _, t := range list {
		if t == tag {
			return list
		}
	}
	return append(list, tag)
}
