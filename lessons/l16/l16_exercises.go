package l16

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"course/ga/query"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
	"course/theory"
)

// Exercises is lesson 16's exercises, in the order docs/l16.md asks them, solved at the
// pin whatever the lesson's flags say: each question names its own input.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l16",
		noChordExercise("voicings for am"),
		instrumentExercise("voicings for Cmaj7 on bass"),
		symbolExercise(quality{"maj7#11", "1 3 5 7 #11"}),
		gridExercise(quality{"13", "1 3 5 b7 9 11 13"}),
	)
}

// exerciseLesson is the lesson at the pin with its index built, printing to out.
func exerciseLesson(cfg config, out io.Writer) (*lesson, error) {
	l := &lesson{cfg: cfg, r: report.New(out)}
	return l, l.buildIndex()
}

// answerRows prints a prompt's answer as the skill lists it, with what each voicing plays.
func (l *lesson) answerRows(prompt string) ([]answer, error) {
	first, answers, err := l.ask(prompt)
	if err != nil {
		return nil, err
	}
	l.r.Title("%q: the skill's answer", prompt)
	l.r.Line("%s", first)
	w := []int{22, 16, 8}
	l.r.FixedRow(w, "name", "chart", "score", "plays")
	for _, a := range answers {
		l.r.FixedRow(w, a.name, a.shape.String(), a.score, kit.SharpNotes(a.shape.PitchClasses().PitchClasses()))
	}
	return answers, nil
}

// readFacts prints what the extractor and CanHandle read of prompt.
func (l *lesson) readFacts(prompt string) query.Query {
	q := query.ExtractTyped(prompt)
	l.r.Title("%q: what the skill reads", prompt)
	l.readTable([]string{prompt}, false) // a learner's prompt: no verdict on CanHandle
	return q
}

// noChordExercise is exercise 1, on prompt.
func noChordExercise(prompt string) *learn.Exercise {
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			fmt.Sprintf("the extractor reads a chord from %q", prompt),
			fmt.Sprintf("the extractor reads a tag from %q", prompt),
			fmt.Sprintf("the skill's CanHandle accepts %q", prompt),
			"every voicing of the answer scores 0",
			"the answer's voicings are the index's first voicings, in the index's order",
		},
		Hints: []string{
			"The skill searches when the extractor reads anything at all: a chord, a mode or a tag. Look at what it reads in \"for\".",
			"A query vector with no chord fills only the partitions its tags set; a voicing that shares none of them scores 0, and ties keep the index's order.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			var out bytes.Buffer
			l, err := exerciseLesson(pinConfig(), &out)
			if err != nil {
				return learn.Answer{}, err
			}
			q := l.readFacts(prompt)
			answers, err := l.answerRows(prompt)
			if err != nil {
				return learn.Answer{}, err
			}
			zero, first := len(answers) > 0, len(answers) > 0
			for i, a := range answers {
				score, err := strconv.ParseFloat(a.score, 64)
				if err != nil {
					return learn.Answer{}, fmt.Errorf("score %q: %w", a.score, err)
				}
				zero = zero && score == 0
				first = first && i < len(l.voicings) && a.diagram == l.voicings[i].Diagram
			}
			l.r.Line("the index's first %d diagrams, as GA writes them (high E first): %s", len(answers), firstDiagrams(l, len(answers)))
			return learn.Answer{Holds: []bool{len(q.PitchClasses) > 0, len(q.Tags) > 0, l.skill.CanHandle(prompt), zero, first}, Evidence: learn.Printed(&out)}, nil
		}}
}

// firstDiagrams lists the index's first n diagrams.
func firstDiagrams(l *lesson, n int) string {
	var d []string
	for _, v := range l.voicings[:min(n, len(l.voicings))] {
		d = append(d, v.Diagram)
	}
	return strings.Join(d, " ")
}

// instrumentExercise is exercise 2, on prompt.
func instrumentExercise(prompt string) *learn.Exercise {
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			fmt.Sprintf("the extractor reads an instrument from %q", prompt),
			"every voicing of the answer is a guitar voicing",
			"every voicing of the answer plays exactly the chord the extractor reads",
			"every voicing of the answer has the chord's root as its lowest note",
		},
		Hints: []string{
			"The instrument the extractor reads becomes a filter of the search; the index of lesson 3 holds guitar voicings only.",
			"When the filtered search finds nothing, the skill searches again without any filter, the chord's name included.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			var out bytes.Buffer
			l, err := exerciseLesson(pinConfig(), &out)
			if err != nil {
				return learn.Answer{}, err
			}
			q := l.readFacts(prompt)
			answers, err := l.answerRows(prompt)
			if err != nil {
				return learn.Answer{}, err
			}
			a, err := l.skill.Execute(prompt)
			if err != nil {
				return learn.Answer{}, err
			}
			guitar := len(a.Results) > 0
			for _, r := range a.Results {
				guitar = guitar && (r.Instrument == "" || r.Instrument == "guitar")
			}
			chord := theory.MaskOf(q.PitchClasses...)
			plays, onRoot := len(answers) > 0 && len(q.PitchClasses) > 0, len(answers) > 0 && q.Root != nil
			for _, v := range answers {
				plays = plays && v.shape.PitchClasses() == chord
				onRoot = onRoot && q.Root != nil && v.shape.Midi()[0]%12 == *q.Root
			}
			return learn.Answer{Holds: []bool{q.Instrument != "", guitar, plays, onRoot}, Evidence: learn.Printed(&out)}, nil
		}}
}

// symbolExercise is exercise 3: symbol added to lesson 15's symbols.
func symbolExercise(symbol quality) *learn.Exercise {
	return learn.Compute(learn.Form{Says: "two numbers: the symbols read as a textbook spells them (\"N of M\"), then the symbols the two readers read as different chords", Read: learn.Numbers.Read}, func(_ context.Context, w io.Writer) (string, error) {
		cfg := pinConfig().withQualities(true, symbol)
		l := &lesson{cfg: cfg, r: report.New(w)}
		if err := l.symbols(); err != nil {
			return "", err
		}
		wrong, disagree := symbolReads(cfg.symbols)
		value := fmt.Sprintf("%d of %d, %d", len(cfg.symbols)-len(wrong), len(cfg.symbols), len(disagree))
		return value, nil
	}).WithHints(
		"The extractor reads a symbol with ChordPitchClasses, which takes a # or b after the quality for an alteration.",
		"ChordVocabulary, which ChordInfoSkill reads with, falls back to a major triad for a suffix it does not know.",
	)
}

// gridExercise is exercise 4: quality added to the grid.
func gridExercise(quality quality) *learn.Exercise {
	chord := "C" + quality.name
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			"the lesson stops with an error at the grid",
			fmt.Sprintf("the corpus holds a voicing that plays %s", chord),
			fmt.Sprintf("%s has more notes than a guitar has strings", chord),
			fmt.Sprintf("the skill's answer to \"voicings for %s\" has a voicing that plays the chord", chord),
		},
		Hints: []string{
			"Before it asks, the grid checks that the corpus holds every chord it will ask for.",
			"Count the chord's notes, and the strings a voicing of the corpus can sound.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			var out bytes.Buffer
			l, err := exerciseLesson(pinConfig().withQualities(false, quality), &out)
			if err != nil {
				return learn.Answer{}, err
			}
			gridErr := l.grid()
			if gridErr != nil {
				l.r.Line("the lesson stops: l16: %v", gridErr)
			}
			asked := chordMask("C", quality.degrees)
			answers, err := l.answerRows("voicings for " + chord)
			if err != nil {
				return learn.Answer{}, err
			}
			played := false
			for _, a := range answers {
				played = played || a.shape.PitchClasses() == asked
			}
			notes := len(asked.PitchClasses())
			l.r.Line("%s: %d notes (%s); a guitar has %d strings", chord, notes, kit.SharpNotes(asked.PitchClasses()), len(theory.StandardMidi()))
			l.r.Line("voicings of the corpus that play %s: %s", chord, kit.YesNo(l.corpus[asked]))
			return learn.Answer{Holds: []bool{gridErr != nil, l.corpus[asked], notes > len(theory.StandardMidi()), played}, Evidence: learn.Printed(&out)}, nil
		}}
}
