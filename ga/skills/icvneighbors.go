package skills

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/dlclark/regexp2/v2"

	"course/ga/algebra"
	"course/internal/lazy"
)

// GA's four skills over interval-class vectors (IcvNeighbors, IntervalClassVector,
// GrothendieckDelta, IcvShortestPath) are modelled at c781df5c, the newest readable commit
// before the pin a826864; every line number below is of that commit. GA's main (f4f5b4a) is not
// readable; the course's original program records that main only marks their refusals as
// declined and changed the sets they search without changing one answer it asks for, so the
// same models serve the lessons' --main runs. GA pastes the chord token and the quality table
// into each of the four files, and TryBuildPcSet into several (the citations below name each
// copy); the model keeps one of each, as the copies agree, while each skill's patterns and
// answers stay in its own file as GA has them.

// grothendieckChordToken is the chord token every pattern of the four skills captures: a
// letter, an optional accidental, an optional quality word, digits, altered degrees and a
// final degree sign (IcvNeighborsSkill.cs:83; IntervalClassVectorSkill.cs:66;
// GrothendieckDeltaSkill.cs:66; IcvShortestPathSkill.cs:87).
const grothendieckChordToken = `[A-Ga-g][b#♭♯]?(?:maj|min|m|dim|aug|sus|add|dom)?\d*(?:[b#♭♯]\d+)*°?`

// grothendieckQualities is QualityIntervals, the same table in the four skills: the quality is
// lower-cased first, so the "M7" arm is never reached and "CM7" is a minor seventh; anything
// else is a major triad (IcvNeighborsSkill.cs:212-232; IntervalClassVectorSkill.cs:197-217;
// GrothendieckDeltaSkill.cs:153-173; IcvShortestPathSkill.cs:181-201).
var grothendieckQualities = []struct {
	names     []string
	intervals []int
}{
	{[]string{"", "maj", "major"}, []int{0, 4, 7}},
	{[]string{"m", "min", "minor", "-"}, []int{0, 3, 7}},
	{[]string{"dim", "°", "o"}, []int{0, 3, 6}},
	{[]string{"aug", "+"}, []int{0, 4, 8}},
	{[]string{"7"}, []int{0, 4, 7, 10}},
	{[]string{"m7", "min7", "-7"}, []int{0, 3, 7, 10}},
	{[]string{"maj7", "major7", "M7"}, []int{0, 4, 7, 11}},
	{[]string{"m7b5", "min7b5", "ø", "ø7"}, []int{0, 3, 6, 10}},
	{[]string{"dim7", "°7", "o7"}, []int{0, 3, 6, 9}},
	{[]string{"sus2"}, []int{0, 2, 7}},
	{[]string{"sus4", "sus"}, []int{0, 5, 7}},
	{[]string{"6"}, []int{0, 4, 7, 9}},
	{[]string{"m6"}, []int{0, 3, 7, 9}},
	{[]string{"9"}, []int{0, 4, 7, 10, 2}},
	{[]string{"maj9"}, []int{0, 4, 7, 11, 2}},
	{[]string{"m9"}, []int{0, 3, 7, 10, 2}},
}

// grothendieckIntervals is QualityIntervals: the quality's intervals above the root.
func grothendieckIntervals(quality string) []int {
	if in, ok := grothendieckQualityNames()[strings.TrimSpace(strings.ToLower(quality))]; ok {
		return in
	}
	return grothendieckQualities[0].intervals
}

// grothendieckQualityNames maps each name of the table to the intervals of the first quality
// that has it, as the table is searched in order.
var grothendieckQualityNames = sync.OnceValue(func() map[string][]int {
	out := map[string][]int{}
	for _, qu := range grothendieckQualities {
		for _, name := range qu.names {
			if _, ok := out[name]; !ok {
				out[name] = qu.intervals
			}
		}
	}
	return out
})

// grothendieckChordPCs is TryBuildPcSet before the set is made: Unicode accidentals to ASCII,
// a root of the first character and a '#' or 'b' after it, looked up in RootPc, and the rest
// a quality; each interval above the root, in the table's order. ok is false for a root RootPc
// lacks, "Cb" among them (IcvNeighborsSkill.cs:196-210; IntervalClassVectorSkill.cs:182-195).
func grothendieckChordPCs(token string) (pcs []int, ok bool) {
	pc, intervals, ok := grothendieckChordParts(token)
	if !ok {
		return nil, false
	}
	pcs = make([]int, len(intervals))
	for i, iv := range intervals {
		pcs[i] = (pc + iv) % 12
	}
	return pcs, true
}

// grothendieckChordParts is TryBuildPcSet's reading of a token: the root's pitch class and
// the quality's intervals, the table's own slice.
func grothendieckChordParts(token string) (pc int, intervals []int, ok bool) {
	if !isASCII(token) && strings.ContainsAny(token, "♯♭") {
		token = unicodeAccidentals.Replace(token)
	}
	t := strings.TrimSpace(token)
	if t == "" {
		return 0, nil, false
	}
	first, size := utf8.DecodeRuneInString(t)
	rest := t[size:]
	var root string
	switch {
	case 'A' <= first && first <= 'Z' && rest != "" && (rest[0] == '#' || rest[0] == 'b'):
		root, rest = t[:2], rest[1:] // already the upper-case letter and the accidental
	case 'A' <= first && first <= 'Z':
		root = t[:1]
	default:
		root = string(unicode.ToUpper(first))
		if rest != "" && (rest[0] == '#' || rest[0] == 'b') {
			root += strings.ToLower(rest[:1])
			rest = rest[1:]
		}
	}
	pc, ok = rootPitchClass()[root]
	if !ok {
		return 0, nil, false
	}
	return pc, grothendieckIntervals(rest), true
}

// isASCII reports whether s has no byte above 0x7f, so no "♯" or "♭" either.
func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// grothendieckChordSet is TryBuildPcSet: the chord's pitch-class set, as the neighbours, delta
// and path skills each build it (IcvNeighborsSkill.cs:196-210; GrothendieckDeltaSkill.cs:137-151;
// IcvShortestPathSkill.cs:165-179).
func grothendieckChordSet(token string) (algebra.Set, bool) {
	pc, intervals, ok := grothendieckChordParts(token)
	if !ok {
		return 0, false
	}
	var set algebra.Set
	for _, iv := range intervals {
		set |= algebra.NewSet(pc + iv)
	}
	return set, true
}

// setBraces writes a set's pitch classes ascending in braces, "{0,4,7}", as the skills' tables do.
func setBraces(s algebra.Set) string {
	pcs := s.PitchClasses()
	parts := make([]string, len(pcs))
	for i, p := range pcs {
		parts[i] = strconv.Itoa(p)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// grothendieckCannotParse is the four skills' CannotParse, which names the skill in its
// evidence (IcvNeighborsSkill.cs:246-252).
func grothendieckCannotParse(skill, token string) Result {
	return Result{
		Text:       "I couldn't parse '" + token + "' as a chord. Try C, Am, G7, Cmaj7, Dm7, F#m7b5, B°, sus2/sus4, m9/maj9, etc.",
		Confidence: 0.3,
		Evidence:   []string{skill + ": unparseable chord token '" + token + "'"},
	}
}

// lineWriter appends lines ended by a skill's NewLine, as StringBuilder.AppendLine does.
type lineWriter struct {
	b  strings.Builder
	nl string
}

func newLineWriter(nl string) *lineWriter {
	if nl == "" {
		nl = "\n"
	}
	w := &lineWriter{nl: nl}
	w.b.Grow(1024) // the longest answers of the four skills stay under it
	return w
}

// put writes parts without ending the line.
func (w *lineWriter) put(parts ...string) {
	for _, p := range parts {
		w.b.WriteString(p)
	}
}

func (w *lineWriter) line(parts ...string) {
	for _, p := range parts {
		w.b.WriteString(p)
	}
	w.b.WriteString(w.nl)
}

// IcvNeighbors is GA's IcvNeighborsSkill: the pitch-class sets whose interval-class vectors lie
// within L1 distance 2 of a chord's, from GrothendieckService.FindNearby; NewLine is what its
// AppendLine writes (Common/GA.Business.ML/Agents/Skills/IcvNeighborsSkill.cs:37-261).
type IcvNeighbors struct {
	// NewLine ends every line of an answer; "" means "\n".
	NewLine string
}

// CanHandle is the skill's keyword rule: always false, the skill is reached only by semantic
// routing (IcvNeighborsSkill.cs:74).
func (IcvNeighbors) CanHandle(string) bool { return false }

// The skill's radius and row limit (IcvNeighborsSkill.cs:76-77).
const (
	icvNeighborsMaxDistance = 2
	icvNeighborsMaxRows     = 8
)

// The skill's two patterns: a neighbour word then a chord, or a chord then a neighbour word
// later in the sentence (IcvNeighborsSkill.cs:82-89).
var (
	icvNeighborsRe        = lazy.Regexp2(`\b(?:icv\s+neighbors?|neighbors?|nearby|close\s+to|near|adjacent|harmonic(?:ally)?\s+(?:close|near|adjacent))\s+(?:to\s+|of\s+)?(?<chord>`+grothendieckChordToken+`)\b`, regexp2.IgnoreCase)
	icvNeighborsReverseRe = lazy.Regexp2(`\b(?<chord>`+grothendieckChordToken+`)\b[^.?!]*?\b(?:icv\s+neighbors?|neighbors?|harmonic(?:ally)?\s+(?:close|near|adjacent))\b`, regexp2.IgnoreCase)
)

// icvNeighborsCannotHandle is the skill's refusal (IcvNeighborsSkill.cs:254-260).
const icvNeighborsCannotHandle = "Ask about ICV-neighbor pitch-class sets near a chord, e.g. \"ICV neighbors of Cmaj7\" or \"what chords are harmonically close to Dm7\"."

// BuildSet is the skill's TryBuildPcSet on a chord token; ok is false where GA returns null
// (IcvNeighborsSkill.cs:196-210).
func (IcvNeighbors) BuildSet(token string) (algebra.Set, bool) { return grothendieckChordSet(token) }

// Execute is ExecuteAsync: the first pattern that matches gives the chord, the chord's set
// gives the neighbours; a refusal when neither pattern matches (IcvNeighborsSkill.cs:102-118).
func (s IcvNeighbors) Execute(message string) Result {
	m := find(icvNeighborsRe, message)
	if m == nil {
		m = find(icvNeighborsReverseRe, message)
	}
	if m == nil {
		return Result{Text: icvNeighborsCannotHandle, Confidence: 0.1,
			Evidence: []string{"IcvNeighborsSkill: no neighbor pattern in query"}}
	}
	token := m.GroupByName("chord").String()
	set, ok := grothendieckChordSet(token)
	if !ok {
		return grothendieckCannotParse("IcvNeighborsSkill", token)
	}
	return s.answer(token, set)
}

// icvNeighbor is one row of the answer: a set and the honest L1 distance to it.
type icvNeighbor struct {
	set algebra.Set
	l1  int
}

// answer is AnswerNeighbors: FindNearby at radius 3, each entry's honest difference instead
// of FindNearby's delta, the source's own entry, same-vector sets and sets beyond 2 dropped,
// a stable sort by distance and the first eight (IcvNeighborsSkill.cs:120-175).
func (s IcvNeighbors) answer(label string, source algebra.Set) Result {
	srcICV := source.IntervalClassVector()
	var rows []icvNeighbor
	for _, n := range algebra.FindNearby(source, icvNeighborsMaxDistance+1, false) {
		if n.Source {
			continue
		}
		l1 := algebra.SetDifference(source, n.Set).L1()
		if l1 > 0 && l1 <= icvNeighborsMaxDistance {
			rows = append(rows, icvNeighbor{n.Set, l1})
		}
	}
	slices.SortStableFunc(rows, func(a, b icvNeighbor) int { return a.l1 - b.l1 })
	rows = rows[:min(len(rows), icvNeighborsMaxRows)]

	w := newLineWriter(s.NewLine)
	maxD := strconv.Itoa(icvNeighborsMaxDistance)
	w.line("**ICV neighbors of ", label, "** (within L1 = ", maxD, "):")
	w.line()
	w.line("- Source ICV: `", srcICV.String(), "`")
	plural := "s"
	if len(rows) == 1 {
		plural = ""
	}
	w.line("- ", strconv.Itoa(len(rows)), " neighbor", plural, " returned (top ", strconv.Itoa(icvNeighborsMaxRows), " by harmonic cost):")
	w.line()
	if len(rows) == 0 {
		w.line("No pitch-class sets within L1 = ", maxD, ". Try a wider radius.")
		return icvNeighborsResult(w.b.String(), "icv-neighbors("+label+", 0 results)")
	}
	w.line("| Neighbor (PC set) | ICV | L1 | Harmonic cost |")
	w.line("|-------------------|-----|----|----|")
	for _, r := range rows {
		cost := float64(r.l1) * 0.6
		w.line("| `", setBraces(r.set), "` | `", r.set.IntervalClassVector().String(), "` | ", strconv.Itoa(r.l1), " | ", strconv.FormatFloat(cost, 'f', 2, 64), " |")
	}
	w.line()
	w.line("Each row is a pitch-class set whose interval-class content sits within ", maxD,
		" L1 steps of ", label, "'s ICV. Sorted by harmonic cost (lower = more similar). The PC set is the literal collection of pitches (mod 12); the ICV is the unordered count of intervals it contains.")
	return icvNeighborsResult(w.b.String(), "icv-neighbors("+label+", "+strconv.Itoa(len(rows))+" of L1≤"+maxD+")")
}

func icvNeighborsResult(text, evidence string) Result {
	return Result{Text: text, Confidence: 1,
		Evidence: []string{"Source: IcvNeighborsSkill (in-process GrothendieckService.FindNearby)", evidence}}
}
