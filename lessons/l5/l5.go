package l5

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/skills"
	"course/internal/report"
	"course/lessons/kit"
	"course/stream/wire"
	"course/theory"
)

// chordRun is the run of written chords that shows how the skill reads and classifies symbols.
var chordRun = []string{
	"Cmaj7", "C7", "Cm7", "Cm7b5", "Cdim", "Cdim7", "Caug", "C6", "Cm6",
	"C7#11", "Cm7#5", "Cmaj7#5", "C7sus4", "CmMaj7", "Csus4", "Csus2", "C5",
}

// keyProgressions are the progressions the lesson checks against their key.
var keyProgressions = []string{"Dm7 G7 Cmaj7", "Am F C G", "Em C G D", "C A Dm G", "Am Dm E", "C G", "C Fm G C"}

// keyHeader heads the table of a progression against its key.
var keyHeader = []string{"chord", "arpeggio", "GA lead scale", "foreign", "textbook", "rank", "verdict"}

// textbookWidth is the width the course's original program gave the textbook column, one more
// than its widest cell; the tables keep it so that they print as the reference does.
const textbookWidth = 24

// Options is what `course l5` needs to run.
type Options struct {
}

// NewCmd builds `course l5`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	return kit.NewCmd(kit.Spec[Options]{Use: "l5", Long: `Lesson 5: the improvisation skill against chord-scale theory.

Calls GA's improvisation skill in-process on the question lesson 6 sends, on a run of
chord symbols, and on seven progressions, and checks its arpeggios and scales against
the course's own chord-scale oracle: chord tones, the key, and the textbook scale.`, Run: run}, opts, runF)
}

// lesson carries what the sections share.
type lesson struct {
	r     *report.Report
	skill skills.Improvisation
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l := &lesson{r: report.New(w)}
	l.r.Heading("l5")
	return kit.RunSections(ctx, "l5", l.r, l.skillAnswer, l.chordReading, func() error { return l.againstTheKey(ctx) })
}

// skillAnswer is section 1: the answer lesson 6 streams, and the skill's assumptions.
func (l *lesson) skillAnswer() error {
	res := l.skill.Execute(wire.ArpeggioQuestion)
	if res.Data == nil {
		return fmt.Errorf("the skill gave %q no progression answer", wire.ArpeggioQuestion)
	}
	l.r.Title("ImprovisationSkill.ExecuteAsync(%q)", wire.ArpeggioQuestion)
	l.r.Quote(res.Text)
	for _, a := range res.Assumptions {
		l.r.Line("assumption: %s", a)
	}
	return nil
}

// chordReading is section 2: what the skill reads of a run of written chords, and how its
// arpeggio and lead scale compare with each written chord.
func (l *lesson) chordReading() error {
	question := "arpeggios over " + strings.Join(chordRun, " ")
	res := l.skill.Execute(question)
	if res.Data == nil {
		return fmt.Errorf("the skill gave %q no progression answer", question)
	}
	rows, err := readingRows(chordRun, res.Data.PerChord)
	if err != nil {
		return err
	}
	l.r.Title("ImprovisationSkill.ExecuteAsync(%q)", question)
	l.r.Line("written: %s", strings.Join(chordRun, " "))
	l.r.Line("read:    %s", strings.Join(res.Data.Progression, " "))
	l.r.Blank()
	l.r.Table([]string{"written", "read as", "quality", "arpeggio", "lead scale", "check"}, rows)
	return nil
}

// readingRows pairs each written symbol with the advice for what the skill read of it. The
// skill reads symbols in order, each as the tokens its expression finds in it, none for a
// symbol it drops (ImprovisationSkill.cs:196-210, 461).
func readingRows(written []string, advice []skills.ChordAdvice) ([][]string, error) {
	var rows [][]string
	next := 0
	for _, w := range written {
		tokens := skills.ChordTokens(w)
		if len(tokens) == 0 {
			rows = append(rows, []string{w, report.Mark(report.Wrong, "(dropped)")}) // the skill lost the chord
			continue
		}
		for _, tok := range tokens {
			if next >= len(advice) || advice[next].Chord != tok {
				return nil, fmt.Errorf("the skill's advice does not follow %q read as %q", w, tok)
			}
			a := advice[next]
			next++
			check, ok, err := checkReading(w, a)
			if err != nil {
				return nil, err
			}
			readAs := ""
			if a.Chord != w {
				readAs = a.Chord
			}
			rows = append(rows, []string{w, readAs, a.Quality.Display(), a.Arpeggio, a.Scales[0].Name, report.Judge(ok, report.Wrong, check)})
		}
	}
	if next != len(advice) {
		return nil, fmt.Errorf("the skill advised on %d chords, the written run gives %d", len(advice), next)
	}
	return rows, nil
}

// checkReading compares the skill's arpeggio with the written chord, and its lead scale with
// the written chord's tones: "ok", and ok, when nothing differs.
func checkReading(written string, a skills.ChordAdvice) (check string, ok bool, err error) {
	chord, err := theory.ParseChord(written)
	if err != nil {
		return "", false, err
	}
	arp, err := theory.ParseChord(a.Arpeggio)
	if err != nil {
		return "", false, err
	}
	scales, err := parseScales(a)
	if err != nil {
		return "", false, err
	}
	var parts []string
	if adds := theory.Missing(arp.Tones, chord.Tones); len(adds) > 0 {
		parts = append(parts, "arpeggio adds "+theory.Names(adds))
	}
	if drops := theory.Missing(chord.Tones, arp.Tones); len(drops) > 0 {
		parts = append(parts, "arpeggio drops "+theory.Names(drops))
	}
	if lacks := theory.Missing(chord.Tones, scales[0].Notes); len(lacks) > 0 {
		parts = append(parts, "scale lacks "+theory.Names(lacks)+" ("+laterChoice(chord, scales)+")")
	}
	if len(parts) == 0 {
		return "ok", true, nil
	}
	return strings.Join(parts, "; "), false, nil
}

// laterChoice says which later scale of the skill's list, if any, holds every tone of chord.
func laterChoice(chord theory.Chord, scales []theory.Scale) string {
	if len(scales) == 1 {
		return "the skill names no other"
	}
	for i, s := range scales[1:] {
		if len(theory.Missing(chord.Tones, s.Notes)) == 0 {
			return fmt.Sprintf("choice %d of %d has it", i+2, len(scales))
		}
	}
	return fmt.Sprintf("none of %d choices has it", len(scales))
}

// parseScales spells the skill's scales for one chord, the lead scale first.
func parseScales(a skills.ChordAdvice) ([]theory.Scale, error) {
	if len(a.Scales) == 0 {
		return nil, fmt.Errorf("the skill named no scale for %q", a.Chord)
	}
	scales := make([]theory.Scale, len(a.Scales))
	for i, s := range a.Scales {
		sc, err := theory.ParseScale(s.Name)
		if err != nil {
			return nil, err
		}
		scales[i] = sc
	}
	return scales, nil
}

// againstTheKey is section 3: each progression's key, and the skill's lead scale for each
// chord against the scale the key gives it. The tables share their column widths.
func (l *lesson) againstTheKey(ctx context.Context) error {
	analyses := make([]keyAnalysis, len(keyProgressions))
	for i, p := range keyProgressions {
		if err := ctx.Err(); err != nil {
			return err
		}
		a, err := analyseProgression(l.skill, p)
		if err != nil {
			return err
		}
		analyses[i] = a
	}
	tables := make([][][]string, len(analyses))
	for i, a := range analyses {
		tables[i] = a.rows()
	}
	widths := report.ColumnWidths(keyHeader, tables...)
	widths[4] = max(widths[4], textbookWidth)
	for i, a := range analyses {
		l.r.Title("ImprovisationSkill.ExecuteAsync(%q) against the key", a.question)
		l.r.Line("key: %s; chord tones outside it: %d", keyNames(a.keys), a.outside)
		l.r.Blank()
		l.r.TableWidths(keyHeader, tables[i], widths)
	}
	return nil
}

// keyAnalysis is one progression as the skill advises it and as its key explains it.
type keyAnalysis struct {
	question string
	// keys are the tied keys that leave the fewest chord tones outside, outside that count.
	keys    []theory.Key
	outside int
	chords  []chordAgainstKey
}

// chordAgainstKey is one chord's advice against the key, one view per tied key.
type chordAgainstKey struct {
	chord, arpeggio, lead string
	views                 []keyView
	verdict               string
	// mark is the verdict's colour: same in every tied key, in some, or in none.
	mark report.Verdict
}

// keyView is the textbook scale a key gives a chord, the notes of the skill's lead scale it
// lacks, and its rank among the skill's scales (0 when the skill does not name it).
type keyView struct {
	textbook theory.Scale
	foreign  []theory.Note
	rank     int
}

// analyseProgression asks the skill about progression and holds each chord's advice against
// the progression's key.
func analyseProgression(skill skills.Improvisation, progression string) (keyAnalysis, error) {
	question := "which arpeggio fits " + progression
	res := skill.Execute(question)
	if res.Data == nil {
		return keyAnalysis{}, fmt.Errorf("the skill gave %q no progression answer", question)
	}
	chords := make([]theory.Chord, len(res.Data.PerChord))
	for i, a := range res.Data.PerChord {
		c, err := theory.ParseChord(a.Chord)
		if err != nil {
			return keyAnalysis{}, err
		}
		chords[i] = c
	}
	keys, outside := theory.FindKeys(chords)
	an := keyAnalysis{question: question, keys: keys, outside: outside}
	for i, a := range res.Data.PerChord {
		scales, err := parseScales(a)
		if err != nil {
			return keyAnalysis{}, err
		}
		c := chordAgainstKey{chord: a.Chord, arpeggio: a.Arpeggio, lead: a.Scales[0].Name}
		var sameIn []string
		for _, k := range keys {
			v := keyView{textbook: k.Textbook(chords[i])}
			v.foreign = theory.Missing(scales[0].Notes, v.textbook.Notes)
			for j, s := range scales {
				if theory.SamePitches(s.Notes, v.textbook.Notes) {
					v.rank = j + 1
					break
				}
			}
			if v.rank == 1 {
				sameIn = append(sameIn, k.String())
			}
			c.views = append(c.views, v)
		}
		switch len(sameIn) {
		case len(keys):
			c.verdict, c.mark = "same", report.Right
		case 0:
			c.verdict, c.mark = "DIFF", report.Wrong
		default:
			// The textbook's scale in some of the tied keys only: partly right.
			c.verdict, c.mark = "same in "+strings.Join(sameIn, " or "), report.Lossy
		}
		an.chords = append(an.chords, c)
	}
	return an, nil
}

// rows are the analysis as table rows; a column that depends on the key shows each tied key's
// value, separated by " | ".
func (a keyAnalysis) rows() [][]string {
	rows := make([][]string, len(a.chords))
	for i, c := range a.chords {
		perKey := func(cell func(keyView) string) string {
			s := make([]string, len(c.views))
			for j, v := range c.views {
				s[j] = cell(v)
			}
			return strings.Join(s, " | ")
		}
		rows[i] = []string{
			c.chord, c.arpeggio, c.lead,
			perKey(func(v keyView) string { return orDash(theory.Names(v.foreign)) }),
			perKey(func(v keyView) string { return v.textbook.Name }),
			perKey(func(v keyView) string {
				if v.rank == 0 {
					return "-"
				}
				return strconv.Itoa(v.rank)
			}),
			report.Mark(c.mark, c.verdict),
		}
	}
	return rows
}

// keyNames names tied keys, e.g. "C major / A minor or G major / E minor".
func keyNames(keys []theory.Key) string {
	s := make([]string, len(keys))
	for i, k := range keys {
		s[i] = k.String()
	}
	return strings.Join(s, " or ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
