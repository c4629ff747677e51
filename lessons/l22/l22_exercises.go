package l22

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
	"course/theory"
)

// Exercises is lesson 22's exercises, in the order docs/l22.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l22",
		distanceExercise(kit.GrothendieckQualities, 1),
		sharpRootExercise("ICV neighbors of C#"),
		sharedNotesExercise([]string{"C", "G"}),
	)
}

// chordNames is the form of exercise 1: chord symbols in any order, or none; a symbol's case
// is kept, since CM7 and Cm7 are two chords.
var chordNames = learn.Form{Says: "the chords on C in any order, such as Cm C7, or none", AnyOrder: true,
	Rule: `chord symbols in any order, split at spaces or commas, a full stop after one aside; "none" in either case is no chord; every other character counts, letter case too, so CM7 and Cm7 differ`,
	Read: func(s string) []string {
		var items []string
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == ',' }) {
			if f = strings.TrimSuffix(f, "."); f != "" && !strings.EqualFold(f, "none") {
				items = append(items, f)
			}
		}
		return items
	}}

// distanceExercise is exercise 1: which of qualities, on C, have a set at distance among the
// 4,096, by the course's vectors of the sets the skill builds.
func distanceExercise(qualities []string, distance int) *learn.Exercise {
	return learn.Compute(chordNames, func(_ context.Context, w io.Writer) (string, error) {
		l := newLesson(io.Discard)
		vectors := kit.SetVectors()
		r := report.New(w)
		r.Title("The sets at distance %d from each quality on C, among the 4,096", distance)
		var have []string
		var rows [][]string
		for _, q := range qualities {
			chord := "C" + q
			set, ok := l.skill.BuildSet(chord)
			if !ok {
				return "", fmt.Errorf("the skill builds no set for %s", chord)
			}
			v := theory.IntervalVector(set.PitchClasses())
			near := setsAtDistance(v, vectors, distance)
			if len(near) > 0 {
				have = append(have, chord)
			}
			sum := 0
			for _, c := range v {
				sum += c
			}
			rows = append(rows, []string{chord, kit.VectorString(v), strconv.Itoa(sum), strconv.Itoa(len(near))})
		}
		r.Table([]string{"chord", "vector", "sum of its counts", fmt.Sprintf("sets at distance %d", distance)}, rows)
		value := strings.Join(have, " ")
		if value == "" {
			value = "none"
		}
		return value, r.Err()
	}).WithHints(
		"A vector counts the pairs of notes by interval class, so its six counts add up to the number of pairs of the set's notes.",
		"A set of n notes has n(n-1)/2 pairs. Which sizes of sets have sums one apart?",
	)
}

// sharpRootExercise is exercise 2: the chord the skill answers prompt for.
func sharpRootExercise(prompt string) *learn.Exercise {
	return learn.Compute(learn.Chord.Saying("the chord the answer's heading names, such as Dm"), func(_ context.Context, w io.Writer) (string, error) {
		l := newLesson(io.Discard)
		a, err := l.ask(prompt)
		if err != nil {
			return "", err
		}
		if a.kind != "answer" {
			return "", fmt.Errorf("the skill does not answer %q: %s", prompt, a.says())
		}
		r := report.New(w)
		r.Title("%s", kit.Quote(prompt))
		r.Quote(kit.AnswerLines(a.text)[0])
		return a.chord, r.Err()
	}).WithHints(
		`The skill's chord group ends with \b, a boundary between a word character and a non-word one (or the text's end).`,
		"# is not a word character. What does the engine do when no boundary follows it?",
	)
}

// sharedNotesExercise is exercise 3: for each of chords, how many of the skill's rows hold a
// note of the chord.
func sharedNotesExercise(chords []string) *learn.Exercise {
	return learn.Compute(learn.Numbers.Saying(fmt.Sprintf("%d numbers of rows, for %s in that order", len(chords), strings.Join(chords, " and "))), func(_ context.Context, w io.Writer) (string, error) {
		l := newLesson(io.Discard)
		r := report.New(w)
		var counts []string
		for _, chord := range chords {
			set, ok := l.skill.BuildSet(chord)
			if !ok {
				return "", fmt.Errorf("the skill builds no set for %s", chord)
			}
			a, err := l.ask("ICV neighbors of " + chord)
			if err != nil {
				return "", err
			}
			r.Title("The rows for %s (%s): notes in common", chord, kit.SharpNotes(set.PitchClasses()))
			var rows [][]string
			n := 0
			for _, row := range a.rows {
				common := theory.CommonTones(row.pcs, set.PitchClasses())
				if common > 0 {
					n++
				}
				rows = append(rows, []string{"{" + kit.JoinInts(row.pcs, ",") + "}", kit.SharpNotes(row.pcs), strconv.Itoa(common)})
			}
			r.Table([]string{"set", "notes", "in common"}, rows)
			counts = append(counts, strconv.Itoa(n))
		}
		return strings.Join(counts, ", "), r.Err()
	}).WithHints(
		"The rows section reads each row's set; the chord's notes are the set the skill builds for it.",
		"The rows depend on the chord's vector only. Which chords share C major's vector?",
	)
}
