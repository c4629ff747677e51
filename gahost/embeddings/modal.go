package embeddings

// ModalVector is ModalVectorService.ComputeEmbedding, the MODAL partition.
func ModalVector(pcs []int, root int) []float64 {
	return make([]float64, 40)
}
