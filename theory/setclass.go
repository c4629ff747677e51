package theory

import "slices"

// Pitch-class set theory as the textbooks define it (Forte, The Structure of Atonal Music;
// Straus, Introduction to Post-Tonal Theory): the interval-class vector of a set, the distance
// between two vectors, the notes two sets share, and equivalence under transposition and
// inversion. The lessons grade GA's set arithmetic against these.

// IntervalVector counts, for every pair of distinct pitch classes of a set, its interval class
// (the shorter way round the octave, 1 to 6); index 0 holds ic1. Duplicates count once.
func IntervalVector(pcs []int) [6]int {
	set := pcSet(pcs)
	var v [6]int
	for i, a := range set {
		for _, b := range set[i+1:] {
			d := b - a
			v[min(d, 12-d)-1]++
		}
	}
	return v
}

// VectorDistance is the L1 (city-block) distance between two interval-class vectors: how many
// interval-class counts one must change, one at a time, to turn one into the other.
func VectorDistance(a, b [6]int) int {
	n := 0
	for i := range a {
		n += max(a[i]-b[i], b[i]-a[i])
	}
	return n
}

// CommonTones counts the pitch classes two sets share.
func CommonTones(a, b []int) int {
	sb := pcSet(b)
	n := 0
	for _, p := range pcSet(a) {
		if _, ok := slices.BinarySearch(sb, p); ok {
			n++
		}
	}
	return n
}

// Transposes reports whether some transposition Tn maps set a onto set b.
func Transposes(a, b []int) bool {
	sa, sb := pcSet(a), pcSet(b)
	if len(sa) != len(sb) {
		return false
	}
	for n := range 12 {
		if slices.Equal(pcSet(mapPCs(sa, func(p int) int { return p + n })), sb) {
			return true
		}
	}
	return false
}

// SameSetClass reports whether a transposition or an inversion followed by a transposition
// (TnI) maps set a onto set b: whether they belong to one set class. Sets of one class share
// their interval-class vector; the converse fails for Z-related pairs.
func SameSetClass(a, b []int) bool {
	return Transposes(a, b) || Transposes(mapPCs(pcSet(a), func(p int) int { return -p }), b)
}

// pcSet is a set's pitch classes, each reduced modulo 12, sorted and once each.
func pcSet(pcs []int) []int {
	out := mapPCs(pcs, func(p int) int { return p })
	slices.Sort(out)
	return slices.Compact(out)
}

func mapPCs(pcs []int, f func(int) int) []int {
	out := make([]int, len(pcs))
	for i, p := range pcs {
		out[i] = mod12(f(p))
	}
	return out
}
