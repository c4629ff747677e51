package l27

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/intents"
	"course/ga/skills"
	"course/internal/lazy"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// Options is what `course l27` needs to run.
type Options struct {
	// Extended are chords section 3 asks about after its own, for exercise 4: F over each.
	Extended []string
}

// NewCmd builds `course l27`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l27", Long: `Lesson 27: chord tone, tension or avoid note.

Calls GA's outside-notes skill in-process: its rule for a note over a chord against the
usual chord scales of five seventh chords, a few answers in full, the eleventh over
extended chords, how it reads the note and the chord from a question, how it spells
the chord's notes, and its example prompts.`, Run: run, Exercises: Exercises}, opts, runF)
	cmd.Flags().StringSliceVar(&opts.Extended, "extended", nil, "more chords for section 3 to ask F over, after its own, such as Csus4")
	return cmd
}

// lesson carries what the sections share.
type lesson struct {
	r     *report.Report
	skill skills.OutsideNotes
	// extendedAsked are the chords section 3 asks about, its own and the learner's.
	extendedAsked []string
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l := &lesson{r: report.New(w), extendedAsked: append(slices.Clone(extendedChords), opts.Extended...)}
	l.r.Heading("l27")
	return kit.RunSections(ctx, "l27", l.r, l.rule, l.answers, l.extended, l.notes, l.chords, l.spelling, l.examples)
}

// ask is the skill's answer to prompt with LF line ends.
func (l *lesson) ask(prompt string) string { return l.skill.Execute(prompt).Text }

// evidence is the skill's evidence line that starts with "name: ", without that prefix; ok is
// false when the skill gave none, as when it declined.
func (l *lesson) evidence(prompt, name string) (string, bool) {
	for _, e := range l.skill.Execute(prompt).Evidence {
		if v, ok := strings.CutPrefix(e, name+": "); ok {
			return v, true
		}
	}
	return "", false
}

// chordTones is the chord evidence cut into the chord's label and its tones.
func (l *lesson) chordTones(prompt string) (label, tones string, ok bool) {
	chord, ok := l.evidence(prompt, "Chord")
	if !ok {
		return "", "", false
	}
	label, tones, ok = strings.Cut(chord, " — tones ")
	return label, tones, ok
}

func firstLineText(text string) string {
	line, _, _ := strings.Cut(text, "\n")
	return line
}

// widthsOf turns the original program's column widths, each a column's width before the one
// space between columns, into the report's minimum cell widths, two spaces apart.
func widthsOf(w ...int) []int {
	out := make([]int, len(w))
	for i, n := range w {
		out[i] = n - 1
	}
	return out
}

// ruleDegrees are the twelve notes above the root, as the rule's table heads them.
var ruleDegrees = []string{"1", "b9", "9", "#9", "3", "11", "#11", "5", "b13", "13", "b7", "7"}

// ruleChords are the seventh chords the rule is checked on, as symbols after C; the skill's
// quality is the vocabulary's reading of each, the textbook's its name in words.
var ruleChords = []ruleChord{
	{"maj7", "major 7"}, {"m7", "minor 7"}, {"7", "dominant 7"}, {"m7b5", "half-diminished"}, {"dim7", "diminished 7"},
}

// ruleChord is a chord of the rule's table: its symbol after C and its quality in words.
type ruleChord struct{ symbol, quality string }

// kindLetter is the table's letter for the skill's classification.
func kindLetter(k skills.RelationKind) string {
	switch k {
	case skills.ChordTone:
		return "c"
	case skills.Tension:
		return "t"
	}
	return "a"
}

// rule is section 1: the skill's classification of the twelve notes over five C chords against
// the course's chord-scale rule.
func (l *lesson) rule() error {
	l.r.Title("The rule against a textbook: c chord tone, t available tension, a avoid note, o in none of the chord's usual scales")
	rows, summary, err := ruleRows(ruleChords)
	if err != nil {
		return err
	}
	header := append([]string{"chord", ""}, ruleDegrees...)
	widths := append(widthsOf(18, 9), slices.Repeat([]int{3}, len(ruleDegrees)-1)...)
	l.r.TableWidths(header, rows, widths)
	l.r.Line("%s", summary)
	return nil
}

// ruleRows classifies the twelve notes over each C chord, by the skill and by the textbook:
// two rows per chord, and the summary of where they differ.
func ruleRows(chords []ruleChord) ([][]string, string, error) {
	root := theory.MustNote("C")
	degrees := make([]theory.Degree, len(ruleDegrees))
	for i, d := range ruleDegrees {
		deg, err := theory.ParseDegree(d)
		if err != nil {
			return nil, "", err
		}
		degrees[i] = deg
	}
	var rows [][]string
	var same, avoidOutside, cells int
	var tensionOutside, avoidTension []string
	for _, c := range chords {
		tones, err := theory.SpellQuality(root, c.quality)
		if err != nil {
			return nil, "", err
		}
		scales, err := theory.UsualScales(root, c.quality)
		if err != nil {
			return nil, "", err
		}
		quality := skills.NormalizeQuality(c.symbol)
		skillRow := []string{"C" + c.symbol, "skill"}
		bookRow := []string{"", "textbook"}
		for i, d := range degrees {
			note := root.Up(d)
			s := kindLetter(skills.Classify(root.PitchClass(), quality, note.PitchClass()).Kind)
			b := theory.NoteRole(root, tones, scales, note).Letter()
			bookRow = append(bookRow, b)
			cells++
			where := ruleDegrees[i] + " over C" + c.symbol
			// The skill's cell is coloured by the same comparison: the textbook's role green;
			// an avoid note no usual scale holds yellow, since neither would play it; else red.
			switch {
			case s == b:
				same++
				skillRow = append(skillRow, report.Mark(report.Right, s))
			case s == "a" && b == "o":
				avoidOutside++
				skillRow = append(skillRow, report.Mark(report.Lossy, s))
			case s == "t" && b == "o":
				tensionOutside = append(tensionOutside, where)
				skillRow = append(skillRow, report.Mark(report.Wrong, s))
			case s == "a" && b == "t":
				avoidTension = append(avoidTension, where)
				skillRow = append(skillRow, report.Mark(report.Wrong, s))
			default:
				return nil, "", fmt.Errorf("the skill says %s and the textbook %s for %s", s, b, where)
			}
		}
		rows = append(rows, skillRow, bookRow)
	}
	summary := fmt.Sprintf("cells %d: the same %d; avoid notes no usual scale holds %d; tensions no usual scale holds %d: %s; avoid notes the textbook makes tensions %d: %s",
		cells, same, avoidOutside, len(tensionOutside), strings.Join(tensionOutside, ", "), len(avoidTension), strings.Join(avoidTension, ", "))
	return rows, summary, nil
}

// answerPrompts are the questions whose answers section 2 prints in full.
var answerPrompts = []string{
	"why does Db sound outside over C7",
	"why does D# sound outside over Cmaj7",
	"why does Bb sound outside over Cmaj7",
	"why does A sound outside over Cm7b5",
}

// answers is section 2: a few of the skill's answers in full.
func (l *lesson) answers() error {
	l.r.Title("A few of OutsideNotesSkill's answers")
	for _, p := range answerPrompts {
		l.r.Line("%s", p)
		for line := range strings.SplitSeq(strings.TrimRight(l.ask(p), "\n"), "\n") {
			if line != "" {
				l.r.Line("  | %s", line)
			}
		}
	}
	return nil
}

// extendedChords are C and its extended chords, over which the eleventh, F, is asked about.
var extendedChords = []string{"C", "Cmaj7", "Cmaj9", "Cmaj11", "Cmaj13", "C7", "C9", "C11", "C13", "Cm7", "Cm11"}

// extended is section 3: F over C and its extended chords.
func (l *lesson) extended() error {
	l.r.Title("F over C and its extended chords: the first line of the answer, and the chord's notes")
	l.r.TableWidths([]string{"chord", "answer", "notes"}, l.extendedRows(l.extendedAsked), widthsOf(8, 77))
	return nil
}

// extendedRows asks about F over each chord: the chord, the answer's first line, its notes.
func (l *lesson) extendedRows(chords []string) [][]string {
	var rows [][]string
	for _, c := range chords {
		prompt := "why does F sound outside over " + c
		_, tones, ok := l.chordTones(prompt)
		if !ok {
			tones = "(none)"
		}
		rows = append(rows, []string{c, firstLineText(l.ask(prompt)), tones})
	}
	return rows
}

// noteEvidence is the skill's note evidence: the note's name and its pitch class.
var noteEvidence = lazy.Regexp(`^(\S+) \(pitch class (\d+)\)$`)

// noteSpelling is one way to write a note: its kind, text and pitch class.
type noteSpelling struct {
	kind, text string
	pc         int
}

// noteSpellings writes each of the seven letters six ways, the pitch class from the oracle.
func noteSpellings() []noteSpelling {
	var out []noteSpelling
	for _, letter := range "CDEFGAB" {
		natural := theory.MustNote(string(letter))
		sharp, flat := theory.Note{Letter: natural.Letter, Acc: 1}, theory.Note{Letter: natural.Letter, Acc: -1}
		out = append(out,
			noteSpelling{"natural", natural.String(), natural.PitchClass()},
			noteSpelling{"sharp, #", sharp.String(), sharp.PitchClass()},
			noteSpelling{"flat, b", flat.String(), flat.PitchClass()},
			noteSpelling{"sharp, ♯", string(letter) + "♯", sharp.PitchClass()},
			noteSpelling{"flat, ♭", string(letter) + "♭", flat.PitchClass()},
			noteSpelling{"lowercase", strings.ToLower(natural.String()), natural.PitchClass()},
		)
	}
	return out
}

// notes is section 4: the note the skill reads for each way to write it.
func (l *lesson) notes() error {
	l.r.Title(`"why does <note> sound outside over Cmaj7": the note the skill reads, for each way to write it`)
	// The spellings are asked kind by kind, in the order the kinds first appear.
	var kinds []string
	byKind := map[string][]noteSpelling{}
	for _, s := range noteSpellings() {
		if _, seen := byKind[s.kind]; !seen {
			kinds = append(kinds, s.kind)
		}
		byKind[s.kind] = append(byKind[s.kind], s)
	}
	var rows [][]string
	var wrong []string
	for _, k := range kinds {
		read, misread, none := 0, 0, 0
		for _, s := range byKind[k] {
			note, ok := l.evidence("why does "+s.text+" sound outside over Cmaj7", "Note")
			m := noteEvidence().FindStringSubmatch(note)
			switch {
			case !ok || m == nil:
				none++
				wrong = append(wrong, s.text+": no answer")
			case m[2] == strconv.Itoa(s.pc):
				read++
			default:
				misread++
				wrong = append(wrong, s.text+": "+m[1])
			}
		}
		rows = append(rows, []string{k, strconv.Itoa(len(byKind[k])), strconv.Itoa(read), strconv.Itoa(misread), strconv.Itoa(none)})
	}
	l.r.TableWidths([]string{"written", "notes", "read", "misread", "not read"}, rows, widthsOf(12, 9, 9, 9))
	l.r.Line("not read right: %s", strings.Join(wrong, "; "))
	return nil
}

// writtenChords are ways to write a chord after "over C", each with the chord it means in
// words; ChordVocabulary has every one but the last five, though not every way to write it.
var writtenChords = []writtenChord{
	{"", "major"}, {"M", "major"}, {"m", "minor"}, {"min", "minor"}, {"-", "minor"},
	{"dim", "diminished"}, {"°", "diminished"}, {"o", "diminished"}, {"aug", "augmented"}, {"+", "augmented"},
	{"sus4", "sus4"}, {"sus2", "sus2"}, {"6", "major 6"}, {"m6", "minor 6"},
	{"7", "dominant 7"}, {"dom7", "dominant 7"},
	{"maj7", "major 7"}, {"M7", "major 7"}, {"ma7", "major 7"}, {"Δ7", "major 7"}, {"Δ", "major 7"},
	{"m7", "minor 7"}, {"min7", "minor 7"}, {"-7", "minor 7"}, {"mi7", "minor 7"},
	{"m7b5", "half-diminished"}, {"m7♭5", "half-diminished"}, {"ø", "half-diminished"}, {"ø7", "half-diminished"}, {"-7b5", "half-diminished"},
	{"dim7", "diminished 7"}, {"°7", "diminished 7"}, {"o7", "diminished 7"},
	{"7b9", "dominant 7 flat 9"}, {"7#9", "dominant 7 sharp 9"}, {"7♯9", "dominant 7 sharp 9"}, {"7alt", "altered dominant"},
	{"9", "dominant 9"}, {"maj9", "major 9"}, {"m9", "minor 9"},
	{"7sus4", "dominant 7 sus4"}, {"mMaj7", "minor major 7"}, {"m(maj7)", "minor major 7"}, {"7#11", "dominant 7 sharp 11"}, {"maj7#11", "major 7 sharp 11"},
}

// writtenChord is a suffix written after C and the chord it means, in words.
type writtenChord struct{ suffix, quality string }

// absentChords is how many of writtenChords, at its end, ChordVocabulary has no formula for.
const absentChords = 5

// chords is section 5: the chord the skill reads for each way to write it, where it differs
// from the chord meant.
func (l *lesson) chords() error {
	l.r.Title(`"why does F sound outside over C<chord>": the chord the skill reads, for each way to write it`)
	rows, right, err := l.chordRows(writtenChords)
	if err != nil {
		return err
	}
	l.r.TableWidths([]string{"written", "read as", "its notes", "the chord's notes"}, rows, widthsOf(10, 22, 18))
	n := len(writtenChords)
	l.r.Line("chords written %d: chords ChordVocabulary has %d, read right %d; chords it doesn't have %d, read right %d",
		n, n-absentChords, countTrue(right[:n-absentChords]), absentChords, countTrue(right[n-absentChords:]))
	return nil
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// chordRows asks about F over C written with each suffix: a row for each chord the skill reads
// wrong or not at all, and for every chord whether it read it right.
func (l *lesson) chordRows(written []writtenChord) ([][]string, []bool, error) {
	root := theory.MustNote("C")
	var rows [][]string
	var right []bool
	for _, w := range written {
		meant, err := theory.SpellQuality(root, w.quality)
		if err != nil {
			return nil, nil, err
		}
		want := theory.PitchClasses(meant)
		label, tones, ok := l.chordTones("why does F sound outside over C" + w.suffix)
		var read []int
		for t := range strings.SplitSeq(tones, ", ") {
			if pc, known := skills.ChordRootPitchClass(t); known {
				read = append(read, pc)
			}
		}
		slices.Sort(read)
		right = append(right, ok && slices.Equal(read, want))
		if right[len(right)-1] {
			continue
		}
		if !ok {
			label, tones = "(no answer)", "(none)"
		}
		// Only the chords read wrong have a row: their notes are not the chord's.
		rows = append(rows, []string{"C" + w.suffix, label, report.Mark(report.Wrong, strings.ReplaceAll(tones, ", ", " ")), theory.FlatNames(want)})
	}
	return rows, right, nil
}

// spellingRoots are the twelve roots section 6 spells each chord on.
var spellingRoots = []string{"C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"}

// spellingChords are the chords section 6 spells: the quality in words and its symbol.
var spellingChords = []struct{ quality, symbol string }{
	{"major", ""}, {"minor", "m"}, {"dominant 7", "7"}, {"major 7", "maj7"}, {"minor 7", "m7"},
	{"half-diminished", "m7b5"}, {"diminished 7", "dim7"}, {"augmented", "aug"},
}

// spelling is section 6: the chord's notes in the skill's evidence against the textbook's,
// one letter per chord step.
func (l *lesson) spelling() error {
	l.r.Title("The chord's notes in the skill's evidence, against one letter per chord step, on 12 roots")
	var rows [][]string
	for _, c := range spellingChords {
		ok, first := 0, "-"
		for _, root := range spellingRoots {
			symbol := root + c.symbol
			_, tones, found := l.chordTones("why does F sound outside over " + symbol)
			if !found {
				return fmt.Errorf("the skill read no chord in %q", symbol)
			}
			book, err := theory.SpellQuality(theory.MustNote(root), c.quality)
			if err != nil {
				return err
			}
			skill := strings.ReplaceAll(tones, ", ", " ")
			if skill == theory.Names(book) {
				ok++
			} else if first == "-" {
				first = fmt.Sprintf("%s: %s; %s", symbol, skill, theory.Names(book))
			}
		}
		rows = append(rows, []string{c.quality, c.symbol, report.Judge(ok == len(spellingRoots), report.Wrong, fmt.Sprintf("%d of %d", ok, len(spellingRoots))), first})
	}
	l.r.TableWidths([]string{"chord", "symbol", "right", "the first that differs: the skill's, a textbook's"}, rows, widthsOf(16, 7, 9))
	return nil
}

// otherAsks are ways to ask that the skill's examples lack.
var otherAsks = []string{
	"why does F sound outside over a minor chord",
	"why does F sound outside over a dominant chord",
	"why does F sound outside on top of Cmaj7",
	"why does the 11 clash over Cmaj7",
}

// outsideNotesIntent is the intent that carries OutsideNotesSkill's example prompts.
const outsideNotesIntent = "skill.outsidenotes"

// examples is section 7: the skill's example prompts and other ways to ask, with CanHandle and
// the answer's first line.
func (l *lesson) examples() error {
	l.r.Title("OutsideNotesSkill's example prompts, and a few other ways to ask: CanHandle, and the first line of the answer")
	meta, ok := intents.Lookup(outsideNotesIntent)
	if !ok {
		return fmt.Errorf("no intent %s in the intents fixture", outsideNotesIntent)
	}
	examples := meta.Examples
	var rows [][]string
	accepted := 0
	for i, p := range append(slices.Clone(examples), otherAsks...) {
		can := skills.OutsideNotesCanHandle(p)
		if can && i < len(examples) {
			accepted++
		}
		canCell := kit.YesNo(can)
		if i < len(examples) {
			// The skill's own example prompt: CanHandle should accept it.
			canCell = report.Judge(can, report.Wrong, canCell)
		}
		rows = append(rows, []string{p, canCell, firstLineText(l.ask(p))})
	}
	l.r.TableWidths([]string{"prompt", "CanHandle", "answer"}, rows, widthsOf(50, 10))
	l.r.Line("example prompts %d: CanHandle accepts %d", len(examples), accepted)
	return nil
}
