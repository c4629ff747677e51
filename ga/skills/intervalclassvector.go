package skills

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/dlclark/regexp2/v2"

	"course/ga/algebra"
	"course/internal/lazy"
)

// IntervalClassVector is GA's IntervalClassVectorSkill: the interval-class vector of a
// pitch-class set, a chord or a named scale, with a table of the six counts; NewLine is what
// its AppendLine writes (Common/GA.Business.ML/Agents/Skills/IntervalClassVectorSkill.cs:30-246
// at c781df5c).
type IntervalClassVector struct {
	// NewLine ends every line of an answer; "" means "\n".
	NewLine string
}

// CanHandle is the skill's keyword rule: always false, the skill is reached only by semantic
// routing (IntervalClassVectorSkill.cs:62).
func (IntervalClassVector) CanHandle(string) bool { return false }

// The skill's three patterns, tried as Execute orders them: a bracketed list of pitch classes
// (case-sensitive), "ICV of <chord>", and a scale name after the ICV words
// (IntervalClassVectorSkill.cs:65-77).
var (
	icvSetRe   = lazy.Regexp2(`[\{\(\[]\s*(?<pcs>\d{1,2}(?:\s*,\s*\d{1,2}){0,11})\s*[\}\)\]]`)
	icvChordRe = lazy.Regexp2(`\b(?:icv|interval[\s-]*class[\s-]*vector|interval[\s-]*vector)\s+(?:of\s+|for\s+)?(?<chord>`+grothendieckChordToken+`)\b`, regexp2.IgnoreCase)
	icvScaleRe = lazy.Regexp2(`\b(?:icv|interval[\s-]*class[\s-]*vector|interval[\s-]*vector)\b[^.?!]*?\b(?<scale>major(?:\s+scale)?|minor(?:\s+scale)?|natural\s+minor|harmonic\s+minor|melodic\s+minor|ionian|dorian|phrygian|lydian|mixolydian|aeolian|locrian|pentatonic|blues|chromatic|whole\s*tone)\b`, regexp2.IgnoreCase)
)

// icvScales is ScalePcs, looked up by the lower-cased name exactly as matched, so "whole  tone"
// with two spaces finds nothing (IntervalClassVectorSkill.cs:79-100).
var icvScales = sync.OnceValue(func() map[string][]int {
	return map[string][]int{
		"major": {0, 2, 4, 5, 7, 9, 11}, "major scale": {0, 2, 4, 5, 7, 9, 11},
		"minor": {0, 2, 3, 5, 7, 8, 10}, "minor scale": {0, 2, 3, 5, 7, 8, 10},
		"natural minor": {0, 2, 3, 5, 7, 8, 10}, "harmonic minor": {0, 2, 3, 5, 7, 8, 11},
		"melodic minor": {0, 2, 3, 5, 7, 9, 11}, "ionian": {0, 2, 4, 5, 7, 9, 11},
		"dorian": {0, 2, 3, 5, 7, 9, 10}, "phrygian": {0, 1, 3, 5, 7, 8, 10},
		"lydian": {0, 2, 4, 6, 7, 9, 11}, "mixolydian": {0, 2, 4, 5, 7, 9, 10},
		"aeolian": {0, 2, 3, 5, 7, 8, 10}, "locrian": {0, 1, 3, 5, 6, 8, 10},
		"pentatonic": {0, 2, 4, 7, 9}, "blues": {0, 3, 5, 6, 7, 10},
		"chromatic":  {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
		"whole tone": {0, 2, 4, 6, 8, 10}, "wholetone": {0, 2, 4, 6, 8, 10},
	}
})

// icvCannotHandle is the skill's refusal (IntervalClassVectorSkill.cs:239-245).
const icvCannotHandle = "Ask for an ICV of a chord, scale, or explicit pitch-class set, e.g. \"ICV of Cmaj7\", \"interval-class vector of {0,2,4,5,7,9,11}\", \"ICV of the dorian mode\"."

// Execute is ExecuteAsync: a list of at least two distinct pitch classes from 0 to 11 first,
// then a chord, then a scale name; a refusal otherwise (IntervalClassVectorSkill.cs:113-146).
func (s IntervalClassVector) Execute(message string) Result {
	if m := find(icvSetRe, message); m != nil {
		var pcs []int
		for _, part := range strings.Split(m.GroupByName("pcs").String(), ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			n, err := strconv.Atoi(part)
			if err != nil || n < 0 || n > 11 || slices.Contains(pcs, n) {
				continue
			}
			pcs = append(pcs, n)
		}
		if len(pcs) >= 2 {
			parts := make([]string, len(pcs))
			for i, p := range pcs {
				parts[i] = strconv.Itoa(p)
			}
			return s.answer("{"+strings.Join(parts, ",")+"}", pcs)
		}
	}
	if m := find(icvChordRe, message); m != nil {
		token := m.GroupByName("chord").String()
		pcs, ok := grothendieckChordPCs(token)
		if !ok {
			return grothendieckCannotParse("IntervalClassVectorSkill", token)
		}
		return s.answer(token, dedupe(pcs))
	}
	if m := find(icvScaleRe, message); m != nil {
		name := strings.TrimSpace(strings.ToLower(m.GroupByName("scale").String()))
		if pcs, ok := icvScales()[name]; ok {
			return s.answer("the "+name, slices.Clone(pcs))
		}
	}
	return Result{Text: icvCannotHandle, Confidence: 0.1,
		Evidence: []string{"IntervalClassVectorSkill: no recognised target in query"}}
}

// dedupe keeps the first of each value, as LINQ's Distinct does.
func dedupe(pcs []int) []int {
	var out []int
	for _, p := range pcs {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// icvRows are the answer's table rows: each interval class and its gloss
// (IntervalClassVectorSkill.cs:166-171).
var icvRows = [6]string{"semitone (m2 / M7)", "whole tone (M2 / m7)", "minor 3rd (m3 / M6)", "major 3rd (M3 / m6)", "perfect 4th (P4 / P5)", "tritone (TT)"}

// answer is AnswerPcSet: GrothendieckService.ComputeIcv of the pitch classes, the vector, the
// sorted set and a row per interval class (IntervalClassVectorSkill.cs:148-180;
// GrothendieckService.cs:28-33).
func (s IntervalClassVector) answer(label string, pcs []int) Result {
	icv := algebra.NewSet(pcs...).IntervalClassVector()
	counts := icv.Counts()
	cs := make([]string, 6)
	for i, c := range counts {
		cs[i] = strconv.Itoa(c)
	}
	sorted := slices.Sorted(slices.Values(pcs))
	ps := make([]string, len(sorted))
	for i, p := range sorted {
		ps[i] = strconv.Itoa(p)
	}
	w := newLineWriter(s.NewLine)
	w.line("**ICV of ", label, "**: `", icv.String(), "`  (`[", strings.Join(cs, ", "), "]`)")
	w.line()
	w.line("- Pitch-class set: `{", strings.Join(ps, ", "), "}` (", strconv.Itoa(len(pcs)), " notes)")
	w.line()
	w.line("| ic | Interval | Count |")
	w.line("|----|----------|-------|")
	for i, gloss := range icvRows {
		w.line("| ic", strconv.Itoa(i+1), " | ", gloss, " | ", cs[i], " |")
	}
	w.line()
	w.line("The interval-class vector counts how many of each interval class appear among all pairs of notes in the set (interval classes 1..6 fold inversions: a P5 and a P4 both count as ic5). Modes of the same scale share the same ICV — they're interval-content twins.")
	return Result{Text: w.b.String(), Confidence: 1,
		Evidence: []string{"Source: IntervalClassVectorSkill (in-process GrothendieckService.ComputeIcv)", "icv(" + label + "=" + icv.String() + ")"}}
}
