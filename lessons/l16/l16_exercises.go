package l16

import (
	"context"
	"fmt"
	"io"
	"slices"
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

// searched is what exercises 1 and 2 decide their claims on: what the skill reads in a prompt,
// and its answer.
type searched struct {
	read      query.Query
	canHandle bool
	answers   []answer
	// zero says every voicing of the answer scores 0, first that they are the index's first,
	// in its order.
	zero, first bool
	// guitar says every voicing of the skill's result is a guitar voicing.
	guitar bool
}

// askAtPin asks the skill prompt at the pin, printing what it reads and answers to w, and
// returns the lesson it asked with.
func askAtPin(w io.Writer, prompt string) (*lesson, searched, error) {
	l, err := exerciseLesson(pinConfig(), w)
	if err != nil {
		return nil, searched{}, err
	}
	f := searched{read: l.readFacts(prompt), canHandle: l.skill.CanHandle(prompt)}
	if f.answers, err = l.answerRows(prompt); err != nil {
		return nil, searched{}, err
	}
	f.zero, f.first = len(f.answers) > 0, len(f.answers) > 0
	for i, a := range f.answers {
		score, err := strconv.ParseFloat(a.score, 64)
		if err != nil {
			return nil, searched{}, fmt.Errorf("score %q: %w", a.score, err)
		}
		f.zero = f.zero && score == 0
		f.first = f.first && i < len(l.voicings) && a.diagram == l.voicings[i].Diagram
	}
	a, err := l.skill.Execute(prompt)
	if err != nil {
		return nil, searched{}, err
	}
	f.guitar = len(a.Results) > 0
	for _, r := range a.Results {
		f.guitar = f.guitar && (r.Instrument == "" || r.Instrument == "guitar")
	}
	return l, f, nil
}

// noChordExercise is exercise 1, on prompt.
func noChordExercise(prompt string) *learn.Exercise {
	type claim = learn.Claim[searched]
	return learn.Choose(func(_ context.Context, w io.Writer) (searched, error) {
		l, f, err := askAtPin(w, prompt)
		if err != nil {
			return f, err
		}
		l.r.Line("the index's first %d diagrams, as GA writes them (high E first): %s", len(f.answers), firstDiagrams(l, len(f.answers)))
		return f, l.r.Err()
	},
		claim{Text: fmt.Sprintf("the extractor reads a chord from %q", prompt),
			Holds: func(f searched) bool { return len(f.read.PitchClasses) > 0 }},
		claim{Text: fmt.Sprintf("the extractor reads a tag from %q", prompt),
			Holds: func(f searched) bool { return len(f.read.Tags) > 0 }},
		claim{Text: fmt.Sprintf("the skill's CanHandle accepts %q", prompt),
			Holds: func(f searched) bool { return f.canHandle }},
		claim{Text: "every voicing of the answer scores 0", Holds: func(f searched) bool { return f.zero }},
		claim{Text: "the answer's voicings are the index's first voicings, in the index's order",
			Holds: func(f searched) bool { return f.first }},
	).WithHints(
		"The skill searches when the extractor reads anything at all: a chord, a mode or a tag. Look at what it reads in \"for\".",
		"A query vector with no chord fills only the partitions its tags set; a voicing that shares none of them scores 0, and ties keep the index's order.",
	)
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
	type claim = learn.Claim[searched]
	every := func(test func(q query.Query, a answer) bool) func(searched) bool {
		return func(f searched) bool {
			return len(f.answers) > 0 && !slices.ContainsFunc(f.answers, func(a answer) bool { return !test(f.read, a) })
		}
	}
	return learn.Choose(func(_ context.Context, w io.Writer) (searched, error) {
		_, f, err := askAtPin(w, prompt)
		return f, err
	},
		claim{Text: fmt.Sprintf("the extractor reads an instrument from %q", prompt),
			Holds: func(f searched) bool { return f.read.Instrument != "" }},
		claim{Text: "every voicing of the answer is a guitar voicing", Holds: func(f searched) bool { return f.guitar }},
		claim{Text: "every voicing of the answer plays exactly the chord the extractor reads",
			Holds: every(func(q query.Query, a answer) bool {
				return len(q.PitchClasses) > 0 && a.shape.PitchClasses() == theory.MaskOf(q.PitchClasses...)
			})},
		claim{Text: "every voicing of the answer has the chord's root as its lowest note",
			Holds: every(func(q query.Query, a answer) bool { return q.Root != nil && a.shape.Midi()[0]%12 == *q.Root })},
	).WithHints(
		"The instrument the extractor reads becomes a filter of the search; the index of lesson 3 holds guitar voicings only.",
		"When the filtered search finds nothing, the skill searches again without any filter, the chord's name included.",
	)
}

// symbolExercise is exercise 3: symbol added to lesson 15's symbols.
func symbolExercise(symbol quality) *learn.Exercise {
	return learn.Compute(learn.Numbers.Saying("two numbers: the symbols read as a textbook spells them (\"N of M\"), then the symbols the two readers read as different chords").Counting(), func(_ context.Context, w io.Writer) (string, error) {
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

// grid is what exercise 4's claims are decided on: whether the grid stops, whether the corpus
// holds a voicing of the chord, whether the skill's answer lists any voicing and one of the
// chord, and how many notes the chord has.
type grid struct {
	stops, inCorpus, answered, played bool
	notes                             int
}

// gridExercise is exercise 4: quality added to the grid.
func gridExercise(quality quality) *learn.Exercise {
	type claim = learn.Claim[grid]
	chord := "C" + quality.name
	return learn.Choose(func(_ context.Context, w io.Writer) (grid, error) {
		l, err := exerciseLesson(pinConfig().withQualities(false, quality), w)
		if err != nil {
			return grid{}, err
		}
		gridErr := l.grid()
		if gridErr != nil {
			l.r.Line("the lesson stops: l16: %v", gridErr)
		}
		asked := chordMask("C", quality.degrees)
		answers, err := l.answerRows("voicings for " + chord)
		if err != nil {
			return grid{}, err
		}
		f := grid{stops: gridErr != nil, inCorpus: l.corpus[asked], answered: len(answers) > 0, notes: len(asked.PitchClasses()),
			played: slices.ContainsFunc(answers, func(a answer) bool { return a.shape.PitchClasses() == asked })}
		l.r.Line("%s: %d notes (%s); a guitar has %d strings", chord, f.notes, kit.SharpNotes(asked.PitchClasses()), len(theory.StandardMidi()))
		l.r.Line("voicings of the corpus that play %s: %s", chord, kit.YesNo(f.inCorpus))
		return f, l.r.Err()
	},
		claim{Text: "the lesson stops with an error at the grid", Holds: func(f grid) bool { return f.stops }},
		claim{Text: fmt.Sprintf("the corpus holds a voicing that plays %s", chord), Holds: func(f grid) bool { return f.inCorpus }},
		claim{Text: fmt.Sprintf("asked on its own, \"voicings for %s\" gets an answer that lists voicings", chord),
			Holds: func(f grid) bool { return f.answered }},
		claim{Text: fmt.Sprintf("the skill's answer to \"voicings for %s\" has a voicing that plays the chord", chord),
			Holds: func(f grid) bool { return f.played }},
	).WithHints(
		"Before it asks, the grid checks that the corpus holds every chord it will ask for.",
		"Count the chord's notes, and the strings a voicing of the corpus can sound.",
	)
}
