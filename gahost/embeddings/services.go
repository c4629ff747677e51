package embeddings

import (
	"encoding/json"
	"math"
	"strings"
	"sync"

	"course/fixtures"
)

// IdentityVector is IdentityVectorService.ComputeEmbedding(ObjectKind.Voicing): a voicing is
// also a chord and a pitch-class set (Common/GA.Business.ML/Embeddings/Services/IdentityVectorService.cs:20-47 @ c781df5c).
func IdentityVector() []float64 {
	const chord, voicing, pitchClassSet = 0, 2, 5
	v := make([]float64, 6)
	v[voicing], v[chord], v[pitchClassSet] = 1, 1, 1
	return v
}

// Morphology is what MorphologyVectorService.ComputeEmbedding takes.
type Morphology struct {
	// Bass and Melody are pitch classes, or -1 for none.
	Bass, Melody   int
	NormalizedSpan float64
	NoteCountRatio float64
	IsRootless     bool
	AverageFret    float64
	BarreRequired  bool
}

// MorphologyVector is MorphologyVectorService.ComputeEmbedding: the bass one-hot, span, note
// count, rootless, the melody on a circle, the average fret and the barre
// (Common/GA.Business.ML/Embeddings/Services/MorphologyVectorService.cs:14-56 @ c781df5c).
func MorphologyVector(m Morphology) []float64 {
	v := make([]float64, 24)
	if m.Bass >= 0 {
		v[m.Bass%12] = 1
	}
	v[12] = m.NormalizedSpan
	v[13] = m.NoteCountRatio
	if m.IsRootless {
		v[14] = 1
	}
	if m.Melody >= 0 {
		angle := float64(m.Melody%12) * (math.Pi * 2 / 12.0)
		v[15], v[16] = math.Sin(angle), math.Cos(angle)
	}
	v[17] = m.AverageFret / 12.0 * 2.0
	if m.BarreRequired {
		v[18] = 2
	}
	return v
}

// ContextVector is ContextVectorService.ComputeEmbedding with no motion and no resolution: the
// primary function's one-hot and the tension
// (Common/GA.Business.ML/Embeddings/Services/ContextVectorService.cs:12-45 @ c781df5c).
func ContextVector(harmonicFunction string, tension float64) []float64 {
	v := make([]float64, 12)
	switch primaryFunction(harmonicFunction) {
	case "tonic":
		v[0] = 1
	case "subdominant":
		v[1] = 1
	case "dominant":
		v[2] = 1
	}
	v[4] = tension
	return v
}

// primaryFunction is HarmonicFunctionAnalyzer.Parse then ToPrimaryCategory: the first function
// name the text contains, or a bare Roman numeral, grouped into tonic, subdominant and dominant
// (Common/GA.Domain.Services/Tonal/HarmonicFunctionAnalyzer.cs:29-99 @ c781df5c).
func primaryFunction(s string) string {
	v := strings.ToLower(strings.TrimSpace(s))
	if v == "" {
		return ""
	}
	switch {
	case strings.Contains(v, "tonic"), strings.Contains(v, "mediant"):
		// "supertonic" contains "tonic" and is caught by it first, as GA's order does
		return "tonic"
	case strings.Contains(v, "dominant"), strings.Contains(v, "leading"):
		// "subdominant" contains "dominant" but GA tests it first
		if strings.Contains(v, "subdominant") {
			return "subdominant"
		}
		return "dominant"
	}
	switch v {
	case "i", "iii", "vi":
		return "tonic"
	case "ii", "iv":
		return "subdominant"
	case "v", "vii":
		return "dominant"
	}
	return ""
}

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
	r, err := symbolicRegistry()
	if err != nil {
		panic("embeddings: the embedded tag registry: " + err.Error())
	}
	if strings.TrimSpace(tag) == "" {
		return 0, false
	}
	n := strings.NewReplacer(" ", "-", "_", "-").Replace(strings.TrimSpace(strings.ToLower(tag)))
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

// SymbolicVector is SymbolicVectorService.ComputeEmbedding: one bit per tag the registry knows
// (Common/GA.Business.ML/Embeddings/Services/SymbolicVectorService.cs:10-29 @ c781df5c).
func SymbolicVector(tags []string) []float64 {
	v := make([]float64, 12)
	for _, t := range tags {
		if b, ok := BitIndex(t); ok && b >= 0 && b < 12 {
			v[b] = 1
		}
	}
	return v
}

// RootVector is RootVectorService.ComputeEmbedding: the root's one-hot, zeros without a root
// (Common/GA.Business.ML/Embeddings/Services/RootVectorService.cs:13-21 @ c781df5c).
func RootVector(root int, hasRoot bool) []float64 {
	v := make([]float64, 12)
	if hasRoot {
		v[((root%12)+12)%12] = 1
	}
	return v
}
