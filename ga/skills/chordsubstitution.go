package skills

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/dlclark/regexp2/v2"

	"course/ga/algebra"
	"course/internal/dotnet"
	"course/internal/lazy"
)

// ChordSubstitution is GA's ChordSubstitutionSkill: for one chord symbol, the five nearest chords
// of its size by Grothendieck ICV distance; for two, the relationships between them
// (Common/GA.Business.ML/Agents/Skills/ChordSubstitutionSkill.cs @ c781df5c; the file's last
// change before the pin is fa95bd15, 2026-06-28). ChordSubstitutionTools are its two MCP tools.
type ChordSubstitution struct{}

// Name is the skill's Name.
func (ChordSubstitution) Name() string { return "ChordSubstitution" }

// CanHandle is the skill's CanHandle: a chord symbol and a substitution or comparison word
// (ChordSubstitutionSkill.cs:59-75).
func (ChordSubstitution) CanHandle(message string) bool { return chordSubstitutionCanHandle(message) }

// substitutionRoots is RootPcMap, read without regard to case (ChordSubstitutionSkill.cs:79-85).
var substitutionRoots = sync.OnceValue(func() map[string]int {
	return map[string]int{
		"C": 0, "C#": 1, "DB": 1, "D": 2, "D#": 3, "EB": 3, "E": 4, "F": 5, "F#": 6, "GB": 6,
		"G": 7, "G#": 8, "AB": 8, "A": 9, "A#": 10, "BB": 10, "B": 11,
	}
})

// substitutionRootNames is RootNames: flats except F# (ChordSubstitutionSkill.cs:88-89).
var substitutionRootNames = [12]string{"C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"}

// substitutionQualities is QualityIntervals with the suffix each quality is named by
// (ChordSubstitutionSkill.cs:92-106, 314-325).
var substitutionQualities = map[string]struct {
	intervals []int
	suffix    string
}{
	"": {[]int{0, 4, 7}, ""}, "m": {[]int{0, 3, 7}, "m"}, "min": {[]int{0, 3, 7}, "m"},
	"dim": {[]int{0, 3, 6}, "dim"}, "aug": {[]int{0, 4, 8}, "aug"}, "+": {[]int{0, 4, 8}, "aug"},
	"7": {[]int{0, 4, 7, 10}, "7"}, "maj7": {[]int{0, 4, 7, 11}, "maj7"}, "m7": {[]int{0, 3, 7, 10}, "m7"},
	"m7b5": {[]int{0, 3, 6, 10}, "m7b5"}, "dim7": {[]int{0, 3, 6, 9}, "dim7"},
}

// substitutionTemplates are ChordTemplates, in the order MaskToChord tries them on each root
// (ChordSubstitutionSkill.cs:112-123).
var substitutionTemplates = []struct {
	intervals []int
	suffix    string
}{
	{[]int{0, 4, 7}, ""}, {[]int{0, 3, 7}, "m"}, {[]int{0, 3, 6}, "dim"}, {[]int{0, 4, 8}, "aug"},
	{[]int{0, 4, 7, 10}, "7"}, {[]int{0, 4, 7, 11}, "maj7"}, {[]int{0, 3, 7, 10}, "m7"},
	{[]int{0, 3, 6, 10}, "m7b5"}, {[]int{0, 3, 6, 9}, "dim7"},
}

// maskToChord is MaskToChord: for each root, C first, and each template in order, the first
// name a mask gets (ChordSubstitutionSkill.cs:126-140).
var maskToChord = sync.OnceValue(func() map[algebra.Set]string {
	m := map[algebra.Set]string{}
	for root := range 12 {
		for _, t := range substitutionTemplates {
			mask := chordMask(root, t.intervals)
			if _, ok := m[mask]; !ok {
				m[mask] = substitutionRootNames[root] + t.suffix
			}
		}
	}
	return m
})

// SubstitutionChordName is SetName: the MaskToChord name of the set; a set no template names
// gets its own name, here its pitch classes (ChordSubstitutionSkill.cs:342-346). Every set of a
// triad's or seventh chord's set class has a template name.
func SubstitutionChordName(s algebra.Set) string {
	if name, ok := maskToChord()[s]; ok {
		return name
	}
	return s.String()
}

func chordMask(root int, intervals []int) algebra.Set {
	pcs := make([]int, len(intervals))
	for i, iv := range intervals {
		pcs[i] = root + iv
	}
	return algebra.NewSet(pcs...)
}

// SubstitutionChord is a chord as the skill reads it: its name, root and intervals.
type SubstitutionChord struct {
	Name      string
	Root      int
	Intervals []int
}

// Set is the chord's pitch-class set.
func (c SubstitutionChord) Set() algebra.Set { return chordMask(c.Root, c.Intervals) }

// substitutionChord is TryParseChordMatch on a root, an accidental and a quality.
func substitutionChord(root, acc, qual string) (SubstitutionChord, bool) {
	pc, ok := substitutionRoots()[strings.ToUpper(root+acc)]
	if !ok {
		return SubstitutionChord{}, false
	}
	q, ok := substitutionQualities[strings.ToLower(qual)]
	if !ok {
		q = substitutionQualities[""]
	}
	return SubstitutionChord{Name: root + acc + q.suffix, Root: pc, Intervals: q.intervals}, true
}

// Substitute is one chord of a substitution list.
type Substitute struct {
	Name string
	Cost float64
	L1   int
}

// nearbyChords is the single-chord search both the skill and ga_chord_substitutions run:
// FindNearby at distance 3 from the caller's own set, without the source's mask and without
// sets of another size, stable by cost, the first five (ChordSubstitutionSkill.cs:168-174;
// ChordSubstitutionMcpTools.cs GetSubstitutions).
func nearbyChords(c SubstitutionChord) []Substitute {
	src := c.Set()
	var near []algebra.Neighbor
	for _, nb := range algebra.FindNearby(src, 3, false) {
		if nb.Set != src && nb.Set.Len() == src.Len() {
			near = append(near, nb)
		}
	}
	slices.SortStableFunc(near, func(a, b algebra.Neighbor) int {
		switch {
		case a.Cost < b.Cost:
			return -1
		case a.Cost > b.Cost:
			return 1
		}
		return 0
	})
	out := make([]Substitute, 0, 5)
	for _, nb := range near[:min(5, len(near))] {
		out = append(out, Substitute{SubstitutionChordName(nb.Set), nb.Cost, nb.Delta.L1()})
	}
	return out
}

// Relationship is one relationship of a chord comparison, its type and explanation.
type Relationship struct{ Type, Explanation string }

// relationships is ClassifySubstitution; the tool's copy words three explanations more
// briefly, which tool selects (ChordSubstitutionSkill.cs:246-298; ChordSubstitutionMcpTools.cs CompareChords).
func relationships(a, b SubstitutionChord, tool bool) ([]Relationship, int) {
	var rels []Relationship
	ab, ba := (b.Root-a.Root+12)%12, (a.Root-b.Root+12)%12
	dom7 := []int{0, 4, 7, 10}
	if ab == 6 && slices.Equal(a.Intervals, dom7) && slices.Equal(b.Intervals, dom7) {
		text := "Roots are 6 semitones (tritone) apart; both are dominant 7ths. The M3 of " + a.Name + " equals the m7 of " + b.Name +
			" and vice versa — guide tones are shared by inversion. Classic bebop move: both chords resolve to the same target by half-step."
		if tool {
			text = "Roots are 6 semitones (tritone) apart; both are dominant 7ths. M3 of " + a.Name + " = m7 of " + b.Name +
				" and vice versa — guide tones shared by inversion. Classic bebop move."
		}
		rels = append(rels, Relationship{"Tritone Substitution", text})
	}
	if ba == 7 {
		rels = append(rels, Relationship{"Secondary Dominant", a.Name + " is a perfect 5th above " + b.Name + " — " + a.Name + " functions as V (dominant) of " + b.Name + "."})
	}
	if ba == 10 && slices.Equal(a.Intervals, dom7) {
		text := a.Name + " is bVII7 relative to " + b.Name + " — the backdoor dominant resolves up by a whole step to the tonic."
		if tool {
			text = a.Name + " is bVII7 relative to " + b.Name + " — backdoor dominant resolves up by a whole step to the tonic."
		}
		rels = append(rels, Relationship{"Backdoor Dominant", text})
	}
	setA, setB := a.Set(), b.Set()
	if setA.PrimeForm() == setB.PrimeForm() {
		text := "Both chords share the same prime form under T/I equivalence — they belong to the same set class (e.g. major triads are T/I equivalent to minor triads)."
		if tool {
			text = "Both chords share the same prime form under T/I equivalence — they belong to the same set class."
		}
		rels = append(rels, Relationship{"Set-Class Equivalent", text})
	}
	l1 := algebra.DeltaOf(setA.IntervalClassVector(), setB.IntervalClassVector()).L1()
	if l1 <= 2 {
		rels = append(rels, Relationship{fmt.Sprintf("ICV Neighbor (L1 = %d)", l1),
			fmt.Sprintf("%s and %s are %d step(s) apart in ICV space — harmonically proximate by Grothendieck measure.", a.Name, b.Name, l1)})
	}
	if len(rels) == 0 {
		rels = append(rels, Relationship{"Harmonic Distance", fmt.Sprintf("No standard substitution relationship detected. ICV distance = %d (L1 norm).", l1)})
	}
	return rels, l1
}

// chordsIn is the chords of ExtendedChordSymbol's matches that RootPcMap knows, at most two
// (ChordSubstitutionSkill.cs:147-152).
func chordsIn(message string) []SubstitutionChord {
	var out []SubstitutionChord
	m := find(substitutionChordRe, message)
	for ; m != nil && len(out) < 2; m = next(substitutionChordRe, m) {
		if c, ok := substitutionChord(groupText(m, "root"), groupText(m, "acc"), groupText(m, "qual")); ok {
			out = append(out, c)
		}
	}
	return out
}

// groupText is a group's text, "" when the group took part in no match.
func groupText(m *regexp2.Match, name string) string {
	g := m.GroupByName(name)
	if g == nil || len(g.Captures) == 0 {
		return ""
	}
	return g.String()
}

// Execute is ExecuteAsync: two chords are compared; otherwise the first match, if RootPcMap
// knows it, gets its list; the answers are trimmed at the end, lines ended by "\n"
// (ChordSubstitutionSkill.cs:144-244, 348-355).
func (ChordSubstitution) Execute(message string) Result {
	chords := chordsIn(message)
	if len(chords) == 2 {
		a, b := chords[0], chords[1]
		rels, _ := relationships(a, b, false)
		var t strings.Builder
		t.WriteString("**" + a.Name + "** → **" + b.Name + "** relationship analysis:\n\n")
		evidence := make([]string, len(rels))
		for i, r := range rels {
			stars := "★★"
			switch {
			case strings.Contains(r.Type, "Tritone"):
				stars = "★★★"
			case strings.HasPrefix(r.Type, "ICV"):
				stars = "★"
			}
			t.WriteString(stars + " **" + r.Type + "**\n  " + r.Explanation + "\n\n")
			evidence[i] = r.Type + ": " + r.Explanation
		}
		t.WriteString("*Confidence: 100% (deterministic pitch-class arithmetic)*")
		return Result{Text: t.String(), Confidence: 1, Evidence: evidence, Assumptions: []string{"Pure pitch-class arithmetic — no LLM call"}}
	}
	m := find(substitutionChordRe, message)
	var c SubstitutionChord
	ok := false
	if m != nil {
		c, ok = substitutionChord(groupText(m, "root"), groupText(m, "acc"), groupText(m, "qual"))
	}
	if !ok {
		return substitutionCannotHelp("Could not identify a chord symbol in your message.")
	}
	nearby := nearbyChords(c)
	if len(nearby) == 0 {
		return substitutionCannotHelp("No substitutions found within harmonic distance 3 for " + c.Name + ".")
	}
	var t strings.Builder
	t.WriteString("Harmonic substitutions for **" + c.Name + "** (ranked by ICV distance):\n\n")
	evidence := []string{"Source chord: " + c.Name + " (bitmask " + strconv.Itoa(int(c.Set())) + ")"}
	for _, s := range nearby {
		cost := strconv.FormatFloat(s.Cost, 'f', 2, 64)
		fmt.Fprintf(&t, "- **%s** — harmonic cost %s (Δ L1=%d)\n", s.Name, cost, s.L1)
		evidence = append(evidence, fmt.Sprintf("%s: cost=%s, L1=%d", s.Name, cost, s.L1))
	}
	return Result{
		Text:       strings.TrimRight(t.String(), " \n"),
		Confidence: 1,
		Evidence:   evidence,
		Assumptions: []string{
			"Substitutions computed using Grothendieck ICV distance (L1 norm, radius 3)",
			"Triads and 7th chords supported — add extensions to taste",
		},
	}
}

func substitutionCannotHelp(reason string) Result {
	return Result{Text: reason, Evidence: []string{}, Assumptions: []string{"Request could not be resolved from domain model"}}
}

// ChordSubstitutionTools are ga_chord_substitutions and ga_chord_compare, the MCP tools the
// chord-substitution SKILL.md sends a model to
// (Common/GA.Business.ML/Agents/Mcp/ChordSubstitutionMcpTools.cs @ c781df5c, unchanged since 56b04d6c).
type ChordSubstitutionTools struct{}

// fullChordRe is FullChordRegex: a whole symbol, the root of either case
// (ChordSubstitutionMcpTools.cs, GeneratedRegex on TryParseFullChord).
var fullChordRe = lazy.Regexp2(`^(?<root>[A-Ga-g])(?<acc>[b#]?)(?<qual>m7b5|dim7|maj7|m7|7|min|m|dim|aug|\+)?$`)

// parseFullChord is TryParseFullChord: the trimmed symbol, the root upper-cased, the quality
// lower-cased.
func parseFullChord(symbol string) (SubstitutionChord, bool) {
	m := find(fullChordRe, strings.TrimSpace(symbol))
	if m == nil {
		return SubstitutionChord{}, false
	}
	c, ok := substitutionChord(strings.ToUpper(m.GroupByName("root").String()), m.GroupByName("acc").String(), strings.ToLower(m.GroupByName("qual").String()))
	return c, ok
}

// SubstitutionsResult is ChordSubstitutionsResult.
type SubstitutionsResult struct {
	SourceChord   string
	Substitutions []Substitute
	Error         string
}

// GetSubstitutions is ga_chord_substitutions: at most 12 characters, a whole symbol, the same
// search as the skill; costs are floats, as the tool's record holds them.
func (ChordSubstitutionTools) GetSubstitutions(symbol string) SubstitutionsResult {
	if symbol == "" || dotnet.UTF16Len(symbol) > 12 {
		return SubstitutionsResult{Error: "Could not parse '" + sanitizeEcho(symbol) + "' as a chord symbol."}
	}
	c, ok := parseFullChord(symbol)
	if !ok {
		return SubstitutionsResult{Error: "Could not parse '" + sanitizeEcho(symbol) + "' as a chord symbol. Try Cmaj7, F#m, Bb7, etc."}
	}
	nearby := nearbyChords(c)
	if len(nearby) == 0 {
		return SubstitutionsResult{Error: "No substitutions found within harmonic distance 3 for " + c.Name + "."}
	}
	for i := range nearby {
		nearby[i].Cost = float64(float32(nearby[i].Cost))
	}
	return SubstitutionsResult{SourceChord: c.Name, Substitutions: nearby}
}

// ComparisonResult is ChordComparisonResult.
type ComparisonResult struct {
	ChordA, ChordB string
	Relationships  []Relationship
	IcvL1Distance  int
	Error          string
}

// CompareChords is ga_chord_compare: two whole symbols of at most 12 characters each,
// classified as the skill classifies them.
func (ChordSubstitutionTools) CompareChords(chordA, chordB string) ComparisonResult {
	if chordA == "" || dotnet.UTF16Len(chordA) > 12 {
		return ComparisonResult{Error: "Could not parse '" + sanitizeEcho(chordA) + "' as the first chord."}
	}
	if chordB == "" || dotnet.UTF16Len(chordB) > 12 {
		return ComparisonResult{Error: "Could not parse '" + sanitizeEcho(chordB) + "' as the second chord."}
	}
	a, okA := parseFullChord(chordA)
	b, okB := parseFullChord(chordB)
	if !okA {
		return ComparisonResult{Error: "Could not parse '" + sanitizeEcho(chordA) + "' as a chord symbol."}
	}
	if !okB {
		return ComparisonResult{Error: "Could not parse '" + sanitizeEcho(chordB) + "' as a chord symbol."}
	}
	rels, l1 := relationships(a, b, true)
	return ComparisonResult{ChordA: a.Name, ChordB: b.Name, Relationships: rels, IcvL1Distance: l1}
}
