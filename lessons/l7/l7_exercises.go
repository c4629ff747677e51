package l7

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"course/ga/skills"
	"course/internal/report"
	"course/learn"
)

// Exercises is lesson 7's exercises, in the order docs/l7.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l7",
		rowExercise("which arpeggio fits Am F C# G"),
		declinedExercise("which arpeggio fits Hm7 Am"),
		guardExercise([]string{"solo over Q7", "solo over Q7 please"}),
		inPlaceExercise(messages[11], "Bø7", []string{"Bø", "Bm7b5", "B°7"}),
	)
}

// sections runs the lesson's first two sections on messages and returns what they print.
func sections(messages ...string) (*lesson, *bytes.Buffer, error) {
	var out bytes.Buffer
	l := newLesson(&out, messages)
	if err := l.whatTheyHold(); err != nil {
		return nil, nil, err
	}
	if err := l.whatGADoes(); err != nil {
		return nil, nil, err
	}
	return l, &out, l.r.Err()
}

// rowExercise is exercise 1: the lesson's row of message.
func rowExercise(message string) *learn.Exercise {
	return &learn.Exercise{Kind: learn.Value,
		Form: rowForm,
		Hints: []string{
			"With two chords or more the skill answers chord by chord from its regular expression; neither version asks the model.",
			"After a sharp comes a space: is there a word boundary between `#` and a space?",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, out, err := sections(message)
			if err != nil {
				return learn.Answer{}, err
			}
			g := l.gaDoes(0)
			return learn.Answer{Value: strings.Join([]string{g.before.text, g.after.text, g.verdict}, "; "), Evidence: learn.Printed(out)}, nil
		}}
}

// rowForm reads three cells of the lesson's table, separated by semicolons: what the skill does
// at a826864, what #749's skill does, and the verdict, each as the table writes it.
var rowForm = learn.Form{
	Says: "three cells of the table, separated by semicolons: the skill at a826864; #749's skill; the verdict (such as: needs the model; declines; same)",
	Read: func(s string) []string {
		var items []string
		for _, f := range strings.Split(s, ";") {
			items = append(items, learn.Text.Read(f)...)
		}
		return items
	},
}

// declinedExercise is exercise 2, on message.
func declinedExercise(message string) *learn.Exercise {
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			"#749's guard names an invalid chord in it",
			"#749's skill declines it",
			"both versions of the skill answer it chord by chord, without a model",
			"both versions of the skill hand it to the model",
			"the course's recognizer reads a word in it that is shaped like a chord symbol but is not one",
		},
		Hints: []string{
			"#749's guard speaks only when the message names no valid chord.",
			"How many chords does the skill's regular expression find in it? One chord goes to the extractor.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, out, err := sections(message)
			if err != nil {
				return learn.Answer{}, err
			}
			g := l.gaDoes(0)
			holds := []bool{
				len(g.guard) > 0,
				g.after.kind == outcomeDeclines,
				g.before.kind == outcomeAnswers && g.after.kind == outcomeAnswers,
				g.before.kind == outcomeModel && g.after.kind == outcomeModel,
				len(l.readings[0].Broken) > 0,
			}
			return learn.Answer{Holds: holds, Evidence: learn.Printed(out)}, nil
		}}
}

// guardExercise is exercise 3: whether #749's guard fires on each of messages.
func guardExercise(messages []string) *learn.Exercise {
	return &learn.Exercise{Kind: learn.Value,
		Form: yesNos(len(messages)),
		Hints: []string{
			"The guard needs an improvisation keyword, no valid chord, and a token shaped like a chord symbol with a root outside A to G.",
			"The guard's expression ends a token where no word character and no `#` follows: what follows Q7 in each message?",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			var answers []string
			rows := make([][]string, len(messages))
			for i, m := range messages {
				guard := skills.InvalidChordNames(m)
				answer := "no"
				if len(guard) > 0 {
					answer = "yes"
				}
				answers = append(answers, answer)
				rows[i] = []string{fmt.Sprintf("%q", m), words(guard)}
			}
			return learn.Answer{Value: strings.Join(answers, ", "), Evidence: func(r *report.Report) error {
				r.Title("What #749's guard names in each message")
				r.Table([]string{"message", "#749 guard"}, rows)
				return r.Err()
			}}, nil
		}}
}

// yesNos is the form of n answers of yes or no, in order.
func yesNos(n int) learn.Form {
	return learn.Form{Says: fmt.Sprintf("%d answers, yes or no, one per message in order", n), Read: func(s string) []string {
		var items []string
		for _, w := range strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' }) {
			items = append(items, learn.YesNo.Read(w)...)
		}
		return items
	}}
}

// inPlaceExercise is exercise 4: message with broken written as each of candidates instead,
// and what the skill reads.
func inPlaceExercise(message, broken string, candidates []string) *learn.Exercise {
	var options []string
	for _, c := range candidates {
		options = append(options,
			fmt.Sprintf("the skill reads %s in its place, as a half-diminished chord", c),
			fmt.Sprintf("the skill reads %s in its place, as a chord of another quality", c))
	}
	return &learn.Exercise{Kind: learn.Choice, Options: options,
		Hints: []string{
			"The expression's list of qualities has `m7b5` and `ø` but no `ø7`, and `°7` beside `°`.",
			"A chord ends at a word boundary: to .NET, `ø` is a letter and `°` is not.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			messages := make([]string, len(candidates))
			for i, c := range candidates {
				messages[i] = strings.Replace(message, broken, c, 1)
			}
			l, out, err := sections(messages...)
			if err != nil {
				return learn.Answer{}, err
			}
			var holds []bool
			rows := make([][]string, len(candidates))
			for i, c := range candidates {
				after := l.gaDoes(i).after
				read := after.kind == outcomeAnswers && slices.Contains(after.chords, c)
				half := skills.QualityOf(c) == skills.HalfDiminished
				holds = append(holds, read && half, read && !half)
				quality := "-"
				if read {
					quality = skills.QualityOf(c).Display()
				}
				rows[i] = []string{c, fmt.Sprint(read), quality}
			}
			return learn.Answer{Holds: holds, Evidence: func(r *report.Report) error {
				r.Printf("%s", out.String())
				r.Title("Each in place of %s", broken)
				r.Table([]string{"written", "read by #749's skill", "quality"}, rows)
				return r.Err()
			}}, nil
		}}
}
