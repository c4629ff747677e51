package l10

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/dsl"
	"course/ga/skills"
	"course/internal/lazy"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// prompts are transpose questions beyond the SKILL.md's own mappings, each with the
// semitones a model reading the SKILL.md's table would pass: a key change ("to Eb") can be
// read up or down, so it is asked both ways; a progression is one call per chord.
var prompts = []skills.TransposeMapping{
	{Prompt: "Transpose G7 to Eb", Symbol: "G7", Semitones: 8},
	{Prompt: "", Symbol: "G7", Semitones: -4},
	{Prompt: "Shift Am7 up a fifth", Symbol: "Am7", Semitones: 7},
	{Prompt: "transpose C-Am-F-G to G major", Symbol: "C Am F G", Semitones: 7},
	{Prompt: "transpose C-Am-F-G to Eb major", Symbol: "C Am F G", Semitones: 3},
}

// extra are the chord pairs lesson 10 asks domain.commonTones after the SKILL.md's example:
// a pair from A major, whose shared C# the closure names from its fixed list.
var extra = [][2]string{{"A", "C#m"}}

// sharedNoteRe is a line of commonTones' answer: the shared note before its roles.
var sharedNoteRe = lazy.Regexp(`(?m)^\s+(\S+) \(`)

// Options is what `course l10` needs to run.
type Options struct {
}

// NewCmd builds `course l10`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	return kit.NewCmd(kit.Spec[Options]{Use: "l10", Long: `Lesson 10: SKILL.md skills that hand off to a model.

Three of GA's skills, diatonic-chords, transpose and common-tones, are Markdown the model
reads: they tell it to call a DSL closure through the ga_dsl_eval tool and to use what comes
back. The lesson calls ga_dsl_eval itself, with the arguments each SKILL.md prescribes, grades
the closures by letter arithmetic over the 30 keys and 21 note names, and sets their answers
beside what the SKILL.md files say they return.`, Run: run, Exercises: Exercises}, opts, runF)
}

// lesson carries what the sections share: the DSL as the chatbot's start-up leaves it, the
// three SKILL.md texts and the 30 keys.
type lesson struct {
	r    *report.Report
	dsl  *dsl.Registry
	md   map[string]string
	keys []theory.Tonality
}

func newLesson(w io.Writer) (*lesson, error) {
	l := &lesson{
		r:    report.New(w),
		dsl:  dsl.Pin.Bootstrap(),
		md:   map[string]string{},
		keys: append(theory.Tonalities(false), theory.Tonalities(true)...),
	}
	for _, name := range []string{"diatonic-chords", "transpose", "common-tones"} {
		text, err := kit.SkillMdText(name)
		if err != nil {
			return nil, err
		}
		l.md[name] = text
	}
	return l, nil
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l, err := newLesson(w)
	if err != nil {
		return fmt.Errorf("l10: %w", err)
	}
	l.r.Heading("l10")
	return kit.RunSections(ctx, "l10", l.r, l.diatonic, l.diatonicClaims, l.transposeGrid, l.transposePrompts, l.passedBack, l.commonTones, l.commonTonesExamples)
}

// eval calls ga_dsl_eval and returns what the model reads back.
func (l *lesson) eval(closure string, args ...string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(args); i += 2 {
		m[args[i]] = args[i+1]
	}
	return strings.ReplaceAll(l.dsl.EvalClosure(closure, m).Answer(), "\r\n", "\n")
}

func (l *lesson) transposed(symbol string, semitones int) string {
	return l.eval("domain.transposeChord", "symbol", symbol, "semitones", fmt.Sprint(semitones))
}

// diatonic is section 1: domain.diatonicChords on the 30 keys against the textbook triads;
// only the keys where they differ are printed.
func (l *lesson) diatonic() error {
	l.r.Title(`ga_dsl_eval "domain.diatonicChords" on the 30 keys with at most seven sharps or flats`)
	right := 0
	for _, k := range l.keys {
		ga, textbook := l.diatonicChords(k), k.Triads()
		if slices.Equal(ga, textbook) {
			right++
			continue
		}
		l.r.Line("%-9s  GA       %s", k, strings.Join(ga, " "))
		l.r.Line("%-9s  textbook %s", "", strings.Join(textbook, " "))
	}
	l.r.Blank()
	l.r.Line("%d keys: %d right, %d with a chord on another letter", len(l.keys), right, len(l.keys)-right)
	return nil
}

// diatonicChords is domain.diatonicChords' answer for k, the chords as a list, or the answer
// as one item when it is not one.
func (l *lesson) diatonicChords(k theory.Tonality) []string {
	r := l.dsl.EvalClosure("domain.diatonicChords", map[string]string{"root": k.Tonic.String(), "scale": k.Mode()})
	var ga []string
	if r.Error != nil || json.Unmarshal([]byte(r.ResultJSON), &ga) != nil {
		ga = []string{r.Answer()}
	}
	return ga
}

// diatonicClaims is section 2: what diatonic-chords' SKILL.md says the closure returns, under
// what it returns.
func (l *lesson) diatonicClaims() error {
	l.r.Title("The results diatonic-chords' SKILL.md gives for the closure")
	claims := skills.DiatonicClaims(l.md["diatonic-chords"])
	if len(claims) == 0 {
		return fmt.Errorf("diatonic-chords' SKILL.md gives no results")
	}
	for _, c := range claims {
		l.r.Line("%-8s  GA       %s", c.Root+" "+c.Scale, l.eval("domain.diatonicChords", "root", c.Root, "scale", c.Scale))
		l.r.Line("%-8s  SKILL.md %s", "", c.Claim)
	}
	return nil
}

// interval is one column of the transpose grid: the SKILL.md's name and semitones, and the
// letters the name spans.
type interval struct {
	name             string
	steps, semitones int
}

func (l *lesson) intervals() ([]interval, error) {
	var out []interval
	for _, t := range skills.TransposeIntervals(l.md["transpose"]) {
		number, err := strconv.Atoi(t.Name[1:])
		if err != nil || number < 1 {
			return nil, fmt.Errorf("transpose's SKILL.md: interval %q has no number", t.Name)
		}
		out = append(out, interval{t.Name, (number - 1) % 7, t.Semitones})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("transpose's SKILL.md has no interval table")
	}
	return out, nil
}

// transposeMark grades GA's answer against the textbook note: right, right pitch on another
// letter, a textbook answer with a double accidental, or a wrong pitch.
func transposeMark(ga, textbook string) byte {
	switch {
	case ga == textbook:
		return '.'
	case kit.NoteRoot().FindString(ga) != ga || kit.RootPitchClass(ga) != kit.RootPitchClass(textbook):
		return 'x'
	case len(textbook) > 2:
		return 'd'
	}
	return '~'
}

// transposeGrid is section 3: every note name up each interval of the SKILL.md's table.
func (l *lesson) transposeGrid() error {
	l.r.Title(`ga_dsl_eval "domain.transposeChord": the 21 note names up each interval of transpose's SKILL.md but the tritone`)
	ivs, err := l.intervals()
	if err != nil {
		return err
	}
	l.r.Line(". right   ~ right pitch, another letter   d the textbook needs a double sharp or flat   x wrong pitch")
	l.r.Blank()
	names := make([]string, len(ivs))
	for i, iv := range ivs {
		names[i] = iv.name
	}
	l.r.Line("note    %s", strings.Join(names, " "))
	counts := map[byte]int{}
	notes := theory.SpelledNoteNames()
	for _, n := range notes {
		cells := make([]string, len(ivs))
		for i, iv := range ivs {
			m := transposeMark(l.transposed(n.String(), iv.semitones), n.Move(iv.steps, iv.semitones).String())
			counts[m]++
			cells[i] = string(m) + " "
		}
		l.r.Line("%-7s %s", n, strings.Join(cells, " "))
	}
	l.r.Blank()
	l.r.Line("%d questions: %d right, %d on another letter, %d where the textbook needs a double accidental, %d wrong pitch",
		len(notes)*len(ivs), counts['.'], counts['~'], counts['d'], counts['x'])
	return nil
}

// textbookTransposed moves each chord's root by the interval of the SKILL.md's table with
// that many semitones, down for a negative count, and keeps the rest of the symbol.
func textbookTransposed(symbols string, semitones int, ivs []interval) string {
	i := slices.IndexFunc(ivs, func(iv interval) bool { return iv.semitones == max(semitones, -semitones) })
	if i < 0 {
		return "?"
	}
	steps := ivs[i].steps
	if semitones < 0 {
		steps = -steps
	}
	var out []string
	for _, s := range strings.Fields(symbols) {
		root, err := theory.ParseNote(kit.NoteRoot().FindString(s))
		if err != nil {
			out = append(out, "?")
			continue
		}
		out = append(out, root.Move(steps, semitones).String()+s[len(kit.NoteRoot().FindString(s)):])
	}
	return strings.Join(out, " ")
}

// transposePrompts is section 4: the SKILL.md's phrasings and the lesson's, one call per chord.
func (l *lesson) transposePrompts() error {
	l.r.Title("Transpose's example prompts, with the arguments its SKILL.md maps them to, one call per chord")
	ivs, err := l.intervals()
	if err != nil {
		return err
	}
	l.r.Line("prompt                                symbol    semitones  GA           textbook")
	for _, p := range append(skills.TransposeMappings(l.md["transpose"]), prompts...) {
		var ga []string
		for _, c := range strings.Fields(p.Symbol) {
			ga = append(ga, l.transposed(c, p.Semitones))
		}
		l.r.Line("%-37s %-9s %9d  %-12s %s", p.Prompt, p.Symbol, p.Semitones, strings.Join(ga, " "),
			textbookTransposed(p.Symbol, p.Semitones, ivs))
	}
	up := l.transposed("Bb", 2)
	l.r.Blank()
	l.r.Line("Bb up a whole step, then back down: %s, then %s", up, l.transposed(up, -2))
	return nil
}

// passedBack is section 5: the diminished chord as the SKILL.md writes it and as the closure
// writes it, given back to transposeChord.
func (l *lesson) passedBack() error {
	l.r.Title("The chord symbols the closures return, passed back in")
	for _, s := range []string{"B°", "Bdim"} {
		l.r.Line("%-28s %s", s+" up a semitone", l.transposed(s, 1))
	}
	return nil
}

// triadNotes are the notes of the triad on a degree of a scale.
func triadNotes(scale []theory.Note, degree int) []theory.Note {
	return []theory.Note{scale[degree], scale[(degree+2)%7], scale[(degree+4)%7]}
}

// commonTones is section 6: domain.commonTones on the 21 pairs of triads of each key; the keys
// where a shared note comes back spelled otherwise than the key spells it are printed.
func (l *lesson) commonTones() error {
	l.r.Title(`ga_dsl_eval "domain.commonTones" on every pair of triads in each of the 30 keys`)
	l.r.Line("key        misspelled pairs  the key's note as GA writes it")
	pairs, notesRight, spelledRight := 0, 0, 0
	for _, k := range l.keys {
		c := l.keyCommonTones(k)
		pairs += c.pairs
		notesRight += c.notesRight
		spelledRight += c.notesRight - c.misspelled
		if c.misspelled == 0 && len(c.wrong) == 0 {
			continue
		}
		l.r.Line("%-10s %-16s  %s", k, fmt.Sprintf("%d of 21", c.misspelled), strings.Join(c.spellings, ", "))
		for _, w := range c.wrong {
			l.r.Line("           %s", w)
		}
	}
	l.r.Blank()
	l.r.Line("%d pairs: shared notes right %d, spelled as the key spells them %d", pairs, notesRight, spelledRight)
	return nil
}

// keyCommonTones is what domain.commonTones gives on the 21 pairs of a key's triads.
type keyCommonTones struct {
	// pairs counts the pairs; notesRight those whose shared notes are the right pitches, and
	// misspelled those of them with a note spelled otherwise than the key spells it.
	pairs, notesRight, misspelled int
	// spellings are the key's notes as the closure writes them, "C# as Db", sorted.
	spellings []string
	// wrong are the pairs whose shared notes are not the right pitches, with the answer's
	// first line.
	wrong []string
}

// keyCommonTones asks domain.commonTones every pair of k's triads and grades the shared notes
// against the key's.
func (l *lesson) keyCommonTones(k theory.Tonality) keyCommonTones {
	var c keyCommonTones
	scale, triads := k.Notes(), k.Triads()
	spellings := map[string]bool{}
	for a := 0; a < 7; a++ {
		for b := a + 1; b < 7; b++ {
			c.pairs++
			answer := l.eval("domain.commonTones", "chord1", triads[a], "chord2", triads[b])
			var ga []string
			for _, m := range sharedNoteRe().FindAllStringSubmatch(answer, -1) {
				ga = append(ga, m[1])
			}
			sort.SliceStable(ga, func(i, j int) bool { return kit.RootPitchClass(ga[i]) < kit.RootPitchClass(ga[j]) })
			var textbook []theory.Note
			other := triadNotes(scale, b)
			for _, n := range triadNotes(scale, a) {
				if slices.Contains(other, n) && !slices.Contains(textbook, n) {
					textbook = append(textbook, n)
				}
			}
			sort.SliceStable(textbook, func(i, j int) bool { return textbook[i].PitchClass() < textbook[j].PitchClass() })
			same := len(ga) == len(textbook)
			for i := 0; same && i < len(ga); i++ {
				same = kit.RootPitchClass(ga[i]) == textbook[i].PitchClass()
			}
			if !same {
				first, _, _ := strings.Cut(answer, "\n")
				c.wrong = append(c.wrong, fmt.Sprintf("%s and %s: %s", triads[a], triads[b], first))
				continue
			}
			c.notesRight++
			differ := 0
			for i, n := range textbook {
				if n.String() != ga[i] {
					spellings[n.String()+" as "+ga[i]] = true
					differ++
				}
			}
			if differ > 0 {
				c.misspelled++
			}
		}
	}
	for sp := range spellings {
		c.spellings = append(c.spellings, sp)
	}
	sort.Strings(c.spellings)
	return c
}

// commonTonesExamples is section 7: the SKILL.md's example pair and a pair from A major, the
// closure's answer quoted as the model reads it.
func (l *lesson) commonTonesExamples() error {
	l.r.Title("Common-tones' SKILL.md example, and a pair from A major")
	c1, c2, ok := skills.CommonTonesExample(l.md["common-tones"])
	if !ok {
		return fmt.Errorf("common-tones' SKILL.md has no example invocation")
	}
	for _, p := range append([][2]string{{c1, c2}}, extra...) {
		l.r.Line("%s and %s", p[0], p[1])
		l.r.Quote(l.eval("domain.commonTones", "chord1", p[0], "chord2", p[1]) + "\n")
	}
	return nil
}
