package l14

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"

	"github.com/spf13/cobra"

	"course/fixtures"
	"course/ga/algebra"
	"course/ga/dsl"
	"course/ga/skills"
	"course/internal/lazy"
	"course/internal/report"
	"course/lessons/kit"
)

// Options is what `course l14` needs to run.
type Options struct {
}

// NewCmd builds `course l14`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	return kit.NewCmd(kit.Spec[Options]{Use: "l14", Long: `Lesson 14: chord substitution by interval-class vector.

Asks GA's chord-substitution skill, in-process, its own example prompts, one chord of each
quality on the 12 roots and pairs of chords a textbook relates, and compares its answers
with the two MCP tools that run the same code (ga_chord_substitutions, ga_chord_compare).
Then runs the DSL closure domain.chordSubstitutions through ga_dsl_eval at the pin and as
GA's main branch has it after #625 (6baf32e).`, Run: run, Exercises: Exercises}, opts, runF)
}

// lesson carries what the sections share.
type lesson struct {
	r     *report.Report
	skill skills.ChordSubstitution
	tools skills.ChordSubstitutionTools
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l := &lesson{r: report.New(w)}
	l.r.Heading("l14")
	return kit.RunSections(ctx, "l14", l.r, l.examples, l.lists, l.pairs, l.reading, l.closure)
}

// The two kinds of answer the skill gives, read line by line.
var (
	listHead     = lazy.Regexp(`^Harmonic substitutions for \*\*([^*]+)\*\*`)
	listItem     = lazy.Regexp(`^- \*\*([^*]+)\*\* — harmonic cost ([\d.]+) \(Δ L1=(\d+)\)`)
	pairHead     = lazy.Regexp(`^\*\*([^*]+)\*\* → \*\*([^*]+)\*\* relationship analysis:`)
	labelPattern = lazy.Regexp(`^★+ \*\*([^*]+)\*\*`)
)

// substitutionList is a list answer: its source chord, the chords listed, and "cost 0.60, L1 1"
// for each.
type substitutionList struct {
	source       string
	names, costs []string
}

func asList(answer string) (substitutionList, bool) {
	lines := strings.Split(answer, "\n")
	head := listHead().FindStringSubmatch(lines[0])
	if head == nil {
		return substitutionList{}, false
	}
	list := substitutionList{source: head[1]}
	for _, line := range lines {
		if m := listItem().FindStringSubmatch(line); m != nil {
			list.names = append(list.names, m[1])
			list.costs = append(list.costs, "cost "+m[2]+", L1 "+m[3])
		}
	}
	return list, true
}

// asPair reads a comparison answer: the two chords and the relationship labels.
func asPair(answer string) (a, b string, labels []string, ok bool) {
	lines := strings.Split(answer, "\n")
	head := pairHead().FindStringSubmatch(lines[0])
	if head == nil {
		return "", "", nil, false
	}
	for _, line := range lines {
		if m := labelPattern().FindStringSubmatch(line); m != nil {
			labels = append(labels, m[1])
		}
	}
	return head[1], head[2], labels, true
}

func describeSubstitution(answer string) string {
	if list, ok := asList(answer); ok {
		return "list for " + list.source + ": " + strings.Join(list.names, " ")
	}
	if a, b, labels, ok := asPair(answer); ok {
		return "compares " + a + " with " + b + ": " + strings.Join(labels, ", ")
	}
	first, _, _ := strings.Cut(answer, "\n")
	return first
}

// named are the chords a textbook gives for the relation three prompts name.
var named = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"Tritone substitution for G7":             "Db7",
		"What's the secondary dominant of Am?":    "E7",
		"Show me a backdoor dominant for C major": "Bb7",
	}
})

// examples is section 1: the skill's example prompts, its CanHandle and its answers.
func (l *lesson) examples() error {
	l.r.Title("The skill's own example prompts")
	prompts, err := kit.ExamplePrompts("skill.chordsubstitution")
	if err != nil {
		return err
	}
	l.r.Line("skill.chordsubstitution: ChordSubstitutionSkill, %d example prompts", len(prompts))
	accepted := 0
	for _, p := range prompts {
		ok := l.skill.CanHandle(p)
		if ok {
			accepted++
		}
		l.r.Line("%q  CanHandle %s", p, kit.YesNo(ok))
		l.r.Line("  %s", describeSubstitution(l.skill.Execute(p).Text))
		if chord, ok := named()[p]; ok {
			l.r.Line("  the textbook answer: %s", chord)
		}
	}
	l.r.Line("CanHandle accepts %d of %d", accepted, len(prompts))
	return nil
}

// roots are the skill's spellings of the 12 roots.
var roots = []string{"C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"}

// substituteUp is a chord a textbook relates to another: its root in semitones above the
// other's, and its suffix.
type substituteUp struct {
	up     int
	suffix string
}

// qualities are the skill's qualities with their tones above the root and the substitutes a
// textbook names for them.
var qualities = []struct {
	quality, suffix string
	tones           []int
	textbook        []substituteUp
}{
	{"major", "", []int{0, 4, 7}, []substituteUp{{9, "m"}, {4, "m"}}},                    // vi and iii
	{"minor", "m", []int{0, 3, 7}, []substituteUp{{3, ""}, {8, ""}}},                     // relative major and bVI
	{"dominant 7th", "7", []int{0, 4, 7, 10}, []substituteUp{{6, "7"}, {4, "m7b5"}}},     // tritone sub and viiø7
	{"major 7th", "maj7", []int{0, 4, 7, 11}, []substituteUp{{4, "m7"}, {9, "m7"}}},      // iii7 and vi7
	{"minor 7th", "m7", []int{0, 3, 7, 10}, []substituteUp{{3, "maj7"}, {8, "maj7"}}},    // relative and bVI major 7ths
	{"half-diminished", "m7b5", []int{0, 3, 6, 10}, []substituteUp{{8, "7"}, {3, "m7"}}}, // the dominant it stands for, and iv7
	{"diminished", "dim", []int{0, 3, 6}, nil},
	{"augmented", "aug", []int{0, 4, 8}, nil},
	{"diminished 7th", "dim7", []int{0, 3, 6, 9}, nil},
}

// chordTones are the pitch classes of a chord the skill names: a root of roots and a suffix
// of qualities, the longest root that leaves a known suffix.
func chordTones(chord string) []int {
	for r := len(roots) - 1; r >= 0; r-- {
		root := roots[r]
		if !strings.HasPrefix(chord, root) {
			continue
		}
		for _, q := range qualities {
			if q.suffix == chord[len(root):] {
				tones := make([]int, len(q.tones))
				for i, t := range q.tones {
					tones[i] = (r + t) % 12
				}
				return tones
			}
		}
	}
	return nil
}

func sharedTones(a, b string) int {
	tb := chordTones(b)
	n := 0
	for _, t := range chordTones(a) {
		if slices.Contains(tb, t) {
			n++
		}
	}
	return n
}

// lists is section 2: "Substitute for <chord>" on every root of every quality, the tool beside it.
func (l *lesson) lists() error {
	l.r.Title("One chord: \"Substitute for <chord>\" on the 12 roots")
	var costs []string
	same, asked := 0, 0
	for _, q := range qualities {
		var named []string
		shared := map[int]int{}
		found := 0
		for root := range 12 {
			chord := roots[root] + q.suffix
			list, ok := asList(l.skill.Execute("Substitute for " + chord).Text)
			if !ok {
				return fmt.Errorf("the skill gave no list for %s", chord)
			}
			for _, n := range list.names {
				if !slices.Contains(named, n) {
					named = append(named, n)
				}
				shared[sharedTones(chord, n)]++
			}
			for _, c := range list.costs {
				if !slices.Contains(costs, c) {
					costs = append(costs, c)
				}
			}
			for _, t := range q.textbook {
				if slices.Contains(list.names, roots[(root+t.up)%12]+t.suffix) {
					found++
					break
				}
			}
			tool := l.tools.GetSubstitutions(chord).Substitutions
			asked++
			toolNames, toolCosts := make([]string, len(tool)), make([]string, len(tool))
			for i, s := range tool {
				toolNames[i] = s.Name
				toolCosts[i] = "cost " + strconv.FormatFloat(s.Cost, 'f', 2, 64) + ", L1 " + strconv.Itoa(s.L1)
			}
			if slices.Equal(toolNames, list.names) && slices.Equal(toolCosts, list.costs) {
				same++
			}
		}
		l.r.Line("%s (C%s ... B%s): the 12 lists name %d chords, %s", q.quality, q.suffix, q.suffix, len(named), strings.Join(named, " "))
		if len(q.textbook) == 0 {
			l.r.Line("  no textbook substitute of the same size")
		} else {
			var examples []string
			for _, t := range q.textbook {
				examples = append(examples, roots[t.up]+t.suffix)
			}
			l.r.Line("  a textbook substitute listed for %d of 12 roots, e.g. for C%s: %s", found, q.suffix, strings.Join(examples, ", "))
		}
		var parts []string
		for _, n := range slices.Sorted(maps.Keys(shared)) {
			parts = append(parts, fmt.Sprintf("%d for %d", n, shared[n]))
		}
		l.r.Line("  notes each listed chord shares with its source: %s", strings.Join(parts, ", "))
	}
	slices.Sort(costs)
	l.r.Line("Cost and L1 of every listed chord: %s", strings.Join(costs, "; "))
	l.r.Line("ga_chord_substitutions returns the same chords, costs and L1 for %d of %d chords", same, asked)
	// Why every cost is the same: the chords of one set class share an interval-class vector,
	// and GA's delta between equal vectors is one step, not zero.
	for _, p := range [][2]string{{"C", "Am"}, {"C", "F#"}, {"G7", "Db7"}, {"C", "C"}} {
		va, vb := icv(p[0]), icv(p[1])
		l.r.Line("ICV %s %s, %s %s: ComputeDelta(...).L1Norm = %d", p[0], showICV(va), p[1], showICV(vb), algebra.DeltaOf(va, vb).L1())
	}
	return nil
}

func icv(chord string) algebra.ICV {
	return algebra.NewSet(chordTones(chord)...).IntervalClassVector()
}

func showICV(v algebra.ICV) string {
	var b strings.Builder
	b.WriteString("<")
	for _, c := range v.Counts() {
		b.WriteString(strconv.Itoa(c))
	}
	b.WriteString(">")
	return b.String()
}

// relations are relations a textbook names, as two chords above a root.
var relations = []struct {
	relation string
	a, b     substituteUp
	textbook string
}{
	{"the same chord twice", substituteUp{0, ""}, substituteUp{0, ""}, "the same chord"},
	{"V7 and I", substituteUp{7, "7"}, substituteUp{0, ""}, "V7 of I"},
	{"v and i", substituteUp{7, "m"}, substituteUp{0, "m"}, "a minor v is not a dominant"},
	{"bVII7 and I", substituteUp{10, "7"}, substituteUp{0, ""}, "backdoor dominant"},
	{"dominant 7ths a tritone apart", substituteUp{6, "7"}, substituteUp{0, "7"}, "tritone substitution"},
	{"relative minor and major", substituteUp{9, "m"}, substituteUp{0, ""}, "relative chords"},
	{"triads a tritone apart", substituteUp{6, "m"}, substituteUp{0, ""}, "no common note"},
	{"viiø7 and V7", substituteUp{4, "m7b5"}, substituteUp{0, "7"}, "viiø7 is V9 without its root"},
}

// pairs is section 3: "How are <A> and <B> related?" on every root, the tool beside it.
func (l *lesson) pairs() error {
	l.r.Title("Two chords: \"How are <A> and <B> related?\" on the 12 roots")
	for _, rel := range relations {
		var keys []string
		counts := map[string]int{}
		agrees := 0
		for root := range 12 {
			a, b := roots[(root+rel.a.up)%12]+rel.a.suffix, roots[(root+rel.b.up)%12]+rel.b.suffix
			_, _, labels, ok := asPair(l.skill.Execute("How are " + a + " and " + b + " related?").Text)
			if !ok {
				return fmt.Errorf("the skill did not compare %s and %s", a, b)
			}
			key := strings.Join(labels, ", ")
			if _, seen := counts[key]; !seen {
				keys = append(keys, key)
			}
			counts[key]++
			var types []string
			for _, r := range l.tools.CompareChords(a, b).Relationships {
				types = append(types, r.Type)
			}
			if slices.Equal(types, labels) {
				agrees++
			}
		}
		exA, exB := roots[rel.a.up]+rel.a.suffix, roots[rel.b.up]+rel.b.suffix
		l.r.Line("%s, e.g. %s and %s: common notes %d; textbook: %s", rel.relation, exA, exB, sharedTones(exA, exB), rel.textbook)
		for _, k := range keys {
			l.r.Line("  %d of 12 roots: %s", counts[k], k)
		}
		l.r.Line("  ga_chord_compare gives the same labels for %d of 12", agrees)
	}
	return nil
}

// reading is section 4: what the skill takes for a chord, and what SKILL.md promises.
func (l *lesson) reading() error {
	l.r.Title("What the skill reads as a chord")
	for _, p := range []string{
		"A substitute for G7?",
		"Substitute for B♭7",
		"Substitute for Cmin7",
		// GA's prompt corpus, prompts.yaml line 206: it asks only for 100 characters or more
		"Suggest substitutions for G7 in a ii-V-I",
	} {
		answer := l.skill.Execute(p).Text
		l.r.Line("%q  CanHandle %s, %d characters", p, kit.YesNo(l.skill.CanHandle(p)), len(utf16.Encode([]rune(answer))))
		l.r.Line("  %s", describeSubstitution(answer))
	}
	var row string
	for line := range strings.SplitSeq(string(fixtures.ChordSubstitutionSuffixes), "\n") {
		if strings.Contains(line, "min7") {
			row = line
		}
	}
	l.r.Line("SKILL.md: %s", row)
	l.r.Line("ga_chord_substitutions(\"Cmin7\"): %s", l.tools.GetSubstitutions("Cmin7").Error)
	return nil
}

// closureName is the closure section 5 runs.
const closureName = "domain.chordSubstitutions"

// closureArgs are one call's arguments, in the order the lesson writes them.
type closureArgs [][2]string

func (a closureArgs) String() string {
	parts := make([]string, len(a))
	for i, kv := range a {
		parts[i] = kv[0] + "=" + kv[1]
	}
	return strings.Join(parts, ", ")
}

func (a closureArgs) asMap() map[string]string {
	m := map[string]string{}
	for _, kv := range a {
		m[kv[0]] = kv[1]
	}
	return m
}

// closure is section 5: domain.chordSubstitutions through ga_dsl_eval at the pin, and main's
// closure run directly, as ga_dsl_eval runs a closure whose arguments pass.
func (l *lesson) closure() error {
	l.r.Title("domain.chordSubstitutions, through ga_dsl_eval at a826864 and as it is on main")
	pin, main := dsl.Pin.Bootstrap(), dsl.Main.Bootstrap()
	closure, ok := pin.TryGet(closureName)
	if !ok {
		return fmt.Errorf("no closure %s", closureName)
	}
	for _, in := range closure.Inputs {
		l.r.Line("input  %s: %s", in.Name, in.Type)
	}
	listed := pin.ListClosures()
	var optional []string
	for _, e := range listed {
		c, _ := pin.TryGet(e.Name)
		for _, in := range c.Inputs {
			if strings.Contains(in.Type, "?") || strings.Contains(strings.ToLower(in.Type), "optional") {
				optional = append(optional, c.Name+"."+in.Name)
			}
		}
	}
	l.r.Line("%d inputs of %d closures are marked optional: %s", len(optional), len(listed), strings.Join(optional, ", "))
	atPin := func(args closureArgs) string {
		return pin.EvalClosure(closureName, args.asMap()).Answer()
	}
	onMain := func(args closureArgs) string {
		out, err := main.Run(closureName, args.asMap())
		if err != nil {
			return "error: " + err.Error()
		}
		return out
	}
	show := func(version, output string) {
		lines := strings.Split(output, "\n")
		l.r.Line("  %-8s %s", version, lines[0])
		for _, line := range lines[1:] {
			l.r.Line("  %-8s %s", "", strings.TrimRight(line, " "))
		}
	}
	for _, args := range []closureArgs{{{"symbol", "Am"}}, {{"symbol", "Am"}, {"key", "C"}}} {
		l.r.Line("%s", args)
		show("a826864", atPin(args))
		show("6baf32e", onMain(args))
	}
	for _, args := range []closureArgs{
		{{"symbol", "Am"}, {"key", "C"}, {"scale", "major"}},
		{{"symbol", "G7"}, {"key", "C"}, {"scale", "major"}},
		{{"symbol", "F#7"}, {"key", "B"}, {"scale", "major"}},
	} {
		l.r.Line("%s", args)
		p, m := atPin(args), onMain(args)
		show("a826864", p)
		if m == p {
			l.r.Line("  %-8s the same", "6baf32e")
		} else {
			show("6baf32e", m)
		}
	}
	return nil
}
