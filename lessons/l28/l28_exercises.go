package l28

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"

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

// pluralSecond is exercise 1's phrasing with one plural: whether VsPattern needs a boundary
// after the second word as well as after the first.
const pluralSecond = "Major vs minors"

// afterWord finds the character after the first "major" or "minor" of a phrasing.
var afterWord = regexp.MustCompile(`(?i)(major|minor)(.?)`)

// vsPatternExercise is exercise 1: why VsPattern does or does not find the pair in phrasing.
// The claims are decided on the skill itself and the character after the phrasing's first
// major or minor.
func vsPatternExercise(phrasing string) *learn.Exercise {
	type claim = learn.Claim[string]
	var skill skills.TheoryComparison
	return learn.Choose(func(_ context.Context, w io.Writer) (string, error) {
		r := report.New(w)
		m := afterWord.FindStringSubmatch(phrasing)
		res := skill.Execute(phrasing)
		r.Title("The skill's expressions on %q", phrasing)
		var rows [][]string
		for _, name := range skills.ComparisonPatternNames() {
			rows = append(rows, []string{name, kit.YesNo(skill.Matches(name, phrasing))})
		}
		r.Table([]string{"expression", "matches"}, rows)
		r.Facts(0,
			report.Fact{Label: "the skill's outcome", Value: comparisonOutcome(res)},
			report.Fact{Label: fmt.Sprintf("%s on %q", vsPattern, pluralSecond), Value: kit.YesNo(skill.Matches(vsPattern, pluralSecond))},
			report.Fact{Label: fmt.Sprintf("%s on %q", vsPattern, caseProbe), Value: kit.YesNo(skill.Matches(vsPattern, caseProbe))},
			report.Fact{Label: fmt.Sprintf("%s on %q", vsPattern, strings.ToUpper(caseProbe)), Value: kit.YesNo(skill.Matches(vsPattern, strings.ToUpper(caseProbe)))},
		)
		after := ""
		if m != nil {
			after = m[2]
			r.Facts(0, report.Fact{Label: "after the first " + strings.ToLower(m[1]), Value: fmt.Sprintf("%q", m[2])})
		}
		return after, r.Err()
	},
		claim{Text: fmt.Sprintf("%s finds the pair in %q", vsPattern, phrasing),
			Holds: func(string) bool { return skill.Matches(vsPattern, phrasing) }},
		claim{Text: fmt.Sprintf("the skill answers %q", phrasing),
			Holds: func(string) bool { return comparisonOutcome(skill.Execute(phrasing)) == "answer" }},
		claim{Text: fmt.Sprintf("%s ignores letter case: it finds the pair in %q as in %q", vsPattern, strings.ToUpper(caseProbe), caseProbe),
			Holds: func(string) bool {
				return skill.Matches(vsPattern, caseProbe) && skill.Matches(vsPattern, strings.ToUpper(caseProbe))
			}},
		claim{Text: fmt.Sprintf("%s finds the pair in %q, the plural kept on the second word only", vsPattern, pluralSecond),
			Holds: func(string) bool { return skill.Matches(vsPattern, pluralSecond) }},
		claim{Text: fmt.Sprintf("another of the skill's expressions finds the pair in %q", phrasing),
			Holds: func(string) bool { first := skill.FirstPattern(phrasing); return first != "" && first != vsPattern }},
	).WithHints(
		"Read VsPattern piece by piece: what must come right after the first word for the match to go on?",
		`A word boundary \b sits between a letter and a space, not between two letters.`,
	)
}

// whichAnsweredExercise is exercise 2: which of prompts the skill answers. The claims are
// decided on the skill's outcome for each.
func whichAnsweredExercise(prompts []string) *learn.Exercise {
	type claim = learn.Claim[map[string]string]
	claims := make([]claim, len(prompts))
	for i, p := range prompts {
		claims[i] = claim{Text: fmt.Sprintf("the skill answers %q", p), Holds: func(o map[string]string) bool { return o[p] == "answer" }}
	}
	var skill skills.TheoryComparison
	return learn.Choose(func(_ context.Context, w io.Writer) (map[string]string, error) {
		r := report.New(w)
		outcomes := map[string]string{}
		var rows [][]string
		for _, p := range prompts {
			outcomes[p] = comparisonOutcome(skill.Execute(p))
			pattern := skill.FirstPattern(p)
			if pattern == "" {
				pattern = "none"
			}
			rows = append(rows, []string{p, pattern, outcomes[p]})
		}
		r.Title("TheoryComparisonSkill on each phrasing")
		r.Table([]string{"phrasing", "regex", "answer"}, rows)
		return outcomes, r.Err()
	}, claims...).WithHints(
		`Look at what each expression allows right before the first word and right after the second: a \b is enough after it.`,
		"VsPattern's lookbehind refuses a key letter and a space before the first word, whatever its case; nothing may stand between vs and the second word.",
	)
}

// dorian is what exercise 3's claims are decided on: the skill's answers, with the extra word,
// to the question, to "major vs minor", and to the suggestion of its same-pair reply.
type dorian struct {
	answer, majorMinor skills.Result
	suggestion         string
	suggested          string
}

// dorianExercise is exercise 3: the skill with extra added to its words, asked about major
// against extra and about the suggestion of its same-pair reply.
func dorianExercise(extra string) *learn.Exercise {
	type claim = learn.Claim[dorian]
	question := "major vs " + extra
	return learn.Choose(func(_ context.Context, w io.Writer) (dorian, error) {
		skill := skills.TheoryComparison{ExtraTokens: extra}
		r := report.New(w)
		f := dorian{answer: skill.Execute(question), majorMinor: skill.Execute("major vs minor")}
		if m := regexp.MustCompile(`e\.g\. "([^"]+)"`).FindStringSubmatch(comparisonText(skill.Execute(samePairQuestions[0]))); m != nil {
			f.suggestion = m[1]
		}
		f.suggested = comparisonOutcome(skill.Execute(f.suggestion))
		res := f.answer
		r.Title("TheoryComparisonSkill with %q added to its words", extra)
		r.Facts(0,
			report.Fact{Label: fmt.Sprintf("%q", question), Value: comparisonOutcome(res)},
			report.Fact{Label: "its text is the major/minor answer", Value: kit.YesNo(res.Text == f.majorMinor.Text)},
			report.Fact{Label: "its evidence", Value: strings.Join(res.Evidence, "; ")},
			report.Fact{Label: fmt.Sprintf("%q suggests", samePairQuestions[0]), Value: fmt.Sprintf("%q, %s", f.suggestion, f.suggested)},
		)
		if res.Text != "" {
			first, _, _ := strings.Cut(comparisonText(res), "\n")
			r.Line("  | %s", first)
		}
		return f, r.Err()
	},
		claim{Text: fmt.Sprintf("the skill refuses %q", question),
			Holds: func(f dorian) bool { return comparisonOutcome(f.answer) == "refused" }},
		claim{Text: fmt.Sprintf("the skill answers %q with the same text as %q", question, "major vs minor"),
			Holds: func(f dorian) bool {
				return comparisonOutcome(f.answer) == "answer" && f.answer.Text == f.majorMinor.Text
			}},
		claim{Text: fmt.Sprintf("the text of the answer to %q names %s", question, extra),
			Holds: func(f dorian) bool { return strings.Contains(strings.ToLower(f.answer.Text), strings.ToLower(extra)) }},
		claim{Text: fmt.Sprintf("the evidence of the answer to %q names the pair (major, %s)", question, extra),
			Holds: func(f dorian) bool {
				return slices.ContainsFunc(f.answer.Evidence, func(e string) bool { return strings.Contains(e, "(major, "+extra+")") })
			}},
		claim{Text: fmt.Sprintf("the skill answers the comparison its reply to %q suggests", samePairQuestions[0]),
			Holds: func(f dorian) bool { return f.suggestion != "" && f.suggested == "answer" }},
	).WithHints(
		"Follow Execute after MatchPair: what does it do with a pair of two different words?",
		"The body of a full answer is one constant; only an evidence line is built from the pair.",
	)
}

// phrasingExercise is exercise 4: which counts of section 1's summary line change when
// `course l28 --phrasing` adds phrasing to the course's list. The claims are decided on the
// counts without and with it.
func phrasingExercise(phrasing string) *learn.Exercise {
	type claim = learn.Claim[[2][]int]
	labels := []string{"example prompts", "the course's phrasings", "the course's answered", "same pair", "refused", "CanHandle accepts"}
	claims := make([]claim, len(labels))
	for i, label := range labels {
		claims[i] = claim{Text: fmt.Sprintf("the count %q changes", label), Holds: func(c [2][]int) bool { return c[0][i] != c[1][i] }}
	}
	return learn.Choose(func(_ context.Context, w io.Writer) ([2][]int, error) {
		l, err := exerciseLesson(w)
		if err != nil {
			return [2][]int{}, err
		}
		_, before := l.tally()
		l.course = append(slices.Clone(l.course), phrasing)
		rows, after := l.tally()
		values := func(c phrasingCounts) []int {
			return []int{c.examples, c.course, c.courseAnswers, c.samePair, c.refused, c.accepted}
		}
		b, a := values(before), values(after)
		var table [][]string
		for i := range labels {
			table = append(table, []string{labels[i], fmt.Sprint(b[i]), fmt.Sprint(a[i])})
		}
		l.r.Title("The new row of section 1")
		l.r.TableWidths([]string{"source", "phrasing", "regex", "answer"}, rows[len(rows)-1:], phrasingWidths)
		l.r.Title("The summary's counts, without and with %q", phrasing)
		l.r.Table([]string{"count", "the course's list", "with the phrasing"}, table)
		return [2][]int{b, a}, l.r.Err()
	}, claims...).WithHints(
		"Predict the phrasing's row first: which expression finds the pair, and which of the three outcomes follows.",
		"The keyword rule's count is the skill's CanHandle: read what it accepts.",
	)
}

// mainAgents is what exercise 5's claims are decided on: who answers each question on main,
// and how each answer begins.
type mainAgents struct{ agents, firsts map[string]string }

// mainAgentExercise is exercise 5: who answers asked and rephrased on GA's main, the host
// started as host says.
func mainAgentExercise(host chathost.Options, asked, rephrased string) *learn.Exercise {
	type claim = learn.Claim[mainAgents]
	const voicing, unavailable = "voicing (keyword)", "fallback-direct (error-fallback-unavailable)"
	return learn.Choose(func(ctx context.Context, w io.Writer) (mainAgents, error) {
		r := report.New(w)
		agentsOf, firstsOf, err := chathost.MainRouterTable(ctx, host, r, offlineWidths, []string{asked, rephrased})
		if err != nil {
			return mainAgents{}, err
		}
		return mainAgents{agents: map[string]string{asked: agentsOf[0], rephrased: agentsOf[1]},
			firsts: map[string]string{asked: firstsOf[0], rephrased: firstsOf[1]}}, r.Err()
	},
		claim{Text: fmt.Sprintf("on main, %s answers %q", voicing, asked),
			Holds: func(f mainAgents) bool { return f.agents[asked] == voicing }},
		claim{Text: fmt.Sprintf("on main, %s answers %q", voicing, rephrased),
			Holds: func(f mainAgents) bool { return f.agents[rephrased] == voicing }},
		claim{Text: fmt.Sprintf("on main, %q is answered %s", rephrased, unavailable),
			Holds: func(f mainAgents) bool { return f.agents[rephrased] == unavailable }},
		claim{Text: fmt.Sprintf("without embeddings, the router picks an intent for %q", rephrased),
			Holds: func(mainAgents) bool { return skills.RouteWithoutEmbeddings(rephrased, revision.Main) != "" }},
		claim{Text: fmt.Sprintf("on main, the answer to %q lists voicings", asked),
			Holds: func(f mainAgents) bool {
				return strings.HasPrefix(f.firsts[asked], "Found ") && strings.Contains(f.firsts[asked], "voicings")
			}},
	).WithHints(
		chathost.KeywordRouterHint,
		"The theory agent needs the model, which the lesson's main host has on a closed port; look at what main answers for another question that reached it.",
	)
}
