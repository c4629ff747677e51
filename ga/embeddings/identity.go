package embeddings

// IdentityVector is IdentityVectorService.ComputeEmbedding(ObjectKind.Voicing): a voicing is
// also a chord and a pitch-class set (Common/GA.Business.ML/Embeddings/Services/IdentityVectorService.cs:20-47 @ c781df5c).
func IdentityVector() []float64 {
	v := make([]float64, 6)
	identityInto(v)
	return v
}

// identityInto writes IdentityVector into v.
func identityInto(v []float64) {
	const chord, voicing, pitchClassSet = 0, 2, 5
	v[voicing], v[chord], v[pitchClassSet] = 1, 1, 1
}
