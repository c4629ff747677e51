package embeddings

import (
	"slices"
	"strconv"
	"strings"
)

// StructureVector is TheoryVectorService.ComputeEmbedding, the STRUCTURE partition: a chroma of
// the pitch classes, the cardinality, the interval-class vector parsed from its text, and the
// consonance and brightness that vector implies; hasRoot sets the "tonal stability" slot. The
// root itself no longer counts (Common/GA.Business.ML/Embeddings/Services/TheoryVectorService.cs:27-95 @ c781df5c).
func StructureVector(pcs []int, hasRoot bool, icvText string) []float64 {
	v := make([]float64, 24)
	structureInto(v, pcs, hasRoot, icvText)
	return v
}

// structureInto writes StructureVector into v, zeros on entry.
func structureInto(v []float64, pcs []int, hasRoot bool, icvText string) {
	seen := 0 // the distinct pitch classes; a chord has twelve at most
	for i, pc := range pcs {
		if !slices.Contains(pcs[:i], pc) {
			seen++
			if pc >= 0 && pc < 12 {
				v[pc] = 1
			}
		}
	}
	v[12] = float64(seen) / 12.0 * 2.0
	icv := ParseIcv(icvText)
	for i := range 6 {
		v[13+i] = float64(icv[i])
	}
	v[19] = 0 // complementarity, always 0 from the generator
	v[20] = icvConsonance(icv)
	v[21] = icvBrightness(icv)
	if hasRoot {
		v[22] = 1
	}
}

// ParseIcv is TheoryVectorService.ParseIcv: "<2 5 4 3 6 1>" or "254361", each count capped at
// 9, zeros for anything else (TheoryVectorService.cs:128-150 @ c781df5c).
func ParseIcv(s string) [6]int {
	var counts [6]int
	if s == "" {
		return counts
	}
	if isPlainIcv(s) { // IntervalClassVectorId's own text, every count one digit
		for i := range 6 {
			counts[i] = int(s[1+2*i] - '0')
		}
		return counts
	}
	if strings.ContainsAny(s, "< ") {
		parts := strings.Fields(strings.Trim(s, "<>"))
		for i := 0; i < min(6, len(parts)); i++ {
			if n, err := strconv.Atoi(parts[i]); err == nil {
				counts[i] = min(max(n, 0), 9)
			}
		}
		return counts
	}
	for i := 0; i < min(6, len(s)); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			counts[i] = int(s[i] - '0')
		}
	}
	return counts
}

// isPlainIcv reports whether s is "<d d d d d d>", six single digits, which the general reading
// reads digit by digit.
func isPlainIcv(s string) bool {
	if len(s) != 13 || s[0] != '<' || s[12] != '>' {
		return false
	}
	for i := range 6 {
		if c := s[1+2*i]; c < '0' || c > '9' {
			return false
		}
		if i < 5 && s[2+2*i] != ' ' {
			return false
		}
	}
	return true
}

// icvConsonance is IcvConsonance: the share of minor and major thirds and fourths
// (TheoryVectorService.cs:156-165 @ c781df5c).
func icvConsonance(icv [6]int) float64 {
	total := 0
	for _, c := range icv {
		total += c
	}
	if total == 0 {
		return 0
	}
	return float64(icv[2]+icv[3]+icv[4]) / float64(total)
}

// icvBrightness is IcvBrightness: major thirds and fourths against semitones and tritones,
// mapped to [0, 1] (TheoryVectorService.cs:171-181 @ c781df5c).
func icvBrightness(icv [6]int) float64 {
	total := 0
	for _, c := range icv {
		total += c
	}
	if total == 0 {
		return 0.5
	}
	net := float64(icv[3]+icv[4]-icv[0]-icv[5]) / float64(total)
	return (net + 1) / 2
}
