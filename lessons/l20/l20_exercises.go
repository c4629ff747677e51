package l20

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"course/ga/composition"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
	"course/theory"
)

// Exercises is lesson 20's exercises, in the order docs/l20.md asks them, solved with
// the lesson's options.
func Exercises(opts *Options) learn.Lesson {
	templates := opts.templates
	if templates == nil {
		templates = composition.GATemplates()
	}
	dMinor := theory.Tonality{Tonic: theory.MustNote("D"), Minor: true}
	return learn.NewLesson("l20",
		rootsExercise(templates, "andalusian", dMinor, []string{"D minor", "Dm", "D7b9"}),
		lengthsExercise(templates, "C", "12-bar-blues", []int{12, 13, 100000}),
		lastChordExercise(templates, "C", "12-bar-blues", 100000),
		keysExercise(templates, "ii-V-I", "I-V-vi-IV"),
	)
}

// symbolsOf are the chord symbols of an answer, or its error.
func symbolsOf(p composition.Progression) []string {
	if p.Error != "" {
		return []string{p.Error}
	}
	out := make([]string, p.Len())
	for i := range out {
		out[i] = p.At(i).Symbol
	}
	return out
}

// generated is what exercise 1's claims are decided on: the textbook's chords, and the tool's
// chords on each root, in the roots' order.
type generated struct {
	textbook []string
	answers  [][]string
}

// rootsExercise is exercise 1: template generated on each of roots, each a way of writing a
// root of key, against the textbook's chords in key.
func rootsExercise(templates composition.Templates, template string, key theory.Tonality, roots []string) *learn.Exercise {
	type claim = learn.Claim[generated]
	claims := make([]claim, 0, len(roots)+1)
	for i, root := range roots {
		claims = append(claims, claim{Text: fmt.Sprintf("the tool's %s on the root %s is spelled as a textbook spells it in %s", template, kit.Quote(root), key),
			Holds: func(f generated) bool { return slices.Equal(f.answers[i], f.textbook) }})
	}
	claims = append(claims, claim{Text: fmt.Sprintf("the tool writes the same chords for the roots %s and %s", kit.Quote(roots[0]), kit.Quote(roots[1])),
		Holds: func(f generated) bool { return slices.Equal(f.answers[0], f.answers[1]) }})
	return learn.Choose(func(_ context.Context, w io.Writer) (generated, error) {
		textbook, err := spellTemplate(templates, key, template)
		if err != nil {
			return generated{}, err
		}
		var f generated
		for _, c := range textbook {
			f.textbook = append(f.textbook, c.textbook)
		}
		r := report.New(w)
		r.Title("%s on each root, against a textbook in %s", template, key)
		rows := [][]string{{"(textbook)", strings.Join(f.textbook, " ")}}
		for _, root := range roots {
			got := symbolsOf(templates.Generate(root, template, nil))
			f.answers = append(f.answers, got)
			rows = append(rows, []string{root, strings.Join(got, " ")})
		}
		r.Table([]string{"root", "chords"}, rows)
		return f, r.Err()
	}, claims...).WithHints(
		"The tool reads the root's pitch class from the whole string as a chord symbol, so a quality or extension after the letter is read and dropped.",
		"It spells every root with sharps, unless the root as written contains a lower-case b or is F.",
	)
}

// lengthsExercise is exercise 2: the characters of the tool's JSON for template on root at
// each of lengths.
func lengthsExercise(templates composition.Templates, root, template string, lengths []int) *learn.Exercise {
	names := make([]string, len(lengths))
	for i, n := range lengths {
		names[i] = strconv.Itoa(n)
	}
	return learn.Compute(learn.Numbers.Saying("the characters of the JSON at lengths "+strings.Join(names, ", ")+", in that order"), func(_ context.Context, w io.Writer) (string, error) {
		r := report.New(w)
		r.Title("%s on %s: the characters of the tool's JSON", template, root)
		var counts []string
		var rows [][]string
		for _, n := range lengths {
			answer := templates.Generate(root, template, &n)
			if answer.Error != "" {
				return "", fmt.Errorf("%s %s at length %d: %s", root, template, n, answer.Error)
			}
			c := strconv.Itoa(answer.Characters())
			counts = append(counts, c)
			rows = append(rows, []string{strconv.Itoa(n), strconv.Itoa(answer.Len()), c})
		}
		r.Table([]string{"length", "chords", "characters of JSON"}, rows)
		return strings.Join(counts, ", "), r.Err()
	}).WithHints(
		"The JSON is a head, the chords separated by commas, and a tail; the head writes the length itself.",
		"A longer length adds one chord and one comma per chord; the head grows only when the length gains a digit.",
	)
}

// lastChordExercise is exercise 3: the last chord of template on root at length.
func lastChordExercise(templates composition.Templates, root, template string, length int) *learn.Exercise {
	return learn.Compute(learn.Chord.Saying("the last chord's symbol, such as G7"), func(_ context.Context, w io.Writer) (string, error) {
		answer := templates.Generate(root, template, &length)
		if answer.Error != "" || answer.Len() == 0 {
			return "", fmt.Errorf("%s %s at length %d: %q", root, template, length, answer.Error)
		}
		pass := templates.Generate(root, template, nil).Len()
		last := answer.At(answer.Len() - 1)
		r := report.New(w)
		r.Title("%s on %s at length %d", template, root, length)
		r.Facts(0,
			report.Fact{Label: "chords in one pass", Value: strconv.Itoa(pass)},
			report.Fact{Label: "the last chord's index", Value: fmt.Sprintf("%d, step %d of the pass", answer.Len()-1, (answer.Len()-1)%pass)},
			report.Fact{Label: "the last chord", Value: last.Roman + " " + last.Symbol},
		)
		return last.Symbol, r.Err()
	}).WithHints(
		"A looped template repeats one pass of chords: chord i is step i modulo the pass's length.",
		"Count from 0: the last of n chords is chord n-1.",
	)
}

// keyNames is the form of exercise 4: key names in any order, or none.
var keyNames = learn.Form{Says: "the keys' tonics in any order, such as D Bb, or none", AnyOrder: true,
	Rule: `note names in any order, split at spaces, commas or dashes; the letter's case and ♯ ♭ for # b do not matter; C# and Db are different names; "none", in either case, is no key`,
	Read: func(s string) []string {
		return slices.DeleteFunc(learn.Notes(false).Read(s), func(item string) bool { return strings.EqualFold(item, "none") })
	}}

// keysExercise is exercise 4: the major keys in which the tool spells every chord of right as a
// textbook does and some chord of wrong otherwise.
func keysExercise(templates composition.Templates, right, wrong string) *learn.Exercise {
	return learn.Compute(keyNames, func(_ context.Context, w io.Writer) (string, error) {
		r := report.New(w)
		r.Title("The fifteen major keys: the chords the tool spells otherwise in %s and in %s", right, wrong)
		var keys []string
		var rows [][]string
		for _, key := range theory.SignatureTable(false) {
			misses := make([]string, 2)
			for i, template := range []string{right, wrong} {
				chords, err := spellTemplate(templates, key, template)
				if err != nil {
					return "", err
				}
				var off []string
				for _, c := range chords {
					if !c.spelledRight() {
						off = append(off, c.symbol+" for "+c.textbook)
					}
				}
				misses[i] = strings.Join(off, ", ")
			}
			if misses[0] == "" && misses[1] != "" {
				keys = append(keys, key.Tonic.String())
			}
			rows = append(rows, []string{key.String(), cellOr(misses[0], "none"), cellOr(misses[1], "none")})
		}
		r.Table([]string{"key", right, wrong}, rows)
		return cellOr(strings.Join(keys, " "), "none"), r.Err()
	}).WithHints(
		"The lesson's first table lists, key by key, the chords the tool spells otherwise.",
		"The tool picks sharps or flats from the root as written; a textbook names the chord's letter from the numeral first.",
	)
}

// cellOr is s, or empty when s is empty.
func cellOr(s, empty string) string {
	if s == "" {
		return empty
	}
	return s
}
