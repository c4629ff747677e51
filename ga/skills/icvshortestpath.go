package skills

import (
	"strconv"

	"github.com/dlclark/regexp2/v2"

	"course/ga/algebra"
	"course/internal/lazy"
)

// IcvShortestPath is GA's IcvShortestPathSkill: the chain of pitch-class sets that
// GrothendieckService.FindShortestPath finds between two chords, each step to a set of the same
// size whose vector is at most 2 away; NewLine is what its AppendLine writes
// (Common/GA.Business.ML/Agents/Skills/IcvShortestPathSkill.cs:41-230 at c781df5c).
type IcvShortestPath struct {
	// NewLine ends every line of an answer; "" means "\n".
	NewLine string
}

// CanHandle is the skill's keyword rule: always false, the skill is reached only by semantic
// routing (IcvShortestPathSkill.cs:81).
func (IcvShortestPath) CanHandle(string) bool { return false }

// IcvShortestPathMaxSteps is DefaultMaxSteps, the moves the search may make
// (IcvShortestPathSkill.cs:83).
const IcvShortestPathMaxSteps = 5

// The skill's two patterns: a path word, then two chords around "to", "→" or "->"; or "how do
// I get from A to B … harmonic" (IcvShortestPathSkill.cs:86-93).
var (
	icvPathRe  = lazy.Regexp2(`\b(?:shortest(?:[\s-]*harmonic)?[\s-]*(?:path|route)|harmonic[\s-]*(?:path|route)|BFS\s+path|step[\s-]*by[\s-]*step|PC[\s-]*set\s+path|ICV\s+path|harmonic\s+route)\b[^.?!]*?\b(?:from\s+)?(?<a>`+grothendieckChordToken+`)\s+(?:to|→|->)\s+(?<b>`+grothendieckChordToken+`)\b`, regexp2.IgnoreCase)
	icvHowDoRe = lazy.Regexp2(`\bhow\s+do\s+i\s+get\s+from\s+(?<a>`+grothendieckChordToken+`)\s+to\s+(?<b>`+grothendieckChordToken+`)\b[^.?!]*?\bharmonic`, regexp2.IgnoreCase)
)

// icvPathCannotHandle is the skill's refusal (IcvShortestPathSkill.cs:223-229).
const icvPathCannotHandle = "Ask for the shortest harmonic path between two chords, e.g. \"shortest path from Cmaj7 to G7\" or \"how do I get from C to F harmonically\"."

// BuildSet is the skill's TryBuildPcSet on a chord token (IcvShortestPathSkill.cs:165-179).
func (IcvShortestPath) BuildSet(token string) (algebra.Set, bool) { return grothendieckChordSet(token) }

// Execute is ExecuteAsync: the path pattern, else the "how do I get" pattern, both tokens
// built, and the search; a refusal when neither pattern matches (IcvShortestPathSkill.cs:106-125).
func (s IcvShortestPath) Execute(message string) Result {
	m := find(icvPathRe, message)
	if m == nil {
		m = find(icvHowDoRe, message)
	}
	if m == nil {
		return Result{Text: icvPathCannotHandle, Confidence: 0.1,
			Evidence: []string{"IcvShortestPathSkill: no path pattern in query"}}
	}
	a, b := m.GroupByName("a").String(), m.GroupByName("b").String()
	setA, ok := grothendieckChordSet(a)
	if !ok {
		return grothendieckCannotParse("IcvShortestPathSkill", a)
	}
	setB, ok := grothendieckChordSet(b)
	if !ok {
		return grothendieckCannotParse("IcvShortestPathSkill", b)
	}
	return s.answer(a, setA, b, setB)
}

// answer is AnswerPath: the search from the first chord's set, built for the question and not
// one of PitchClassSet.Items, to the second's, and a table row per set (IcvShortestPathSkill.cs:127-163).
func (s IcvShortestPath) answer(aLabel string, a algebra.Set, bLabel string, b algebra.Set) Result {
	path := algebra.FindShortestPath(a, b, IcvShortestPathMaxSteps)
	maxSteps := strconv.Itoa(IcvShortestPathMaxSteps)
	w := newLineWriter(s.NewLine)
	w.line("**Shortest harmonic path ", aLabel, " → ", bLabel, "** (max ", maxSteps, " steps):")
	w.line()
	evidence := func(what string) []string {
		return []string{"Source: IcvShortestPathSkill (in-process GrothendieckService.FindShortestPath BFS)",
			"icv-shortest-path(" + aLabel + "→" + bLabel + ", " + what + ")"}
	}
	if len(path) == 0 {
		w.line("No path found within ", maxSteps, " steps. The two pitch-class sets may be too far apart in ICV-L1 space, or the cardinality constraint (BFS holds set size constant) blocked the search.")
		return Result{Text: w.b.String(), Confidence: 1, Evidence: evidence("no path")}
	}
	n := len(path)
	w.line("- **", strconv.Itoa(n), " step", plural(n), "** total (", strconv.Itoa(n-1), " intermediate move", plural(n-1), ").")
	w.line()
	w.line("| Step | PC set | ICV |")
	w.line("|------|--------|-----|")
	for i, set := range path {
		label := strconv.Itoa(i)
		switch i {
		case 0:
			label = "0 (" + aLabel + ")"
		case n - 1:
			label += " (" + bLabel + ")"
		}
		w.line("| ", label, " | `", setBraces(set), "` | `", set.IntervalClassVector().String(), "` |")
	}
	w.line()
	w.line("Each step is a small ICV-L1 move (radius ≤ 2) to a pitch-class set of the same cardinality. The path is the shortest BFS route — useful for exploring modulation routes, common-tone bridges, and modal interchange between distant harmonic regions.")
	return Result{Text: w.b.String(), Confidence: 1, Evidence: evidence(strconv.Itoa(n) + " steps")}
}
