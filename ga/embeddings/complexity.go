package embeddings

// complexityScore is ComplexityCalculator.CalculateScore: the level the cardinality gives,
// over 6 (Common/GA.Domain.Core/Theory/Tonal/Hierarchies/ComplexityCalculator.cs @ c781df5c).
func complexityScore(n int) float64 {
	level := 4 // Extended, for five and six
	switch {
	case n <= 1:
		level = 0
	case n == 2:
		level = 1
	case n == 3:
		level = 2
	case n == 4:
		level = 3
	case n >= 7:
		level = 6
	}
	return float64(level) / 6.0
}
