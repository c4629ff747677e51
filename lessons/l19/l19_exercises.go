package l19

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"

	"course/ga/composition"
	"course/ga/optick"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
	"course/theory"
)

// Exercises is lesson 19's exercises, in the order docs/l19.md asks them, solved at the
// pin.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l19",
		distanceExercise("x-3-2-0-1-0", "x-x-3-2-1-1"),
		sortedExercise(semitones),
		zeroExercise([2]string{"C", "Am"}, maxCandidates),
	)
}

// exerciseLesson is the lesson at the pin with its index built and the tool on it, printing
// to out.
func exerciseLesson(out io.Writer) (*lesson, error) {
	l := &lesson{r: report.New(out), pairs: pairs}
	return l, l.build()
}

// toolPenalty is what the tool's distance adds for each note one voicing has over the other
// (composition.VoiceLeadingDistance).
const toolPenalty = 3

// distanceExercise is exercise 1, from chart from to chart to, both low E first.
func distanceExercise(from, to string) *learn.Exercise {
	return learn.Compute(learn.Numbers.Saying("two numbers, in semitones: the tool's distance, then the least motion").Counting(), func(_ context.Context, w io.Writer) (string, error) {
		a, err := theory.ParseChart(from)
		if err != nil {
			return "", err
		}
		b, err := theory.ParseChart(to)
		if err != nil {
			return "", err
		}
		ma, mb := a.Midi(), b.Midi()
		d := composition.VoiceLeadingDistance(ma, mb)
		least := theory.LeastPitchMotionWithout(ma, mb, toolPenalty)
		r := report.New(w)
		r.Title("%s → %s", from, to)
		r.Line("MIDI notes: %s → %s", kit.JoinInts(ma, " "), kit.JoinInts(mb, " "))
		r.Line("the tool's distance (composition.VoiceLeadingDistance): %s", kit.Number(d))
		r.Line("the least motion, %d for each note left over (theory.LeastPitchMotionWithout): %d", toolPenalty, least)
		return kit.Number(d) + ", " + strconv.Itoa(least), r.Err()
	}).WithHints(
		"The tool sorts both voicings, pairs the lowest notes in order, and adds 3 for each note the larger voicing has over the smaller.",
		"For the least motion, try leaving out each of the larger voicing's notes in turn, pair the rest in order, and add the same 3.",
	)
}

// voiceCost is what one voice costs, moving from note a to note b.
type voiceCost struct {
	name string
	cost func(a, b int) int
}

// semitones is the motion the lesson weighs: the semitones a voice moves.
var semitones = voiceCost{"the semitones a voice moves", func(a, b int) int { return max(a-b, b-a) }}

// pairingCost is what taking voices a to notes b costs, voice i going to b[perm[i]].
func (c voiceCost) pairingCost(a, b, perm []int) int {
	sum := 0
	for i, x := range a {
		sum += c.cost(x, b[perm[i]])
	}
	return sum
}

// sortedMotion is what exercise 2's claims are decided on: over the pairs of equal size the
// tool weighs for the ten prompts, how many the sorted pairing moves least and how many the
// tool weighs as the sorted pairing; over every two voices of the range, how many move less,
// or as much, crossed.
type sortedMotion struct {
	pairs, sortedLeast, toolSorted int
	crossedLess, ties              int
}

// sortedExercise is exercise 2, with each voice costing what c says.
func sortedExercise(c voiceCost) *learn.Exercise {
	const low, high = 40, 64 // the notes of the first frets, E2 to E4
	type claim = learn.Claim[sortedMotion]
	return learn.Choose(func(_ context.Context, w io.Writer) (sortedMotion, error) {
		l, err := exerciseLesson(w)
		if err != nil {
			return sortedMotion{}, err
		}
		// On the candidates of the ten prompts.
		pairs, sortedLeast, toolSorted := 0, 0, 0
		for _, p := range l.pairs {
			from, err := l.tool.SearchByChord(p[0], kit.VoiceLeadingCandidates, "")
			if err != nil {
				return sortedMotion{}, err
			}
			to, err := l.tool.SearchByChord(p[1], kit.VoiceLeadingCandidates, "")
			if err != nil {
				return sortedMotion{}, err
			}
			for _, x := range from {
				for _, y := range to {
					if len(x.MidiNotes) != len(y.MidiNotes) {
						continue
					}
					pairs++
					a, b := slices.Sorted(slices.Values(x.MidiNotes)), slices.Sorted(slices.Values(y.MidiNotes))
					inOrder := make([]int, len(a))
					for i := range inOrder {
						inOrder[i] = i
					}
					sorted := c.pairingCost(a, b, inOrder)
					least := sorted
					for _, perm := range theory.Permutations(len(a)) {
						least = min(least, c.pairingCost(a, b, perm))
					}
					if sorted == least {
						sortedLeast++
					}
					if composition.VoiceLeadingDistance(x.MidiNotes, y.MidiNotes) == float64(sorted) {
						toolSorted++
					}
				}
			}
		}
		// On every two voices of the range.
		fours, crossedLess, ties := 0, 0, 0
		var example string
		for a1 := low; a1 <= high; a1++ {
			for a2 := a1 + 1; a2 <= high; a2++ {
				for b1 := low; b1 <= high; b1++ {
					for b2 := b1 + 1; b2 <= high; b2++ {
						fours++
						inOrder, crossed := c.cost(a1, b1)+c.cost(a2, b2), c.cost(a1, b2)+c.cost(a2, b1)
						switch {
						case crossed < inOrder:
							if crossedLess == 0 {
								example = fmt.Sprintf("%d %d → %d %d: in order %d, crossed %d", a1, a2, b1, b2, inOrder, crossed)
							}
							crossedLess++
						case crossed == inOrder:
							ties++
						}
					}
				}
			}
		}
		l.r.Title("Each voice costing %s", c.name)
		l.r.Line("pairs of equal size the tool weighs for the ten prompts: %d", pairs)
		l.r.Line("  the sorted pairing moves the least of every pairing: %d", sortedLeast)
		l.r.Line("  the tool's distance is the sorted pairing's motion: %d", toolSorted)
		l.r.Line("two voices a1 < a2 to b1 < b2, MIDI %d to %d: %d", low, high, fours)
		l.r.Line("  crossing them moves less: %d%s", crossedLess, prefixed(": the first, ", example))
		l.r.Line("  crossing them moves as much: %d", ties)
		return sortedMotion{pairs, sortedLeast, toolSorted, crossedLess, ties}, l.r.Err()
	},
		claim{Text: "for every pair of equal size the tool weighs for the ten prompts, pairing the sorted notes in order moves the least of every pairing",
			Holds: func(f sortedMotion) bool { return f.sortedLeast == f.pairs }},
		claim{Text: fmt.Sprintf("for any notes a1 < a2 going to b1 < b2 (MIDI %d to %d), crossing the voices never moves less than keeping them in order", low, high),
			Holds: func(f sortedMotion) bool { return f.crossedLess == 0 }},
		claim{Text: fmt.Sprintf("for any notes a1 < a2 going to b1 < b2 (MIDI %d to %d), keeping the voices in order is the only pairing of least motion", low, high),
			Holds: func(f sortedMotion) bool { return f.crossedLess == 0 && f.ties == 0 }},
		claim{Text: "for every pair of equal size the tool weighs for the ten prompts, the tool's distance is the motion of the sorted pairing",
			Holds: func(f sortedMotion) bool { return f.toolSorted == f.pairs }},
	).WithHints(
		"Start with two voices: draw a1 < a2 and b1 < b2 on a line and compare the two pairings.",
		"A pairing with crossed voices can be uncrossed one pair at a time; ask what each uncrossing does to the total.",
	)
}

// prefixed is s after prefix, or "" when s is.
func prefixed(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}

// zeroPair is what exercise 3's claims are decided on: whether the tool's first pair is one
// voicing paired with itself, how many candidates both chords share, whether the first pair's
// first voicing plays its chord, and the least distance between candidates that play theirs
// (-1 for none).
type zeroPair struct {
	self       bool
	shared     int
	firstRight bool
	best       float64
}

// zeroExercise is exercise 3, on the chord pair asked with candidates per chord.
func zeroExercise(pair [2]string, candidates int) *learn.Exercise {
	from, to := pair[0], pair[1]
	type claim = learn.Claim[zeroPair]
	return learn.Choose(func(_ context.Context, w io.Writer) (zeroPair, error) {
		l, err := exerciseLesson(w)
		if err != nil {
			return zeroPair{}, err
		}
		answer := l.ask(from, to, candidates)
		if answer.Error != "" {
			return zeroPair{}, fmt.Errorf("ga_voice_leading_pair %s → %s: %s", from, to, answer.Error)
		}
		top := answer.Pairs[0]
		vf, vt, _, err := pairVerdicts(from, to, top)
		if err != nil {
			return zeroPair{}, err
		}
		showFrom, showTo, err := showPair(top.From, top.To)
		if err != nil {
			return zeroPair{}, err
		}
		l.r.Title("%s → %s with %d candidates per chord: the first pair", from, to, candidates)
		l.r.Line("distance %s: %s, %s → %s, %s", kit.Number(top.Distance), showFrom, vf, showTo, vt)
		a, err := l.tool.SearchByChord(from, candidates, "")
		if err != nil {
			return zeroPair{}, err
		}
		b, err := l.tool.SearchByChord(to, candidates, "")
		if err != nil {
			return zeroPair{}, err
		}
		var shared []string
		for _, x := range a {
			if slices.ContainsFunc(b, func(y optick.Result) bool { return y.Diagram == x.Diagram }) {
				s, err := show(x)
				if err != nil {
					return zeroPair{}, err
				}
				shared = append(shared, s)
			}
		}
		l.r.Line("candidates of both chords: %d%s", len(shared), prefixed(", the first: ", firstOf(shared)))
		rightA, err := rightOnly(from, a)
		if err != nil {
			return zeroPair{}, err
		}
		rightB, err := rightOnly(to, b)
		if err != nil {
			return zeroPair{}, err
		}
		best := -1.0
		for _, x := range rightA {
			for _, y := range rightB {
				if d := composition.VoiceLeadingDistance(x.MidiNotes, y.MidiNotes); best < 0 || d < best {
					best = d
				}
			}
		}
		l.r.Line("candidates that play their chord: %s %d, %s %d; the least distance between them: %s", from, len(rightA), to, len(rightB), distanceOrNone(best))
		return zeroPair{top.From.Diagram == top.To.Diagram, len(shared), isRight(vf), best}, l.r.Err()
	},
		claim{Text: fmt.Sprintf("the tool's first pair for %s → %s, with %d candidates, is one voicing paired with itself", from, to, candidates),
			Holds: func(f zeroPair) bool { return f.self }},
		claim{Text: fmt.Sprintf("some voicing is among the candidates of both %s and %s", from, to),
			Holds: func(f zeroPair) bool { return f.shared > 0 }},
		claim{Text: fmt.Sprintf("the first pair's first voicing plays every note of %s (a seventh chord's fifth aside)", from),
			Holds: func(f zeroPair) bool { return f.firstRight }},
		claim{Text: fmt.Sprintf("keeping only the candidates that play every note of their chord (a seventh chord's fifth aside), a pair of %s and %s is still at distance 0", from, to),
			Holds: func(f zeroPair) bool { return f.best == 0 }},
	).WithHints(
		"A distance of 0 means every note stays where it is: which voicing can go to itself?",
		"The tool takes the nearest voicings of the index for each chord, fragments included; grade them against the chords as section 1 does.",
	)
}

// rightOnly keeps the voicings that play symbol's chord, or all of it but a seventh chord's
// fifth.
func rightOnly(symbol string, rs []optick.Result) ([]optick.Result, error) {
	var out []optick.Result
	for _, r := range rs {
		v, err := verdict(symbol, r.MidiNotes)
		if err != nil {
			return nil, err
		}
		if isRight(v) {
			out = append(out, r)
		}
	}
	return out, nil
}

// firstOf is the first of s, or "".
func firstOf(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

// distanceOrNone writes a distance, or "none" for a negative one.
func distanceOrNone(d float64) string {
	if d < 0 {
		return "none"
	}
	return kit.Number(d)
}
