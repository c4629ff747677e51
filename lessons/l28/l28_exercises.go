package l28

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"course/ga/revision"
	"course/ga/skills"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
	"course/lessons/kit/chathost"
)

// Exercises is lesson 28's exercises, in the order docs/l28.md asks them, solved with
// the lesson's options.
func Exercises(opts *Options) learn.Lesson {
	const explain = "Explain the difference between major and minor"
	return learn.NewLesson("l28",
		vsPatternExercise("Majors vs minors"),
		whichAnsweredExercise([]string{"c major vs minor", "Major vs C minor", "Compare major and minor scales", "What is the difference between major and minor chords"}),
		dorianExercise("dorian"),
		phrasingExercise("Minor versus major"),
		mainAgentExercise(opts.Host, explain, explain+" keys"),
	)
}

// exerciseLesson is the lesson with the skill at the pin, printing to w.
func exerciseLesson(w io.Writer) (*lesson, error) { return newLesson(w) }

// vsPattern is the name of the expression exercise 1 asks about.
const vsPattern = "VsPattern"

// caseProbe is the skill's own example that exercise 1 asks in capitals too.
const caseProbe = "major vs minor"

// afterWord finds the character after the first "major" or "minor" of a phrasing.
var afterWord = regexp.MustCompile(`(?i)(major|minor)(.?)`)

// vsPatternExercise is exercise 1: why VsPattern does or does not find the pair in phrasing.
func vsPatternExercise(phrasing string) *learn.Exercise {
	var skill skills.TheoryComparison
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			fmt.Sprintf("%s finds the pair in %q", vsPattern, phrasing),
			fmt.Sprintf("the skill answers %q", phrasing),
			fmt.Sprintf("%s ignores letter case: it finds the pair in %q as in %q", vsPattern, strings.ToUpper(caseProbe), caseProbe),
			fmt.Sprintf("in %q, whitespace follows the first major or minor", phrasing),
			fmt.Sprintf("another of the skill's expressions finds the pair in %q", phrasing),
		},
		Hints: []string{
			"Read VsPattern piece by piece: what must come right after the first word for the match to go on?",
			`A word boundary \b sits between a letter and a space, not between two letters.`,
		},
		Solve: func(context.Context) (learn.Answer, error) {
			var out bytes.Buffer
			r := report.New(&out)
			m := afterWord.FindStringSubmatch(phrasing)
			spaceAfter := m != nil && m[2] != "" && unicode.IsSpace([]rune(m[2])[0])
			first := skill.FirstPattern(phrasing)
			res := skill.Execute(phrasing)
			r.Title("The skill's expressions on %q", phrasing)
			var rows [][]string
			for _, name := range skills.ComparisonPatternNames() {
				rows = append(rows, []string{name, kit.YesNo(skill.Matches(name, phrasing))})
			}
			r.Table([]string{"expression", "matches"}, rows)
			r.Facts(0,
				report.Fact{Label: "the skill's outcome", Value: comparisonOutcome(res)},
				report.Fact{Label: fmt.Sprintf("%s on %q", vsPattern, caseProbe), Value: kit.YesNo(skill.Matches(vsPattern, caseProbe))},
				report.Fact{Label: fmt.Sprintf("%s on %q", vsPattern, strings.ToUpper(caseProbe)), Value: kit.YesNo(skill.Matches(vsPattern, strings.ToUpper(caseProbe)))},
			)
			if m != nil {
				r.Facts(0, report.Fact{Label: "after the first " + strings.ToLower(m[1]), Value: fmt.Sprintf("%q", m[2])})
			}
			return learn.Answer{Holds: []bool{
				skill.Matches(vsPattern, phrasing),
				comparisonOutcome(res) == "answer",
				skill.Matches(vsPattern, caseProbe) && skill.Matches(vsPattern, strings.ToUpper(caseProbe)),
				spaceAfter,
				first != "" && first != vsPattern,
			}, Evidence: learn.Printed(&out)}, r.Err()
		}}
}

// whichAnsweredExercise is exercise 2: which of prompts the skill answers.
func whichAnsweredExercise(prompts []string) *learn.Exercise {
	options := make([]string, len(prompts))
	for i, p := range prompts {
		options[i] = fmt.Sprintf("the skill answers %q", p)
	}
	var skill skills.TheoryComparison
	return &learn.Exercise{Kind: learn.Choice, Options: options,
		Hints: []string{
			`Look at what each expression allows right before the first word and right after the second: a \b is enough after it.`,
			"VsPattern's lookbehind refuses a key letter and a space before the first word, whatever its case; nothing may stand between vs and the second word.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			var out bytes.Buffer
			r := report.New(&out)
			holds := make([]bool, len(prompts))
			var rows [][]string
			for i, p := range prompts {
				o := comparisonOutcome(skill.Execute(p))
				holds[i] = o == "answer"
				pattern := skill.FirstPattern(p)
				if pattern == "" {
					pattern = "none"
				}
				rows = append(rows, []string{p, pattern, o})
			}
			r.Title("TheoryComparisonSkill on each phrasing")
			r.Table([]string{"phrasing", "regex", "answer"}, rows)
			return learn.Answer{Holds: holds, Evidence: learn.Printed(&out)}, r.Err()
		}}
}

// dorianExercise is exercise 3: the skill with extra added to its words, asked about major
// against extra and about the suggestion of its same-pair reply.
func dorianExercise(extra string) *learn.Exercise {
	question := "major vs " + extra
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			fmt.Sprintf("the skill refuses %q", question),
			fmt.Sprintf("the skill answers %q with the same text as %q", question, "major vs minor"),
			fmt.Sprintf("the text of the answer to %q names %s", question, extra),
			fmt.Sprintf("the evidence of the answer to %q names the pair (major, %s)", question, extra),
			fmt.Sprintf("the skill answers the comparison its reply to %q suggests", samePairQuestions[0]),
		},
		Hints: []string{
			"Follow Execute after MatchPair: what does it do with a pair of two different words?",
			"The body of a full answer is one constant; only an evidence line is built from the pair.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			skill := skills.TheoryComparison{ExtraTokens: extra}
			var out bytes.Buffer
			r := report.New(&out)
			res := skill.Execute(question)
			majorMinor := skill.Execute("major vs minor")
			suggestion := ""
			if m := regexp.MustCompile(`e\.g\. "([^"]+)"`).FindStringSubmatch(comparisonText(skill.Execute(samePairQuestions[0]))); m != nil {
				suggestion = m[1]
			}
			r.Title("TheoryComparisonSkill with %q added to its words", extra)
			r.Facts(0,
				report.Fact{Label: fmt.Sprintf("%q", question), Value: comparisonOutcome(res)},
				report.Fact{Label: "its text is the major/minor answer", Value: kit.YesNo(res.Text == majorMinor.Text)},
				report.Fact{Label: "its evidence", Value: strings.Join(res.Evidence, "; ")},
				report.Fact{Label: fmt.Sprintf("%q suggests", samePairQuestions[0]), Value: fmt.Sprintf("%q, %s", suggestion, comparisonOutcome(skill.Execute(suggestion)))},
			)
			if res.Text != "" {
				first, _, _ := strings.Cut(comparisonText(res), "\n")
				r.Line("  | %s", first)
			}
			answered := comparisonOutcome(res) == "answer"
			return learn.Answer{Holds: []bool{
				comparisonOutcome(res) == "refused",
				answered && res.Text == majorMinor.Text,
				strings.Contains(strings.ToLower(res.Text), strings.ToLower(extra)),
				slices.ContainsFunc(res.Evidence, func(e string) bool { return strings.Contains(e, "(major, "+extra+")") }),
				suggestion != "" && comparisonOutcome(skill.Execute(suggestion)) == "answer",
			}, Evidence: learn.Printed(&out)}, r.Err()
		}}
}

// phrasingExercise is exercise 4: which counts of section 1's summary line change when
// `course l28 --phrasing` adds phrasing to the course's list.
func phrasingExercise(phrasing string) *learn.Exercise {
	labels := []string{"example prompts", "the course's phrasings", "the course's answered", "same pair", "refused", "CanHandle accepts"}
	options := make([]string, len(labels))
	for i, label := range labels {
		options[i] = fmt.Sprintf("the count %q changes", label)
	}
	return &learn.Exercise{Kind: learn.Choice, Options: options,
		Hints: []string{
			"Predict the phrasing's row first: which expression finds the pair, and which of the three outcomes follows.",
			"The keyword rule's count is the skill's CanHandle: read what it accepts.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			var out bytes.Buffer
			l, err := exerciseLesson(&out)
			if err != nil {
				return learn.Answer{}, err
			}
			_, before := l.tally()
			l.course = append(slices.Clone(l.course), phrasing)
			rows, after := l.tally()
			values := func(c phrasingCounts) []int {
				return []int{c.examples, c.course, c.courseAnswers, c.samePair, c.refused, c.accepted}
			}
			b, a := values(before), values(after)
			holds := make([]bool, len(labels))
			var table [][]string
			for i := range labels {
				holds[i] = a[i] != b[i]
				table = append(table, []string{labels[i], fmt.Sprint(b[i]), fmt.Sprint(a[i])})
			}
			l.r.Title("The new row of section 1")
			l.r.TableWidths([]string{"source", "phrasing", "regex", "answer"}, rows[len(rows)-1:], phrasingWidths)
			l.r.Title("The summary's counts, without and with %q", phrasing)
			l.r.Table([]string{"count", "the course's list", "with the phrasing"}, table)
			return learn.Answer{Holds: holds, Evidence: learn.Printed(&out)}, l.r.Err()
		}}
}

// mainAgentExercise is exercise 5: who answers asked and rephrased on GA's main, the host
// started as host says.
func mainAgentExercise(host chathost.Options, asked, rephrased string) *learn.Exercise {
	const voicing, unavailable = "voicing (keyword)", "fallback-direct (error-fallback-unavailable)"
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			fmt.Sprintf("on main, %s answers %q", voicing, asked),
			fmt.Sprintf("on main, %s answers %q", voicing, rephrased),
			fmt.Sprintf("on main, %q is answered %s", rephrased, unavailable),
			fmt.Sprintf("without embeddings, the router picks an intent for %q", rephrased),
			fmt.Sprintf("on main, the answer to %q lists voicings", asked),
		},
		Hints: []string{
			chathost.KeywordRouterHint,
			"The theory agent needs the model, which the lesson's main host has on a closed port; look at what main answers for another question that reached it.",
		},
		Solve: func(ctx context.Context) (learn.Answer, error) {
			var out bytes.Buffer
			r := report.New(&out)
			agentsOf, firstsOf, err := chathost.MainRouterTable(ctx, host, r, offlineWidths, []string{asked, rephrased})
			if err != nil {
				return learn.Answer{}, err
			}
			agents := map[string]string{asked: agentsOf[0], rephrased: agentsOf[1]}
			firsts := map[string]string{asked: firstsOf[0], rephrased: firstsOf[1]}
			return learn.Answer{Holds: []bool{
				agents[asked] == voicing,
				agents[rephrased] == voicing,
				agents[rephrased] == unavailable,
				skills.RouteWithoutEmbeddings(rephrased, revision.Main) != "",
				strings.HasPrefix(firsts[asked], "Found ") && strings.Contains(firsts[asked], "voicings"),
			}, Evidence: learn.Printed(&out)}, r.Err()
		}}
}
