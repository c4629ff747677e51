package l11

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/intents"
	"course/ga/keys"
	"course/ga/skills"
	"course/internal/dotnet"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// keyIntent is the key skill's intent, whose example prompts open lesson 11.
const keyIntent = "skill.keyidentification"

// keySkillMdProgressions are the progressions of the key-identification SKILL.md's two worked
// examples (skills/key-identification/SKILL.md:60, 66 @ c781df5c), asked as bare lists.
var keySkillMdProgressions = []string{"Dm G C", "C Am F G"}

// readingSymbols are the chord symbols lesson 11 asks each version to read, one at a time.
var readingSymbols = []string{
	"C", "Cm", "Cdim", "Caug", "C+", "C°", "Cmin", "C#", "C#m", "Db", "F#", "F#7", "B♭", "F♯",
	"C7", "Cm7", "Cmaj7", "CM7", "CΔ7", "Cm7b5", "Cø7", "Cdim7", "C6", "C9", "Csus4", "Cadd9", "C7#9", "C/E",
}

// degreeChord is one chord of a textbook progression: a degree of the key's scale (0 for the
// tonic) and the suffix written after its note.
type degreeChord struct {
	degree int
	suffix string
}

// textbookProgression is a progression named in Roman numerals, in a major or a minor key.
type textbookProgression struct {
	name   string
	minor  bool
	chords []degreeChord
}

// spell writes the progression's chords in a key, e.g. "Db Gb Ab Db".
func (p textbookProgression) spell(k theory.Tonality) []string {
	notes := k.Notes()
	out := make([]string, len(p.chords))
	for i, c := range p.chords {
		out[i] = notes[c.degree].String() + c.suffix
	}
	return out
}

// keyQuestions are the six progressions lesson 11 asks the key of in every key. II is a
// major triad, the dominant of the dominant; in i iv V i the V is the harmonic minor's.
var keyQuestions = []textbookProgression{
	{"I IV V I", false, []degreeChord{{0, ""}, {3, ""}, {4, ""}, {0, ""}}},
	{"I II V I", false, []degreeChord{{0, ""}, {1, ""}, {4, ""}, {0, ""}}},
	{"ii7 V7 Imaj7", false, []degreeChord{{1, "m7"}, {4, "7"}, {0, "maj7"}}},
	{"i iv V i", true, []degreeChord{{0, "m"}, {3, "m"}, {4, ""}, {0, "m"}}},
	{"iiø7 V7 i", true, []degreeChord{{1, "m7b5"}, {4, "7"}, {0, "m"}}},
	{"i VI III VII", true, []degreeChord{{0, "m"}, {5, ""}, {2, ""}, {6, ""}}},
}

// keyShown are the questions lesson 11 prints in full after its grid: a progression and a key.
var keyShown = [][2]string{
	{"I IV V I", "Db major"},
	{"I II V I", "C major"},
	{"ii7 V7 Imaj7", "E major"},
	{"i iv V i", "F# minor"},
	{"iiø7 V7 i", "B minor"},
}

// keyPromptQuestion is the question whose prompt data lesson 11 prints.
const keyPromptQuestion = "What key is Db Gb Ab Db in?"

// Options is what `course l11` needs to run.
type Options struct {
	// KeysFromSharps runs both versions' list of keys from seven sharps to seven flats instead
	// of GA's order, from seven flats (--keys-from-sharps).
	KeysFromSharps bool
}

// NewCmd builds `course l11`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l11", Long: `Lesson 11: the key skill and the data in the model's prompt.

GA's key skill and its ga_key_identify tool read the chord symbols out of a question
with one regular expression, score the 30 keys with KeyIdentificationService and hand
the model the keys tied at the top, then three more. The lesson asks the service at the
pin and on main after #625 the skill's example prompts, shows what each reads in 28
chord symbols, asks for the key of six textbook progressions in the 30 keys, checks the
relative keys, and prints the data of one prompt.`, Run: run, Exercises: Exercises}, opts, runF)
	cmd.Flags().BoolVar(&opts.KeysFromSharps, "keys-from-sharps", false, "run the services' list of keys from seven sharps to seven flats, not from seven flats as GA does")
	return cmd
}

// lesson carries what the sections share: the two versions of the service and the count of
// questions checked against the tool.
type lesson struct {
	r        *report.Report
	versions []keys.Service
	examples []string
	// promptQuestion is the question whose prompt data section 5 prints.
	promptQuestion string
	// toolChecks counts the pinned answers ga_key_identify agreed with.
	toolChecks int
}

// newLesson sets up the lesson's versions and questions, writing to w; keysFromSharps gives
// both versions their list of keys from seven sharps.
func newLesson(w io.Writer, keysFromSharps bool) (*lesson, error) {
	meta, ok := intents.Lookup(keyIntent)
	if !ok {
		return nil, fmt.Errorf("the intents fixture has no %q", keyIntent)
	}
	pin, main := keys.Pin, keys.Main
	pin.SharpsFirst, main.SharpsFirst = keysFromSharps, keysFromSharps
	return &lesson{
		r:              report.New(w),
		versions:       []keys.Service{pin, main},
		examples:       append(slices.Clone(meta.Examples), keySkillMdProgressions...),
		promptQuestion: keyPromptQuestion,
	}, nil
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l, err := newLesson(w, opts.KeysFromSharps)
	if err != nil {
		return fmt.Errorf("l11: %w", err)
	}
	l.r.Heading("l11")
	return kit.RunSections(ctx, "l11", l.r, l.examplePrompts, l.reading, l.textbook, l.relatives, l.prompt, l.toolCheck)
}

// keyAnswer is what a version gives for a question: the chords read and the selected keys.
type keyAnswer struct {
	chords []string
	keys.Selection
}

// ask asks version v the key of query. For the pinned service, ga_key_identify must read the
// same chords and return the same keys, or the lesson stops.
func (l *lesson) ask(v keys.Service, query string) (keyAnswer, error) {
	chords := v.ExtractChords(query)
	a := keyAnswer{chords: chords, Selection: keys.Select(v.Identify(chords))}
	// The tool is GA's own, whose order of keys the tool check does not compare.
	if v.Commit != keys.Pin.Commit {
		return a, nil
	}
	tool := skills.IdentifyKey(query)
	same := len(a.Top) == 0
	if tool.Error == "" {
		same = slices.Equal(tool.RecognizedChords, chords) &&
			slices.Equal(candidateKeys(tool.TopCandidates), candidateKeys(a.Top)) &&
			slices.Equal(candidateKeys(tool.PartialMatches), candidateKeys(a.Partial))
	}
	if !same {
		return a, fmt.Errorf("ga_key_identify disagrees on %q", query)
	}
	l.toolChecks++
	return a, nil
}

// candidateKeys are the candidates' key names, in order.
func candidateKeys(cs []keys.Candidate) []string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Key
	}
	return names
}

// topText writes the top keys with their count, "4/4: A minor, C major", or "no key".
func topText(s keys.Selection) string {
	if len(s.Top) == 0 {
		return "no key"
	}
	return fmt.Sprintf("%d/%d: %s", s.Top[0].MatchCount, s.Top[0].TotalChords, strings.Join(candidateKeys(s.Top), ", "))
}

// partialText writes the partial keys with their counts after "; then", or nothing.
func partialText(s keys.Selection) string {
	if len(s.Partial) == 0 {
		return ""
	}
	parts := make([]string, len(s.Partial))
	for i, c := range s.Partial {
		parts[i] = fmt.Sprintf("%s %d/%d", c.Key, c.MatchCount, c.TotalChords)
	}
	return "; then " + strings.Join(parts, ", ")
}

// examplePrompts is section 1: each example prompt of the skill, and the SKILL.md's two
// progressions, asked of both versions.
func (l *lesson) examplePrompts() error {
	l.r.Title("The key skill's example prompts: the chords read, and the keys tied at the top")
	for _, prompt := range l.examples {
		l.r.Line("%q", prompt)
		for _, v := range l.versions {
			a, err := l.ask(v, prompt)
			if err != nil {
				return err
			}
			l.r.FixedRow([]int{10, 20}, "  "+v.Commit, "reads "+strings.Join(a.chords, " "), topText(a.Selection))
		}
	}
	return nil
}

// reading is section 2: what each version reads in "What key is X in?" for one chord symbol
// at a time, and what its parser counts each chord as.
func (l *lesson) reading() error {
	l.r.Title(`What each version reads in "What key is X in?", and what each chord counts as`)
	widths := []int{8, 14, 14, 14}
	l.r.FixedRow(widths, "X", keys.Pin.Commit+" reads", "counts as", keys.Main.Commit+" reads", "counts as")
	for _, symbol := range readingSymbols {
		cells := []string{symbol}
		for _, v := range l.versions {
			read := v.ExtractChords("What key is " + symbol + " in?")
			if len(read) == 0 {
				cells = append(cells, "nothing", "-")
				continue
			}
			counts := make([]string, len(read))
			for i, c := range read {
				counts[i] = "-"
				if t, ok := v.Parse(c); ok {
					counts[i] = t.Quality.String()
				}
			}
			cells = append(cells, strings.Join(read, " "), strings.Join(counts, " "))
		}
		l.r.FixedRow(widths, cells...)
	}
	return nil
}

// keyMarks are the grid's marks, in the order the summary counts them.
var keyMarks = []string{"=", "~", "x", "r"}

// textbook is section 3: "What key is ... in?" for the six progressions in the 30 keys, marked
// against the textbook key, then the questions of keyShown in full.
func (l *lesson) textbook() error {
	l.r.Title(`"What key is ... in?" for six textbook progressions in the 30 keys`)
	tally := map[keys.Service]map[string]int{}
	above := map[keys.Service]int{}
	var shown []string
	for _, v := range l.versions {
		tally[v] = map[string]int{}
	}
	for _, minor := range []bool{false, true} {
		tonalities := theory.Tonalities(minor)
		l.r.Blank()
		label := "major keys"
		if minor {
			label = "minor keys"
		}
		l.r.FixedRow([]int{22}, label, kit.TonicHeader(tonalities))
		for _, p := range keyQuestions {
			if p.minor != minor {
				continue
			}
			for _, v := range l.versions {
				marks := make([]string, len(tonalities))
				for i, k := range tonalities {
					chords := p.spell(k)
					query := "What key is " + strings.Join(chords, " ") + " in?"
					a, err := l.ask(v, query)
					if err != nil {
						return err
					}
					mark := keyMark(a, chords, k.String())
					tally[v][mark]++
					if len(a.Top) > 0 && slices.ContainsFunc(a.Partial, func(c keys.Candidate) bool { return c.MatchCount > a.Top[0].MatchCount }) {
						above[v]++
					}
					if slices.Contains(keyShown, [2]string{p.name, k.String()}) {
						shown = append(shown, l.shownLines(v, p, k, query, chords, a)...)
					}
					marks[i] = report.Mark(keyMarkVerdicts[mark], mark)
				}
				// Each key's grade a column of its own, two wide, so that each carries its verdict.
				l.r.FixedRow(keyGridWidths(len(marks)), append([]string{p.name, v.Commit}, marks...)...)
			}
		}
	}
	l.r.Blank()
	l.r.Line("= every chord read as written, the textbook key first; ~ read, the key tied at the top but not first;")
	l.r.Line("x read, the key not among the top; r a chord dropped or read as another chord")
	for _, v := range l.versions {
		l.r.Line("%s: 90 questions, = %d, ~ %d, x %d, r %d; a key after the top with a higher count: %d",
			v.Commit, tally[v]["="], tally[v]["~"], tally[v]["x"], tally[v]["r"], above[v])
	}
	l.r.Blank()
	for _, s := range shown {
		l.r.Line("%s", s)
	}
	return nil
}

// keyMarkVerdicts colours keyMark's grades: the textbook key first is right, tied at the top
// partly right, not at the top or the chords misread wrong.
var keyMarkVerdicts = map[string]report.Verdict{"=": report.Right, "~": report.Lossy, "x": report.Wrong, "r": report.Wrong}

// keyGridWidths are the columns of a row of the key grid: the progression, the version, and n
// keys' grades.
func keyGridWidths(n int) []int {
	widths := []int{13, 8}
	for range n {
		widths = append(widths, 2)
	}
	return widths
}

// keyMark grades an answer: r when the chords read are not the progression's distinct chords as
// written, = when the textbook key comes first, ~ when it is tied at the top, x otherwise.
func keyMark(a keyAnswer, chords []string, key string) string {
	var distinct []string
	for _, c := range chords {
		if !slices.Contains(distinct, c) {
			distinct = append(distinct, c)
		}
	}
	switch {
	case !slices.Equal(a.chords, distinct):
		return "r"
	case len(a.Top) > 0 && a.Top[0].Key == key:
		return "="
	case slices.Contains(candidateKeys(a.Top), key):
		return "~"
	}
	return "x"
}

// shownLines writes one version's answer to a question of keyShown: the question first for the
// pinned version, and on main, when ExtractChords dropped a repeated chord, what Identify does
// with the list as written, whose return to the tonic main's cadence weight can see.
func (l *lesson) shownLines(v keys.Service, p textbookProgression, k theory.Tonality, query string, chords []string, a keyAnswer) []string {
	var lines []string
	if v.Commit == keys.Pin.Commit {
		lines = append(lines, fmt.Sprintf("%s, %s: %q", k, p.name, query))
	}
	lines = append(lines, fmt.Sprintf("  %s reads %s; top %s%s", report.Pad(v.Commit, 8), strings.Join(a.chords, " "), topText(a.Selection), partialText(a.Selection)))
	if v.Commit == keys.Main.Commit && len(slices.Compact(slices.Sorted(slices.Values(chords)))) != len(chords) {
		all := v.Identify(chords)
		given := keys.Select(all)
		lines = append(lines, fmt.Sprintf("  %s given %s as a list, Identify puts %s first; top %s%s",
			report.Pad("", 8), strings.Join(chords, " "), all[0].Key, topText(given), partialText(given)))
	}
	return lines
}

// relatives is section 4: the relative key each version gives the 30 keys, against the
// textbook's relative, the same notes in the other mode spelled from the key's own tonic.
func (l *lesson) relatives() error {
	l.r.Title("The relative key each candidate carries, against the textbook")
	for _, v := range l.versions {
		all, wrong, err := relativeKeys(v)
		if err != nil {
			return err
		}
		l.r.Line("%s: %d keys, %d with another relative key: %s", v.Commit, len(all), len(wrong), strings.Join(wrong, "; "))
	}
	return nil
}

// relativeKeys are the 30 keys as version v scores them, and those whose relative key is not
// the textbook's, written "key → relative key", sorted.
func relativeKeys(v keys.Service) ([]keys.Candidate, []string, error) {
	// A major triad on each of the 21 names: each of the 30 keys holds three
	names := make([]string, 0, 21)
	for _, n := range theory.SpelledNoteNames() {
		names = append(names, n.String())
	}
	all := v.Identify(names)
	var wrong []string
	for _, c := range all {
		tonic, mode, _ := strings.Cut(c.Key, " ")
		note, err := theory.ParseNote(tonic)
		if err != nil {
			return nil, nil, fmt.Errorf("key %q: %w", c.Key, err)
		}
		textbook := theory.Tonality{Tonic: note, Minor: mode == "minor"}.Relative().String()
		if c.RelativeKey != textbook {
			wrong = append(wrong, c.Key+" → "+c.RelativeKey)
		}
	}
	slices.Sort(wrong)
	return all, wrong, nil
}

// prompt is section 5: the data part of the prompt the pinned skill builds for the
// lesson's prompt question, from its top matches to its instructions.
func (l *lesson) prompt() error {
	q := l.promptQuestion
	l.r.Title("The data KeyIdentificationSkill puts in the model's prompt for %q, at %s", q, keys.Pin.Commit)
	turn := skills.KeyIdentification{Service: l.versions[0]}.Prepare(q)
	from := strings.Index(turn.Prompt, "── TOP MATCHES")
	to := strings.Index(turn.Prompt, "Instructions:")
	if from < 0 || to < from {
		return fmt.Errorf("the key prompt for %q has no top matches before its instructions", q)
	}
	data := dotnet.ReplaceLineEndings(strings.TrimRight(turn.Prompt[from:to], " \t\r\n"), "\n")
	for line := range strings.SplitSeq(data, "\n") {
		l.r.Line("%s", strings.TrimRight(line, " \t"))
	}
	return nil
}

// toolCheck is the closing line: how many pinned answers ga_key_identify confirmed.
func (l *lesson) toolCheck() error {
	l.r.Title("The pinned answers, checked against ga_key_identify")
	l.r.Line("%d questions: KeyIdentificationMcpTools.IdentifyKey read the same chords and returned the same keys", l.toolChecks)
	return nil
}
