package l22

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/algebra"
	"course/ga/revision"
	"course/ga/skills"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// Options is what `course l22` needs to run.
type Options struct {
	// Revision is the GA asked; on main, the lesson runs the sections the original program
	// asks GA's main branch.
	Revision revision.Revision
}

// NewCmd builds `course l22`; runF replaces the lesson's run in tests of the flags.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l22", Long: `Lesson 22: neighbours by interval-class vector.

Calls GA's ICV-neighbours skill in-process: the phrasings GA gives it and the routing hints
they get, the interval-class-vector skill beside it, the chords it reads, and the neighbours
it lists against every set within distance 2 of the chord's vector among the 4,096
pitch-class sets, graded by the course's own set theory; then the parked draft's example.
With --main, the sections the original program asks GA's main branch.`, Run: run, Exercises: Exercises}, opts, runF)
	kit.MainFlag(cmd, &opts.Revision, "ask the skills as on GA's main branch (f4f5b4a)")
	return cmd
}

// The intents of the skills lessons 22 and 23 ask.
const (
	icvNeighborsIntent = "skill.icvneighbors"
	icvIntent          = "skill.intervalclassvector"
)

// otherPhrasing is a way GA words a question for a skill besides its routing anchors, and
// where GA writes it.
type otherPhrasing struct{ prompt, from string }

// others are IcvNeighborsSkill's other phrasings: its doc comment's surface forms
// (IcvNeighborsSkill.cs:19-22), the two its refusal suggests (line 257) and the parked draft's
// (skills-dev/_pending-tools/icv-neighbors/DRAFT.md:45-47), at c781df5c.
var others = []otherPhrasing{
	{"What chords are harmonically close to Cmaj7", "doc comment"},
	{"Nearby pitch-class sets to C major", "doc comment"},
	{"Find ICV neighbors of Dm7", "doc comment"},
	{"Closest chord to G7 in ICV space", "doc comment"},
	{"ICV neighbors of Cmaj7", "refusal"},
	{"what chords are harmonically close to Dm7", "refusal"},
	{"Harmonically similar chords to Cmaj7", "parked draft"},
	{"ICV neighbours of [0,3,6,9]", "parked draft"},
	{"What's close to a half-diminished chord?", "parked draft"},
}

// lesson carries what the sections share.
type lesson struct {
	r     *report.Report
	rev   revision.Revision
	skill skills.IcvNeighbors
	hints skills.Hints
	// chords are the chords section 3 asks about, qualities the qualities section 4 asks on C
	// and on every root, draftClaims the draft's example.
	chords      []kit.ChordSpelling
	qualities   []string
	draftClaims []draftClaim
}

func newLesson(w io.Writer) *lesson {
	return &lesson{r: report.New(w), hints: skills.DefaultHints(),
		chords: kit.ICVChords, qualities: kit.GrothendieckQualities, draftClaims: draft}
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l := newLesson(w)
	l.rev = opts.Revision
	l.r.Heading(l.rev.Heading("l22"))
	sections := []func() error{l.examples, l.sister, l.reading, l.rows, l.draft}
	if l.rev.IsMain() {
		// The original program asks main every section but the draft's, which main still parks.
		sections = sections[:4]
	}
	return kit.RunSections(ctx, "l22", l.r, sections...)
}

// neighborRow is one row of the skill's table as the answer writes it.
type neighborRow struct {
	pcs       []int
	icv, cost string
	l1        int
}

// neighborsAnswer is what the lesson reads in the skill's answer: whether it answered, the
// chord it names, the source vector and the table.
type neighborsAnswer struct {
	kind, chord, icv string
	rows             []neighborRow
	text             string
}

// says is the answer in a word: the chord it answers for, or that it declined.
func (a neighborsAnswer) says() string {
	switch a.kind {
	case "answer":
		return "neighbors of " + a.chord
	case "unparsed":
		return "can't parse"
	}
	return "declined"
}

// table is the answer's rows without the line naming the chord, to compare answers by.
func (a neighborsAnswer) table() string {
	lines := make([]string, len(a.rows))
	for i, r := range a.rows {
		lines[i] = fmt.Sprintf("%s|%s|%d|%s", kit.JoinInts(r.pcs, ","), r.icv, r.l1, r.cost)
	}
	return strings.Join(lines, "\n")
}

// ask reads the skill's answer to prompt.
func (l *lesson) ask(prompt string) (neighborsAnswer, error) {
	text := l.skill.Execute(prompt).Text
	a := neighborsAnswer{kind: "declined", text: text}
	const head = "**ICV neighbors of "
	switch {
	case strings.HasPrefix(text, "I couldn't parse"):
		a.kind = "unparsed"
		return a, nil
	case !strings.HasPrefix(text, head):
		return a, nil
	}
	a.kind = "answer"
	a.chord = text[len(head) : 2+strings.Index(text[2:], "**")]
	for _, line := range kit.AnswerLines(text) {
		if strings.HasPrefix(line, "- Source ICV:") && a.icv == "" {
			a.icv = strings.Split(line, "`")[1]
		}
		if !strings.HasPrefix(line, "| `{") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		l1, err := strconv.Atoi(cells[2])
		if err != nil {
			return a, fmt.Errorf("read the row %q: %w", line, err)
		}
		pcs := kit.SplitInts(strings.Trim(cells[0], "`{}"), &err)
		if err != nil {
			return a, err
		}
		a.rows = append(a.rows, neighborRow{pcs: pcs, icv: strings.Trim(cells[1], "`"), l1: l1, cost: cells[3]})
	}
	return a, nil
}

// examples is section 1: the skill's routing anchors and GA's other phrasings, what the skill
// answers and which intents the routing hints boost.
func (l *lesson) examples() error {
	l.r.Title("IcvNeighborsSkill's example prompts and GA's other phrasings for it, %s", l.rev.Label())
	anchors, err := kit.ExamplePrompts(icvNeighborsIntent)
	if err != nil {
		return err
	}
	w := []int{50, 14, 24}
	l.r.FixedRow(w, "prompt", "from", "the skill's answer", fmt.Sprintf("routing hints, +%g each", skills.HintBoost))
	prompts := make([]otherPhrasing, 0, len(anchors)+len(others))
	for _, p := range anchors {
		prompts = append(prompts, otherPhrasing{p, "anchor"})
	}
	for _, p := range append(prompts, others...) {
		a, err := l.ask(p.prompt)
		if err != nil {
			return err
		}
		says := a.says()
		if a.kind == "declined" {
			// Every prompt here asks this skill for neighbors: declining it is a refusal.
			says = report.Mark(report.Wrong, says)
		}
		l.r.FixedRow(w, p.prompt, p.from, says, kit.HintsCell(l.hints, p.prompt))
	}
	answered, declined, hinted, accepted := 0, 0, 0, 0
	for _, p := range anchors {
		a, err := l.ask(p)
		if err != nil {
			return err
		}
		switch a.kind {
		case "answer":
			answered++
		case "declined":
			declined++
		}
		if _, ok := l.hints.Deltas(p)[icvNeighborsIntent]; ok {
			hinted++
		}
		if l.skill.CanHandle(p) {
			accepted++
		}
	}
	l.r.Line("anchors %d: answered %d, declined %d, hinted toward %s %d", len(anchors), answered, declined, icvNeighborsIntent, hinted)
	l.r.Line("CanHandle accepts %d of them", accepted)
	return nil
}

// sister is section 2: IntervalClassVectorSkill's answers to its own anchors.
func (l *lesson) sister() error {
	l.r.Title("IntervalClassVectorSkill's example prompts, %s", l.rev.Label())
	var icv skills.IntervalClassVector
	anchors, err := kit.ExamplePrompts(icvIntent)
	if err != nil {
		return err
	}
	l.r.FixedRow([]int{50}, "prompt", "the skill's answer")
	answered := 0
	for _, p := range anchors {
		text := icv.Execute(p).Text
		says := "can't parse"
		switch {
		case strings.HasPrefix(text, "**ICV of "):
			says = text[2 : 2+strings.Index(text[2:], "**")]
			answered++
		case strings.HasPrefix(text, "Ask for"):
			// The skill's own example prompt, refused.
			says = report.Mark(report.Wrong, "declined")
		}
		l.r.FixedRow([]int{50}, p, says)
	}
	l.r.Line("anchors %d: answered %d", len(anchors), answered)
	return nil
}

// reading is section 3: the chord each question names, what the skill reads and the notes it
// builds, against the textbook's notes.
func (l *lesson) reading() error {
	l.r.Title("The chords the skill reads, after \"ICV neighbors of\", %s", l.rev.Label())
	w := []int{10, 18, 16, 18}
	l.r.FixedRow(w, "chord", "its notes", "read as", "notes built", "right")
	right := 0
	for _, c := range l.chords {
		var err error
		want := kit.TextbookPCs(c.Symbol, &err)
		if err != nil {
			return err
		}
		a, err := l.ask("ICV neighbors of " + c.Token)
		if err != nil {
			return err
		}
		readAs, built, ok := a.says(), "-", false
		if a.kind == "answer" {
			readAs = a.chord
			if set, found := l.skill.BuildSet(a.chord); found {
				built = kit.SharpNotes(set.PitchClasses())
				ok = slices.Equal(set.PitchClasses(), want)
			}
		}
		if ok {
			right++
		}
		l.r.FixedRow(w, c.Token, kit.SharpNotes(want), readAs, built, report.Judge(ok, report.Wrong, kit.YesNo(ok)))
	}
	l.r.Line("chords %d: built right %d", len(l.chords), right)
	return nil
}

// sizes writes the distinct sizes of sets, ascending.
func sizes(ns []int) string {
	s := slices.Compact(slices.Sorted(slices.Values(ns)))
	return kit.JoinInts(s, ", ")
}

// distinctCount counts the distinct strings of ss.
func distinctCount(ss []string) int {
	return len(slices.Compact(slices.Sorted(slices.Values(ss))))
}

// setsAtDistance are the sets, in id order as the Items are, whose vectors are one of
// distances away from v by the course's L1 distance; vectors are every set's, by id.
func setsAtDistance(v [6]int, vectors [][6]int, distances ...int) []algebra.Set {
	var out []algebra.Set
	for _, s := range algebra.Items() {
		if slices.Contains(distances, theory.VectorDistance(v, vectors[s])) {
			out = append(out, s)
		}
	}
	return out
}

// rows is section 4: for each of the sixteen qualities on C, the sets within distance 1 or 2
// of its vector among all 4,096 by the course's theory, against the rows the skill lists; the
// rows for C; the empty answer; and every quality on all twelve roots.
func (l *lesson) rows() error {
	l.r.Title("The neighbors the skill lists for a chord, %s", l.rev.Label())
	vectors := kit.SetVectors()
	w := []int{7, 15, 13, 12, 9, 6, 9, 10, 13, 10}
	l.r.FixedRow(w, "chord", "its vector", "sets 1-2 off", "set classes", "of notes", "rows", "of notes", "L1, cost", "set classes", "with a C", "the first by id")
	for _, q := range l.qualities {
		chord := "C" + q
		a, err := l.ask("ICV neighbors of " + chord)
		if err != nil {
			return err
		}
		source, _ := l.skill.BuildSet(chord)
		near := setsAtDistance(theory.IntervalVector(source.PitchClasses()), vectors, 1, 2)
		var nearFortes, rowFortes, costs, firstByID, rowSets []string
		var nearSizes, rowSizes []int
		for i, s := range near {
			nearFortes = append(nearFortes, kit.Forte(s))
			nearSizes = append(nearSizes, s.Len())
			if i < 8 {
				firstByID = append(firstByID, kit.JoinInts(s.PitchClasses(), ","))
			}
		}
		withC := 0
		for _, r := range a.rows {
			rowFortes = append(rowFortes, kit.Forte(algebra.NewSet(r.pcs...)))
			rowSizes = append(rowSizes, len(r.pcs))
			if cost := fmt.Sprintf("%d, %s", r.l1, r.cost); !slices.Contains(costs, cost) {
				costs = append(costs, cost)
			}
			rowSets = append(rowSets, kit.JoinInts(r.pcs, ","))
			if slices.Contains(r.pcs, 0) {
				withC++
			}
		}
		rowSizesCell, costCell, firstCell := "-", "-", "-"
		if len(a.rows) > 0 {
			rowSizesCell, costCell, firstCell = sizes(rowSizes), strings.Join(costs, "; "), kit.YesNo(slices.Equal(firstByID, rowSets))
		}
		l.r.FixedRow(w, chord, a.icv, strconv.Itoa(len(near)), strconv.Itoa(distinctCount(nearFortes)), sizes(nearSizes),
			strconv.Itoa(len(a.rows)), rowSizesCell, costCell, strconv.Itoa(distinctCount(rowFortes)), strconv.Itoa(withC), firstCell)
	}

	l.r.Line("the rows for C:")
	forC, err := l.ask("ICV neighbors of C")
	if err != nil {
		return err
	}
	for _, r := range forC.rows {
		s := algebra.NewSet(r.pcs...)
		l.r.Line("  %s %s %s %s", report.Pad("{"+kit.JoinInts(r.pcs, ",")+"}", 9), report.Pad(kit.SharpNotes(r.pcs), 10), report.Pad(kit.Forte(s), 6), r.icv)
	}
	empty, err := l.ask("ICV neighbors of Cdim7")
	if err != nil {
		return err
	}
	for _, line := range kit.AnswerLines(empty.text) {
		if strings.HasPrefix(line, "No pitch-class sets") {
			l.r.Line("Cdim7: %s", line)
			break
		}
	}

	// The same question on every root: the rows depend on the vector only.
	sameForRoots := 0
	var tables, icvs []string
	for _, q := range l.qualities {
		var mine []string
		for _, root := range theory.SharpNames {
			a, err := l.ask("ICV neighbors of " + root + q)
			if err != nil {
				return err
			}
			mine = append(mine, a.table())
			icvs = append(icvs, a.icv)
		}
		if distinctCount(mine) == 1 {
			sameForRoots++
		}
		tables = append(tables, mine...)
	}
	l.r.Line("chords %d: qualities whose 12 roots get the same rows %d of %d; different answers %d, different vectors %d",
		len(tables), sameForRoots, len(l.qualities), distinctCount(tables), distinctCount(icvs))
	return nil
}

// draftClaim is a chord of the parked draft's example and what the draft says of it.
type draftClaim struct {
	name  string
	pcs   []int
	claim string
}

// draft is the parked draft's example for Cmaj7: the vector and label it gives Cmaj7, then
// three neighbours with a distance each
// (skills-dev/_pending-tools/icv-neighbors/DRAFT.md:53-58 at c781df5c).
var draft = []draftClaim{
	{"Cmaj7", []int{0, 4, 7, 11}, "[1, 0, 1, 2, 2, 0], 4-20"},
	{"Am7", []int{9, 0, 4, 7}, "[1,0,1,2,2,0], distance 0.0, same set class"},
	{"Cm9 without its root", []int{3, 7, 10, 2}, "distance 0.6"},
	{"Fmaj7", []int{5, 9, 0, 4}, "distance 0.0, same set class"},
}

// draft is section 5: the draft's example against the course's vectors, GA's Forte labels and
// the L1 distance from Cmaj7.
func (l *lesson) draft() error {
	l.r.Title("The parked draft's example for Cmaj7, %s", l.rev.Label())
	w := []int{22, 14, 16, 6, 6}
	l.r.FixedRow(w, "chord", "notes", "vector", "Forte", "L1", "the draft")
	cmaj7 := theory.IntervalVector(l.draftClaims[0].pcs)
	for _, c := range l.draftClaims {
		v := theory.IntervalVector(c.pcs)
		l.r.FixedRow(w, c.name, kit.SharpNotes(c.pcs), kit.VectorString(v), kit.Forte(algebra.NewSet(c.pcs...)),
			strconv.Itoa(theory.VectorDistance(cmaj7, v)), c.claim)
	}
	return nil
}
