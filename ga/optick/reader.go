package optick

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"course/ga/embeddings"
)

// Reader is OptickIndexReader on an index held in memory: it checks the header against the
// schema it was given and reads vectors and metadata by index
// (Common/GA.Business.ML/Search/OptickIndexReader.cs:48-203 @ c781df5c).
type Reader struct {
	data                 []byte
	dim                  int
	count                int64
	offsetsAt, vectorsAt int64
	metaAt, metaLen      int64
	ranges               [InstrumentCount][2]int64
	// finite is whether every stored vector value is finite, once known: finiteUnknown, then
	// finiteAll or finiteNot (allFinite, or a search by rows over the whole index).
	finite atomic.Int32
	// lead is the number of dimensions of the compact vector's first partition, and part
	// gives each dimension's partition by its first dimension.
	lead int
	part []int
	// columns are the stored vectors dimension by dimension, set up on first use: a search
	// scores a run of voicings one dimension at a time.
	columns func() *columns
	// hasColumns is set once columns are set up; rowSearches counts the searches scored voicing
	// by voicing before (Strategy.scores).
	hasColumns  atomic.Bool
	rowSearches atomic.Int64
}

// columns are the stored vectors dimension by dimension, and the voicings grouped by their
// values over the first partition: the voicings of a group share those values bit for bit, so
// the part of a dot product summed over them is one sum for the whole group. The course's
// guitar index holds some fifteen thousand voicings and under two thousand such groups. The
// other partitions are decoded when a search first reads one of their dimensions; a query
// leaves most of them zero.
type columns struct {
	r *Reader
	// dims holds value i of dimension d at *dims[d], nil until decoded; mu keeps two searches
	// from decoding at once.
	dims []atomic.Pointer[[]float32]
	mu   sync.Mutex
	// group is each voicing's group, numbered in the order of their first voicings.
	group []int32
	// lead holds, for a dimension d of the first partition, group g's value at lead[d][g].
	lead [][]float32
}

// leadGroups is the number of groups over the first partition.
func (c *columns) leadGroups() int {
	if len(c.lead) == 0 {
		return 0
	}
	return len(c.lead[0])
}

// leadSums writes into partial, leadGroups long, each group's sums over dims, dimensions of
// the first partition, in order.
func (c *columns) leadSums(partial, q []float32, dims []int) []float32 {
	clear(partial)
	for _, d := range dims {
		qd := q[d]
		for g, v := range c.lead[d] {
			partial[g] += float32(qd * v)
		}
	}
	return partial
}

// dim is dimension d's values, decoded.
func (c *columns) dim(d int) []float32 { return *c.dims[d].Load() }

// need decodes the partitions of dims that are not decoded yet, all in one pass over the
// voicings.
func (c *columns) need(dims []int) {
	if !slices.ContainsFunc(dims, func(d int) bool { return c.dims[d].Load() == nil }) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var todo []int
	for _, d := range dims {
		if c.dims[d].Load() != nil || slices.Contains(todo, d) {
			continue
		}
		for e := c.r.part[d]; e < c.r.dim && c.r.part[e] == c.r.part[d]; e++ {
			todo = append(todo, e)
		}
	}
	for i, col := range c.r.decodeColumns(todo) {
		c.dims[todo[i]].Store(&col)
	}
}

// Metadata is OptickMetadata: what a voicing's MessagePack record holds (OptickIndexReader.cs:218-222 @ c781df5c).
type Metadata struct {
	Diagram, Instrument string
	MidiNotes           []int
	// QualityInferred is the chord name; HasQuality is false for nil.
	QualityInferred string
	HasQuality      bool
}

// Open reads the header as the reader's constructor does: the magic, version 4, the schema hash
// and dimension of partitions' compact layout, the endian marker, then the instrument groups'
// byte offsets turned into voicing ranges (OptickIndexReader.cs:48-118 @ c781df5c). It also
// checks that every section lies inside data, which a memory map leaves to the page fault.
func Open(data []byte, partitions []embeddings.Partition) (*Reader, error) {
	dim := embeddings.CompactDimension(partitions)
	if len(data) < HeaderSize(0) || !bytes.Equal(data[:4], []byte(Magic)) {
		return nil, fmt.Errorf("OPTK magic bytes missing: wrong file or corrupt")
	}
	le := binary.LittleEndian
	if v := le.Uint32(data[4:]); v != FormatVersion {
		return nil, fmt.Errorf("unsupported OPTK version %d (expected %d)", v, FormatVersion)
	}
	want := embeddings.SchemaHashV4(embeddings.CompactLayoutV4(partitions))
	if h := le.Uint32(data[12:]); h != want {
		return nil, fmt.Errorf("OPTK schema hash mismatch: file=0x%08X code=0x%08X", h, want)
	}
	if le.Uint16(data[16:]) != EndianMarker {
		return nil, fmt.Errorf("OPTK endian marker mismatch")
	}
	if d := le.Uint32(data[20:]); d != uint32(dim) {
		return nil, fmt.Errorf("OPTK dimension mismatch: file=%d expected=%d", d, dim)
	}
	r := &Reader{data: data, dim: dim, count: int64(le.Uint64(data[24:]))}
	cursor := 40
	var byteOffsets [InstrumentCount]int64
	for i := range InstrumentCount {
		byteOffsets[i] = int64(le.Uint64(data[cursor:]))
		r.ranges[i][1] = int64(le.Uint64(data[cursor+8:]))
		cursor += 16
	}
	r.offsetsAt = int64(le.Uint64(data[cursor:]))
	r.vectorsAt = int64(le.Uint64(data[cursor+8:]))
	r.metaAt = int64(le.Uint64(data[cursor+16:]))
	r.metaLen = int64(le.Uint64(data[cursor+24:]))
	vectorBytes := int64(dim) * 4
	for i := range InstrumentCount {
		r.ranges[i][0] = (byteOffsets[i] - r.vectorsAt) / vectorBytes
	}
	size := int64(len(data))
	if r.count < 0 || r.count > size/8 || r.offsetsAt < 0 || r.offsetsAt > size-r.count*8 ||
		r.vectorsAt < 0 || r.vectorsAt > size || r.count > (size-r.vectorsAt)/vectorBytes ||
		r.metaAt < 0 || r.metaLen < 0 || r.metaAt > size || r.metaLen > size-r.metaAt {
		return nil, fmt.Errorf("OPTK sections lie outside the %d bytes of the index", size)
	}
	r.part = make([]int, dim)
	at := 0
	for i, p := range embeddings.SimilarityPartitions(partitions) {
		if i == 0 {
			r.lead = p.Dim()
		}
		for d := at; d < at+p.Dim(); d++ {
			r.part[d] = at
		}
		at += p.Dim()
	}
	r.columns = sync.OnceValue(func() *columns {
		c := &columns{r: r, dims: make([]atomic.Pointer[[]float32], dim)}
		c.group, c.lead = r.groupLead()
		r.hasColumns.Store(true)
		return c
	})
	return r, nil
}

// What a reader knows of its stored values' finiteness.
const (
	finiteUnknown = iota
	finiteAll
	finiteNot
)

// allFinite reports whether every stored vector value is finite, worked out on first use: the
// vectors are split between the processors, each part a whole number of floats. Two searches
// that ask at once may both work it out, to the same answer.
func (r *Reader) allFinite() bool {
	if f := r.finite.Load(); f != finiteUnknown {
		return f == finiteAll
	}
	vectors := r.data[r.vectorsAt : r.vectorsAt+r.count*int64(r.dim)*4]
	floats := len(vectors) / 4
	workers := max(1, min(runtime.GOMAXPROCS(0), floats/(1<<19)))
	finite := make([]bool, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() { finite[w] = allFinite(vectors[4*(floats*w/workers) : 4*(floats*(w+1)/workers)]) })
	}
	wg.Wait()
	all := !slices.Contains(finite, false)
	r.finite.Store(map[bool]int32{true: finiteAll, false: finiteNot}[all])
	return all
}

// groupLead numbers the voicings' groups by their bytes over the first partition and gathers
// each group's values of its dimensions.
func (r *Reader) groupLead() (group []int32, lead [][]float32) {
	group = make([]int32, r.count)
	ids := map[string]int32{}
	var first []int64
	for i := range r.count {
		key := r.vectorBytes(i)[:4*r.lead]
		id, ok := ids[string(key)]
		if !ok {
			id = int32(len(first))
			ids[string(key)] = id
			first = append(first, i)
		}
		group[i] = id
	}
	lead = make([][]float32, r.lead)
	for d := range lead {
		lead[d] = make([]float32, len(first))
		for g, i := range first {
			lead[d][g] = math.Float32frombits(binary.LittleEndian.Uint32(r.vectorBytes(i)[4*d:]))
		}
	}
	return group, lead
}

// decodeColumns decodes dimensions dims of the vectors, one slice each, value i being voicing
// i's; the processors take the voicings in parts. The voicings are read a block at a time, the
// block's values of each dimension written together: written one voicing at a time, the
// columns, a multiple of 4 KiB apart, would evict each other's cache lines.
func (r *Reader) decodeColumns(dims []int) [][]float32 {
	n := int(r.count)
	backing := make([]float32, len(dims)*n)
	cols := make([][]float32, len(dims))
	for j := range cols {
		cols[j] = backing[j*n : (j+1)*n : (j+1)*n]
	}
	const block = 16 // a cache line of floats
	blocks := (n + block - 1) / block
	workers := max(1, min(runtime.GOMAXPROCS(0), n/2048))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for k := blocks * w / workers; k < blocks*(w+1)/workers; k++ {
				lo, hi := k*block, min((k+1)*block, n)
				rows := r.data[r.vectorsAt+int64(lo*r.dim*4) : r.vectorsAt+int64(hi*r.dim*4)]
				for j, col := range cols {
					d := dims[j]
					col := col[lo:hi]
					for i := range col {
						col[i] = math.Float32frombits(binary.LittleEndian.Uint32(rows[4*(i*r.dim+d):]))
					}
				}
			}
		})
	}
	wg.Wait()
	return cols
}

// allFinite reports whether every little-endian float of b is finite. A float is infinite or
// NaN when its exponent bits are all ones, and only then does adding one to its exponent carry
// into its sign bit; two floats are tested at once in a 64-bit word, whose halves cannot carry
// into each other, and the carries are gathered with no branch.
func allFinite(b []byte) bool {
	const (
		exponents = 0x7f800000_7f800000
		one       = 0x00800000_00800000
		signs     = 0x80000000_80000000
	)
	var carries uint64
	i := 0
	for ; i+8 <= len(b); i += 8 {
		carries |= binary.LittleEndian.Uint64(b[i:])&exponents + one
	}
	if i+4 <= len(b) {
		carries |= uint64(binary.LittleEndian.Uint32(b[i:]))&exponents + one
	}
	return carries&signs == 0
}

// Count is the number of voicings.
func (r *Reader) Count() int64 { return r.count }

// Dimension is the compact vectors' dimension.
func (r *Reader) Dimension() int { return r.dim }

// InstrumentRange is GetInstrumentRange: the first voicing index and the count of an
// instrument's group, the whole index for no instrument or an unknown one
// (OptickIndexReader.cs:165-177 @ c781df5c).
func (r *Reader) InstrumentRange(instrument string) (first, count int64) {
	for i, name := range Instruments {
		if instrument != "" && strings.ToLower(instrument) == name {
			return r.ranges[i][0], r.ranges[i][1]
		}
	}
	return 0, r.count
}

// Vector is GetVector: the compact vector of voicing i, copied into dst (OptickIndexReader.cs:179-184 @ c781df5c).
func (r *Reader) Vector(dst []float32, i int64) ([]float32, error) {
	if i < 0 || i >= r.count {
		return nil, fmt.Errorf("voicing %d is outside the index's %d", i, r.count)
	}
	dst = slices.Grow(dst[:0], r.dim)[:r.dim]
	b := r.vectorBytes(i)
	for j := range dst {
		dst[j] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*j:]))
	}
	return dst, nil
}

// vectorBytes are the bytes of voicing i's vector, i in range.
func (r *Reader) vectorBytes(i int64) []byte {
	at := r.vectorsAt + i*int64(r.dim)*4
	return r.data[at : at+int64(r.dim)*4]
}

// Metadata is GetMetadata: the record at the offset the table gives voicing i, read as
// OptickMetadataParser.ParseRecord reads it, keys it does not know skipped
// (OptickIndexReader.cs:186-193, 228-254 @ c781df5c).
func (r *Reader) Metadata(i int64) (Metadata, error) {
	if i < 0 || i >= r.count {
		return Metadata{}, fmt.Errorf("voicing %d is outside the index's %d", i, r.count)
	}
	off := int64(binary.LittleEndian.Uint64(r.data[r.offsetsAt+i*8:]))
	if off < 0 || off > r.metaLen {
		return Metadata{}, fmt.Errorf("voicing %d: metadata offset %d overruns the metadata", i, off)
	}
	d := &decoder{b: r.data[r.metaAt : r.metaAt+r.metaLen], pos: int(off)}
	n, err := d.mapHeader()
	if err != nil {
		return Metadata{}, fmt.Errorf("voicing %d: %w", i, err)
	}
	var m Metadata
	for range n {
		key, _, err := d.str()
		if err == nil {
			switch key {
			case "diagram":
				m.Diagram, _, err = d.str()
			case "instrument":
				m.Instrument, _, err = d.str()
			case "midiNotes":
				m.MidiNotes, err = d.intArray()
			case "quality_inferred":
				m.QualityInferred, m.HasQuality, err = d.str()
			default:
				err = d.skip()
			}
		}
		if err != nil {
			return Metadata{}, fmt.Errorf("voicing %d: %w", i, err)
		}
	}
	if m.MidiNotes == nil {
		m.MidiNotes = []int{}
	}
	return m, nil
}
