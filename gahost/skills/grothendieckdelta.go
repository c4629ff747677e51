package skills

import (
	"strconv"
	"strings"

	"github.com/dlclark/regexp2/v2"

	"course/gahost/algebra"
)

// GrothendieckDelta is GA's GrothendieckDeltaSkill: the signed difference of two chords'
// interval-class vectors, its norms, cost and GrothendieckDelta.Explain's reading; NewLine is
// what its AppendLine writes (Common/GA.Business.ML/Agents/Skills/GrothendieckDeltaSkill.cs:28-202
// at c781df5c).
type GrothendieckDelta struct {
	// NewLine ends every line of an answer; "" means "\n".
	NewLine string
}

// CanHandle is the skill's keyword rule: always false, the skill is reached only by semantic
// routing (GrothendieckDeltaSkill.cs:60).
func (GrothendieckDelta) CanHandle(string) bool { return false }

// grothendieckTwoChordRe is TwoChordPattern: two chord tokens around "to", "and", "→", "->"
// or ">" (GrothendieckDeltaSkill.cs:65-67).
var grothendieckTwoChordRe = newLazyRegexp(`\b(?<a>`+grothendieckChordToken+`)\s+(?:to|and|→|->|>)\s+(?<b>`+grothendieckChordToken+`)\b`, regexp2.IgnoreCase)

// grothendieckDeltaCannotHandle is the skill's refusal (GrothendieckDeltaSkill.cs:195-201).
const grothendieckDeltaCannotHandle = "Ask about the Grothendieck delta or harmonic distance between two named chords, e.g. \"harmonic distance from Cmaj7 to G7\" or \"delta C to F\"."

// BuildSet is the skill's TryBuildPcSet on a chord token (GrothendieckDeltaSkill.cs:137-151).
func (GrothendieckDelta) BuildSet(token string) (algebra.Set, bool) {
	return grothendieckChordSet(token)
}

// Execute is ExecuteAsync: the first two-chord match, both tokens built, and the delta; a
// refusal when no two chords are found (GrothendieckDeltaSkill.cs:80-95).
func (s GrothendieckDelta) Execute(message string) Result {
	m, _ := grothendieckTwoChordRe.FindStringMatch(message)
	if m == nil {
		return Result{Text: grothendieckDeltaCannotHandle, Confidence: 0.1,
			Evidence: []string{"GrothendieckDeltaSkill: no two-chord pattern in query"}}
	}
	a, b := m.GroupByName("a").String(), m.GroupByName("b").String()
	setA, ok := grothendieckChordSet(a)
	if !ok {
		return grothendieckCannotParse("GrothendieckDeltaSkill", a)
	}
	setB, ok := grothendieckChordSet(b)
	if !ok {
		return grothendieckCannotParse("GrothendieckDeltaSkill", b)
	}
	return s.answer(a, setA, b, setB)
}

// answer is AnswerDelta: GrothendieckService.ComputeDelta, so two chords with one vector are
// +1 ic1 apart, its norms, its cost and its explanation (GrothendieckDeltaSkill.cs:97-131).
func (s GrothendieckDelta) answer(aLabel string, a algebra.Set, bLabel string, b algebra.Set) Result {
	icvA, icvB := a.IntervalClassVector(), b.IntervalClassVector()
	d := algebra.SetDelta(a, b)
	cost := strconv.FormatFloat(algebra.HarmonicCost(d), 'f', 2, 64)
	l1 := strconv.Itoa(d.L1())
	parts := make([]string, 6)
	for i, c := range d {
		parts[i] = signed(c)
	}
	w := newLineWriter(s.NewLine)
	w.line("**Grothendieck delta ", aLabel, " → ", bLabel, "**")
	w.line()
	w.line("- **ICV ", aLabel, "**: `", icvA.String(), "`  (ic1..ic6)")
	w.line("- **ICV ", bLabel, "**: `", icvB.String(), "`")
	w.line("- **Δ (signed)**: `[", strings.Join(parts, ", "), "]`")
	w.line("- **L1 norm** (Manhattan): **", l1, "**")
	w.line("- **L2 norm** (Euclidean): **", strconv.FormatFloat(d.L2(), 'f', 3, 64), "**")
	w.line("- **Harmonic cost**: **", cost, "**")
	if explained := d.Explain(); strings.TrimSpace(explained) != "" {
		w.line()
		w.line("**Interpretation**: ", explained)
	}
	w.line()
	w.line("The delta is the signed change in interval-class content from ", aLabel, " to ", bLabel,
		": each component (ic1..ic6) says how many more occurrences of that interval-class the target has than the source. L1 norm is the total absolute interval-class movement. Harmonic cost weights the L1 by 0.6 — a rough musical-distance scalar.")
	return Result{Text: w.b.String(), Confidence: 1, Evidence: []string{
		"Source: GrothendieckDeltaSkill (in-process GrothendieckService)",
		"grothendieck-delta(" + aLabel + "→" + bLabel + ", L1=" + l1 + ", cost=" + cost + ")",
	}}
}

// signed writes a count as the format "+#;-#;0" does: a plus sign when positive, 0 for zero.
func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
