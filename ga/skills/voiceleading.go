package skills

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dlclark/regexp2/v2"

	"course/internal/lazy"
)

// VoiceLeading is GA's VoiceLeadingSkill: the pairing of two chords' notes that moves the
// voices least, found by trying every permutation, the smaller chord padded with its root. It
// is the same at the pin and on main; NewLine is what its AppendLine writes
// (Common/GA.Business.ML/Agents/Skills/VoiceLeadingSkill.cs at a826864, unchanged at f9ebd81).
type VoiceLeading struct {
	// NewLine ends every line of an answer; "" means "\n".
	NewLine string
}

// CanHandle is the skill's keyword rule: always false, the skill is reached only by semantic
// routing (VoiceLeadingSkill.cs:49).
func (VoiceLeading) CanHandle(string) bool { return false }

// twoChordRe is TwoChordPattern: two chord tokens around "to", "→", "->" or ">"
// (VoiceLeadingSkill.cs:55-57).
var twoChordRe = lazy.Regexp2(`\b(?<a>[A-Ga-g][b#♭♯]?(?:maj|min|m|dim|aug|sus|add|dom)?\d*(?:[b#♭♯]\d+)*°?)\s+(?:to|→|->|>)\s+(?<b>[A-Ga-g][b#♭♯]?(?:maj|min|m|dim|aug|sus|add|dom)?\d*(?:[b#♭♯]\d+)*°?)\b`, regexp2.IgnoreCase)

// The skill's fixed texts (VoiceLeadingSkill.cs:276, 283, 291).
const (
	voiceLeadingSource     = "Source: VoiceLeadingSkill (exhaustive permutation, optimal cost)"
	voiceLeadingCannotText = "Ask about voice leading between two chords, e.g. \"voice leading from C to F\" or \"smoothest voicing G7 to Cmaj7\"."
)

// Execute is ExecuteAsync: the first two-chord match, both tokens parsed, and the least-motion
// answer; a decline when no two chords are found or a token is not a chord the skill builds
// (VoiceLeadingSkill.cs:76-94).
func (v VoiceLeading) Execute(message string) Result {
	m := find(twoChordRe, message)
	if m == nil {
		return Result{Text: voiceLeadingCannotText, Confidence: 0.1,
			Evidence: []string{"VoiceLeadingSkill: no two-chord pattern in query"}}
	}
	a, b := m.GroupByName("a").String(), m.GroupByName("b").String()
	preferFlats := tokenHasFlats(a) || tokenHasFlats(b) || strings.Contains(strings.ToLower(message), "flat")
	chordA := parseVoiceLeadingChord(a)
	if chordA == nil {
		return cannotParseChord(a)
	}
	chordB := parseVoiceLeadingChord(b)
	if chordB == nil {
		return cannotParseChord(b)
	}
	return v.answer(a, chordA, b, chordB, preferFlats)
}

func cannotParseChord(token string) Result {
	return Result{
		Text:       fmt.Sprintf("I couldn't parse '%s' as a chord. Try a chord-symbol like C, Am, G7, Cmaj7, Dm7, F#m7b5, or B°.", token),
		Confidence: 0.3,
		Evidence:   []string{fmt.Sprintf("VoiceLeadingSkill: unparseable chord token '%s'", token)},
	}
}

// answer is AnswerVoiceLeading: both chords padded with their root to the larger size, the
// first permutation of least cost, and one table row per voice (VoiceLeadingSkill.cs:96-134).
func (v VoiceLeading) answer(aLabel string, a []int, bLabel string, b []int, preferFlats bool) Result {
	nl := v.NewLine
	if nl == "" {
		nl = "\n"
	}
	n := max(len(a), len(b))
	pa, pb := padWithRoot(a, n), padWithRoot(b, n)
	perm, cost := bestAssignment(pa, pb)
	var sb strings.Builder
	sb.Grow(512)
	line := func(parts ...string) {
		for _, p := range parts {
			sb.WriteString(p)
		}
		sb.WriteString(nl)
	}
	line("**Smoothest voice leading ", aLabel, " → ", bLabel, "**: total motion = **", strconv.Itoa(cost), " semitones**.")
	line()
	line("| Voice | From | To | Move |")
	line("|-------|------|----|----|")
	for i := range n {
		from, to := pa[i], pb[perm[i]]
		move := shortestSemitones(from, to)
		direction := "stays"
		switch {
		case move > 0:
			direction = "+" + strconv.Itoa(move) + " (up)"
		case move < 0:
			direction = strconv.Itoa(move) + " (down)"
		}
		line("| ", strconv.Itoa(i+1), " | ", spellPitchClass(from, preferFlats), " | ", spellPitchClass(to, preferFlats), " | ", direction, " |")
	}
	line()
	line("This is the optimal pitch-class assignment — every other voicing of ", aLabel, " → ", bLabel, " requires more total semitone movement.")
	return Result{Text: sb.String(), Confidence: 1,
		Evidence: []string{voiceLeadingSource, fmt.Sprintf("voice-leading(%s→%s, cost=%d)", aLabel, bLabel, cost)}}
}

// bestAssignment is FindBestAssignment: the permutations in lexicographic order, the first of
// least cost kept (VoiceLeadingSkill.cs:139-173).
func bestAssignment(a, b []int) ([]int, int) {
	n := len(a)
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	best, bestCost := append([]int(nil), perm...), -1
	for {
		cost := 0
		for i := range n {
			m := shortestSemitones(a[i], b[perm[i]])
			cost += max(m, -m)
		}
		if bestCost < 0 || cost < bestCost {
			bestCost = cost
			copy(best, perm)
		}
		if !nextPermutation(perm) {
			return best, bestCost
		}
	}
}

// nextPermutation is NextPermutation: the next ordering in lexicographic order, false after
// the last (VoiceLeadingSkill.cs:163-173).
func nextPermutation(p []int) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	for l, r := i+1, len(p)-1; l < r; l, r = l+1, r-1 {
		p[l], p[r] = p[r], p[l]
	}
	return true
}

// shortestSemitones is ShortestSignedSemitones: -5 to 6, a tritone up (VoiceLeadingSkill.cs:179-183).
func shortestSemitones(from, to int) int {
	d := ((to-from)%12 + 12) % 12
	if d <= 6 {
		return d
	}
	return d - 12
}

// padWithRoot is Pad: the chord, then its root repeated up to n notes (VoiceLeadingSkill.cs:185-194).
func padWithRoot(chord []int, n int) []int {
	out := append(make([]int, 0, n), chord...)
	for len(out) < n {
		out = append(out, chord[0])
	}
	return out
}

// unicodeAccidentals writes ♯ and ♭ as # and b, as the skills' Replace calls do.
var unicodeAccidentals = strings.NewReplacer("♯", "#", "♭", "b")

// parseVoiceLeadingChord is TryParseChord: Unicode accidentals to ASCII, a root of one letter
// and an optional '#' or 'b', and the rest a quality BuildChord knows; nil otherwise
// (VoiceLeadingSkill.cs:200-214).
func parseVoiceLeadingChord(token string) []int {
	if strings.TrimSpace(token) == "" {
		return nil
	}
	t := []rune(strings.TrimSpace(unicodeAccidentals.Replace(token)))
	rootLen := 1
	if len(t) >= 2 && (t[1] == '#' || t[1] == 'b') {
		rootLen = 2
	}
	root := strings.ToUpper(string(t[0]))
	if rootLen == 2 {
		root += strings.ToLower(string(t[1]))
	}
	pc, ok := rootPitchClass()[root]
	if !ok {
		return nil
	}
	return buildVoiceLeadingChord(pc, string(t[rootLen:]))
}

// voiceLeadingQualities is BuildChord's switch, the quality lower-cased before it is looked up,
// so the "M7", "Δ7" and "Δ" arms are never reached (VoiceLeadingSkill.cs:224-259).
var voiceLeadingQualities = []struct {
	names     []string
	intervals []int
}{
	{[]string{"", "maj", "major"}, []int{0, 4, 7}},
	{[]string{"m", "min", "minor", "-"}, []int{0, 3, 7}},
	{[]string{"dim", "°", "o"}, []int{0, 3, 6}},
	{[]string{"aug", "+"}, []int{0, 4, 8}},
	{[]string{"7"}, []int{0, 4, 7, 10}},
	{[]string{"m7", "min7", "-7"}, []int{0, 3, 7, 10}},
	{[]string{"maj7", "major7", "M7", "Δ7", "Δ"}, []int{0, 4, 7, 11}},
	{[]string{"m7b5", "ø", "ø7", "half-dim", "min7b5"}, []int{0, 3, 6, 10}},
	{[]string{"dim7", "°7", "o7"}, []int{0, 3, 6, 9}},
	{[]string{"sus2"}, []int{0, 2, 7}},
	{[]string{"sus4", "sus"}, []int{0, 5, 7}},
	{[]string{"6"}, []int{0, 4, 7, 9}},
	{[]string{"m6", "min6"}, []int{0, 3, 7, 9}},
	{[]string{"9"}, []int{0, 4, 7, 10, 2}},
	{[]string{"maj9"}, []int{0, 4, 7, 11, 2}},
	{[]string{"m9", "min9"}, []int{0, 3, 7, 10, 2}},
}

// buildVoiceLeadingChord is BuildChord: the pitch classes of the quality on root, nil for a
// quality it does not know (VoiceLeadingSkill.cs:224-259).
func buildVoiceLeadingChord(root int, quality string) []int {
	q := strings.TrimSpace(strings.ToLower(quality))
	for _, qu := range voiceLeadingQualities {
		for _, name := range qu.names {
			if q == name {
				pcs := make([]int, len(qu.intervals))
				for i, iv := range qu.intervals {
					pcs[i] = (root + iv) % 12
				}
				return pcs
			}
		}
	}
	return nil
}

// tokenHasFlats is TokenHasFlats: a 'b' or 'B' after the first character, or a '♭' anywhere;
// so "Bb" alone has none (VoiceLeadingSkill.cs:261-263).
func tokenHasFlats(token string) bool {
	return strings.IndexAny(token, "bB") > 0 || strings.ContainsRune(token, '♭')
}

// spellPitchClass is Spell: flat or sharp names (VoiceLeadingSkill.cs:265-266).
func spellPitchClass(pc int, flats bool) string {
	pc = ((pc % 12) + 12) % 12
	if flats {
		return flatNames[pc]
	}
	return sharpNames[pc]
}
