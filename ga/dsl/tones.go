package dsl

import (
	"fmt"
	"slices"
	"strconv"
)

// tone is a chord tone as main's chordTones has it: a chord degree (1, 3, 5, 7, 9...) and its
// semitones above the root.
type tone struct{ degree, semitones int }

// naturalSemitones is the major or perfect interval of a chord degree: 1 is 0, 3 is 4, 9 is 14
// (DomainClosures.fs, naturalSemitones @ 6baf32e).
func naturalSemitones(degree int) int {
	d := degree - 1
	return [7]int{0, 2, 4, 5, 7, 9, 11}[d%7] + 12*(d/7)
}

// intervalNameOf is main's intervalNameOf: the degree with P, M, m, d or A by its size, or
// "+N" when the size fits none (DomainClosures.fs, intervalNameOf @ 6baf32e).
func intervalNameOf(t tone) string {
	diff := t.semitones - naturalSemitones(t.degree)
	perfect := slices.Contains([]int{0, 3, 4}, (t.degree-1)%7)
	prefixes := map[int]string{0: "M", -1: "m", -2: "d", 1: "A"}
	if perfect {
		prefixes = map[int]string{0: "P", -1: "d", 1: "A"}
	}
	if p, ok := prefixes[diff]; ok {
		return fmt.Sprintf("%s%d", p, t.degree)
	}
	return fmt.Sprintf("+%d", t.semitones)
}

// chordTones is main's chordTones: the quality's triad, then each component in order
// (extensions stack thirds, alterations replace the natural degree, omissions remove it), each
// tone once, sorted by size then degree (DomainClosures.fs, chordTones @ 6baf32e).
func chordTones(c ChordAst) []tone {
	set := func(ts []tone, d, s int) []tone {
		out := slices.DeleteFunc(slices.Clone(ts), func(t tone) bool { return t.degree == d })
		return append(out, tone{d, s})
	}
	remove := func(ts []tone, d int) []tone {
		return slices.DeleteFunc(slices.Clone(ts), func(t tone) bool { return t.degree == d })
	}
	hasExt := func(text string) bool {
		return slices.ContainsFunc(c.Components, func(k Component) bool { return k.Kind == Extension && k.Text == text })
	}
	var ts []tone
	switch {
	case c.Quality == Minor:
		ts = []tone{{1, 0}, {3, 3}, {5, 7}}
	case c.Quality == Diminished:
		ts = []tone{{1, 0}, {3, 3}, {5, 6}}
	case c.Quality == Augmented:
		ts = []tone{{1, 0}, {3, 4}, {5, 8}}
	case c.Quality == Dominant:
		ts = []tone{{1, 0}, {3, 4}, {5, 7}, {7, 10}}
	case c.Quality == Suspended && hasExt("2"):
		ts = []tone{{1, 0}, {2, 2}, {5, 7}}
	case c.Quality == Suspended:
		ts = []tone{{1, 0}, {4, 5}, {5, 7}}
	default:
		ts = []tone{{1, 0}, {3, 4}, {5, 7}}
	}
	seventh := 10
	if c.Quality == Diminished {
		seventh = 9
	}
	stack := func(ts []tone, sev, upTo int) []tone {
		ts = set(ts, 7, sev)
		for _, t := range []tone{{9, 14}, {11, 17}, {13, 21}} {
			if t.degree <= upTo {
				ts = set(ts, t.degree, t.semitones)
			}
		}
		return ts
	}
	for _, k := range c.Components {
		switch k.Kind {
		case Extension:
			switch k.Text {
			case "7":
				ts = set(ts, 7, seventh)
			case "maj7":
				ts = set(ts, 7, 11)
			case "9":
				ts = stack(ts, seventh, 9)
			case "maj9":
				ts = stack(ts, 11, 9)
			case "11":
				ts = stack(ts, seventh, 11)
			case "maj11":
				ts = stack(ts, 11, 11)
			case "13":
				ts = stack(ts, seventh, 13)
			case "maj13":
				ts = stack(ts, 11, 13)
			case "m7b5":
				ts = set(set(set(ts, 3, 3), 5, 6), 7, 10)
			case "6":
				ts = set(ts, 6, 9)
			case "6/9":
				ts = set(set(ts, 6, 9), 9, 14)
			case "add9":
				ts = set(ts, 9, 14)
			case "add11":
				ts = set(ts, 11, 17)
			case "add13":
				ts = set(ts, 13, 21)
			case "2", "add2":
				if c.Quality != Suspended {
					ts = set(ts, 2, 2)
				}
			case "4", "add4":
				if c.Quality != Suspended {
					ts = set(ts, 4, 5)
				}
			case "5":
				ts = remove(ts, 3)
			}
		case Alteration:
			d, err := strconv.Atoi(k.Text)
			if err != nil {
				continue
			}
			natural := naturalSemitones(d)
			altered := tone{d, natural + k.Acc.Semitones()}
			ts = slices.DeleteFunc(ts, func(t tone) bool { return t == tone{d, natural} })
			if !slices.Contains(ts, altered) {
				ts = append(ts, altered)
			}
		case Omission:
			if d, err := strconv.Atoi(k.Text); err == nil {
				ts = remove(ts, d)
			}
		case Alt:
			ts = append(remove(set(ts, 7, 10), 5), tone{9, 13}, tone{9, 15}, tone{11, 18}, tone{13, 20})
		}
	}
	var out []tone
	for _, t := range ts {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(a, b tone) int {
		if a.semitones != b.semitones {
			return a.semitones - b.semitones
		}
		return a.degree - b.degree
	})
	return out
}
