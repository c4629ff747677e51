package l25

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"

	"course/ga/query"
	"course/ga/revision"
	"course/ga/skills"
	"course/ga/voicing"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
	"course/lessons/kit/chathost"
)

// Exercises is lesson 25's exercises, in the order docs/l25.md asks them, solved with
// the lesson's options.
func Exercises(opts *Options) learn.Lesson {
	const capo = "Transpose this progression to capo 3"
	return learn.NewLesson("l25",
		unclaimedExercise([]string{"Take Dm7 a fourth higher", "Move Dm7 up a fourth", "Raise Dm7 by a perfect fourth", "Play Dm7 a fourth higher", "Dm7, but a fourth up"}),
		upDownExercise([]string{"up a", "down a"}),
		capoHintsExercise(capo),
		capoOnMainExercise(opts.Host, capo),
	)
}

// exerciseLesson is the lesson at the pin, its chat column unasked, printing to w.
func exerciseLesson(w io.Writer) (*lesson, error) { return newLesson(w, revision.Pin) }

// hintRow is a phrasing's row of the first table: its hints and its SKILL.md triggers.
func (l *lesson) hintRow(source, prompt string) []string {
	return []string{source, prompt, kit.HintsCell(l.hints, prompt), l.triggered(prompt)}
}

// unclaimedExercise is exercise 1: which of candidates get no routing hint and no trigger of
// transpose's SKILL.md. The claims are decided on the lesson at the pin.
func unclaimedExercise(candidates []string) *learn.Exercise {
	type claim = learn.Claim[*lesson]
	claims := make([]claim, len(candidates))
	for i, c := range candidates {
		claims[i] = claim{Text: fmt.Sprintf("%q gets no routing hint and no SKILL.md trigger", c),
			Holds: func(l *lesson) bool { return len(l.hints.Deltas(c)) == 0 && !l.md.CanHandle(c) }}
	}
	return learn.Choose(func(_ context.Context, w io.Writer) (*lesson, error) {
		l, err := exerciseLesson(w)
		if err != nil {
			return nil, err
		}
		l.r.Title("Each phrasing's hints and SKILL.md triggers, as the first table shows them")
		l.r.FixedRow(hintWidths, "source", "phrasing", fmt.Sprintf("hints, +%g each", skills.HintBoost), "SKILL.md triggers")
		for i, c := range candidates {
			l.r.FixedRow(hintWidths, l.hintRow(learn.Letter(i), c)...)
		}
		l.r.Line("try your own: course l25 --phrasing \"...\"")
		return l, l.r.Err()
	}, claims...).WithHints(
		"The transpose rule fires on any word starting with transpos, or on shift, bring or move followed within a few words by up, down or to and a note letter.",
		"Other intents' rules fire too: an interval name such as a perfect fourth is one. The SKILL.md triggers are plain substrings, up a and down a among them.",
	)
}

// upDownExercise is exercise 2: how many of the lesson's phrasings have one of triggers as their
// only SKILL.md trigger, and the first table's trigger count without triggers.
func upDownExercise(triggers []string) *learn.Exercise {
	form := learn.Numbers.Saying(`two numbers: the phrasings whose only trigger is one of the two, then the count "a SKILL.md trigger in N" would give`)
	return learn.Compute(form, func(_ context.Context, w io.Writer) (string, error) {
		l, err := exerciseLesson(w)
		if err != nil {
			return "", err
		}
		without := l.md
		without.Triggers = slices.DeleteFunc(slices.Clone(l.md.Triggers), func(t string) bool {
			return slices.Contains(triggers, strings.ToLower(t))
		})
		only := 0
		l.r.Title("The phrasings whose only SKILL.md trigger is %s", strings.Join(triggers, " or "))
		l.r.FixedRow(hintWidths, "source", "phrasing", fmt.Sprintf("hints, +%g each", skills.HintBoost), "SKILL.md triggers")
		before, after := 0, 0
		for _, p := range l.phrasings {
			found := l.md.Triggered(p.prompt)
			if len(found) == 1 && slices.Contains(triggers, found[0]) {
				only++
				l.r.FixedRow(hintWidths, l.hintRow(p.source, p.prompt)...)
			}
			if l.md.CanHandle(p.prompt) {
				before++
			}
			if without.CanHandle(p.prompt) {
				after++
			}
		}
		l.r.Facts(0,
			report.Fact{Label: "phrasings", Value: fmt.Sprint(len(l.phrasings))},
			report.Fact{Label: "a SKILL.md trigger in, with every trigger", Value: fmt.Sprint(before)},
			report.Fact{Label: "without " + strings.Join(triggers, " and "), Value: fmt.Sprint(after)},
		)
		return fmt.Sprintf("%d, %d", only, after), l.r.Err()
	}).WithHints(
		"Read the last column of the first table: the rows whose only trigger is up a or down a.",
		"A phrasing keeps its place in the count as long as one other trigger is left in it.",
	)
}

// transposeWord is the word exercise 3 takes out of its phrasing.
var transposeWord = regexp.MustCompile(`(?i)\btranspose\s*`)

// capoFret is the capo and its fret number in exercise 3's phrasing, which the exercise writes
// as a fret alone.
var capoFret = regexp.MustCompile(`(?i)\bcapo\s+(\d+)`)

// capoHints is what exercise 3's claims are decided on: the hints that fire on the prompt,
// whether the capo rule fires with the capo written as a fret and the transpose rule with the
// word written "Transposing" or taken out, and the router's pick without embeddings.
type capoHints struct {
	deltas                                    map[string]float64
	capoOnFret, transposing, withoutTranspose bool
	pick                                      string
}

// capoHintsExercise is exercise 3: which hints fire on prompt, and what they leave to the
// cosine scores.
func capoHintsExercise(prompt string) *learn.Exercise {
	type claim = learn.Claim[capoHints]
	const capo = "skill.capo"
	without := transposeWord.ReplaceAllString(prompt, "")
	onFret := capoFret.ReplaceAllString(prompt, "fret $1")
	transposing := transposeWord.ReplaceAllString(prompt, "Transposing ")
	fires := func(intent string) func(capoHints) bool {
		return func(f capoHints) bool { _, ok := f.deltas[intent]; return ok }
	}
	return learn.Choose(func(_ context.Context, w io.Writer) (capoHints, error) {
		l, err := exerciseLesson(w)
		if err != nil {
			return capoHints{}, err
		}
		f := capoHints{deltas: l.hints.Deltas(prompt), withoutTranspose: l.hints.Boosts(without, transposeIntent),
			capoOnFret: l.hints.Boosts(onFret, capo), transposing: l.hints.Boosts(transposing, transposeIntent),
			pick: skills.RouteWithoutEmbeddings(prompt, revision.Pin)}
		l.r.Title("The rules of %s and %s", capo, transposeIntent)
		var rows [][]string
		for _, rule := range skills.HintRules() {
			if rule.Intent == capo || rule.Intent == transposeIntent {
				rows = append(rows, []string{rule.Intent, kit.YesNo(rule.Matches(prompt)), kit.YesNo(rule.Matches(onFret)),
					kit.YesNo(rule.Matches(transposing)), kit.YesNo(rule.Matches(without))})
			}
		}
		l.r.Table([]string{"intent", fmt.Sprintf("fires on %q", prompt), fmt.Sprintf("on %q", onFret),
			fmt.Sprintf("on %q", transposing), fmt.Sprintf("on %q", without)}, rows)
		l.r.Facts(0,
			report.Fact{Label: fmt.Sprintf("the hints, +%g each", skills.HintBoost), Value: kit.HintsCell(l.hints, prompt)},
			report.Fact{Label: "the router's pick without embeddings", Value: cmpOr(f.pick, "none")},
		)
		return f, l.r.Err()
	},
		claim{Text: fmt.Sprintf("the %s hint fires on %q too, the capo written as a fret", capo, onFret),
			Holds: func(f capoHints) bool { return f.capoOnFret }},
		claim{Text: fmt.Sprintf("the %s hint fires on %q too", transposeIntent, transposing),
			Holds: func(f capoHints) bool { return f.transposing }},
		claim{Text: fmt.Sprintf("the hints add the same boost to %s and %s, so only the cosine scores can put %s ahead", capo, transposeIntent, capo),
			Holds: func(f capoHints) bool {
				return fires(capo)(f) && fires(transposeIntent)(f) && f.deltas[capo] == f.deltas[transposeIntent]
			}},
		claim{Text: fmt.Sprintf("the %s hint still fires on %q, the word transpose taken out", transposeIntent, without),
			Holds: func(f capoHints) bool { return f.withoutTranspose }},
		claim{Text: fmt.Sprintf("without embeddings, the router picks %s for %q", capo, prompt),
			Holds: func(f capoHints) bool { return f.pick == capo }},
	).WithHints(
		`Run both rules on the phrasing: the capo rule wants "capo" and a fret number, the transpose rule a word that starts with transpos.`,
		"A hint adds a fixed amount to one intent's cosine score; the router then takes the highest score.",
	)
}

// cmpOr is s, or none when s is empty.
func cmpOr(s, none string) string {
	if s == "" {
		return none
	}
	return s
}

// capoOnMain is what exercise 4's claims are decided on: who answers the prompt on main and
// how the answer begins, and what main's voicing agent reads in it.
type capoOnMain struct {
	agent, first string
	read         query.Query
}

// capoOnMainExercise is exercise 4: who answers prompt on GA's main, and why, the host started
// as host says.
func capoOnMainExercise(host chathost.Options, prompt string) *learn.Exercise {
	type claim = learn.Claim[capoOnMain]
	const voicingAgent = "voicing (keyword)"
	noIntent, _, _ := strings.Cut(voicing.NoIntentText, ".")
	return learn.Choose(func(ctx context.Context, w io.Writer) (capoOnMain, error) {
		r := report.New(w)
		agents, firsts, err := chathost.MainRouterTable(ctx, host, r, offlineWidths, []string{prompt})
		if err != nil {
			return capoOnMain{}, err
		}
		f := capoOnMain{agent: agents[0], first: firsts[0], read: query.ExtractTyped(prompt)}
		q := f.read
		r.Facts(0, report.Fact{Label: "main's voicing agent reads", Value: fmt.Sprintf("chord %q, mode %q, instrument %q, tags %q", q.ChordSymbol, q.ModeName, q.Instrument, q.Tags)})
		return f, r.Err()
	},
		claim{Text: fmt.Sprintf("on main, %s answers %q", voicingAgent, prompt),
			Holds: func(f capoOnMain) bool { return f.agent == voicingAgent }},
		claim{Text: fmt.Sprintf("without embeddings, main's router picks %s for it", transposeIntent),
			Holds: func(capoOnMain) bool { return skills.RouteWithoutEmbeddings(prompt, revision.Main) == transposeIntent }},
		claim{Text: "main's voicing agent reads a chord, a mode, an instrument or a style tag in it",
			Holds: func(f capoOnMain) bool { return !f.read.Empty() }},
		claim{Text: "on main, the answer lists voicings",
			Holds: func(f capoOnMain) bool { return strings.HasPrefix(f.first, "Found ") }},
		claim{Text: fmt.Sprintf("on main, the answer is the voicing agent's %q", noIntent),
			Holds: func(f capoOnMain) bool {
				return strings.HasPrefix(voicing.NoIntentText, strings.TrimSuffix(f.first, "…")) && f.first != ""
			}},
	).WithHints(
		chathost.KeywordRouterHint,
		"The voicing agent searches only for what it reads in the question: a chord symbol, a mode, or a word of its tag list.",
	)
}
