package l14

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"course/ga/dsl"
	"course/internal/lazy"
	"course/internal/report"
	"course/learn"
)

// Exercises is lesson 14's exercises, in the order docs/l14.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l14",
		symmetricListExercise("Cdim7"),
		gainLabelExercise([2]string{"A7", "Dm7"}, "Tritone Substitution"),
		defaultKeyExercise("F#7"),
	)
}

// chordsForm reads chord symbols in any order, separated by spaces or commas; ♯ and ♭ are read
// as # and b, and a symbol's letter case is kept, since it can change the chord.
var chordsForm = learn.Form{Says: "chord symbols as the skill writes them, in any order, such as Em7 G", AnyOrder: true,
	Rule: `chord symbols in any order, split at spaces, commas or semicolons, "and" and full stops after a symbol skipped; ♯ ♭ for # b; letter case kept, so Em7 and EM7 differ`,
	Read: func(s string) []string {
		s = strings.NewReplacer("♯", "#", "♭", "b").Replace(s)
		var items []string
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\n' || r == '\t' }) {
			if f = strings.TrimRight(f, "."); f != "" && f != "and" {
				items = append(items, f)
			}
		}
		return items
	}}

// symmetricListExercise is exercise 1: the substitutes the skill lists for chord.
func symmetricListExercise(chord string) *learn.Exercise {
	return learn.Compute(chordsForm, func(_ context.Context, w io.Writer) (string, error) {
		l := &lesson{r: report.New(w)}
		prompt := "Substitute for " + chord
		list, ok := asList(l.skill.Execute(prompt).Text)
		if !ok {
			return "", fmt.Errorf("the skill gave no list for %s", chord)
		}
		l.r.Title("%q", prompt)
		for i, n := range list.names {
			l.r.Line("  %-8s %s, shares %d notes with %s, ICV %s", n, list.costs[i], sharedTones(chord, n), chord, showICV(icv(n)))
		}
		l.r.Line("%s itself: ICV %s", chord, showICV(icv(chord)))
		return strings.Join(list.names, " "), l.r.Err()
	}).WithHints(
		"The skill lists up to five chords of the source's own set class, the nearest by GA's measure, and leaves the source out.",
		"Stack minor thirds from each root: how many different diminished seventh chords are there, counted by their notes?",
	)
}

// labelSpace is the spacing a label may be written with around "=" and brackets.
var labelSpace = lazy.Regexp(`\s*([=()])\s*`)

// label is a relationship label as the form compares it: lower case, single spaces, none
// around "=" and brackets.
func label(s string) string {
	s = strings.Join(strings.Fields(strings.ToLower(strings.Trim(s, " .\t\n"))), " ")
	return labelSpace().ReplaceAllString(s, "$1")
}

// labelsForm reads relationship labels in any order, separated by commas, semicolons or
// "and"; gained, the label the question asks for, may be given too and is left out.
func labelsForm(gained string) learn.Form {
	return learn.Form{Says: "the other labels as the skill writes them, in any order, separated by commas, or none", AnyOrder: true,
		Rule: `labels in any order, split at commas, semicolons or " and "; letter case, runs of spaces, a full stop at either end and spaces around "=" and brackets do not matter; "none" and the label the question names are left out`,
		Read: func(s string) []string {
			var items []string
			for _, part := range strings.FieldsFunc(strings.ReplaceAll(s, " and ", ","), func(r rune) bool { return r == ',' || r == ';' || r == '\n' }) {
				if l := label(part); l != "" && l != "none" && l != label(gained) {
					items = append(items, l)
				}
			}
			slices.Sort(items)
			return slices.Compact(items)
		}}
}

// gainLabelExercise is exercise 2: the one-chord changes of pair that make the skill's
// comparison gain the label gained, and the labels that come with it.
func gainLabelExercise(pair [2]string, gained string) *learn.Exercise {
	return learn.Compute(labelsForm(gained), func(_ context.Context, w io.Writer) (string, error) {
		l := &lesson{r: report.New(w)}
		compare := func(a, b string) ([]string, error) {
			_, _, labels, ok := asPair(l.skill.Execute("How are " + a + " and " + b + " related?").Text)
			if !ok {
				return nil, fmt.Errorf("the skill did not compare %s and %s", a, b)
			}
			return labels, nil
		}
		before, err := compare(pair[0], pair[1])
		if err != nil {
			return "", err
		}
		l.r.Title("How are %s and %s related?", pair[0], pair[1])
		l.r.Line("  %s", strings.Join(before, ", "))
		if slices.Contains(before, gained) {
			return "", fmt.Errorf("%s and %s are already labelled %s", pair[0], pair[1], gained)
		}
		l.r.Title("The one-chord changes that gain %s", gained)
		var common []string
		found := false
		for side := range pair {
			for _, root := range roots {
				for _, q := range qualities {
					p := pair
					p[side] = root + q.suffix
					labels, err := compare(p[0], p[1])
					if err != nil {
						return "", err
					}
					if !slices.Contains(labels, gained) {
						continue
					}
					l.r.Line("  %s and %s: %s", p[0], p[1], strings.Join(labels, ", "))
					others := slices.DeleteFunc(slices.Clone(labels), func(s string) bool { return s == gained })
					if !found {
						common, found = others, true
					} else {
						common = slices.DeleteFunc(common, func(s string) bool { return !slices.Contains(others, s) })
					}
				}
			}
		}
		if !found {
			return "", fmt.Errorf("no change of one chord of %s and %s gains %s", pair[0], pair[1], gained)
		}
		value := strings.Join(common, ", ")
		if len(common) == 0 {
			value = "none"
		}
		return value, l.r.Err()
	}).WithHints(
		"A label is a rule on the two roots' distance and the chords' intervals; read which rule the label needs, and which chord of the pair breaks it.",
		"Once the pair fits the rule, compare the two chords' interval-class vectors: the set-class and ICV labels follow from them.",
	)
}

// keyForm reads a key, a note and major or minor, as the closure writes it.
var keyForm = learn.Form{Says: "a key, such as Eb minor",
	Rule: "letter case, runs of spaces, ♯ ♭ for # b and a full stop at the end do not matter; every other character does, so Eb minor and D# minor differ", Read: func(s string) []string {
		s = strings.NewReplacer("♯", "#", "♭", "b").Replace(strings.TrimSpace(s))
		fields := strings.Fields(strings.ToLower(strings.TrimSuffix(s, ".")))
		if len(fields) > 0 {
			fields[0] = strings.ToUpper(fields[0][:1]) + fields[0][1:]
		}
		return []string{strings.Join(fields, " ")}
	}}

// mainKeyLine reads the key out of the first line of main's closure, "Substitutions for Am in
// key of A major:".
var mainKeyLine = lazy.Regexp(`in key of ([^:]+):`)

// defaultKeyExercise is exercise 3: the key main's closure takes for symbol without a key.
func defaultKeyExercise(symbol string) *learn.Exercise {
	return learn.Compute(keyForm, func(_ context.Context, w io.Writer) (string, error) {
		r := report.New(w)
		args := closureArgs{{"symbol", symbol}}
		answer, err := dsl.Main.Bootstrap().Run(closureName, args.asMap())
		if err != nil {
			return "", fmt.Errorf("%s(%s) on main: %w", closureName, args, err)
		}
		first, _, _ := strings.Cut(answer, "\n")
		m := mainKeyLine().FindStringSubmatch(first)
		if m == nil {
			return "", fmt.Errorf("%s(%s) on main names no key: %q", closureName, args, first)
		}
		r.Title("%s(%s), as main runs it", closureName, args)
		for line := range strings.SplitSeq(answer, "\n") {
			r.Line("  %s", strings.TrimRight(line, " "))
		}
		return m[1], r.Err()
	}).WithHints(
		"On main the closure's key is optional; when it is missing, the closure makes one from the symbol itself.",
		"Look at how much of the symbol's root the default keeps: the letter, the accidental, or both?",
	)
}
