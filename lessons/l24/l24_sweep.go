package l24

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"course/ga/algebra"
	"course/ga/skills"
	"course/theory"
)

// The machinery of section 3's sweep: the sets of a size and their digit shapes, and the
// questions of one phrasing asked of every ordered pair, one question per pair of shapes.

// sweepSet is one set of the sweep: as written, its digit shape, as the skill parses it, and its
// classes in the course's theory.
type sweepSet struct {
	text, shape     string
	shapeIndex      int
	parsed          algebra.Set
	parses          bool
	mask, tc, class theory.PCMask
	// inverted is the transposition class of the set's inversion.
	inverted theory.PCMask
	icv      [6]int
}

// sweepGroup is how the skill reads the questions of one phrasing whose two sets have given
// digit shapes: not at all, or each set as written with one relation.
type sweepGroup struct {
	read, asWritten bool
	relation        string
}

// sweepReading is what one answer of the sweep says, and whether it names a Z-relation or says
// "via either operation".
type sweepReading struct {
	j                 setJudgement
	answer, z, either bool
}

// readSweep reads one answer of the sweep.
func readSweep(text string) sweepReading {
	j := judgeSets(text)
	return sweepReading{j, j.kind == "answer", strings.Contains(text, "they are Z-related"), strings.Contains(text, "via either operation")}
}

// sweepTally counts one phrasing's answers over the pairs of one size.
type sweepTally struct {
	size                              int
	phrasing                          setPhrasing
	pairs, right, wrong, zSaid, zTrue int
	eitherSaid, eitherNoInversion     int
	kinds                             map[string]int
}

// sweep asks one phrasing of every ordered pair of sets. verdicts are the readings of the
// skill's verdict sentences, in the order of skills.SetVerdicts.
func (l *lesson) sweep(t *sweepTally, sets []sweepSet, shapes int, verdicts []sweepReading) {
	groups := make([]*sweepGroup, shapes*shapes)
	t.kinds = map[string]int{}
	byTranspositionOnly := t.phrasing.relation == "T"
	for i := range sets {
		a := &sets[i]
		for k := range sets {
			b := &sets[k]
			g := groups[a.shapeIndex*shapes+b.shapeIndex]
			if g == nil {
				g = l.group(groups, t.phrasing.template, a, b, shapes)
			}
			var got sweepReading
			switch {
			case !g.read:
				got.j = setJudgement{kind: "declined"}
			case g.asWritten && a.parses && b.parses && !l.askEvery:
				got = verdicts[l.sets.Verdict(a.parsed, b.parsed, g.relation)]
			default:
				got = readSweep(l.sets.Execute(ask(t.phrasing.template, a.text, b.text)).Text)
			}
			j := got.j
			byT, byClass := a.tc == b.tc, a.class == b.class
			truth := byClass
			if byTranspositionOnly {
				truth = byT
			}
			if got.answer && j.yes == truth {
				t.right++
			} else {
				t.wrong++
				kind := j.kind
				if j.kind == "answer" {
					kind = "no for "
					if j.yes {
						kind = "yes for "
					}
					switch {
					case byT:
						kind += "a transposition"
					case byClass:
						kind += "an inversion only"
					default:
						kind += "different classes"
					}
				}
				t.kinds[kind]++
			}
			if got.z {
				t.zSaid++
			}
			if a.icv == b.icv && !byClass {
				t.zTrue++
			}
			if got.either {
				t.eitherSaid++
				if a.inverted != b.tc {
					t.eitherNoInversion++
				}
			}
		}
	}
}

// sweepSets are the sets of one size in ascending mask order, and the digit shapes they take.
func (l *lesson) sweepSets(size int) ([]sweepSet, []string) {
	var sets []sweepSet
	var shapes []string
	for m := 0; m < 1<<12; m++ {
		if bits.OnesCount(uint(m)) != size {
			continue
		}
		mask := theory.PCMask(m)
		pcs := mask.PitchClasses()
		parts := make([]string, len(pcs))
		for i, p := range pcs {
			parts[i] = strconv.Itoa(p)
		}
		s := sweepSet{text: strings.Join(parts, ","), mask: mask, tc: mask.TranspositionClass(), class: mask.SetClass(), inverted: mask.Invert().TranspositionClass(), icv: theory.IntervalVector(pcs)}
		s.parsed, _, s.parses = skills.ParseSet(s.text)
		s.shape = strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return '0'
			}
			return r
		}, s.text)
		s.shapeIndex = slices.Index(shapes, s.shape)
		if s.shapeIndex < 0 {
			s.shapeIndex = len(shapes)
			shapes = append(shapes, s.shape)
		}
		sets = append(sets, s)
	}
	return sets, shapes
}

// group is how the skill reads the questions of one phrasing whose sets have a's and b's
// shapes, read from the first such question and kept.
func (l *lesson) group(groups []*sweepGroup, template string, a, b *sweepSet, n int) *sweepGroup {
	i := a.shapeIndex*n + b.shapeIndex
	if groups[i] == nil {
		q, ok := l.sets.Read(ask(template, a.text, b.text))
		groups[i] = &sweepGroup{read: ok, asWritten: ok && q.A == a.text && q.B == b.text, relation: q.Relation}
	}
	return groups[i]
}
