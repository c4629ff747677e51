package query

import "slices"

// KnownModes is TypedMusicalQueryExtractor.KnownModes, the mode names the extractor reads, in
// the set's declaration order (Common/GA.Business.ML/Search/TypedMusicalQueryExtractor.cs:16-30 @ c781df5c).
func KnownModes() []string {
	return []string{
		"ionian", "dorian", "phrygian", "lydian", "mixolydian", "aeolian", "locrian",
		"major", "minor",
		"harmonic-minor", "harmonic minor",
		"melodic-minor", "melodic minor",
		"pentatonic", "blues",
		"whole-tone", "whole tone",
		"diminished", "altered",
		"phrygian-dominant", "phrygian dominant",
		"lydian-dominant", "lydian dominant",
	}
}

// KnownTags is SymbolicTagRegistry.GetAllKnownTags: the registry's keys in registration order
// (Common/GA.Business.Config/Configuration/SymbolicTagRegistry.cs:222 @ c781df5c).
func KnownTags() []string { return slices.Clone(symbolicTags().tags) }
