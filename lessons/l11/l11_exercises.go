package l11

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"course/ga/keys"
	"course/internal/report"
	"course/learn"
	"course/theory"
)

// Exercises is lesson 11's exercises, in the order docs/l11.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l11",
		readingExercise("What key is Am7 D7 Gmaj7 in?"),
		tieExercise([2]string{"What key is C G Am F in?", "What key is Am F C G in?"}),
		cadenceExercise([]string{"Em", "Am", "B7", "Em"}, "E minor"),
		relativeOrderExercise(true, theory.Tonality{Tonic: theory.MustNote("G#"), Minor: true}),
	)
}

// quietLesson is the lesson's versions with its output thrown away, for an exercise's solve.
func quietLesson() (*lesson, error) { return newLesson(io.Discard, false) }

// keyQuery is the key question about chords.
func keyQuery(chords []string) string { return "What key is " + strings.Join(chords, " ") + " in?" }

// readingForm reads one part per version, separated by ";": each the chords read and the first
// key, compared as words, letter case and commas aside.
var readingForm = learn.Form{Says: `for the pin, then main, separated by ";": the chords read and the key that comes first, such as "C G, C major; C G Am, A minor" ("nothing, no key" when nothing is read)`,
	Rule: `one part per version split at ";", in order; in each, letter case, commas, runs of spaces, ♯ ♭ for # b and a full stop at the end do not matter; every other character does`,
	Read: func(s string) []string {
		var items []string
		for part := range strings.SplitSeq(s, ";") {
			part = strings.NewReplacer(",", " ", "♯", "#", "♭", "b").Replace(strings.ToLower(part))
			items = append(items, strings.TrimSuffix(strings.Join(strings.Fields(part), " "), "."))
		}
		return items
	}}

// versionLine is what one version reads in a question and the key it puts first.
func versionLine(a keyAnswer) string {
	read, first := "nothing", "no key"
	if len(a.chords) > 0 {
		read = strings.Join(a.chords, " ")
	}
	if len(a.Top) > 0 {
		first = a.Top[0].Key
	}
	return read + ", " + first
}

// answerRows are each version's answer to query, as section 1 prints them.
func answerRows(l *lesson, query string) ([]keyAnswer, [][]string, error) {
	var answers []keyAnswer
	var rows [][]string
	for _, v := range l.versions {
		a, err := l.ask(v, query)
		if err != nil {
			return nil, nil, err
		}
		answers = append(answers, a)
		read := "nothing"
		if len(a.chords) > 0 {
			read = strings.Join(a.chords, " ")
		}
		rows = append(rows, []string{v.Commit, read, "top " + topText(a.Selection) + partialText(a.Selection)})
	}
	return answers, rows, nil
}

// readingExercise is exercise 1: what each version reads in query and the key it puts first.
func readingExercise(query string) *learn.Exercise {
	return learn.Compute(readingForm, func(_ context.Context, w io.Writer) (string, error) {
		l, err := quietLesson()
		if err != nil {
			return "", err
		}
		answers, rows, err := answerRows(l, query)
		if err != nil {
			return "", err
		}
		parts := make([]string, len(answers))
		for i, a := range answers {
			parts[i] = versionLine(a)
		}
		r := report.New(w)
		r.Title("%q", query)
		r.Table([]string{"version", "reads", "keys"}, rows)
		return strings.Join(parts, "; "), r.Err()
	}).WithHints(
		`The pin's pattern is \b[A-G][b#]?(m|dim|aug|maj)?\b: after the match there must be a word boundary. Is there one between "Am" and "7"?`,
		"Main reads extensions and counts a chord with a 7 and nothing else as a dominant: on which degree of which major key is D7 the dominant?",
	)
}

// tie is what exercise 2's claims are decided on: each version's answers to the two
// questions, in the questions' order.
type tie struct{ pin, main []keyAnswer }

// tieExercise is exercise 2: the first key each version gives for two orders of one
// progression.
func tieExercise(queries [2]string) *learn.Exercise {
	type claim = learn.Claim[tie]
	each := func(test func(f tie, i int) bool) func(tie) bool {
		return func(f tie) bool {
			for i := range queries {
				if !test(f, i) {
					return false
				}
			}
			return true
		}
	}
	return learn.Choose(func(_ context.Context, w io.Writer) (tie, error) {
		l, err := quietLesson()
		if err != nil {
			return tie{}, err
		}
		var f tie
		var rows [][]string
		for _, q := range queries {
			answers, qRows, err := answerRows(l, q)
			if err != nil {
				return tie{}, err
			}
			f.pin, f.main = append(f.pin, answers[0]), append(f.main, answers[1])
			for _, row := range qRows {
				rows = append(rows, append([]string{q}, row...))
			}
		}
		r := report.New(w)
		r.Title("Both questions, asked of both versions")
		r.Table([]string{"question", "version", "reads", "keys"}, rows)
		return f, r.Err()
	},
		claim{Text: "the pin puts the same key first for both questions",
			Holds: func(f tie) bool { return topKey(f.pin[0]) == topKey(f.pin[1]) }},
		claim{Text: "main puts the same key first for both questions",
			Holds: func(f tie) bool { return topKey(f.main[0]) == topKey(f.main[1]) }},
		claim{Text: "at the pin, the first key is the first of the keys tied at the top in alphabetical order, for both questions",
			Holds: each(func(f tie, i int) bool {
				top := candidateKeys(f.pin[i].Top)
				return len(top) > 0 && top[0] == slices.Min(top)
			})},
		claim{Text: "on main, the first key of each question is a key whose tonic triad opens the progression",
			Holds: each(func(f tie, i int) bool {
				m := f.main[i]
				return len(m.Top) > 0 && len(m.chords) > 0 && m.Top[0].DiatonicSet[0] == m.chords[0]
			})},
		claim{Text: "both versions find the same keys tied at the top, for both questions",
			Holds: each(func(f tie, i int) bool {
				return slices.Equal(slices.Sorted(slices.Values(candidateKeys(f.pin[i].Top))), slices.Sorted(slices.Values(candidateKeys(f.main[i].Top))))
			})},
	).WithHints(
		"Both versions count the same chords, so the keys tied at the top are the same; only the order of a tie differs.",
		"The pin sorts a tie by name. Main looks at the progression's first chord before it looks at the names.",
	)
}

// topKey is the key an answer puts first, "" for none.
func topKey(a keyAnswer) string {
	if len(a.Top) == 0 {
		return ""
	}
	return a.Top[0].Key
}

// cadence is what exercise 3's claims are decided on: main's answer to the question, whether
// its Identify counts the chord before the last in the key, and what it makes of the chords
// given as a list.
type cadence struct {
	answer  keyAnswer
	counted bool
	listed  []keys.Candidate
}

// cadenceExercise is exercise 3: why main puts key first for the progression chords.
func cadenceExercise(chords []string, key string) *learn.Exercise {
	type claim = learn.Claim[cadence]
	query := keyQuery(chords)
	beforeLast := chords[max(0, len(chords)-2)]
	place := func(f cadence) int {
		return slices.IndexFunc(f.answer.Top, func(c keys.Candidate) bool { return c.Key == key })
	}
	return learn.Choose(func(_ context.Context, w io.Writer) (cadence, error) {
		l, err := quietLesson()
		if err != nil {
			return cadence{}, err
		}
		main := l.versions[1]
		a, err := l.ask(main, query)
		if err != nil {
			return cadence{}, err
		}
		f := cadence{answer: a, listed: main.Identify(chords),
			counted: slices.ContainsFunc(main.Identify([]string{beforeLast}), func(c keys.Candidate) bool { return c.Key == key })}
		r := report.New(w)
		r.Title("%q at %s", query, main.Commit)
		r.Line("  reads %s; top %s%s", strings.Join(a.chords, " "), topText(a.Selection), partialText(a.Selection))
		r.Line("  %s counted in %s by Identify: %v", beforeLast, key, f.counted)
		given := keys.Select(f.listed)
		if len(f.listed) > 0 {
			r.Line("  given %s as a list, Identify puts %s first; top %s%s", strings.Join(chords, " "), f.listed[0].Key, topText(given), partialText(given))
		}
		return f, r.Err()
	},
		claim{Text: fmt.Sprintf("main reads all %d chords of %q, a repeated one included", len(chords), query),
			Holds: func(f cadence) bool { return len(f.answer.chords) == len(chords) }},
		claim{Text: fmt.Sprintf("the last chord of the progression main scores is %s", beforeLast),
			Holds: func(f cadence) bool {
				return len(f.answer.chords) > 0 && f.answer.chords[len(f.answer.chords)-1] == beforeLast
			}},
		claim{Text: fmt.Sprintf("main's Identify counts %s as a chord of %s", beforeLast, key),
			Holds: func(f cadence) bool { return f.counted }},
		claim{Text: fmt.Sprintf("%s is tied at the top with other keys", key),
			Holds: func(f cadence) bool { return place(f) >= 0 && len(f.answer.Top) > 1 }},
		claim{Text: fmt.Sprintf("given the %d chords as a list, repeats included, main's Identify puts %s first", len(chords), key),
			Holds: func(f cadence) bool { return len(f.listed) > 0 && f.listed[0].Key == key }},
		claim{Text: fmt.Sprintf("%s's tonic triad opens the progression main scores", key),
			Holds: func(f cadence) bool {
				i := place(f)
				return i >= 0 && len(f.answer.chords) > 0 && f.answer.Top[i].DiatonicSet[0] == f.answer.chords[0]
			}},
	).WithHints(
		"ExtractChords drops a chord it has already read, before anything is scored: which progression does main score?",
		"Main's cadence rule weighs a progression that ends on a key's dominant, then its tonic. Does the progression it scores end so? And how does main order a tie?",
	)
}

// relativeOrder is what exercise 4's claims are decided on: section 4 with a list of keys, and
// with GA's.
type relativeOrder struct {
	all            []keys.Candidate
	wrong, gaWrong []string
}

// relativeOrderExercise is exercise 4: the relative keys section 4 finds wrong with the list of
// keys from seven sharps when fromSharps, else with GA's list, and the relative key of key.
func relativeOrderExercise(fromSharps bool, key theory.Tonality) *learn.Exercise {
	type claim = learn.Claim[relativeOrder]
	list := "GA's list"
	if fromSharps {
		list = "the list from seven sharps"
	}
	twin := key
	for _, k := range theory.Tonalities(key.Minor) {
		if k.Tonic.PitchClass() == key.Tonic.PitchClass() && k.Tonic != key.Tonic {
			twin = k
		}
	}
	carried := func(f relativeOrder) string {
		for _, c := range f.all {
			if c.Key == key.String() {
				return c.RelativeKey
			}
		}
		return ""
	}
	listed := func(k theory.Tonality) func(relativeOrder) bool {
		return func(f relativeOrder) bool {
			return slices.ContainsFunc(f.wrong, func(w string) bool { return strings.HasPrefix(w, k.String()+" → ") })
		}
	}
	return learn.Choose(func(_ context.Context, w io.Writer) (relativeOrder, error) {
		pin := keys.Pin
		pin.SharpsFirst = fromSharps
		var f relativeOrder
		var err error
		if f.all, f.wrong, err = relativeKeys(pin); err != nil {
			return relativeOrder{}, err
		}
		if _, f.gaWrong, err = relativeKeys(keys.Pin); err != nil {
			return relativeOrder{}, err
		}
		r := report.New(w)
		r.Title("Section 4 with %s (course l11 --keys-from-sharps runs the lesson with the list from seven sharps)", list)
		r.Line("%s: %d keys, %d with another relative key: %s", pin.Commit, len(f.all), len(f.wrong), strings.Join(f.wrong, "; "))
		r.Line("%s carries %s; the textbook's relative is %s", key, carried(f), key.Relative())
		return f, r.Err()
	},
		claim{Text: fmt.Sprintf("with %s, %s carries its textbook relative key", list, key),
			Holds: func(f relativeOrder) bool { return carried(f) == key.Relative().String() }},
		claim{Text: fmt.Sprintf("with %s, section 4 lists as many keys as with GA's list", list),
			Holds: func(f relativeOrder) bool { return len(f.wrong) == len(f.gaWrong) }},
		claim{Text: fmt.Sprintf("with %s, section 4 lists %s", list, key), Holds: listed(key)},
		claim{Text: fmt.Sprintf("with %s, section 4 lists %s", list, twin), Holds: listed(twin)},
		claim{Text: fmt.Sprintf("with %s, every key section 4 lists is written with flats", list),
			Holds: func(f relativeOrder) bool {
				flats := len(f.wrong) > 0
				for _, w := range f.wrong {
					flats = flats && strings.Contains(strings.Split(w, " ")[0], "b")
				}
				return flats
			}},
	).WithHints(
		"A relative key is the first key of the other mode, in the list's order, with the same seven pitch classes.",
		"Six pairs of keys sound alike. Whichever twin the list meets first is the one every relative key is named by.",
	)
}
