package l9

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/intents"
	"course/ga/skills"
	"course/internal/dotnet"
	"course/internal/lazy"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// relativeKeyIntent is the intent of the relative-key skill, which the lesson asks directly.
const relativeKeyIntent = "skill.relativekey"

// The intents lesson 9 asks, by id.
const (
	intervalIntent  = "skill.interval"
	scaleInfoIntent = "skill.scaleinfo"
)

// intervalRephrasings ask the interval question in words and signs the grid does not use.
var intervalRephrasings = []string{
	"What is the interval between E and G#?",
	"What is the interval from C to F♯?",
	"What is the interval from B♭ to D?",
}

// theoreticalKeys are keys past seven sharps or flats that the relative-key skill reads as
// keys: a tonic and a mode.
var theoreticalKeys = []theory.Tonality{
	{Tonic: theory.MustNote("D#")}, {Tonic: theory.MustNote("G#")}, {Tonic: theory.MustNote("A#")},
	{Tonic: theory.MustNote("Db"), Minor: true}, {Tonic: theory.MustNote("Gb"), Minor: true},
}

// The answers' shapes the lesson reads: the interval skill's sentence, the scale skill's notes
// and relative key, the relative-key skill's key and its signature.
var (
	intervalAnswerRe  = lazy.Regexp(`From \*\*(.+?)\*\* to \*\*(.+?)\*\* is a \*\*(.+?)\*\* \((\S+), (-?\d+) semitones\)`)
	scaleAnswerRe     = lazy.Regexp(`notes: \*\*(.+?)\*\*\. Relative (?:minor|major): (.+?)\.$`)
	relativeAnswerRe  = lazy.Regexp(`is \*\*(.+?)\*\*`)
	signatureAnswerRe = lazy.Regexp(`has (no sharps or flats|\d+ (?:sharp|flat)s?)\.`)
)

// Options is what `course l9` needs to run.
type Options struct {
	// KeysFromSharps runs the scale-info skill's list of keys from seven sharps to seven flats
	// instead of GA's order, from seven flats (--keys-from-sharps).
	KeysFromSharps bool
}

// NewCmd builds `course l9`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l9", Long: `Lesson 9: intervals, scales and relative keys graded by letter arithmetic.

Asks GA's interval skill about every pair of the 21 note names, and its scale-info and
relative-key skills about the 30 keys with at most seven sharps or flats, through their
intents, and grades the answers by the course's own letter arithmetic: an interval's
number counts letters, its quality counts semitones. Then sends each skill its own
example prompts, the ones the intent router matches questions against.`, Run: run, Exercises: Exercises}, opts, runF)
	cmd.Flags().BoolVar(&opts.KeysFromSharps, "keys-from-sharps", false, "run the scale-info skill's list of keys from seven sharps to seven flats, not from seven flats as GA does")
	return cmd
}

// askedIntents are the intents lesson 9 asks, in the order it sends them their examples.
var askedIntents = []string{intervalIntent, scaleInfoIntent, relativeKeyIntent}

// lesson carries what the sections share: the three intents, asked in process, and the
// inputs the lesson asks them about.
type lesson struct {
	r       *report.Report
	intents map[string]skills.Intent
	// names are the note names of the interval grid.
	names []theory.Note
	// keys are the keys of the key table.
	keys []theory.Tonality
	// examples are each intent's example prompts, from the intents fixture.
	examples map[string][]string
}

// newLesson sets up the lesson's intents and inputs, writing to w; keysFromSharps gives the
// scale-info skill its list of keys from seven sharps.
func newLesson(w io.Writer, keysFromSharps bool) (*lesson, error) {
	l := &lesson{
		r:        report.New(w),
		intents:  map[string]skills.Intent{},
		names:    theory.SpelledNoteNames(),
		keys:     append(theory.Tonalities(false), theory.Tonalities(true)...),
		examples: map[string][]string{},
	}
	for _, id := range askedIntents {
		in, err := skills.LookupIntent(id, "")
		if err != nil {
			return nil, err
		}
		l.intents[id] = in
		meta, ok := intents.Lookup(id)
		if !ok {
			return nil, fmt.Errorf("the intents fixture has no %q", id)
		}
		l.examples[id] = meta.Examples
	}
	if keysFromSharps {
		l.intents[scaleInfoIntent] = skills.ScaleInfoIntent(skills.ScaleInfo{SharpsFirst: true})
	}
	return l, nil
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l, err := newLesson(w, opts.KeysFromSharps)
	if err != nil {
		return fmt.Errorf("l9: %w", err)
	}
	return l.run(ctx)
}

// run prints the lesson's sections in order.
func (l *lesson) run(ctx context.Context) error {
	l.r.Heading("l9")
	return kit.RunSections(ctx, "l9", l.r, l.intervalGrid, l.rephrasings, l.keyTable, l.theoreticalKeys, l.exampleTable)
}

// ask sends message to an intent and returns its answer with LF line ends.
func (l *lesson) ask(id, message string) skills.IntentResult {
	res := l.intents[id].Execute(message)
	res.Answer = dotnet.ReplaceLineEndings(res.Answer, "\n")
	return res
}

// intervalGrid is sections 1 and 2: the interval question for every ordered pair of note
// names, each answer marked against the textbook, then the pairs read right and named wrong.
func (l *lesson) intervalGrid() error {
	names := l.names
	l.r.Title(`IntervalSkill, "What is the interval from X to Y?" for the %d x %d note names`, len(names), len(names))
	l.r.Line(". right   # a note read as another   a right interval, quality abbreviated   x wrong interval")
	l.r.Blank()
	header := make([]string, len(names))
	for i, n := range names {
		header[i] = fmt.Sprintf("%-2s", n)
	}
	l.r.Line(`from\to %s`, strings.Join(header, " "))
	counts := map[string]int{}
	var wrong []report.Fact
	for _, a := range names {
		cells := make([]string, len(names))
		for j, b := range names {
			mark, wrongFact := l.gradeInterval(a, b)
			counts[mark]++
			if mark == "x" {
				wrong = append(wrong, wrongFact)
			}
			cells[j] = fmt.Sprintf("%-2s", mark)
		}
		l.r.Line("%-7s %s", a, strings.Join(cells, " "))
	}
	l.r.Blank()
	l.r.Line("%d questions: %d right, %d with a note read as another, %d right with the quality abbreviated, %d wrong",
		len(names)*len(names), counts["."], counts["#"], counts["a"], counts["x"])
	l.r.Title("The note names read right, the interval wrong")
	l.r.Facts(44, wrong...)
	return nil
}

// gradeInterval asks the interval from a up to b and marks the answer: "." right, "#" a note
// read as another, "a" right with the quality abbreviated, "x" wrong, with the wrong answer
// set against the textbook's.
func (l *lesson) gradeInterval(a, b theory.Note) (string, report.Fact) {
	answer := l.ask(intervalIntent, fmt.Sprintf("What is the interval from %s to %s?", a, b)).Answer
	m := intervalAnswerRe().FindStringSubmatch(answer)
	want := theory.IntervalBetween(a, b)
	gaFact := func(ga string) report.Fact {
		return report.Fact{Label: fmt.Sprintf("%-2s to %-2s  GA %s", a, b, ga), Value: fmt.Sprintf("textbook %s (%s, %d)", want.Name(), want.Short(), want.Semitones)}
	}
	if m == nil {
		return "x", gaFact("gave no interval")
	}
	semitones, _ := strconv.Atoi(m[5])
	ga := fmt.Sprintf("%s (%s, %s)", m[3], m[4], m[5])
	switch {
	case m[1] != a.String() || m[2] != b.String():
		return "#", report.Fact{}
	case m[3] == want.Name() && semitones == want.Semitones:
		return ".", report.Fact{}
	case m[4] == want.Short() && semitones == want.Semitones:
		return "a", report.Fact{}
	}
	return "x", gaFact(ga)
}

// rephrasings is section 3: the same question with "between ... and", ♯ and ♭.
func (l *lesson) rephrasings() error {
	l.r.Title("The same question, written another way")
	for _, q := range intervalRephrasings {
		l.r.Line("%s", q)
		l.r.Line("  | %s", l.ask(intervalIntent, q).Answer)
	}
	return nil
}

// keyName writes a key as the relative-key skill names it ("Am", "Eb major") in the course's
// words, "A minor".
func keyName(s string) string {
	if strings.HasSuffix(s, " major") || strings.HasSuffix(s, " minor") {
		return s
	}
	return strings.TrimRight(s, "m") + " minor"
}

// keyTable is section 4: the notes, relative key and signature of the 30 keys with at most seven
// sharps or flats, from both key skills, against the textbook; only the keys where something
// differs are listed.
func (l *lesson) keyTable() error {
	l.r.Title("ScaleInfoSkill and RelativeKeySkill on the 30 keys with at most seven sharps or flats")
	l.r.Line("key         notes  relative key: ScaleInfoSkill  RelativeKeySkill  textbook      signature")
	var notesRight, scaleRelRight, relRight, sigRight int
	for _, k := range l.keys {
		row := l.keyRow(k)
		notesRight += kit.Count(row.notesOK)
		scaleRelRight += kit.Count(row.scaleRel == row.textbook)
		relRight += kit.Count(row.rel == row.textbook)
		sigRight += kit.Count(row.sig == row.wantSig)
		if row.right() {
			continue
		}
		notes := "wrong"
		if row.notesOK {
			notes = "right"
		}
		// Fixed columns, as the header's line sets them, so each answer can carry its verdict.
		l.r.FixedRow(keyTableWidths, k.String(), report.Judge(row.notesOK, report.Wrong, notes),
			report.Judge(row.scaleRel == row.textbook, report.Wrong, row.scaleRel),
			report.Judge(row.rel == row.textbook, report.Wrong, row.rel), row.textbook,
			report.Judge(row.sig == row.wantSig, report.Wrong, row.sig))
	}
	l.r.Blank()
	l.r.Line("%d keys: notes right %d, relative key right: ScaleInfoSkill %d, RelativeKeySkill %d; signature right %d",
		len(l.keys), notesRight, scaleRelRight, relRight, sigRight)
	const flats = "How many flats in Cb major?"
	l.r.Line("%s", flats)
	l.r.Line("  | %s", l.ask(relativeKeyIntent, flats).Answer)
	return nil
}

// keyTableWidths are the key table's columns but the last.
var keyTableWidths = []int{11, 6, 31, 17, 13}

// keyRow is what the key table finds for one key: whether the scale-info skill lists its notes
// right, the relative key each skill names and the textbook's, the signature the relative-key
// skill counts and the textbook's.
type keyRow struct {
	notesOK                 bool
	scaleRel, rel, textbook string
	sig, wantSig            string
}

// right says both skills get everything right for the key.
func (r keyRow) right() bool {
	return r.notesOK && r.scaleRel == r.textbook && r.rel == r.textbook && r.sig == r.wantSig
}

// keyRow asks both key skills the key table's three questions about k.
func (l *lesson) keyRow(k theory.Tonality) keyRow {
	scale := scaleAnswerRe().FindStringSubmatch(l.ask(scaleInfoIntent, fmt.Sprintf("What notes are in %s?", k)).Answer)
	row := keyRow{notesOK: scale != nil && scale[1] == noteList(k.Notes()), scaleRel: "?", sig: "not read as a key",
		textbook: k.Relative().String(), wantSig: theory.SignatureName(k.Signature())}
	if scale != nil {
		row.scaleRel = scale[2]
	}
	other := "major"
	if !k.Minor {
		other = "minor"
	}
	if m := relativeAnswerRe().FindStringSubmatch(l.ask(relativeKeyIntent, fmt.Sprintf("What is the relative %s of %s?", other, k)).Answer); m != nil {
		row.rel = m[1]
	}
	row.rel = keyName(row.rel)
	if m := signatureAnswerRe().FindStringSubmatch(l.ask(relativeKeyIntent, fmt.Sprintf("How many sharps in %s?", k)).Answer); m != nil {
		row.sig = m[1]
	}
	return row
}

// noteList writes notes as the scale skill lists them, "C – D – E".
func noteList(notes []theory.Note) string {
	s := make([]string, len(notes))
	for i, n := range notes {
		s[i] = n.String()
	}
	return strings.Join(s, " – ")
}

// theoreticalKeys is section 5: keys past seven sharps or flats, which the scale skill refuses
// and the relative-key skill answers with an empty signature.
func (l *lesson) theoreticalKeys() error {
	l.r.Title("Keys past seven sharps or flats that RelativeKeySkill reads")
	const notesQ = "What notes are in G# major?"
	l.r.Line("%s", notesQ)
	l.r.Line("  | %s", l.ask(scaleInfoIntent, notesQ).Answer)
	for _, k := range theoreticalKeys {
		usual, err := usualSpelling(k)
		if err != nil {
			return err
		}
		q := fmt.Sprintf("How many sharps in %s?", k)
		l.r.Line("%s  textbook %s, usually written %s", q, theory.SignatureName(k.Signature()), usual)
		l.r.Line("  | %s", l.ask(relativeKeyIntent, q).Answer)
	}
	parallelMajor := theory.Tonality{Tonic: theory.MustNote("G#")}
	parallelMinor := theory.Tonality{Tonic: parallelMajor.Tonic, Minor: true}
	q := fmt.Sprintf("What is the parallel minor of %s?", parallelMajor)
	lines := strings.Split(l.ask(relativeKeyIntent, q).Answer, "\n")
	last := ""
	for _, ln := range lines {
		if ln != "" {
			last = ln
		}
	}
	l.r.Line("%s  textbook: %s has %s", q, parallelMinor, theory.SignatureName(parallelMinor.Signature()))
	l.r.Line("  | %s", last)
	return nil
}

// usualSpelling is the key of the same mode and tonic pitch with at most seven sharps or flats,
// the flat side first: Eb major for D# major.
func usualSpelling(k theory.Tonality) (theory.Tonality, error) {
	for _, u := range theory.Tonalities(k.Minor) {
		if u.Tonic.PitchClass() == k.Tonic.PitchClass() {
			return u, nil
		}
	}
	return theory.Tonality{}, fmt.Errorf("no key of seven accidentals or fewer sounds like %s", k)
}

// exampleTable is section 6: each skill's own example prompts, from the intents fixture, sent to
// that skill; an answer below confidence 0.5 is one the skill could not give.
func (l *lesson) exampleTable() error {
	l.r.Title("Each skill's example prompts, which the intent router matches questions against, sent to that skill")
	for _, id := range askedIntents {
		prompts := l.examples[id]
		var unanswered []string
		for _, q := range prompts {
			res := l.ask(id, q)
			if res.Confidence < 0.5 {
				unanswered = append(unanswered, fmt.Sprintf("  %-40s | %s", q, dotnet.ReplaceLineEndings(res.Answer, " ")))
			}
		}
		l.r.Line("%s: %d of %d answered", id, len(prompts)-len(unanswered), len(prompts))
		for _, u := range unanswered {
			l.r.Line("%s", u)
		}
	}
	return nil
}
