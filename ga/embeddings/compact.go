package embeddings

// SqrtWeight is EmbeddingPartition.SqrtWeight as GA stores it, a float: the square root of the
// weight, 0 for a weight of 0 or less (Common/GA.Business.ML/Embeddings/EmbeddingSchema.cs:43 @ c781df5c).
func (p Partition) SqrtWeight() float32 { return float32(p.sqrtWeight()) }

// SimilarityPartitions is EmbeddingSchema.SimilarityPartitions: the similarity partitions in
// registry order, the ones the compact vector packs (EmbeddingSchema.cs:140-148 @ c781df5c).
func SimilarityPartitions(partitions []Partition) []Partition {
	var out []Partition
	for _, p := range partitions {
		if p.Role == Similarity {
			out = append(out, p)
		}
	}
	return out
}
