// Package voicing is the stand-in's voicing search: a small index of recorded
// voicings, its OPTIC-K style search, and GA's VoicingAgent, which turns a
// chat message into the "Found N voicings ..." answer.
package voicing

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"

	"course/fixtures"
	"course/ga/query"
)

// Voicing is one search result, shaped like GA's voicing search result.
type Voicing struct {
	ID         string  // the entry's unique name in the index file, used by tests and load errors
	Instrument string  // the index's instrument slice: "guitar", "bass" or "ukulele"
	Diagram    string  // frets from the highest string to the lowest, "x" for muted
	Quality    string  // the result's ChordName: the index's QualityInferred, or "Unknown"
	Score      float64 // the recorded score
}

// entry is one voicing of the index with what the filter needs precomputed.
type entry struct {
	Voicing
	quality *string // QualityInferred as stored; nil when absent
	lowest  int     // MIDI number of the lowest sounding note
}

// Index is a loaded voicing index. It is read-only after loading and safe
// for concurrent searches.
type Index struct {
	entries []entry
}

// indexFile is the on-disk format described in fixtures/README.md.
type indexFile struct {
	Voicings []struct {
		ID         string   `json:"id"`
		Instrument string   `json:"instrument"`
		Diagram    string   `json:"diagram"`
		Quality    *string  `json:"quality"`
		Score      *float64 `json:"score"`
		// Index is "main" for a voicing only GA's main-built index holds; "" for one of both.
		Index string `json:"index"`
	} `json:"voicings"`
}

// tunings give each instrument's open strings as MIDI numbers, highest string
// first, the order in which the course's index stores diagrams. An empty or
// unknown instrument is read as a guitar, as GA shows it (VoicingType ?? "guitar").
var tunings = sync.OnceValue(func() map[string][]int {
	return map[string][]int{
		"guitar":  {64, 59, 55, 50, 45, 40}, // E4 B3 G3 D3 A2 E2
		"bass":    {43, 38, 33, 28},         // G2 D2 A1 E1
		"ukulele": {69, 64, 60, 67},         // A4 E4 C4 G4, re-entrant
	}
})

func tuningFor(instrument string) []int {
	if t, ok := tunings()[strings.ToLower(instrument)]; ok {
		return t
	}
	return tunings()["guitar"]
}

// lowestNote returns the MIDI number of the lowest sounding note of a
// diagram stored highest string first.
func lowestNote(diagram, instrument string) (int, error) {
	tuning := tuningFor(instrument)
	frets := strings.Split(diagram, "-")
	if len(frets) != len(tuning) {
		return 0, fmt.Errorf("diagram %q has %d strings, %s has %d", diagram, len(frets), instrumentOrGuitar(instrument), len(tuning))
	}
	lowest := -1
	for i, f := range frets {
		if f == "x" || f == "X" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("diagram %q: bad fret %q", diagram, f)
		}
		if note := tuning[i] + n; lowest < 0 || note < lowest {
			lowest = note
		}
	}
	if lowest < 0 {
		return 0, fmt.Errorf("diagram %q has no sounding string", diagram)
	}
	return lowest, nil
}

func instrumentOrGuitar(instrument string) string {
	if instrument == "" {
		return "guitar"
	}
	return instrument
}

// LoadIndex reads an index in the JSON format of fixtures/README.md, leaving out
// the entries marked as main's only. Entries keep their file order, which breaks
// ties between equal scores.
func LoadIndex(data []byte) (*Index, error) { return LoadIndexFor(data, false) }

// LoadIndexFor reads an index as LoadIndex does; with main set it keeps the
// entries marked "index": "main" too, the index GA's main builds.
func LoadIndexFor(data []byte, main bool) (*Index, error) {
	var f indexFile
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("voicing: load index: %w", err)
	}
	ix := &Index{entries: make([]entry, 0, len(f.Voicings))}
	for i, v := range f.Voicings {
		switch v.Index {
		case "":
		case "main":
			if !main {
				continue
			}
		default:
			return nil, fmt.Errorf("voicing: load index: entry %d (%q): index %q is neither empty nor \"main\"", i, v.ID, v.Index)
		}
		if v.Score == nil {
			return nil, fmt.Errorf("voicing: load index: entry %d (%q): no score", i, v.ID)
		}
		lowest, err := lowestNote(v.Diagram, v.Instrument)
		if err != nil {
			return nil, fmt.Errorf("voicing: load index: entry %d (%q): %w", i, v.ID, err)
		}
		shown := "Unknown"
		if v.Quality != nil {
			shown = *v.Quality
		}
		ix.entries = append(ix.entries, entry{
			Voicing: Voicing{ID: v.ID, Instrument: v.Instrument, Diagram: v.Diagram, Quality: shown, Score: *v.Score},
			quality: v.Quality,
			lowest:  lowest,
		})
	}
	return ix, nil
}

// OpenIndex loads the index file at path, the stand-in's reading of
// VoicingSearch__OpticIndexPath.
func OpenIndex(path string) (*Index, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("voicing: open index: %w", err)
	}
	ix, err := LoadIndex(data)
	if err != nil {
		return nil, fmt.Errorf("voicing: open index %s: %w", path, err)
	}
	return ix, nil
}

var (
	defaultIndex = sync.OnceValues(func() (*Index, error) { return LoadIndex(fixtures.Voicings) })
	mainIndex    = sync.OnceValues(func() (*Index, error) { return LoadIndexFor(fixtures.Voicings, true) })
)

// MainIndex returns the embedded index as GA's main builds it: every entry of
// fixtures/voicings.json, those marked "index": "main" included.
func MainIndex() (*Index, error) { return mainIndex() }

// DefaultIndex returns the index embedded in the binary (fixtures/voicings.json),
// shared by all callers.
func DefaultIndex() (*Index, error) { return defaultIndex() }

// Len returns the number of voicings in the index.
func (ix *Index) Len() int {
	if ix == nil {
		return 0
	}
	return len(ix.entries)
}

// Filter selects voicings; zero values mean "no constraint", and a Limit of 0
// means GA's default of 10.
type Filter struct {
	Instrument string // "guitar", "bass" or "ukulele" selects that slice; anything else searches all
	ChordName  string // e.g. "Cmaj7": root pitch class and quality fragment must both match
	Limit      int    // results wanted, 10 when 0 or less, at most 50
}

const (
	defaultLimit = 10
	maxLimit     = 50
)

// Search returns the voicings that match f, best first.
//
// It models OptickSearchStrategy.HybridSearchAsync and its filter
// (Common/GA.Business.ML/Search/OptickSearchStrategy.cs:49-73,264-329): take
// the instrument slice, keep the top max(limit*10, 100) candidates, then keep
// a candidate when its QualityInferred contains the chord name's quality
// fragment (case-insensitive) and the pitch class of its lowest note is the
// chord's root, and take limit. GA ranks candidates by the dot product of an
// OPTIC-K query vector with stored vectors; the stand-in ranks by each
// voicing's recorded score, so that the index reproduces the scores GA
// printed. Ties keep index order, as GA's scan does (164-262).
func (ix *Index) Search(f Filter) []Voicing {
	if ix == nil {
		return nil
	}
	limit := f.Limit
	if limit <= 0 {
		limit = defaultLimit
	}
	limit = min(limit, maxLimit)

	slice := strings.ToLower(f.Instrument)
	var candidates []*entry
	for i := range ix.entries {
		e := &ix.entries[i]
		switch slice {
		case "guitar", "bass", "ukulele":
			if !strings.EqualFold(e.Instrument, slice) {
				continue
			}
		}
		candidates = append(candidates, e)
	}
	sort.SliceStable(candidates, func(a, b int) bool { return candidates[a].Score > candidates[b].Score })
	if k := max(limit*10, 100); len(candidates) > k {
		candidates = candidates[:k]
	}

	root, fragment, byChord := -1, "", false
	if f.ChordName != "" {
		r, rest, ok := query.SplitRoot(f.ChordName)
		if !ok {
			return nil
		}
		root, fragment, byChord = r, strings.ToLower(rest), true
	}

	var out []Voicing
	for _, e := range candidates {
		if byChord {
			if e.quality == nil || !strings.Contains(strings.ToLower(*e.quality), fragment) {
				continue
			}
			if e.lowest%12 != root {
				continue
			}
		}
		out = append(out, e.Voicing)
		if len(out) == limit {
			break
		}
	}
	return out
}
