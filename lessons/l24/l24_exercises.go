package l24

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"course/ga/skills"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
)

// Exercises is lesson 24's exercises, in the order docs/l24.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l24",
		relationWordExercise("are pitch classes 0,1,3 and 0,2,3 equivalent", "under transposition", []string{"set", "class", "set class", "the", ""}),
		spellingsExercise("Limit"),
		surfaceExercise([]string{"C + G", "C ^ G", "C ^G"}),
	)
}

// relationWordExercise is exercise 1: which of words, put between before and after, make the
// equivalence skill apply the relation after names; "" stands for a second space.
func relationWordExercise(before, after string, words []string) *learn.Exercise {
	relation := relationOf(after)
	prompts := make([]string, len(words))
	options := make([]string, len(words))
	for i, w := range words {
		prompts[i] = before + " " + w + " " + after
		if w == "" {
			options[i] = fmt.Sprintf("a second space between the two words makes the skill apply %s (%s)", strings.TrimPrefix(after, "under "), relation)
			continue
		}
		options[i] = fmt.Sprintf("%s between the two words makes the skill apply %s (%s)", kit.Quote(w), strings.TrimPrefix(after, "under "), relation)
	}
	return &learn.Exercise{Kind: learn.Choice, Options: options,
		Hints: []string{
			`The relation group of the skill's expression begins with an optional (?:set\s*class|set|class)? after a \s*.`,
			`The group must be followed by \s+under; a greedy \s* that has taken every space never gives one back when the whole expression already matches without the group.`,
		},
		Solve: func(context.Context) (learn.Answer, error) {
			var sets skills.SetTheoryEquivalence
			var out bytes.Buffer
			r := report.New(&out)
			r.Title("What the equivalence skill applies, and its verdict")
			holds := make([]bool, len(words))
			rows := make([][]string, len(words))
			for i, p := range prompts {
				j := judgeSets(sets.Execute(p).Text)
				holds[i] = j.kind == "answer" && j.relation == relation
				rows[i] = []string{kit.Quote(p), j.says()}
			}
			r.Table([]string{"question", "the skill says"}, rows)
			return learn.Answer{Holds: holds, Evidence: learn.Printed(&out)}, r.Err()
		}}
}

// relationOf is the relation a question's "under ..." names, as setVerdictHeads write it.
func relationOf(under string) string {
	switch {
	case strings.Contains(under, "transposition"):
		return "T"
	case strings.Contains(under, "inversion"):
		return "I"
	}
	return "TI"
}

// respellings are an expression as written, with its first space doubled and with it removed.
func respellings(expression string) []string {
	out := []string{expression}
	if i := strings.IndexByte(expression, ' '); i >= 0 {
		out = append(out, expression[:i]+"  "+expression[i+1:], expression[:i]+expression[i+1:])
	}
	return out
}

// spellingsExercise is exercise 2: which spellings of the forms the parser's comments give for
// the case wanted does GA's parser read as that case.
func spellingsExercise(wanted string) *learn.Exercise {
	var spellings []string
	for _, f := range forms {
		if f.promised == wanted {
			spellings = append(spellings, respellings(f.expression)...)
		}
	}
	options := make([]string, len(spellings))
	for i, s := range spellings {
		options[i] = fmt.Sprintf("GA's parser reads %s as %s", kit.Quote(s), wanted)
	}
	return &learn.Exercise{Kind: learn.Choice, Options: options,
		Hints: []string{
			"FParsec's str matches the word; GA's helper for a keyword also consumes the white space after it.",
			"After the keyword the parser asks for ws1, at least one white-space character. What is left for it?",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			var out bytes.Buffer
			r := report.New(&out)
			r.Title("GA's parser on the forms of %s", wanted)
			holds := make([]bool, len(spellings))
			rows := make([][]string, len(spellings))
			for i, s := range spellings {
				got := parsed(s)
				holds[i] = got == wanted
				rows[i] = []string{kit.Quote(s), got}
			}
			r.Table([]string{"expression", "the parser gives"}, rows)
			return learn.Answer{Holds: holds, Evidence: learn.Printed(&out)}, r.Err()
		}}
}

// surfaceExercise is exercise 3: for each expression, whether GA's parser accepts it and whether
// the parse skill answers "parse <expression>".
func surfaceExercise(expressions []string) *learn.Exercise {
	var options []string
	for _, e := range expressions {
		options = append(options,
			fmt.Sprintf("GA's parser accepts %s", kit.Quote(e)),
			fmt.Sprintf("the parse skill answers %s", kit.Quote("parse "+e)))
	}
	return &learn.Exercise{Kind: learn.Choice, Options: options,
		Hints: []string{
			"The skill parses only what its surface expression lets through; the parser itself is asked afterwards.",
			"Read which operators the surface expression lists, and what it wants right after ^.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			var parse skills.GrothendieckParse
			var out bytes.Buffer
			r := report.New(&out)
			r.Title("Each expression through GA's parser and through the parse skill")
			var holds []bool
			var rows [][]string
			for _, e := range expressions {
				byParser := parsed(e)
				bySkill := parseCase(parse.Execute("parse " + e).Text)
				holds = append(holds, byParser != "fails", answered(bySkill))
				rows = append(rows, []string{kit.Quote(e), byParser, bySkill})
			}
			r.Table([]string{"expression", "the parser gives", "\"parse <expression>\" gets"}, rows)
			return learn.Answer{Holds: holds, Evidence: learn.Printed(&out)}, r.Err()
		}}
}
