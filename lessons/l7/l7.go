package l7

import (
	"context"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/query"
	"course/ga/skills"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// messages are the improvisation requests of lesson 7: only invalid chord names, only valid
// ones, both, and none.
var messages = []string{
	"which arpeggio fits Hm Q7",
	"which arpeggio fits X7alt",
	"Q7, which arpeggio should I use?",
	"which arpeggio fits H7",
	"which arpeggio fits hm q7",
	"which arpeggio fits Cq7",
	"which arpeggio fits Am F C G",
	"which arpeggio fits Bb Eb F",
	"which arpeggio fits B♭ E♭ F",
	"which arpeggio fits B F# G#m E",
	"which arpeggio fits C C+ F",
	"which arpeggio fits Bø7 E7 Am",
	"which arpeggio fits Am F Q7 G",
	"which arpeggio fits C and Q7",
	"Hm, which mode is brightest?",
	"which arpeggio fits V7",
}

// declines are the messages whose decline the lesson prints in full, by index.
var declines = []int{0, 3}

// Options is what `course l7` needs to run.
type Options struct {
	// Messages are requests of the learner's, sent after the lesson's own, so that trying a
	// message takes no change to the course's code.
	Messages []string
}

// NewCmd builds `course l7`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l7", Long: `Lesson 7: input that is not a chord.

Sends sixteen improvisation requests, naming invalid chords, valid ones, both or none, to
GA's improvisation skill at the pin and as GA's PR #749 fixed it, and to #749's guard,
which declines requests that name only invalid chords. The course's own recognizer of
chord symbols says what each message holds, and grades what GA does with it.`, Run: run, Exercises: Exercises}, opts, runF)
	cmd.Flags().StringArrayVar(&opts.Messages, "message", nil, "send `TEXT` too, after the lesson's messages; repeatable")
	return cmd
}

// lesson carries what the sections share: the messages, what the recognizer reads in each,
// and the two versions of the skill.
type lesson struct {
	r        *report.Report
	messages []string
	readings []theory.Symbols
	pinned   skills.Improvisation
	fixed    skills.Improvisation
	// declineAt are the messages, by index, whose decline the lesson prints in full.
	declineAt []int
}

// newLesson sets up the lesson on messages, writing to w.
func newLesson(w io.Writer, messages []string) *lesson {
	l := &lesson{
		r:         report.New(w),
		messages:  messages,
		fixed:     skills.Improvisation{InvalidChordGuard: true},
		declineAt: declines,
	}
	for _, m := range messages {
		l.readings = append(l.readings, theory.ReadSymbols(m))
	}
	return l
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l := newLesson(w, append(slices.Clone(messages), opts.Messages...))
	l.r.Heading("l7")
	return kit.RunSections(ctx, "l7", l.r, l.whatTheyHold, l.whatGADoes, l.declines)
}

// words joins items with spaces, or "-" when there are none.
func words(items []string) string {
	if len(items) == 0 {
		return "-"
	}
	return strings.Join(items, " ")
}

// describeBroken says what the recognizer found that is not a chord symbol: the broken words
// with their reasons, else the Roman numerals, else "-".
func describeBroken(s theory.Symbols) string {
	if len(s.Broken) > 0 {
		parts := make([]string, len(s.Broken))
		for i, b := range s.Broken {
			parts[i] = b.Token + " (" + b.Why + ")"
		}
		return strings.Join(parts, ", ")
	}
	if len(s.Numerals) > 0 {
		return strings.Join(s.Numerals, ", ") + " (Roman numeral)"
	}
	return "-"
}

// whatTheyHold is section 1: each message as the recognizer reads it.
func (l *lesson) whatTheyHold() error {
	l.r.Title("What each message holds, read as chord symbols are written")
	rows := make([][]string, len(l.messages))
	for i, m := range l.messages {
		rows[i] = []string{strconv.Itoa(i + 1), m, words(l.readings[i].Chords), describeBroken(l.readings[i])}
	}
	l.r.TableWidths([]string{"#", "message", "chords", "not chord symbols"}, rows, []int{2, 33, 11})
	return nil
}

// The kinds of outcome of a request.
const (
	outcomeDeclines = "declines"
	outcomeAnswers  = "answers"
	outcomeModel    = "model"
	outcomeOther    = "other"
)

// skillResult is what a version of the skill did with a request.
type skillResult struct {
	kind string
	// chords are the chords the skill answered for, in order.
	chords []string
	// text is the cell the lesson prints.
	text string
}

// skillOutcome sends message to skill. An extractor that records its call stands for the model
// GA's extractor would ask: a request that reaches it needs the model.
func skillOutcome(skill skills.Improvisation, message string) skillResult {
	reached := false
	skill.Extract = func(string) query.Query {
		reached = true
		return query.Query{}
	}
	res := skill.Execute(message)
	switch {
	case reached:
		return skillResult{kind: outcomeModel, text: "needs the model"}
	case strings.HasPrefix(res.Text, "I don't recognize"):
		return skillResult{kind: outcomeDeclines, text: "declines"}
	case res.Data != nil:
		var chords []string
		for _, c := range res.Data.PerChord {
			chords = append(chords, c.Chord)
		}
		return skillResult{kind: outcomeAnswers, chords: chords, text: "answers " + strings.Join(chords, " ")}
	}
	first, _, _ := strings.Cut(res.Text, "\n")
	return skillResult{kind: outcomeOther, text: first}
}

// verdict grades what the skill did against what the message holds: a message with a broken
// symbol should be declined or answered with that symbol named; two chords or more should be
// answered chord by chord, for exactly those chords; anything else is not graded. v is the
// grade's colour: Right for "same", Wrong for "DIFF", none for what is not graded.
func verdict(s theory.Symbols, got skillResult) (text string, v report.Verdict) {
	if len(s.Broken) > 0 {
		switch got.kind {
		case outcomeDeclines:
			return "same", report.Right
		case outcomeModel:
			return "DIFF reaches the model", report.Wrong
		}
		var dropped []string
		for _, b := range s.Broken {
			if !strings.Contains(got.text, b.Token) {
				dropped = append(dropped, b.Token)
			}
		}
		return "DIFF drops " + strings.Join(dropped, " ") + " without a word", report.Wrong
	}
	if len(s.Chords) < 2 {
		return "n/a", 0
	}
	if got.kind != outcomeAnswers {
		return "DIFF " + got.text, report.Wrong
	}
	if slices.Equal(got.chords, s.Chords) {
		return "same", report.Right
	}
	// As many chords: a chord read as another. Fewer: a chord left out of the run.
	if len(got.chords) == len(s.Chords) {
		var misread []string
		for i, c := range s.Chords {
			if c != got.chords[i] {
				misread = append(misread, c+" as "+got.chords[i])
			}
		}
		return "DIFF reads " + strings.Join(misread, ", "), report.Wrong
	}
	var dropped []string
	for _, c := range s.Chords {
		if !slices.Contains(got.chords, c) && !slices.Contains(dropped, c) {
			dropped = append(dropped, c)
		}
	}
	return "DIFF drops " + strings.Join(dropped, " ") + " without a word", report.Wrong
}

// gaRow is what GA does with one message: the pinned skill's outcome, the tokens #749's guard
// names, #749's skill's outcome, and the verdict on it.
type gaRow struct {
	before, after skillResult
	guard         []string
	verdict       string
	mark          report.Verdict
}

// gaDoes sends message i through both versions of the skill and #749's guard.
func (l *lesson) gaDoes(i int) gaRow {
	m := l.messages[i]
	after := skillOutcome(l.fixed, m)
	g := gaRow{before: skillOutcome(l.pinned, m), after: after, guard: skills.InvalidChordNames(m)}
	g.verdict, g.mark = verdict(l.readings[i], after)
	return g
}

// whatGADoes is section 2: each message through the pinned skill, #749's guard and #749's skill,
// and the verdict on #749's skill.
func (l *lesson) whatGADoes() error {
	l.r.Title("What GA does with them")
	rows := make([][]string, len(l.messages))
	for i := range l.messages {
		g := l.gaDoes(i)
		rows[i] = []string{strconv.Itoa(i + 1), g.before.text, words(g.guard), g.after.text, report.Mark(g.mark, g.verdict)}
	}
	l.r.TableWidths([]string{"#", "skill at a826864", "#749 guard", "#749 skill", "verdict (#749)"}, rows, []int{2, 21, 11, 21})
	return nil
}

// declines is section 3: #749's whole answer to two of the messages it declines.
func (l *lesson) declines() error {
	for _, i := range l.declineAt {
		m := l.messages[i]
		res := l.fixed.Execute(m)
		l.r.Title("#749's skill on \"%s\"", m)
		l.r.Line("confidence %s", confidence(res.Confidence))
		l.r.Line("  | %s", res.Text)
		for _, a := range res.Assumptions {
			l.r.Line("assumption: %s", a)
		}
	}
	return nil
}

// confidence writes a confidence with one or two decimals, "0.9", "0.85", "1.0".
func confidence(c float64) string {
	s := strconv.FormatFloat(math.Round(c*100)/100, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}
