// Package embeddings models GA's OPTIC-K embeddings: the schema, the layout of the vector every
// voicing gets, its partitions, and the part of it the voicing index searches
// (Common/GA.Business.ML/Embeddings/EmbeddingSchema.cs @ c781df5c); the voicing document the
// generator reads; and MusicalEmbeddingGenerator with its feature services, one file each.
package embeddings

import (
	"fmt"
	"hash/crc32"
	"math"
	"strings"
	"sync"
)

// Role is what a partition does in the similarity formula (EmbeddingSchema.cs:9-19).
type Role int

const (
	// Identity is a hard filter, left out of similarity (the object type).
	Identity Role = iota
	// Similarity partitions take part in the weighted cosine and are stored in the compact index.
	Similarity
	// Info partitions are derived features, left out of similarity.
	Info
)

// Partition is one contiguous range of the raw vector (EmbeddingSchema.cs:33-46).
type Partition struct {
	// Name is the partition's name, "STRUCTURE".
	Name string
	// Start and End are the first and last index in the raw vector, both inclusive.
	Start, End int
	// Weight is the partition's weight in the similarity; 0 unless Role is Similarity.
	Weight float64
	// Role is what the partition does in the similarity.
	Role Role
}

// Dim is the number of dimensions the partition spans.
func (p Partition) Dim() int { return p.End - p.Start + 1 }

// Version is EmbeddingSchema.Version, the schema every index records (EmbeddingSchema.cs:95).
const Version = "OPTIC-K-v1.8"

// TotalDimension is EmbeddingSchema.TotalDimension, the raw vector's length (EmbeddingSchema.cs:105).
const TotalDimension = 240

// Partitions returns EmbeddingSchema.Partitions in GA's order (EmbeddingSchema.cs:117-137).
func Partitions() []Partition {
	return []Partition{
		{"IDENTITY", 0, 5, 0, Identity},
		{"STRUCTURE", 6, 29, 0.45, Similarity},
		{"MORPHOLOGY", 30, 53, 0.25, Similarity},
		{"CONTEXT", 54, 65, 0.20, Similarity},
		{"SYMBOLIC", 66, 77, 0.10, Similarity},
		{"EXTENSIONS", 78, 95, 0, Info},
		{"SPECTRAL", 96, 108, 0, Info},
		{"MODAL", 109, 148, 0.10, Similarity},
		{"HIERARCHY", 149, 163, 0, Info},
		{"ATONAL_MODAL", 164, 227, 0, Info},
		{"ROOT", 228, 239, 0.05, Similarity},
	}
}

// CompactDimension is EmbeddingSchema.CompactDimension: the dimensions of the similarity
// partitions, the only ones the OPTK v4 index stores and searches (EmbeddingSchema.cs:140-148).
func CompactDimension(partitions []Partition) int {
	n := 0
	for _, p := range partitions {
		if p.Role == Similarity {
			n += p.Dim()
		}
	}
	return n
}

// Weight32 is the weight as GA stores it, a float: the weighted score multiplies by it
// (EmbeddingSchema.cs:36, 299).
func (p Partition) Weight32() float32 { return float32(p.Weight) }

// sqrtWeight is EmbeddingPartition.SqrtWeight, computed in floats (EmbeddingSchema.cs:43).
func (p Partition) sqrtWeight() float64 {
	if p.Weight32() <= 0 {
		return 0
	}
	return float64(float32(math.Sqrt(float64(p.Weight32()))))
}

// GetPartition is EmbeddingSchema.GetPartition (EmbeddingSchema.cs:202-213).
func GetPartition(name string) (Partition, error) {
	for _, p := range Partitions() {
		if p.Name == name {
			return p, nil
		}
	}
	return Partition{}, fmt.Errorf("unknown partition %q", name)
}

// partition is GetPartition for the names this package writes, which exist, looked up in a
// table built on first use: the generator asks for eleven partitions per voicing.
func partition(name string) Partition {
	p, ok := partitionsByName()[name]
	if !ok {
		panic(fmt.Errorf("unknown partition %q", name))
	}
	return p
}

// partitionsByName is Partitions by name.
var partitionsByName = sync.OnceValue(func() map[string]Partition {
	out := map[string]Partition{}
	for _, p := range Partitions() {
		out[p.Name] = p
	}
	return out
})

// CompactLayoutV4 is EmbeddingSchema.CompactLayoutV4: "optk-v4-pp-r:" and each similarity
// partition's name and range in the compact vector (EmbeddingSchema.cs:163-186).
func CompactLayoutV4(partitions []Partition) string {
	var b strings.Builder
	b.WriteString("optk-v4-pp-r:")
	pos := 0
	for _, p := range partitions {
		if p.Role != Similarity {
			continue
		}
		if pos > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s:%d-%d", p.Name, pos, pos+p.Dim()-1)
		pos += p.Dim()
	}
	return b.String()
}

// SchemaHashV4 is EmbeddingSchema.SchemaHashV4: the CRC-32 (IEEE) of the layout's UTF-8 bytes
// (EmbeddingSchema.cs:160-161).
func SchemaHashV4(layout string) uint32 { return crc32.ChecksumIEEE([]byte(layout)) }

// The loose constants of EmbeddingSchema next to the registry, as GA writes them; the registry
// disagrees with the first two (EmbeddingSchema.cs, HierarchyDim, AtonalModalDim, ExtensionsEnd).
const (
	// HierarchyDim is EmbeddingSchema.HierarchyDim.
	HierarchyDim = 8
	// AtonalModalDim is EmbeddingSchema.AtonalModalDim.
	AtonalModalDim = 17
	// ExtensionsEnd is EmbeddingSchema.ExtensionsEnd, the end of EXTENSIONS.
	ExtensionsEnd = 96
)

// modalSlots are EmbeddingSchema's Modal* slot constants, name without "Modal" and raw index
// (EmbeddingSchema.cs, ModalIonian = 109 to ModalDiminished = 141).
var modalSlots = []struct {
	name  string
	index int
}{
	{"Ionian", 109}, {"Dorian", 110}, {"Phrygian", 111}, {"Lydian", 112}, {"Mixolydian", 113}, {"Aeolian", 114}, {"Locrian", 115},
	{"HarmonicMinor", 116}, {"LocrianNatural6", 117}, {"IonianAugmented", 118}, {"DorianSharp4", 119}, {"PhrygianDominant", 120},
	{"LydianSharp2", 121}, {"AlteredDoubleFlat7", 122},
	{"MelodicMinor", 123}, {"DorianFlat2", 124}, {"LydianAugmented", 125}, {"LydianDominant", 126}, {"MixolydianFlat6", 127},
	{"LocrianNatural2", 128}, {"Altered", 129},
	{"HarmonicMajor", 130}, {"DorianFlat5", 131}, {"PhrygianFlat4", 132}, {"LydianFlat3", 133}, {"MixolydianFlat2", 134},
	{"LydianAugmentedSharp2", 135}, {"LocrianDoubleFlat7", 136},
	{"PentatonicMajor", 137}, {"PentatonicMinor", 138}, {"Blues", 139}, {"WholeTone", 140}, {"Diminished", 141},
}

// ModalSlotName is the name of the Modal* constant whose value is the raw index i, "" for none.
func ModalSlotName(i int) string {
	for _, s := range modalSlots {
		if s.index == i {
			return s.name
		}
	}
	return ""
}

// ExtractCompact is EmbeddingSchema.ExtractCompact: the similarity partitions packed together,
// each normalised to unit length and scaled by the square root of its weight (EmbeddingSchema.cs:241-267).
func ExtractCompact(raw []float64, partitions []Partition) []float64 {
	compact := make([]float64, 0, CompactDimension(partitions))
	for _, p := range partitions {
		if p.Role != Similarity {
			continue
		}
		slice := raw[p.Start : p.End+1]
		sumSq := 0.0
		for _, v := range slice {
			sumSq += v * v
		}
		at := len(compact)
		compact = append(compact, make([]float64, len(slice))...) // zeros, written in place
		if sumSq > math.SmallestNonzeroFloat64 {
			norm := math.Sqrt(sumSq)
			for j, v := range slice {
				compact[at+j] = v / norm * p.sqrtWeight()
			}
		}
	}
	return compact
}

// Cosine is TensorPrimitives.CosineSimilarity over doubles: NaN when either vector is all zeros.
func Cosine(a, b []float64) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += a[i] * b[i]
		na += a[i] * a[i]
		nb += b[i] * b[i]
	}
	return dot / (math.Sqrt(na) * math.Sqrt(nb))
}

// Dot is TensorPrimitives.Dot.
func Dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// PartitionCosine is the cosine of two raw vectors over one partition, 0 where it is NaN.
func PartitionCosine(a, b []float64, p Partition) float64 {
	c := Cosine(a[p.Start:p.End+1], b[p.Start:p.End+1])
	if math.IsNaN(c) {
		return 0
	}
	return c
}

// WeightedPartitionCosine is EmbeddingSchema.WeightedPartitionCosine over partitions: the sum of
// each similarity partition's float weight times its cosine, a partition of zeros adding
// nothing (EmbeddingSchema.cs:277-304).
func WeightedPartitionCosine(a, b []float64, partitions []Partition) float64 {
	n := min(len(a), len(b))
	score := 0.0
	for _, p := range partitions {
		if p.Role != Similarity || p.Start+p.Dim() > n {
			continue
		}
		if c := Cosine(a[p.Start:p.End+1], b[p.Start:p.End+1]); !math.IsNaN(c) {
			score += float64(p.Weight32()) * c
		}
	}
	return score
}
