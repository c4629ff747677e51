package l12

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"

	"course/ga/keys"
	"course/learn"
	"course/theory"
)

// Exercises is lesson 12's exercises, in the order docs/l12.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l12",
		moodWordsExercise([]string{"Make it sound happier and less dark", "Can you make my chords less bright?"}),
		completionTellsExercise([]string{"Am", "G", "F", "E"}),
		enharmonicListExercise(theory.Tonality{Tonic: theory.MustNote("Db")}, nextChordQuestions[0].degrees),
		sharpRewriteExercise([]string{"F#", "D#m", "B"}),
	)
}

// moodForm reads an answer of brighten or darken for each prompt, in order; "brighter",
// "bright" and the like are read as brighten, "dark" and "darker" as darken.
var moodForm = learn.Form{Says: "brighten or darken for each question, in order, separated by a comma",
	Rule: `words in order, split at anything not a letter, in either case; a word beginning "bright" is brighten, one beginning "dark" darken; "and", "the", "text" and "answer" are skipped; any other word is kept`,
	Read: func(s string) []string {
		var items []string
		for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
			switch {
			case strings.HasPrefix(w, "bright"):
				items = append(items, "brighten")
			case strings.HasPrefix(w, "dark"):
				items = append(items, "darken")
			case w == "and" || w == "the" || w == "text" || w == "answer":
			default:
				items = append(items, w)
			}
		}
		return items
	}}

// moodWordsExercise is exercise 1: the text the mood skill gives each of prompts.
func moodWordsExercise(prompts []string) *learn.Exercise {
	return learn.Compute(moodForm, func(_ context.Context, w io.Writer) (string, error) {
		l, err := newLesson(w)
		if err != nil {
			return "", err
		}
		l.r.Title("ProgressionMoodSkill's answer to each question")
		got := make([]string, len(prompts))
		for i, p := range prompts {
			answer := l.askMood(p)
			got[i] = moodBranch(answer)
			first, _, _ := strings.Cut(answer, "\n")
			l.r.Line("%q", p)
			l.r.Line("  gets the %s text: %s", got[i], first)
		}
		return strings.Join(got, ", "), l.r.Err()
	}).WithHints(
		"The skill never reads the progression: it looks for a few words in the lower-cased question, and gives the brighten text only when it finds one.",
		"Section 1's table shows which of its own examples get the brighten text; compare their words with each question's, letter for letter.",
	)
}

// nextAfter is the completion question the exercises ask of a progression.
func nextAfter(chords []string) string {
	return "What comes next after " + strings.Join(chords, " ") + "?"
}

// completionTellsExercise is exercise 2: what each version tells the model for a progression,
// and what its last chord counts as. The claims are decided on what each version tells, the
// pin's first.
func completionTellsExercise(progression []string) *learn.Exercise {
	type claim = learn.Claim[[2]told]
	question := nextAfter(progression)
	last := progression[len(progression)-1]
	n := len(progression)
	all := func(t told) bool { return t.count == fmt.Sprintf("%d/%d", n, n) }
	return learn.Choose(func(_ context.Context, w io.Writer) ([2]told, error) {
		l, err := newLesson(w)
		if err != nil {
			return [2]told{}, err
		}
		var says [2]told
		for i, v := range l.versions {
			t, ok, err := l.tell(v, question)
			if err != nil {
				return says, err
			}
			if !ok {
				return says, fmt.Errorf("%s reads no chord in %q", v.Commit, question)
			}
			says[i] = t
		}
		l.r.Title("What the completion skill tells the model")
		if err := l.show(question); err != nil {
			return says, err
		}
		return says, l.r.Err()
	},
		claim{Text: fmt.Sprintf("both versions read the %d chords as written", n),
			Holds: func(t [2]told) bool {
				return slices.Equal(t[0].chords, progression) && slices.Equal(t[1].chords, progression)
			}},
		claim{Text: "both versions name the same keys, in the same order, on the \"Detected key\" line",
			Holds: func(t [2]told) bool { return t[0].keys == t[1].keys }},
		claim{Text: fmt.Sprintf("at the pin the model is told that all %d chords are diatonic", n),
			Holds: func(t [2]told) bool { return all(t[0]) }},
		claim{Text: fmt.Sprintf("on main the model is told that all %d chords are diatonic", n),
			Holds: func(t [2]told) bool { return all(t[1]) }},
		claim{Text: fmt.Sprintf("%s is among the chords the model may suggest, at the pin", last),
			Holds: func(t [2]told) bool { return slices.Contains(t[0].set, last) }},
		claim{Text: "both versions let the model suggest the same seven chords, whatever their order",
			Holds: func(t [2]told) bool {
				return slices.Equal(slices.Sorted(slices.Values(t[0].set)), slices.Sorted(slices.Values(t[1].set)))
			}},
	).WithHints(
		"The key service counts a chord only when its root and its quality are one of the key's seven triads.",
		"Which triad stands on the fifth degree of a list built from the natural minor scale?",
	)
}

// enharmonicList is what exercise 3's claims are decided on: what the pin tells the model, and
// the mark the lesson's grid gives it.
type enharmonicList struct {
	told told
	mark string
}

// enharmonicListExercise is exercise 3: the pinned answer to "What chord comes next after ...?"
// for the progression of degrees in key k.
func enharmonicListExercise(k theory.Tonality, degrees []int) *learn.Exercise {
	type claim = learn.Claim[enharmonicList]
	triads := k.Triads()
	chords := make([]string, len(degrees))
	for i, d := range degrees {
		chords[i] = triads[d]
	}
	question := "What chord comes next after " + strings.Join(chords, " ") + "?"
	return learn.Choose(func(_ context.Context, w io.Writer) (enharmonicList, error) {
		l, err := newLesson(w)
		if err != nil {
			return enharmonicList{}, err
		}
		t, ok, err := l.tell(keys.Pin, question)
		if err != nil {
			return enharmonicList{}, err
		}
		if !ok {
			return enharmonicList{}, fmt.Errorf("the pin reads no chord in %q", question)
		}
		mark, err := nextChordMark(t, chords, triads)
		if err != nil {
			return enharmonicList{}, err
		}
		l.r.Title("%s: %q", k, question)
		for _, s := range toldLines(keys.Pin, t, true) {
			l.r.Line("%s", s)
		}
		l.r.Line("  %s's triads as the textbook spells them: %s", k, strings.Join(triads, ", "))
		l.r.Line("  the grid's mark: %s", mark)
		return enharmonicList{told: t, mark: mark}, l.r.Err()
	},
		claim{Text: "at the pin, the key the list is built from is spelled with sharps",
			Holds: func(f enharmonicList) bool { return strings.Contains(f.told.all[0].Key, "#") }},
		claim{Text: "several keys tie at the top, and the pin's first is the first of them by name",
			Holds: func(f enharmonicList) bool {
				var tied []string
				for _, c := range f.told.all {
					if c.MatchCount == f.told.all[0].MatchCount {
						tied = append(tied, c.Key)
					}
				}
				return len(tied) > 1 && f.told.all[0].Key == slices.Min(tied)
			}},
		claim{Text: fmt.Sprintf("the pin lets the model suggest other chords than %s's, not only other names", k),
			Holds: func(f enharmonicList) bool { return f.mark == "x" }},
		claim{Text: "the pin reads a chord of the question as another chord",
			Holds: func(f enharmonicList) bool { return f.mark == "r" }},
		claim{Text: "the list names a chord on E# or B#, notes a guitarist reads as F and C",
			Holds: func(f enharmonicList) bool {
				return slices.ContainsFunc(f.told.set, func(c string) bool { return strings.HasPrefix(c, "E#") || strings.HasPrefix(c, "B#") })
			}},
	).WithHints(
		"Look at the \"Detected key\" line: how many keys hold all three chords, and in which order does the pin write them?",
		"A key with sharps spells its chords with sharps, whatever the question wrote; which of its chords stand on a sharpened E or B?",
	)
}

// majorSpellings are ways of writing a major triad, tried in this order when a question is
// rewritten so that both versions read its chords.
var majorSpellings = []string{"", "maj", "M", "major"}

// readsAsWritten reports whether both versions read question's chords as the chords of
// progression, one for one, whatever their spelling.
func readsAsWritten(question string, progression []string) bool {
	for _, v := range []keys.Service{keys.Pin, keys.Main} {
		read := v.ExtractChords(question)
		if len(read) != len(progression) {
			return false
		}
		for i, c := range read {
			got, ok := v.Parse(c)
			want, ok2 := v.Parse(progression[i])
			if !ok || !ok2 || got != want {
				return false
			}
		}
	}
	return true
}

// keyName is a key as an answer writes it, "F# major", in lower case and single spaces.
func keyName(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(strings.NewReplacer("♯", "#", "♭", "b").Replace(s))), " ")
}

// rewriteForm reads an answer to exercise 4: a question, then the two keys, separated by ";".
// The question is read as both versions read it: whether they read the progression's chords.
func rewriteForm(progression []string) learn.Form {
	return learn.Form{
		Says: "your question, then the key the pin puts first and the key main puts first, separated by \";\" (What chord comes next after ...?; a key; a key)",
		Rule: `parts split at ";": the question is right whenever both versions read the progression's chords in it, however it is worded or spelled; the keys after it in order, letter case, runs of spaces and ♯ ♭ for # b aside`,
		Read: func(s string) []string {
			parts := strings.Split(s, ";")
			read := "both versions read " + strings.Join(progression, " ") + ": "
			if readsAsWritten(parts[0], progression) {
				read += "yes"
			} else {
				read += "no"
			}
			items := []string{read}
			for _, p := range parts[1:] {
				items = append(items, keyName(p))
			}
			return items
		}}
}

// sharpRewriteExercise is exercise 4: the progression asked so that both versions read it, and
// the key each then puts first.
func sharpRewriteExercise(progression []string) *learn.Exercise {
	return learn.Compute(rewriteForm(progression), func(_ context.Context, w io.Writer) (string, error) {
		question, ok := rewrite(progression)
		if !ok {
			return "", fmt.Errorf("no spelling of %s that both versions read", strings.Join(progression, " "))
		}
		l, err := newLesson(w)
		if err != nil {
			return "", err
		}
		l.r.Title("The progression as written, then rewritten")
		var first []string
		for _, q := range []string{"What chord comes next after " + strings.Join(progression, " ") + "?", question} {
			if err := l.show(q); err != nil {
				return "", err
			}
		}
		for _, v := range l.versions {
			t, _, err := l.tell(v, question)
			if err != nil {
				return "", err
			}
			first = append(first, t.all[0].Key)
		}
		return question + "; " + strings.Join(first, "; "), l.r.Err()
	}).WithHints(
		"The chord pattern ends with a word boundary: after a sharp, there is one only when a letter or a digit follows.",
		"Write the major chord so that a letter follows its sharp and both versions still read a major triad; then compare the two versions' \"Detected key\" lines.",
	)
}

// rewrite writes the progression's completion question with the first spelling of each chord
// that both versions read as the chord, trying majorSpellings on major triads.
func rewrite(progression []string) (string, bool) {
	spelled := make([]string, len(progression))
	for i, c := range progression {
		spelled[i] = c
		if t, ok := keys.Main.Parse(c); !ok || t.Quality != keys.Major {
			continue
		}
		for _, s := range majorSpellings {
			if readsAsWritten("What chord comes next after "+c+s+"?", []string{c}) {
				spelled[i] = c + s
				break
			}
		}
	}
	q := "What chord comes next after " + strings.Join(spelled, " ") + "?"
	return q, readsAsWritten(q, progression)
}
