package l23

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"course/ga/algebra"
	"course/ga/revision"
	"course/ga/skills"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// Options is what `course l23` needs to run.
type Options struct {
	// Revision is the GA asked, as the original program asks the pin and GA's main branch.
	Revision revision.Revision
}

// NewCmd builds `course l23`; runF replaces the lesson's run in tests of the flags.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l23", Long: `Lesson 23: ICV deltas and shortest paths.

Calls GA's Grothendieck-delta and ICV-shortest-path skills in-process: the phrasings GA
gives them and the routing hints they get, the pairs of chords they read, the deltas over
every ordered pair of 192 chords against the course's own interval-class vectors, and the
breadth-first paths in GA's tie order, with the sets the search expands when it finds none.
With --main, the same questions as the original program asks GA's main branch.`, Run: run, Exercises: Exercises}, opts, runF)
	kit.MainFlag(cmd, &opts.Revision, "ask the skills as on GA's main branch (f4f5b4a)")
	return cmd
}

// askKey is a question to one of the skills.
type askKey struct{ skill, prompt string }

// lesson carries what the sections share: the two skills and each answer given so far, since
// a question without a path costs a search of every set the path skill can reach.
type lesson struct {
	r     *report.Report
	rev   revision.Revision
	delta skills.GrothendieckDelta
	path  skills.IcvShortestPath
	hints skills.Hints
	asked map[askKey]pairAnswer
	// pairs are the questions section 2 reads, morePaths the pairs section 4 asks beyond the
	// anchors, and sweep the chords section 3 pairs every way.
	pairs     []pairQuestion
	morePaths [][2]string
	sweep     []string
}

func newLesson(w io.Writer) *lesson {
	return &lesson{r: report.New(w), asked: map[askKey]pairAnswer{}, hints: skills.DefaultHints(),
		pairs: pairs, morePaths: morePaths, sweep: sweepChords()}
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l := newLesson(w)
	l.rev = opts.Revision
	l.r.Heading(l.rev.Heading("l23"))
	return kit.RunSections(ctx, "l23", l.r, l.examples, l.reading, l.deltas, l.paths)
}

// skillOf is the skill a table row names.
func (l *lesson) skillOf(name string) pairSkill {
	if name == "delta" {
		return l.delta
	}
	return l.path
}

// other is the other skill's name.
func other(name string) string {
	if name == "delta" {
		return "path"
	}
	return "delta"
}

// ask is the named skill's answer to prompt, asked once.
func (l *lesson) ask(name, prompt string) pairAnswer {
	k := askKey{name, prompt}
	if a, ok := l.asked[k]; ok {
		return a
	}
	a := readPair(l.skillOf(name).Execute(prompt).Text)
	l.asked[k] = a
	return a
}

// others are the phrasings GA gives each skill besides its routing anchors: its doc
// comment's surface forms and the two its refusal suggests (GrothendieckDeltaSkill.cs:15-18, 198;
// IcvShortestPathSkill.cs:17-19, 226 at c781df5c).
var others = []struct{ prompt, skill, from string }{
	{"Harmonic distance from Cmaj7 to G7", "delta", "doc comment"},
	{"Grothendieck delta C to F", "delta", "doc comment"},
	{"How harmonically far is Am from D7", "delta", "doc comment"},
	{"Compare the ICVs of Cmaj7 and Dm7", "delta", "doc comment"},
	{"harmonic distance from Cmaj7 to G7", "delta", "refusal"},
	{"delta C to F", "delta", "refusal"},
	{"Shortest harmonic path from Cmaj7 to G7", "path", "doc comment"},
	{"Path from C major to F major", "path", "doc comment"},
	{"How do I get from Am to D7 harmonically", "path", "doc comment"},
	{"shortest path from Cmaj7 to G7", "path", "refusal"},
	{"how do I get from C to F harmonically", "path", "refusal"},
}

// examples is section 1: both skills' anchors and other phrasings, what each skill and the
// other answer, and the routing hints.
func (l *lesson) examples() error {
	l.r.Title("GrothendieckDeltaSkill's and IcvShortestPathSkill's example prompts and GA's other phrasings for them, %s", l.rev.Label())
	deltas, err := kit.ExamplePrompts(kit.DeltaIntent)
	if err != nil {
		return err
	}
	paths, err := kit.ExamplePrompts(kit.PathIntent)
	if err != nil {
		return err
	}
	anchors := map[string][]string{"delta": deltas, "path": paths}
	type row struct{ prompt, skill, from string }
	var rows []row
	for _, name := range []string{"delta", "path"} {
		for _, p := range anchors[name] {
			rows = append(rows, row{p, name, "anchor"})
		}
	}
	for _, o := range others {
		rows = append(rows, row(o))
	}
	w := []int{48, 7, 13, 16, 16}
	l.r.FixedRow(w, "prompt", "skill", "from", "its answer", "the other's", fmt.Sprintf("routing hints, +%g each", skills.HintBoost))
	for _, r := range rows {
		own := l.ask(r.skill, r.prompt)
		says := own.says()
		if own.kind == "declined" {
			// The skill's own prompt, or GA's phrasing of it, refused.
			says = report.Mark(report.Wrong, says)
		}
		l.r.FixedRow(w, r.prompt, r.skill, r.from, says, l.ask(other(r.skill), r.prompt).says(), kit.HintsCell(l.hints, r.prompt))
	}
	for _, s := range []struct{ type_, name, intent string }{
		{"GrothendieckDeltaSkill", "delta", kit.DeltaIntent},
		{"IcvShortestPathSkill", "path", kit.PathIntent},
	} {
		answered, hinted, otherAnswers, accepted := 0, 0, 0, 0
		for _, p := range anchors[s.name] {
			if l.ask(s.name, p).kind == "answer" {
				answered++
			}
			if _, ok := l.hints.Deltas(p)[s.intent]; ok {
				hinted++
			}
			if l.ask(other(s.name), p).kind == "answer" {
				otherAnswers++
			}
			if l.skillOf(s.name).CanHandle(p) {
				accepted++
			}
		}
		l.r.Line("%s: anchors %d, answered %d, hinted toward %s %d; the other skill answers %d of them; CanHandle accepts %d",
			s.type_, len(anchors[s.name]), answered, s.intent, hinted, otherAnswers, accepted)
	}
	return nil
}

// pairQuestion is a question naming two chords, with the textbook's symbols for the two.
type pairQuestion struct{ prompt, a, b string }

// pairs are the questions section 2 reads.
var pairs = []pairQuestion{
	{"harmonic distance from C major to F major", "C", "F"},
	{"harmonic distance from C to A minor", "C", "Am"},
	{"harmonic distance from Cmaj7 to a G7", "Cmaj7", "G7"},
	{"harmonic distance between CM7 and G7", "Cmaj7", "G7"},
	{"harmonic distance from C° to C+", "C°", "C+"},
	{"shortest path from C major to F major", "C", "F"},
	{"shortest route from C to A minor", "C", "Am"},
	{"shortest path from C to a G", "C", "G"},
	{"shortest path from CM7 to G7", "Cmaj7", "G7"},
}

// builtBraces is the set a skill builds for a token, in braces, or "-".
func builtBraces(s pairSkill, token string) string {
	if set, ok := s.BuildSet(token); ok {
		return "{" + kit.JoinInts(set.PitchClasses(), ",") + "}"
	}
	return "-"
}

// reading is section 2: whether the three skills build every chord alike, and the pairs the two
// skills read against the textbook's chords.
func (l *lesson) reading() error {
	l.r.Title("The chords the two skills read, %s", l.rev.Label())
	var tokens []string
	for _, c := range kit.ICVChords {
		tokens = append(tokens, c.Token)
	}
	for _, q := range kit.GrothendieckQualities {
		if t := "C" + q; !slices.Contains(tokens, t) {
			tokens = append(tokens, t)
		}
	}
	var neighbors skills.IcvNeighbors
	same := 0
	for _, t := range tokens {
		n := builtBraces(neighbors, t)
		if n == builtBraces(l.delta, t) && n == builtBraces(l.path, t) {
			same++
		}
	}
	l.r.Line("chord tokens %d: built alike by IcvNeighborsSkill, GrothendieckDeltaSkill and IcvShortestPathSkill %d", len(tokens), same)
	w := []int{42, 7, 12, 14, 14}
	l.r.FixedRow(w, "prompt", "skill", "read as", "first built", "second built", "right")
	for _, p := range l.pairs {
		name := "delta"
		if strings.HasPrefix(p.prompt, "shortest") {
			name = "path"
		}
		s := l.skillOf(name)
		ans := l.ask(name, p.prompt)
		var err error
		notes := func(token, symbol string) (string, bool) {
			if ans.kind != "answer" {
				return "-", false
			}
			set, ok := s.BuildSet(token)
			if !ok {
				return "-", false
			}
			return kit.SharpNotes(set.PitchClasses()), slices.Equal(set.PitchClasses(), kit.TextbookPCs(symbol, &err))
		}
		first, okA := notes(ans.a, p.a)
		second, okB := notes(ans.b, p.b)
		if err != nil {
			return err
		}
		l.r.FixedRow(w, p.prompt, name, ans.says(), first, second, report.Judge(okA && okB, report.Wrong, kit.YesNo(okA && okB)))
	}
	return nil
}

// vectorOf is the course's vector of the set a skill builds for a token.
func vectorOf(s pairSkill, token string) [6]int {
	set, _ := s.BuildSet(token)
	return theory.IntervalVector(set.PitchClasses())
}

// deltas is section 3: the skill's deltas for its answered anchors both ways and two chords
// against themselves, then every ordered pair of the 192 chords of twelve roots and sixteen
// qualities against the course's L1 distance.
func (l *lesson) deltas() error {
	l.r.Title("The deltas GrothendieckDeltaSkill gives, %s", l.rev.Label())
	type pair struct{ a, b string }
	var pairs []pair
	anchors, err := kit.ExamplePrompts(kit.DeltaIntent)
	if err != nil {
		return err
	}
	for _, p := range anchors {
		if a := l.ask("delta", p); a.kind == "answer" {
			pairs = append(pairs, pair{a.a, a.b}, pair{a.b, a.a})
		}
	}
	pairs = append(pairs, pair{"C", "C"}, pair{"Cmaj7", "Cmaj7"})
	w := []int{16, 15, 15, 6, 22, 4, 7, 6}
	l.r.FixedRow(w, "pair", "first vector", "second vector", "L1", "the skill's delta", "L1", "L2", "cost", "its interpretation")
	for _, p := range pairs {
		ans := l.ask("delta", "harmonic distance from "+p.a+" to "+p.b)
		va, vb := vectorOf(l.delta, p.a), vectorOf(l.delta, p.b)
		dist := theory.VectorDistance(va, vb)
		// The skill's L1 against the distance between the two vectors.
		l1 := ans.value("- **L1 norm**")
		said, err := strconv.Atoi(l1)
		l.r.FixedRow(w, p.a+" → "+p.b, kit.VectorString(va), kit.VectorString(vb), strconv.Itoa(dist),
			ans.value("- **Δ (signed)**"), report.Judge(err == nil && said == dist, report.Wrong, l1), ans.value("- **L2 norm**"), ans.value("- **Harmonic cost**"), ans.value("**Interpretation**"))
	}

	s := sweepDeltas(l.delta, l.sweep)
	l.r.Line("ordered pairs %d: with the same vector %d, answered L1 1 %d, delta [+1, 0, 0, 0, 0, 0] %d; with different vectors %d, L1 right %d",
		s.pairs, s.same, s.sameL1One, s.samePlusIc1, s.different, s.differentRight)
	l.r.Line("pairs with different vectors %d: \"more chromatic color\" both ways %d", s.unordered, s.chromaticBothWays)
	return nil
}

// deltaSweep counts what the delta skill answers for every ordered pair of the 192 chords.
type deltaSweep struct {
	pairs, same, sameL1One, samePlusIc1, different, differentRight int
	unordered, chromaticBothWays                                   int
}

// sweepChords are the 192 chords of the sweep: sixteen qualities on twelve roots.
func sweepChords() []string {
	var out []string
	for _, q := range kit.GrothendieckQualities {
		for _, n := range theory.SharpNames {
			out = append(out, n+q)
		}
	}
	return out
}

// sweptAnswer is what the sweep reads in one answer.
type sweptAnswer struct {
	l1                 int
	plusIc1, chromatic bool
}

// readSwept reads the L1 norm, the delta and the interpretation of a delta answer in one pass
// over its lines, as pairAnswer.value reads each, and stops when it has all three.
func readSwept(text string) sweptAnswer {
	var a sweptAnswer
	var l1, delta, interp bool
	for rest := text; rest != "" && !(l1 && delta && interp); {
		line := rest
		if end := strings.IndexByte(rest, '\n'); end >= 0 {
			line, rest = rest[:end], rest[end+1:]
		} else {
			rest = ""
		}
		if line == "" || (line[0] != '-' && line[0] != '*') {
			continue // no label starts otherwise
		}
		for strings.HasSuffix(line, "\r") {
			line = line[:len(line)-1]
		}
		switch {
		case !l1 && strings.HasPrefix(line, "- **L1 norm**"):
			a.l1, _ = strconv.Atoi(lineValue(line))
			l1 = true
		case !delta && strings.HasPrefix(line, "- **Δ (signed)**"):
			a.plusIc1 = lineValue(line) == "[+1, 0, 0, 0, 0, 0]"
			delta = true
		case !interp && strings.HasPrefix(line, "**Interpretation**"):
			a.chromatic = strings.HasSuffix(lineValue(line), "more chromatic color")
			interp = true
		}
	}
	return a
}

// sweepDeltas asks the skill "harmonic distance from A to B" for every ordered pair of the
// sweep's chords and reads its L1 norm, delta and interpretation against the course's L1. The
// questions are shared among as many goroutines as the machine runs at once; the counts do
// not depend on the order they are answered in.
func sweepDeltas(delta pairSkill, chords []string) deltaSweep {
	n := len(chords)
	vectors := make([][6]int, n)
	for i, c := range chords {
		vectors[i] = vectorOf(delta, c)
	}
	answers := make([]sweptAnswer, n*n)
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := range workers {
		wg.Go(func() {
			for i := w; i < n; i += workers {
				from := "harmonic distance from " + chords[i] + " to "
				for j, b := range chords {
					answers[i*n+j] = readSwept(delta.Execute(from + b).Text)
				}
			}
		})
	}
	wg.Wait()

	var s deltaSweep
	for i := range chords {
		for j := range chords {
			a := answers[i*n+j]
			real := theory.VectorDistance(vectors[i], vectors[j])
			s.pairs++
			if real == 0 {
				s.same++
				if a.l1 == 1 {
					s.sameL1One++
				}
				if a.plusIc1 {
					s.samePlusIc1++
				}
				continue
			}
			s.different++
			if a.l1 == real {
				s.differentRight++
			}
			if chords[i] < chords[j] {
				s.unordered++
				if a.chromatic && answers[j*n+i].chromatic {
					s.chromaticBothWays++
				}
			}
		}
	}
	return s
}

// morePaths are the pairs section 4 asks for beyond the anchors: a chord to itself, to its
// minor, and two pairs of one size that no path joins.
var morePaths = [][2]string{{"C", "C"}, {"C", "Cm"}, {"Cdim7", "Cmaj7"}, {"Caug", "C"}}

// pathSets reads the sets of a path answer's table.
func pathSets(ans pairAnswer) ([][]int, error) {
	var sets [][]int
	for _, line := range ans.lines {
		if strings.HasPrefix(line, "| ") && strings.Contains(line, "`{") {
			var err error
			set := kit.SplitInts(strings.Trim(strings.Split(line, "`")[1], "{}"), &err)
			if err != nil {
				return nil, err
			}
			sets = append(sets, set)
		}
	}
	return sets, nil
}

// expanded counts the sets of the source's size within four moves of it, a move joining two
// sets whose vectors are at most 2 apart by the course's own theory: the sets a breadth-first
// search that stops at five moves must expand before it can answer that there is no path.
func expanded(source []int, vectors [][6]int) int {
	n := len(source)
	var sets []algebra.Set
	for _, s := range algebra.Items() {
		if s.Len() == n {
			sets = append(sets, s)
		}
	}
	src := algebra.NewSet(source...)
	var depth [algebra.ItemCount]int8 // moves from the source plus one; 0 for a set not reached
	depth[src] = 1
	queue := []algebra.Set{src}
	for head := 0; head < len(queue); head++ {
		s := queue[head]
		if depth[s] == 5 {
			continue
		}
		for _, next := range sets {
			if depth[next] == 0 && theory.VectorDistance(vectors[s], vectors[next]) <= 2 {
				depth[next] = depth[s] + 1
				queue = append(queue, next)
			}
		}
	}
	return len(queue)
}

// paths is section 4: the paths for the anchors the skill answers and four more pairs, each
// move's L1 distance and common notes by the course's theory; what a search without a path
// expands; and the first anchor's path set by set.
func (l *lesson) paths() error {
	l.r.Title("The paths IcvShortestPathSkill finds, %s", l.rev.Label())
	anchors, err := kit.ExamplePrompts(kit.PathIntent)
	if err != nil {
		return err
	}
	var prompts []string
	for _, p := range anchors {
		if l.ask("path", p).kind == "answer" {
			prompts = append(prompts, p)
		}
	}
	for _, p := range l.morePaths {
		prompts = append(prompts, "shortest path from "+p[0]+" to "+p[1])
	}
	w := []int{16, 7, 38, 6, 12, 14}
	l.r.FixedRow(w, "pair", "notes", "the answer says", "moves", "L1 per move", "common notes", "same vector")
	type none struct {
		pair   string
		source []int
	}
	var nones []none
	for _, prompt := range prompts {
		ans := l.ask("path", prompt)
		setA, _ := l.path.BuildSet(ans.a)
		setB, _ := l.path.BuildSet(ans.b)
		says := ""
		for _, line := range ans.lines {
			if strings.HasPrefix(line, "- **") && strings.Contains(line, "total") {
				says = strings.TrimRight(strings.ReplaceAll(strings.ReplaceAll(line, "- **", ""), "**", ""), ".")
				break
			}
			if strings.HasPrefix(line, "No path") {
				says, _, _ = strings.Cut(line, ".")
				break
			}
		}
		sets, err := pathSets(ans)
		if err != nil {
			return err
		}
		var l1s, commons []string
		sameVector := 0
		for i := 1; i < len(sets); i++ {
			d := theory.VectorDistance(theory.IntervalVector(sets[i-1]), theory.IntervalVector(sets[i]))
			l1s = append(l1s, strconv.Itoa(d))
			commons = append(commons, strconv.Itoa(theory.CommonTones(sets[i-1], sets[i])))
			if d == 0 {
				sameVector++
			}
		}
		l1Cell, commonCell := "-", "-"
		if len(l1s) > 0 {
			l1Cell, commonCell = strings.Join(l1s, ","), strings.Join(commons, ",")
		}
		pair := ans.a + " → " + ans.b
		l.r.FixedRow(w, pair, fmt.Sprintf("%d, %d", setA.Len(), setB.Len()), says, strconv.Itoa(len(l1s)), l1Cell, commonCell, strconv.Itoa(sameVector))
		if len(sets) == 0 {
			nones = append(nones, none{pair, setA.PitchClasses()})
		}
	}
	if len(nones) > 0 {
		vectors := kit.SetVectors()
		for _, n := range nones {
			of := 0
			for _, s := range algebra.Items() {
				if s.Len() == len(n.source) {
					of++
				}
			}
			l.r.Line("before \"No path\" for %s: sets expanded %d of the %d of %d notes, each a scan of the %d sets",
				n.pair, expanded(n.source, vectors), of, len(n.source), algebra.ItemCount)
		}
	}

	if len(anchors) == 0 {
		return nil
	}
	l.r.Line("the path for \"%s\":", anchors[0])
	first, err := pathSets(l.ask("path", anchors[0]))
	if err != nil {
		return err
	}
	var prev []int
	for _, pcs := range first {
		s := algebra.NewSet(pcs...)
		v := theory.IntervalVector(pcs)
		line := fmt.Sprintf("  %s %s %s %s", report.Pad("{"+kit.JoinInts(pcs, ",")+"}", 12), report.Pad(kit.SharpNotes(pcs), 14), report.Pad(kit.Forte(s), 6), kit.VectorString(v))
		if prev != nil {
			line += fmt.Sprintf("  L1 %d, common notes %d", theory.VectorDistance(theory.IntervalVector(prev), v), theory.CommonTones(prev, pcs))
		}
		l.r.Line("%s", line)
		prev = pcs
	}
	return nil
}
