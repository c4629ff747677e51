package skills

import (
	"strconv"
	"strings"
	"unicode"

	"course/ga/algebra"
)

// SetTheoryEquivalence is GA's SetTheoryEquivalenceSkill: it finds two pitch-class sets in a
// question with one of two expressions, reads the relation the question names, and compares the
// sets' prime forms and interval-class vectors
// (Common/GA.Business.ML/Agents/Skills/SetTheoryEquivalenceSkill.cs @ c781df5c; the file's last
// change before the pin is fa95bd15, 2026-06-28).
type SetTheoryEquivalence struct{}

// Name is the skill's Name.
func (SetTheoryEquivalence) Name() string { return "SetTheoryEquivalence" }

// ExamplePrompts are the skill's ExamplePrompts (SetTheoryEquivalenceSkill.cs:35-42).
func (SetTheoryEquivalence) ExamplePrompts() []string {
	return []string{
		"Are pitch classes 0,1,4 and 0,1,6 equivalent under inversion",
		"Are pitch class sets 0,1,3 and 0,2,3 equivalent under transposition",
		"Are 0,1,4 and 0,3,4 the same set class",
		"Do 0146 and 0137 belong to the same set class",
		"Are pitch classes 0,2,4 and 1,3,5 transpositionally equivalent",
	}
}

// CanHandle is the skill's CanHandle: either expression matches a message that is not blank
// (SetTheoryEquivalenceSkill.cs:56-58).
func (SetTheoryEquivalence) CanHandle(message string) bool {
	return strings.TrimSpace(message) != "" && setTheoryCanHandle(message)
}

// SetQuestion is what the skill's expressions read in a question: the two sets as written and
// the relation, "transposition", "inversion" or "ti".
type SetQuestion struct {
	A, B     string
	Relation string
}

// Read is the first half of ExecuteAsync: EquivalencePattern, else SetClassPattern, and the
// relation group normalised, "ti" when the question names none (SetTheoryEquivalenceSkill.cs:64-73).
// The expressions see a digit only as \d, so questions that differ only in their digits are read
// alike.
func (SetTheoryEquivalence) Read(message string) (SetQuestion, bool) {
	m := find(setEquivalenceRe, message)
	if m == nil {
		m = find(setBelongRe, message)
	}
	if m == nil {
		return SetQuestion{}, false
	}
	q := SetQuestion{A: m.GroupByName("a").String(), B: m.GroupByName("b").String(), Relation: "ti"}
	if rel := m.GroupByName("rel"); rel != nil && len(rel.Captures) > 0 {
		q.Relation = normalizeRelation(rel.String())
	}
	return q, true
}

// normalizeRelation is NormalizeRelation (SetTheoryEquivalenceSkill.cs:209-216).
func normalizeRelation(raw string) string {
	t := strings.ToLower(strings.TrimSpace(raw))
	switch {
	case strings.Contains(t, "transposition") && strings.Contains(t, "inversion"):
		return "ti"
	case strings.Contains(t, "inversion") || t == "t-i":
		return "inversion"
	case strings.Contains(t, "transposition"):
		return "transposition"
	}
	return "ti"
}

// ParseSet is TryParseSet: brackets and braces become spaces, the text splits on every run of
// non-digits, a lone token of several digits is read digit by digit, and every token must be 0
// to 11; pcs are the pitch classes in the order written, set the PitchClassSet they make
// (SetTheoryEquivalenceSkill.cs:218-241).
func ParseSet(raw string) (set algebra.Set, pcs []int, ok bool) {
	if strings.TrimFunc(raw, unicode.IsSpace) == "" {
		return 0, nil, false
	}
	tokens := strings.FieldsFunc(raw, func(r rune) bool { return r < '0' || r > '9' })
	if len(tokens) == 0 {
		return 0, nil, false
	}
	if len(tokens) == 1 && len(tokens[0]) > 1 {
		tokens = strings.Split(tokens[0], "")
	}
	for _, tok := range tokens {
		n, err := strconv.Atoi(tok)
		if err != nil || n < 0 || n > 11 {
			return 0, nil, false
		}
		pcs = append(pcs, n)
	}
	return algebra.NewSet(pcs...), pcs, true
}

// SetVerdict is one of the verdict sentences the skill can write (SetTheoryEquivalenceSkill.cs:116-175).
type SetVerdict int

// The verdicts, by the relation the skill applies.
const (
	VerdictTYes SetVerdict = iota
	VerdictTNoInversionOnly
	VerdictTNoZ
	VerdictTNo
	VerdictIYesBoth
	VerdictIYes
	VerdictINoZ
	VerdictINo
	VerdictTIYesTransposition
	VerdictTIYesInversion
	VerdictTINoZ
	VerdictTINo
)

// setVerdicts are the sentences, in the order of the constants (SetTheoryEquivalenceSkill.cs:120-173).
var setVerdicts = [...]string{
	"**Yes — equivalent under transposition.** There exists a single transposition that maps one set onto the other (no inversion needed).",
	"**No — not equivalent under transposition alone.** They share the same set class (Forte prime form), but the relationship requires INVERSION, not pure transposition. They are TI-equivalent, not T-equivalent.",
	"**No — not transpositionally equivalent.** ICVs match but the sets belong to distinct set classes (Z-relation), so neither T nor TI equivalence applies.",
	"**No — not transpositionally equivalent.** Interval class vectors differ, which rules out any T or TI equivalence.",
	"**Yes — equivalent under inversion** (and also under transposition alone; they reduce to the same prime form via either operation).",
	"**Yes — equivalent under inversion.** The two sets share a Forte prime form via TnI (transposition combined with inversion). They are NOT T-equivalent on their own — inversion is required.",
	"**No — not equivalent under inversion.** ICVs match but prime forms differ — this is the Z-relation hallmark: distinct set classes that share an interval class vector.",
	"**No — not equivalent under inversion.** Interval class vectors differ. Inversion preserves the ICV, so distinct ICVs rule out any TI relationship.",
	"**Yes — they belong to the same set class** (same Forte prime form). The relationship is pure transposition.",
	"**Yes — they belong to the same set class** (same Forte prime form). The relationship is transposition combined with inversion.",
	"**No — they are Z-related.** Their interval class vectors are identical but their prime forms differ. This is the rare Z-pair phenomenon where two distinct set classes share an ICV.",
	"**No — they are not equivalent.** Their interval class vectors differ, so they cannot be related by transposition or inversion.",
}

// String is the verdict's sentence as the answer writes it.
func (v SetVerdict) String() string { return setVerdicts[v] }

// SetVerdicts returns every verdict the skill can give.
func SetVerdicts() []SetVerdict {
	out := make([]SetVerdict, len(setVerdicts))
	for i := range out {
		out[i] = SetVerdict(i)
	}
	return out
}

// Verdict is the branch of Answer for two sets and a relation: the same prime form is
// TI-equivalence, one transposition mapping a onto b is T-equivalence, and the same
// interval-class vector with different prime forms is a Z-relation (SetTheoryEquivalenceSkill.cs:86-175).
func (SetTheoryEquivalence) Verdict(a, b algebra.Set, relation string) SetVerdict {
	t := algebra.ClassTables()
	ti := t.Prime(a) == t.Prime(b)
	sameICV := t.ICV(a) == t.ICV(b)
	switch relation {
	case "transposition":
		switch {
		case areTEquivalent(a, b):
			return VerdictTYes
		case ti:
			return VerdictTNoInversionOnly
		case sameICV:
			return VerdictTNoZ
		}
		return VerdictTNo
	case "inversion":
		switch {
		case ti && areTEquivalent(a, b):
			return VerdictIYesBoth
		case ti:
			return VerdictIYes
		case sameICV:
			return VerdictINoZ
		}
		return VerdictINo
	}
	switch {
	case ti && areTEquivalent(a, b):
		return VerdictTIYesTransposition
	case ti:
		return VerdictTIYesInversion
	case sameICV:
		return VerdictTINoZ
	}
	return VerdictTINo
}

// areTEquivalent is AreTEquivalent: sets of one size, one of the twelve transpositions of a
// equal to b (SetTheoryEquivalenceSkill.cs:196-207).
func areTEquivalent(a, b algebra.Set) bool {
	if a.Len() != b.Len() {
		return false
	}
	for t := range 12 {
		if a.Transpose(t) == b {
			return true
		}
	}
	return false
}

// formatWritten is Format(string): the written set trimmed of spaces, brackets and braces at its
// ends (SetTheoryEquivalenceSkill.cs:243).
func formatWritten(raw string) string {
	return strings.TrimSpace(strings.Trim(strings.TrimSpace(raw), "[]{}"))
}

// Execute is ExecuteAsync: a pointer to the question's form when neither expression matches, a
// refusal naming both sets when one does not parse, and otherwise the comparison with its
// verdict, each line ended by "\n" as on Linux (SetTheoryEquivalenceSkill.cs:60-190, 248-262).
func (s SetTheoryEquivalence) Execute(message string) Result {
	q, ok := s.Read(message)
	if !ok {
		return Result{
			Text:       "Ask whether two pitch-class sets are equivalent under transposition, inversion, or both.",
			Confidence: 0.1,
			Evidence:   []string{"SetTheoryEquivalenceSkill: no recognised pattern"},
		}
	}
	a, _, okA := ParseSet(q.A)
	b, _, okB := ParseSet(q.B)
	if !okA || !okB {
		return Result{
			Text: "I couldn't parse two pitch-class sets from your question. Try a form like 'are pitch classes 0,1,4 and 0,1,6 equivalent under inversion' or 'do 0146 and 0137 belong to the same set class'. Saw: '" +
				q.A + "' / '" + q.B + "'.",
			Confidence: 0.3,
			Evidence:   []string{"SetTheoryEquivalenceSkill: PC-set parse failed"},
		}
	}
	primeA, primeB := algebra.PrimeOf(a), algebra.PrimeOf(b)
	icvA, icvB := algebra.ICVOf(a), algebra.ICVOf(b)
	var t strings.Builder
	t.WriteString("## Set comparison\n\n")
	t.WriteString("- **Set A** `" + formatWritten(q.A) + "` → ICV `" + icvA.String() + "`, prime form `" + primeA.Braced() + "`\n")
	t.WriteString("- **Set B** `" + formatWritten(q.B) + "` → ICV `" + icvB.String() + "`, prime form `" + primeB.Braced() + "`\n\n")
	t.WriteString(s.Verdict(a, b, q.Relation).String() + "\n")
	same := "False"
	if primeA == primeB {
		same = "True"
	}
	return Result{
		Text:       t.String(),
		Confidence: 1,
		Evidence: []string{
			"Source: SetTheoryEquivalenceSkill (PitchClassSet → SetClass.PrimeForm comparison)",
			"Set A ICV: " + icvA.String() + ", prime form: " + primeA.Braced(),
			"Set B ICV: " + icvB.String() + ", prime form: " + primeB.Braced(),
			"Equivalent (same set class): " + same,
		},
	}
}
