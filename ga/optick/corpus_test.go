package optick

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"course/ga/embeddings"
)

// TestReadCorpus reads a corpus back from its index and holds it to the corpus built: each
// voicing's diagram, name, notes and frets, in order.
func TestReadCorpus(t *testing.T) {
	ps := embeddings.Partitions()
	c, err := BuildCorpusIndex(3, 2, 3, ps, false)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Open(c.Index, ps)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadCorpus(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(c.Voicings) || len(got) == 0 {
		t.Fatalf("%d voicings read, %d built", len(got), len(c.Voicings))
	}
	for i, want := range c.Voicings {
		g := got[i]
		if g.Diagram != want.Diagram || g.Name != want.Name || !slices.Equal(g.MidiNotes, want.MidiNotes) ||
			!slices.Equal(g.Voicing.Frets, want.Voicing.Frets) || !slices.Equal(g.Voicing.Notes, want.Voicing.Notes) ||
			g.Voicing.Diagram() != want.Diagram || g.RootPitchClass != -1 || g.Raw != nil {
			t.Fatalf("voicing %d: read %+v, built %+v", i, g, want)
		}
	}
	// A record whose diagram plays another number of strings than its notes is refused.
	if err := readFrets(make([]int, 3), Metadata{Diagram: "0-0-x", MidiNotes: []int{64}}); err == nil {
		t.Error("a diagram of two played strings with one note reads")
	}
	if err := readFrets(make([]int, 3), Metadata{Diagram: "0-a-x", MidiNotes: []int{64}}); err == nil {
		t.Error("a diagram with a fret that is no number reads")
	}
}

// TestRowsScoreAsColumns holds the scores of a search made voicing by voicing, as a reader's
// first searches are, to those made dimension by dimension, bit for bit, on random queries that
// leave most dimensions zero, and checks that a reader's first searches go by rows and the later
// ones by columns, with the same results.
func TestRowsScoreAsColumns(t *testing.T) {
	r := corpusReader(t, 3, 2, 3)
	s := NewStrategy(r)
	rng := rand.New(rand.NewPCG(3, 4))
	n := r.Count()
	for k := range 40 {
		q := make([]float32, r.Dimension())
		for d := range q {
			if rng.IntN(4) == 0 {
				q[d] = float32(rng.NormFloat64())
			}
		}
		if k == 0 {
			clear(q) // the zero query: every score +0
		}
		rows, cols := make([]float32, n), make([]float32, n)
		s.scoreRows(rows, q, nonZero(q), every(len(q)), 0)
		s.scoreRange(cols, q, s.queryDims(q), 0)
		for i := range rows {
			if math.Float32bits(rows[i]) != math.Float32bits(cols[i]) {
				t.Fatalf("query %d, voicing %d: rows %v, columns %v", k, i, rows[i], cols[i])
			}
		}
		s.scoreRows(rows, q, s.queryDims(q), nil, 0) // the finiteness known
		for i := range rows {
			if math.Float32bits(rows[i]) != math.Float32bits(cols[i]) {
				t.Fatalf("query %d, voicing %d, finiteness known: rows %v, columns %v", k, i, rows[i], cols[i])
			}
		}
	}

	fresh := NewStrategy(corpusReader(t, 3, 2, 3))
	q := Encode(Query{ChordSymbol: "Cmaj7"}, embeddings.Partitions())
	first, err := fresh.HybridSearch(q, Filters{ChordName: "Cmaj7"}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if fresh.r.hasColumns.Load() || fresh.r.rowSearches.Load() != 1 || fresh.r.finite.Load() != finiteAll {
		t.Fatalf("the first search set up the columns (%v), was not counted (%d) or did not learn the index finite (%d)",
			fresh.r.hasColumns.Load(), fresh.r.rowSearches.Load(), fresh.r.finite.Load())
	}
	for range rowSearches {
		if _, err := fresh.SemanticSearch(q, 10); err != nil {
			t.Fatal(err)
		}
	}
	if !fresh.r.hasColumns.Load() {
		t.Fatalf("%d searches and no columns", rowSearches+1)
	}
	later, err := fresh.HybridSearch(q, Filters{ChordName: "Cmaj7"}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(first, later, func(a, b Result) bool { return a.Index == b.Index && a.Score == b.Score }) {
		t.Fatalf("by rows %v, by columns %v", first, later)
	}
}

// TestAllFinite holds allFinite to a float-by-float test, with an infinity or a NaN at every
// place of a run of floats, odd lengths included.
func TestAllFinite(t *testing.T) {
	plain := func(b []byte) bool {
		for i := 0; i+4 <= len(b); i += 4 {
			if f := math.Float32frombits(binary.LittleEndian.Uint32(b[i:])); math.IsInf(float64(f), 0) || f != f {
				return false
			}
		}
		return true
	}
	values := []float32{0, 1, -1, math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())}
	for n := 0; n <= 9; n++ {
		for at := range n {
			for _, v := range values {
				b := make([]byte, 4*n)
				for i := range n {
					binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(1.5))
				}
				binary.LittleEndian.PutUint32(b[4*at:], math.Float32bits(v))
				if got, want := allFinite(b), plain(b); got != want {
					t.Fatalf("%d floats, %v at %d: %v, want %v", n, v, at, got, want)
				}
			}
		}
	}
	// A NaN with every other bit set, and one with only its exponent and one fraction bit.
	for _, bits := range []uint32{0xffffffff, 0x7f800001, 0x7fffffff, 0xff800000} {
		b := binary.LittleEndian.AppendUint32(make([]byte, 8), bits)
		if allFinite(b) {
			t.Errorf("%08x reads as finite", bits)
		}
	}
}

// TestRowsScoreStoredInfinities scores, by rows and by columns, an index whose voicings store an
// infinity or a NaN in a dimension the query leaves zero: the product there is NaN, whichever way
// the voicings are read, and the finite voicings keep their sums.
func TestRowsScoreStoredInfinities(t *testing.T) {
	ps := embeddings.Partitions()
	w := NewWriter(ps)
	var entries []Entry
	for i, bad := range []float32{0, float32(math.Inf(1)), 0, float32(math.NaN()), float32(math.Inf(-1)), 0} {
		vec := make([]float32, w.dim)
		for d := range vec {
			vec[d] = float32(i+1) / float32(d+3)
		}
		if bad != 0 || i == 2 {
			vec[w.dim-1-i] = bad // i == 2: a zero where the others store their infinity
		}
		entries = append(entries, Entry{Compact: vec, Diagram: "0-0-0-x-x-x", Instrument: "guitar", MidiNotes: []int{64, 59, 55}})
	}
	data, err := w.Build(entries)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Open(data, ps)
	if err != nil {
		t.Fatal(err)
	}
	s := NewStrategy(r)
	q := make([]float32, r.Dimension())
	for d := 0; d < 40; d += 3 {
		q[d] = 0.5
	}
	rows, cols := make([]float32, len(entries)), make([]float32, len(entries))
	if s.scoreRows(rows, q, nonZero(q), every(len(q)), 0) {
		t.Error("the rows read as finite")
	}
	s.scoreRange(cols, q, s.queryDims(q), 0)
	for i := range rows {
		if math.Float32bits(rows[i]) != math.Float32bits(cols[i]) {
			t.Errorf("voicing %d: rows %v, columns %v", i, rows[i], cols[i])
		}
		if nan := rows[i] != rows[i]; nan != (i == 1 || i == 3 || i == 4) {
			t.Errorf("voicing %d: %v", i, rows[i])
		}
	}
	// A search by rows of a part of the index learns that it is not finite when the part is not.
	r2, _ := Open(data, ps)
	s2 := NewStrategy(r2)
	if _, err := s2.SemanticSearch(Encode(Query{ChordSymbol: "C"}, ps), 3); err != nil {
		t.Fatal(err)
	}
	if r2.finite.Load() != finiteNot || r2.allFinite() {
		t.Errorf("after a search by rows the reader holds finiteness %d", r2.finite.Load())
	}
}

// every is the dimensions 0 to n-1.
func every(n int) []int {
	all := make([]int, n)
	for d := range all {
		all[d] = d
	}
	return all
}
