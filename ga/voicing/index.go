// Package voicing is the stand-in's voicing search: an OPTIC-K index searched as GA's
// OptickSearchStrategy searches it, and GA's VoicingAgent, which turns a chat message into the
// "Found N voicings ..." answer.
package voicing

import (
	"fmt"
	"os"

	"course/ga/embeddings"
	"course/ga/optick"
	"course/ga/query"
)

// Index is the host's voicing index: an OPTK v4 index GA's writer wrote, read with
// OptickIndexReader and searched with MusicalQueryEncoder's query vectors through
// OptickSearchStrategy, each in one version of GA's pipeline. It is read-only and safe for
// concurrent searches.
type Index struct {
	reader     *optick.Reader
	search     *optick.Strategy
	partitions []embeddings.Partition
	encode     optick.EncodeOptions
}

// NewIndex reads data, an index over partitions, for the query encoder and the search of
// version v (the zero value is the pin's).
func NewIndex(data []byte, partitions []embeddings.Partition, v optick.Version) (*Index, error) {
	r, err := optick.Open(data, partitions)
	if err != nil {
		return nil, fmt.Errorf("voicing: load index: %w", err)
	}
	return &Index{reader: r, search: optick.NewStrategyWith(r, v.Search), partitions: partitions, encode: v.Encode}, nil
}

// OpenIndex reads the index file at path over GA's partition registry, the stand-in's reading of
// VoicingSearch__OpticIndexPath.
func OpenIndex(path string, v optick.Version) (*Index, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("voicing: open index: %w", err)
	}
	ix, err := NewIndex(data, embeddings.Partitions(), v)
	if err != nil {
		return nil, fmt.Errorf("voicing: open index %s: %w", path, err)
	}
	return ix, nil
}

// Len returns the number of voicings in the index.
func (ix *Index) Len() int {
	if ix == nil {
		return 0
	}
	return int(ix.reader.Count())
}

// The number of voicings VoicingAgent asks for, and the most a request's metadata may ask for
// (VoicingAgent.cs:75-78 @ c781df5c).
const (
	defaultLimit = 10
	maxLimit     = 50
)

// Search is VoicingAgent's search for what q reads: MusicalQueryEncoder's vector of the chord,
// its pitch classes and the tags; then EnhancedVoicingSearchService.SearchAsync, which asks
// OptickSearchStrategy's HybridSearchAsync when BuildSearchFilters gives filters (a chord, a
// mode, an instrument or tags) and SemanticSearchAsync when it gives none; and, when the chord's
// name filters every candidate out, the same search without it, the geometric fallback
// (VoicingAgent.cs:75-100, 191-208; EnhancedVoicingSearchService.cs:143-170 @ c781df5c). Of the
// filters the index honours the chord name and the instrument; the mode, the tags and the
// symbolic bits SearchAsync adds are dropped, and a hybrid search without a filter that holds
// keeps the semantic search's first results. A limit of 0 or less is VoicingAgent's 10.
func (ix *Index) Search(q query.Query, limit int) ([]optick.Result, error) {
	if ix == nil {
		return nil, nil
	}
	if limit <= 0 {
		limit = defaultLimit
	}
	limit = min(limit, maxLimit)
	vector := optick.EncodeWith(optick.Query{ChordSymbol: q.ChordSymbol, Root: q.Root, PitchClasses: q.PitchClasses, Tags: q.Tags},
		ix.partitions, ix.encode)
	if q.ChordSymbol == "" && q.ModeName == "" && q.Instrument == "" && len(q.Tags) == 0 {
		return ix.search.SemanticSearch(vector, limit)
	}
	f := optick.Filters{ChordName: q.ChordSymbol, VoicingType: q.Instrument}
	results, err := ix.search.HybridSearch(vector, f, limit)
	if err != nil || len(results) > 0 || f.ChordName == "" {
		return results, err
	}
	f.ChordName = ""
	return ix.search.HybridSearch(vector, f, limit)
}
