package theory

import (
	"slices"
	"strings"
	"sync"
)

// SharpNames spell the twelve pitch classes, C first, with sharps, as a name with no key to
// follow does.
var SharpNames = [12]string{"C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"}

// asciiAccidentals writes ♯ and ♭ as # and b.
var asciiAccidentals = strings.NewReplacer("♯", "#", "♭", "b")

// SharpName spells pitch class pc with a sharp where it needs an accidental.
func SharpName(pc int) string { return SharpNames[mod12(pc)] }

// PitchClass reads a note name, letter first, with any number of accidentals written ASCII
// (# and b) or as ♯ and ♭, and returns its pitch class; ok is false for anything else.
func PitchClass(name string) (pc int, ok bool) {
	if strings.ContainsAny(name, "♯♭") {
		name = asciiAccidentals.Replace(name)
	}
	if name == "" {
		return 0, false
	}
	l := strings.IndexByte(letters, strings.ToUpper(name[:1])[0])
	if l < 0 {
		return 0, false
	}
	pc = naturals[l]
	for _, c := range name[1:] {
		switch c {
		case '#':
			pc++
		case 'b':
			pc--
		default:
			return 0, false
		}
	}
	return mod12(pc), true
}

// PitchClasses are the pitch classes of a chord's tones, in the chord's order.
func (c Chord) PitchClasses() []int {
	pcs := make([]int, len(c.Tones))
	for i, t := range c.Tones {
		pcs[i] = t.PitchClass()
	}
	return pcs
}

// Move is the shorter way from pitch class from to pitch class to, in signed semitones: up to
// six up, or up to five down (a tritone counts as up).
func Move(from, to int) int {
	d := mod12(to - from)
	if d <= 6 {
		return d
	}
	return d - 12
}

// Permutations returns every ordering of 0..n-1; the slices are shared and must not be changed.
func Permutations(n int) [][]int {
	if n < len(permutationsOf) {
		return permutationsOf[n]()
	}
	return permutations(n)
}

// permutationsOf keeps the orderings of up to seven voices once made, since the lessons ask
// for them thousands of times.
var permutationsOf = func() (f [8]func() [][]int) {
	for n := range f {
		f[n] = sync.OnceValue(func() [][]int { return permutations(n) })
	}
	return f
}()

func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := make([]int, 0, n)
			q = append(q, p[:i]...)
			q = append(q, n-1)
			q = append(q, p[i:]...)
			out = append(out, q)
		}
	}
	return out
}

// Motion is the total motion of voices a moving to voices b, voice i going to b[perm[i]].
func Motion(a, b, perm []int) int {
	total := 0
	for i := range a {
		m := Move(a[i], b[perm[i]])
		total += max(m, -m)
	}
	return total
}

// LeastMotion is the least total motion, in semitones, that takes chord a to chord b when
// every note of both chords sounds: as many voices as the larger chord has notes, the smaller
// one doubling any of its notes to fill them, each voice moving the shorter way.
func LeastMotion(a, b []int) int {
	n := max(len(a), len(b))
	least := -1
	for _, va := range fill(a, n) {
		for _, vb := range fill(b, n) {
			if m := leastAssignment(va, vb, least, classDistance); least < 0 || m < least {
				least = m
			}
		}
	}
	return least
}

// classDistance is how far a voice moves from pitch class x to pitch class y, the shorter way.
func classDistance(x, y int) int {
	m := Move(x, y)
	return max(m, -m)
}

// pitchDistance is how far a voice moves from pitch x to pitch y.
func pitchDistance(x, y int) int { return max(x-y, y-x) }

// leastAssignment is the least motion of voices a to the notes of b, one voice to each note,
// each move measured by dist, found by trying each note for each voice in turn and giving up on
// a partial assignment that already moves as much as bound (when bound is not negative).
func leastAssignment(a, b []int, bound int, dist func(x, y int) int) int {
	best := bound
	var try func(i, used, cost int)
	try = func(i, used, cost int) {
		if best >= 0 && cost >= best {
			return
		}
		if i == len(a) {
			best = cost
			return
		}
		for j := range b {
			if used&(1<<j) == 0 {
				try(i+1, used|1<<j, cost+dist(a[i], b[j]))
			}
		}
	}
	try(0, 0, 0)
	return best
}

// NameChord names a set of pitch classes as a chord: on root if one of the suffixes fits it
// there, else on the nearest root above with a fitting suffix, spelled with sharps; the
// suffixes are tried in the order given. A set no suffix fits is its notes, lowest pitch class
// first.
func NameChord(pcs []int, root Note, suffixes []string) string {
	r0 := root.PitchClass()
	for i := range 12 {
		r := mod12(r0 + i)
		for _, s := range suffixes {
			intervals, ok := suffixIntervals(s)
			if !ok {
				continue
			}
			tones := make([]int, len(intervals))
			for k, iv := range intervals {
				tones[k] = mod12(r + iv)
			}
			if samePCSet(pcs, tones) {
				if r == r0 {
					return root.String() + s
				}
				return SharpName(r) + s
			}
		}
	}
	set := slices.Clone(pcs)
	slices.Sort(set)
	set = slices.Compact(set)
	names := make([]string, len(set))
	for i, pc := range set {
		names[i] = SharpName(pc)
	}
	return strings.Join(names, " ")
}

// suffixIntervals are the semitones above the root of a chord suffix's tones, kept once made.
func suffixIntervals(suffix string) ([]int, bool) {
	if v, ok := intervalsBySuffix.Load(suffix); ok {
		return v.([]int), true
	}
	formula, ok := chordFormulas()[suffix]
	if !ok {
		return nil, false
	}
	tones, err := Spell(Note{}, formula...)
	if err != nil {
		return nil, false
	}
	intervals := Chord{Tones: tones}.PitchClasses()
	intervalsBySuffix.Store(suffix, intervals)
	return intervals, true
}

var intervalsBySuffix sync.Map

// samePCSet reports whether a and b hold the same pitch classes, doublings aside.
func samePCSet(a, b []int) bool {
	in := func(x int, s []int) bool { return slices.Contains(s, x) }
	for _, x := range a {
		if !in(x, b) {
			return false
		}
	}
	for _, x := range b {
		if !in(x, a) {
			return false
		}
	}
	return true
}

// fill returns chord with every choice of doubled notes that brings it to n voices.
func fill(chord []int, n int) [][]int {
	var out [][]int
	var extra func(k, start int, acc []int)
	extra = func(k, start int, acc []int) {
		if k == 0 {
			out = append(out, append(slices.Clone(chord), acc...))
			return
		}
		for i := start; i < len(chord); i++ {
			extra(k-1, i, append(acc, chord[i]))
		}
	}
	extra(n-len(chord), 0, nil)
	return out
}
