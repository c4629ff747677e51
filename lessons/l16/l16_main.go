package l16

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"course/ga/optick"
	"course/theory"
)

// named are the chords whose corpus voicings the main run groups by the name main's analysis
// gives them: a triad with an added sixth, a 6/9, a sus4 and two augmented triads, each with its
// degrees in ascending order (spareilleux/learn code/ga-ai/GaMain/Program.cs, Named).
var named = []asked{
	{"C6", "C", "1 3 5 6"}, {"C6/9", "C", "1 2 3 5 6"}, {"Dsus4", "D", "1 4 5"},
	{"Dbaug", "Db", "1 3 #5"}, {"Caug", "C", "1 3 #5"},
}

// mainCorpus prints the size of main's corpus and the names main's analysis gives the voicings
// of five chords, the most frequent first.
func (l *lesson) mainCorpus() error {
	l.r.Title("Corpus on main: GA's VoicingGenerator, standard tuning, %d frets, window %d, at least %d notes",
		optick.CorpusFretCount, optick.CorpusWindowSize, optick.CorpusMinPlayed)
	l.r.Line("%-24s %d", "voicings", len(l.voicings))
	l.r.Line("the names main's analysis gives the voicings of five chords, with their counts:")
	for _, c := range named {
		notes, err := theory.Spell(theory.MustNote(c.root), strings.Fields(c.degrees)...)
		if err != nil {
			return fmt.Errorf("chord %s: %w", c.prompt, err)
		}
		names := make([]string, len(notes))
		for i, n := range notes {
			names[i] = n.String()
		}
		chord := theory.MaskOf(theory.PitchClasses(notes)...)
		counts := map[string]int{}
		for _, v := range l.voicings {
			if theory.MaskOf(v.MidiNotes...) == chord {
				counts[v.Name]++
			}
		}
		found := slices.SortedFunc(maps.Keys(counts), func(a, b string) int {
			return cmp.Or(counts[b]-counts[a], strings.Compare(a, b))
		})
		for i, name := range found {
			found[i] = name + " " + strconv.Itoa(counts[name])
		}
		l.r.Line("  %-22s %s", c.prompt+", "+strings.Join(names, " "), strings.Join(found, ", "))
	}
	return nil
}

// technique is a technique an example prompt names, with the course's test of a voicing
// against the chord asked.
type technique struct {
	prompt string
	is     func(s theory.Chart, root int, degrees []int) bool
}

// techniques are the example prompts that name a technique, in the examples' order.
var techniques = []technique{
	{"drop2 voicings of Cmaj7", isDrop2}, {"shell voicing for Dm7", isShell},
	{"rootless A7 voicings", isRootless}, {"quartal voicings in C", isQuartal},
	{"open chord shape for E minor", isOpen}, {"barre voicings for Bb major", isBarre},
}

// techniques counts, for each example prompt that names a technique, the voicings of main's
// answer that play the chord, those that are the technique, and the corpus's voicings that are.
func (l *lesson) techniques() error {
	l.r.Title("The techniques the example prompts name, %s", l.cfg.rev.Label())
	w := []int{32, 10, 8, 10}
	l.r.FixedRow(w, "prompt", "voicings", "chord", "technique", "in the corpus")
	for _, t := range techniques {
		i := slices.IndexFunc(l.cfg.examples, func(e asked) bool { return e.prompt == t.prompt })
		if i < 0 {
			return fmt.Errorf("%q is not an example prompt", t.prompt)
		}
		e := l.cfg.examples[i]
		root, degrees, err := degrees(e)
		if err != nil {
			return err
		}
		asked := chordMask(e.root, e.degrees)
		_, answers, err := l.ask(e.prompt)
		if err != nil {
			return err
		}
		chord, technique := 0, 0
		for _, a := range answers {
			if a.shape.PitchClasses() == asked {
				chord++
			}
			if t.is(a.shape, root, degrees) {
				technique++
			}
		}
		corpus := 0
		for _, s := range l.shapes {
			if t.is(s, root, degrees) {
				corpus++
			}
		}
		l.r.FixedRow(w, e.prompt, strconv.Itoa(len(answers)), strconv.Itoa(chord), strconv.Itoa(technique), strconv.Itoa(corpus))
	}
	return nil
}

// degrees is the asked chord's root and each degree's pitch class, in the degrees' order.
func degrees(e asked) (int, []int, error) {
	notes, err := theory.Spell(theory.MustNote(e.root), strings.Fields(e.degrees)...)
	if err != nil {
		return 0, nil, fmt.Errorf("chord %s %q: %w", e.root, e.degrees, err)
	}
	pcs := make([]int, len(notes))
	for i, n := range notes {
		pcs[i] = n.PitchClass()
	}
	return pcs[0], pcs, nil
}

// isDrop2: four notes on four strings, the chord's four notes, and raising the lowest by an
// octave gives a close position, within an octave, in which it is the second note from the top.
func isDrop2(s theory.Chart, _ int, degrees []int) bool {
	notes := s.Midi()
	if len(notes) != 4 || len(degrees) != 4 || s.PitchClasses() != theory.MaskOf(degrees...) {
		return false
	}
	raised := append(slices.Clone(notes[1:]), notes[0]+12)
	slices.Sort(raised)
	return raised[3]-raised[0] < 12 && raised[2] == notes[0]+12
}

// isShell: the root, the third and the seventh, nothing else.
func isShell(s theory.Chart, _ int, degrees []int) bool {
	return len(degrees) >= 4 && s.PitchClasses() == theory.MaskOf(degrees[0], degrees[1], degrees[3])
}

// isRootless: at least three notes, each a chord tone, none the root.
func isRootless(s theory.Chart, root int, degrees []int) bool {
	played := s.PitchClasses()
	return len(s.Midi()) >= 3 && played&theory.MaskOf(root) == 0 && played&^theory.MaskOf(degrees...) == 0
}

// isQuartal: at least three notes stacked in perfect fourths from the root, the lowest.
func isQuartal(s theory.Chart, root int, _ []int) bool {
	notes := s.Midi()
	if len(notes) < 3 || notes[0]%12 != root {
		return false
	}
	sorted := slices.Sorted(slices.Values(notes))
	for i := 1; i < len(sorted); i++ {
		if sorted[i]-sorted[i-1] != 5 {
			return false
		}
	}
	return true
}

// isOpen: the chord, with at least one open string.
func isOpen(s theory.Chart, _ int, degrees []int) bool {
	return s.PitchClasses() == theory.MaskOf(degrees...) && slices.Contains(s[:], 0)
}

// isBarre: the chord with no open string, and the same fret on the lowest and the highest
// strings that sound.
func isBarre(s theory.Chart, _ int, degrees []int) bool {
	if s.PitchClasses() != theory.MaskOf(degrees...) || slices.Contains(s[:], 0) {
		return false
	}
	lo := slices.IndexFunc(s[:], func(f int) bool { return f >= 0 })
	hi := len(s) - 1
	for hi >= 0 && s[hi] < 0 {
		hi--
	}
	return lo >= 0 && lo < hi && s[lo] == s[hi]
}
