package optick

import (
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Result is a VoicingSearchResult as MapToSearchResult fills it from the index: the voicing's
// index, its diagram, MIDI notes and chord name ("Unknown" without one), and the score, the
// float dot product read as a double (Common/GA.Business.ML/Search/OptickSearchStrategy.cs:264-293 @ c781df5c).
type Result struct {
	Index      int64
	Diagram    string
	Instrument string
	MidiNotes  []int
	ChordName  string
	Score      float64
}

// Filters are the VoicingSearchFilters OptickSearchStrategy honours: the chord name, the voicing
// type as an instrument, and MIDI bounds; the comfort filters are off, so VoicingComfortFilter
// keeps every voicing (OptickSearchStrategy.cs:49-72, 296-340; VoicingComfortFilter.cs:16-20 @ c781df5c).
type Filters struct {
	ChordName   string
	VoicingType string
	// MinMidiPitch and MaxMidiPitch bound the lowest and highest note; nil for none.
	MinMidiPitch, MaxMidiPitch *int
}

// SearchOptions are the versions of OptickSearchStrategy: the zero value is the pin's.
type SearchOptions struct {
	// ParsedNameFilter is the chord filter of GA's main after #689: the stored name, cut at its
	// first parenthesis, and the filter's are parsed as a root, a quality and an optional bass;
	// the roots and the qualities must be equal, ordinal, and a bass must be the lowest note
	// (OptickSearchStrategy.cs:307-319 and 348-349 @ f4f5b4a, quoted in the original course's
	// spareilleux/learn src/content/docs/ga-ai/16-the-voicings-of-a-chord.md, "The same
	// questions on main"; fix 11 of its journal.md, 2026-09-24).
	ParsedNameFilter bool
}

// Strategy is OptickSearchStrategy over a reader.
type Strategy struct {
	r    *Reader
	opts SearchOptions
	// buffers holds score buffers between searches, each as long as the index: a lesson
	// searches hundreds of times.
	buffers sync.Pool
}

// NewStrategy searches the index r reads.
func NewStrategy(r *Reader) *Strategy { return &Strategy{r: r} }

// NewStrategyWith searches the index r reads in the version o names.
func NewStrategyWith(r *Reader, o SearchOptions) *Strategy { return &Strategy{r: r, opts: o} }

// SemanticSearch is SemanticSearchAsync: the limit best voicings of the whole index (OptickSearchStrategy.cs:43-47 @ c781df5c).
func (s *Strategy) SemanticSearch(query []float64, limit int) ([]Result, error) {
	return s.search(query, limit, "")
}

// HybridSearch is HybridSearchAsync: a voicing type naming an instrument narrows the scan to its
// group; the best max(limit*10, 100) voicings are then filtered and the first limit kept
// (OptickSearchStrategy.cs:49-72 @ c781df5c).
func (s *Strategy) HybridSearch(query []float64, f Filters, limit int) ([]Result, error) {
	instrument := ""
	if vt := strings.ToLower(f.VoicingType); vt == "guitar" || vt == "bass" || vt == "ukulele" {
		instrument = vt
	}
	pool, err := s.search(query, max(limit*10, 100), instrument)
	if err != nil {
		return nil, err
	}
	var out []Result
	if s.opts.ParsedNameFilter {
		out = applyParsedFilters(pool, f)
	} else {
		out = applyFilters(pool, f)
	}
	return out[:min(limit, len(out))], nil
}

// FindSimilarVoicings is FindSimilarVoicingsAsync: the index has no reverse lookup from a
// voicing id to its place, so it returns nothing (OptickSearchStrategy.cs:75-91 @ c781df5c).
func (s *Strategy) FindSimilarVoicings(voicingID string, limit int) []Result {
	return nil
}

// search is SearchInternal: the query turned to floats once, each voicing of the range scored by
// its dot product with it, the limit best kept by score, the lower index first on a tie, and
// their metadata read (OptickSearchStrategy.cs:164-262 @ c781df5c).
func (s *Strategy) search(query []float64, limit int, instrument string) ([]Result, error) {
	if len(query) != s.r.dim {
		return nil, fmt.Errorf("OPTK query must be %d-dim, got %d", s.r.dim, len(query))
	}
	q := make([]float32, len(query))
	for i, v := range query {
		q[i] = float32(v)
	}
	start, count := s.r.InstrumentRange(instrument)
	if limit <= 0 || count <= 0 {
		count = 0
	} else if start < 0 { // the first voicing GetVector would refuse
		return nil, fmt.Errorf("voicing %d is outside the index's %d", start, s.r.count)
	} else if start+count > s.r.count {
		return nil, fmt.Errorf("voicing %d is outside the index's %d", max(start, s.r.count), s.r.count)
	}
	buf, _ := s.buffers.Get().(*[]float32)
	if buf == nil || int64(cap(*buf)) < count {
		buf = &[]float32{}
		*buf = make([]float32, count)
	}
	scores := (*buf)[:count]
	s.scores(scores, q, start)
	best := bestOf(scores, start, limit)
	s.buffers.Put(buf)
	return s.results(best)
}

// results are the hits as GA's search returns them, each with its voicing's metadata.
func (s *Strategy) results(hits []batchHit) ([]Result, error) {
	out := make([]Result, 0, len(hits))
	for _, h := range hits {
		m, err := s.r.Metadata(h.idx)
		if err != nil {
			return nil, err
		}
		name := "Unknown"
		if m.HasQuality {
			name = m.QualityInferred
		}
		out = append(out, Result{Index: h.idx, Diagram: m.Diagram, Instrument: m.Instrument,
			MidiNotes: m.MidiNotes, ChordName: name, Score: float64(h.score)})
	}
	return out, nil
}

// rowSearches is the number of searches of a reader that are scored voicing by voicing while
// its columns are not set up. Setting them up (the groups over the first partition, and a copy
// of every dimension a query reads) costs about as much as this many searches by rows over the
// course's index, so a reader asked fewer questions, as the host's is, never sets them up, and
// one asked hundreds, as a lesson's is, pays at most twice what the columns alone would cost.
const rowSearches = 16

// scores writes into out the dot products of q with voicings start to start+len(out)-1, in
// range, split between the processors for a large range.
func (s *Strategy) scores(out, q []float32, start int64) {
	count := int64(len(out))
	workers := int64(max(1, min(runtime.GOMAXPROCS(0), int(count/2048))))
	split := func(score func(out []float32, start int64)) {
		var wg sync.WaitGroup
		for w := range workers {
			lo, hi := count*w/workers, count*(w+1)/workers
			wg.Go(func() { score(out[lo:hi], start+lo) })
		}
		wg.Wait()
	}
	if s.r.hasColumns.Load() || s.r.rowSearches.Add(1) > rowSearches {
		dims := s.queryDims(q)
		split(func(out []float32, start int64) { s.scoreRange(out, q, dims, start) })
		return
	}
	if s.r.finite.Load() != finiteUnknown {
		dims := s.queryDims(q)
		split(func(out []float32, start int64) { s.scoreRows(out, q, dims, nil, start) })
		return
	}
	// The index's finiteness is not known yet: each vector read for its sum is checked as well,
	// and a search of the whole index learns it.
	dims := nonZero(q)
	all := make([]int, len(q))
	for d := range all {
		all[d] = d
	}
	var infinite atomic.Bool
	split(func(out []float32, start int64) {
		if !s.scoreRows(out, q, dims, all, start) {
			infinite.Store(true)
		}
	})
	switch {
	case infinite.Load():
		s.r.finite.Store(finiteNot)
	case start == 0 && count == s.r.count:
		s.r.finite.Store(finiteAll)
	}
}

// scoreRows writes into out the dot products of q with voicings start to start+len(out)-1
// over dims, ascending, each read from the voicing's stored vector: the float sums scoreRange
// makes, each product rounded to a float and added in dimension order from +0. With all, dims
// are the query's non-zero dimensions, which give a voicing whose values are all finite its
// whole sum (queryDims), and a voicing that stores an infinity or a NaN is summed over all, every
// dimension, as scoreRange sums every voicing of such an index; each vector is read once for
// both. It reports whether every voicing it read was finite, as far as it looked.
func (s *Strategy) scoreRows(out, q []float32, dims, all []int, start int64) bool {
	finite := true
	for i := range out {
		b := s.r.vectorBytes(start + int64(i))
		read := dims
		if all != nil && !allFinite(b) {
			read, finite = all, false
		}
		var sum float32
		for _, d := range read {
			sum += float32(q[d] * math.Float32frombits(binary.LittleEndian.Uint32(b[4*d:])))
		}
		out[i] = sum
	}
	return finite
}

// nonZero are the dimensions of q that are not zero, ascending.
func nonZero(q []float32) []int {
	dims := make([]int, 0, len(q))
	for d, v := range q {
		if v != 0 {
			dims = append(dims, d)
		}
	}
	return dims
}

// queryDims are the dimensions a score reads: all of them, or, when every stored value is
// finite, the query's non-zero ones only. Each zero dimension adds a zero product to a sum
// that is never -0, which leaves it as it was; a stored infinity or NaN would make the
// product NaN.
func (s *Strategy) queryDims(q []float32) []int {
	dims := make([]int, 0, len(q))
	finite := s.r.allFinite()
	for i, v := range q {
		if v != 0 || !finite {
			dims = append(dims, i)
		}
	}
	return dims
}

// scoreRange writes into out the dot products of q with voicings start to
// start+len(out)-1 over dims, ascending: TensorPrimitives.Dot over floats, each product
// rounded to a float and summed in dimension order from +0. The sums over the first partition
// are made once per group of voicings that share its values; the rest of the sums advance side
// by side, up to four dimensions per pass over the voicings, so that no sum waits for the
// previous addition to another.
func (s *Strategy) scoreRange(out, q []float32, dims []int, start int64) {
	c := s.r.columns()
	k, _ := slices.BinarySearch(dims, s.r.lead) // the dimensions of the first partition
	c.need(dims[k:])
	if k == 0 {
		clear(out)
	} else {
		partial := c.leadSums(make([]float32, c.leadGroups()), q, dims[:k])
		for i, g := range c.group[start : start+int64(len(out))] {
			out[i] = partial[g]
		}
	}
	end := start + int64(len(out))
	rest := dims[k:]
	for ; len(rest) >= 4; rest = rest[4:] {
		q0, q1, q2, q3 := q[rest[0]], q[rest[1]], q[rest[2]], q[rest[3]]
		c0, c1, c2, c3 := c.dim(rest[0])[start:end], c.dim(rest[1])[start:end], c.dim(rest[2])[start:end], c.dim(rest[3])[start:end]
		c1, c2, c3 = c1[:len(c0)], c2[:len(c0)], c3[:len(c0)]
		out := out[:len(c0)]
		for i, v := range c0 {
			sum := out[i] + float32(q0*v)
			sum += float32(q1 * c1[i])
			sum += float32(q2 * c2[i])
			out[i] = sum + float32(q3*c3[i])
		}
	}
	switch len(rest) {
	case 3:
		q0, q1, q2 := q[rest[0]], q[rest[1]], q[rest[2]]
		c0, c1, c2 := c.dim(rest[0])[start:end], c.dim(rest[1])[start:end], c.dim(rest[2])[start:end]
		c1, c2 = c1[:len(c0)], c2[:len(c0)]
		out := out[:len(c0)]
		for i, v := range c0 {
			sum := out[i] + float32(q0*v)
			sum += float32(q1 * c1[i])
			out[i] = sum + float32(q2*c2[i])
		}
	case 2:
		q0, q1 := q[rest[0]], q[rest[1]]
		c0, c1 := c.dim(rest[0])[start:end], c.dim(rest[1])[start:end]
		c1 = c1[:len(c0)]
		out := out[:len(c0)]
		for i, v := range c0 {
			out[i] = out[i] + float32(q0*v) + float32(q1*c1[i])
		}
	case 1:
		q0, c0 := q[rest[0]], c.dim(rest[0])[start:end]
		out := out[:len(c0)]
		for i, v := range c0 {
			out[i] += float32(q0 * v)
		}
	}
}

// applyFilters is ApplyFilters: a chord name is read as a root and the quality after it; a
// result's name must contain the quality, ignoring case, and its lowest note must be the root;
// then the MIDI bounds (OptickSearchStrategy.cs:296-340 @ c781df5c).
func applyFilters(pool []Result, f Filters) []Result {
	root, quality, hasQuality := parseChordSymbol(f.ChordName)
	var out []Result
	for _, r := range pool {
		if hasQuality {
			if !strings.Contains(strings.ToLower(r.ChordName), strings.ToLower(quality)) {
				continue
			}
			if root >= 0 && len(r.MidiNotes) > 0 && slices.Min(r.MidiNotes)%12 != root {
				continue
			}
		}
		if f.MinMidiPitch != nil && len(r.MidiNotes) > 0 && slices.Min(r.MidiNotes) < *f.MinMidiPitch {
			continue
		}
		if f.MaxMidiPitch != nil && len(r.MidiNotes) > 0 && slices.Max(r.MidiNotes) > *f.MaxMidiPitch {
			continue
		}
		out = append(out, r)
	}
	return out
}

// parseChordSymbol is ParseChordSymbol: a letter, then '#' or 'b', and the rest as the quality;
// no quality when the first character is not a note letter (OptickSearchStrategy.cs:342-366 @ c781df5c).
func parseChordSymbol(symbol string) (root int, quality string, ok bool) {
	if symbol == "" {
		return -1, "", false
	}
	root = map[byte]int{'C': 0, 'D': 2, 'E': 4, 'F': 5, 'G': 7, 'A': 9, 'B': 11}[strings.ToUpper(symbol[:1])[0]]
	if !strings.ContainsRune("CDEFGABcdefgab", rune(symbol[0])) {
		return -1, "", false
	}
	i := 1
	if i < len(symbol) {
		switch symbol[i] {
		case '#':
			root, i = (root+1)%12, i+1
		case 'b':
			root, i = (root+11)%12, i+1
		}
	}
	return root, symbol[i:], true
}

// applyParsedFilters is main's ApplyFilters: the chord filter compares parsed names, then the
// MIDI bounds are the pin's (OptickSearchStrategy.cs:307-319 @ f4f5b4a, as quoted in
// spareilleux/learn src/content/docs/ga-ai/16-the-voicings-of-a-chord.md).
func applyParsedFilters(pool []Result, f Filters) []Result {
	want, filtered := ParseChordName(f.ChordName)
	var out []Result
	for _, r := range pool {
		if filtered {
			got, ok := ParseChordName(r.ChordName)
			if !ok || got.Root != want.Root || got.Quality != want.Quality {
				continue
			}
			if want.HasBass && (len(r.MidiNotes) == 0 || (slices.Min(r.MidiNotes)%12+12)%12 != want.Bass) {
				continue
			}
		}
		if f.MinMidiPitch != nil && len(r.MidiNotes) > 0 && slices.Min(r.MidiNotes) < *f.MinMidiPitch {
			continue
		}
		if f.MaxMidiPitch != nil && len(r.MidiNotes) > 0 && slices.Max(r.MidiNotes) > *f.MaxMidiPitch {
			continue
		}
		out = append(out, r)
	}
	return out
}

// ChordName is a chord name as main's ParseChordName reads it: a root, the quality after it,
// and the bass after a slash.
type ChordName struct {
	Root    int
	Quality string
	// Bass is the bass's pitch class when HasBass.
	Bass    int
	HasBass bool
}

// ParseChordName is main's ParseChordName: the name is cut at its first parenthesis
// (OptickSearchStrategy.cs:348-349 @ f4f5b4a); an upper-case letter and '#' or 'b' are the
// root, a note after the last slash the bass, and what lies between the quality. ok is false
// for a name that starts with no note letter.
func ParseChordName(name string) (ChordName, bool) {
	if i := strings.IndexByte(name, '('); i >= 0 {
		name = name[:i]
	}
	name = strings.TrimSpace(name)
	root, rest, ok := parseNote(name)
	if !ok {
		return ChordName{}, false
	}
	c := ChordName{Root: root, Quality: rest}
	if i := strings.LastIndexByte(rest, '/'); i >= 0 {
		if bass, tail, ok := parseNote(rest[i+1:]); ok && tail == "" {
			c.Quality, c.Bass, c.HasBass = rest[:i], bass, true
		}
	}
	return c, true
}

// parseNote reads a note letter, upper case, and an optional '#' or 'b' at the start of s.
func parseNote(s string) (pc int, rest string, ok bool) {
	if s == "" {
		return 0, "", false
	}
	i := strings.IndexByte("C D EF G A B", s[0])
	if i < 0 || s[0] == ' ' {
		return 0, "", false
	}
	pc, rest = i, s[1:]
	if rest != "" {
		switch rest[0] {
		case '#':
			pc, rest = (pc+1)%12, rest[1:]
		case 'b':
			pc, rest = (pc+11)%12, rest[1:]
		}
	}
	return pc, rest, true
}
