package l8

import (
	"context"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"course/fixtures"
	"course/ga/intents"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
	"course/lessons/kit/chathost"
)

// Exercises is lesson 8's exercises, in the order docs/l8.md asks them, solved with
// the lesson's options: its corpus, and the host that answers the prompts that name no intent.
func Exercises(opts *Options) learn.Lesson {
	return learn.NewLesson("l8",
		minLengthExercise(opts.Host, opts.Corpus, 10, 60),
		higherStringExercise(opts.Host, opts.Corpus, 51),
		firstStringExercise(opts.Host, opts.Corpus, 48),
	)
}

// promptAttempt answers prompt n of corpus (nil is GA's) as the lesson does, after edit changes
// its entry: through the intent it names, in process, or else posted to /chat of a host started
// as host says and stopped before it returns. The answer is checked with GA's reading.
func promptAttempt(ctx context.Context, host chathost.Options, corpus []byte, n int, edit func(*corpusEntry)) (a attempt, err error) {
	if corpus == nil {
		corpus = fixtures.Prompts
	}
	entries, err := readCorpus(corpus)
	if err != nil {
		return attempt{}, err
	}
	if n < 1 || n > len(entries) {
		return attempt{}, fmt.Errorf("the corpus has no prompt %d", n)
	}
	a = attempt{n: n, entry: entries[n-1]}
	if edit != nil {
		edit(&a.entry)
	}
	if a.entry.Skip {
		return attempt{}, fmt.Errorf("prompt %d is skipped", n)
	}
	inProcess, err := answerByIntent(&a, intents.RegisteredIDs())
	if err != nil {
		return attempt{}, err
	}
	if !inProcess {
		ctx, cancel := context.WithTimeout(ctx, host.Budget())
		defer cancel()
		h, err := host.Start(ctx)
		if err != nil {
			return attempt{}, err
		}
		defer func() {
			if stopErr := h.Stop(); stopErr != nil && err == nil {
				err = fmt.Errorf("stop host: %w", stopErr)
			}
		}()
		err = answerByChat(&a, func(prompt string) (int, []byte, error) {
			resp, err := h.Chat(ctx, chathost.ChatPath, prompt)
			if err != nil {
				return 0, nil, err
			}
			return resp.Status, resp.Body, nil
		})
		if err != nil {
			return attempt{}, err
		}
	}
	if a.answer == nil {
		return attempt{}, fmt.Errorf("prompt %d has no answer (%s)", n, a.served)
	}
	a.verdict = corpusCheck(a.entry, *a.answer, gaContains)
	return a, nil
}

// verdictForm reads a verdict as the lesson prints it: case, quotes and runs of spaces aside.
var verdictForm = learn.Form{Says: `a verdict as the lesson prints it, such as missing "X" or pass`,
	Rule: `letter case, quotes (" “ ”), runs of spaces and a full stop at the end do not matter; every other character does`, Read: func(s string) []string {
		s = strings.NewReplacer(`"`, " ", "“", " ", "”", " ").Replace(strings.ToLower(s))
		// A full stop after a closing quote is left a word of its own by the quote's space.
		return []string{strings.TrimSpace(strings.TrimSuffix(strings.Join(strings.Fields(s), " "), "."))}
	}}

// answerLines quotes the first lines of an answer.
func answerLines(r *report.Report, answer string, n int) {
	lines := strings.Split(strings.TrimRightFunc(answer, unicode.IsSpace), "\n")
	for _, line := range lines[:min(n, len(lines))] {
		r.Line("%s", strings.TrimRight("  | "+line, " \t"))
	}
	if len(lines) > n {
		r.Line("  | … %d more lines", len(lines)-n)
	}
}

// stringRows are the expected strings of e, each with where GA's reading finds it in answer
// and whether the strict reading finds it.
func stringRows(e corpusEntry, answer string) [][]string {
	var rows [][]string
	add := func(kind string, strs []string) {
		for _, s := range strs {
			ga := "not found"
			if token, line, ok := gaMatch(answer, s); ok {
				ga = fmt.Sprintf("in %s, line %d", kit.Quote(token), line)
			}
			strict := "not found"
			if strictContains(answer, s) {
				strict = "found"
			}
			rows = append(rows, []string{kind, kit.Quote(s), ga, strict})
		}
	}
	add("not_contains", e.NotContains)
	add("contains", e.Contains)
	add("contains_any", e.ContainsAny)
	return rows
}

// minLengthExercise is exercise 1: prompt n checked with its min_length set to minLength.
func minLengthExercise(host chathost.Options, corpus []byte, n, minLength int) *learn.Exercise {
	return learn.Compute(verdictForm, func(ctx context.Context, w io.Writer) (string, error) {
		a, err := promptAttempt(ctx, host, corpus, n, func(e *corpusEntry) { e.MinLength = &minLength })
		if err != nil {
			return "", err
		}
		r := report.New(w)
		r.Title("#%d %s, answered by %s, with min_length %d", a.n, a.entry.Prompt, a.served, minLength)
		answerLines(r, *a.answer, 6)
		r.Blank()
		r.Facts(0, report.Fact{Label: "the answer's length", Value: fmt.Sprintf("%d characters", utf16Len(*a.answer))})
		r.Title("Its expected strings, read as GA reads them")
		r.Table([]string{"list", "string", "GA's reading", "strict reading"}, stringRows(a.entry, *a.answer))
		return cmpOr(a.verdict, "pass"), r.Err()
	}).WithHints(
		"GA checks an answer in a fixed order: empty, degraded backend, length, banned phrases, not_contains, contains, contains_any. The first that fails is the verdict.",
		"With the length passed, look for the contains strings one by one, in the list's order, anywhere in the answer and in any case.",
	)
}

// stringForm reads an expected string and the token it is found in, quotes, case and the
// words between them aside.
var stringForm = learn.Form{Says: `the expected string, then the token GA's reading finds it in, such as "E" in "Em" (or none)`,
	Rule: `words in order; quotes (" “ ”) and commas, letter case, ♯ ♭ for # b, the words "in" and "on", and a full stop after a word do not matter; every other character does`, Read: func(s string) []string {
		s = strings.NewReplacer(`"`, " ", "“", " ", "”", " ", "♯", "#", "♭", "b", ",", " ").Replace(strings.ToLower(s))
		var items []string
		for _, f := range strings.Fields(s) {
			if f != "in" && f != "on" {
				items = append(items, strings.TrimSuffix(f, "."))
			}
		}
		return items
	}}

// higherStringExercise is exercise 2: the expected string of prompt n that GA's reading finds
// in the answer a semitone higher and the strict reading does not, and the token it is found in.
func higherStringExercise(host chathost.Options, corpus []byte, n int) *learn.Exercise {
	return learn.Compute(stringForm, func(ctx context.Context, w io.Writer) (string, error) {
		a, err := promptAttempt(ctx, host, corpus, n, nil)
		if err != nil {
			return "", err
		}
		up := transposeUp(*a.answer)
		value := "none"
		strs := append(append([]string(nil), a.entry.Contains...), a.entry.ContainsAny...)
		for _, s := range strs {
			if gaContains(up, s) && !strictContains(up, s) {
				token, _, _ := gaMatch(up, s)
				value = kit.Quote(s) + " in " + kit.Quote(token)
				break
			}
		}
		r := report.New(w)
		r.Title("#%d %s, the answer a semitone higher: GA %s, strict %s", a.n, a.entry.Prompt,
			cmpOr(corpusCheck(a.entry, up, gaContains), "pass"), cmpOr(corpusCheck(a.entry, up, strictContains), "pass"))
		answerLines(r, up, 6)
		r.Title("Its expected strings in the answer a semitone higher")
		r.Table([]string{"list", "string", "GA's reading", "strict reading"}, stringRows(a.entry, up))
		return value, r.Err()
	}).WithHints(
		"Run `course l8` and find the prompt's line in the strict reading's table: its verdict names the string.",
		"GA's reading looks for the string anywhere, in any case; the strict one wants no letter, digit or accidental against either end. What stands against the string where GA finds it?",
	)
}

// higher is what exercise 3's claims are decided on: a prompt's answer a semitone higher, its
// first contains string, where GA's reading finds that string, and both readings' verdicts.
type higher struct {
	up, first  string
	tokens     []string
	ga, strict string
}

// firstStringExercise is exercise 3: why the first expected string of prompt n passes GA's
// reading a semitone higher, and fails the strict one.
func firstStringExercise(host chathost.Options, corpus []byte, n int) *learn.Exercise {
	// The options name the string; reading the corpus here costs no host.
	s := "the first string"
	if entries, err := readCorpus(cmpOrBytes(corpus, fixtures.Prompts)); err == nil && n >= 1 && n <= len(entries) && len(entries[n-1].Contains) > 0 {
		s = kit.Quote(entries[n-1].Contains[0])
	}
	type claim = learn.Claim[higher]
	missing := func(f higher) string { return "missing " + kit.Quote(f.first) }
	return learn.Choose(func(ctx context.Context, w io.Writer) (higher, error) {
		a, err := promptAttempt(ctx, host, corpus, n, nil)
		if err != nil {
			return higher{}, err
		}
		if len(a.entry.Contains) == 0 {
			return higher{}, fmt.Errorf("prompt %d has no contains strings", n)
		}
		f := higher{up: transposeUp(*a.answer), first: a.entry.Contains[0]}
		f.tokens = gaTokens(f.up, f.first)
		f.ga, f.strict = corpusCheck(a.entry, f.up, gaContains), corpusCheck(a.entry, f.up, strictContains)
		r := report.New(w)
		r.Title("#%d %s, the answer a semitone higher: GA %s, strict %s", a.n, a.entry.Prompt, cmpOr(f.ga, "pass"), cmpOr(f.strict, "pass"))
		answerLines(r, f.up, 6)
		r.Blank()
		r.Facts(0,
			report.Fact{Label: "the first contains string", Value: kit.Quote(f.first)},
			report.Fact{Label: "the tokens GA's reading finds it in", Value: quoteAll(f.tokens)},
		)
		r.Title("Its expected strings in the answer a semitone higher")
		r.Table([]string{"list", "string", "GA's reading", "strict reading"}, stringRows(a.entry, f.up))
		return f, r.Err()
	},
		claim{Text: fmt.Sprintf("GA's reading finds %s in the answer a semitone higher", s),
			Holds: func(f higher) bool { return gaContains(f.up, f.first) }},
		claim{Text: fmt.Sprintf("every place GA's reading finds %s there is inside a longer token, a word or a chord symbol", s),
			Holds: func(f higher) bool {
				inside := len(f.tokens) > 0
				for _, t := range f.tokens {
					inside = inside && len([]rune(t)) > len([]rune(f.first))
				}
				return inside
			}},
		claim{Text: fmt.Sprintf("the answer a semitone higher still holds %s standing alone", s),
			Holds: func(f higher) bool { return strictContains(f.up, f.first) }},
		claim{Text: fmt.Sprintf("the strict reading fails the answer a semitone higher on %s", s),
			Holds: func(f higher) bool { return f.strict == missing(f) }},
		claim{Text: "GA's reading passes the answer a semitone higher",
			Holds: func(f higher) bool { return f.ga == "" }},
	).WithHints(
		"GA's reading compares in any case and anywhere in the text: a C inside a word counts.",
		"A semitone higher, every note name and chord root moves up: what is left of a C that stood alone?",
	)
}

// gaTokens are the tokens around every place GA's reading finds s in answer, in order.
func gaTokens(answer, s string) []string {
	text := []rune(answer)
	var tokens []string
	for at := indexFrom(answer, s, 0, true); at >= 0; {
		// upper keeps the number of characters, so the character index carries over.
		i := utf8.RuneCountInString(upper(answer)[:at])
		tokens = append(tokens, word(text, i, len([]rune(s))))
		_, size := utf8.DecodeRuneInString(upper(answer)[at:])
		at = indexFrom(answer, s, at+size, true)
	}
	return tokens
}

func quoteAll(ss []string) string {
	if len(ss) == 0 {
		return "none"
	}
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = kit.Quote(s)
	}
	return strings.Join(q, ", ")
}

func cmpOrBytes(b, otherwise []byte) []byte {
	if b == nil {
		return otherwise
	}
	return b
}
