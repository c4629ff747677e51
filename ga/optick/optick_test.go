package optick

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"course/ga/embeddings"
)

// TestMsgpackForms checks the form the encoder picks at each boundary of the specification and
// that the decoder reads every one back.
func TestMsgpackForms(t *testing.T) {
	for _, c := range []struct {
		n    int
		head []byte
	}{{0, []byte{0xa0}}, {31, []byte{0xbf}}, {32, []byte{0xd9, 32}}, {255, []byte{0xd9, 0xff}},
		{256, []byte{0xda, 1, 0}}, {65535, []byte{0xda, 0xff, 0xff}}, {65536, []byte{0xdb, 0, 1, 0, 0}}} {
		s := strings.Repeat("a", c.n)
		b := appendString(nil, s)
		if !bytes.Equal(b[:len(c.head)], c.head) || len(b) != len(c.head)+c.n {
			t.Errorf("string of %d: header % x", c.n, b[:min(len(b), 5)])
		}
		d := &decoder{b: b}
		if got, ok, err := d.str(); err != nil || !ok || got != s {
			t.Errorf("string of %d read back: %v %v", c.n, ok, err)
		}
	}
	for _, c := range []struct {
		v    int32
		want []byte
	}{{0, []byte{0}}, {127, []byte{0x7f}}, {-1, []byte{0xff}}, {-32, []byte{0xe0}}, {128, []byte{0xcc, 0x80}},
		{255, []byte{0xcc, 0xff}}, {-33, []byte{0xd0, 0xdf}}, {-128, []byte{0xd0, 0x80}}, {256, []byte{0xcd, 1, 0}},
		{65535, []byte{0xcd, 0xff, 0xff}}, {-129, []byte{0xd1, 0xff, 0x7f}}, {-32768, []byte{0xd1, 0x80, 0}},
		{65536, []byte{0xce, 0, 1, 0, 0}}, {-32769, []byte{0xd2, 0xff, 0xff, 0x7f, 0xff}},
		{math.MaxInt32, []byte{0xce, 0x7f, 0xff, 0xff, 0xff}}} {
		b := appendInt(nil, c.v)
		if !bytes.Equal(b, c.want) {
			t.Errorf("int %d: % x, want % x", c.v, b, c.want)
		}
		d := &decoder{b: b}
		if got, err := d.int(); err != nil || got != int(c.v) {
			t.Errorf("int %d read back as %d, %v", c.v, got, err)
		}
	}
	long := make([]int, 16)
	if b := appendIntArray(nil, long); b[0] != 0xdc || b[2] != 16 {
		t.Errorf("array of 16: % x", b[:3])
	}
	if b := appendIntArray(nil, long[:15]); b[0] != 0x9f {
		t.Errorf("array of 15: % x", b[:1])
	}
}

// entry is a test voicing whose raw vector has value v in every slot of partition name.
func entry(t *testing.T, diagram, instrument string, midi []int, name string, fill map[string]float32) Entry {
	t.Helper()
	raw := make([]float32, embeddings.TotalDimension)
	for pname, v := range fill {
		p, err := embeddings.GetPartition(pname)
		if err != nil {
			t.Fatal(err)
		}
		for i := p.Start; i <= p.End; i++ {
			raw[i] = v
		}
	}
	return Entry{Embedding: raw, Diagram: diagram, Instrument: instrument, MidiNotes: midi, QualityInferred: name, HasQuality: name != ""}
}

// build writes entries with GA's registry and opens the result.
func build(t *testing.T, entries []Entry) ([]byte, *Reader) {
	t.Helper()
	var buf bytes.Buffer
	if err := NewWriter(embeddings.Partitions()).WriteIndex(&buf, entries); err != nil {
		t.Fatal(err)
	}
	r, err := Open(buf.Bytes(), embeddings.Partitions())
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), r
}

// TestRoundTrip writes two guitar voicings and a bass one and reads them back: the sizes the
// header gives, the instrument ranges, the metadata with a missing name, and vectors whose
// partitions are each scaled to the square root of their weight.
func TestRoundTrip(t *testing.T) {
	entries := []Entry{
		entry(t, "0-1-0-2-3-x", "guitar", []int{64, 60, 55, 52, 48}, "C", map[string]float32{"STRUCTURE": 1, "ROOT": 2, "SPECTRAL": 5}),
		entry(t, "x-x-x-x-x-x", "Guitar", nil, "", nil),
		entry(t, "x-3-x-x", "bass", []int{45}, "A", map[string]float32{"MODAL": 1}),
	}
	data, r := build(t, entries)
	if r.Count() != 3 || HeaderSize(124) != 616 {
		t.Fatalf("count %d, header %d", r.Count(), HeaderSize(124))
	}
	if first, n := r.InstrumentRange("guitar"); first != 0 || n != 2 {
		t.Errorf("guitar range (%d, %d)", first, n)
	}
	if first, n := r.InstrumentRange("BASS"); first != 2 || n != 1 {
		t.Errorf("bass range (%d, %d)", first, n)
	}
	if first, n := r.InstrumentRange("ukulele"); first != 3 || n != 0 {
		t.Errorf("ukulele range (%d, %d)", first, n)
	}
	if first, n := r.InstrumentRange("banjo"); first != 0 || n != 3 {
		t.Errorf("unknown instrument's range (%d, %d)", first, n)
	}
	metaLen := binary.LittleEndian.Uint64(data[112:])
	if want := uint64(len(data)) - (616 + 3*8 + 3*124*4); metaLen != want {
		t.Errorf("metadata length %d, want %d", metaLen, want)
	}
	m, err := r.Metadata(1)
	if err != nil || m.HasQuality || m.Diagram != "x-x-x-x-x-x" || len(m.MidiNotes) != 0 {
		t.Errorf("voicing 1: %+v %v", m, err)
	}
	v, err := r.Vector(nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	// STRUCTURE: 24 ones normalised, times sqrt(0.45); ROOT: times sqrt(0.05); SPECTRAL is not stored.
	s := float32(math.Sqrt(0.45)) / float32(math.Sqrt(24))
	if math.Abs(float64(v[0]-s)) > 1e-7 || v[24] != 0 || math.Abs(float64(v[112])-math.Sqrt(0.05)/math.Sqrt(12)) > 1e-7 {
		t.Errorf("compact vector %v %v %v", v[0], v[24], v[112])
	}
	if _, err := r.Vector(nil, 3); err == nil {
		t.Error("voicing 3 of 3 was read")
	}
}

// TestOpenRejects checks the reader's header checks and that a header pointing outside the
// data is refused rather than read.
func TestOpenRejects(t *testing.T) {
	data, _ := build(t, []Entry{entry(t, "0-0-0-x-x-x", "guitar", []int{64, 59, 55}, "Em/G", map[string]float32{"ROOT": 1})})
	mutate := func(at int, b ...byte) []byte {
		c := slices.Clone(data)
		copy(c[at:], b)
		return c
	}
	for name, c := range map[string]struct {
		data []byte
		want string
	}{
		"magic":     {mutate(0, 'X'), "magic"},
		"version":   {mutate(4, 3), "version 3"},
		"hash":      {mutate(12, 0), "schema hash"},
		"endian":    {mutate(16, 0xfe, 0xff), "endian"},
		"dimension": {mutate(20, 112), "dimension"},
		"count":     {mutate(24, 0xff, 0xff, 0xff), "outside"},
		"metadata":  {mutate(112, 0xff, 0xff), "outside"},
		"short":     {data[:50], "magic"},
	} {
		if _, err := Open(c.data, embeddings.Partitions()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A record offset past the metadata, and a record cut short, are errors, not panics.
	r, err := Open(mutate(616, 0xff, 0xff), embeddings.Partitions())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Metadata(0); err == nil {
		t.Error("an offset past the metadata was read")
	}
	if _, err := Open(data[:len(data)-3], embeddings.Partitions()); err == nil {
		t.Error("an index cut short was opened")
	}
	metaAt := int(binary.LittleEndian.Uint64(data[104:]))
	if r, err = Open(mutate(metaAt, 0x8f), embeddings.Partitions()); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Metadata(0); err == nil || !strings.Contains(err.Error(), "overruns") {
		t.Errorf("a record of 15 pairs holding 4: %v", err)
	}
}

// TestSearchOrderAndFilters checks SearchInternal's order, score down and then index up, the
// pool the hybrid search filters, the chord-name filter's quality and root, the instrument route
// and "Unknown" for a voicing without a name.
func TestSearchOrderAndFilters(t *testing.T) {
	c := map[string]float32{"STRUCTURE": 1}
	entries := []Entry{
		entry(t, "a", "guitar", []int{52, 48}, "Cmaj7/E", c),
		entry(t, "b", "guitar", []int{48, 52}, "Cmaj7", c),
		entry(t, "c", "guitar", []int{50}, "", map[string]float32{"MODAL": 1}),
		entry(t, "d", "bass", []int{36}, "Cmaj7", c),
	}
	_, r := build(t, entries)
	s := NewStrategy(r)
	q := make([]float64, 124)
	for i := range 24 {
		q[i] = 1 / math.Sqrt(24)
	}
	res, err := s.SemanticSearch(q, 10)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range res {
		got = append(got, fmt.Sprintf("%s %s %.3f", x.Diagram, x.ChordName, x.Score))
	}
	if want := "[a Cmaj7/E 0.671 b Cmaj7 0.671 d Cmaj7 0.671 c Unknown 0.000]"; fmt.Sprint(got) != want {
		t.Errorf("semantic search %v, want %s", got, want)
	}
	diagrams := func(rs []Result) string {
		var ds []string
		for _, x := range rs {
			ds = append(ds, x.Diagram)
		}
		return strings.Join(ds, " ")
	}
	// Every name holding "maj7" whose lowest note is a C, whatever order the notes come in.
	if res, _ = s.HybridSearch(q, Filters{ChordName: "Cmaj7"}, 5); diagrams(res) != "a b d" {
		t.Errorf("Cmaj7 filter: %v", res)
	}
	res, _ = s.HybridSearch(q, Filters{ChordName: "Dbmaj7"}, 5)
	if len(res) != 0 {
		t.Errorf("Dbmaj7 filter kept %v", res)
	}
	res, _ = s.HybridSearch(q, Filters{VoicingType: "Bass"}, 5)
	if diagrams(res) != "d" {
		t.Errorf("bass route: %v", res)
	}
	hi := 50
	res, _ = s.HybridSearch(q, Filters{MaxMidiPitch: &hi}, 5)
	if diagrams(res) != "d c" {
		t.Errorf("MaxMidiPitch 50: %v", res)
	}
	if _, err := s.SemanticSearch(q[:10], 5); err == nil {
		t.Error("a query of 10 dims was accepted")
	}
	if s.FindSimilarVoicings("a", 5) != nil {
		t.Error("FindSimilarVoicings found something")
	}
}

// TestParseChordSymbol checks the filter's reading of a symbol.
func TestParseChordSymbol(t *testing.T) {
	for in, want := range map[string]string{"Cmaj7": "0 maj7 true", "Am7": "9 m7 true", "C": "0  true",
		"F#m": "6 m true", "Bb7": "10 7 true", "cb": "11  true", "H7": "-1  false", "": "-1  false"} {
		r, q, ok := parseChordSymbol(in)
		if got := fmt.Sprint(r, " ", q, " ", ok); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

// TestEncode checks the query of a chord symbol: STRUCTURE, MODAL and ROOT set, each scaled to
// the square root of its weight, and nothing for a symbol that cannot be read.
func TestEncode(t *testing.T) {
	ps := embeddings.Partitions()
	q := Encode(Query{ChordSymbol: "C"}, ps)
	norm := func(from, to int) float64 {
		s := 0.0
		for _, v := range q[from:to] {
			s += v * v
		}
		return s
	}
	for _, c := range []struct {
		from, to int
		want     float64
	}{{0, 24, 0.45}, {24, 60, 0}, {60, 72, 0}, {72, 112, 0.10}, {112, 124, 0.05}} {
		if got := norm(c.from, c.to); math.Abs(got-c.want) > 1e-6 {
			t.Errorf("dims %d-%d: squared norm %v, want %v", c.from, c.to, got, c.want)
		}
	}
	if q[112] == 0 || q[113] != 0 {
		t.Error("ROOT is not C's one-hot")
	}
	if slices.ContainsFunc(Encode(Query{ChordSymbol: "H7"}, ps), func(v float64) bool { return v != 0 }) {
		t.Error("an unreadable symbol set a dimension")
	}
	tags := Encode(Query{Tags: []string{"jazz"}}, ps)
	if norm := func() float64 {
		s := 0.0
		for _, v := range tags[60:72] {
			s += v * v
		}
		return s
	}(); math.Abs(norm-0.10) > 1e-6 {
		t.Errorf("a tag's SYMBOLIC squared norm %v", norm)
	}
}

// TestScoresAreTheDotProducts holds the search's scores, split between processors and skipping
// the query's zeros, to the plain dot product of the query with each vector read back, bit for
// bit; then stores a NaN where the query is zero, which the plain product carries into its
// voicing's score and so must the search.
func TestScoresAreTheDotProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	parts := []string{"STRUCTURE", "MORPHOLOGY", "CONTEXT", "SYMBOLIC", "MODAL", "ROOT"}
	entries := make([]Entry, 5000)
	for i := range entries {
		fill := map[string]float32{}
		for _, p := range parts {
			if rng.IntN(3) > 0 {
				fill[p] = float32(rng.NormFloat64())
			}
		}
		entries[i] = entry(t, strconv.Itoa(i), "guitar", []int{40 + i%30}, "", fill)
	}
	data, r := build(t, entries)
	q := make([]float32, r.Dimension())
	for i := range q {
		if rng.IntN(4) == 0 {
			q[i] = float32(rng.NormFloat64())
		}
	}
	checkScores(t, r, q)
	zero := slices.Index(q, 0)
	at := int(r.vectorsAt) + 7*r.Dimension()*4 + zero*4
	binary.LittleEndian.PutUint32(data[at:], math.Float32bits(float32(math.NaN())))
	r, err := Open(data, embeddings.Partitions())
	if err != nil {
		t.Fatal(err)
	}
	checkScores(t, r, q)
	scores := make([]float32, r.Count())
	if NewStrategy(r).scores(scores, q, 0); !math.IsNaN(float64(scores[7])) {
		t.Errorf("a NaN stored where the query is zero gave the score %v", scores[7])
	}
}

// TestLargeIndexVectors writes an index large enough for the writer to split its vectors
// between processors: each vector read back is the entry's own, and the first short entry in
// order names the error.
func TestLargeIndexVectors(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	entries := make([]Entry, 6000)
	for i := range entries {
		entries[i] = entry(t, strconv.Itoa(i), "guitar", []int{40}, "", map[string]float32{
			"STRUCTURE": float32(rng.NormFloat64()), "ROOT": float32(i % 7)})
	}
	w := NewWriter(embeddings.Partitions())
	_, r := build(t, entries)
	want := make([]float32, r.Dimension())
	for i, e := range entries {
		if err := w.ExtractAndNormalize(want, e.Embedding); err != nil {
			t.Fatal(err)
		}
		got, err := r.Vector(nil, int64(i))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("voicing %d: %v, want %v", i, got, want)
		}
	}
	entries[5500].Embedding = entries[5500].Embedding[:10]
	entries[4000].Embedding = entries[4000].Embedding[:10]
	if _, err := w.Build(entries); err == nil || !strings.Contains(err.Error(), "write index: 4000:") {
		t.Errorf("two short entries: %v, want entry 4000's error", err)
	}
}

// TestGroupedScoresAreTheDotProducts builds voicings that share their first partition's values
// in groups, some groups differing from others in one dimension only, and holds the scores,
// whose sums over that partition are made once per group, to the plain dot product, bit for
// bit, for sparse and dense queries.
func TestGroupedScoresAreTheDotProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	structure, err := embeddings.GetPartition("STRUCTURE")
	if err != nil {
		t.Fatal(err)
	}
	bases := make([][]float32, 6)
	for i := range bases {
		bases[i] = make([]float32, structure.Dim())
		for d := range bases[i] {
			bases[i][d] = float32(rng.IntN(3))
		}
	}
	entries := make([]Entry, 3000)
	for i := range entries {
		e := entry(t, strconv.Itoa(i), "guitar", []int{40}, "", map[string]float32{"ROOT": float32(rng.NormFloat64())})
		copy(e.Embedding[structure.Start:], bases[rng.IntN(len(bases))])
		if rng.IntN(2) == 0 {
			// One dimension's sign turned keeps the norm: the normalized values differ there only.
			j := structure.Start + rng.IntN(structure.Dim())
			e.Embedding[j] = -e.Embedding[j]
		}
		for d := structure.End + 1; d < len(e.Embedding); d++ {
			if rng.IntN(3) == 0 {
				e.Embedding[d] = float32(rng.NormFloat64())
			}
		}
		entries[i] = e
	}
	_, r := build(t, entries)
	if groups := len(r.columns().lead[0]); groups < 20 || groups > 1000 {
		t.Fatalf("%d groups of %d voicings", groups, len(entries))
	}
	for n := range 20 {
		q := make([]float32, r.Dimension())
		for i := range q {
			if n == 0 || rng.IntN(3) == 0 {
				q[i] = float32(rng.NormFloat64())
			}
		}
		checkScores(t, r, q)
	}
}

// checkScores holds the search's scores of q to the plain dot product of q with each vector
// read back, bit for bit.
func checkScores(t *testing.T, r *Reader, q []float32) {
	t.Helper()
	got := make([]float32, r.Count())
	NewStrategy(r).scores(got, q, 0)
	vec := make([]float32, r.Dimension())
	for i := range r.Count() {
		v, err := r.Vector(vec, i)
		if err != nil {
			t.Fatal(err)
		}
		var want float32
		for j := range q {
			want += float32(q[j] * v[j])
		}
		if math.Float32bits(got[i]) != math.Float32bits(want) {
			t.Fatalf("voicing %d: score %v, want %v", i, got[i], want)
		}
	}
}
