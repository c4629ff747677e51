package l16

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"course/ga/embeddings"
	"course/ga/optick"
	"course/ga/query"
	"course/ga/revision"
	"course/ga/search"
	"course/ga/skills"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// examples are ChordVoicingsSkill.ExamplePrompts, each with the chord it asks for as a
// textbook writes it: a root and degrees (ChordVoicingsSkill.cs:31-45 @ c781df5c).
var examples = []asked{
	{"voicings for Cmaj7", "C", "1 3 5 7"}, {"show me Dm7 voicings", "D", "1 b3 5 b7"},
	{"shapes for F major", "F", "1 3 5"}, {"fingerings for G7", "G", "1 3 5 b7"},
	{"Cmaj9 voicings", "C", "1 3 5 7 9"}, {"drop2 voicings of Cmaj7", "C", "1 3 5 7"},
	{"shell voicing for Dm7", "D", "1 b3 5 b7"}, {"rootless A7 voicings", "A", "1 3 5 b7"},
	{"quartal voicings in C", "C", "1 4 b7"}, {"all C major voicings on guitar", "C", "1 3 5"},
	{"open chord shape for E minor", "E", "1 b3 5"}, {"barre voicings for Bb major", "Bb", "1 3 5"},
}

// fullAnswer is the example whose whole answer the lesson prints.
const fullAnswer = "show me Dm7 voicings"

// phrasings are other ways of asking, with and without a chord symbol the skill accepts.
var phrasings = []string{
	"voicings for C", "G chord shapes", "how do I play a D chord", "voicings for A minor",
	"voicings for Am", "voicings for am", "Bb voicings please", "voicings for F#m7b5",
	"voicings for C7(b9)", "voicings for C/G",
}

// quality is a chord suffix or a spelled-out quality with its textbook degrees.
type quality struct{ name, degrees string }

// symbols are the 51 suffixes of ChordVocabulary.NormalizeQuality that lesson 15 reads, with
// their textbook degrees.
var symbols = []quality{
	{"M", "1 3 5"}, {"M7", "1 3 5 7"}, {"maj", "1 3 5"}, {"m", "1 b3 5"}, {"min", "1 b3 5"}, {"dim", "1 b3 b5"},
	{"aug", "1 3 #5"}, {"+", "1 3 #5"}, {"5", "1 5"}, {"no3", "1 5"}, {"sus2", "1 2 5"}, {"sus4", "1 4 5"},
	{"sus", "1 4 5"}, {"add9", "1 3 5 9"}, {"6", "1 3 5 6"}, {"maj6", "1 3 5 6"}, {"m6", "1 b3 5 6"},
	{"min6", "1 b3 5 6"}, {"7", "1 3 5 b7"}, {"dom7", "1 3 5 b7"}, {"maj7", "1 3 5 7"}, {"ma7", "1 3 5 7"},
	{"Δ7", "1 3 5 7"}, {"m7", "1 b3 5 b7"}, {"min7", "1 b3 5 b7"}, {"-7", "1 b3 5 b7"}, {"dim7", "1 b3 b5 bb7"},
	{"°7", "1 b3 b5 bb7"}, {"m7b5", "1 b3 b5 b7"}, {"min7b5", "1 b3 b5 b7"}, {"ø", "1 b3 b5 b7"},
	{"ø7", "1 b3 b5 b7"}, {"7b5", "1 3 b5 b7"}, {"7#5", "1 3 #5 b7"}, {"7+5", "1 3 #5 b7"},
	{"7b9", "1 3 5 b7 b9"}, {"7#9", "1 3 5 b7 #9"}, {"7alt", "1 3 b5 #5 b7 b9 #9"}, {"alt", "1 3 b5 #5 b7 b9 #9"},
	{"9", "1 3 5 b7 9"}, {"maj9", "1 3 5 7 9"}, {"m9", "1 b3 5 b7 9"}, {"min9", "1 b3 5 b7 9"},
	{"11", "1 3 5 b7 9 11"}, {"maj11", "1 3 5 7 9 11"}, {"m11", "1 b3 5 b7 9 11"}, {"min11", "1 b3 5 b7 9 11"},
	{"13", "1 3 5 b7 9 11 13"}, {"maj13", "1 3 5 7 9 11 13"}, {"m13", "1 b3 5 b7 9 11 13"},
	{"min13", "1 b3 5 b7 9 11 13"},
}

// words are the 31 spelled-out qualities of ChordVocabulary.NormalizeQuality, with their
// textbook degrees.
var words = []quality{
	{"major", "1 3 5"}, {"minor", "1 b3 5"}, {"diminished", "1 b3 b5"}, {"augmented", "1 3 #5"}, {"power", "1 5"},
	{"dominant", "1 3 5 b7"}, {"dominant 7", "1 3 5 b7"}, {"major 6", "1 3 5 6"}, {"minor 6", "1 b3 5 6"},
	{"major 7", "1 3 5 7"}, {"minor 7", "1 b3 5 b7"}, {"diminished 7", "1 b3 b5 bb7"}, {"diminished7", "1 b3 b5 bb7"},
	{"half-diminished", "1 b3 b5 b7"}, {"half diminished", "1 b3 b5 b7"}, {"minor 7 flat 5", "1 b3 b5 b7"},
	{"dominant 7 flat 5", "1 3 b5 b7"}, {"dominant 7 sharp 5", "1 3 #5 b7"}, {"dominant 7 flat 9", "1 3 5 b7 b9"},
	{"dominant 7 sharp 9", "1 3 5 b7 #9"}, {"altered", "1 3 b5 #5 b7 b9 #9"}, {"altered dominant", "1 3 b5 #5 b7 b9 #9"},
	{"dominant 9", "1 3 5 b7 9"}, {"major 9", "1 3 5 7 9"}, {"minor 9", "1 b3 5 b7 9"}, {"dominant 11", "1 3 5 b7 9 11"},
	{"major 11", "1 3 5 7 9 11"}, {"minor 11", "1 b3 5 b7 9 11"}, {"dominant 13", "1 3 5 b7 9 11 13"},
	{"major 13", "1 3 5 7 9 11 13"}, {"minor 13", "1 b3 5 b7 9 11 13"},
}

// The grid: twelve roots and twelve qualities, each asked as "voicings for <root><suffix>".
var (
	gridRoots     = []string{"C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"}
	gridQualities = []quality{
		{"", "1 3 5"}, {"m", "1 b3 5"}, {"7", "1 3 5 b7"}, {"maj7", "1 3 5 7"}, {"m7", "1 b3 5 b7"},
		{"dim", "1 b3 b5"}, {"aug", "1 3 #5"}, {"sus4", "1 4 5"}, {"m7b5", "1 b3 b5 b7"},
		{"dim7", "1 b3 b5 bb7"}, {"6", "1 3 5 6"}, {"9", "1 3 5 b7 9"},
	}
)

// verdicts are what a voicing plays against the chord asked for, in the tables' order.
var verdicts = []string{"exact", "more", "part", "other"}

// asked is a prompt and the chord it asks for.
type asked struct{ prompt, root, degrees string }

// Options is what `course l16` needs to run.
type Options struct {
	// Revision is the GA asked; on main, the lesson runs the sections the original program
	// asks GA's main branch.
	Revision revision.Revision
	// Symbols are suffixes added to lesson 15's symbols, and GridQualities qualities added to
	// the grid, each "NAME=DEGREES", "maj7#11=1 3 5 7 #11": the lesson's own inputs, which its
	// exercises ask the learner to change.
	Symbols, GridQualities []string
}

// NewCmd builds `course l16`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l16", Long: `Lesson 16: the voicing skill, from a prompt to diagrams.

Asks GA's chord-voicings skill in-process: which prompts its keyword rule accepts, which chord
the typed extractor reads from them and from every suffix and spelled-out quality of GA's chord
vocabulary, then what each voicing of its answers plays, over the example prompts and a grid
of 144 chords, searched in the OPTIC-K index lesson 3 builds.
With --main, the answers of GA's main branch, whose voicing pipeline changed after the pin:
its corpus's names, the answers, the grid, the techniques the prompts name, and one answer.`, Run: run, Exercises: Exercises}, opts, runF)
	kit.MainFlag(cmd, &opts.Revision, "ask the skill as on GA's main branch (f4f5b4a)")
	cmd.Flags().StringArrayVar(&opts.Symbols, "symbol", nil, "add `NAME=DEGREES` to lesson 15's symbols (\"maj7#11=1 3 5 7 #11\")")
	cmd.Flags().StringArrayVar(&opts.GridQualities, "grid-quality", nil, "add `NAME=DEGREES` to the grid's qualities (\"13=1 3 5 b7 9 11 13\")")
	return cmd
}

// config is what the lesson's answers depend on besides GA's code: the prompts and the
// grid's qualities, and lesson 15's symbols.
type config struct {
	examples      []asked
	phrasings     []string
	gridQualities []quality
	fullAnswer    string
	symbols       []quality
	// rev is the GA asked: on main, its voicing pipeline and the sections the original program
	// asks it.
	rev revision.Revision
	// version replaces main's voicing pipeline, for tests that switch one of its changes off.
	version *optick.Version
}

// lesson carries what the sections share.
type lesson struct {
	cfg    config
	r      *report.Report
	skill  skills.ChordVoicings
	corpus map[theory.PCMask]bool // the pitch-class sets the corpus's voicings play
	// voicings are the corpus's voicings, in the index's order, and shapes their charts, read once.
	voicings []optick.CorpusVoicing
	shapes   []theory.Chart
}

// mainFullAnswer is the example whose whole answer the main run prints.
const mainFullAnswer = "open chord shape for E minor"

// pinConfig is the lesson's own configuration, at the pin.
func pinConfig() config {
	return config{examples: examples, phrasings: phrasings, gridQualities: gridQualities, fullAnswer: fullAnswer, symbols: symbols}
}

// withQualities is cfg with extra added to lesson 15's symbols when symbols is set, else to
// the grid's qualities.
func (cfg config) withQualities(symbols bool, extra ...quality) config {
	if symbols {
		cfg.symbols = slices.Concat(cfg.symbols, extra)
	} else {
		cfg.gridQualities = slices.Concat(cfg.gridQualities, extra)
	}
	return cfg
}

// parseQualities reads the values of a flag, each "NAME=DEGREES", into qualities whose
// degrees the course can spell.
func parseQualities(flag string, values []string) ([]quality, error) {
	var out []quality
	for _, v := range values {
		name, degrees, ok := strings.Cut(v, "=")
		if !ok || strings.TrimSpace(degrees) == "" {
			return nil, fmt.Errorf("--%s %q: want NAME=DEGREES, such as \"maj7#11=1 3 5 7 #11\"", flag, v)
		}
		if _, err := theory.Spell(theory.MustNote("C"), strings.Fields(degrees)...); err != nil {
			return nil, fmt.Errorf("--%s %q: %w", flag, v, err)
		}
		out = append(out, quality{name, degrees})
	}
	return out, nil
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	symbols, err := parseQualities("symbol", opts.Symbols)
	if err != nil {
		return fmt.Errorf("l16: %w", err)
	}
	grid, err := parseQualities("grid-quality", opts.GridQualities)
	if err != nil {
		return fmt.Errorf("l16: %w", err)
	}
	cfg := pinConfig().withQualities(true, symbols...).withQualities(false, grid...)
	if cfg.rev = opts.Revision; cfg.rev.IsMain() {
		cfg.fullAnswer = mainFullAnswer
	}
	return runLesson(ctx, w, cfg)
}

// runLesson runs the lesson on cfg.
func runLesson(ctx context.Context, w io.Writer, cfg config) error {
	l := &lesson{cfg: cfg, r: report.New(w)}
	l.r.Heading(cfg.rev.Heading("l16"))
	if cfg.rev.IsMain() {
		// GA's reading of the question is the same on main; the original program asks main
		// only for what the changed pipeline answers.
		return kit.RunSections(ctx, "l16", l.r, l.buildIndex, l.mainCorpus, l.answers, l.grid, l.techniques, l.full)
	}
	return kit.RunSections(ctx, "l16", l.r, l.examples, l.phrasings, l.symbols, l.words, l.buildIndex, l.answers, l.grid, l.full)
}

// chordMask is the pitch-class set of a chord given as a root and textbook degrees.
func chordMask(root, degrees string) theory.PCMask {
	notes, err := theory.Spell(theory.MustNote(root), strings.Fields(degrees)...)
	if err != nil {
		panic(fmt.Sprintf("l16: chord %s %q: %v", root, degrees, err))
	}
	return theory.MaskOf(theory.PitchClasses(notes)...)
}

// read is the chord the extractor read, "Cmaj7: C E G B", or "no chord".
func read(q query.Query) string {
	if len(q.PitchClasses) == 0 {
		return "no chord"
	}
	return q.ChordSymbol + ": " + kit.SharpNotes(theory.MaskOf(q.PitchClasses...).PitchClasses())
}

// extra is the rest of what the extractor read: the mode, the tags and the instrument.
func extra(q query.Query) string {
	var parts []string
	if q.ModeName != "" {
		parts = append(parts, "mode "+q.ModeName)
	}
	if len(q.Tags) > 0 {
		parts = append(parts, "tags "+strings.Join(q.Tags, " "))
	}
	if q.Instrument != "" {
		parts = append(parts, "instrument "+q.Instrument)
	}
	return strings.Join(parts, ", ")
}

// readTable prints, for each prompt, whether the skill takes it and what the extractor reads.
// With own, the prompts are the skill's own examples, which CanHandle should accept.
func (l *lesson) readTable(prompts []string, own bool) {
	w := []int{32, 10, 22}
	l.r.FixedRow(w, "prompt", "CanHandle", "chord read", "also read")
	for _, p := range prompts {
		q := query.ExtractTyped(p)
		can := l.skill.CanHandle(p)
		cell := kit.YesNo(can)
		if own {
			cell = report.Judge(can, report.Wrong, cell)
		}
		l.r.FixedRow(w, p, cell, read(q), extra(q))
	}
}

// examples reads the skill's example prompts.
func (l *lesson) examples() error {
	l.r.Title("The skill's example prompts: CanHandle, and the chord TypedMusicalQueryExtractor reads")
	prompts := make([]string, len(l.cfg.examples))
	for i, e := range l.cfg.examples {
		prompts[i] = e.prompt
	}
	l.readTable(prompts, true)
	return nil
}

// phrasings reads other ways of asking.
func (l *lesson) phrasings() error {
	l.r.Title("Other phrasings")
	l.readTable(l.cfg.phrasings, false)
	return nil
}

// symbols asks for C with each suffix of lesson 15 and holds the chord read against a
// textbook's, then against what ChordVocabulary reads.
func (l *lesson) symbols() error {
	l.r.Title("The %d symbols of lesson 15, asked as \"voicings for C…\"", len(l.cfg.symbols))
	wrong, disagree := symbolReads(l.cfg.symbols)
	l.r.Line("read as a textbook spells them: %d of %d", len(l.cfg.symbols)-len(wrong), len(l.cfg.symbols))
	for _, s := range wrong {
		l.r.Line("  %s", s)
	}
	l.r.Line("symbols ChordPitchClasses and ChordVocabulary read as different chords: %d: %s", len(disagree), strings.Join(disagree, " "))
	return nil
}

// symbolReads asks for C with each symbol: wrong lists those the extractor reads otherwise
// than a textbook spells them, with both readings; disagree those ChordPitchClasses and
// ChordVocabulary, which ChordInfoSkill reads them with (lesson 15), read as different chords.
func symbolReads(symbols []quality) (wrong, disagree []string) {
	for _, s := range symbols {
		q := query.ExtractTyped("voicings for C" + s.name)
		textbook := chordMask("C", s.degrees)
		if len(q.PitchClasses) > 0 && theory.MaskOf(q.PitchClasses...) == textbook {
			continue
		}
		wrong = append(wrong, fmt.Sprintf("C%s: %s, a textbook's %s", s.name, read(q), kit.SharpNotes(textbook.PitchClasses())))
	}
	for _, s := range symbols {
		_, pcs, ok := search.TryParse("C" + s.name)
		vocabulary := theory.MaskOf(skills.GetFormula(skills.NormalizeQuality(s.name)).Intervals...)
		if !ok || theory.MaskOf(pcs...) != vocabulary {
			disagree = append(disagree, "C"+s.name)
		}
	}
	return wrong, disagree
}

// words asks for C with each spelled-out quality, and groups the prompts by the chord read.
func (l *lesson) words() error {
	l.r.Title("The %d spelled-out qualities, asked as \"voicings for C …\"", len(words))
	right, handled := 0, 0
	reads := map[string][]string{}
	for _, w := range words {
		prompt := "voicings for C " + w.name
		if l.skill.CanHandle(prompt) {
			handled++
		}
		q := query.ExtractTyped(prompt)
		if len(q.PitchClasses) > 0 && theory.MaskOf(q.PitchClasses...) == chordMask("C", w.degrees) {
			right++
		}
		key := read(q)
		reads[key] = append(reads[key], w.name)
	}
	l.r.Line("CanHandle accepts %d of %d; read as a textbook spells them: %d", handled, len(words), right)
	for _, read := range slices.Sorted(maps.Keys(reads)) {
		words := reads[read]
		more := ""
		if len(words) > 6 {
			more = ", …"
		}
		l.r.Line("  read as %s: %d, %s%s", read, len(words), strings.Join(words[:min(6, len(words))], ", "), more)
	}
	return nil
}

// buildIndex builds lesson 3's corpus and index, which the skill searches, and remembers the
// pitch-class sets its voicings play.
func (l *lesson) buildIndex() error {
	partitions := embeddings.Partitions()
	version := l.cfg.rev.Voicings()
	if l.cfg.rev.IsMain() && l.cfg.version != nil {
		version = *l.cfg.version
	}
	reader, voicings, err := kit.CorpusIndex(partitions, version.Pipeline)
	if err != nil {
		return err
	}
	l.skill = skills.ChordVoicings{Search: optick.NewStrategyWith(reader, version.Search), Partitions: partitions,
		Encode: version.Encode, LowEFirst: l.cfg.rev.IsMain()}
	l.voicings = voicings
	l.corpus = map[theory.PCMask]bool{}
	l.shapes = make([]theory.Chart, len(voicings))
	for i, v := range voicings {
		s, err := theory.ParseDiagram(v.Diagram)
		if err != nil {
			return err
		}
		l.shapes[i] = s
		l.corpus[s.PitchClasses()] = true
	}
	return nil
}

// verdict says what a voicing plays against the chord asked: the chord, the chord and more,
// part of it, or something else.
func verdict(asked, played theory.PCMask) string {
	switch {
	case played == asked:
		return "exact"
	case played&asked == asked:
		return "more"
	case played&^asked == 0:
		return "part"
	}
	return "other"
}

// colour colours verdict's grade from the same masks: the chord exactly green, more or
// part of it yellow, other notes red.
func colour(asked, played theory.PCMask) report.Verdict {
	switch {
	case played == asked:
		return report.Right
	case played&asked == asked, played&^asked == 0:
		return report.Lossy
	}
	return report.Wrong
}

// resultLine reads one voicing of the skill's answer: name, diagram, type and score.
var resultLine = regexp.MustCompile("^- \\*\\*(.+?)\\*\\* `([^`]+)` \\(([^,]+), score ([-\\d.]+)\\)")

// answer is one voicing of the skill's answer, as it prints it.
type answer struct {
	name, diagram, score string
	shape                theory.Chart
}

// ask runs the skill on prompt and reads its answer's first line and voicings.
func (l *lesson) ask(prompt string) (string, []answer, error) {
	a, err := l.skill.Execute(prompt)
	if err != nil {
		return "", nil, fmt.Errorf("ask %q: %w", prompt, err)
	}
	lines := strings.Split(a.Text, "\n")
	var answers []answer
	for _, line := range lines {
		m := resultLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		// The pin's skill writes GA's diagrams, high E first; main's writes charts, low E first.
		s, err := theory.ParseDiagram(m[2])
		if l.skill.LowEFirst {
			s, err = theory.ParseChart(m[2])
		}
		if err != nil {
			return "", nil, fmt.Errorf("ask %q: %w", prompt, err)
		}
		answers = append(answers, answer{m[1], m[2], m[4], s})
	}
	return lines[0], answers, nil
}

// answers counts what each voicing of the example prompts' answers plays.
func (l *lesson) answers() error {
	l.r.Title("The example prompts' answers, %s: what each voicing plays", l.cfg.rev.Label())
	w := []int{32, 10, 6, 6, 6, 6}
	l.r.FixedRow(w, "prompt", "voicings", "exact", "more", "part", "other")
	for _, e := range l.cfg.examples {
		asked := chordMask(e.root, e.degrees)
		_, answers, err := l.ask(e.prompt)
		if err != nil {
			return err
		}
		counts := map[string]int{}
		for _, a := range answers {
			counts[verdict(asked, a.shape.PitchClasses())]++
		}
		row := []string{e.prompt, strconv.Itoa(len(answers))}
		for _, v := range verdicts {
			row = append(row, strconv.Itoa(counts[v]))
		}
		l.r.FixedRow(w, row...)
	}
	return nil
}

// grid asks for every chord of the grid and sorts each quality's roots by how much of their
// answer plays the chord.
func (l *lesson) grid() error {
	l.r.Title("A grid of %d chords, %s: \"voicings for <chord>\" on %d roots",
		len(gridRoots)*len(l.cfg.gridQualities), l.cfg.rev.Label(), len(gridRoots))
	l.r.Line("For each quality, the roots whose answer has only voicings that play the chord, some, or none;")
	l.r.Line("the corpus holds every chord of the grid. Then what the voicings that aren't the chord play.")
	w := []int{8, 6, 6, 6}
	l.r.FixedRow(w, "quality", "all", "some", "none", "the other voicings play")
	answers, err := l.askGrid()
	if err != nil {
		return err
	}
	total := map[string]int{}
	for qi, q := range l.cfg.gridQualities {
		all, some, none := 0, 0, 0
		others := map[string]int{}
		for ri, root := range gridRoots {
			asked := chordMask(root, q.degrees)
			got := answers[qi*len(gridRoots)+ri]
			exact := 0
			for _, a := range got {
				v := verdict(asked, a.shape.PitchClasses())
				total[v]++
				if v == "exact" {
					exact++
				} else {
					others[v]++
				}
			}
			switch {
			case exact > 0 && exact == len(got):
				all++
			case exact > 0:
				some++
			default:
				none++
			}
		}
		var play []string
		for _, v := range slices.Sorted(maps.Keys(others)) {
			play = append(play, fmt.Sprintf("%s %d", v, others[v]))
		}
		name := q.name
		if name == "" {
			name = "major"
		}
		l.r.FixedRow(w, name, strconv.Itoa(all), strconv.Itoa(some), strconv.Itoa(none), strings.Join(play, ", "))
	}
	sum := 0
	for _, n := range total {
		sum += n
	}
	l.r.Line("voicings returned: %d; exact %d, more %d, part %d, other %d", sum, total["exact"], total["more"], total["part"], total["other"])
	return nil
}

// askGrid checks that the corpus holds every chord of the grid and asks the skill for each,
// quality by quality and root by root; the searches only read the index, so they are shared
// between the processors.
func (l *lesson) askGrid() ([][]answer, error) {
	prompts := make([]string, 0, len(l.cfg.gridQualities)*len(gridRoots))
	for _, q := range l.cfg.gridQualities {
		for _, root := range gridRoots {
			if !l.corpus[chordMask(root, q.degrees)] {
				return nil, fmt.Errorf("%s%s isn't in the corpus", root, q.name)
			}
			prompts = append(prompts, "voicings for "+root+q.name)
		}
	}
	answers := make([][]answer, len(prompts))
	workers := max(1, min(runtime.GOMAXPROCS(0), len(prompts)))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(prompts); i += workers {
				if _, answers[i], errs[w] = l.ask(prompts[i]); errs[w] != nil {
					return
				}
			}
		})
	}
	wg.Wait()
	return answers, errors.Join(errs...)
}

// full prints one answer as the skill writes it, and what each voicing plays.
func (l *lesson) full() error {
	i := slices.IndexFunc(l.cfg.examples, func(e asked) bool { return e.prompt == l.cfg.fullAnswer })
	if i < 0 {
		return fmt.Errorf("%q is not an example prompt", l.cfg.fullAnswer)
	}
	e := l.cfg.examples[i]
	asked := chordMask(e.root, e.degrees)
	l.r.Title("\"%s\": the answer, and what each voicing plays (asked: %s)", e.prompt, kit.SharpNotes(asked.PitchClasses()))
	first, answers, err := l.ask(e.prompt)
	if err != nil {
		return err
	}
	l.r.Line("%s", first)
	w := []int{16, 16, 8, 16}
	l.r.FixedRow(w, "name", "diagram", "score", "plays", "")
	for _, a := range answers {
		played := a.shape.PitchClasses()
		l.r.FixedRow(w, a.name, a.diagram, a.score, kit.SharpNotes(played.PitchClasses()), report.Mark(colour(asked, played), verdict(asked, played)))
	}
	return nil
}
