package voicinganalysis

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"course/ga/algebra"
)

// Pattern is a ChordIntervalPattern: a chord as intervals from its root, with the quality,
// extension and alterations its name is built from, and a priority, lower preferred
// (Common/GA.Domain.Core/Theory/Harmony/ChordIntervalPattern.cs:20-26 @ c781df5c).
type Pattern struct {
	Name, Quality, Extension string
	Alterations              []string
	Intervals                []int
	Priority                 int
}

// match is a MatchResult: the pattern intervals the chord lacks and the chord intervals the
// pattern lacks (ChordIntervalPattern.cs:37-56 @ c781df5c).
type match struct{ missing, extra int }

func (m match) distance() int { return m.missing + m.extra }

// tryMatch is ChordIntervalPattern.TryMatch: nil when more than maxMissing pattern intervals are
// absent or more than maxExtra chord intervals are not in the pattern (ChordIntervalPattern.cs:37-56 @ c781df5c).
// The chord's intervals from its root are the bits of intervals, all in 0-11; mask holds the
// bits of the pattern's intervals.
func (p Pattern) tryMatch(intervals, mask uint16, maxMissing, maxExtra int) (match, bool) {
	var m match
	if len(p.Intervals) == bits.OnesCount16(mask) { // each interval in 0-11 once: count by bits
		m.missing = bits.OnesCount16(mask &^ intervals)
	} else {
		for _, i := range p.Intervals {
			if i < 0 || i >= 12 || intervals&(1<<i) == 0 {
				m.missing++
			}
		}
	}
	m.extra = bits.OnesCount16(intervals &^ mask)
	return m, m.missing <= maxMissing && m.extra <= maxExtra
}

// intervalMask is the bits of the intervals in 0-11.
func intervalMask(intervals []int) uint16 {
	var m uint16
	for _, i := range intervals {
		if i >= 0 && i < 12 {
			m |= 1 << i
		}
	}
	return m
}

// catalogue is Patterns with each pattern's interval mask, built on first use.
var catalogue = sync.OnceValue(func() []maskedPattern {
	ps := Patterns()
	out := make([]maskedPattern, len(ps))
	for i, p := range ps {
		out[i] = maskedPattern{p, intervalMask(p.Intervals)}
	}
	return out
})

// maskedPattern is a pattern and the mask of its intervals.
type maskedPattern struct {
	Pattern
	mask uint16
}

// Patterns is CanonicalChordPatternCatalog.All, in the catalogue's order
// (Common/GA.Domain.Core/Theory/Harmony/CanonicalChordPatternCatalog.cs:44-135 @ c781df5c).
func Patterns() []Pattern {
	p := func(name, quality, ext string, alt []string, iv []int, prio int) Pattern {
		return Pattern{name, quality, ext, alt, iv, prio}
	}
	none := []string{}
	return []Pattern{
		p("major-triad", "major", "triad", none, []int{0, 4, 7}, 0),
		p("minor-triad", "minor", "triad", none, []int{0, 3, 7}, 1),
		p("diminished-triad", "diminished", "triad", none, []int{0, 3, 6}, 2),
		p("augmented-triad", "augmented", "triad", none, []int{0, 4, 8}, 3),
		p("sus2", "suspended", "triad", []string{"sus2"}, []int{0, 2, 7}, 8),
		p("sus4", "suspended", "triad", []string{"sus4"}, []int{0, 5, 7}, 8),
		p("major-6", "major", "6th", none, []int{0, 4, 7, 9}, 10),
		p("minor-6", "minor", "6th", none, []int{0, 3, 7, 9}, 11),
		p("major-6-add-9", "major", "6th", []string{"add9"}, []int{0, 2, 4, 7, 9}, 12),
		p("minor-6-add-9", "minor", "6th", []string{"add9"}, []int{0, 2, 3, 7, 9}, 13),
		p("dominant-7", "dominant", "7th", none, []int{0, 4, 7, 10}, 5),
		p("major-7", "major", "7th", none, []int{0, 4, 7, 11}, 5),
		p("minor-7", "minor", "7th", none, []int{0, 3, 7, 10}, 5),
		p("minor-major-7", "minor", "7th", []string{"maj7"}, []int{0, 3, 7, 11}, 6),
		p("half-diminished-7", "diminished", "7th", []string{"b5"}, []int{0, 3, 6, 10}, 6),
		p("diminished-7", "diminished", "7th", none, []int{0, 3, 6, 9}, 7),
		p("augmented-major-7", "augmented", "7th", []string{"maj7"}, []int{0, 4, 8, 11}, 8),
		p("augmented-7", "augmented", "7th", none, []int{0, 4, 8, 10}, 8),
		p("7-sus4", "suspended", "7th", []string{"sus4"}, []int{0, 5, 7, 10}, 9),
		p("7-sus2", "suspended", "7th", []string{"sus2"}, []int{0, 2, 7, 10}, 9),
		p("dominant-9", "dominant", "9th", none, []int{0, 2, 4, 7, 10}, 15),
		p("major-9", "major", "9th", none, []int{0, 2, 4, 7, 11}, 15),
		p("minor-9", "minor", "9th", none, []int{0, 2, 3, 7, 10}, 15),
		p("minor-major-9", "minor", "9th", []string{"maj9"}, []int{0, 2, 3, 7, 11}, 16),
		p("half-diminished-9", "diminished", "9th", []string{"b5"}, []int{0, 2, 3, 6, 10}, 17),
		p("9-sus4", "suspended", "9th", []string{"sus4"}, []int{0, 2, 5, 7, 10}, 18),
		p("dominant-11", "dominant", "11th", none, []int{0, 2, 5, 7, 10}, 20),
		p("major-11", "major", "11th", none, []int{0, 2, 5, 7, 11}, 20),
		p("minor-11", "minor", "11th", none, []int{0, 2, 3, 5, 7, 10}, 20),
		p("dominant-11-full", "dominant", "11th", none, []int{0, 2, 4, 5, 7, 10}, 22),
		p("dominant-13", "dominant", "13th", none, []int{0, 2, 4, 7, 9, 10}, 25),
		p("major-13", "major", "13th", none, []int{0, 2, 4, 7, 9, 11}, 25),
		p("minor-13", "minor", "13th", none, []int{0, 2, 3, 7, 9, 10}, 26),
		p("13-sus4", "suspended", "13th", []string{"sus4"}, []int{0, 2, 5, 7, 9, 10}, 28),
		p("dominant-7-b5", "altered-dominant", "7th", []string{"b5"}, []int{0, 4, 6, 10}, 30),
		p("dominant-7-sharp-5", "altered-dominant", "7th", []string{"#5"}, []int{0, 4, 8, 10}, 30),
		p("dominant-7-b9", "altered-dominant", "7th", []string{"b9"}, []int{0, 1, 4, 7, 10}, 32),
		p("dominant-7-sharp-9", "altered-dominant", "7th", []string{"#9"}, []int{0, 3, 4, 7, 10}, 32),
		p("dominant-7-sharp-11", "altered-dominant", "7th", []string{"#11"}, []int{0, 4, 6, 7, 10}, 34),
		p("dominant-7-b13", "altered-dominant", "7th", []string{"b13"}, []int{0, 4, 7, 8, 10}, 34),
		p("dominant-7-b9-sharp-9", "altered-dominant", "7th", []string{"b9", "#9"}, []int{0, 1, 3, 4, 7, 10}, 36),
		p("dominant-7-b9-sharp-11", "altered-dominant", "7th", []string{"b9", "#11"}, []int{0, 1, 4, 6, 7, 10}, 38),
		p("dominant-9-sharp-11", "altered-dominant", "9th", []string{"#11"}, []int{0, 2, 4, 6, 7, 10}, 40),
		p("dominant-13-b9", "altered-dominant", "13th", []string{"b9"}, []int{0, 1, 4, 7, 9, 10}, 42),
		p("dominant-7-alt", "altered-dominant", "7th", []string{"b9", "#9", "b13"}, []int{0, 1, 3, 4, 8, 10}, 44),
		p("add-9", "major", "add", []string{"add9"}, []int{0, 2, 4, 7}, 50),
		p("minor-add-9", "minor", "add", []string{"add9"}, []int{0, 2, 3, 7}, 51),
		p("add-11", "major", "add", []string{"add11"}, []int{0, 4, 5, 7}, 52),
		p("minor-add-11", "minor", "add", []string{"add11"}, []int{0, 3, 5, 7}, 53),
		p("6-9", "major", "add", []string{"add9"}, []int{0, 2, 4, 7, 9}, 54),
		p("minor-6-9", "minor", "add", []string{"add9"}, []int{0, 2, 3, 7, 9}, 55),
		p("quartal-3", "quartal", "triad", none, []int{0, 5, 10}, 70),
		p("quartal-4", "quartal", "7th", none, []int{0, 3, 5, 10}, 71),
		p("quartal-5", "quartal", "9th", none, []int{0, 3, 5, 8, 10}, 72),
		p("whole-tone-hexachord", "set-class", "", none, []int{0, 2, 4, 6, 8, 10}, 80),
		p("augmented-hexachord", "set-class", "", none, []int{0, 3, 4, 7, 8, 11}, 81),
		p("octatonic-half-whole", "set-class", "", none, []int{0, 1, 3, 4, 6, 7, 9, 10}, 82),
		p("octatonic-whole-half", "set-class", "", none, []int{0, 2, 3, 5, 6, 8, 9, 11}, 82),
		p("power-chord", "power", "dyad", none, []int{0, 7}, 90),
		p("shell-7", "shell", "7th", none, []int{0, 4, 10}, 91),
		p("shell-major-7", "shell", "7th", none, []int{0, 4, 11}, 91),
		p("shell-minor-7", "shell", "7th", none, []int{0, 3, 10}, 91),
	}
}

// Chord is a CanonicalChordResult: the register-free name of a set of pitch classes, its root,
// quality and extension, and the slash suffix the bass adds
// (Common/GA.Domain.Services/Chords/CanonicalChordRecognizer.cs:390-409 @ c781df5c).
type Chord struct {
	CanonicalName string
	// Root is the root's name; "" when the recognizer found none.
	Root, Quality, Extension string
	SlashSuffix              string
	PatternName              string
	MatchDistance            int
}

// DisplayName is the name with its slash suffix, "C/E" (CanonicalChordRecognizer.cs:404-408 @ c781df5c).
func (c Chord) DisplayName() string { return c.CanonicalName + c.SlashSuffix }

// Identify is CanonicalChordRecognizer.Identify: the distinct pitch classes name the chord, the
// bass only adds a slash suffix (CanonicalChordRecognizer.cs:26-38 @ c781df5c).
func Identify(pcs []int, bass int) Chord {
	return identifySet(algebra.NewSet(pcs...), bass)
}

// identifySet is Identify of a set, through chordCache for a bass of 0 or more.
func identifySet(set algebra.Set, bass int) Chord {
	if bass < 0 {
		return identifyUncached(set, bass)
	}
	c := &chordCache[int(set)*12+bass%12]
	if p := c.Load(); p != nil {
		return *p
	}
	chord := identifyUncached(set, bass)
	c.Store(&chord)
	return chord
}

// chordCache remembers Identify's answers: the name depends only on the set and the bass's
// pitch class, so a corpus of thousands of voicings names each pair once. Two callers naming
// one pair at once store equal chords.
var chordCache [algebra.ItemCount * 12]atomic.Pointer[Chord]

// identifyUncached is Identify of a set without the cache.
func identifyUncached(set algebra.Set, bass int) Chord {
	distinct := set.PitchClasses()
	switch len(distinct) {
	case 0:
		return Chord{CanonicalName: "(empty)", Quality: "empty", MatchDistance: -1}
	case 1:
		n := NoteName(distinct[0])
		return Chord{CanonicalName: n + " (unison)", Root: n, Quality: "unison", PatternName: "unison"}
	case 2:
		return identifyDyad(distinct[0], distinct[1])
	}
	return identifyChordSet(distinct, set, bass)
}

// identifyDyad names two pitch classes: a fifth either way is a power chord, anything else the
// smaller interval from its lower note (CanonicalChordRecognizer.cs:67-117 @ c781df5c).
func identifyDyad(pc1, pc2 int) Chord {
	interval := (pc2 - pc1 + 12) % 12
	if interval == 7 || interval == 5 {
		root := pc2
		if interval == 7 {
			root = pc1
		}
		return Chord{CanonicalName: NoteName(root) + "5", Root: NoteName(root), Quality: "power", Extension: "dyad", PatternName: "power-chord"}
	}
	root, other := pc2, pc1
	if interval <= 6 {
		root, other = pc1, pc2
	}
	c := (other - root + 12) % 12
	names := map[int]string{0: "unison", 1: "Minor 2nd", 2: "Major 2nd", 3: "Minor 3rd", 4: "Major 3rd", 5: "Perfect 4th", 6: "Tritone"}
	name, ok := names[c]
	if !ok {
		name = fmt.Sprintf("IC%d", c)
	}
	return Chord{CanonicalName: fmt.Sprintf("%s + %s (%s)", NoteName(root), NoteName(other), name), Root: NoteName(root),
		Quality: "dyad", Extension: "dyad", PatternName: fmt.Sprintf("dyad-ic%d", c)}
}

// candidate is one root and pattern that fit.
type candidate struct {
	root    int
	pattern *Pattern
	match   match
}

// before is the recognizer's order: the nearer fit, then an exact one, then the pattern of
// lower priority, then the commoner root (CanonicalChordRecognizer.cs:140-147 @ c781df5c).
func (a candidate) before(b candidate) bool {
	if a.match.distance() != b.match.distance() {
		return a.match.distance() < b.match.distance()
	}
	if a.missingRank() != b.missingRank() {
		return a.missingRank() < b.missingRank()
	}
	if a.pattern.Priority != b.pattern.Priority {
		return a.pattern.Priority < b.pattern.Priority
	}
	return rootCommonness(a.root) < rootCommonness(b.root)
}

// missingRank is 0 for a fit that lacks no interval.
func (a candidate) missingRank() int {
	if a.match.missing == 0 {
		return 0
	}
	return 1
}

// identifyChordSet tries every pitch class as root against every pattern, a pattern missing at
// most one interval and the chord having at most one extra, and keeps the nearest fit, then an
// exact one, then the pattern of lowest priority, then the commonest root; LINQ's OrderBy is
// stable, so ties keep root then catalogue order, and the first candidate no later one comes
// before is the one the sorted list starts with (CanonicalChordRecognizer.cs:123-160 @ c781df5c).
// The fit depends on the set alone: it is worked out once per set, and the bass adds its slash.
func identifyChordSet(pcs []int, set algebra.Set, bass int) Chord {
	c := &setChords[set&(algebra.ItemCount-1)]
	p := c.Load()
	if p == nil {
		fit := bestFit(pcs, set)
		p = &fit
		c.Store(p) // two callers naming one set at once store equal chords
	}
	chord := p.chord
	if p.root >= 0 && bass%12 != p.root {
		chord.SlashSuffix = "/" + NoteName(bass)
	}
	return chord
}

// fit is a set's chord before the bass is known, and its root's pitch class, -1 for the Forte
// fallback, which has no root.
type fit struct {
	chord Chord
	root  int
}

// setChords holds bestFit's answers by set.
var setChords [algebra.ItemCount]atomic.Pointer[fit]

// bestFit is identifyChordSet's chord without the slash: the fit nearest the set, or the
// Forte fallback when none fits.
func bestFit(pcs []int, set algebra.Set) fit {
	var best candidate
	found := false
	cat := catalogue()
	for _, root := range pcs {
		var intervals uint16
		for _, pc := range pcs {
			intervals |= 1 << ((pc - root + 12) % 12)
		}
		for i := range cat {
			p := &cat[i]
			if m, ok := p.tryMatch(intervals, p.mask, 1, 1); ok {
				if c := (candidate{root, &p.Pattern, m}); !found || c.before(best) {
					best, found = c, true
				}
			}
		}
	}
	if !found {
		return fit{fallbackFromForte(set), -1}
	}
	return fit{Chord{CanonicalName: NoteName(best.root) + chordSuffix(*best.pattern), Root: NoteName(best.root),
		Quality: best.pattern.Quality, Extension: best.pattern.Extension, PatternName: best.pattern.Name,
		MatchDistance: best.match.distance()}, best.root}
}

// specialSuffixes are ChordSuffix's names for known patterns, built when a chord is named
// (CanonicalChordRecognizer.cs:237-273 @ c781df5c).
var specialSuffixes = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"sus2": "sus2", "sus4": "sus4", "7-sus2": "7sus2", "7-sus4": "7sus4", "9-sus4": "9sus4", "13-sus4": "13sus4",
		"major-7": "maj7", "major-9": "maj9", "major-11": "maj11", "major-13": "maj13",
		"minor-major-7": "m(maj7)", "minor-major-9": "m(maj9)", "augmented-major-7": "aug(maj7)", "augmented-7": "aug7",
		"half-diminished-7": "m7b5", "half-diminished-9": "m9b5", "diminished-7": "dim7", "power-chord": "5",
		"add-9": "add9", "minor-add-9": "m(add9)", "add-11": "add11", "minor-add-11": "m(add11)", "6-9": "6/9",
		"minor-6-9": "m6/9", "quartal-3": "(quartal)", "quartal-4": "7(quartal)", "quartal-5": "9(quartal)",
		"shell-7": "7(shell)", "shell-major-7": "maj7(shell)", "shell-minor-7": "m7(shell)",
		"whole-tone-hexachord": "(whole-tone)", "augmented-hexachord": "(aug hex)",
		"octatonic-half-whole": "(oct H-W)", "octatonic-whole-half": "(oct W-H)",
	}
})

// chordSuffix is ChordSuffix: a known pattern's own suffix, else quality, extension and
// alterations run together (CanonicalChordRecognizer.cs:189-274 @ c781df5c).
func chordSuffix(p Pattern) string {
	if s, ok := specialSuffixes()[p.Name]; ok {
		return s
	}
	quality := map[string]string{"major": "", "minor": "m", "diminished": "dim", "augmented": "aug", "dominant": "",
		"altered-dominant": "", "suspended": "sus", "quartal": " quartal", "shell": "", "power": "", "set-class": ""}
	q, ok := quality[p.Quality]
	if !ok {
		q = p.Quality
	}
	ext := map[string]string{"triad": "", "6th": "6", "7th": "7", "9th": "9", "11th": "11", "13th": "13", "add": "", "dyad": "", "": ""}
	e, ok := ext[p.Extension]
	if !ok {
		e = p.Extension
	}
	var alt strings.Builder
	for _, a := range p.Alterations {
		if !slices.Contains([]string{"add9", "add11", "sus2", "sus4", "maj7", "maj9"}, a) {
			alt.WriteString(a)
		}
	}
	return q + e + alt.String()
}

// fallbackFromForte names a set no pattern fits by its Forte number and cardinality
// (CanonicalChordRecognizer.cs:294-330 @ c781df5c).
func fallbackFromForte(set algebra.Set) Chord {
	names := map[int]string{3: "trichord", 4: "tetrachord", 5: "pentachord", 6: "hexachord", 7: "heptachord",
		8: "octachord", 9: "nonachord", 10: "decachord", 11: "undecachord", 12: "dodecachord"}
	card, ok := names[set.Len()]
	if !ok {
		card = fmt.Sprintf("%d-note set", set.Len())
	}
	label, found := algebra.ForteLabel(set)
	forte := "set"
	if found {
		forte = "Forte " + label
	}
	return Chord{CanonicalName: fmt.Sprintf("%s (%s)", forte, card), Quality: "set-class", PatternName: label, MatchDistance: -1}
}

// rootCommonness is RootCommonness: the distance of a root from C round the circle of fifths,
// lower preferred (CanonicalChordRecognizer.cs:336-351 @ c781df5c).
func rootCommonness(pc int) int {
	return [12]int{0, 5, 2, 3, 4, 1, 6, 1, 4, 3, 2, 5}[pc]
}
