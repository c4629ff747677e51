package l24

import (
	"context"
	"fmt"
	"io"
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
// equivalence skill apply the relation after names; "" stands for a second space. The claims
// are decided on the skill's judgements, the i-th of the question with words[i].
func relationWordExercise(before, after string, words []string) *learn.Exercise {
	type claim = learn.Claim[[]setJudgement]
	relation := relationOf(after)
	prompts := make([]string, len(words))
	claims := make([]claim, len(words))
	for i, w := range words {
		prompts[i] = before + " " + w + " " + after
		text := fmt.Sprintf("%s between the two words makes the skill apply %s (%s)", kit.Quote(w), strings.TrimPrefix(after, "under "), relation)
		if w == "" {
			text = fmt.Sprintf("a second space between the two words makes the skill apply %s (%s)", strings.TrimPrefix(after, "under "), relation)
		}
		claims[i] = claim{Text: text, Holds: func(j []setJudgement) bool { return j[i].kind == "answer" && j[i].relation == relation }}
	}
	return learn.Choose(func(_ context.Context, w io.Writer) ([]setJudgement, error) {
		var sets skills.SetTheoryEquivalence
		r := report.New(w)
		r.Title("What the equivalence skill applies, and its verdict")
		judged := make([]setJudgement, len(prompts))
		rows := make([][]string, len(prompts))
		for i, p := range prompts {
			judged[i] = judgeSets(sets.Execute(p).Text)
			rows[i] = []string{kit.Quote(p), judged[i].says()}
		}
		r.Table([]string{"question", "the skill says"}, rows)
		return judged, r.Err()
	}, claims...).WithHints(
		`The relation group of the skill's expression begins with an optional (?:set\s*class|set|class)? after a \s*.`,
		`The group must be followed by \s+under; a greedy \s* that has taken every space never gives one back when the whole expression already matches without the group.`,
	)
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
// the case wanted does GA's parser read as that case. The claims are decided on what the
// parser gives each spelling.
func spellingsExercise(wanted string) *learn.Exercise {
	type claim = learn.Claim[map[string]string]
	var spellings []string
	for _, f := range forms {
		if f.promised == wanted {
			spellings = append(spellings, respellings(f.expression)...)
		}
	}
	claims := make([]claim, len(spellings))
	for i, s := range spellings {
		claims[i] = claim{Text: fmt.Sprintf("GA's parser reads %s as %s", kit.Quote(s), wanted),
			Holds: func(gives map[string]string) bool { return gives[s] == wanted }}
	}
	return learn.Choose(func(_ context.Context, w io.Writer) (map[string]string, error) {
		r := report.New(w)
		r.Title("GA's parser on the forms of %s", wanted)
		gives := map[string]string{}
		rows := make([][]string, len(spellings))
		for i, s := range spellings {
			gives[s] = parsed(s)
			rows[i] = []string{kit.Quote(s), gives[s]}
		}
		r.Table([]string{"expression", "the parser gives"}, rows)
		return gives, r.Err()
	}, claims...).WithHints(
		"FParsec's str matches the word; GA's helper for a keyword also consumes the white space after it.",
		"After the keyword the parser asks for ws1, at least one white-space character. What is left for it?",
	)
}

// surfaced is what GA's parser gives an expression, and what the parse skill says to
// "parse <expression>".
type surfaced struct{ byParser, bySkill string }

// surfaceExercise is exercise 3: for each expression, whether GA's parser accepts it and whether
// the parse skill answers "parse <expression>".
func surfaceExercise(expressions []string) *learn.Exercise {
	type claim = learn.Claim[map[string]surfaced]
	var claims []claim
	for _, e := range expressions {
		claims = append(claims,
			claim{Text: fmt.Sprintf("GA's parser accepts %s", kit.Quote(e)),
				Holds: func(m map[string]surfaced) bool { return m[e].byParser != "fails" }},
			claim{Text: fmt.Sprintf("the parse skill answers %s", kit.Quote("parse "+e)),
				Holds: func(m map[string]surfaced) bool { return answered(m[e].bySkill) }})
	}
	return learn.Choose(func(_ context.Context, w io.Writer) (map[string]surfaced, error) {
		var parse skills.GrothendieckParse
		r := report.New(w)
		r.Title("Each expression through GA's parser and through the parse skill")
		m := map[string]surfaced{}
		var rows [][]string
		for _, e := range expressions {
			m[e] = surfaced{parsed(e), parseCase(parse.Execute("parse " + e).Text)}
			rows = append(rows, []string{kit.Quote(e), m[e].byParser, m[e].bySkill})
		}
		r.Table([]string{"expression", "the parser gives", "\"parse <expression>\" gets"}, rows)
		return m, r.Err()
	}, claims...).WithHints(
		"The skill parses only what its surface expression lets through; the parser itself is asked afterwards.",
		"Read which operators the surface expression lists, and what it wants right after ^.",
	)
}
