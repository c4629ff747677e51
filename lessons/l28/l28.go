package l28

import (
	"context"
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/intents"
	"course/ga/revision"
	"course/ga/skills"
	"course/internal/report"
	"course/lessons/kit"
	"course/lessons/kit/chathost"
	"course/theory"
)

// comparisonIntent is the intent id of TheoryComparisonSkill, whose example prompts the lesson asks.
const comparisonIntent = "skill.theorycomparison"

// comparisonQuestion is the skill's first example, whose answer the lesson quotes and checks.
const comparisonQuestion = "What is the difference between major and minor"

// comparisonPhrasings are the course's own ways of asking for a comparison, with and without the
// bare major/minor pair the skill's expressions look for.
var comparisonPhrasings = []string{
	"Minor vs major",
	"Major vs. minor",
	"Compare minor with major",
	"What is the difference between minor and major",
	"What's the difference between major and minor keys",
	"Major and minor difference",
	"How are major and minor different",
	"Major or minor: what's the difference?",
	"Majors vs minors",
	"What is the difference between the major and minor scales",
	"Difference between a major and a minor chord",
	"Explain the major vs minor difference",
	"Which sounds sadder, a major vs minor chord?",
	"C major vs C minor",
	"What's the difference between C major and C minor",
	"Major vs major",
	"Major vs dorian",
	"Dorian vs Aeolian",
	"Harmonic minor vs melodic minor",
	"Major pentatonic vs minor pentatonic",
}

// comparisonOnMain are the course's phrasings asked of the host on GA's main too, beside the
// example prompts: one the skill answers, one it refuses, one it leaves to the relative-key skill.
var comparisonOnMain = []string{"Minor vs major", "Difference between a major and a minor chord", "C major vs C minor"}

// samePairQuestions ask the skill to compare a quality with itself.
var samePairQuestions = []string{"Major vs major", "Minor vs minor"}

// parallelQuestions are the parallel-key comparison VsPattern's comment leaves to
// RelativeKeySkill, asked two ways, and the parallel-key question that skill reads.
var parallelQuestions = []string{"C major vs C minor", "What's the difference between C major and C minor", "Parallel minor of C major"}

// The widths the original program gave its columns, less one: it padded each cell and added one
// space, the report adds two.
var (
	phrasingWidths = []int{7, 57, 17}
	scaleWidths    = []int{15, 17, 17, 17, 8}
	samePairWidths = []int{15, 19}
	parallelWidths = []int{51, 11}
	// offlineWidths are Report.Row's widths for the main run's table, which pads each cell.
	offlineWidths = []int{58, 24, 45}
)

// Options is what `course l28` needs to run.
type Options struct {
	// Revision is the GA asked: at the pin the skill in process, on main the host as it
	// behaves on GA's main branch.
	Revision revision.Revision
	// Host says which host the main run starts and how.
	Host chathost.Options
	// Phrasings are asked after the course's own in the first table, for exercise 4.
	Phrasings []string
}

// NewCmd builds `course l28`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l28", Long: `Lesson 28: a skill only embeddings reach.

Asks GA's theory-comparison skill its own example prompts and twenty phrasings of the course:
which of its four expressions finds the major/minor pair, and whether it answers, points to
another comparison, or refuses. Checks its fixed answer against a textbook's scales, follows
the comparison its same-pair answer suggests, and asks the relative-key skill the parallel-key
question the comparison skill leaves to it. The skill's keyword rule accepts none of them.

With --main, starts the host as it behaves on GA's main, with the model on a closed port, and
asks its chat endpoint the example prompts and three of the phrasings: what the router picks
without embeddings, and who answers.`, Run: run, Exercises: Exercises}, opts, runF)
	kit.MainFlag(cmd, &opts.Revision, "ask the host as it behaves on GA's main (f4f5b4a)")
	cmd.Flags().StringArrayVar(&opts.Phrasings, "phrasing", nil, "a phrasing to ask after the course's own, without --main (repeatable)")
	opts.Host.AddFlags(cmd)
	return cmd
}

// lesson carries the skill and the questions; tests change them to see the output move.
type lesson struct {
	r *report.Report
	// ask is TheoryComparisonSkill.ExecuteAsync.
	ask func(string) skills.Result
	// canHandle is the skill's keyword rule as the registry holds it.
	canHandle func(string) bool
	// relative is RelativeKeySkill.ExecuteAsync.
	relative func(string) skills.Result
	examples []string
	course   []string
}

// newLesson reads the skill's example prompts from the intents and its rule from the registry.
func newLesson(w io.Writer) (*lesson, error) {
	in, ok := intents.Lookup(comparisonIntent)
	if !ok {
		return nil, fmt.Errorf("no intent %s", comparisonIntent)
	}
	l := &lesson{
		r:        report.New(w),
		ask:      skills.TheoryComparison{}.Execute,
		relative: skills.RelativeKey{}.Execute,
		examples: in.Examples,
		course:   comparisonPhrasings,
	}
	for _, s := range skills.Registered() {
		if s.IntentID() == comparisonIntent {
			l.canHandle = s.CanHandle
		}
	}
	if l.canHandle == nil {
		return nil, fmt.Errorf("no registered skill behind %s", comparisonIntent)
	}
	return l, nil
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	if opts.Revision.IsMain() {
		return runMain(ctx, w, opts)
	}
	l, err := newLesson(w)
	if err != nil {
		return fmt.Errorf("l28: %w", err)
	}
	l.course = append(slices.Clone(l.course), opts.Phrasings...)
	return l.run(ctx)
}

// run prints the sections in order.
func (l *lesson) run(ctx context.Context) error {
	l.r.Heading("l28")
	return kit.RunSections(ctx, "l28", l.r,
		func() error { l.phrasings(); return nil },
		l.answer,
		func() error { l.samePair(); return nil },
		func() error { l.parallel(); return nil })
}

// comparisonOutcome reads the skill's last evidence line: "answer" for a matched pair, "same pair" for the
// same token twice, "refused" otherwise.
func comparisonOutcome(res skills.Result) string {
	last := ""
	if n := len(res.Evidence); n > 0 {
		last = res.Evidence[n-1]
	}
	switch {
	case strings.Contains(last, "matched pair"):
		return "answer"
	case strings.Contains(last, "same-token pair"):
		return "same pair"
	}
	return "refused"
}

// comparisonText is the answer with its line ends made "\n", as the lesson prints it.
func comparisonText(res skills.Result) string {
	return strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(res.Text)
}

// phrasingCounts are the counts of section 1's summary line.
type phrasingCounts struct {
	examples, exampleAnswers                 int
	course, courseAnswers, samePair, refused int
	accepted                                 int
}

// tally asks the skill every phrasing: section 1's rows and its counts.
func (l *lesson) tally() ([][]string, phrasingCounts) {
	var skill skills.TheoryComparison
	type asked struct{ source, outcome string }
	var rows [][]string
	var all []asked
	accepted := 0
	for _, src := range []struct {
		name    string
		prompts []string
	}{{"example", l.examples}, {"course", l.course}} {
		for _, p := range src.prompts {
			pattern := skill.FirstPattern(p)
			if pattern == "" {
				pattern = "none"
			}
			o := comparisonOutcome(l.ask(p))
			all = append(all, asked{src.name, o})
			rows = append(rows, []string{src.name, p, pattern, o})
			if l.canHandle(p) {
				accepted++
			}
		}
	}
	count := func(source, o string) int {
		n := 0
		for _, a := range all {
			if a.source == source && a.outcome == o {
				n++
			}
		}
		return n
	}
	return rows, phrasingCounts{
		examples: len(l.examples), exampleAnswers: count("example", "answer"),
		course: len(l.course), courseAnswers: count("course", "answer"), samePair: count("course", "same pair"), refused: count("course", "refused"),
		accepted: accepted,
	}
}

// phrasings is section 1: the expression that finds the pair in each phrasing, the outcome, and
// a count of both by source, with the keyword rule's verdict on all of them.
func (l *lesson) phrasings() {
	rows, c := l.tally()
	l.r.Title("TheoryComparisonSkill: the regex that finds the pair in each phrasing, and the answer")
	l.r.TableWidths([]string{"source", "phrasing", "regex", "answer"}, rows, phrasingWidths)
	l.r.Line("example prompts %d: answer %d; the course's %d: answer %d, same pair %d, refused %d; CanHandle accepts %d",
		c.examples, c.exampleAnswers, c.course, c.courseAnswers, c.samePair, c.refused, c.accepted)
}

// answer is sections 2 and 3: the skill's answer to its first example, quoted, then every scale
// it states checked against the course's textbook, its relative pairs, and its triads.
func (l *lesson) answer() error {
	// The lines of the answer that state scales: a formula with its steps and degrees, and a
	// minor variant with its degrees. Compiled here, on the lesson's one call, not at start-up.
	stepsRe := regexp.MustCompile("(?m)^- (Major|Minor):\\s+([\\d ]+?) — degrees `([^`]+)`")
	variantRe := regexp.MustCompile("(?m)^- (Natural minor|Harmonic minor|Melodic minor): `([^`]+)`")
	text := comparisonText(l.ask(comparisonQuestion))
	l.r.Title("TheoryComparisonSkill's answer to \"%s\"", comparisonQuestion)
	// Every line as the original prints it, an empty line's trailing space included.
	for line := range strings.SplitSeq(text, "\n") {
		l.r.Line("  | %s", line)
	}

	var rows [][]string
	check := func(label, textbookName, written, steps string) error {
		book, ok := theory.TextbookScale(textbookName)
		if !ok {
			return fmt.Errorf("no textbook scale %q", textbookName)
		}
		fromSteps := "-"
		if steps != "" {
			var n []int
			for _, f := range strings.Fields(steps) {
				v, err := strconv.Atoi(f)
				if err != nil {
					return fmt.Errorf("the answer's steps %q: %w", steps, err)
				}
				n = append(n, v)
			}
			h, err := theory.HeptatonicFromSteps(n)
			if err != nil {
				return fmt.Errorf("the answer's steps %q: %w", steps, err)
			}
			fromSteps = h.Degrees()
		}
		right := written == book.Degrees() && (steps == "" || fromSteps == written)
		same := report.Judge(right, report.Wrong, kit.YesNo(right))
		altered := "none"
		if a := book.Altered(); len(a) > 0 {
			altered = strings.Trim(fmt.Sprint(a), "[]")
		}
		rows = append(rows, []string{label, written, fromSteps, book.Degrees(), same, altered})
		return nil
	}
	for _, m := range stepsRe.FindAllStringSubmatch(text, -1) {
		book := "major"
		if m[1] == "Minor" {
			book = "natural minor"
		}
		if err := check(m[1], book, m[3], m[2]); err != nil {
			return err
		}
	}
	for _, m := range variantRe.FindAllStringSubmatch(text, -1) {
		if err := check(m[1], strings.ToLower(m[1]), m[2], ""); err != nil {
			return err
		}
	}
	l.r.Title("The scales in the answer, against a textbook: the degrees it writes, the degrees its steps give, and a textbook's")
	l.r.TableWidths([]string{"scale", "the answer writes", "its steps give", "a textbook", "the same", "degrees not major's"}, rows, scaleWidths)

	pairs, err := l.relativePairs(text)
	if err != nil {
		return err
	}
	l.r.Line("relative pairs: %s", pairs)
	var triads []string
	for _, name := range []string{"major", "natural minor", "harmonic minor"} {
		h, _ := theory.TextbookScale(name)
		var q []string
		for _, degree := range []int{1, 4, 5} {
			q = append(q, comparisonTriad(h.Triad(degree)))
		}
		triads = append(triads, name+": "+strings.Join(q, ", "))
	}
	l.r.Line("triads on degrees 1, 4 and 5: %s", strings.Join(triads, "; "))
	return nil
}

// relativePairs checks each "X major ↔ Y minor" of the answer's relative-pairs line: whether the
// major scale on X and the natural minor on Y hold the same notes.
func (l *lesson) relativePairs(text string) (string, error) {
	var line string
	found := 0
	for s := range strings.SplitSeq(text, "\n") {
		if strings.HasPrefix(s, "- Relative pairs") {
			line = s
			found++
		}
	}
	if found != 1 {
		return "", fmt.Errorf("the answer has %d relative-pairs lines, want 1", found)
	}
	major, _ := theory.TextbookScale("major")
	minor, _ := theory.TextbookScale("natural minor")
	var out []string
	for _, m := range regexp.MustCompile(`([A-G]) major ↔ ([A-G]) minor`).FindAllStringSubmatch(line, -1) {
		a, b := theory.MustNote(m[1]).PitchClass(), theory.MustNote(m[2]).PitchClass()
		same := "no"
		if maps.Equal(major.PitchClasses(a), minor.PitchClasses(b)) {
			same = "yes"
		}
		out = append(out, m[0]+": the same notes "+same)
	}
	return strings.Join(out, "; "), nil
}

// comparisonTriad names a triad by its third and fifth: major, minor, or the two numbers.
func comparisonTriad(third, fifth int) string {
	switch {
	case third == 4 && fifth == 7:
		return "major"
	case third == 3 && fifth == 7:
		return "minor"
	}
	return fmt.Sprintf("%d/%d", third, fifth)
}

// samePair is section 4: the same quality twice, the comparison the answer suggests, and what the
// skill makes of that suggestion; then the answer itself.
func (l *lesson) samePair() {
	suggestionRe := regexp.MustCompile(`e\.g\. "([^"]+)"`)
	var rows [][]string
	for _, q := range samePairQuestions {
		suggestion := ""
		if m := suggestionRe.FindStringSubmatch(comparisonText(l.ask(q))); m != nil {
			suggestion = m[1]
		}
		rows = append(rows, []string{q, suggestion, comparisonOutcome(l.ask(suggestion))})
	}
	l.r.Title("The same pair twice: the answer, the comparison it suggests, and the skill's answer to that")
	l.r.TableWidths([]string{"question", "suggests", "answer to the suggestion"}, rows, samePairWidths)
	l.r.Line("  | %s", comparisonText(l.ask(samePairQuestions[0])))
}

// parallel is section 5: RelativeKeySkill on the parallel-key comparison.
func (l *lesson) parallel() {
	var rows [][]string
	for _, q := range parallelQuestions {
		res := l.relative(q)
		first, _, _ := strings.Cut(comparisonText(res), "\n")
		rows = append(rows, []string{q, comparisonConfidence(res.Confidence), first})
	}
	l.r.Title("RelativeKeySkill, which VsPattern's comment says handles \"C major vs C minor\": confidence and the first line of the answer")
	l.r.TableWidths([]string{"question", "confidence", "answer"}, rows, parallelWidths)
}

// comparisonConfidence writes a confidence as the original program does: three decimals, never "-0.000".
func comparisonConfidence(v float64) string {
	s := strconv.FormatFloat(v, 'f', 3, 64)
	if s == "-0.000" {
		return "0.000"
	}
	return s
}

// runMain is the main run: main's host without embeddings, asked the skill's example prompts
// and three of the course's phrasings over HTTP.
func runMain(ctx context.Context, w io.Writer, opts *Options) (err error) {
	in, ok := intents.Lookup(comparisonIntent)
	if !ok {
		return fmt.Errorf("l28: no intent %s", comparisonIntent)
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Host.Budget())
	defer cancel()
	// The router's picks need no host: they are made while it starts.
	host := opts.Host.At(revision.Main).StartInBackground(ctx)
	defer func() {
		if stopErr := host.Stop(); stopErr != nil && err == nil {
			err = fmt.Errorf("l28: stop host: %w", stopErr)
		}
	}()
	r := report.New(w)
	r.Heading(revision.Main.Heading("l28"))
	r.Title("Without embeddings: the intent SemanticIntentRouter picks for the example prompts and three of the course's phrasings, and what POST %s answers (%s)", chathost.ChatPath, revision.Main.Label())
	prompts := append(slices.Clone(in.Examples), comparisonOnMain...)
	return kit.RunSections(ctx, "l28", r, func() error {
		_, _, err := chathost.RouterTable(r, offlineWidths, prompts, revision.Main, host.ChatFirstLines(ctx))
		return err
	})
}
