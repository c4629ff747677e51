package l24

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"course/ga/algebra"
	"course/ga/dsl"
	"course/ga/revision"
	"course/ga/skills"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// Options is what `course l24` needs to run.
type Options struct {
	// Revision is the GA the run is titled as: GA's two skills and parser are the same on main.
	Revision revision.Revision
}

// NewCmd builds `course l24`; runF replaces the lesson's run in tests of the flags.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l24", Long: `Lesson 24: set-class equivalence and GA's operation parser.

Asks GA's two skills that read set theory and category theory in a question, in-process:
SetTheoryEquivalenceSkill on its own phrasings, on every ordered pair of three-note and of
four-note sets, graded by the course's own set theory, and on the ways a set can be
written; GrothendieckParseSkill and GA's F# Grothendieck parser on one expression for
every form the parser's comments name, on chord symbols, and on questions. With --main,
the same skills as GA's main branch has them.`, Run: run, Exercises: Exercises}, opts, runF)
	kit.MainFlag(cmd, &opts.Revision, "title the run as GA's main branch (f4f5b4a), whose two skills and parser are the pin's")
	return cmd
}

// lesson carries what the sections share.
type lesson struct {
	r     *report.Report
	sets  skills.SetTheoryEquivalence
	parse skills.GrothendieckParse
	hints skills.Hints
	rev   revision.Revision
	// askEvery makes the sweep ask every question in full, without reading one per shape.
	askEvery bool
}

// The skills' files did not change between the pin and the main branch the -main run read:
// the stored versions (c781df5c; last changed by fa95bd15, 2026-06-28, and the parser by
// 430c96c4, 2026-03-02) explain both references, so --main changes only the titles.
func run(ctx context.Context, w io.Writer, opts *Options) error {
	l := &lesson{r: report.New(w), hints: skills.DefaultHints(), rev: opts.Revision}
	l.r.Heading(l.rev.Heading("l24"))
	return kit.RunSections(ctx, "l24", l.r, l.examples, l.relations, l.allPairs, l.notations, l.primeForms, l.forms, l.chords, l.questions)
}

// setJudgement is what an equivalence answer says: "answer" with the relation it applies and
// its verdict, or "can't parse" or "declined".
type setJudgement struct {
	kind, relation string
	yes            bool
}

func (j setJudgement) says() string {
	if j.kind != "answer" {
		return j.kind
	}
	if j.yes {
		return "yes, " + j.relation
	}
	return "no, " + j.relation
}

// setVerdictHeads are the first words of the skill's verdicts, with the relation each applies:
// T for transposition, I for inversion, TI for the set class.
var setVerdictHeads = []struct {
	head, relation string
	yes            bool
}{
	{"**Yes — equivalent under transposition.**", "T", true},
	{"**No — not equivalent under transposition alone.**", "T", false},
	{"**No — not transpositionally equivalent.**", "T", false},
	{"**Yes — equivalent under inversion", "I", true},
	{"**No — not equivalent under inversion.**", "I", false},
	{"**Yes — they belong to the same set class**", "TI", true},
	{"**No — they are Z-related.**", "TI", false},
	{"**No — they are not equivalent.**", "TI", false},
}

// judgeSets reads an equivalence answer by its first words and the verdict line's head.
func judgeSets(text string) setJudgement {
	if strings.HasPrefix(text, "I couldn't parse") {
		return setJudgement{kind: "can't parse"}
	}
	for _, v := range setVerdictHeads {
		if strings.Contains(text, "\n"+v.head) {
			return setJudgement{kind: "answer", relation: v.relation, yes: v.yes}
		}
	}
	return setJudgement{kind: "declined"}
}

// parseCase reads a parse answer: the AST category it names, or why it names none.
func parseCase(text string) string {
	switch {
	case strings.HasPrefix(text, "**Parsed**"):
		_, rest, _ := strings.Cut(text, "**AST category**: `")
		c, _, _ := strings.Cut(rest, "`")
		return c
	case strings.HasPrefix(text, "Couldn't parse"), strings.HasPrefix(text, "The parser couldn't"):
		return "can't parse"
	case strings.HasPrefix(text, "Expression"):
		return "rejected"
	}
	return "declined"
}

// says is what a skill's answer to a prompt says, read as the skill's kind of answer.
func (l *lesson) says(skill, prompt string) string {
	if skill == "sets" {
		return judgeSets(l.sets.Execute(prompt).Text).says()
	}
	return parseCase(l.parse.Execute(prompt).Text)
}

func answered(says string) bool { return says != "declined" && says != "can't parse" }

// examples is section 1: both skills' example prompts, each asked of both skills, with the
// routing hints they fire. The parse skill's refusal suggests Transpose(Cmaj7), asked last.
func (l *lesson) examples() error {
	l.r.Title("SetTheoryEquivalenceSkill's and GrothendieckParseSkill's example prompts, %s", l.rev.Label())
	w := []int{72, 6, 18, 14}
	l.r.FixedRow(w, "prompt", "skill", "its answer", "the other's", fmt.Sprintf("routing hints, +%g each", skills.HintBoost))
	type asked struct{ prompt, skill string }
	var prompts []asked
	for _, p := range l.sets.ExamplePrompts() {
		prompts = append(prompts, asked{p, "sets"})
	}
	for _, p := range l.parse.ExamplePrompts() {
		prompts = append(prompts, asked{p, "parse"})
	}
	prompts = append(prompts, asked{"parse Transpose(Cmaj7)", "parse"})
	other := map[string]string{"sets": "parse", "parse": "sets"}
	for _, p := range prompts {
		hint := "none"
		if fired := l.hints.Fired(p.prompt); len(fired) > 0 {
			hint = strings.Join(fired, ", ")
		}
		l.r.FixedRow(w, p.prompt, p.skill, l.says(p.skill, p.prompt), l.says(other[p.skill], p.prompt), hint)
	}
	for _, s := range []struct {
		name, skill, intent string
		anchors             []string
		canHandle           func(string) bool
	}{
		{"SetTheoryEquivalenceSkill", "sets", "skill.settheoryequivalence", l.sets.ExamplePrompts(), l.sets.CanHandle},
		{"GrothendieckParseSkill", "parse", "skill.grothendieckparse", l.parse.ExamplePrompts(), l.parse.CanHandle},
	} {
		var own, hinted, byOther, accepted int
		for _, p := range s.anchors {
			if answered(l.says(s.skill, p)) {
				own++
			}
			if _, ok := l.hints.Deltas(p)[s.intent]; ok {
				hinted++
			}
			if answered(l.says(other[s.skill], p)) {
				byOther++
			}
			if s.canHandle(p) {
				accepted++
			}
		}
		l.r.Line("%s: anchors %d, answered %d, hinted toward %s %d; the other skill answers %d of them; CanHandle accepts %d",
			s.name, len(s.anchors), own, s.intent, hinted, byOther, accepted)
	}
	return nil
}

// setPair is a pair of sets of a named relation.
type setPair struct{ name, a, b string }

// pairs are one pair for each relation: inversion only, transposition, Z-related, none.
var pairs = []setPair{
	{"inversion only", "0,1,3", "0,2,3"},
	{"transposition", "0,1,4", "1,2,5"},
	{"Z-related", "0,1,4,6", "0,1,3,7"},
	{"different", "0,1,4", "0,1,6"},
}

// setPhrasing is a question with the relation it names.
type setPhrasing struct{ template, relation string }

// phrasings ask for each relation in the words of the skill's anchors and comments.
var phrasings = []setPhrasing{
	{"are pitch classes {a} and {b} equivalent under transposition", "T"},
	{"are pitch classes {a} and {b} equivalent under inversion", "I"},
	{"are pitch classes {a} and {b} equivalent", "TI"},
	{"are {a} and {b} equivalent under transposition or inversion", "TI"},
	{"are {a} and {b} the same set class under transposition", "T"},
	{"are {a} and {b} the same set class under inversion", "I"},
	{"are {a} and {b} the same set class", "TI"},
	{"are {a} and {b} related by inversion", "I"},
	{"are {a} and {b} transpositionally equivalent", "T"},
	{"is {a} a transposition of {b}", "T"},
}

func ask(template, a, b string) string {
	return strings.ReplaceAll(strings.ReplaceAll(template, "{a}", a), "{b}", b)
}

// maskOfText reads "0,1,4" as the course's set.
func maskOfText(s string) theory.PCMask {
	var pcs []int
	for f := range strings.SplitSeq(s, ",") {
		n, _ := strconv.Atoi(f)
		pcs = append(pcs, n)
	}
	return theory.MaskOf(pcs...)
}

// rightVerdict is the right answer for the relation a question names, as the skill defines
// them: "under inversion" means by transposition or inversion (SetTheoryEquivalenceSkill.cs:137-141).
func rightVerdict(relation string, a, b theory.PCMask) bool {
	if relation == "T" {
		return a.TranspositionClass() == b.TranspositionClass()
	}
	return a.SetClass() == b.SetClass()
}

// relations is section 2: ten phrasings on four pairs, each verdict graded.
func (l *lesson) relations() error {
	l.r.Title("The relation SetTheoryEquivalenceSkill reads, %s", l.rev.Label())
	l.r.Line("a pair's cell: the verdict, the relation it applies (T, I or TI), and \"wrong\" when the verdict")
	l.r.Line("is wrong for the relation the question names")
	w := []int{62, 4, 20, 20, 20}
	head, names := []string{"question", "asks"}, []string{"", ""}
	for _, p := range pairs {
		head = append(head, p.a+" | "+p.b)
		names = append(names, p.name)
	}
	l.r.FixedRow(w, head...)
	l.r.FixedRow(w, names...)
	for _, ph := range phrasings {
		cells := []string{ask(ph.template, "{a}", "{b}"), ph.relation}
		for _, p := range pairs {
			cells = append(cells, l.relationCell(ph, p))
		}
		l.r.FixedRow(w, cells...)
	}
	return nil
}

// relationCell is the verdict on one pair in one phrasing, marked when it is wrong; the cell
// is coloured by the same grade, and red when the skill declines the question it exists for.
func (l *lesson) relationCell(ph setPhrasing, p setPair) string {
	j := judgeSets(l.sets.Execute(ask(ph.template, p.a, p.b)).Text)
	cell := j.says()
	switch {
	case j.kind == "answer" && j.yes != rightVerdict(ph.relation, maskOfText(p.a), maskOfText(p.b)):
		return report.Mark(report.Wrong, cell+", wrong")
	case j.kind == "answer":
		return report.Mark(report.Right, cell)
	case j.kind == "declined":
		return report.Mark(report.Wrong, cell)
	}
	return cell
}

// sweepPhrasings are the phrasings asked of every pair.
var sweepPhrasings = []setPhrasing{
	{"are pitch classes {a} and {b} equivalent under transposition", "T"},
	{"are {a} and {b} the same set class under transposition", "T"},
	{"are {a} and {b} the same set class under inversion", "I"},
	{"are {a} and {b} the same set class", "TI"},
}

// allPairs is section 3: every ordered pair of three-note and of four-note sets in four
// phrasings. The skill's expressions see a digit only as \d, so the questions whose sets have
// the same digit shapes ("0,0,00") are read alike: the lesson reads one question of each shape
// and, when the skill finds the two sets as written, has it judge the rest from their parsed
// sets; any other shape is asked question by question.
func (l *lesson) allPairs() error {
	l.r.Title("Every ordered pair of three-note and of four-note sets, asked of SetTheoryEquivalenceSkill, %s", l.rev.Label())
	w := []int{60, 5, 7, 7, 6}
	l.r.FixedRow(w, "question", "size", "pairs", "right", "wrong", "what the wrong ones are")
	var verdicts []sweepReading
	for _, v := range skills.SetVerdicts() {
		verdicts = append(verdicts, readSweep("\n"+v.String()))
	}
	// The eight sweeps are independent; they run side by side and print in order.
	var tallies []*sweepTally
	var wg sync.WaitGroup
	for _, size := range []int{3, 4} {
		sets, shapes := l.sweepSets(size)
		for _, ph := range sweepPhrasings {
			t := &sweepTally{size: size, phrasing: ph, pairs: len(sets) * len(sets)}
			tallies = append(tallies, t)
			wg.Go(func() { l.sweep(t, sets, len(shapes), verdicts) })
		}
	}
	wg.Wait()
	for _, t := range tallies {
		what := "none"
		if len(t.kinds) > 0 {
			var parts []string
			for _, k := range slices.Sorted(maps.Keys(t.kinds)) {
				parts = append(parts, k+" "+strconv.Itoa(t.kinds[k]))
			}
			what = strings.Join(parts, "; ")
		}
		l.r.FixedRow(w, ask(t.phrasing.template, "{a}", "{b}"), strconv.Itoa(t.size), strconv.Itoa(t.pairs),
			strconv.Itoa(t.right), report.Judge(t.wrong == 0, report.Wrong, strconv.Itoa(t.wrong)), what)
		if t.phrasing.relation == "TI" {
			l.r.Line("  Z-related pairs: the answer says so for %d, the vectors give %d", t.zSaid, t.zTrue)
		}
		if t.eitherSaid > 0 {
			l.r.Line("  \"via either operation\": said for %d pairs, of which no inversion maps the first set onto the second for %d", t.eitherSaid, t.eitherNoInversion)
		}
	}
	return nil
}

// notations are ways a set can be written, and some it cannot.
var notations = []string{
	"0,1,4", "0, 1, 4", "0 1 4", "014", "[0,1,4]", "{0,1,4}", "(0,1,4)", "<0,1,4>", "0-1-4",
	"0,1,10", "0,10,11", "0,1,t", "0,1,T", "0,1,A", "0te", "01t", "0,1,12", "0,4,7,4", "3-3", "C,E,G",
}

// notations is section 4: TryParseSet on each writing, and the same writing in a question.
func (l *lesson) notations() error {
	l.r.Title("The sets SetTheoryEquivalenceSkill reads, %s", l.rev.Label())
	w := []int{10, 18, 22}
	l.r.FixedRow(w, "written", "TryParseSet", "in a question", "the answer's set A and its prime form")
	for _, written := range notations {
		built := "(none)"
		if set, _, ok := skills.ParseSet(written); ok {
			built = set.Braced()
		}
		text := l.sets.Execute("are pitch classes " + written + " and 0,1,6 equivalent").Text
		j := judgeSets(text)
		if j.kind != "answer" {
			l.r.FixedRow(w, written, built, j.kind, "")
			continue
		}
		// "- **Set A** `0146` → ICV `<1 1 1 1 1 1>`, prime form `{0,1,4,6}`"
		var parts []string
		for line := range strings.SplitSeq(text, "\n") {
			if strings.HasPrefix(line, "- **Set A**") {
				parts = strings.Split(line, "`")
				break
			}
		}
		if len(parts) < 6 {
			l.r.FixedRow(w, written, built, "answered", "(no set A line)")
			continue
		}
		l.r.FixedRow(w, written, built, "answered", "`"+parts[1]+"` "+parts[5])
	}
	return nil
}

// primeForms is section 5: GA's prime form over all 4,096 sets, the Forte catalogue, and the
// interval-class vectors two set classes share.
func (l *lesson) primeForms() error {
	l.r.Title("The prime forms SetTheoryEquivalenceSkill prints, %s", l.rev.Label())
	primes := map[algebra.Set]bool{}
	stable := 0
	for m := range 1 << 12 {
		s := algebra.Set(m)
		p := algebra.PrimeOf(s)
		primes[p] = true
		same := true
		for t := range 12 {
			moved := theory.PCMask(m).Transpose(t)
			if algebra.PrimeOf(algebra.Set(moved)) != p || algebra.PrimeOf(algebra.Set(theory.PCMask(m).Invert().Transpose(t))) != p {
				same = false
				break
			}
		}
		if same {
			stable++
		}
	}
	l.r.Line("sets %d, distinct prime forms %d, sets whose 24 transpositions and inversions all give the same prime form %d", 1<<12, len(primes), stable)
	var labels, differ []string
	given := map[algebra.Set]bool{}
	for n := 0; n <= 12; n++ {
		for k := 1; k <= 60; k++ {
			for _, label := range []string{fmt.Sprintf("%d-%d", n, k), fmt.Sprintf("%d-Z%d", n, k)} {
				stored, ok := algebra.StoredForteSet(label)
				if !ok {
					continue
				}
				labels = append(labels, label)
				given[stored] = true
				if stored != algebra.PrimeOf(stored) {
					differ = append(differ, label)
				}
			}
		}
	}
	missing := 0
	for p := range primes {
		if !given[p] {
			missing++
		}
	}
	differText := ""
	if len(differ) > 0 {
		differText = ": " + strings.Join(differ, ", ")
	}
	l.r.Line("Forte labels CanonicalForteCatalog resolves %d; whose stored set differs from its PrimeForm %d%s; prime forms no label gives %d",
		len(labels), len(differ), differText, missing)
	type sizeVector struct {
		size int
		icv  algebra.ICV
	}
	shared := map[sizeVector]int{}
	for p := range primes {
		shared[sizeVector{p.Len(), algebra.ICVOf(p)}]++
	}
	z := 0
	for _, n := range shared {
		if n == 2 {
			z++
		}
	}
	l.r.Line("interval-class vectors shared by two prime forms of the same size (Z pairs) %d", z)
	return nil
}

// forms are one expression for each form the parser's comments name, with the case each
// comment promises (GrothendieckOperationsParser.fs:286-535, 545-610).
var forms = []struct{ expression, promised string }{
	{"C ⊗ G", "TensorProduct"}, {"C tensor G", "TensorProduct"}, {"tensor(C, G)", "TensorProduct"},
	{"C ⊕ G", "DirectSum"}, {"C direct_sum G", "DirectSum"}, {"direct_sum(C, G)", "DirectSum"},
	{"C × G", "Product"}, {"C product G", "Product"}, {"product(C, G, F)", "Product"},
	{"C + G", "Coproduct"}, {"C coproduct G", "Coproduct"}, {"coproduct(C, G, F)", "Coproduct"},
	{"C ^ G", "Exponential"}, {"exp(C, G)", "Exponential"},
	{"functor Transpose: Chords -> Chords", "DefineFunctor"}, {"define functor Transpose { a -> invert }", "DefineFunctor"},
	{"Invert(C)", "ApplyFunctor"}, {"apply Invert to C", "ApplyFunctor"},
	{"Transpose ∘ Invert", "ComposeFunctors"}, {"Transpose compose Invert", "ComposeFunctors"}, {"compose(Transpose, Invert)", "ComposeFunctors"},
	{"natural transformation eta: Transpose => Invert", "DefineNatTrans"}, {"define nat_trans eta { C -> invert }", "DefineNatTrans"},
	{"eta(C)", "ApplyNatTrans"},
	{"limit of {C, G}", "Limit"}, {"lim {C, G}", "Limit"},
	{"pullback(C, invert, G)", "Pullback"}, {"pullback(C, transpose 7, G)", "Pullback"}, {"C pullback invert", "Pullback"},
	{"equalizer(invert, reflect)", "Equalizer"}, {"eq(invert, reflect)", "Equalizer"},
	{"colimit of {C, G}", "Colimit"}, {"colim {C, G}", "Colimit"},
	{"pushout(C, invert, G)", "Pushout"}, {"C pushout invert", "Pushout"},
	{"coequalizer(invert, reflect)", "Coequalizer"}, {"coeq(invert, reflect)", "Coequalizer"},
	{"Ω", "SubobjectClassifier"}, {"Ω(C)", "SubobjectClassifier"}, {"truth_value of C", "SubobjectClassifier"},
	{"P(C)", "PowerObject"}, {"power(C)", "PowerObject"}, {"subobjects of C", "PowerObject"},
	{"Hom(C, G)", "InternalHom"}, {"C => G", "InternalHom"},
	{"sheaf S on fretboard", "DefineSheaf"}, {"define sheaf S { U -> C }", "DefineSheaf"},
	{"S | U", "SheafRestriction"}, {"restrict S to U", "SheafRestriction"},
	{"glue { C, G }", "SheafGluing"},
}

// respaced are some of the forms without the spaces the parser does not skip, and
// chained two operators in a row.
var (
	respaced = []string{"S|U", "eq(invert,reflect)", "equalizer((invert,reflect)", "coeq(invert,reflect)"}
	chained  = []string{"C + G + F", "C ⊗ G ⊗ F", "Cmaj7 ⊕ Gmaj7 ⊕ Fmaj7"}
)

// parsed is the case the parser gives an expression, or "fails".
func parsed(expression string) string {
	op, err := dsl.Parse(expression)
	if err != nil {
		return "fails"
	}
	return op.Case
}

// forms is section 6: each form through the parser and through the skill.
func (l *lesson) forms() error {
	l.r.Title("The expressions GrothendieckParseSkill reads, %s", l.rev.Label())
	w := []int{48, 20, 20}
	l.r.FixedRow(w, "expression", "the comment's case", "the parser gives", "\"parse <expression>\" gets")
	cases := slices.Sorted(slices.Values(dsl.Cases))
	byParser, bySkill := map[string]bool{}, map[string]bool{}
	var parsedCount, asPromised, answeredCount int
	for _, f := range forms {
		got, skill := parsed(f.expression), l.says("parse", "parse "+f.expression)
		// Each reading is right when it gives the case the operation's comment promises.
		l.r.FixedRow(w, f.expression, f.promised, report.Judge(got == f.promised, report.Wrong, got),
			report.Judge(skill == f.promised, report.Wrong, skill))
		byParser[got], bySkill[skill] = true, true
		if got != "fails" {
			parsedCount++
		}
		if got == f.promised {
			asPromised++
		}
		if slices.Contains(cases, skill) {
			answeredCount++
		}
	}
	l.r.Line("the operation's cases %d; forms %d, parsed %d, of which as their comment says %d; \"parse <expression>\" answered for %d",
		len(cases), len(forms), parsedCount, asPromised, answeredCount)
	unreached := func(by map[string]bool) string {
		var out []string
		for _, c := range cases {
			if !by[c] {
				out = append(out, c)
			}
		}
		return strings.Join(out, ", ")
	}
	l.r.Line("cases no form reaches through the parser: %s", unreached(byParser))
	l.r.Line("cases no form reaches through the skill: %s", unreached(bySkill))
	each := func(es []string) string {
		parts := make([]string, len(es))
		for i, e := range es {
			parts[i] = e + " " + parsed(e)
		}
		return strings.Join(parts, ", ")
	}
	l.r.Line("written without spaces: %s", each(respaced))
	l.r.Line("two operators in a row: %s", each(chained))
	return nil
}

// chordTokens are chord symbols, a scale and a set class on the left of ⊗.
var chordTokens = []string{
	"C", "Bb", "F#", "Am", "Cm", "G7", "C7", "Dm7", "Cmaj7", "CM7", "Cmin7", "Cdom7", "Cmaj", "Cmin",
	"Cdim", "Cdim7", "C°", "Caug", "C+", "Csus4", "Cadd9", "C6/9", "Cm7b5", "Gmaj9", "C major", "PC{0,4,7}",
}

// chords is section 7: what the parser builds from each token, and whether the skill's answer
// depends on the chords at all.
func (l *lesson) chords() error {
	l.r.Title("The chords GA's Grothendieck parser reads, %s", l.rev.Label())
	w := []int{12}
	l.r.FixedRow(w, "written", "what \"<written> ⊗ G\" parses into, on the left of ⊗")
	for _, token := range chordTokens {
		cell := "fails"
		if op, err := dsl.Parse(token + " ⊗ G"); err == nil && op.Case == "TensorProduct" {
			cell = op.Objects[0].String()
		}
		l.r.FixedRow(w, token, cell)
	}
	cg := strings.ReplaceAll(l.parse.Execute("parse C ⊗ G").Text, "C ⊗ G", "<e>")
	other := strings.ReplaceAll(l.parse.Execute("parse F# ⊗ Bb").Text, "F# ⊗ Bb", "<e>")
	same := "no"
	if cg == other {
		same = "yes"
	}
	l.r.Line("\"parse C ⊗ G\" and \"parse F# ⊗ Bb\" give the same answer apart from the expression they repeat: %s", same)
	return nil
}

// questions are ways of asking the parse skill.
var questions = []string{
	"parse C ⊗ G", "Parse: C ⊗ G", "please parse C ⊗ G", "can you parse C ⊗ G", "parse C ⊗ G please",
	"what does C ⊗ G mean?", "explain C ⊗ G", "interpret Cmaj7 ⊕ Gmaj7", "meaning of C ⊗ G",
	"parse Am ⊗ G7", "parse Dm7 ⊕ G7", "parse C + G", "parse C × G", "parse C ^ G", "parse Ω",
	"explain the tensor product", "explain natural transformation", "what is a pullback", "what is the tensor product of C and G",
}

// questions is section 8: what the skill says to each question and the expression it cut out.
func (l *lesson) questions() error {
	l.r.Title("The questions GrothendieckParseSkill reads, %s", l.rev.Label())
	w := []int{40, 20}
	l.r.FixedRow(w, "question", "the skill says", "the expression it parses")
	for _, q := range questions {
		text := l.parse.Execute(q).Text
		expression := ""
		if strings.HasPrefix(text, "**Parsed**: `") || strings.HasPrefix(text, "Couldn't parse `") {
			expression = strings.Split(text, "`")[1]
		}
		l.r.FixedRow(w, q, parseCase(text), expression)
	}
	return nil
}
