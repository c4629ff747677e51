package l15

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"course/ga/intents"
	"course/ga/skills"
	"course/internal/lazy"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// Options is what `course l15` needs to run.
type Options struct {
}

// NewCmd builds `course l15`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	return kit.NewCmd(kit.Spec[Options]{Use: "l15", Long: `Lesson 15: spelling and naming chords.

Calls GA's chord-info skill in-process: its example prompts, every suffix of GA's chord
vocabulary, symbols beyond it, the spelling of 588 chords against the course's own
textbook spelling, the skill's spellings asked back as lists of notes, and ga_chord_info,
the tool of the chord-info SKILL.md.`, Run: run, Exercises: Exercises}, opts, runF)
}

// lesson carries what the sections share: the chords the skill spelled as asked, which
// section 5 asks back as notes.
type lesson struct {
	r       *report.Report
	skill   skills.ChordInfo
	spelled []spelledChord
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l := &lesson{r: report.New(w)}
	l.r.Heading("l15")
	return kit.RunSections(ctx, "l15", l.r, l.examples, l.vocabulary, l.beyond, l.spelling, l.fromNotes, l.noteLists, l.tool)
}

// chordRead is what the skill read, from its evidence lines "Root: …", "Quality: …" and "Notes: …".
type chordRead struct {
	root, quality string
	notes         []string
}

// canonical is the vocabulary's quality in the skill's display name: "major 7 chord" and
// "half-diminished chord (m7b5)" name it before " chord".
func (c chordRead) canonical() string {
	q, _, _ := strings.Cut(c.quality, " chord")
	return q
}

func (c chordRead) String() string {
	return fmt.Sprintf("%s %s: %s", c.root, c.canonical(), strings.Join(c.notes, " "))
}

// ask is the skill's answer to prompt and what it read, nil when its evidence has no notes.
func (l *lesson) ask(prompt string) (string, *chordRead) {
	res := l.skill.Execute(prompt)
	field := func(name string) (string, bool) {
		for _, e := range res.Evidence {
			if v, ok := strings.CutPrefix(e, name+": "); ok {
				return v, true
			}
		}
		return "", false
	}
	notes, ok := field("Notes")
	if !ok {
		return res.Text, nil
	}
	root, _ := field("Root")
	quality, _ := field("Quality")
	return res.Text, &chordRead{root: root, quality: quality, notes: strings.Split(notes, ", ")}
}

// show is what the skill read, or its answer when it read no chord.
func show(read *chordRead, result string) string {
	if read == nil {
		return "no chord: " + kit.Quote(result)
	}
	return read.String()
}

// textbookChord is the chord a prompt names, as a root and a quality in words; the root is
// empty where the prompt names a quality and no root.
type textbookChord struct{ root, quality string }

// spell is the textbook's notes of the chord.
func (c textbookChord) spell() (string, error) {
	root, err := theory.ParseNote(c.root)
	if err != nil {
		return "", err
	}
	notes, err := theory.SpellQuality(root, c.quality)
	if err != nil {
		return "", err
	}
	return theory.Names(notes), nil
}

// exampleChords are the chords the skill's example prompts name.
var exampleChords = sync.OnceValue(func() map[string]textbookChord {
	return map[string]textbookChord{
		"What is a C major chord?":               {"C", "major"},
		"What notes are in Dm7?":                 {"D", "minor 7"},
		"Notes in an F minor chord":              {"F", "minor"},
		"What chord contains C E G?":             {"C", "major"},
		"Spell a B7 chord":                       {"B", "dominant 7"},
		"What notes are in a Cmaj7?":             {"C", "major 7"},
		"Tell me the tones in F#m7b5":            {"F#", "half-diminished"},
		"tell me about Dm7":                      {"D", "minor 7"},
		"tell me about a Cmaj7 chord":            {"C", "major 7"},
		"what makes a chord a major seventh":     {"", "major 7"},
		"what makes a chord diminished":          {"", "diminished"},
		"what makes a chord a dominant seventh":  {"", "dominant 7"},
		"What chord is C E G":                    {"C", "major"},
		"What chord is F A C E":                  {"F", "major 7"},
		"Which chord contains the notes G B D F": {"G", "dominant 7"},
		"What chord is C E G Bb D":               {"C", "dominant 9"},
		"anatomy of a D7sus4 chord":              {"D", "dominant 7 sus4"},
		"break down Gmaj13 for me":               {"G", "major 13"},
		"what is a C add 9 chord":                {"C", "add9"},
		"give me the notes of an F#m7b5":         {"F#", "half-diminished"},
		"tones in a Bb diminished seventh":       {"Bb", "diminished 7"},
		"What is C7b9":                           {"C", "dominant 7 flat 9"},
		"What is Cmaj9":                          {"C", "major 9"},
		"What is Dm7b5":                          {"D", "half-diminished"},
		"What is F#m7":                           {"F#", "minor 7"},
		"What is Bbdim7":                         {"Bb", "diminished 7"},
		"what notes are in a C major triad":      {"C", "major"},
		"what are the notes of an A minor triad": {"A", "minor"},
		"what notes make up a G7 chord":          {"G", "dominant 7"},
		"which notes form a B diminished triad":  {"B", "diminished"},
		"spell a G7 chord":                       {"G", "dominant 7"},
		"what notes are in an E major chord":     {"E", "major"},
	}
})

// examples is section 1: the skill's example prompts, what it reads of each, and the textbook.
func (l *lesson) examples() error {
	l.r.Title("The skill's own example prompts")
	intent := skills.ChordInfoIntent()
	meta, ok := intents.Lookup(intent.ID)
	if !ok {
		return fmt.Errorf("no intent %s in the intents fixture", intent.ID)
	}
	prompts := meta.Examples
	l.r.Line("%s: ChordInfoSkill, %d example prompts", intent.ID, len(prompts))
	same, named, sameAnswer, accepted := 0, 0, 0, 0
	for _, p := range prompts {
		result, read := l.ask(p)
		if intent.Execute(p).Answer == result {
			sameAnswer++
		}
		can := skills.ChordInfoCanHandle(p)
		if can {
			accepted++
		}
		l.r.Line("%s  CanHandle %s", kit.Quote(p), kit.YesNo(can))
		l.r.Line("  %s", show(read, result))
		chord, ok := exampleChords()[p]
		if !ok {
			return fmt.Errorf("no textbook chord for the example %q", p)
		}
		if chord.root == "" {
			if read != nil {
				l.r.Line("  the question names a quality, no root")
			}
			continue
		}
		named++
		want, err := chord.spell()
		if err != nil {
			return err
		}
		if read != nil && strings.Join(read.notes, " ") == want {
			same++
		} else {
			l.r.Line("  the textbook: %s", want)
		}
	}
	l.r.Line("The intent's answer is the skill's Result for %d of %d", sameAnswer, len(prompts))
	l.r.Line("The textbook's notes for %d of the %d prompts that name a chord or its notes", same, named)
	l.r.Line("CanHandle accepts %d of %d", accepted, len(prompts))
	return nil
}

// letterRun finds a run of five letters or more: a quality written as a word.
var letterRun = lazy.Regexp(`[A-Za-z]{5,}`)

// vocabularySuffixes splits the suffixes NormalizeQuality maps into symbols, asked as
// "What notes are in C<symbol>?", and words, asked as "What notes are in a C <words> chord?".
func vocabularySuffixes() (symbols, words []string) {
	for _, s := range skills.QualitySuffixes() {
		if letterRun().MatchString(s) {
			words = append(words, s)
		} else {
			symbols = append(symbols, s)
		}
	}
	return symbols, words
}

// vocab is the vocabulary's canonical quality for a suffix.
func vocab(suffix string) string {
	return skills.GetFormula(skills.NormalizeQuality(suffix)).Quality
}

// vocabulary is section 2: every suffix the vocabulary maps, read by the skill and the tool.
func (l *lesson) vocabulary() error {
	l.r.Title("Every suffix the vocabulary knows")
	symbols, words := vocabularySuffixes()
	type asked struct{ suffix, prompt string }
	var all []asked
	for _, s := range symbols {
		all = append(all, asked{s, "What notes are in C" + s + "?"})
	}
	for _, w := range words {
		all = append(all, asked{w, "What notes are in a C " + w + " chord?"})
	}
	ok := 0
	for _, a := range all {
		want := vocab(a.suffix)
		_, read := l.ask(a.prompt)
		says := "no chord"
		switch {
		case read == nil:
		case read.root == "C":
			says = read.canonical()
		default:
			says = read.root + " " + read.canonical()
		}
		if says == want {
			ok++
		} else {
			l.r.Line("%s  the vocabulary: %s, the skill: %s", kit.Quote(a.prompt), want, says)
		}
	}
	l.r.Line("The skill reads %d of %d suffixes as the vocabulary does (%d symbols, %d words)", ok, len(all), len(symbols), len(words))
	delta := skills.NormalizeQuality("Δ7")
	knows := "which GetFormula doesn't know"
	if skills.GetFormula(delta).Quality == delta {
		knows = "which GetFormula knows"
	}
	l.r.Line("NormalizeQuality(%s) returns %s, %s", kit.Quote("Δ7"), kit.Quote(delta), knows)
	var toolReads []string
	for _, s := range symbols {
		if r := skills.GetChordInfo("C" + s); r.Error == "" && r.Quality == vocab(s) {
			toolReads = append(toolReads, s)
		}
	}
	l.r.Line("ga_chord_info reads %d of the %d symbols: %s", len(toolReads), len(symbols), strings.Join(toolReads, " "))
	return nil
}

// beyondChords are symbols and phrasings the vocabulary has no entry for, with the chord each names.
var beyondChords = []struct {
	prompt string
	chord  textbookChord
}{
	{"What notes are in Cmaj7#11?", textbookChord{"C", "major 7 sharp 11"}},
	{"What notes are in C7#11?", textbookChord{"C", "dominant 7 sharp 11"}},
	{"What notes are in C7(b9)?", textbookChord{"C", "dominant 7 flat 9"}},
	{"What notes are in Cm(maj7)?", textbookChord{"C", "minor major 7"}},
	{"What notes are in C6/9?", textbookChord{"C", "major 6 add 9"}},
	{"What notes are in C7#5#9?", textbookChord{"C", "dominant 7 sharp 5 sharp 9"}},
	{"What notes are in C7sus4?", textbookChord{"C", "dominant 7 sus4"}},
	{"What notes are in C/E?", textbookChord{"C", "major"}},
	{"What notes are in B♭7?", textbookChord{"Bb", "dominant 7"}},
	{"What notes are in an E♭ major chord?", textbookChord{"Eb", "major"}},
	{"I am learning Cmaj7, what notes are in it?", textbookChord{"C", "major 7"}},
	{"Am I right that G7 has an F?", textbookChord{"G", "dominant 7"}},
}

// beyond is section 3: what the skill reads of chords beyond its vocabulary.
func (l *lesson) beyond() error {
	l.r.Title("Beyond the vocabulary")
	for _, b := range beyondChords {
		want, err := b.chord.spell()
		if err != nil {
			return err
		}
		result, read := l.ask(b.prompt)
		l.r.Line("%s", kit.Quote(b.prompt))
		l.r.Line("  %s", show(read, result))
		l.r.Line("  the textbook: %s", want)
	}
	return nil
}

// spelledQualities are the qualities section 4 spells, each with a symbol the skill reads:
// every quality of the vocabulary but the power chord.
var spelledQualities = []struct{ quality, symbol string }{
	{"major", "maj"}, {"minor", "m"}, {"diminished", "dim"}, {"augmented", "aug"},
	{"sus2", "sus2"}, {"sus4", "sus4"}, {"add9", "add9"}, {"major 6", "6"}, {"minor 6", "m6"},
	{"dominant 7", "7"}, {"major 7", "maj7"}, {"minor 7", "m7"}, {"diminished 7", "dim7"},
	{"half-diminished", "m7b5"}, {"dominant 7 flat 5", "7b5"}, {"dominant 7 sharp 5", "7#5"},
	{"dominant 7 flat 9", "7b9"}, {"dominant 7 sharp 9", "7#9"}, {"altered dominant", "7alt"},
	{"dominant 9", "9"}, {"major 9", "maj9"}, {"minor 9", "m9"},
	{"dominant 11", "11"}, {"major 11", "maj11"}, {"minor 11", "m11"},
	{"dominant 13", "13"}, {"major 13", "maj13"}, {"minor 13", "m13"},
}

// spelledChord is a chord the skill spelled as asked.
type spelledChord struct {
	root, quality string
	notes         []string
}

// spellingResult is section 4's count: the chords that differ from the textbook, each as
// "<symbol>: <what differs>", and the chords spelled as asked.
type spellingResult struct {
	total    int
	differ   []string
	spelled  []spelledChord
	multiple int
}

// spellAll asks the skill for every quality on every root and holds each spelling against
// the textbook's.
func (l *lesson) spellAll(roots []string, qualities []struct{ quality, symbol string }) (spellingResult, error) {
	var res spellingResult
	for _, q := range qualities {
		for _, root := range roots {
			res.total++
			symbol := root + q.symbol
			result, read := l.ask("What notes are in " + symbol + "?")
			if read == nil || read.root != root || read.canonical() != q.quality {
				res.differ = append(res.differ, symbol+": "+show(read, result))
				continue
			}
			res.spelled = append(res.spelled, spelledChord{root, q.quality, read.notes})
			want, err := textbookChord{root, q.quality}.spell()
			if err != nil {
				return res, err
			}
			if got := strings.Join(read.notes, " "); got != want {
				res.differ = append(res.differ, fmt.Sprintf("%s: skill %s, textbook %s", symbol, got, want))
			}
			if multipleAccidental(read.notes) {
				res.multiple++
			}
		}
	}
	return res, nil
}

// multipleAccidental reports whether a note of a spelling carries two accidentals or more.
func multipleAccidental(notes []string) bool {
	return slices.ContainsFunc(notes, func(n string) bool { return len(n) > 2 })
}

// spelling is section 4: 21 roots by 28 qualities against the textbook's spelling.
func (l *lesson) spelling() error {
	roots := skills.ChordRoots()
	l.r.Title("Spelling: %d roots, %d qualities", len(roots), len(spelledQualities))
	res, err := l.spellAll(roots, spelledQualities)
	if err != nil {
		return err
	}
	l.spelled = res.spelled
	l.r.Line("The skill spells %d of %d chords as the textbook does", res.total-len(res.differ), res.total)
	for _, d := range res.differ[:min(3, len(res.differ))] {
		l.r.Line("  %s", d)
	}
	if len(res.differ) > 3 {
		l.r.Line("  … and %d more", len(res.differ)-3)
	}
	l.r.Line("The chords that differ: %s", groupBySuffix(res.differ))
	alt := l.skill.Execute("What notes are in C7alt?")
	i := slices.IndexFunc(alt.Evidence, func(e string) bool { return strings.HasPrefix(e, "Intervals: ") })
	if i < 0 {
		return fmt.Errorf("the skill gave C7alt no intervals")
	}
	l.r.Line("C7alt: %s", alt.Evidence[i])
	l.r.Line("Chords with a double or triple accidental: %d of %d", res.multiple, len(res.spelled))
	return nil
}

// groupBySuffix counts the differing chords by their symbol's suffix, in order of first
// appearance: "21 7alt".
func groupBySuffix(differ []string) string {
	var suffixes []string
	count := map[string]int{}
	for _, d := range differ {
		symbol, _, _ := strings.Cut(d, ":")
		s := strings.TrimLeft(strings.TrimLeft(symbol, "CDEFGAB"), "#b")
		if count[s] == 0 {
			suffixes = append(suffixes, s)
		}
		count[s]++
	}
	parts := make([]string, len(suffixes))
	for i, s := range suffixes {
		parts[i] = fmt.Sprintf("%d %s", count[s], s)
	}
	return strings.Join(parts, ", ")
}

// noteGroups are the groups section 5 counts the chords in.
var noteGroups = []string{
	"a quality it names, single accidentals",
	"a quality it names, a double or triple accidental",
	"a quality it doesn't name, 3 to 5 notes",
	"6 or 7 notes",
}

// noteGroup is the group of a spelled chord.
func noteGroup(c spelledChord, candidates []string) int {
	switch {
	case len(c.notes) > 5:
		return 3
	case !slices.Contains(candidates, c.quality):
		return 2
	case multipleAccidental(c.notes):
		return 1
	}
	return 0
}

// fromNotes is section 5: each chord the skill spelled, asked back as a list of its notes.
func (l *lesson) fromNotes() error {
	l.r.Title("The skill's own spellings, asked back as notes")
	candidates := skills.CandidateQualities()
	var not []string
	for _, q := range spelledQualities {
		if !slices.Contains(candidates, q.quality) {
			not = append(not, q.quality)
		}
	}
	l.r.Line("It names %d qualities from notes; not %s", len(candidates), strings.Join(not, ", "))
	for g, group := range noteGroups {
		count, back, other, none := 0, 0, 0, 0
		example := ""
		for _, c := range l.spelled {
			if noteGroup(c, candidates) != g {
				continue
			}
			count++
			prompt := "What chord is " + strings.Join(c.notes, " ")
			result, read := l.ask(prompt)
			if read != nil && read.root == c.root && read.canonical() == c.quality {
				back++
				continue
			}
			if read == nil {
				none++
			} else {
				other++
			}
			if example == "" {
				example = kit.Quote(prompt) + " → " + show(read, result)
			}
		}
		l.r.Line("%s: %d chords, named back %d, as another chord %d, not named %d", group, count, back, other, none)
		if example != "" {
			l.r.Line("  %s", example)
		}
	}
	return nil
}

// notePrompts are lists of notes beyond the skill's own spellings.
var notePrompts = []string{
	"What chord is C E G# B",
	"What chord is C E G Bb Db",
	"What chord is C Eb Gb Bbb",
	"What chord is F# A# C##",
	"Which chord has a C, an E and a G?",
	"What chord is C E G B♭",
}

// noteLists is section 6: what the skill names from a few lists of notes.
func (l *lesson) noteLists() error {
	l.r.Title("Lists of notes")
	for _, p := range notePrompts {
		result, read := l.ask(p)
		l.r.Line("%s → %s", kit.Quote(p), show(read, result))
	}
	return nil
}

// skillTableSymbols are the symbols of the chord-info SKILL.md's table "Supported quality
// suffixes" (skills/chord-info/SKILL.md:60-72 at a826864).
var skillTableSymbols = []string{"C", "Cmaj", "CM", "Cm", "Cmin", "Cdim", "Caug", "C7", "Cdom7", "Cmaj7", "CM7", "Cm7", "Cmin7", "Cdim7", "Cm7b5", "Cmin7b5"}

// describedExample finds the tool description's examples: "'Cmaj7' returns C E G B".
var describedExample = lazy.Regexp(`'([^']+)' returns ([^;.]+)`)

// tool is section 7: ga_chord_info on its SKILL.md's symbols and its description's examples.
func (l *lesson) tool() error {
	l.r.Title("ga_chord_info, the tool of the SKILL.md")
	var errs []string
	for _, s := range skillTableSymbols {
		if r := skills.GetChordInfo(s); r.Error != "" {
			errs = append(errs, fmt.Sprintf("  %s: %s", s, kit.Quote(r.Error)))
		}
	}
	l.r.Line("The SKILL.md's table lists %d symbols, the tool reads %d", len(skillTableSymbols), len(skillTableSymbols)-len(errs))
	for _, e := range errs {
		l.r.Line("%s", e)
	}
	examples := describedExample().FindAllStringSubmatch(skills.ChordToolDescription, -1)
	agree := 0
	for _, ex := range examples {
		if strings.Join(skills.GetChordInfo(ex[1]).Notes, " ") == ex[2] {
			agree++
		}
	}
	l.r.Line("The tool returns the notes its description gives for %d of its %d examples", agree, len(examples))
	return nil
}
