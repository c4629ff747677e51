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
	return &learn.Exercise{Kind: learn.Value, Form: readingForm,
		Hints: []string{
			`The pin's pattern is \b[A-G][b#]?(m|dim|aug|maj)?\b: after the match there must be a word boundary. Is there one between "Am" and "7"?`,
			"Main reads extensions and counts a chord with a 7 and nothing else as a dominant: on which degree of which major key is D7 the dominant?",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, err := quietLesson()
			if err != nil {
				return learn.Answer{}, err
			}
			answers, rows, err := answerRows(l, query)
			if err != nil {
				return learn.Answer{}, err
			}
			parts := make([]string, len(answers))
			for i, a := range answers {
				parts[i] = versionLine(a)
			}
			return learn.Answer{Value: strings.Join(parts, "; "), Evidence: func(r *report.Report) error {
				r.Title("%q", query)
				r.Table([]string{"version", "reads", "keys"}, rows)
				return r.Err()
			}}, nil
		}}
}

// tieExercise is exercise 2: the first key each version gives for two orders of one
// progression.
func tieExercise(queries [2]string) *learn.Exercise {
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			"the pin puts the same key first for both questions",
			"main puts the same key first for both questions",
			"at the pin, the first key is the first of the keys tied at the top in alphabetical order, for both questions",
			"on main, the first key of each question is a key whose tonic triad opens the progression",
			"both versions find the same keys tied at the top, for both questions",
		},
		Hints: []string{
			"Both versions count the same chords, so the keys tied at the top are the same; only the order of a tie differs.",
			"The pin sorts a tie by name. Main looks at the progression's first chord before it looks at the names.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, err := quietLesson()
			if err != nil {
				return learn.Answer{}, err
			}
			var pin, main []keyAnswer
			var rows [][]string
			for _, q := range queries {
				answers, qRows, err := answerRows(l, q)
				if err != nil {
					return learn.Answer{}, err
				}
				pin, main = append(pin, answers[0]), append(main, answers[1])
				for _, row := range qRows {
					rows = append(rows, append([]string{q}, row...))
				}
			}
			alphabetical, opens, sameTop := true, true, true
			for i := range queries {
				top := candidateKeys(pin[i].Top)
				alphabetical = alphabetical && len(top) > 0 && top[0] == slices.Min(top)
				opens = opens && len(main[i].Top) > 0 && len(main[i].chords) > 0 && main[i].Top[0].DiatonicSet[0] == main[i].chords[0]
				sameTop = sameTop && slices.Equal(slices.Sorted(slices.Values(top)), slices.Sorted(slices.Values(candidateKeys(main[i].Top))))
			}
			return learn.Answer{
				Holds: []bool{topKey(pin[0]) == topKey(pin[1]), topKey(main[0]) == topKey(main[1]), alphabetical, opens, sameTop},
				Evidence: func(r *report.Report) error {
					r.Title("Both questions, asked of both versions")
					r.Table([]string{"question", "version", "reads", "keys"}, rows)
					return r.Err()
				}}, nil
		}}
}

// topKey is the key an answer puts first, "" for none.
func topKey(a keyAnswer) string {
	if len(a.Top) == 0 {
		return ""
	}
	return a.Top[0].Key
}

// cadenceExercise is exercise 3: why main puts key first for the progression chords.
func cadenceExercise(chords []string, key string) *learn.Exercise {
	query := keyQuery(chords)
	beforeLast := chords[max(0, len(chords)-2)]
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			fmt.Sprintf("main reads all %d chords of %q, a repeated one included", len(chords), query),
			fmt.Sprintf("the last chord of the progression main scores is %s", beforeLast),
			fmt.Sprintf("main's Identify counts %s as a chord of %s", beforeLast, key),
			fmt.Sprintf("%s is tied at the top with other keys", key),
			fmt.Sprintf("given the %d chords as a list, repeats included, main's Identify puts %s first", len(chords), key),
			fmt.Sprintf("%s's tonic triad opens the progression main scores", key),
		},
		Hints: []string{
			"ExtractChords drops a chord it has already read, before anything is scored: which progression does main score?",
			"Main's cadence rule weighs a progression that ends on a key's dominant, then its tonic. Does the progression it scores end so? And how does main order a tie?",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, err := quietLesson()
			if err != nil {
				return learn.Answer{}, err
			}
			main := l.versions[1]
			a, err := l.ask(main, query)
			if err != nil {
				return learn.Answer{}, err
			}
			counted := slices.ContainsFunc(main.Identify([]string{beforeLast}), func(c keys.Candidate) bool { return c.Key == key })
			all := main.Identify(chords)
			i := slices.IndexFunc(a.Top, func(c keys.Candidate) bool { return c.Key == key })
			opens := i >= 0 && len(a.chords) > 0 && a.Top[i].DiatonicSet[0] == a.chords[0]
			return learn.Answer{
				Holds: []bool{len(a.chords) == len(chords), len(a.chords) > 0 && a.chords[len(a.chords)-1] == beforeLast, counted,
					i >= 0 && len(a.Top) > 1, len(all) > 0 && all[0].Key == key, opens},
				Evidence: func(r *report.Report) error {
					r.Title("%q at %s", query, main.Commit)
					r.Line("  reads %s; top %s%s", strings.Join(a.chords, " "), topText(a.Selection), partialText(a.Selection))
					r.Line("  %s counted in %s by Identify: %v", beforeLast, key, counted)
					given := keys.Select(all)
					if len(all) > 0 {
						r.Line("  given %s as a list, Identify puts %s first; top %s%s", strings.Join(chords, " "), all[0].Key, topText(given), partialText(given))
					}
					return r.Err()
				}}, nil
		}}
}

// relativeOrderExercise is exercise 4: the relative keys section 4 finds wrong with the list of
// keys from seven sharps when fromSharps, else with GA's list, and the relative key of key.
func relativeOrderExercise(fromSharps bool, key theory.Tonality) *learn.Exercise {
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
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			fmt.Sprintf("with %s, %s carries its textbook relative key", list, key),
			fmt.Sprintf("with %s, section 4 lists as many keys as with GA's list", list),
			fmt.Sprintf("with %s, section 4 lists %s", list, key),
			fmt.Sprintf("with %s, section 4 lists %s", list, twin),
			fmt.Sprintf("with %s, every key section 4 lists is written with flats", list),
		},
		Hints: []string{
			"A relative key is the first key of the other mode, in the list's order, with the same seven pitch classes.",
			"Six pairs of keys sound alike. Whichever twin the list meets first is the one every relative key is named by.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			pin := keys.Pin
			pin.SharpsFirst = fromSharps
			all, wrong, err := relativeKeys(pin)
			if err != nil {
				return learn.Answer{}, err
			}
			_, gaWrong, err := relativeKeys(keys.Pin)
			if err != nil {
				return learn.Answer{}, err
			}
			listed := func(k theory.Tonality) bool {
				return slices.ContainsFunc(wrong, func(w string) bool { return strings.HasPrefix(w, k.String()+" → ") })
			}
			carried := ""
			for _, c := range all {
				if c.Key == key.String() {
					carried = c.RelativeKey
				}
			}
			flats := len(wrong) > 0
			for _, w := range wrong {
				flats = flats && strings.Contains(strings.Split(w, " ")[0], "b")
			}
			return learn.Answer{
				Holds: []bool{carried == key.Relative().String(), len(wrong) == len(gaWrong), listed(key), listed(twin), flats},
				Evidence: func(r *report.Report) error {
					r.Title("Section 4 with %s (course l11 --keys-from-sharps runs the lesson with the list from seven sharps)", list)
					r.Line("%s: %d keys, %d with another relative key: %s", pin.Commit, len(all), len(wrong), strings.Join(wrong, "; "))
					r.Line("%s carries %s; the textbook's relative is %s", key, carried, key.Relative())
					return r.Err()
				}}, nil
		}}
}
