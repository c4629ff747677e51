package l26

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/fixtures"
	"course/ga/config"
	"course/ga/intents"
	"course/ga/skills"
	"course/internal/lazy"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// Options is what `course l26` needs to run.
type Options struct {
}

// NewCmd builds `course l26`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	return kit.NewCmd(kit.Spec[Options]{Use: "l26", Long: `Lesson 26: modes from the catalogue.

Calls GA's modes skill in process. It answers from Modes.yaml: the lesson checks each
family's modes against the parent scale played from each degree, the formula the skill
computes from the notes against a textbook's, the names the YAML reader keeps against the
ones the file writes, and asks the skill for every mode by each of its names.`, Run: run, Exercises: Exercises}, opts, runF)
}

// answers are the prompts whose first answer line the lesson shows.
var answers = []string{"What is Ultralocrian?", "What is Altered?", "What is Major Locrian?",
	"What is Major Pentatonic?", "What is Dominant Bebop?", "What is Perfect Fourth?"}

// lesson carries what the sections share: the catalogue as written and as read, and the
// skill answering from it.
type lesson struct {
	r *report.Report
	// yaml is Modes.yaml as written; all is every family ModesConfig reads from it.
	yaml []byte
	all  []config.ModalFamily
	// skill is ModesSkill over that catalogue, and families the ones it answers from.
	skill    skills.Modes
	families []config.ModalFamily
	examples []string
}

// newLesson reads the catalogue yaml and sets up the skill over it, writing to w.
func newLesson(w io.Writer, yaml []byte) (*lesson, error) {
	all, err := config.ReadModes(yaml)
	if err != nil {
		return nil, err
	}
	meta, ok := intents.Lookup("skill.modes")
	if !ok {
		return nil, fmt.Errorf("the intents fixture has no skill.modes")
	}
	l := &lesson{r: report.New(w), yaml: yaml, all: all, skill: skills.NewModes(all), examples: meta.Examples}
	l.families = l.skill.Families()
	return l, nil
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l, err := newLesson(w, fixtures.Modes)
	if err != nil {
		return fmt.Errorf("l26: %w", err)
	}
	return l.run(ctx)
}

// run prints the lesson's sections in order.
func (l *lesson) run(ctx context.Context) error {
	l.r.Heading("l26")
	return kit.RunSections(ctx, "l26", l.r, l.catalog, l.formulas, l.answers, l.written, l.names, l.exampleTable)
}

// familyLabel is a family's name without " Family", as the lesson labels it.
func familyLabel(f config.ModalFamily) string { return strings.ReplaceAll(f.Name, " Family", "") }

// modeNotes is a mode's notes, spelled, and their pitch classes in the written order.
func modeNotes(m config.ModeData) ([]theory.Note, []int, error) {
	notes, err := theory.ParseNotes(m.Notes)
	if err != nil {
		return nil, nil, fmt.Errorf("mode %s: %w", m.Name, err)
	}
	pcs := make([]int, len(notes))
	for i, n := range notes {
		pcs[i] = n.PitchClass()
	}
	return notes, pcs, nil
}

// catalog is the first section: for each family, whether mode k is its first mode played from
// degree k, checked by the course's theory.
func (l *lesson) catalog() error {
	l.r.Title("The families ModesSkill answers from, and whether mode k is the parent scale from its degree k")
	w := []int{24, 6, 6, 10, 19}
	l.r.FixedRow(w, "family", "modes", "notes", "mode 1", "mode k on degree k", "the modes that aren't")
	var off []string
	modes, fromDegree, otherDegree, none, unordered := 0, 0, 0, 0, 0
	for _, f := range l.families {
		label := familyLabel(f)
		_, first, err := modeNotes(f.Modes[0])
		if err != nil {
			return err
		}
		var problems, sizes []string
		own := 0
		for k := 1; k <= len(f.Modes); k++ {
			m := f.Modes[k-1]
			_, pcs, err := modeNotes(m)
			if err != nil {
				return err
			}
			if size := strconv.Itoa(len(pcs)); !slices.Contains(sizes, size) {
				sizes = append(sizes, size)
			}
			modes++
			sorted := slices.Sorted(slices.Values(pcs))
			var issues []string
			if slices.Equal(theory.Rotation(first, k), sorted) {
				fromDegree++
				own++
			} else if d := theory.DegreeOf(first, pcs); d > 0 {
				otherDegree++
				issues = append(issues, fmt.Sprintf("mode 1 from degree %d", d))
			} else {
				none++
				issues = append(issues, fmt.Sprintf("mode 1 from no degree; from degree %d: %s", k, theory.SpellOnC(theory.Rotation(first, k))))
			}
			if !slices.Equal(pcs, sorted) {
				unordered++
				issues = append(issues, "notes out of order")
			}
			if len(issues) > 0 {
				problems = append(problems, strconv.Itoa(k))
				off = append(off, fmt.Sprintf("  %s %d, %s: %s; %s", label, k, m.Name, m.Notes, strings.Join(issues, "; ")))
			}
		}
		first1 := report.Mark(report.Wrong, "other")
		if parent, ok := theory.ParentScale(label); ok && slices.Equal(first, parent) {
			first1 = report.Mark(report.Right, "textbook")
		}
		notOwn := "-"
		if len(problems) > 0 {
			notOwn = strings.Join(problems, ", ")
		}
		l.r.FixedRow(w, label, strconv.Itoa(len(f.Modes)), strings.Join(sizes, "/"), first1,
			report.Judge(own == len(f.Modes), report.Wrong, fmt.Sprintf("%d of %d", own, len(f.Modes))), notOwn)
	}
	var left []string
	for _, a := range l.all {
		if !slices.ContainsFunc(l.families, func(f config.ModalFamily) bool { return f.Name == a.Name }) {
			left = append(left, a.Name)
		}
	}
	l.r.Line("families %d; Modes.yaml's that the skill leaves out %d: %s", len(l.families), len(left), strings.Join(left, ", "))
	l.r.Line("modes %d: mode 1 from their own degree %d, from another degree %d, from no degree %d; notes out of order %d",
		modes, fromDegree, otherDegree, none, unordered)
	l.r.Line("the modes that aren't:")
	for _, o := range off {
		l.r.Line("%s", o)
	}
	return nil
}

// mode is one mode of the catalogue with its family, its notes and three formulas: the
// skill's, the letters' and a textbook's.
type mode struct {
	family                   config.ModalFamily
	mode                     config.ModeData
	size                     int
	skill, letters, textbook string
}

func (l *lesson) allModes() ([]mode, error) {
	var out []mode
	for _, f := range l.families {
		for _, m := range f.Modes {
			notes, _, err := modeNotes(m)
			if err != nil {
				return nil, err
			}
			out = append(out, mode{family: f, mode: m, size: len(notes), skill: skills.ComputeFormulaFromNotes(m.Notes),
				letters: theory.LetterFormula(notes), textbook: theory.TextbookFormula(notes)})
		}
	}
	return out, nil
}

func (x mode) difference() string {
	return fmt.Sprintf("%s: %s; `%s`, `%s`", x.mode.Name, x.mode.Notes, x.skill, x.textbook)
}

// formulas is the second section: the formula the skill computes by position against a
// textbook's, by number of notes.
func (l *lesson) formulas() error {
	l.r.Title("Each mode's formula: the one ModesSkill computes from the notes by position, and a textbook's")
	all, err := l.allModes()
	if err != nil {
		return err
	}
	w := []int{6, 6, 13, 15}
	l.r.FixedRow(w, "notes", "modes", "the skill's", "the letters'", "the first of the skill's that differs: notes, the skill's formula, a textbook's")
	var sizes []int
	for _, x := range all {
		if !slices.Contains(sizes, x.size) {
			sizes = append(sizes, x.size)
		}
	}
	slices.Sort(sizes)
	same, letters, sevens := 0, 0, 0
	for _, size := range sizes {
		count, right, byLetters := 0, 0, 0
		example := "-"
		for _, x := range all {
			if x.size != size {
				continue
			}
			count++
			if x.skill == x.textbook {
				right++
			} else if example == "-" {
				example = x.difference()
			}
			if x.letters == x.textbook {
				byLetters++
			}
		}
		same += right
		lettersCell := "-"
		if size == 7 {
			letters, sevens = byLetters, count
			lettersCell = report.Judge(byLetters == count, report.Wrong, fmt.Sprintf("%d right", byLetters))
		}
		// A count is green when every mode of the size gets a textbook's formula.
		l.r.FixedRow(w, strconv.Itoa(size), strconv.Itoa(count), report.Judge(right == count, report.Wrong, fmt.Sprintf("%d right", right)), lettersCell, example)
	}
	l.r.Line("modes %d: the skill's formula is a textbook's %d; of the %d seven-note modes, a formula read from the letters would be %d",
		len(all), same, sevens, letters)
	l.r.Line("the seven-note modes whose letters give another formula than their degrees:")
	for _, x := range all {
		if x.size == 7 && x.letters != x.textbook {
			l.r.Line("  %s: %s; letters `%s`, degrees `%s`", x.mode.Name, x.mode.Notes, x.letters, x.textbook)
		}
	}
	l.r.Line("the seven-note modes whose formulas differ:")
	for _, x := range all {
		if x.size == 7 && x.skill != x.textbook {
			l.r.Line("  %s", x.difference())
		}
	}
	l.r.Line("the other differences, one per family:")
	var seen []string
	for _, x := range all {
		if x.size != 7 && x.skill != x.textbook && !slices.Contains(seen, x.family.Name) {
			seen = append(seen, x.family.Name)
			l.r.Line("  %s", x.difference())
		}
	}
	return nil
}

// firstLine is the first line of the skill's answer to prompt.
func (l *lesson) firstLine(prompt string) string {
	text := strings.ReplaceAll(l.skill.Execute(prompt).Text, "\r\n", "\n")
	first, _, _ := strings.Cut(text, "\n")
	return first
}

// answers is the third section: a few answers' first lines.
func (l *lesson) answers() error {
	l.r.Title("A few of ModesSkill's answers, first line")
	for _, p := range answers {
		l.r.Line("%s", p)
		l.r.Line("  | %s", l.firstLine(p))
	}
	return nil
}

// The shapes of the skill's first lines: one mode, or one family.
var (
	singleModeLine = lazy.Regexp(`^\*\*(?P<mode>.+?)\*\* is mode (?P<degree>\d+) of the \*\*(?P<family>.+?)\*\* family`)
	oneFamilyLine  = lazy.Regexp(`^The \*\*(?P<family>.+?)\*\* family has`)
)

// modeAnswered is what a first line answers: "Lydian (Major Scale 4)", "the Harmonic Minor
// family", or the line itself.
func modeAnswered(line string) string {
	if m := singleModeLine().FindStringSubmatch(line); m != nil {
		return fmt.Sprintf("%s (%s %s)", m[1], m[3], m[2])
	}
	if m := oneFamilyLine().FindStringSubmatch(line); m != nil {
		return fmt.Sprintf("the %s family", m[1])
	}
	return line
}

// written is the fourth section: the mode names as the file writes them against the names
// the YAML reader keeps.
func (l *lesson) written() error {
	l.r.Title("The mode names Modes.yaml writes, and the names ModesConfig reads: the ones that differ")
	written, err := config.ModeNamesAsWritten(l.yaml)
	if err != nil {
		return err
	}
	var read []string
	for _, f := range l.all {
		for _, m := range f.Modes {
			read = append(read, m.Name)
		}
	}
	w := []int{34}
	l.r.FixedRow(w, "written", "read")
	differ := 0
	for i := 0; i < min(len(written), len(read)); i++ {
		if written[i] != read[i] {
			differ++
			l.r.FixedRow(w, written[i], report.Mark(report.Lossy, read[i])) // the name arrived changed
		}
	}
	l.r.Line("mode names written %d, read %d, read otherwise than written %d", len(written), len(read), differ)
	return nil
}

// names is the fifth section: "What is <name>?" for every name of every mode.
func (l *lesson) names() error {
	l.r.Title(`"What is <name>?" for each mode's name and alternate names: the modes ModesSkill answers with another`)
	w := []int{32, 49}
	l.r.FixedRow(w, "asked", "the mode named", "answered")
	var counts [4]int
	var accepted [2]int
	for _, f := range l.families {
		for k, m := range f.Modes {
			own := fmt.Sprintf("%s (%s %d)", m.Name, familyLabel(f), k+1)
			names := append([]string{m.Name}, m.AlternateNames...)
			for j, name := range names {
				alt := 0
				if j > 0 {
					alt = 1
				}
				prompt := "What is " + name + "?"
				if l.skill.CanHandle(prompt) {
					accepted[alt]++
				}
				answer := modeAnswered(l.firstLine(prompt))
				if answer == own {
					counts[2*alt]++
					continue
				}
				counts[2*alt+1]++
				l.r.FixedRow(w, prompt, own, report.Mark(report.Wrong, answer)) // another mode than the one named
			}
		}
	}
	l.r.Line("mode names %d: answered with their mode %d, with another %d, CanHandle accepts %d; alternate names %d: answered with their mode %d, with another %d, CanHandle accepts %d",
		counts[0]+counts[1], counts[0], counts[1], accepted[0], counts[2]+counts[3], counts[2], counts[3], accepted[1])
	return nil
}

// exampleTable is the last section: the skill's own example prompts.
func (l *lesson) exampleTable() error {
	l.r.Title("ModesSkill's example prompts: what the first line of the answer is about")
	w := []int{44, 10}
	l.r.FixedRow(w, "prompt", "CanHandle", "answer")
	accepted := 0
	for _, p := range l.examples {
		a := modeAnswered(l.firstLine(p))
		if r := []rune(a); len(r) > 70 {
			a = string(r[:69]) + "…"
		}
		// The skill's own example prompt: CanHandle should accept it.
		can := report.Mark(report.Wrong, "no")
		if l.skill.CanHandle(p) {
			can = report.Mark(report.Right, "yes")
			accepted++
		}
		l.r.FixedRow(w, p, can, a)
	}
	l.r.Line("example prompts %d: CanHandle accepts %d", len(l.examples), accepted)
	return nil
}
