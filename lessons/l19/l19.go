package l19

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/composition"
	"course/ga/optick"
	"course/ga/revision"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// pairs are the chord pairs of the voice-leading skill's ten example prompts (lesson 18), in
// the skill's order.
var pairs = [][2]string{
	{"C", "F"}, {"C", "Am"}, {"G7", "Cmaj7"}, {"Dm7", "G7"}, {"C", "G"},
	{"Em", "A7"}, {"Fmaj7", "Bm7b5"}, {"D", "A"}, {"C7", "F"}, {"G7", "C"},
}

// maxCandidates is the most candidates per chord the tool allows.
const maxCandidates = 50

// verdicts are what a voicing plays against the chord asked for: every note of it; a seventh
// chord without its perfect fifth, as shell voicings leave it out; every note and more; part of
// the chord; or notes outside it.
var verdicts = []string{"exact", "no fifth", "more", "part", "other"}

// Options is what `course l19` needs to run.
type Options struct {
	// Revision is the GA whose pipeline builds and searches lesson 3's index for the tool.
	Revision revision.Revision
	// version replaces main's voicing pipeline, for tests that switch one of its changes off.
	version *optick.Version

	// pairs replaces the ten prompts' chord pairs, for tests that change one; nil means the
	// skill's.
	pairs [][2]string
}

// NewCmd builds `course l19`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l19", Long: `Lesson 19: voice leading between searched voicings.

Builds lesson 3's OPTIC-K index (every voicing of the first three frets, GA's
generator, analysis and embedding) and calls GA's ga_voice_leading_pair tool on it
in-process, with the chord pairs of the voice-leading skill's ten example prompts.
The tool asks the index for 15 voicings of each chord, weighs the 225 pairs with
its distance in semitones and returns the five smallest. The lesson grades each
candidate against the chord a textbook spells, compares the tool's first pair with
the smoothest pair of right voicings in the index, asks again with 50 candidates,
and checks the tool's distance against the least motion over every pairing.
With --main, the same questions over the index GA's main branch builds and searches.`, Run: run, Exercises: Exercises}, opts, runF)
	kit.MainFlag(cmd, &opts.Revision, "build and search the index as on GA's main branch (f4f5b4a)")
	return cmd
}

// voicing is a voicing of the index: its chart (low E first, GA writes its diagram high E
// first), its chord name and its MIDI notes.
type voicing struct {
	chart theory.Chart
	name  string
	midi  []int
}

// lesson carries what the sections share: the corpus, the tool over its index, and the GA
// the lesson asks.
type lesson struct {
	r      *report.Report
	rev    revision.Revision
	pairs  [][2]string
	corpus []voicing
	tool   *composition.VoiceLeadingTool
	// version is the voicing pipeline the index is built and searched with.
	version optick.Version
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l := &lesson{r: report.New(w), rev: opts.Revision, version: opts.Revision.Voicings(), pairs: opts.pairs}
	if l.pairs == nil {
		l.pairs = pairs
	}
	if l.rev.IsMain() && opts.version != nil {
		l.version = *opts.version
	}
	l.r.Heading(l.rev.Heading("l19"))
	return kit.RunSections(ctx, "l19", l.r, l.build, l.candidatesTable, l.pairsTable, l.moreCandidates, l.distanceCheck)
}

// build builds lesson 3's corpus and index and points the tool at it; it prints nothing.
func (l *lesson) build() error {
	tool, voicings, err := kit.VoiceLeadingTool(l.version)
	if err != nil {
		return err
	}
	l.tool = tool
	l.corpus = make([]voicing, len(voicings))
	for i, v := range voicings {
		chart, err := theory.ParseDiagram(v.Diagram)
		if err != nil {
			return err
		}
		l.corpus[i] = voicing{chart: chart, name: v.Name, midi: v.Voicing.Notes}
	}
	return nil
}

// show writes a voicing the tool returns as the tables do: its chart, low E first, and its
// chord name.
func show(r optick.Result) (string, error) {
	chart, err := theory.ParseDiagram(r.Diagram)
	if err != nil {
		return "", err
	}
	return chart.String() + " " + r.ChordName, nil
}

// showPair writes the two voicings of a pair with show.
func showPair(from, to optick.Result) (string, string, error) {
	a, err := show(from)
	if err != nil {
		return "", "", err
	}
	b, err := show(to)
	return a, b, err
}

// textbook is a chord symbol's pitch classes as a textbook spells it, and its root's.
func textbook(symbol string) (pcs theory.PCMask, root int, err error) {
	chord, err := theory.ParseChord(symbol)
	if err != nil {
		return 0, 0, err
	}
	return theory.MaskOf(chord.PitchClasses()...), chord.Root.PitchClass(), nil
}

// played is the mask of a voicing's pitch classes.
func played(midi []int) theory.PCMask { return theory.MaskOf(midi...) }

// pairVerdicts grades a pair's two voicings against the chords asked for, and says whether
// both are right.
func pairVerdicts(from, to string, pair composition.VoicingPair) (vf, vt string, bothRight bool, err error) {
	if vf, err = verdict(from, pair.From.MidiNotes); err != nil {
		return "", "", false, err
	}
	if vt, err = verdict(to, pair.To.MidiNotes); err != nil {
		return "", "", false, err
	}
	return vf, vt, isRight(vf) && isRight(vt), nil
}

// verdict says what a voicing plays against symbol's chord.
func verdict(symbol string, midi []int) (string, error) {
	chord, root, err := textbook(symbol)
	if err != nil {
		return "", err
	}
	played := played(midi)
	fifth := theory.MaskOf(root + 7)
	switch {
	case played == chord:
		return "exact", nil
	case played&chord == chord:
		return "more", nil
	case played&^chord != 0:
		return "other", nil
	case len(chord.PitchClasses()) >= 4 && chord&^played == fifth:
		return "no fifth", nil
	default:
		return "part", nil
	}
}

// isRight reports whether a verdict is the chord a guitarist asked for.
func isRight(verdict string) bool { return verdict == "exact" || verdict == "no fifth" }

// chords lists the prompts' chords, each once, in the order they first appear.
func (l *lesson) chords() []string {
	var out []string
	for _, p := range l.pairs {
		for _, c := range p {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// inIndex lists the corpus's voicings that play exactly symbol's chord, in index order.
func (l *lesson) inIndex(symbol string) ([]voicing, error) {
	chord, _, err := textbook(symbol)
	if err != nil {
		return nil, err
	}
	var out []voicing
	for _, v := range l.corpus {
		if played(v.midi) == chord {
			out = append(out, v)
		}
	}
	return out, nil
}

// ask calls the tool for one prompt.
func (l *lesson) ask(from, to string, candidates int) composition.VoiceLeadingAnswer {
	return l.tool.VoiceLeadingPair(from, to, kit.VoiceLeadingLimit, "", candidates)
}

// candidatesTable grades the 15 candidates the tool searches for each chord.
func (l *lesson) candidatesTable() error {
	l.r.Title("The %d candidates the tool pairs for each chord, %s, against the chord a textbook spells", kit.VoiceLeadingCandidates, l.rev.Label())
	w := []int{8, 7, 10, 6, 6, 7, 19}
	l.r.FixedRow(w, "chord", "exact", "no fifth", "more", "part", "other", "exact in the index", "first exact candidate")
	totals := make([]int, len(verdicts))
	for _, symbol := range l.chords() {
		hits, err := l.tool.SearchByChord(symbol, kit.VoiceLeadingCandidates, "")
		if err != nil {
			return err
		}
		counts := make([]int, len(verdicts))
		first := "none"
		for rank, h := range hits {
			v, err := verdict(symbol, h.MidiNotes)
			if err != nil {
				return err
			}
			counts[slices.Index(verdicts, v)]++
			if v == "exact" && first == "none" {
				first = "rank " + strconv.Itoa(rank+1)
			}
		}
		exact, err := l.inIndex(symbol)
		if err != nil {
			return err
		}
		row := []string{symbol}
		for i, c := range counts {
			totals[i] += c
			row = append(row, strconv.Itoa(c))
		}
		l.r.FixedRow(w, append(row, strconv.Itoa(len(exact)), first)...)
	}
	sum := 0
	parts := make([]string, len(totals))
	for i, t := range totals {
		sum += t
		parts[i] = fmt.Sprintf("%s %d", verdicts[i], t)
	}
	l.r.Line("candidates %d: %s", sum, strings.Join(parts, ", "))
	return nil
}

// pairsTable compares the tool's first pair for each prompt with the smoothest pair of exact
// voicings in the index, by the tool's own distance, and with the least motion in pitch classes.
func (l *lesson) pairsTable() error {
	l.r.Title("The tool's first pair for each prompt, %s, and the smoothest pair of exact voicings in the index", l.rev.Label())
	w := []int{14, 42, 36, 12, 36}
	l.r.FixedRow(w, "prompt", "first pair: from", "to", "both right", "smoothest exact pair in the index", "least in pitch classes")
	rightFirst, moreThanIndex, indexIsLeast := 0, 0, 0
	var firstAnswer *composition.VoicingPair
	for _, p := range l.pairs {
		from, to := p[0], p[1]
		prompt := from + " → " + to
		answer := l.ask(from, to, kit.VoiceLeadingCandidates)
		if answer.Error != "" {
			l.r.FixedRow(w, prompt, answer.Error)
			continue
		}
		top := answer.Pairs[0]
		if firstAnswer == nil {
			firstAnswer = &top
		}
		vf, vt, bothRight, err := pairVerdicts(from, to, top)
		if err != nil {
			return err
		}
		if bothRight {
			rightFirst++
		}
		both := 0
		for _, q := range answer.Pairs {
			f, _ := verdict(from, q.From.MidiNotes)
			t, _ := verdict(to, q.To.MidiNotes)
			if isRight(f) && isRight(t) {
				both++
			}
		}
		a, err := l.inIndex(from)
		if err != nil {
			return err
		}
		b, err := l.inIndex(to)
		if err != nil {
			return err
		}
		// The first pair of least distance, the index's order kept.
		var bestFrom, bestTo voicing
		best := math.Inf(1)
		for _, x := range a {
			for _, y := range b {
				if d := composition.VoiceLeadingDistance(x.midi, y.midi); d < best {
					best, bestFrom, bestTo = d, x, y
				}
			}
		}
		chordFrom, _, _ := textbook(from)
		chordTo, _, _ := textbook(to)
		least := theory.LeastMotion(chordFrom.PitchClasses(), chordTo.PitchClasses())
		smoothest := "no exact voicing"
		if !math.IsInf(best, 1) {
			if top.Distance > best {
				moreThanIndex++
			}
			if best == float64(least) {
				indexIsLeast++
			}
			smoothest = fmt.Sprintf("%s: %s → %s", kit.Number(best), bestFrom.chart, bestTo.chart)
		}
		showFrom, showTo, err := showPair(top.From, top.To)
		if err != nil {
			return err
		}
		// Each side coloured by the lesson's grade of it: right when isRight takes it.
		l.r.FixedRow(w, prompt, report.Judge(isRight(vf), report.Wrong, fmt.Sprintf("%s: %s, %s", kit.Number(top.Distance), showFrom, vf)),
			report.Judge(isRight(vt), report.Wrong, fmt.Sprintf("%s, %s", showTo, vt)), fmt.Sprintf("%d of %d", both, len(answer.Pairs)),
			smoothest, strconv.Itoa(least))
	}
	l.r.Line("prompts %d: first pair right on both sides %d, moves more than the smoothest exact pair %d; that pair moves the least in pitch classes %d",
		len(l.pairs), rightFirst, moreThanIndex, indexIsLeast)
	// The table writes the diagrams low E first; the tool returns the index's strings as they are.
	if firstAnswer != nil {
		l.r.Line("the first pair for %s → %s, as the tool returns it: diagram %s → %s",
			l.pairs[0][0], l.pairs[0][1], firstAnswer.From.Diagram, firstAnswer.To.Diagram)
	}
	return nil
}

// moreCandidates asks the tool again with the most candidates it allows.
func (l *lesson) moreCandidates() error {
	l.r.Title("The first pair with %d candidates per chord, the most the tool allows, %s", maxCandidates, l.rev.Label())
	w := []int{14, 10, 12, 12}
	l.r.FixedRow(w, "prompt", "distance", "from", "to", "first pair")
	right := 0
	for _, p := range l.pairs {
		from, to := p[0], p[1]
		prompt := from + " → " + to
		answer := l.ask(from, to, maxCandidates)
		if answer.Error != "" {
			l.r.FixedRow(w, prompt, answer.Error)
			continue
		}
		top := answer.Pairs[0]
		vf, vt, bothRight, err := pairVerdicts(from, to, top)
		if err != nil {
			return err
		}
		if bothRight {
			right++
		}
		showFrom, showTo, err := showPair(top.From, top.To)
		if err != nil {
			return err
		}
		l.r.FixedRow(w, prompt, kit.Number(top.Distance), report.Judge(isRight(vf), report.Wrong, vf),
			report.Judge(isRight(vt), report.Wrong, vt), showFrom+" → "+showTo)
	}
	l.r.Line("prompts %d: first pair right on both sides %d", len(l.pairs), right)
	return nil
}

// distanceCheck weighs every pair the tool weighs for the prompts against the least motion:
// over every pairing for voicings of equal size, over every choice of notes of the larger
// voicing, with the tool's penalty for each note left over, for voicings of unequal size.
func (l *lesson) distanceCheck() error {
	l.r.Title("The tool's distance on every pair it weighs for the ten prompts, %s, against the least motion", l.rev.Label())
	equal, equalLeast, unequal, unequalLeast, changed := 0, 0, 0, 0, 0
	most := 0.0
	var example struct {
		a, b optick.Result
		d    float64
		l    int
		set  bool
	}
	for _, p := range l.pairs {
		from, err := l.tool.SearchByChord(p[0], kit.VoiceLeadingCandidates, "")
		if err != nil {
			return err
		}
		to, err := l.tool.SearchByChord(p[1], kit.VoiceLeadingCandidates, "")
		if err != nil {
			return err
		}
		toolBest, leastBest := math.MaxFloat64, math.MaxFloat64
		for _, a := range from {
			for _, b := range to {
				d := composition.VoiceLeadingDistance(a.MidiNotes, b.MidiNotes)
				toolBest = min(toolBest, d)
				if len(a.MidiNotes) == len(b.MidiNotes) {
					equal++
					if d == float64(theory.LeastPitchMotion(a.MidiNotes, b.MidiNotes)) {
						equalLeast++
					}
					leastBest = min(leastBest, d)
					continue
				}
				unequal++
				least := theory.LeastPitchMotionWithout(a.MidiNotes, b.MidiNotes, 3)
				leastBest = min(leastBest, float64(least))
				if d == float64(least) {
					unequalLeast++
				} else if d-float64(least) > most {
					most = d - float64(least)
					example.a, example.b, example.d, example.l, example.set = a, b, d, least, true
				}
			}
		}
		if leastBest < toolBest {
			changed++
		}
	}
	l.r.Line("pairs of equal size %d: the distance is the least over every pairing %d", equal, equalLeast)
	l.r.Line("pairs of unequal size %d: the distance is the least over every choice of notes %d", unequal, unequalLeast)
	if example.set {
		showA, showB, err := showPair(example.a, example.b)
		if err != nil {
			return err
		}
		l.r.Line("the largest gap, %s semitones: %s [%s] → %s [%s], distance %s, least %d", kit.Number(most),
			showA, kit.JoinInts(slices.Sorted(slices.Values(example.a.MidiNotes)), " "),
			showB, kit.JoinInts(slices.Sorted(slices.Values(example.b.MidiNotes)), " "),
			kit.Number(example.d), example.l)
	}
	l.r.Line("prompts whose first pair would move less with the least over every choice of notes: %d of %d", changed, len(l.pairs))
	return nil
}
