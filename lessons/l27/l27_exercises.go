package l27

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"course/ga/skills"
	"course/internal/report"
	"course/learn"
	"course/theory"
)

// Exercises is lesson 27's exercises, in the order docs/l27.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	minor7 := ruleChord{"m7", "minor 7"}
	return learn.NewLesson("l27",
		sharpElevenExercise(minor7, "#11"),
		verdictExercise("why does E sound outside over Cm7"),
		elevenExercise(minor7, "F"),
		sus4Exercise("Csus4", []string{"F", "F#"}),
	)
}

// verdictWords are the skill's three kinds as the answer's headline says them, and as an
// exercise's answer is written.
var verdictWords = map[skills.RelationKind]string{
	skills.ChordTone: "chord tone",
	skills.Tension:   "available tension",
	skills.Avoid:     "avoid note",
}

// verdictForm reads verdicts in order: "avoid note", "a tension", "chord tone, avoid note".
var verdictForm = learn.Form{
	Says: `the skill's verdicts in order, each "chord tone", "available tension" or "avoid note", separated by commas`,
	Rule: `verdicts in order, split at commas, semicolons or lines, in either case: one with "chord tone" in it is a chord tone, else one with "tension" an available tension, else one with "avoid" an avoid note; any other is kept as written`,
	Read: func(s string) []string {
		var items []string
		for _, part := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ',' || r == ';' || r == '\n' }) {
			part = strings.Trim(strings.TrimSpace(part), ".")
			switch {
			case strings.Contains(part, "chord tone"):
				items = append(items, verdictWords[skills.ChordTone])
			case strings.Contains(part, "tension"):
				items = append(items, verdictWords[skills.Tension])
			case strings.Contains(part, "avoid"):
				items = append(items, verdictWords[skills.Avoid])
			case part != "":
				items = append(items, part)
			}
		}
		return items
	},
}

// skillVerdict asks the skill about prompt and reads its verdict from the relation evidence;
// ok is false when it declined.
func (l *lesson) skillVerdict(prompt string) (string, bool) {
	rel, ok := l.evidence(prompt, "Relation")
	if !ok {
		return "", false
	}
	i := strings.LastIndex(rel, ", ")
	for k, w := range verdictWords {
		if i >= 0 && rel[i+2:] == k.String() {
			return w, true
		}
	}
	return "", false
}

// quoteAnswer prints the skill's answer to prompt, as section 2 does.
func (l *lesson) quoteAnswer(prompt string) {
	l.r.Line("%s", prompt)
	for line := range strings.SplitSeq(strings.TrimRight(l.ask(prompt), "\n"), "\n") {
		if line != "" {
			l.r.Line("  | %s", line)
		}
	}
}

// ruleTable prints section 1's two rows for chord.
func (l *lesson) ruleTable(chord ruleChord) error {
	rows, _, err := ruleRows([]ruleChord{chord})
	if err != nil {
		return err
	}
	header := append([]string{"chord", ""}, ruleDegrees...)
	widths := append(widthsOf(18, 9), slices.Repeat([]int{3}, len(ruleDegrees)-1)...)
	l.r.TableWidths(header, rows, widths)
	return nil
}

// sharpEleven is what exercise 1's claims are decided on: the skill's verdict on the note and
// the textbook row's letter for it, over each chord of section 1, by symbol.
type sharpEleven struct {
	verdict, book map[string]string
}

// sharpElevenExercise is exercise 1: what the skill and the textbook rows say of the note degree
// names above C, over chord and over two other chords of section 1, whose tones or scales differ
// where the note sits.
func sharpElevenExercise(chord ruleChord, degree string) *learn.Exercise {
	type claim = learn.Claim[sharpEleven]
	root := theory.MustNote("C")
	d, err := theory.ParseDegree(degree)
	note := root.Up(d)
	dominant, halfDim := ruleChords[2], ruleChords[3]
	claims := []claim{
		{Text: fmt.Sprintf("the skill calls %s over C%s an available tension", note, chord.symbol),
			Holds: func(f sharpEleven) bool { return f.verdict[chord.symbol] == verdictWords[skills.Tension] }},
		{Text: fmt.Sprintf("the skill calls %s over C%s an available tension", note, halfDim.symbol),
			Holds: func(f sharpEleven) bool { return f.verdict[halfDim.symbol] == verdictWords[skills.Tension] }},
		{Text: fmt.Sprintf("the textbook row marks the %s column of C%s t, an available tension", degree, chord.symbol),
			Holds: func(f sharpEleven) bool { return f.book[chord.symbol] == "t" }},
		{Text: fmt.Sprintf("the textbook row marks the %s column of C%s o, in none of the chord's usual scales", degree, chord.symbol),
			Holds: func(f sharpEleven) bool { return f.book[chord.symbol] == "o" }},
		{Text: fmt.Sprintf("the textbook row marks the %s column of C%s t, an available tension", degree, dominant.symbol),
			Holds: func(f sharpEleven) bool { return f.book[dominant.symbol] == "t" }},
	}
	return learn.Choose(func(_ context.Context, w io.Writer) (sharpEleven, error) {
		if err != nil {
			return sharpEleven{}, err
		}
		l := &lesson{r: report.New(w)}
		f := sharpEleven{verdict: map[string]string{}, book: map[string]string{}}
		for _, c := range []ruleChord{chord, dominant, halfDim} {
			scales, err := theory.UsualScales(root, c.quality)
			if err != nil {
				return sharpEleven{}, err
			}
			tones, err := theory.SpellQuality(root, c.quality)
			if err != nil {
				return sharpEleven{}, err
			}
			var rows [][]string
			for _, s := range scales {
				rows = append(rows, []string{s.Name, theory.Names(s.Notes)})
			}
			f.book[c.symbol] = theory.NoteRole(root, tones, scales, note).Letter()
			prompt := fmt.Sprintf("why does %s sound outside over C%s", note, c.symbol)
			f.verdict[c.symbol], _ = l.skillVerdict(prompt)
			l.r.Title("The usual scales of C%s, spelled from C", c.symbol)
			l.r.Table([]string{"scale", "notes"}, rows)
			l.r.Title("Section 1's rows for C%s", c.symbol)
			if err := l.ruleTable(c); err != nil {
				return sharpEleven{}, err
			}
			l.quoteAnswer(prompt)
		}
		return f, l.r.Err()
	}, claims...).WithHints(
		"Spell each usual scale of the chord from C and look for the note, letter and accidental alike.",
		"The textbook row's letter comes from the scales: a note none of them holds is marked o, whatever the skill says.",
	)
}

// verdictExercise is exercise 2: the skill's verdict on prompt.
func verdictExercise(prompt string) *learn.Exercise {
	return learn.Compute(verdictForm, func(_ context.Context, w io.Writer) (string, error) {
		l := &lesson{r: report.New(w)}
		verdict, ok := l.skillVerdict(prompt)
		if !ok {
			return "", fmt.Errorf("the skill reads no note over a chord in %q", prompt)
		}
		l.r.Title("OutsideNotesSkill's answer")
		l.quoteAnswer(prompt)
		for _, name := range []string{"Note", "Chord", "Relation"} {
			if v, ok := l.evidence(prompt, name); ok {
				l.r.Line("  evidence: %s: %s", name, v)
			}
		}
		if q, ok := skills.ParseNoteOverChord(prompt); ok && q.RootName == "C" {
			for _, c := range ruleChords {
				if skills.NormalizeQuality(c.symbol) == q.Quality {
					l.r.Title("Section 1's rows for C%s", c.symbol)
					if err := l.ruleTable(c); err != nil {
						return "", err
					}
				}
			}
		}
		return verdict, nil
	}).WithHints(
		"Count the semitones from the chord's root to the note, and look at the chord tone just below it.",
		"The rule asks one thing of a note that is not in the chord: is a chord tone exactly a semitone below it?",
	)
}

// eleven is what exercise 3's claims are decided on: the skill's verdicts on the note and on
// the chord's b13 over the chord, on the note over the half-diminished chord, and on each note
// of the chord's first usual scale that is not a chord tone.
type eleven struct {
	verdict, b13, halfDim string
	scale                 string
	scaleVerdicts         []string
}

// elevenExercise is exercise 3: why note is an avoid note over some C chords and not over
// chord, by the rule's test of the chord tone a semitone below.
func elevenExercise(chord ruleChord, noteName string) *learn.Exercise {
	type claim = learn.Claim[eleven]
	root := theory.MustNote("C")
	note := theory.MustNote(noteName)
	flat13, degreeErr := theory.ParseDegree("b13")
	b13 := root.Up(flat13)
	c := "C" + chord.symbol
	halfDim := "C" + ruleChords[3].symbol
	scales, scalesErr := theory.UsualScales(root, chord.quality)
	scaleName := "its first usual scale"
	if scalesErr == nil {
		scaleName = scales[0].Name
	}
	return learn.Choose(func(_ context.Context, w io.Writer) (eleven, error) {
		if scalesErr != nil {
			return eleven{}, scalesErr
		}
		if degreeErr != nil {
			return eleven{}, degreeErr
		}
		l := &lesson{r: report.New(w)}
		f := eleven{scale: scales[0].Name}
		verdict := func(n theory.Note, over string) (string, error) {
			prompt := fmt.Sprintf("why does %s sound outside over %s", n, over)
			v, ok := l.skillVerdict(prompt)
			if !ok {
				return "", fmt.Errorf("the skill reads no note over %s in %q", over, prompt)
			}
			l.quoteAnswer(prompt)
			return v, nil
		}
		var err error
		l.r.Title("The skill on %s over C, over C7, over %s and over %s", note, halfDim, c)
		for _, over := range []string{"C", "C7", halfDim} {
			v, err := verdict(note, over)
			if err != nil {
				return eleven{}, err
			}
			if over == halfDim {
				f.halfDim = v
			}
		}
		if f.verdict, err = verdict(note, c); err != nil {
			return eleven{}, err
		}
		l.r.Title("The skill on the b13 over %s", c)
		if f.b13, err = verdict(b13, c); err != nil {
			return eleven{}, err
		}
		pcs := chordPitchClasses(skills.NormalizeQuality(chord.symbol))
		l.r.Title("The skill on the notes of %s outside %s", scales[0].Name, c)
		for _, n := range scales[0].Notes {
			if slices.Contains(pcs, (n.PitchClass()-root.PitchClass()+12)%12) {
				continue
			}
			v, err := verdict(n, c)
			if err != nil {
				return eleven{}, err
			}
			f.scaleVerdicts = append(f.scaleVerdicts, v)
		}
		return f, l.r.Err()
	},
		claim{Text: fmt.Sprintf("the skill calls %s an avoid note over %s, whose fifth lies a semitone above %s", note, halfDim, note),
			Holds: func(f eleven) bool { return f.halfDim == verdictWords[skills.Avoid] }},
		claim{Text: fmt.Sprintf("the skill calls %s, the b13, an avoid note over %s", b13, c),
			Holds: func(f eleven) bool { return f.b13 == verdictWords[skills.Avoid] }},
		claim{Text: "over the five chords of section 1, the skill calls a note outside the chord an avoid note whenever a chord tone lies a semitone above or below it",
			Holds: func(eleven) bool { return ruleIsOneSemitoneEitherWay() }},
		claim{Text: "over the five chords of section 1, the skill calls a note outside the chord an avoid note exactly when a chord tone lies a semitone below it",
			Holds: func(eleven) bool { return ruleIsOneSemitoneDown() }},
		claim{Text: fmt.Sprintf("the skill calls every note of %s outside %s an available tension", scaleName, c),
			Holds: func(f eleven) bool {
				return len(f.scaleVerdicts) > 0 && !slices.ContainsFunc(f.scaleVerdicts, func(v string) bool { return v != verdictWords[skills.Tension] })
			}},
	).WithHints(
		"Write out the chord's tones and the note a semitone below the eleventh.",
		"The rule never asks which scale the chord comes from; it only looks one semitone down.",
	)
}

// chordPitchClasses are the semitones above the root of the skill's formula for quality.
func chordPitchClasses(quality string) []int {
	var pcs []int
	for _, iv := range skills.GetFormula(quality).Intervals {
		pcs = append(pcs, (iv%12+12)%12)
	}
	return pcs
}

// ruleIsOneSemitoneDown and ruleIsOneSemitoneEitherWay check the skill's Classify over
// section 1's chords and the twelve notes against a rule: a note outside the chord is an avoid
// note exactly when a chord tone lies a semitone below it, or below or above it.
func ruleIsOneSemitoneDown() bool {
	return avoidRuleHolds(func(pcs []int, rel int) bool { return slices.Contains(pcs, (rel+11)%12) })
}

func ruleIsOneSemitoneEitherWay() bool {
	return avoidRuleHolds(func(pcs []int, rel int) bool {
		return slices.Contains(pcs, (rel+11)%12) || slices.Contains(pcs, (rel+1)%12)
	})
}

// avoidRuleHolds says whether the skill calls exactly the notes avoid notes that rule names,
// over section 1's chords: rule is given the chord's pitch classes and a note outside it.
func avoidRuleHolds(rule func(pcs []int, rel int) bool) bool {
	for _, c := range ruleChords {
		quality := skills.NormalizeQuality(c.symbol)
		pcs := chordPitchClasses(quality)
		for rel := range 12 {
			if slices.Contains(pcs, rel) {
				continue
			}
			if avoid := skills.Classify(0, quality, rel).Kind == skills.Avoid; avoid != rule(pcs, rel) {
				return false
			}
		}
	}
	return true
}

// sus4Exercise is exercise 4: the skill's verdicts on notes over chord, which `course l27
// --extended` adds to section 3.
func sus4Exercise(chord string, notes []string) *learn.Exercise {
	return learn.Compute(verdictForm, func(_ context.Context, w io.Writer) (string, error) {
		l := &lesson{r: report.New(w)}
		l.r.Title("The skill on %s over %s", strings.Join(notes, " and "), chord)
		var verdicts []string
		for _, n := range notes {
			prompt := fmt.Sprintf("why does %s sound outside over %s", n, chord)
			v, ok := l.skillVerdict(prompt)
			if !ok {
				return "", fmt.Errorf("the skill reads no note over a chord in %q", prompt)
			}
			verdicts = append(verdicts, v)
			l.quoteAnswer(prompt)
		}
		if _, tones, ok := l.chordTones(fmt.Sprintf("why does %s sound outside over %s", notes[0], chord)); ok {
			l.r.Line("the chord's notes: %s", tones)
		}
		return strings.Join(verdicts, ", "), nil
	}).WithHints(
		"Run the lesson with --extended and read the chord's notes in section 3's last row.",
		"For the second note, find the chord tone a semitone below it, if there is one; the one above plays no part.",
	)
}
