package embeddings

import (
	"encoding/json"
	"hash/maphash"
	"strings"
	"sync"
	"sync/atomic"

	"course/fixtures"
)

// tagRegistry is SymbolicTagRegistry's map from normalised tag to bit, in insertion order.
type tagRegistry struct {
	keys []string
	bits map[string]int
}

// symbolicRegistry reads fixtures/symbolictags.json on first use.
var symbolicRegistry = sync.OnceValues(func() (*tagRegistry, error) {
	var f struct {
		Tags []struct {
			Tag string `json:"tag"`
			Bit int    `json:"bit"`
		} `json:"tags"`
	}
	if err := json.Unmarshal(fixtures.SymbolicTags, &f); err != nil {
		return nil, err
	}
	r := &tagRegistry{bits: map[string]int{}}
	for _, t := range f.Tags {
		r.keys = append(r.keys, t.Tag)
		r.bits[t.Tag] = t.Bit
	}
	return r, nil
})

// BitIndex is SymbolicTagRegistry.GetBitIndex: the tag's bit, or else the bit of the first key
// that contains the tag or that the tag contains; ok is false when none does
// (Common/GA.Business.Config/Configuration/SymbolicTagRegistry.cs:196-220 @ c781df5c).
func BitIndex(tag string) (bit int, ok bool) {
	if normalized(tag) {
		// A key written as the registry writes its keys is its own normal form: the lookup
		// needs neither normalising nor the cache, whose slots two frequent tags may share.
		if b, found := registry().bits[tag]; found {
			return b, true
		}
	}
	slot := &bitCache[maphash.String(bitSeed, tag)%uint64(len(bitCache))]
	if c := slot.Load(); c != nil && c.tag == tag {
		return c.bit, c.ok
	}
	bit, ok = bitIndex(tag)
	slot.Store(&cachedBit{tag, bit, ok})
	return bit, ok
}

// cachedBit is one answer of bitIndex.
type cachedBit struct {
	tag string
	bit int
	ok  bool
}

// bitCache remembers BitIndex's answers, which depend on the tag only: a corpus of thousands of
// voicings repeats a few dozen tags. It is a table of 4096 answers by the tag's hash, read
// without a lock; a tag whose slot another holds is looked up again, so a hostile caller's
// tags take no more room.
var bitCache [4096]atomic.Pointer[cachedBit]

// bitSeed seeds bitCache's hash.
var bitSeed = maphash.MakeSeed()

// normalized reports whether the registry's normalisation leaves tag as it is: ASCII, no
// upper case, space or underscore, and not empty.
func normalized(tag string) bool {
	for i := 0; i < len(tag); i++ {
		if c := tag[i]; c >= 0x80 || 'A' <= c && c <= 'Z' || c == '_' || c <= ' ' {
			return false
		}
	}
	return tag != ""
}

// registry is the symbolic tag registry, which is embedded and so always reads.
func registry() *tagRegistry {
	r, err := symbolicRegistry()
	if err != nil {
		panic("embeddings: the embedded tag registry: " + err.Error())
	}
	return r
}

// bitIndex is BitIndex without the cache.
func bitIndex(tag string) (bit int, ok bool) {
	r := registry()
	if strings.TrimSpace(tag) == "" {
		return 0, false
	}
	n := hyphens().Replace(strings.TrimSpace(strings.ToLower(tag)))
	if b, found := r.bits[n]; found {
		return b, true
	}
	for _, k := range r.keys {
		if strings.Contains(n, k) || strings.Contains(k, n) {
			return r.bits[k], true
		}
	}
	return 0, false
}

// hyphens turns spaces and underscores into hyphens, as the registry normalises a tag; built
// on first use.
var hyphens = sync.OnceValue(func() *strings.Replacer { return strings.NewReplacer(" ", "-", "_", "-") })

// SymbolicVector is SymbolicVectorService.ComputeEmbedding: one bit per tag the registry knows
// (Common/GA.Business.ML/Embeddings/Services/SymbolicVectorService.cs:10-29 @ c781df5c).
func SymbolicVector(tags []string) []float64 {
	v := make([]float64, 12)
	symbolicInto(v, tags)
	return v
}

// symbolicInto sets SymbolicVector's bits of tags in v.
func symbolicInto(v []float64, tags []string) {
	for _, t := range tags {
		if b, ok := BitIndex(t); ok && b >= 0 && b < 12 {
			v[b] = 1
		}
	}
}
