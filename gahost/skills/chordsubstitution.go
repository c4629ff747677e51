package skills

import (
	"math/bits"
	"strconv"
	"strings"

	"course/gahost/algebra"
)

// ChordSubstitution is GA's ChordSubstitutionSkill (Common/GA.Business.ML/Agents/Skills/ChordSubstitutionSkill.cs @ c781df5c).
type ChordSubstitution struct {
	// NewLine is what AppendLine writes: "" for "\n", "\r\n" as GA on Windows.
	NewLine string
}

// substitutionIntervals is QualityIntervals; an unknown quality is a major triad
// (ChordSubstitutionSkill.cs:92-106 @ c781df5c).
var substitutionIntervals = map[string][]int{
	"": {0, 4, 7}, "m": {0, 3, 7}, "min": {0, 3, 7}, "dim": {0, 3, 6}, "aug": {0, 4, 8}, "+": {0, 4, 8},
	"7": {0, 4, 7, 10}, "maj7": {0, 4, 7, 11}, "m7": {0, 3, 7, 10}, "m7b5": {0, 3, 6, 10}, "dim7": {0, 3, 6, 9},
}

// substitutionRootNames and substitutionTemplates build MaskToChord: the first name given to a
// pitch-class mask, roots from C up, templates in GA's order (ChordSubstitutionSkill.cs:108-139 @ c781df5c).
var (
	substitutionRootNames = []string{"C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"}
	substitutionTemplates = []struct {
		intervals []int
		suffix    string
	}{
		{[]int{0, 4, 7}, ""}, {[]int{0, 3, 7}, "m"}, {[]int{0, 3, 6}, "dim"}, {[]int{0, 4, 8}, "aug"},
		{[]int{0, 4, 7, 10}, "7"}, {[]int{0, 4, 7, 11}, "maj7"}, {[]int{0, 3, 7, 10}, "m7"},
		{[]int{0, 3, 6, 10}, "m7b5"}, {[]int{0, 3, 6, 9}, "dim7"},
	}
)

// maskOf is a pitch-class mask, bit i for pitch class i, of intervals above root.
func maskOf(root int, intervals []int) int {
	m := 0
	for _, iv := range intervals {
		m |= 1 << (((root+iv)%12 + 12) % 12)
	}
	return m
}

// substitutionName is SetName: MaskToChord's name, or PitchClassSet.Name, the pitch classes in
// ascending order with 10 and 11 as T and E (PitchClassSet.cs:81; PitchClass.cs:83-88 @ c781df5c).
func substitutionName(mask int) string {
	for root := range 12 {
		for _, t := range substitutionTemplates {
			if maskOf(root, t.intervals) == mask {
				return substitutionRootNames[root] + t.suffix
			}
		}
	}
	var parts []string
	for pc := range 12 {
		if mask&(1<<pc) != 0 {
			parts = append(parts, map[int]string{10: "T", 11: "E"}[pc])
			if pc < 10 {
				parts[len(parts)-1] = strconv.Itoa(pc)
			}
		}
	}
	return strings.Join(parts, " ")
}

// nearby is GrothendieckService.FindNearby with the skill's filter: the sets within L1 distance
// 3 of the source's vector, in FindNearby's order, of the source's size and other than the
// source, the first five (ChordSubstitutionSkill.cs:165-174 @ c781df5c).
func nearby(source int) []algebra.Neighbor {
	var out []algebra.Neighbor
	for _, n := range algebra.FindNearby(algebra.Set(source), 3, false) {
		if int(n.Set) != source && n.Set.Len() == bits.OnesCount(uint(source)) && len(out) < 5 {
			out = append(out, n)
		}
	}
	return out
}

// Execute is ExecuteAsync's single-chord path: the chord the extended pattern finds first and
// the five nearest sets of its size by ICV distance, each with its cost, lines joined by
// newline and the end trimmed. Two chords take GA's comparison path, of which the stand-in
// gives only the heading: its relationship checks are not modelled.
func (c ChordSubstitution) Execute(message string) Result {
	type chord struct {
		name string
		root int
		ivs  []int
	}
	var chords []chord
	for m, _ := substitutionChordRe.FindStringMatch(message); m != nil && len(chords) < 2; m, _ = substitutionChordRe.FindNextMatch(m) {
		root := m.GroupByName("root").String() + m.GroupByName("acc").String()
		pc, ok := ChordRootPitchClass(root)
		if !ok {
			continue
		}
		q := m.GroupByName("qual").String()
		ivs, ok := substitutionIntervals[strings.ToLower(q)]
		if !ok {
			ivs = substitutionIntervals[""]
		}
		chords = append(chords, chord{root + substitutionSuffix(q), pc, ivs})
	}
	switch len(chords) {
	case 0:
		return Result{Text: "Could not identify a chord symbol in your message."}
	case 2:
		return Result{Text: "**" + chords[0].name + "** → **" + chords[1].name + "** relationship analysis:", Confidence: 1}
	}
	src := chords[0]
	mask := maskOf(src.root, src.ivs)
	near := nearby(mask)
	if len(near) == 0 {
		return Result{Text: "No substitutions found within harmonic distance 3 for " + src.name + "."}
	}
	nl := c.NewLine
	if nl == "" {
		nl = "\n"
	}
	var b strings.Builder
	b.WriteString("Harmonic substitutions for **" + src.name + "** (ranked by ICV distance):" + nl + nl)
	evidence := []string{"Source chord: " + src.name + " (bitmask " + strconv.Itoa(mask) + ")"}
	for _, n := range near {
		name := substitutionName(int(n.Set))
		l1 := n.Delta.L1()
		cost := strconv.FormatFloat(n.Cost, 'f', 2, 64)
		b.WriteString("- **" + name + "** — harmonic cost " + cost + " (Δ L1=" + strconv.Itoa(l1) + ")" + nl)
		evidence = append(evidence, name+": cost="+cost+", L1="+strconv.Itoa(l1))
	}
	return Result{Text: strings.TrimRight(b.String(), " \t\r\n"), Confidence: 1, Evidence: evidence}
}

// substitutionSuffix is TryParseChordMatch's display suffix (ChordSubstitutionSkill.cs:313-325 @ c781df5c).
func substitutionSuffix(q string) string {
	switch q {
	case "m", "min":
		return "m"
	case "dim", "aug", "7", "maj7", "m7", "m7b5", "dim7":
		return q
	case "+":
		return "aug"
	}
	return ""
}
