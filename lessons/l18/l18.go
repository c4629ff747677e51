package l18

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"course/ga/skills"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// builtQualities are the sixteen chord qualities VoiceLeadingSkill builds, as a textbook writes
// them; otherQualities are common chords it does not build. Together they are the names the
// lesson gives a set of pitch classes, tried in this order.
var (
	builtQualities = []string{"", "m", "dim", "aug", "sus2", "sus4", "7", "m7", "maj7", "m7b5", "dim7", "6", "m6", "9", "maj9", "m9"}
	otherQualities = []string{"add9", "7sus4", "7b9", "7#9", "mMaj7", "11", "13"}
	allQualities   = slices.Concat(builtQualities, otherQualities)
)

// exampleChords are the two chords each of the skill's example prompts names.
var exampleChords = sync.OnceValue(func() map[string][2]string {
	return map[string][2]string{
		"voice leading from C to F":                {"C", "F"},
		"smooth voice leading C to Am":             {"C", "Am"},
		"best voicing from G7 to Cmaj7":            {"G7", "Cmaj7"},
		"how do I voice lead Dm7 to G7":            {"Dm7", "G7"},
		"voice leading C major to G major":         {"C", "G"},
		"smoothest voicing from Em to A7":          {"Em", "A7"},
		"voice leading Fmaj7 to Bm7b5":             {"Fmaj7", "Bm7b5"},
		"what's the smoothest voicing from D to A": {"D", "A"},
		"voice lead C7 to F":                       {"C7", "F"},
		"best way to move from G7 to C":            {"G7", "C"},
	}
})

// symbols are ways of writing a chord's quality, each with the quality a textbook reads.
var symbols = []struct{ written, means string }{
	{"", ""}, {"maj", ""}, {" major", ""}, {"m", "m"}, {"min", "m"}, {" minor", "m"}, {"-", "m"},
	{"dim", "dim"}, {"°", "dim"}, {"o", "dim"}, {"aug", "aug"}, {"+", "aug"},
	{"sus2", "sus2"}, {"sus4", "sus4"}, {"sus", "sus4"},
	{"7", "7"}, {"dom7", "7"}, {"m7", "m7"}, {"min7", "m7"}, {"-7", "m7"},
	{"maj7", "maj7"}, {"M7", "maj7"}, {"Δ7", "maj7"}, {"Δ", "maj7"}, {"major7", "maj7"},
	{"m7b5", "m7b5"}, {"min7b5", "m7b5"}, {"ø", "m7b5"}, {"ø7", "m7b5"},
	{"dim7", "dim7"}, {"°7", "dim7"}, {"o7", "dim7"},
	{"6", "6"}, {"m6", "m6"}, {"min6", "m6"}, {"9", "9"}, {"maj9", "maj9"}, {"m9", "m9"}, {"min9", "m9"},
	{"add9", "add9"}, {"7sus4", "7sus4"}, {"7b9", "7b9"}, {"7#9", "7#9"}, {"mMaj7", "mMaj7"}, {"11", "11"}, {"13", "13"},
}

// notations are the five black-key roots written four ways.
var notations = []struct {
	label string
	roots []string
}{
	{"ASCII #", []string{"C#", "D#", "F#", "G#", "A#"}},
	{"♯", []string{"C♯", "D♯", "F♯", "G♯", "A♯"}},
	{"ASCII b", []string{"Db", "Eb", "Gb", "Ab", "Bb"}},
	{"♭", []string{"D♭", "E♭", "G♭", "A♭", "B♭"}},
}

// gridRoots are the roots the grid's second chord takes, spelled as keys are.
var gridRoots = []string{"C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"}

// The keys of the spelling tables, around the circle of fifths.
var (
	majorKeys = []string{"C", "G", "D", "A", "E", "B", "F#", "F", "Bb", "Eb", "Ab", "Db"}
	minorKeys = []string{"C", "G", "D", "A", "E", "B", "F#", "C#", "G#", "F", "Bb", "Eb"}
)

// phrasings are other ways of asking, with the chords each one names.
var phrasings = []struct {
	prompt string
	asks   []string
}{
	{"how do I get from G7 to a C chord", []string{"G7", "C"}},
	{"voice leading Dm7 to G7 to Cmaj7", []string{"Dm7", "G7", "Cmaj7"}},
	{"voice leading CM7 to FM7", []string{"Cmaj7", "Fmaj7"}},
	{"voice leading G7 → C", []string{"G7", "C"}},
	{"voice leading G7 - C", []string{"G7", "C"}},
	{"voice leading from G7 into C", []string{"G7", "C"}},
	{"voice leading from C to F#", []string{"C", "F#"}},
	{"voice leading from G to B°", []string{"G", "Bdim"}},
	{"smooth voice leading from C major to A minor", []string{"C", "Am"}},
	{"how do I voice lead Bb to Eb", []string{"Bb", "Eb"}},
}

// Options is what `course l18` needs to run.
type Options struct {
}

// NewCmd builds `course l18`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	return kit.NewCmd(kit.Spec[Options]{Use: "l18", Long: `Lesson 18: voice leading by least motion.

Calls GA's voice-leading skill in-process: which skill would take its example prompts
without embeddings, which chords it reads from a symbol or an accidental, whether its
total motion is the least the course's own voice-leading computation finds over 3,072
prompts, and how it spells the notes of ii-V-I in every key.`, Run: run, Exercises: Exercises}, opts, runF)
}

// lesson carries what the sections share: the skill, the registered skills in order, and
// the first error of a chord the course cannot spell, which the helpers that read chords and
// notes record so that the section that called them returns it when it ends.
type lesson struct {
	r          *report.Report
	skill      skills.VoiceLeading
	registered []skills.Skill
	chords     map[string]theory.Chord
	pcsOf      map[string][]int
	err        error
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l := &lesson{r: report.New(w), registered: skills.Registered()}
	return l.run(ctx)
}

func (l *lesson) run(ctx context.Context) error {
	l.r.Heading("l18")
	return kit.RunSections(ctx, "l18", l.r, l.fallback, l.examples, l.symbols, l.accidentals, l.grid, l.spelling, l.phrasings)
}

// fallback is section 1: which skill takes each example prompt without embeddings.
func (l *lesson) fallback() error {
	l.r.Title("Without embeddings: the first skill, in registration order, whose CanHandle accepts each example prompt")
	const intent = "skill.voiceleading"
	prompts, err := kit.ExamplePrompts(intent)
	if err != nil {
		return err
	}
	rows := make([][]string, len(prompts))
	accepted := 0
	for i, p := range prompts {
		// Right when the first skill to accept the prompt is the one whose example it is.
		first := kit.FirstAccepting(l.registered, p)
		rows[i] = []string{p, report.Judge(first == intent, report.Wrong, first)}
		if l.skill.CanHandle(p) {
			accepted++
		}
	}
	l.r.TableWidths([]string{"prompt", "first skill that accepts it"}, rows, []int{43})
	l.r.Line("skill intents %d; CanHandle of skill.voiceleading accepts %d of its %d example prompts", len(l.registered), accepted, len(prompts))
	return l.err
}

// examples is section 2: the skill's example prompts, the chords it reads, its total motion,
// the least motion, and how many pairings reach its total.
func (l *lesson) examples() error {
	l.r.Title("VoiceLeadingSkill's example prompts: the chords read, the total motion, and the least motion")
	prompts, err := kit.ExamplePrompts("skill.voiceleading")
	if err != nil {
		return err
	}
	var rows [][]string
	for _, p := range prompts {
		chords, ok := exampleChords()[p]
		if !ok {
			return fmt.Errorf("the lesson does not know the chords of the example prompt %q", p)
		}
		from, to := chords[0], chords[1]
		a := l.ask(p)
		total, least, pairings := "-", "-", "-"
		if a != nil {
			total = strconv.Itoa(a.cost)
		}
		read := l.reads(a, from, to)
		if read {
			m := theory.LeastMotion(l.pcs(from), l.pcs(to))
			least = strconv.Itoa(m)
			pairings = strconv.Itoa(bestPairings(l.pcs(from), l.pcs(to), a.cost))
			// The answer says no voicing moves less: its total is right only at the least.
			total = report.Judge(a.cost == m, report.Wrong, total)
		}
		rows = append(rows, []string{p, from + " → " + to, report.Judge(read, report.Wrong, l.readAs(a, from, to)), total, least, pairings})
	}
	l.r.TableWidths([]string{"prompt", "asks", "reads", "total", "least", "best pairings"}, rows, []int{41, 13, 13, 6, 5, 13})
	return l.err
}

// symbols is section 3: each way of writing a quality on C, as the first chord and the last.
func (l *lesson) symbols() error {
	l.r.Title(`Each chord symbol on C, as the first chord ("voice leading C<symbol> to F") and as the last ("voice leading F to C<symbol>")`)
	right := [2]int{}
	var rows [][]string
	for _, s := range symbols {
		c := "C" + s.means
		cell := func(a *vlAnswer, first bool) string {
			ok := l.reads(a, "F", c)
			if first {
				ok = l.reads(a, c, "F")
			}
			switch {
			case ok && first:
				right[0]++
				return report.Mark(report.Right, "right")
			case ok:
				right[1]++
				return report.Mark(report.Right, "right")
			case a == nil:
				return report.Mark(report.Wrong, "declined")
			case first:
				return report.Mark(report.Wrong, "reads "+theory.NameChord(a.side(0), l.note("C"), allQualities))
			}
			return report.Mark(report.Wrong, "reads "+theory.NameChord(a.side(1), l.note("C"), allQualities))
		}
		first := cell(l.ask("voice leading C"+s.written+" to F"), true)
		last := cell(l.ask("voice leading F to C"+s.written), false)
		rows = append(rows, []string{"C" + s.written, c, first, last})
	}
	l.r.TableWidths([]string{"written", "means", "first", "last"}, rows, []int{9, 9, 21})
	l.r.Line("symbols %d: read right as the first chord %d, as the last %d", len(symbols), right[0], right[1])
	return l.err
}

// accidentals is section 4: roots with a sharp or a flat, first and last.
func (l *lesson) accidentals() error {
	l.r.Title(`A root with an accidental, first ("voice leading <root> to C") and last ("voice leading C to <root>", "… to <root>m")`)
	ascii := strings.NewReplacer("♯", "#", "♭", "b")
	var rows [][]string
	for _, n := range notations {
		first, last, minor := 0, 0, 0
		var spelled, misread []string
		for _, root := range n.roots {
			r := ascii.Replace(root)
			fa := l.ask("voice leading " + root + " to C")
			if l.reads(fa, r, "C") {
				first++
			}
			spelled = append(spelled, fa.root())
			la := l.ask("voice leading C to " + root)
			switch {
			case l.reads(la, "C", r):
				last++
			case la == nil:
				misread = append(misread, "declined")
			default:
				misread = append(misread, theory.NameChord(la.side(1), l.note(r), allQualities))
			}
			if l.reads(l.ask("voice leading C to "+root+"m"), "C", r+"m") {
				minor++
			}
		}
		of := func(k int) string { return fmt.Sprintf("%d of %d", k, len(n.roots)) }
		misreadCell := "-"
		if len(misread) > 0 {
			misreadCell = strings.Join(misread, ", ")
		}
		rows = append(rows, []string{n.label, of(first), of(last), of(minor), strings.Join(spelled, ", "), misreadCell})
	}
	l.r.TableWidths([]string{"notation", "first", "last", "last, m", "the root first, spelled", "the last, misread as"}, rows, []int{9, 7, 7, 8, 24})
	return l.err
}

// gridCase is one prompt of the grid that moves more than the least, or has several best pairings.
type gridCase struct {
	prompt      string
	excess      int
	cost, least int
	pairings    int
}

// grid is section 5: every quality the skill builds on C to every quality on each root.
func (l *lesson) grid() error {
	l.r.Title(`"voice leading C<quality> to <root><quality>": the 16 qualities the skill builds, on C and on each of the 12 roots`)
	type pair struct{ from, to string }
	groups := map[[2]int][]pair{}
	var keys [][2]int
	total := 0
	for _, qa := range builtQualities {
		for _, r := range gridRoots {
			for _, qb := range builtQualities {
				p := pair{"C" + qa, r + qb}
				k := [2]int{len(l.pcs(p.from)), len(l.pcs(p.to))}
				if _, ok := groups[k]; !ok {
					keys = append(keys, k)
				}
				groups[k] = append(groups[k], p)
				total++
			}
		}
	}
	slices.SortFunc(keys, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	var extra, ties []gridCase
	claims := 0
	var rows [][]string
	for _, k := range keys {
		read, least, more, most, several := 0, 0, 0, 0, 0
		for _, p := range groups[k] {
			a := l.ask("voice leading " + p.from + " to " + p.to)
			if !l.reads(a, p.from, p.to) {
				continue
			}
			read++
			if a.claims {
				claims++
			}
			from, to := l.pcs(p.from), l.pcs(p.to)
			lm := theory.LeastMotion(from, to)
			name := p.from + " to " + p.to
			if a.cost == lm {
				least++
			} else {
				more++
				most = max(most, a.cost-lm)
				extra = append(extra, gridCase{prompt: name, excess: a.cost - lm, cost: a.cost, least: lm})
			}
			if b := bestPairings(from, to, a.cost); b > 1 {
				several++
				ties = append(ties, gridCase{prompt: name, pairings: b})
			}
		}
		rows = append(rows, []string{fmt.Sprintf("%d → %d", k[0], k[1]), strconv.Itoa(len(groups[k])), strconv.Itoa(read),
			strconv.Itoa(least), strconv.Itoa(more), strconv.Itoa(most), strconv.Itoa(several)})
	}
	l.r.TableWidths([]string{"voices", "prompts", "read right", "least motion", "more than the least", "most extra", "several best pairings"}, rows, []int{7, 8, 11, 13, 20, 11})
	l.r.Line(`prompts %d: closing on "every other voicing … requires more total semitone movement" %d, more motion than the least %d, several best pairings %d`,
		total, claims, len(extra), len(ties))
	byExcess := map[int]int{}
	var excesses []int
	for _, e := range extra {
		if byExcess[e.excess] == 0 {
			excesses = append(excesses, e.excess)
		}
		byExcess[e.excess]++
	}
	slices.Sort(excesses)
	parts := make([]string, len(excesses))
	for i, x := range excesses {
		unit := "semitones"
		if x == 1 {
			unit = "semitone"
		}
		parts[i] = fmt.Sprintf("%d %s %d", x, unit, byExcess[x])
	}
	l.r.Line("by how much more: %s", strings.Join(parts, ", "))
	l.r.Line("the first answers with the most extra motion:")
	slices.SortStableFunc(extra, func(a, b gridCase) int { return b.excess - a.excess })
	for _, e := range extra[:min(5, len(extra))] {
		l.r.Line("  %s: %d semitones, least %d", e.prompt, e.cost, e.least)
	}
	l.r.Line("the first answers with the most best pairings:")
	slices.SortStableFunc(ties, func(a, b gridCase) int { return b.pairings - a.pairings })
	for _, t := range ties[:min(3, len(ties))] {
		l.r.Line("  %s: %d pairings", t.prompt, t.pairings)
	}
	return l.err
}

// misspelled lists the notes the answer spells otherwise than their chord does, as "A# for Bb";
// ok when it spells every note as its chord does.
func (l *lesson) misspelled(a *vlAnswer, from, to string) (cell string, ok bool) {
	if a == nil {
		return "declined", false
	}
	textbook := func(chord, note string) string {
		pc, _ := theory.PitchClass(note)
		for _, t := range l.chord(chord).Tones {
			if t.PitchClass() == pc {
				return t.String()
			}
		}
		if l.err == nil {
			l.err = fmt.Errorf("the skill names %s, not a note of %s", note, chord)
		}
		return ""
	}
	var wrong []string
	for _, v := range a.voices {
		for _, x := range [][2]string{{v[0], textbook(from, v[0])}, {v[1], textbook(to, v[1])}} {
			if s := x[0] + " for " + x[1]; x[0] != x[1] && !slices.Contains(wrong, s) {
				wrong = append(wrong, s)
			}
		}
	}
	if len(wrong) == 0 {
		return "as spelled", true
	}
	return strings.Join(wrong, ", "), false
}

// spelling is section 6: the notes of ii7-V7-Imaj7 and V7-i in every key, against their chords.
func (l *lesson) spelling() error {
	l.r.Title("Spelling: ii7 to V7 and V7 to Imaj7 in the 12 major keys, the notes spelled otherwise than in their chord")
	total, spelled := 0, 0
	count := func(cell string, ok bool) string {
		total++
		if ok {
			spelled++
		}
		return report.Judge(ok, report.Wrong, cell)
	}
	up := func(key string, d int) string { return l.note(key).Up(theory.Degree{Number: d}).String() }
	var rows [][]string
	for _, key := range majorKeys {
		ii, v := up(key, 2), up(key, 5)
		c1 := count(l.misspelled(l.ask("voice leading "+ii+"m7 to "+v+"7"), ii+"m7", v+"7"))
		c2 := count(l.misspelled(l.ask("voice leading "+v+"7 to "+key+"maj7"), v+"7", key+"maj7"))
		rows = append(rows, []string{key, c1, c2})
	}
	widths := []int{4, 33}
	l.r.TableWidths([]string{"key", "ii7 to V7", "V7 to Imaj7"}, rows, widths)

	l.r.Title("Spelling: V7 to i in the 12 minor keys")
	rows = nil
	for _, key := range minorKeys {
		v := up(key, 5)
		rows = append(rows, []string{key + "m", count(l.misspelled(l.ask("voice leading "+v+"7 to "+key+"m"), v+"7", key+"m"))})
	}
	l.r.TableWidths([]string{"key", "V7 to i"}, rows, widths)
	l.r.Line("prompts %d: every note spelled as in its chord %d", total, spelled)
	return l.err
}

// phrasings is section 7: other ways of asking.
func (l *lesson) phrasings() error {
	l.r.Title("Other phrasings")
	var rows [][]string
	for _, p := range phrasings {
		a := l.ask(p.prompt)
		from, to := p.asks[0], p.asks[1]
		verdict, v := "right", report.Right
		switch {
		case a == nil:
			verdict, v = "declined", report.Wrong
		case !l.reads(a, from, to):
			verdict, v = "wrong chord", report.Wrong
		case len(p.asks) > 2:
			// The first two chords read right, the rest left out: partly right.
			verdict, v = fmt.Sprintf("reads 2 of %d chords", len(p.asks)), report.Lossy
		}
		rows = append(rows, []string{p.prompt, strings.Join(p.asks, " → "), l.readAs(a, from, to), report.Mark(v, verdict)})
	}
	l.r.TableWidths([]string{"prompt", "asks", "reads", "verdict"}, rows, []int{45, 21, 15})
	return l.err
}
