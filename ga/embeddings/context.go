package embeddings

import (
	"strings"
	"sync"

	"course/ga/voicinganalysis"
)

// ContextVector is ContextVectorService.ComputeEmbedding with no motion and no resolution: the
// primary function's one-hot and the tension
// (Common/GA.Business.ML/Embeddings/Services/ContextVectorService.cs:12-45 @ c781df5c).
func ContextVector(harmonicFunction string, tension float64) []float64 {
	v := make([]float64, 12)
	contextInto(v, harmonicFunction, tension)
	return v
}

// contextInto writes ContextVector into v, zeros on entry.
func contextInto(v []float64, harmonicFunction string, tension float64) {
	function := functionalHarmony()
	if harmonicFunction != voicinganalysis.FunctionalHarmony {
		function = primaryFunction(harmonicFunction)
	}
	switch function {
	case "tonic":
		v[0] = 1
	case "subdominant":
		v[1] = 1
	case "dominant":
		v[2] = 1
	}
	v[4] = tension
}

// functionalHarmony is the primary function of the one harmonic function every voicing
// document holds, worked out once.
var functionalHarmony = sync.OnceValue(func() string { return primaryFunction(voicinganalysis.FunctionalHarmony) })

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
