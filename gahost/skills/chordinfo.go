package skills

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// ChordInfo is GA's ChordInfoSkill: it spells the notes of one named chord without a model
// (Common/GA.Business.ML/Agents/Skills/ChordInfoSkill.cs:112-152 @ c781df5c).
type ChordInfo struct{}

// noteTokenRe is ChordInfoSkill's NoteTokenRegex (ChordInfoSkill.cs:325-326 @ c781df5c).
var noteTokenRe = newLazyRegexp(`(?<![A-Za-z])(?<note>[A-Ga-g][#b]?)(?![A-Za-z])`)

// chordRootPitch is ChordVocabulary.PitchClasses, looked up case-insensitively
// (Common/GA.Business.ML/Agents/ChordVocabulary.cs:23-31 @ c781df5c).
var chordRootPitch = map[string]int{
	"c": 0, "c#": 1, "db": 1, "d": 2, "d#": 3, "eb": 3, "e": 4, "f": 5, "f#": 6, "gb": 6,
	"g": 7, "g#": 8, "ab": 8, "a": 9, "a#": 10, "bb": 10, "b": 11, "b#": 0, "cb": 11, "e#": 5, "fb": 4,
}

// chordFormula is ChordVocabulary's ChordFormula: the terse quality, the intervals above the
// root, how many letters above the root each note is spelled, and the intervals' names.
type chordFormula struct {
	quality   string
	intervals []int
	letters   []int
	names     []string
}

// chordFormulas is ChordVocabulary.GetFormula's table (ChordVocabulary.cs:110-141 @ c781df5c).
var chordFormulas = map[string]chordFormula{
	"major":              {"major", []int{0, 4, 7}, []int{0, 2, 4}, []string{"root", "major third", "perfect fifth"}},
	"minor":              {"minor", []int{0, 3, 7}, []int{0, 2, 4}, []string{"root", "minor third", "perfect fifth"}},
	"diminished":         {"diminished", []int{0, 3, 6}, []int{0, 2, 4}, []string{"root", "minor third", "diminished fifth"}},
	"augmented":          {"augmented", []int{0, 4, 8}, []int{0, 2, 4}, []string{"root", "major third", "augmented fifth"}},
	"power":              {"power", []int{0, 7}, []int{0, 4}, []string{"root", "perfect fifth"}},
	"sus2":               {"sus2", []int{0, 2, 7}, []int{0, 1, 4}, []string{"root", "major second", "perfect fifth"}},
	"sus4":               {"sus4", []int{0, 5, 7}, []int{0, 3, 4}, []string{"root", "perfect fourth", "perfect fifth"}},
	"add9":               {"add9", []int{0, 4, 7, 14}, []int{0, 2, 4, 8}, []string{"root", "major third", "perfect fifth", "ninth"}},
	"major 6":            {"major 6", []int{0, 4, 7, 9}, []int{0, 2, 4, 5}, []string{"root", "major third", "perfect fifth", "major sixth"}},
	"minor 6":            {"minor 6", []int{0, 3, 7, 9}, []int{0, 2, 4, 5}, []string{"root", "minor third", "perfect fifth", "major sixth"}},
	"dominant 7":         {"dominant 7", []int{0, 4, 7, 10}, []int{0, 2, 4, 6}, []string{"root", "major third", "perfect fifth", "minor seventh"}},
	"major 7":            {"major 7", []int{0, 4, 7, 11}, []int{0, 2, 4, 6}, []string{"root", "major third", "perfect fifth", "major seventh"}},
	"minor 7":            {"minor 7", []int{0, 3, 7, 10}, []int{0, 2, 4, 6}, []string{"root", "minor third", "perfect fifth", "minor seventh"}},
	"diminished 7":       {"diminished 7", []int{0, 3, 6, 9}, []int{0, 2, 4, 6}, []string{"root", "minor third", "diminished fifth", "diminished seventh"}},
	"half-diminished":    {"half-diminished", []int{0, 3, 6, 10}, []int{0, 2, 4, 6}, []string{"root", "minor third", "diminished fifth", "minor seventh"}},
	"dominant 7 flat 5":  {"dominant 7 flat 5", []int{0, 4, 6, 10}, []int{0, 2, 4, 6}, []string{"root", "major third", "diminished fifth", "minor seventh"}},
	"dominant 7 sharp 5": {"dominant 7 sharp 5", []int{0, 4, 8, 10}, []int{0, 2, 4, 6}, []string{"root", "major third", "augmented fifth", "minor seventh"}},
	"dominant 7 flat 9":  {"dominant 7 flat 9", []int{0, 4, 7, 10, 13}, []int{0, 2, 4, 6, 8}, []string{"root", "major third", "perfect fifth", "minor seventh", "minor ninth"}},
	"dominant 7 sharp 9": {"dominant 7 sharp 9", []int{0, 4, 7, 10, 15}, []int{0, 2, 4, 6, 8}, []string{"root", "major third", "perfect fifth", "minor seventh", "augmented ninth"}},
	"altered dominant":   {"altered dominant", []int{0, 4, 6, 8, 10, 13, 15}, []int{0, 2, 3, 4, 6, 8, 8}, []string{"root", "major third", "flat fifth", "sharp fifth", "minor seventh", "flat ninth", "sharp ninth"}},
	"dominant 9":         {"dominant 9", []int{0, 4, 7, 10, 14}, []int{0, 2, 4, 6, 8}, []string{"root", "major third", "perfect fifth", "minor seventh", "major ninth"}},
	"major 9":            {"major 9", []int{0, 4, 7, 11, 14}, []int{0, 2, 4, 6, 8}, []string{"root", "major third", "perfect fifth", "major seventh", "major ninth"}},
	"minor 9":            {"minor 9", []int{0, 3, 7, 10, 14}, []int{0, 2, 4, 6, 8}, []string{"root", "minor third", "perfect fifth", "minor seventh", "major ninth"}},
	"dominant 11":        {"dominant 11", []int{0, 4, 7, 10, 14, 17}, []int{0, 2, 4, 6, 8, 10}, []string{"root", "major third", "perfect fifth", "minor seventh", "major ninth", "perfect eleventh"}},
	"major 11":           {"major 11", []int{0, 4, 7, 11, 14, 17}, []int{0, 2, 4, 6, 8, 10}, []string{"root", "major third", "perfect fifth", "major seventh", "major ninth", "perfect eleventh"}},
	"minor 11":           {"minor 11", []int{0, 3, 7, 10, 14, 17}, []int{0, 2, 4, 6, 8, 10}, []string{"root", "minor third", "perfect fifth", "minor seventh", "major ninth", "perfect eleventh"}},
	"dominant 13":        {"dominant 13", []int{0, 4, 7, 10, 14, 17, 21}, []int{0, 2, 4, 6, 8, 10, 12}, []string{"root", "major third", "perfect fifth", "minor seventh", "major ninth", "perfect eleventh", "major thirteenth"}},
	"major 13":           {"major 13", []int{0, 4, 7, 11, 14, 17, 21}, []int{0, 2, 4, 6, 8, 10, 12}, []string{"root", "major third", "perfect fifth", "major seventh", "major ninth", "perfect eleventh", "major thirteenth"}},
	"minor 13":           {"minor 13", []int{0, 3, 7, 10, 14, 17, 21}, []int{0, 2, 4, 6, 8, 10, 12}, []string{"root", "minor third", "perfect fifth", "minor seventh", "major ninth", "perfect eleventh", "major thirteenth"}},
}

// formulaOf is GetFormula: an unknown quality falls back to a major triad.
func formulaOf(quality string) chordFormula {
	if f, ok := chordFormulas[quality]; ok {
		return f
	}
	return chordFormulas["major"]
}

// normalizeRoot is ChordVocabulary.NormalizeRoot: first letter upper, the rest lower
// (ChordVocabulary.cs:39-48 @ c781df5c).
func normalizeRoot(raw string) string {
	t := strings.TrimSpace(raw)
	if t == "" {
		return ""
	}
	return strings.ToUpper(t[:1]) + strings.ToLower(t[1:])
}

// qualityAliases is NormalizeQuality's lower-case switch (ChordVocabulary.cs:59-104 @ c781df5c).
var qualityAliases = map[string]string{
	"": "major", "maj": "major", "major": "major",
	"m": "minor", "min": "minor", "minor": "minor",
	"dim": "diminished", "diminished": "diminished",
	"aug": "augmented", "augmented": "augmented", "+": "augmented",
	"5": "power", "no3": "power", "power": "power",
	"sus2": "sus2", "sus4": "sus4", "sus": "sus4", "add9": "add9",
	"6": "major 6", "maj6": "major 6", "major 6": "major 6",
	"m6": "minor 6", "min6": "minor 6", "minor 6": "minor 6",
	"7": "dominant 7", "dominant": "dominant 7", "dom7": "dominant 7", "dominant 7": "dominant 7",
	"maj7": "major 7", "major 7": "major 7", "ma7": "major 7", "δ7": "major 7",
	"m7": "minor 7", "min7": "minor 7", "minor 7": "minor 7", "-7": "minor 7",
	"dim7": "diminished 7", "diminished 7": "diminished 7", "diminished7": "diminished 7", "°7": "diminished 7",
	"m7b5": "half-diminished", "min7b5": "half-diminished", "ø": "half-diminished", "ø7": "half-diminished",
	"half-diminished": "half-diminished", "half diminished": "half-diminished", "minor 7 flat 5": "half-diminished",
	"7b5": "dominant 7 flat 5", "dominant 7 flat 5": "dominant 7 flat 5",
	"7#5": "dominant 7 sharp 5", "7+5": "dominant 7 sharp 5", "dominant 7 sharp 5": "dominant 7 sharp 5",
	"7b9": "dominant 7 flat 9", "dominant 7 flat 9": "dominant 7 flat 9",
	"7#9": "dominant 7 sharp 9", "dominant 7 sharp 9": "dominant 7 sharp 9",
	"7alt": "altered dominant", "alt": "altered dominant", "altered": "altered dominant", "altered dominant": "altered dominant",
	"9": "dominant 9", "dominant 9": "dominant 9", "maj9": "major 9", "major 9": "major 9",
	"m9": "minor 9", "min9": "minor 9", "minor 9": "minor 9",
	"11": "dominant 11", "dominant 11": "dominant 11", "maj11": "major 11", "major 11": "major 11",
	"m11": "minor 11", "min11": "minor 11", "minor 11": "minor 11",
	"13": "dominant 13", "dominant 13": "dominant 13", "maj13": "major 13", "major 13": "major 13",
	"m13": "minor 13", "min13": "minor 13", "minor 13": "minor 13",
}

// normalizeQuality is ChordVocabulary.NormalizeQuality: "M" and "M7" are major before the
// lower-case switch, and an unknown suffix is kept as it is (then GetFormula reads it as major).
func normalizeQuality(raw string) string {
	t := strings.TrimSpace(raw)
	switch t {
	case "M":
		return "major"
	case "M7":
		return "major 7"
	}
	lower := strings.ToLower(t)
	if q, ok := qualityAliases[lower]; ok {
		return q
	}
	return lower
}

// spell is ChordSpelling.Spell: the note letterSteps letters above the root's letter, with the
// accidentals that make it pitchClass (Common/GA.Business.ML/Agents/Mcp/ChordSpelling.cs @ c781df5c).
func spell(root string, pitchClass, letterSteps int) string {
	const letters = "CDEFGAB"
	natural := map[byte]int{'C': 0, 'D': 2, 'E': 4, 'F': 5, 'G': 7, 'A': 9, 'B': 11}
	idx := strings.IndexByte(letters, strings.ToUpper(root[:1])[0])
	target := letters[(idx+letterSteps)%len(letters)]
	pc := ((pitchClass % 12) + 12) % 12
	acc := ((pc-natural[target])%12 + 12) % 12
	switch {
	case acc == 0:
		return string(target)
	case acc < 6:
		return string(target) + strings.Repeat("#", acc)
	}
	return string(target) + strings.Repeat("b", 12-acc)
}

// qualityDisplayName is ChordInfoSkill.QualityDisplayName (ChordInfoSkill.cs:227-234 @ c781df5c).
func qualityDisplayName(q string) string {
	switch q {
	case "half-diminished":
		return "half-diminished chord (m7b5)"
	case "dominant 7 sharp 5":
		return "dominant 7 sharp 5 chord (augmented dominant)"
	case "dominant 7 sharp 9":
		return "dominant 7 sharp 9 chord (\"Hendrix chord\")"
	case "altered dominant":
		return "altered dominant chord (7alt)"
	}
	return q + " chord"
}

// noteSetCandidates are CandidateFormulas in GA's order (ChordInfoSkill.cs:236-265 @ c781df5c).
var noteSetCandidates = []string{"major", "minor", "diminished", "augmented", "sus2", "sus4", "major 6", "minor 6",
	"dominant 7", "major 7", "minor 7", "diminished 7", "half-diminished", "add9", "dominant 9", "major 9", "minor 9",
	"dominant 7 flat 5", "dominant 7 sharp 5"}

// parse is TryParse, then TryIdentifyNoteSet (ChordInfoSkill.cs:154-223 @ c781df5c).
func (ChordInfo) parse(message string) (root, quality string, ok bool) {
	for _, re := range []*lazyRegexp{chordQuestionRe, compactChordRe} {
		if m, _ := re.FindStringMatch(message); m != nil {
			return normalizeRoot(m.GroupByName("root").String()), normalizeQuality(m.GroupByName("quality").String()), true
		}
	}
	if !match(noteSetRe, message) {
		return "", "", false
	}
	var notes []string
	seen := map[string]bool{}
	for m, _ := noteTokenRe.FindStringMatch(message); m != nil; m, _ = noteTokenRe.FindNextMatch(m) {
		n := normalizeRoot(m.GroupByName("note").String())
		if _, known := chordRootPitch[strings.ToLower(n)]; known && !seen[strings.ToLower(n)] {
			seen[strings.ToLower(n)] = true
			notes = append(notes, n)
		}
	}
	if len(notes) < 3 || len(notes) > 5 {
		return "", "", false
	}
	set := pitchSet(notes, nil, 0)
	for _, n := range notes {
		pc := chordRootPitch[strings.ToLower(n)]
		for _, q := range noteSetCandidates {
			f := formulaOf(q)
			if len(f.intervals) == len(notes) && pitchSet(nil, f.intervals, pc) == set {
				return n, q, true
			}
		}
	}
	return "", "", false
}

// pitchSet is the sorted pitch classes of notes, or of intervals above root, as a comparable key.
func pitchSet(notes []string, intervals []int, root int) string {
	var pcs [12]int
	var n int
	for _, s := range notes {
		pcs[chordRootPitch[strings.ToLower(s)]]++
		n++
	}
	for _, iv := range intervals {
		pcs[((root+iv)%12+12)%12]++
		n++
	}
	var b strings.Builder
	for pc, c := range pcs {
		b.WriteString(strings.Repeat(string(rune('a'+pc)), c))
	}
	return b.String()
}

// Execute is ExecuteAsync: "<root> <quality> chord contains <notes>." with confidence 1, or a
// CannotHelp answer when no chord is found.
func (c ChordInfo) Execute(message string) Result {
	root, quality, ok := c.parse(message)
	if !ok {
		return Result{Text: "Could not parse a chord name from your question."}
	}
	rootPc, known := chordRootPitch[strings.ToLower(root)]
	if !known {
		return Result{Text: "I do not recognise \"" + root + "\" as a chord root."}
	}
	f := formulaOf(quality)
	display := qualityDisplayName(f.quality)
	notes := make([]string, len(f.intervals))
	for i, iv := range f.intervals {
		notes[i] = spell(root, rootPc+iv, f.letters[i])
	}
	return Result{
		Text:       root + " " + display + " contains " + joinNotes(notes) + ".",
		Confidence: 1,
		Evidence: []string{
			"Root: " + root,
			"Quality: " + display,
			"Intervals: " + strings.Join(f.names, ", "),
			"Notes: " + strings.Join(notes, ", "),
		},
	}
}

// joinNotes is ChordInfoSkill.JoinNotes: "A", "A and B", "A, B, and C".
func joinNotes(notes []string) string {
	switch len(notes) {
	case 0:
		return ""
	case 1:
		return notes[0]
	case 2:
		return notes[0] + " and " + notes[1]
	}
	return strings.Join(notes[:len(notes)-1], ", ") + ", and " + notes[len(notes)-1]
}

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

// icvCounts is a mask's interval-class vector, ic1 to ic6.
func icvCounts(mask int) [6]int {
	var v [6]int
	for a := range 12 {
		for b := a + 1; b < 12; b++ {
			if mask&(1<<a) != 0 && mask&(1<<b) != 0 {
				d := b - a
				v[min(d, 12-d)-1]++
			}
		}
	}
	return v
}

// nearby is GrothendieckService.FindNearby with the skill's filter: every pitch-class set in id
// order whose ICV is within L1 distance 3 of the source's, sorted by cost (0.6 per step, a stable
// sort), then those of the source's size other than the source, the first five
// (Common/GA.Domain.Services/Atonal/Grothendieck/GrothendieckService.cs:40-89;
// ChordSubstitutionSkill.cs:165-174 @ c781df5c).
func nearby(source int) (masks, l1s []int) {
	src := icvCounts(source)
	size := bits.OnesCount(uint(source))
	type hit struct{ mask, l1 int }
	var hits []hit
	for m := range 1 << 12 {
		v := icvCounts(m)
		l1 := 0
		for i := range v {
			l1 += max(v[i]-src[i], src[i]-v[i])
		}
		if l1 <= 3 {
			hits = append(hits, hit{m, l1})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int { return a.l1 - b.l1 })
	for _, h := range hits {
		if h.mask != source && bits.OnesCount(uint(h.mask)) == size && len(masks) < 5 {
			masks, l1s = append(masks, h.mask), append(l1s, h.l1)
		}
	}
	return masks, l1s
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
		pc, ok := chordRootPitch[strings.ToLower(root)]
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
	masks, l1s := nearby(mask)
	if len(masks) == 0 {
		return Result{Text: "No substitutions found within harmonic distance 3 for " + src.name + "."}
	}
	nl := c.NewLine
	if nl == "" {
		nl = "\n"
	}
	var b strings.Builder
	b.WriteString("Harmonic substitutions for **" + src.name + "** (ranked by ICV distance):" + nl + nl)
	evidence := []string{"Source chord: " + src.name + " (bitmask " + strconv.Itoa(mask) + ")"}
	for i, m := range masks {
		name := substitutionName(m)
		cost := strconv.FormatFloat(float64(l1s[i])*0.6, 'f', 2, 64)
		b.WriteString("- **" + name + "** — harmonic cost " + cost + " (Δ L1=" + strconv.Itoa(l1s[i]) + ")" + nl)
		evidence = append(evidence, name+": cost="+cost+", L1="+strconv.Itoa(l1s[i]))
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
