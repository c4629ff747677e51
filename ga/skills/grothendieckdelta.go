package skills

import (
	"bytes"
	"strconv"
	"sync/atomic"

	"github.com/dlclark/regexp2/v2"

	"course/ga/algebra"
	"course/internal/lazy"
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
var grothendieckTwoChordRe = lazy.Regexp2(`\b(?<a>`+grothendieckChordToken+`)\s+(?:to|and|→|->|>)\s+(?<b>`+grothendieckChordToken+`)\b`, regexp2.IgnoreCase)

// twoChords is TwoChordPattern's first match and its two groups. ASCII text is matched by
// twoChordScan, a hand-written matcher of the same expression; any other text by the expression
// itself.
func twoChords(message string) (a, b string, ok bool) {
	if !isASCII(message) {
		m := find(grothendieckTwoChordRe, message)
		if m == nil {
			return "", "", false
		}
		return m.GroupByName("a").String(), m.GroupByName("b").String(), true
	}
	sc := twoChordScan{s: message}
	if !sc.find() {
		return "", "", false
	}
	return message[sc.a[0]:sc.a[1]], message[sc.b[0]:sc.b[1]], true
}

// twoChordScan matches TwoChordPattern on ASCII text as regexp2's backtracking does: at each
// start in turn, every choice of the expression tried in the expression's order (a greedy
// element's longest run first, an optional element present first, alternatives left to right),
// so the first match and its groups are regexp2's. On ASCII text the expression's non-ASCII
// characters (♭, ♯, °, →) never match, \b is a boundary of [A-Za-z0-9_], \s is one of
// "\t\n\v\f\r " and \d one of 0-9, and IgnoreCase folds A-Z to a-z only. Lesson 23 asks the
// skill 36,864 questions, and regexp2's matching was most of its time; a test holds this matcher
// to the expression on the lesson's questions and 20,000 generated ones.
type twoChordScan struct {
	s    string
	a, b [2]int // the two groups' bounds
}

// chordQualities are the token's quality alternatives, in the expression's order.
var chordQualities = [...]string{"maj", "min", "m", "dim", "aug", "sus", "add", "dom"}

func (m *twoChordScan) find() bool {
	for i := range len(m.s) {
		if c := m.s[i] | 0x20; 'a' <= c && c <= 'g' && m.boundary(i) && m.token(i, i, false) {
			return true
		}
	}
	return false
}

// boundary is \b at i.
func (m *twoChordScan) boundary(i int) bool {
	before := i > 0 && isWordByte(m.s[i-1])
	after := i < len(m.s) && isWordByte(m.s[i])
	return before != after
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

func isSpaceByte(c byte) bool { return c == ' ' || '\t' <= c && c <= '\r' }

func isDigitByte(c byte) bool { return '0' <= c && c <= '9' }

// isAccidentalByte is [b#♭♯] on an ASCII byte under IgnoreCase.
func isAccidentalByte(c byte) bool { return c == 'b' || c == 'B' || c == '#' }

// hasFoldPrefix reports whether s starts with the lower-case word w, A-Z folded.
func hasFoldPrefix(s, w string) bool {
	if len(s) < len(w) {
		return false
	}
	for i := range len(w) {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}

// digitsEnd is the end of the run of digits from i.
func (m *twoChordScan) digitsEnd(i int) int {
	for i < len(m.s) && isDigitByte(m.s[i]) {
		i++
	}
	return i
}

// token matches a chord token at i, the group starting at start; second says which group, and
// what follows: the separator and the second token, or the final \b.
func (m *twoChordScan) token(start, i int, second bool) bool {
	if i >= len(m.s) {
		return false
	}
	if c := m.s[i] | 0x20; c < 'a' || c > 'g' {
		return false
	}
	i++
	if i < len(m.s) && isAccidentalByte(m.s[i]) && m.quality(start, i+1, second) {
		return true
	}
	return m.quality(start, i, second)
}

// quality is the optional quality word, each alternative in turn and then none.
func (m *twoChordScan) quality(start, i int, second bool) bool {
	if i < len(m.s) {
		switch first := m.s[i] | 0x20; first { // the words are lower case and start with one of these
		case 'm', 'd', 'a', 's':
			for _, w := range chordQualities {
				if w[0] == first && hasFoldPrefix(m.s[i:], w) && m.degrees(start, m.digitsEnd(i+len(w)), i+len(w), second) {
					return true
				}
			}
		}
	}
	return m.degrees(start, m.digitsEnd(i), i, second)
}

// degrees is \d* from its longest run end back to from, each followed by the altered degrees.
func (m *twoChordScan) degrees(start, end, from int, second bool) bool {
	for j := end; j >= from; j-- {
		if m.altered(start, j, second) {
			return true
		}
	}
	return false
}

// altered is (?:[b#♭♯]\d+)*: one more alteration first, its digits longest first, then none;
// °? never matches ASCII, so the token ends where the alterations do.
func (m *twoChordScan) altered(start, i int, second bool) bool {
	if i < len(m.s) && isAccidentalByte(m.s[i]) {
		for j := m.digitsEnd(i + 1); j >= i+2; j-- {
			if m.altered(start, j, second) {
				return true
			}
		}
	}
	if second {
		if !m.boundary(i) {
			return false
		}
		m.b = [2]int{start, i}
		return true
	}
	m.a = [2]int{start, i}
	return m.separator(i)
}

// spaces is \s+ from its longest run back to one, each followed by then.
func (m *twoChordScan) spaces(i int, then func(*twoChordScan, int) bool) bool {
	end := i
	for end < len(m.s) && isSpaceByte(m.s[end]) {
		end++
	}
	for j := end; j > i; j-- {
		if then(m, j) {
			return true
		}
	}
	return false
}

// separator is \s+(?:to|and|→|->|>)\s+ and the second token.
func (m *twoChordScan) separator(i int) bool { return m.spaces(i, (*twoChordScan).word) }

func (m *twoChordScan) word(i int) bool {
	for _, w := range [...]string{"to", "and", "->", ">"} {
		if hasFoldPrefix(m.s[i:], w) && m.spaces(i+len(w), (*twoChordScan).second) {
			return true
		}
	}
	return false
}

func (m *twoChordScan) second(i int) bool { return m.token(i, i, true) }

// grothendieckDeltaCannotHandle is the skill's refusal (GrothendieckDeltaSkill.cs:195-201).
const grothendieckDeltaCannotHandle = "Ask about the Grothendieck delta or harmonic distance between two named chords, e.g. \"harmonic distance from Cmaj7 to G7\" or \"delta C to F\"."

// BuildSet is the skill's TryBuildPcSet on a chord token (GrothendieckDeltaSkill.cs:137-151).
func (GrothendieckDelta) BuildSet(token string) (algebra.Set, bool) {
	return grothendieckChordSet(token)
}

// Execute is ExecuteAsync: the first two-chord match, both tokens built, and the delta; a
// refusal when no two chords are found (GrothendieckDeltaSkill.cs:80-95).
func (s GrothendieckDelta) Execute(message string) Result {
	a, b, found := twoChords(message)
	if !found {
		return Result{Text: grothendieckDeltaCannotHandle, Confidence: 0.1,
			Evidence: []string{"GrothendieckDeltaSkill: no two-chord pattern in query"}}
	}
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
	d := algebra.SetDelta(a, b)
	cost := memoText(costTexts[:], d.L1(), func() string { return strconv.FormatFloat(algebra.HarmonicCost(d), 'f', 2, 64) })
	l1 := strconv.Itoa(d.L1())
	// The numbers are appended in place through one scratch buffer, so the answer costs one
	// buffer: the lesson that asks the skill 36,864 questions spends its time here.
	var num [256]byte
	w := newLineWriter(s.NewLine)
	w.line("**Grothendieck delta ", aLabel, " → ", bLabel, "**")
	w.line()
	w.line("- **ICV ", aLabel, "**: `", a.VectorText(), "`  (ic1..ic6)")
	w.line("- **ICV ", bLabel, "**: `", b.VectorText(), "`")
	parts := num[:0]
	for i, c := range d {
		if i > 0 {
			parts = append(parts, ", "...)
		}
		parts = algebra.AppendSigned(parts, c)
	}
	w.put("- **Δ (signed)**: `[")
	w.b.Write(parts)
	w.line("]`")
	w.line("- **L1 norm** (Manhattan): **", l1, "**")
	w.put("- **L2 norm** (Euclidean): **")
	squares := 0
	for _, c := range d {
		squares += c * c
	}
	w.put(memoText(l2Texts[:], squares, func() string { return strconv.FormatFloat(d.L2(), 'f', 3, 64) }))
	w.line("**")
	w.line("- **Harmonic cost**: **", cost, "**")
	if explained := d.AppendExplain(num[:0]); len(bytes.TrimSpace(explained)) != 0 {
		w.line()
		w.put("**Interpretation**: ")
		w.b.Write(explained)
		w.line()
	}
	w.line()
	w.line("The delta is the signed change in interval-class content from ", aLabel, " to ", bLabel,
		": each component (ic1..ic6) says how many more occurrences of that interval-class the target has than the source. L1 norm is the total absolute interval-class movement. Harmonic cost weights the L1 by 0.6 — a rough musical-distance scalar.")
	return Result{Text: w.b.String(), Confidence: 1, Evidence: []string{
		"Source: GrothendieckDeltaSkill (in-process GrothendieckService)",
		"grothendieck-delta(" + aLabel + "→" + bLabel + ", L1=" + l1 + ", cost=" + cost + ")",
	}}
}

// costTexts and l2Texts remember the text of a delta's harmonic cost by its L1 norm and of its
// L2 norm by its sum of squares, the one number each is computed from (GrothendieckDelta.cs:84-102;
// GrothendieckService.cs:39-42): formatting the two floats was most of an answer's arithmetic.
// Each holds the text the first delta with that key formatted.
var (
	costTexts [128]atomic.Pointer[string]
	l2Texts   [1024]atomic.Pointer[string]
)

// memoText is format's text, remembered in cache under key; a key past the cache is formatted
// every time. Two answers that format one key at once store the same text.
func memoText(cache []atomic.Pointer[string], key int, format func() string) string {
	if key < 0 || key >= len(cache) {
		return format()
	}
	if p := cache[key].Load(); p != nil {
		return *p
	}
	text := format()
	cache[key].Store(&text)
	return text
}
