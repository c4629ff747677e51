package skills

import (
	"slices"
	"strconv"
	"strings"

	"course/ga/embeddings"
	"course/ga/optick"
	"course/ga/query"
	"course/ga/voicing"
)

// ChordVoicingsSkill's answers that list no voicing (ChordVoicingsSkill.cs:85-126 @ c781df5c).
const (
	// ChordVoicingsNoIntent answers a message in which the extractor found no chord, mode or tag.
	ChordVoicingsNoIntent = "I couldn't find a chord name, mode, or technique tag in your request. " +
		"Try naming a chord (e.g. 'Cmaj7'), a mode ('F# Lydian'), or a " +
		"technique ('drop2', 'shell', 'rootless')."
	// ChordVoicingsNoMatches answers a query the index returned nothing for, even unfiltered.
	ChordVoicingsNoMatches = "The OPTIC-K index returned no matches for this query."
)

// chordVoicingsTopK is the number of voicings the skill asks the search for (ChordVoicingsSkill.cs:102 @ c781df5c).
const chordVoicingsTopK = 8

// ChordVoicings is ChordVoicingsSkill over an OPTIC-K index: TypedMusicalQueryExtractor reads the
// message, MusicalQueryEncoder turns it into a query vector, and OptickSearchStrategy returns the
// nearest voicings (Common/GA.Business.ML/Agents/Skills/ChordVoicingsSkill.cs:16-167 @ c781df5c).
type ChordVoicings struct {
	// Search is the index's OptickSearchStrategy.
	Search *optick.Strategy
	// Partitions is the embedding schema the encoder compacts the query with.
	Partitions []embeddings.Partition
	// Encode is the version of MusicalQueryEncoder the skill calls; the zero value is the pin's.
	Encode optick.EncodeOptions
	// LowEFirst writes each diagram in chart order, the low E first, as the skill does on GA's
	// main (ChordVoicingsSkill.cs:136 @ f4f5b4a, quoted in spareilleux/learn
	// src/content/docs/ga-ai/16-the-voicings-of-a-chord.md, "The same questions on main"; fix 13
	// of its journal.md, 2026-09-24); the pin writes the index's diagram, the high E first.
	LowEFirst bool
}

// ChordVoicingsAnswer is the skill's AgentResponse: the answer text and the results it lists.
type ChordVoicingsAnswer struct {
	// Text is the Result markdown, one AppendLine per line, "\n" as on Linux.
	Text string
	// Query is what the extractor read.
	Query query.Query
	// Results are the voicings listed, best first.
	Results []optick.Result
}

// CanHandle is ChordVoicingsSkill.CanHandle: a voicing keyword as a whole word and a chord
// symbol with an uppercase root (ChordVoicingsSkill.cs:57-73 @ c781df5c).
func (ChordVoicings) CanHandle(message string) bool { return guarded(chordVoicingsCanHandle)(message) }

// Execute is ChordVoicingsSkill.ExecuteAsync. The host's extractor is the composite one, whose
// model-backed second stage runs only when the typed stage reads nothing; with the model out of
// reach it reads nothing either, so the typed reading is the whole reading
// (ChordVoicingsSkill.cs:75-167; TypedMusicalQueryExtractor.cs:217-234 @ c781df5c).
func (s ChordVoicings) Execute(message string) (ChordVoicingsAnswer, error) {
	q := query.ExtractTyped(message)
	a := ChordVoicingsAnswer{Query: q}
	if q.ChordSymbol == "" && len(q.PitchClasses) == 0 && q.ModeName == "" && len(q.Tags) == 0 {
		a.Text = ChordVoicingsNoIntent
		return a, nil
	}
	vector := optick.EncodeWith(optick.Query{ChordSymbol: q.ChordSymbol, Root: q.Root, PitchClasses: q.PitchClasses, Tags: q.Tags}, s.Partitions, s.Encode)
	// VoicingAgent.BuildSearchFilters always gives filters here, since the skill only searches a
	// message with a chord, a mode or tags; OPTK honours their chord name and instrument, and
	// ignores the mode, the tags and the symbolic bits SearchAsync adds
	// (VoicingAgent.cs:191-208; EnhancedVoicingSearchService.cs:143-170 @ c781df5c).
	results, err := s.Search.HybridSearch(vector, optick.Filters{ChordName: q.ChordSymbol, VoicingType: q.Instrument}, chordVoicingsTopK)
	if err != nil {
		return a, err
	}
	if len(results) == 0 {
		// The retry without filters: the first topK of the whole index (ChordVoicingsSkill.cs:108-114).
		if results, err = s.Search.SemanticSearch(vector, chordVoicingsTopK); err != nil {
			return a, err
		}
	}
	if len(results) == 0 {
		a.Text = ChordVoicingsNoMatches
		return a, nil
	}
	a.Results = results
	var b strings.Builder
	plural := "s"
	if len(results) == 1 {
		plural = ""
	}
	b.WriteString("Found " + strconv.Itoa(len(results)) + " voicing" + plural + ":\n\n")
	for _, r := range results {
		kind := r.Instrument
		if kind == "" {
			kind = "guitar"
		}
		diagram := r.Diagram
		if s.LowEFirst {
			diagram = reversedDiagram(diagram)
		}
		b.WriteString("- **" + r.ChordName + "** `" + diagram + "` (" + kind + ", score " + voicing.FormatFixed(r.Score, 3) + ")\n")
	}
	a.Text = b.String()
	return a, nil
}

// reversedDiagram is a diagram's strings in the other order.
func reversedDiagram(d string) string {
	frets := strings.Split(d, "-")
	slices.Reverse(frets)
	return strings.Join(frets, "-")
}
