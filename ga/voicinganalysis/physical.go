package voicinganalysis

import (
	"math"
	"slices"
	"sync"
)

// Layout is the part of PhysicalLayout and PlayabilityInfo the voicing document keeps, and the
// tags VoicingPhysicalAnalyzer derives (Common/GA.Domain.Services/Fretboard/Voicings/Analysis/
// VoicingPhysicalAnalyzer.cs @ c781df5c).
type Layout struct {
	// MinFret and MaxFret are the lowest and highest fretted (not open) frets, 0 when none.
	MinFret, MaxFret int
	HandPosition     string
	// HandStretch is MaxFret-MinFret.
	HandStretch   int
	BarreRequired bool
	Difficulty    string
	CagedShape    string
	// Tags are shared by layouts with equal tags: read only.
	Tags []string
}

// scaleLengthMm is ScaleLengths.Default, an electric guitar's
// (Common/GA.Domain.Services/Fretboard/Analysis/PhysicalFretboardCalculator.cs:329-334 @ c781df5c).
const scaleLengthMm = 648.0

// fretPositionMm is CalculateFretPositionMm (PhysicalFretboardCalculator.cs:35-43 @ c781df5c).
func fretPositionMm(fret int) float64 {
	if t := fretPositions(); fret >= 0 && fret < len(t) {
		return t[fret]
	}
	return computeFretPositionMm(fret)
}

// computeFretPositionMm is fretPositionMm worked out.
func computeFretPositionMm(fret int) float64 {
	if fret == 0 {
		return 0
	}
	return scaleLengthMm * (1 - math.Pow(2, -float64(fret)/12))
}

// fretPositions holds fretPositionMm of frets 0 to 24, a guitar's, worked out on first use.
var fretPositions = sync.OnceValue(func() *[25]float64 {
	var out [25]float64
	for f := range out {
		out[f] = computeFretPositionMm(f)
	}
	return &out
})

// AnalyzePhysical runs ExtractPhysicalLayout, CalculatePlayability, AnalyzeErgonomics and
// GeneratePhysicalTags (VoicingPhysicalAnalyzer.cs:15-215 @ c781df5c). Positions are read in
// string order, string 1 first, while the CAGED shapes are written for index 0 as the low E.
func AnalyzePhysical(v Voicing) Layout { return analyzePhysical(v, Options{}) }

// analyzePhysical is AnalyzePhysical in the version o names.
func analyzePhysical(v Voicing, o Options) Layout {
	var usedBuf, openBuf, frettedBuf [8]int // a guitar has six strings: the buffers stay on the stack
	used, open := usedBuf[:0], openBuf[:0]
	minFret, maxFret := math.MaxInt, 0
	for i, f := range v.Frets {
		if f == Muted {
			continue
		}
		used = append(used, i+1)
		if f == 0 {
			open = append(open, i+1)
			continue
		}
		minFret, maxFret = min(minFret, f), max(maxFret, f)
	}
	l := Layout{MaxFret: maxFret}
	switch {
	case maxFret <= 4:
		l.HandPosition = "Open Position"
	case maxFret <= 7:
		l.HandPosition = "Low Position"
	case maxFret <= 12:
		l.HandPosition = "Middle Position"
	default:
		l.HandPosition = "Upper Position"
	}
	if minFret == math.MaxInt {
		minFret = 0
	}
	l.MinFret = minFret
	all := func(ok func(int) bool) bool { return !slices.ContainsFunc(used, func(s int) bool { return !ok(s) }) }
	var stringSet string
	switch n := len(used); {
	case n <= 3:
		stringSet = "Mixed"
		if all(func(s int) bool { return s <= 3 }) {
			stringSet = "Top 3"
		} else if all(func(s int) bool { return s >= 4 }) {
			stringSet = "Bottom 3"
		}
	case n == 4:
		stringSet = "Inner 4"
		if all(func(s int) bool { return s <= 4 }) {
			stringSet = "Top 4"
		} else if all(func(s int) bool { return s >= 3 }) {
			stringSet = "Bottom 4"
		}
	default:
		stringSet = "Full"
	}

	// CalculatePlayability (VoicingPhysicalAnalyzer.cs:86-154 @ c781df5c)
	fretted := frettedBuf[:0]
	for _, f := range v.Frets {
		if f > 0 {
			fretted = append(fretted, f)
		}
	}
	span := 0.0
	if len(fretted) > 0 {
		span = math.Abs(fretPositionMm(slices.Max(fretted)) - fretPositionMm(slices.Min(fretted)))
	}
	spanScore := span / 80
	l.HandStretch = l.MaxFret - l.MinFret
	l.BarreRequired = barreRequired(v.Frets)
	switch {
	case spanScore <= 0.8 && !l.BarreRequired && len(open) > 0:
		l.Difficulty = "Beginner"
	case spanScore > 1.2 || l.BarreRequired && l.HandStretch >= 4:
		l.Difficulty = "Advanced"
	default:
		l.Difficulty = "Intermediate"
	}
	if o.ChartOrderShapes {
		frets := slices.Clone(v.Frets)
		slices.Reverse(frets)
		l.CagedShape = cagedShape(frets)
	} else {
		l.CagedShape = cagedShape(v.Frets)
	}
	shell := len(used) >= 3 && len(used) <= 4
	uniqueFrets := 0
	for i, f := range fretted {
		if !slices.Contains(fretted[:i], f) {
			uniqueFrets++
		}
	}
	minimumFingers := min(uniqueFrets, 4)

	// AnalyzeErgonomics (VoicingPhysicalAnalyzer.cs:156-185 @ c781df5c)
	skips := 0
	for i := 1; i < len(used); i++ {
		if gap := used[i] - used[i-1]; gap > 1 {
			skips += gap - 1
		}
	}
	thumb := l.HandStretch >= 5 && len(v.Frets) > 0 && v.Frets[0] > 0
	impossible := l.HandStretch > 6 || minimumFingers > 4

	// GeneratePhysicalTags (VoicingPhysicalAnalyzer.cs:187-215 @ c781df5c)
	// The difficulties and shapes hold no space: tagText lowers them as ToLower does.
	var tagBuf [16]string
	tags := append(tagBuf[:0], tagText(l.HandPosition), tagText(l.Difficulty))
	if l.Difficulty == "Beginner" {
		tags = append(tags, "easy-to-play")
	}
	if l.Difficulty == "Advanced" {
		tags = append(tags, "technical")
	}
	if l.BarreRequired {
		tags = append(tags, "barre-chord")
	}
	if len(open) > 0 {
		tags = append(tags, "open-strings")
	}
	if len(open) >= 3 {
		tags = append(tags, "ambient-open")
	}
	if l.CagedShape != "" {
		tags = append(tags, tagText(l.CagedShape))
	}
	if shell {
		tags = append(tags, "shell-voicing")
	}
	if thumb {
		tags = append(tags, "thumb-chord")
	}
	if skips > 0 {
		tags = append(tags, "string-skips")
	}
	if impossible {
		tags = append(tags, "physically-challenging")
	}
	tags = append(tags, tagText(stringSet))
	l.Tags = internTags(distinct(tags))
	return l
}

// barreRequired is DetectBarreRequirement: one fret, not open, on three adjacent strings
// (VoicingPhysicalAnalyzer.cs:219-233 @ c781df5c).
func barreRequired(frets []int) bool {
	for i := 0; i+2 < len(frets); i++ {
		if f := frets[i]; f > 0 && frets[i+1] == f && frets[i+2] == f {
			return true
		}
	}
	return false
}

// cagedShape is DetectCagedShape, which reads index 0 as the low E string and gives up when it
// is muted, so its A- and C-shape branches, which need it muted, are never reached
// (VoicingPhysicalAnalyzer.cs:253-350 @ c781df5c).
func cagedShape(f []int) string {
	if len(f) != 6 || f[0] < 0 {
		return ""
	}
	base := f[0]
	if f[1] == base+2 && f[2] == base+2 && f[3] == base+1 &&
		!(f[4] >= 0 && f[4] != base) && !(f[5] >= 0 && f[5] != base) {
		return "E-Shape"
	}
	return ""
}
