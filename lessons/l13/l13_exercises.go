package l13

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"course/ga/keys"
	"course/learn"
	"course/lessons/kit"
	"course/theory"
)

// Exercises is lesson 13's exercises, in the order docs/l13.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l13",
		rootsOnlyExercise("Fm Bbm C7 Fm", theory.Tonality{Tonic: theory.MustNote("F"), Minor: true}),
		firstChordExercise(theory.Tonality{Tonic: theory.MustNote("Bb")}, progressionNamed("IV V I")),
		leadingToneExercise(theory.Tonality{Tonic: theory.MustNote("D"), Minor: true}, progressionNamed("i iv vii°7 i")),
	)
}

// textbookProgression is one of the grid's progressions: its steps and the textbook's numerals.
type textbookProgression struct {
	name     string
	steps    []step
	numerals []string
}

// progressionNamed is the grid's progression of that name; the name is one of progressions'.
func progressionNamed(name string) textbookProgression {
	for _, p := range progressions {
		if p.name == name {
			return textbookProgression{p.name, p.steps, strings.Fields(p.numerals)}
		}
	}
	panic("no progression " + name + " in the grid") // the names are the callers' constants
}

// askBoth prints both versions' answers for chords and returns them, pin first.
func (l *lesson) askBoth(chords string) ([]analysis, error) {
	l.r.Line("%q", chords)
	out := make([]analysis, len(l.versions))
	for i, a := range l.versions {
		l.show(a, chords)
		an, err := readAnalysis(a.analyze(chords))
		if err != nil {
			return nil, err
		}
		out[i] = an
	}
	return out, nil
}

// rootPitchClasses are the pitch classes of the chords' roots.
func rootPitchClasses(chords []string) []int {
	pcs := make([]int, len(chords))
	for i, c := range chords {
		pcs[i] = kit.RootPitchClass(c)
	}
	return pcs
}

// inScale reports whether every pitch class is in the natural scale of key k.
func inScale(k theory.Tonality, pcs []int) bool {
	var scale []int
	for _, n := range k.Notes() {
		scale = append(scale, n.PitchClass())
	}
	return !slices.ContainsFunc(pcs, func(pc int) bool { return !slices.Contains(scale, pc) })
}

// fullCount reports whether a confidence "n/m" counts every chord.
func fullCount(confidence string) bool {
	count, total, _ := strings.Cut(confidence, "/")
	return count == total
}

// lowerNumeral reports whether a numeral is written in lower case, as a minor or diminished
// chord's is.
func lowerNumeral(numerals []string) bool {
	return slices.ContainsFunc(numerals, func(n string) bool { return n != "" && (n[0] == 'i' || n[0] == 'v') })
}

// keyTonic is the pitch class of a key's tonic as the closure names it, "Eb major".
func keyTonic(key string) int {
	tonic, _, _ := strings.Cut(key, " ")
	return kit.RootPitchClass(tonic)
}

// sameKey reports whether the closure's key is k, under either of its names.
func sameKey(key string, k theory.Tonality) bool {
	_, mode, _ := strings.Cut(key, " ")
	return mode == k.Mode() && keyTonic(key) == k.Tonic.PitchClass()
}

// rootsOnlyExercise is exercise 1: why the pin answers what it does for chords, whose textbook
// key is k. The claims are decided on both versions' answers to the chords and to their roots
// alone.
func rootsOnlyExercise(chords string, k theory.Tonality) *learn.Exercise {
	type claim = learn.Claim[[2][]analysis]
	symbols := strings.Fields(chords)
	roots := make([]string, len(symbols))
	for i, s := range symbols {
		roots[i] = s[:1]
		if len(s) > 1 && (s[1] == '#' || s[1] == 'b') {
			roots[i] = s[:2]
		}
	}
	rootsOnly := strings.Join(roots, " ")
	pin := func(a [2][]analysis) analysis { return a[0][0] }
	return learn.Choose(func(_ context.Context, w io.Writer) ([2][]analysis, error) {
		l, err := newLesson(w)
		if err != nil {
			return [2][]analysis{}, err
		}
		l.r.Title("%q, in %s for the textbook, then its roots alone", chords, k)
		asked, err := l.askBoth(chords)
		if err != nil {
			return [2][]analysis{}, err
		}
		bare, err := l.askBoth(rootsOnly)
		if err != nil {
			return [2][]analysis{}, err
		}
		l.r.Line("the roots %s in %s's natural scale: %s", rootsOnly, k, kit.YesNo(inScale(k, rootPitchClasses(roots))))
		return [2][]analysis{asked, bare}, l.r.Err()
	},
		claim{Text: fmt.Sprintf("the pin gives the same key and confidence for %q, the roots alone as major triads", rootsOnly),
			Holds: func(a [2][]analysis) bool {
				return pin(a).key == a[1][0].key && pin(a).confidence == a[1][0].confidence
			}},
		claim{Text: fmt.Sprintf("main gives the same key as the pin for %q", chords),
			Holds: func(a [2][]analysis) bool { return a[0][1].key == pin(a).key }},
		claim{Text: fmt.Sprintf("main gives the same key for %q as for %q", rootsOnly, chords),
			Holds: func(a [2][]analysis) bool { return a[1][1].key == a[0][1].key }},
		claim{Text: fmt.Sprintf("the pin writes some chord of %q with a lower-case numeral", chords),
			Holds: func(a [2][]analysis) bool { return lowerNumeral(pin(a).numerals) }},
		claim{Text: fmt.Sprintf("main writes some chord of %q with a lower-case numeral", chords),
			Holds: func(a [2][]analysis) bool { return lowerNumeral(a[0][1].numerals) }},
	).WithHints(
		"Ask yourself what the pin reads of a chord symbol: its root, its quality, or both?",
		"Count, for F major and for F minor, how many of the roots F, Bb and C each scale holds; then read which of two equal scores the pin keeps.",
	)
}

// firstChordExercise is exercise 2: what the pin makes of progression p in key k. The claims
// are decided on the pin's answers to the progression and to it with every chord a dominant
// seventh.
func firstChordExercise(k theory.Tonality, p textbookProgression) *learn.Exercise {
	type claim = learn.Claim[[4]analysis]
	chords := progressionChords(k, p.steps)
	sevenths := make([]string, len(chords))
	for i, c := range chords {
		sevenths[i] = c + "7"
	}
	second := append(slices.Clone(chords[1:]), chords[0])
	last := append([]string{chords[len(chords)-1]}, chords[:len(chords)-1]...)
	return learn.Choose(func(_ context.Context, w io.Writer) ([4]analysis, error) {
		l, err := newLesson(w)
		if err != nil {
			return [4]analysis{}, err
		}
		l.r.Title("%s in %s, with every chord a dominant seventh, and begun on its second and its last chord", p.name, k)
		var out [4]analysis
		for i, cs := range [][]string{chords, sevenths, second, last} {
			asked, err := l.askBoth(strings.Join(cs, " "))
			if err != nil {
				return [4]analysis{}, err
			}
			out[i] = asked[0]
		}
		return out, l.r.Err()
	},
		claim{Text: "the pin's key has the progression's first chord as its tonic",
			Holds: func(a [4]analysis) bool { return keyTonic(a[0].key) == kit.RootPitchClass(chords[0]) }},
		claim{Text: "the pin's key holds every root of the progression",
			Holds: func(a [4]analysis) bool { return fullCount(a[0].confidence) }},
		claim{Text: fmt.Sprintf("the pin gives %q, the same chords begun on the second, the key it gives %q", strings.Join(second, " "), strings.Join(chords, " ")),
			Holds: func(a [4]analysis) bool { return a[2].key == a[0].key }},
		claim{Text: fmt.Sprintf("the pin's key for %q, the same chords begun on the last, is %s", strings.Join(last, " "), k),
			Holds: func(a [4]analysis) bool { return sameKey(a[3].key, k) }},
		claim{Text: "the pin's key changes when every chord is made a dominant seventh",
			Holds: func(a [4]analysis) bool { return a[1].key != a[0].key }},
	).WithHints(
		"At the pin a key scores two points for each root in its scale, and one more when its tonic is the first chord.",
		"How many major and minor scales hold all three roots of IV, V and I? Which of them starts on the first chord?",
	)
}

// leadingToneExercise is exercise 3: main's numerals for progression p in key k, on which the
// claims are decided.
func leadingToneExercise(k theory.Tonality, p textbookProgression) *learn.Exercise {
	type claim = learn.Claim[analysis]
	chords := progressionChords(k, p.steps)
	var distinct []string
	for _, c := range chords {
		if !slices.Contains(distinct, c) {
			distinct = append(distinct, c)
		}
	}
	diatonic := func(c string) bool { return keys.Main.IsChordDiatonic(k.String(), c) }
	var claims []claim
	for _, c := range distinct {
		claims = append(claims, claim{Text: fmt.Sprintf("main's numeral for %s is not the textbook's", c),
			Holds: func(onMain analysis) bool {
				for i, ch := range chords {
					if ch == c && (i >= len(onMain.numerals) || i >= len(p.numerals) || onMain.numerals[i] != p.numerals[i]) {
						return true
					}
				}
				return false
			}})
	}
	claims = append(claims,
		claim{Text: fmt.Sprintf("main's key service counts every chord of the progression as diatonic in %s", k),
			Holds: func(analysis) bool {
				return !slices.ContainsFunc(distinct, func(c string) bool { return !diatonic(c) })
			}},
		claim{Text: fmt.Sprintf("main's confidence for %q counts every chord", strings.Join(chords, " ")),
			Holds: func(onMain analysis) bool { return fullCount(onMain.confidence) }})
	return learn.Choose(func(_ context.Context, w io.Writer) (analysis, error) {
		l, err := newLesson(w)
		if err != nil {
			return analysis{}, err
		}
		l.r.Title("%s in %s, and the textbook's numerals %s", p.name, k, strings.Join(p.numerals, " "))
		asked, err := l.askBoth(strings.Join(chords, " "))
		if err != nil {
			return analysis{}, err
		}
		parts := make([]string, len(distinct))
		for i, c := range distinct {
			parts[i] = c + " " + kit.YesNo(diatonic(c))
		}
		l.r.Line("IsChordDiatonic(%q, ...) on main: %s", k.String(), strings.Join(parts, ", "))
		natural := make([]string, 0, 7)
		for _, n := range k.Notes() {
			natural = append(natural, n.String())
		}
		l.r.Line("%s's natural scale: %s", k, strings.Join(natural, " "))
		return asked[1], l.r.Err()
	}, claims...).WithHints(
		"Main takes a numeral's degree from where the root stands in the key's scale, and writes ? when it stands nowhere.",
		"On which degree does the leading-tone chord stand, and is that note in the natural minor scale?",
	)
}
