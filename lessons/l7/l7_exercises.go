package l7

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"

	"course/ga/skills"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
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

// sections runs the lesson's first two sections on messages, printing to w.
func sections(w io.Writer, messages ...string) (*lesson, error) {
	l := newLesson(w, messages)
	if err := l.whatTheyHold(); err != nil {
		return nil, err
	}
	if err := l.whatGADoes(); err != nil {
		return nil, err
	}
	return l, l.r.Err()
}

// rowExercise is exercise 1: the lesson's row of message.
func rowExercise(message string) *learn.Exercise {
	return learn.Compute(rowForm, func(_ context.Context, w io.Writer) (string, error) {
		l, err := sections(w, message)
		if err != nil {
			return "", err
		}
		g := l.gaDoes(0)
		return strings.Join([]string{g.before.text, g.after.text, g.verdict}, "; "), nil
	}).WithHints(
		"With two chords or more the skill answers chord by chord from its regular expression; neither version asks the model.",
		"After a sharp comes a space: is there a word boundary between `#` and a space?",
	)
}

// rowForm reads three cells of the lesson's table, separated by semicolons: what the skill does
// at a826864, what #749's skill does, and the verdict, each as the table writes it.
var rowForm = learn.Form{
	Says: "three cells of the table, separated by semicolons: the skill at a826864; #749's skill; the verdict (such as: needs the model; declines; same)",
	Rule: `three cells split at ";", in order, each read as a line of text: ` + learn.Text.Rule,
	Read: func(s string) []string {
		var items []string
		for _, f := range strings.Split(s, ";") {
			items = append(items, learn.Text.Read(f)...)
		}
		return items
	},
}

// declinedExercise is exercise 2, on message: the claims are decided on the lesson's first two
// sections run on it.
func declinedExercise(message string) *learn.Exercise {
	type claim = learn.Claim[*lesson]
	return learn.Choose(func(_ context.Context, w io.Writer) (*lesson, error) { return sections(w, message) },
		claim{Text: "#749's guard names an invalid chord in it",
			Holds: func(l *lesson) bool { return len(l.gaDoes(0).guard) > 0 }},
		claim{Text: "#749's skill declines it",
			Holds: func(l *lesson) bool { return l.gaDoes(0).after.kind == outcomeDeclines }},
		claim{Text: "both versions of the skill answer it chord by chord, without a model",
			Holds: func(l *lesson) bool {
				g := l.gaDoes(0)
				return g.before.kind == outcomeAnswers && g.after.kind == outcomeAnswers
			}},
		claim{Text: "both versions of the skill hand it to the model",
			Holds: func(l *lesson) bool {
				g := l.gaDoes(0)
				return g.before.kind == outcomeModel && g.after.kind == outcomeModel
			}},
		claim{Text: "the course's recognizer reads a word in it that is shaped like a chord symbol but is not one",
			Holds: func(l *lesson) bool { return len(l.readings[0].Broken) > 0 }},
	).WithHints(
		"#749's guard speaks only when the message names no valid chord.",
		"How many chords does the skill's regular expression find in it? One chord goes to the extractor.",
	)
}

// guardExercise is exercise 3: whether #749's guard fires on each of messages.
func guardExercise(messages []string) *learn.Exercise {
	return learn.Compute(yesNos(len(messages)), func(_ context.Context, w io.Writer) (string, error) {
		var answers []string
		rows := make([][]string, len(messages))
		for i, m := range messages {
			guard := skills.InvalidChordNames(m)
			answers = append(answers, kit.YesNo(len(guard) > 0))
			rows[i] = []string{fmt.Sprintf("%q", m), words(guard)}
		}
		r := report.New(w)
		r.Title("What #749's guard names in each message")
		r.Table([]string{"message", "#749 guard"}, rows)
		return strings.Join(answers, ", "), r.Err()
	}).WithHints(
		"The guard needs an improvisation keyword, no valid chord, and a token shaped like a chord symbol with a root outside A to G.",
		"The guard's expression ends a token where no word character and no `#` follows: what follows Q7 in each message?",
	)
}

// yesNos is the form of n answers of yes or no, in order.
func yesNos(n int) learn.Form {
	return learn.Form{Says: fmt.Sprintf("%d answers, yes or no, one per message in order", n),
		Rule: "answers in order, split at spaces, commas or semicolons, each read as: " + learn.YesNo.Rule, Read: func(s string) []string {
			var items []string
			for _, w := range strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' }) {
				items = append(items, learn.YesNo.Read(w)...)
			}
			return items
		}}
}

// inPlaceExercise is exercise 4: message with broken written as each of candidates instead,
// and what the skill reads; the claims are decided on the lesson's sections run on those
// messages, the i-th written with candidates[i].
func inPlaceExercise(message, broken string, candidates []string) *learn.Exercise {
	type claim = learn.Claim[*lesson]
	read := func(l *lesson, i int) bool {
		after := l.gaDoes(i).after
		return after.kind == outcomeAnswers && slices.Contains(after.chords, candidates[i])
	}
	var claims []claim
	for i, c := range candidates {
		half := skills.QualityOf(c) == skills.HalfDiminished
		claims = append(claims,
			claim{Text: fmt.Sprintf("the skill reads %s in its place, as a half-diminished chord", c),
				Holds: func(l *lesson) bool { return read(l, i) && half }},
			claim{Text: fmt.Sprintf("the skill reads %s in its place, as a chord of another quality", c),
				Holds: func(l *lesson) bool { return read(l, i) && !half }})
	}
	return learn.Choose(func(_ context.Context, w io.Writer) (*lesson, error) {
		messages := make([]string, len(candidates))
		for i, c := range candidates {
			messages[i] = strings.Replace(message, broken, c, 1)
		}
		l, err := sections(w, messages...)
		if err != nil {
			return nil, err
		}
		rows := make([][]string, len(candidates))
		for i, c := range candidates {
			quality := "-"
			if read(l, i) {
				quality = skills.QualityOf(c).Display()
			}
			rows[i] = []string{c, fmt.Sprint(read(l, i)), quality}
		}
		l.r.Title("Each in place of %s", broken)
		l.r.Table([]string{"written", "read by #749's skill", "quality"}, rows)
		return l, l.r.Err()
	}, claims...).WithHints(
		"The expression's list of qualities has `m7b5` and `ø` but no `ø7`, and `°7` beside `°`.",
		"A chord ends at a word boundary: to .NET, `ø` is a letter and `°` is not.",
	)
}
