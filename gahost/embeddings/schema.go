// Package embeddings models GA's OPTIC-K embedding schema: the layout of the vector every
// voicing gets, its partitions, and the part of it the voicing index searches
// (Common/GA.Business.ML/Embeddings/EmbeddingSchema.cs @ c781df5c).
package embeddings

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
