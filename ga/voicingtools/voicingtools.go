// Package voicingtools models GaMcpServer's two voicing-search MCP tools: ga_search_voicings,
// which reads a chord, a mode and tags out of a query and returns the nearest voicings of the
// OPTIC-K index, and ga_voicing_vocabulary, which lists what the first one reads
// (GaMcpServer/Tools/VoicingSearchTool.cs, VoicingVocabularyTool.cs @ c781df5c).
package voicingtools

import (
	"encoding/binary"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"

	"course/ga/embeddings"
	"course/ga/optick"
	"course/ga/query"
	"course/ga/search"
	"course/internal/dotnet"
)

// Interpreted is the answer's "interpreted" object: what the typed extractor read, and the
// instrument the search was narrowed to.
type Interpreted struct {
	Chord string
	// Root is the chord's root pitch class, nil for none.
	Root         *int
	PitchClasses []int
	Mode         string
	Tags         []string
	Instrument   string
}

// Hit is one of the answer's results: its score rounded to four places, the voicing's diagram
// (string 1, the high E, first) and the chord name the index holds.
type Hit struct {
	Score     float64
	Diagram   string
	ChordName string
	MidiNotes []int
}

// Answer is ga_search_voicings' JSON answer: an error, or what was read (nil when nothing was)
// and the results.
type Answer struct {
	Error       string
	Interpreted *Interpreted
	Results     []Hit
}

// maxQueryLength is the tool's input cap, in UTF-16 units (VoicingSearchTool.cs:123 @ c781df5c).
const maxQueryLength = 512

// SearchTool is ga_search_voicings over one index, with sampling off: the server argument only
// serves the sampling fallback.
type SearchTool struct {
	strategy   *optick.Strategy
	partitions []embeddings.Partition
	encode     optick.EncodeOptions
	// reads holds the reading of each text already read: a lesson hands the same text to
	// Prefetch and then to Search.
	reads map[string]reading
	// cache holds the results of each query vector already searched: a lesson asks many
	// queries that read the same way.
	cache map[searchKey][]optick.Result
}

// reading is what read makes of a query text; vecKey is the vector's bits, the part of a
// search's cache key that the text decides.
type reading struct {
	q      query.Query
	vec    []float64
	vecKey string
	ok     bool
}

// searchKey is what a search's results depend on: the vector, the instrument and the limit.
type searchKey struct {
	vec, instrument string
	limit           int
}

// NewSearchTool searches the index r reads; partitions is the registry the encoder writes by.
func NewSearchTool(r *optick.Reader, partitions []embeddings.Partition) *SearchTool {
	return NewSearchToolWith(r, partitions, optick.Version{})
}

// NewSearchToolWith is NewSearchTool with the encoder and the search of version v.
func NewSearchToolWith(r *optick.Reader, partitions []embeddings.Partition, v optick.Version) *SearchTool {
	return &SearchTool{strategy: optick.NewStrategyWith(r, v.Search), partitions: partitions, encode: v.Encode,
		reads: map[string]reading{}, cache: map[searchKey][]optick.Result{}}
}

// maxCached bounds each of the tool's maps; past it the map starts again.
const maxCached = 4096

// Search is GaSearchVoicings with allowSampling false and no instrument argument: the query
// checked, the limit clamped to 1..50, the query read by TypedMusicalQueryExtractor, nothing
// searched when it names no chord, mode or tag, else the vector of MusicalQueryEncoder searched
// over the whole index, or over the instrument's slice when the query names one, each score
// rounded to four places (VoicingSearchTool.cs:101-236 @ c781df5c). Answers to one text share
// their reading and results: read only.
func (t *SearchTool) Search(text string, limit int) (Answer, error) {
	if dotnet.IsNullOrWhiteSpace(text) {
		return Answer{Error: "query is required"}, nil
	}
	if dotnet.UTF16Len(text) > maxQueryLength {
		return Answer{Error: "query too long"}, nil
	}
	limit = min(max(limit, 1), 50)
	r := t.read(text)
	if !r.ok {
		return Answer{}, nil
	}
	q := r.q
	in := &Interpreted{Chord: q.ChordSymbol, Root: q.Root, PitchClasses: q.PitchClasses, Mode: q.ModeName,
		Tags: q.Tags, Instrument: q.Instrument}
	results, err := t.search(r, limit)
	if err != nil {
		return Answer{}, err
	}
	a := Answer{Interpreted: in}
	for _, r := range results {
		a.Results = append(a.Results, Hit{Score: Round4(r.Score), Diagram: r.Diagram, ChordName: r.ChordName, MidiNotes: r.MidiNotes})
	}
	return a, nil
}

// read runs TypedMusicalQueryExtractor and, when the query names a chord, a mode or a tag
// (HasIntent, VoicingSearchTool.cs:238-242 @ c781df5c), MusicalQueryEncoder; ok is false when
// it names none. Each text is read once.
func (t *SearchTool) read(text string) reading {
	if r, ok := t.reads[text]; ok {
		return r
	}
	r := t.readText(text)
	t.remember(text, r)
	return r
}

// readText is read without the memory of texts read: it changes nothing of the tool's, so
// several may run at once.
func (t *SearchTool) readText(text string) reading {
	r := reading{q: query.ExtractTyped(text)}
	q := r.q
	if q.ChordSymbol != "" || len(q.PitchClasses) > 0 || q.ModeName != "" || len(q.Tags) > 0 {
		r.vec = optick.EncodeWith(optick.Query{ChordSymbol: q.ChordSymbol, Root: q.Root, PitchClasses: q.PitchClasses, Tags: q.Tags}, t.partitions, t.encode)
		key := make([]byte, 0, 8*len(r.vec))
		for _, v := range r.vec {
			key = binary.LittleEndian.AppendUint64(key, math.Float64bits(v))
		}
		r.vecKey, r.ok = string(key), true
	}
	return r
}

// remember keeps what a text reads as.
func (t *SearchTool) remember(text string, r reading) {
	if len(t.reads) >= maxCached {
		clear(t.reads)
	}
	t.reads[text] = r
}

// readAll reads the texts not read yet, split between the processors.
func (t *SearchTool) readAll(texts []string) {
	var todo []string
	seen := map[string]bool{}
	for _, text := range texts {
		if _, ok := t.reads[text]; !ok && !seen[text] {
			seen[text] = true
			todo = append(todo, text)
		}
	}
	readings := make([]reading, len(todo))
	workers := max(1, min(runtime.GOMAXPROCS(0), len(todo)/64))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(todo); i += workers {
				readings[i] = t.readText(todo[i])
			}
		})
	}
	wg.Wait()
	for i, text := range todo {
		t.remember(text, readings[i])
	}
}

// search runs SemanticSearchAsync, or HybridSearchAsync with the instrument as the voicing type.
func (t *SearchTool) search(r reading, limit int) ([]optick.Result, error) {
	instrument := r.q.Instrument
	key := searchKey{r.vecKey, instrument, limit}
	if res, ok := t.cache[key]; ok {
		return res, nil
	}
	var (
		results []optick.Result
		err     error
	)
	if strings.TrimSpace(instrument) != "" {
		results, err = t.strategy.HybridSearch(r.vec, optick.Filters{VoicingType: instrument}, limit)
	} else {
		results, err = t.strategy.SemanticSearch(r.vec, limit)
	}
	if err != nil {
		return nil, err
	}
	t.keep(key, results)
	return results, nil
}

// keep caches one search's results.
func (t *SearchTool) keep(key searchKey, results []optick.Result) {
	if len(t.cache) >= maxCached {
		clear(t.cache)
	}
	t.cache[key] = results
}

// Prefetch searches, in one pass over the index, the vectors of the queries that Search would
// search over the whole index and has not yet, so that asking them afterwards costs no scan;
// the answers are the same as without it.
func (t *SearchTool) Prefetch(queries []string, limit int) error {
	limit = min(max(limit, 1), 50)
	var texts []string
	for _, text := range queries {
		if !dotnet.IsNullOrWhiteSpace(text) && dotnet.UTF16Len(text) <= maxQueryLength {
			texts = append(texts, text)
		}
	}
	t.readAll(texts)
	var keys []searchKey
	var vecs [][]float64
	seen := map[searchKey]bool{}
	for _, text := range texts {
		r := t.read(text)
		if !r.ok || r.q.Instrument != "" {
			continue
		}
		key := searchKey{r.vecKey, "", limit}
		if _, ok := t.cache[key]; ok || seen[key] {
			continue
		}
		seen[key] = true
		keys, vecs = append(keys, key), append(vecs, r.vec)
	}
	if len(vecs) == 0 {
		return nil
	}
	results, err := t.strategy.SemanticSearchBatch(vecs, limit)
	if err != nil {
		return err
	}
	for i, key := range keys {
		t.keep(key, results[i])
	}
	return nil
}

// Round4 is Math.Round(score, 4): to four places, a midpoint to the even digit.
func Round4(v float64) float64 { return math.RoundToEven(v*1e4) / 1e4 }

// Example is one of the vocabulary's query-construction examples.
type Example struct{ UserSaid, CanonicalQuery string }

// Vocabulary is ga_voicing_vocabulary's answer.
type Vocabulary struct {
	Roots, Qualities, Modes, Tags []string
	Examples                      []Example
}

// VoicingVocabulary is GaVoicingVocabulary: ChordPitchClasses' roots and non-empty qualities,
// the extractor's modes and the registry's tags, each sorted, and five examples
// (VoicingVocabularyTool.cs:34-76 @ c781df5c). GA sorts with the culture's comparer; on these
// entries it agrees with an ordinal sort: no two differ first by case, and where two differ
// first by punctuation and a digit or letter the punctuation sorts first under both.
func VoicingVocabulary() Vocabulary {
	var qualities []string
	for _, q := range search.KnownQualities {
		if q != "" {
			qualities = append(qualities, q)
		}
	}
	v := Vocabulary{
		Roots:     slices.Sorted(slices.Values(search.KnownRoots[:])),
		Qualities: qualities,
		Modes:     query.KnownModes(),
		Tags:      query.KnownTags(),
		Examples: []Example{
			{"Cmaj7 jazz voicing", "Cmaj7 jazz"},
			{"F# Lydian drop 2", "F# Lydian drop2"},
			{"rootless Dm7", "Dm7 rootless"},
			{"something jazzy in F minor", "Fm jazz"},
			{"shell voicing for G7", "G7 shell"},
		},
	}
	slices.Sort(v.Qualities)
	slices.Sort(v.Modes)
	slices.Sort(v.Tags)
	return v
}
