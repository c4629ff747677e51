package l13

import (
	"bytes"
	"context"
	"fmt"
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

// exerciseLesson is the lesson's set-up, writing to a buffer that becomes an exercise's evidence.
func exerciseLesson() (*lesson, *bytes.Buffer, error) {
	var out bytes.Buffer
	l, err := newLesson(&out)
	return l, &out, err
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
// key is k.
func rootsOnlyExercise(chords string, k theory.Tonality) *learn.Exercise {
	symbols := strings.Fields(chords)
	roots := make([]string, len(symbols))
	for i, s := range symbols {
		roots[i] = s[:1]
		if len(s) > 1 && (s[1] == '#' || s[1] == 'b') {
			roots[i] = s[:2]
		}
	}
	rootsOnly := strings.Join(roots, " ")
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			fmt.Sprintf("the pin gives the same key and confidence for %q, the roots alone as major triads", rootsOnly),
			fmt.Sprintf("every root of the progression is in the scale of %s too", k),
			"the pin's key holds every root of the progression",
			fmt.Sprintf("the pin's key has the same tonic as %s", k),
			fmt.Sprintf("the pin's key is %s", k),
		},
		Hints: []string{
			"Ask yourself what the pin reads of a chord symbol: its root, its quality, or both?",
			"Count, for F major and for F minor, how many of the roots F, Bb and C each scale holds; then read which of two equal scores the pin keeps.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, out, err := exerciseLesson()
			if err != nil {
				return learn.Answer{}, err
			}
			l.r.Title("%q, in %s for the textbook, then its roots alone", chords, k)
			asked, err := l.askBoth(chords)
			if err != nil {
				return learn.Answer{}, err
			}
			bare, err := l.askBoth(rootsOnly)
			if err != nil {
				return learn.Answer{}, err
			}
			pin := asked[0]
			l.r.Line("the roots %s in %s's natural scale: %s", rootsOnly, k, kit.YesNo(inScale(k, rootPitchClasses(roots))))
			return learn.Answer{Holds: []bool{
				pin.key == bare[0].key && pin.confidence == bare[0].confidence,
				inScale(k, rootPitchClasses(roots)),
				fullCount(pin.confidence),
				keyTonic(pin.key) == k.Tonic.PitchClass(),
				sameKey(pin.key, k),
			}, Evidence: learn.Printed(out)}, l.r.Err()
		}}
}

// firstChordExercise is exercise 2: what the pin makes of progression p in key k.
func firstChordExercise(k theory.Tonality, p textbookProgression) *learn.Exercise {
	chords := progressionChords(k, p.steps)
	sevenths := make([]string, len(chords))
	for i, c := range chords {
		sevenths[i] = c + "7"
	}
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			"the pin's key has the progression's first chord as its tonic",
			"the pin's key holds every root of the progression",
			fmt.Sprintf("%s holds every root of the progression too", k),
			fmt.Sprintf("the pin's key is %s", k),
			"the pin's key changes when every chord is made a dominant seventh",
		},
		Hints: []string{
			"At the pin a key scores two points for each root in its scale, and one more when its tonic is the first chord.",
			"How many major and minor scales hold all three roots of IV, V and I? Which of them starts on the first chord?",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, out, err := exerciseLesson()
			if err != nil {
				return learn.Answer{}, err
			}
			l.r.Title("%s in %s, then with every chord a dominant seventh", p.name, k)
			asked, err := l.askBoth(strings.Join(chords, " "))
			if err != nil {
				return learn.Answer{}, err
			}
			seventh, err := l.askBoth(strings.Join(sevenths, " "))
			if err != nil {
				return learn.Answer{}, err
			}
			pin := asked[0]
			return learn.Answer{Holds: []bool{
				keyTonic(pin.key) == kit.RootPitchClass(chords[0]),
				fullCount(pin.confidence),
				inScale(k, rootPitchClasses(chords)),
				sameKey(pin.key, k),
				seventh[0].key != pin.key,
			}, Evidence: learn.Printed(out)}, l.r.Err()
		}}
}

// leadingToneExercise is exercise 3: main's numerals for progression p in key k.
func leadingToneExercise(k theory.Tonality, p textbookProgression) *learn.Exercise {
	chords := progressionChords(k, p.steps)
	var distinct []string
	for _, c := range chords {
		if !slices.Contains(distinct, c) {
			distinct = append(distinct, c)
		}
	}
	var options []string
	for _, c := range distinct {
		options = append(options, fmt.Sprintf("main's numeral for %s is not the textbook's", c))
	}
	options = append(options,
		fmt.Sprintf("main's key service counts every chord of the progression as diatonic in %s", k),
		fmt.Sprintf("every root of the progression is in the natural scale of %s", k),
		fmt.Sprintf("main finds another key than %s", k))
	return &learn.Exercise{Kind: learn.Choice, Options: options,
		Hints: []string{
			"Main takes a numeral's degree from where the root stands in the key's scale, and writes ? when it stands nowhere.",
			"On which degree does the leading-tone chord stand, and is that note in the natural minor scale?",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, out, err := exerciseLesson()
			if err != nil {
				return learn.Answer{}, err
			}
			l.r.Title("%s in %s, and the textbook's numerals %s", p.name, k, strings.Join(p.numerals, " "))
			asked, err := l.askBoth(strings.Join(chords, " "))
			if err != nil {
				return learn.Answer{}, err
			}
			onMain := asked[1]
			var holds []bool
			for _, c := range distinct {
				wrong := false
				for i, ch := range chords {
					if ch == c && (i >= len(onMain.numerals) || i >= len(p.numerals) || onMain.numerals[i] != p.numerals[i]) {
						wrong = true
					}
				}
				holds = append(holds, wrong)
			}
			all := true
			parts := make([]string, len(distinct))
			for i, c := range distinct {
				ok := keys.Main.IsChordDiatonic(k.String(), c)
				all = all && ok
				parts[i] = c + " " + kit.YesNo(ok)
			}
			l.r.Line("IsChordDiatonic(%q, ...) on main: %s", k.String(), strings.Join(parts, ", "))
			natural := make([]string, 0, 7)
			for _, n := range k.Notes() {
				natural = append(natural, n.String())
			}
			l.r.Line("%s's natural scale: %s", k, strings.Join(natural, " "))
			holds = append(holds, all, inScale(k, rootPitchClasses(chords)), !sameKey(onMain.key, k))
			return learn.Answer{Holds: holds, Evidence: learn.Printed(out)}, l.r.Err()
		}}
}
