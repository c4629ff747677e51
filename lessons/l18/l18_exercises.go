package l18

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"course/internal/report"
	"course/learn"
	"course/theory"
)

// Exercises is lesson 18's exercises, in the order docs/l18.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l18",
		oneWordExercise("C", "F#", ""),
		leastMotionExercise("C", "G7"),
		flatsExercise("Bb", "Eb"),
	)
}

// exerciseLesson is the lesson with GA's skills, printing to w.
func exerciseLesson(w io.Writer) *lesson { return &lesson{r: report.New(w)} }

// prompt is the voice-leading prompt from one chord to another.
func prompt(from, to string) string { return "voice leading " + from + " to " + to }

// oneWordExercise is exercise 1: the prompt from chord from to root with quality, whose last
// word the learner rewrites so that the skill reads the chord asked.
func oneWordExercise(from, root, quality string) *learn.Exercise {
	to := root + quality
	asked := prompt(from, to)
	// The skill's reading of an answer: a prompt, or only what follows "to", which replaces
	// the asked prompt's last word.
	reading := func(answer string) []string {
		answer = strings.TrimSuffix(strings.Trim(strings.TrimSpace(answer), "\"'`"), ".")
		if !strings.Contains(strings.ToLower(answer), "voice") {
			answer = prompt(from, answer)
		}
		l := exerciseLesson(io.Discard)
		return []string{l.readAs(l.ask(answer), from, to)}
	}
	return learn.Compute(learn.Form{Says: fmt.Sprintf("the prompt, or only its new last word: the answer is right when the skill reads it as %s → %s", from, to),
		Rule: `the chords the skill reads in it, however they are written: an answer with "voice" in it is asked as a prompt, anything else in place of the prompt's last word; quotes around it and a full stop at the end aside`,
		Read: reading}, func(_ context.Context, w io.Writer) (string, error) {
		l := exerciseLesson(w)
		l.r.Title("%q and its last word written each way a textbook writes %s", asked, to)
		var rows [][]string
		found := ""
		for _, s := range symbols {
			if s.means != quality {
				continue
			}
			p := prompt(from, root+s.written)
			a := l.ask(p)
			verdict := "right"
			if !l.reads(a, from, to) {
				verdict = "wrong chord"
			} else if found == "" && p != asked {
				found = p
			}
			rows = append(rows, []string{p, l.readAs(a, from, to), verdict})
		}
		l.r.TableWidths([]string{"prompt", "reads", "verdict"}, rows, []int{36, 15})
		if l.err != nil {
			return "", l.err
		}
		if found == "" {
			return "", fmt.Errorf("no other writing of %s makes the skill read %q right", to, asked)
		}
		return found, nil
	}).WithHints(
		"The skill's expression ends a chord token at a word boundary, \\b: after a #, which is not a word character, there is none unless a letter follows.",
		"Section 3 lists the ways of writing a quality the skill takes; one of them spells a major triad with letters.",
	)
}

// leastMotionExercise is exercise 2, from chord from to chord to.
func leastMotionExercise(from, to string) *learn.Exercise {
	return learn.Compute(learn.Numbers.Saying("two numbers, in semitones: the least motion, then the skill's total").Counting(), func(_ context.Context, w io.Writer) (string, error) {
		l := exerciseLesson(w)
		p := prompt(from, to)
		a := l.ask(p)
		if !l.reads(a, from, to) {
			return "", fmt.Errorf("the skill does not read %q as %s → %s: %s", p, from, to, l.readAs(a, from, to))
		}
		least := theory.LeastMotion(l.pcs(from), l.pcs(to))
		l.r.Title("%q: the skill's answer", p)
		l.r.Quote(strings.ReplaceAll(l.skill.Execute(p).Text, "\r\n", "\n"))
		l.r.Title("Against the least motion")
		l.r.Line("%s is %s, %s is %s", from, noteNames(l.chord(from)), to, noteNames(l.chord(to)))
		l.r.Line("the least motion, any note doubled (theory.LeastMotion): %d", least)
		l.r.Line("the skill's total, its root doubled: %d; pairings of that total: %d", a.cost, bestPairings(l.pcs(from), l.pcs(to), a.cost))
		return fmt.Sprintf("%d, %d", least, a.cost), l.err
	}).WithHints(
		"Give the smaller chord a fourth voice, a copy of one of its notes, and pair every voice with a note of the other chord so that each moves the shorter way.",
		"The skill's fourth voice is a second root; try whether the pairing you found needs another note doubled.",
	)
}

// noteNames are a chord's notes as a textbook spells them.
func noteNames(c theory.Chord) string {
	names := make([]string, len(c.Tones))
	for i, t := range c.Tones {
		names[i] = t.String()
	}
	return strings.Join(names, " ")
}

// flats is what exercise 3's claims are decided on: which roots the skill spells with a flat,
// and whether it reads the first prompt's chords as a textbook spells them.
type flats struct {
	spelledFlat map[string]bool
	readsA      bool
}

// allFlat says whether the skill spells every one of roots with a flat.
func (f flats) allFlat(roots []string) bool {
	return !slices.ContainsFunc(roots, func(r string) bool { return !f.spelledFlat[r] })
}

// flatsExercise is exercise 3, on two roots written with an ASCII b.
func flatsExercise(a, b string) *learn.Exercise {
	type claim = learn.Claim[flats]
	ascii, flat := notations[2], notations[3]
	return learn.Choose(func(_ context.Context, w io.Writer) (flats, error) {
		l := exerciseLesson(w)
		l.r.Title("The root of \"voice leading <root> to C\" as the skill spells it")
		var rows [][]string
		f := flats{spelledFlat: map[string]bool{}}
		for _, root := range append([]string{a, b}, append(slices.Clone(ascii.roots), flat.roots...)...) {
			name := l.ask(prompt(root, "C")).root()
			rows = append(rows, []string{root, name, l.readAs(l.ask(prompt(root, "C")), strings.ReplaceAll(root, "♭", "b"), "C")})
			f.spelledFlat[root] = len(name) > 1 && strings.ContainsAny(name[1:], "b♭")
		}
		f.readsA = l.reads(l.ask(prompt(a, "C")), a, "C")
		l.r.TableWidths([]string{"root", "spelled", "reads"}, rows, []int{6, 9})
		if l.err != nil {
			return flats{}, l.err
		}
		return f, nil
	},
		claim{Text: fmt.Sprintf("the skill spells the root of %q with a flat", prompt(a, "C")),
			Holds: func(f flats) bool { return f.spelledFlat[a] }},
		claim{Text: fmt.Sprintf("the skill spells the root of %q with a flat", prompt(b, "C")),
			Holds: func(f flats) bool { return f.spelledFlat[b] }},
		claim{Text: fmt.Sprintf("the skill reads %q as the chords a textbook spells", prompt(a, "C")),
			Holds: func(f flats) bool { return f.readsA }},
		claim{Text: fmt.Sprintf("the accidentals table's %q row spells every root with a flat", ascii.label),
			Holds: func(f flats) bool { return f.allFlat(ascii.roots) }},
		claim{Text: fmt.Sprintf("the accidentals table's %q row spells every root with a flat", flat.label),
			Holds: func(f flats) bool { return f.allFlat(flat.roots) }},
	).WithHints(
		"TokenHasFlats asks IndexOf('b', OrdinalIgnoreCase) for an index above 0: where is the first b or B of each token?",
		"Which notes the skill plays does not depend on how it spells them; look at the accidentals table's spelled column.",
	)
}
