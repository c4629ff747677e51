package embeddings

// RootVector is RootVectorService.ComputeEmbedding: the root's one-hot, zeros without a root
// (Common/GA.Business.ML/Embeddings/Services/RootVectorService.cs:13-21 @ c781df5c).
func RootVector(root int, hasRoot bool) []float64 {
	v := make([]float64, 12)
	rootInto(v, root, hasRoot)
	return v
}

// rootInto writes RootVector into v, zeros on entry.
func rootInto(v []float64, root int, hasRoot bool) {
	if hasRoot {
		v[((root%12)+12)%12] = 1
	}
}
