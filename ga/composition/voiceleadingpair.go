package composition

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"

	"course/ga/embeddings"
	"course/ga/optick"
	"course/ga/search"
	"course/internal/dotnet"
)

// VoiceLeadingTool is ga_voice_leading_pair over an OPTIC-K index: the strategy it reaches
// through VoicingSearchTool's cached Strategy field, and the partitions its query encoder
// writes (GaMcpServer/Tools/CompositionTools.cs:274-310 @ c781df5c).
type VoiceLeadingTool struct {
	// Strategy searches the index the tool reads.
	Strategy *optick.Strategy
	// Partitions are the embedding schema's partitions the query is encoded over.
	Partitions []embeddings.Partition
	// Encode is the version of MusicalQueryEncoder the tool calls; the zero value is the pin's.
	Encode optick.EncodeOptions

	// searched keeps each search's hits by its arguments: the index does not change, so the
	// same search finds the same voicings, and a lesson that asks many questions of one chord
	// scans the index once for each.
	mu       sync.Mutex
	searched map[searchKey][]optick.Result
}

// searchKey is the arguments of one search.
type searchKey struct {
	symbol, instrument string
	limit              int
}

// VoicingPair is one element of the answer's "pairs": the distance, rounded to two decimals as
// the answer writes it, and the two voicings as the index holds them.
type VoicingPair struct {
	Distance float64
	From, To optick.Result
}

// VoiceLeadingAnswer is the tool's answer: the pairs, smallest distance first, or the error it
// returns instead.
type VoiceLeadingAnswer struct {
	// FromChord, ToChord and Instrument echo the arguments as given.
	FromChord, ToChord, Instrument string
	// Pairs are the answer's pairs, at most the clamped limit.
	Pairs []VoicingPair
	// TotalCandidatesEvaluated is the number of pairs weighed: from's hits times to's.
	TotalCandidatesEvaluated int
	// Error is the answer's "error" member; empty when the tool paired voicings.
	Error string
}

// VoiceLeadingPair is CompositionTools.GaVoiceLeadingPair: it clamps limit to 1-20 and
// candidates to 3-50, searches the index for candidates voicings of each chord, weighs every
// pair of them with VoiceLeadingDistance, and keeps the limit smallest, the higher sum of the
// two retrieval scores first on a tie; an empty instrument is none
// (GaMcpServer/Tools/CompositionTools.cs:186-268 @ c781df5c).
func (t *VoiceLeadingTool) VoiceLeadingPair(fromChord, toChord string, limit int, instrument string, candidates int) VoiceLeadingAnswer {
	answer := VoiceLeadingAnswer{FromChord: fromChord, ToChord: toChord, Instrument: instrument}
	if dotnet.IsNullOrWhiteSpace(fromChord) || dotnet.IsNullOrWhiteSpace(toChord) {
		answer.Error = "fromChord and toChord are required"
		return answer
	}
	limit = min(max(limit, 1), 20)
	candidates = min(max(candidates, 3), 50)
	from, err := t.SearchByChord(fromChord, candidates, instrument)
	if err != nil {
		answer.Error = "fromChord: " + err.Error()
		return answer
	}
	to, err := t.SearchByChord(toChord, candidates, instrument)
	if err != nil {
		answer.Error = "toChord: " + err.Error()
		return answer
	}
	if len(from) == 0 || len(to) == 0 {
		answer.Error = "no voicings retrieved for one or both chords"
		return answer
	}
	// A pair is weighed by the places of its voicings, which keeps the sort's moves small.
	type weighed struct {
		from, to int
		distance float64
	}
	pairs := make([]weighed, 0, len(from)*len(to))
	for i, v1 := range from {
		for j, v2 := range to {
			pairs = append(pairs, weighed{i, j, VoiceLeadingDistance(v1.MidiNotes, v2.MidiNotes)})
		}
	}
	// OrderBy then ThenByDescending: a stable sort, enumeration order kept on a full tie; the
	// enumeration order compared last makes the order total, which any sort then keeps.
	slices.SortFunc(pairs, func(a, b weighed) int {
		if c := cmp.Compare(a.distance, b.distance); c != 0 {
			return c
		}
		if c := cmp.Compare(from[b.from].Score+to[b.to].Score, from[a.from].Score+to[a.to].Score); c != 0 {
			return c
		}
		return cmp.Or(cmp.Compare(a.from, b.from), cmp.Compare(a.to, b.to))
	})
	for _, p := range pairs[:min(limit, len(pairs))] {
		answer.Pairs = append(answer.Pairs, VoicingPair{Distance: round2(p.distance), From: from[p.from], To: to[p.to]})
	}
	answer.TotalCandidatesEvaluated = len(from) * len(to)
	return answer
}

// round2 is Math.Round(value, 2): to even at a midpoint, and values of 1e16 or more as they are.
func round2(v float64) float64 {
	if math.Abs(v) >= 1e16 {
		return v
	}
	return math.RoundToEven(v*100) / 100
}

// SearchByChord is the tool's private SearchByChordAsync: the trimmed symbol read by
// ChordPitchClasses, encoded with its root and pitch classes by MusicalQueryEncoder, and the
// limit nearest voicings of the whole index, or of the instrument's group when one is given
// (GaMcpServer/Tools/CompositionTools.cs:278-298 @ c781df5c). The hits are shared between
// calls with the same arguments and must not be changed.
func (t *VoiceLeadingTool) SearchByChord(chordSymbol string, limit int, instrument string) ([]optick.Result, error) {
	key := searchKey{chordSymbol, instrument, limit}
	t.mu.Lock()
	defer t.mu.Unlock()
	if hits, ok := t.searched[key]; ok {
		return hits, nil
	}
	hits, err := t.search(chordSymbol, limit, instrument)
	if err != nil {
		return nil, err
	}
	if t.searched == nil {
		t.searched = map[searchKey][]optick.Result{}
	}
	t.searched[key] = hits
	return hits, nil
}

// search is SearchByChord without the kept hits.
func (t *VoiceLeadingTool) search(chordSymbol string, limit int, instrument string) ([]optick.Result, error) {
	symbol := dotnet.Trim(chordSymbol)
	root, pcs, ok := search.TryParse(symbol)
	if !ok {
		return nil, fmt.Errorf("unrecognized chord symbol '%s'", chordSymbol)
	}
	query := optick.EncodeWith(optick.Query{ChordSymbol: symbol, Root: &root, PitchClasses: pcs}, t.Partitions, t.Encode)
	if dotnet.IsNullOrWhiteSpace(instrument) {
		return t.Strategy.SemanticSearch(query, limit)
	}
	return t.Strategy.HybridSearch(query, optick.Filters{VoicingType: instrument}, limit)
}

// VoiceLeadingDistance is the tool's distance between two voicings: both sorted by pitch, the
// lowest notes paired in order, the sum of their differences in semitones, and 3 for each note
// the larger voicing has over the smaller; an empty voicing is double.MaxValue away
// (GaMcpServer/Tools/CompositionTools.cs:320-336 @ c781df5c).
func VoiceLeadingDistance(midi1, midi2 []int) float64 {
	if len(midi1) == 0 || len(midi2) == 0 {
		return math.MaxFloat64
	}
	// Sorted on the stack for a voicing of a guitar's size or so: the tool weighs thousands of pairs.
	var bufA, bufB [8]int
	a, b := append(bufA[:0], midi1...), append(bufB[:0], midi2...)
	slices.Sort(a)
	slices.Sort(b)
	sum := 0.0
	for i := range min(len(a), len(b)) {
		sum += math.Abs(float64(a[i] - b[i]))
	}
	return sum + float64(max(len(a)-len(b), len(b)-len(a)))*3.0
}
