// Package algebra models GA's pitch-class-set fast path: the keyword classifier, the set
// extraction and question types of IxAlgebraService, and the set theory under it (prime form,
// interval-class vector, the Forte catalogue), as GA computes them.
package algebra

import (
	"math/bits"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Set is a pitch-class set as GA's PitchClassSetId packs it: bit i is set when pitch class i is
// present (Common/GA.Domain.Core/Theory/Atonal/PitchClassSetId.cs:208-217).
type Set uint16

// full is the twelve-bit mask of the chromatic aggregate.
const full Set = 1<<12 - 1

// NewSet returns the set of the given pitch classes, each taken modulo 12.
func NewSet(pcs ...int) Set {
	var s Set
	for _, p := range pcs {
		s |= 1 << (((p % 12) + 12) % 12)
	}
	return s
}

// PitchClasses returns the set's pitch classes in ascending order.
func (s Set) PitchClasses() []int {
	pcs := make([]int, 0, s.Len())
	for i := range 12 {
		if s&(1<<i) != 0 {
			pcs = append(pcs, i)
		}
	}
	return pcs
}

// Len is the set's cardinality.
func (s Set) Len() int { return bits.OnesCount16(uint16(s & full)) }

// String is IxAlgebraService.FormatSet: ascending decimal pitch classes in brackets, no spaces,
// 10 and 11 as numbers (Common/GA.Business.Core.Orchestration/Services/IxAlgebraService.cs:451-452).
func (s Set) String() string {
	pcs := s.PitchClasses()
	parts := make([]string, len(pcs))
	for i, p := range pcs {
		parts[i] = strconv.Itoa(p)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// Transpose is a twelve-bit left rotation by n, a transposition up by n semitones
// (PitchClassSetId.cs:78-84).
func (s Set) Transpose(n int) Set {
	n = ((n % 12) + 12) % 12
	s &= full
	return (s<<n | s>>(12-n)) & full
}

// Invert maps pitch class i to (12-i) mod 12 (PitchClassSetId.cs:178-191).
func (s Set) Invert() Set {
	var out Set
	for i := range 12 {
		if s&(1<<i) != 0 {
			out |= 1 << ((12 - i) % 12)
		}
	}
	return out
}

// Complement is the set of the pitch classes not in s.
func (s Set) Complement() Set { return ^s & full }

// PrimeForm is PitchClassSetId.PrimeForm: the smallest mask among the twelve transpositions of
// the set and of its inversion, which is Rahn's packing from the right (PitchClassSetId.cs:133-156).
func (s Set) PrimeForm() Set {
	best := s & full
	inv := s.Invert()
	for n := range 12 {
		best = min(best, s.Transpose(n), inv.Transpose(n))
	}
	return best
}

// ICV is an interval-class vector stored as GA stores it: a base-12 number with ic1 as its most
// significant digit, so the aggregate's twelves overflow (IntervalClassVectorId.cs:39-85).
type ICV int

// IntervalClassVector counts, for every unordered pair of distinct pitch classes, its interval
// class min(d, 12-d) (PitchClassSet.cs:104; AtonalExtensions.cs:28-35). Every set's vector is
// counted once, the first time one is asked for.
func (s Set) IntervalClassVector() ICV { return itemVectors()[s&full] }

// itemVectors holds IntervalClassVector of every set of Items, by id: the delta skill asks for
// two per answer, and a lesson asks it 36,864 questions.
var itemVectors = sync.OnceValue(func() *[ItemCount]ICV {
	var out [ItemCount]ICV
	for id := range out {
		out[id] = countVector(Set(id))
	}
	return &out
})

// VectorText is the set's IntervalClassVector().String(), each set's text written once: the
// delta skill writes two vectors per answer, and a lesson asks it 36,864 questions.
func (s Set) VectorText() string {
	c := &vectorTexts[s&full]
	if p := c.Load(); p != nil {
		return *p
	}
	text := s.IntervalClassVector().String()
	c.Store(&text)
	return text
}

// vectorTexts holds VectorText by set id; two callers that write one set's text at once store
// the same text.
var vectorTexts [ItemCount]atomic.Pointer[string]

// countVector is IntervalClassVector counted from the set's pitch classes.
func countVector(s Set) ICV {
	var counts [7]int
	pcs := s.PitchClasses()
	for i, a := range pcs {
		for _, b := range pcs[i+1:] {
			d := b - a
			counts[min(d, 12-d)]++
		}
	}
	id := 0
	for ic := 1; ic <= 6; ic++ {
		id = id*12 + counts[ic]
	}
	return ICV(id)
}

// String is IntervalClassVectorId.ToString: the six base-12 digits, ic1 first, space-separated in
// angle brackets (IntervalClassVectorId.cs:31).
func (v ICV) String() string { return string(v.AppendText(make([]byte, 0, 16))) }

// AppendText appends String's text to b, for answers that write many vectors.
func (v ICV) AppendText(b []byte) []byte {
	var digits [6]int
	n := int(v)
	for i := 5; i >= 0; i-- {
		digits[i] = n % 12
		n /= 12
	}
	b = append(b, '<')
	for i, d := range digits {
		if i > 0 {
			b = append(b, ' ')
		}
		if d < 10 {
			b = append(b, byte('0'+d))
		} else {
			b = strconv.AppendInt(b, int64(d), 10)
		}
	}
	return append(b, '>')
}

// setClasses are SetClass.Items: every prime form, by cardinality and then mask
// (Common/GA.Domain.Core/Theory/Atonal/SetClass.cs:136-143).
var setClasses = sync.OnceValue(func() []Set {
	seen := map[Set]bool{}
	var out []Set
	for m := Set(0); m <= full; m++ {
		p := m.PrimeForm()
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Len() != out[j].Len() {
			return out[i].Len() < out[j].Len()
		}
		return out[i] < out[j]
	})
	return out
})

// SetClasses returns every set class's prime form, ordered by cardinality and then mask.
func SetClasses() []Set { return append([]Set(nil), setClasses()...) }

// ZPartner is the first set class with the same interval-class vector and a different prime form,
// the partner IxAlgebraService names; ok is false when there is none (IxAlgebraService.cs:323-345).
func ZPartner(s Set) (partner Set, ok bool) {
	p, icv := s.PrimeForm(), s.IntervalClassVector()
	for _, c := range setClasses() {
		if c != p && c.IntervalClassVector() == icv {
			return c, true
		}
	}
	return 0, false
}

// ZRelated reports whether two sets share an interval-class vector but not a prime form
// (IxAlgebraService.cs:306).
func ZRelated(a, b Set) bool {
	return a.IntervalClassVector() == b.IntervalClassVector() && a.PrimeForm() != b.PrimeForm()
}
