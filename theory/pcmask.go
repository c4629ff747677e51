package theory

// PCMask is a pitch-class set as twelve bits, bit p for pitch class p (C = 0): the same sets as
// setclass.go's lists, in a form cheap enough to compare hundreds of thousands of pairs.
type PCMask uint16

// MaskOf returns the mask of the given pitch classes, each taken modulo 12.
func MaskOf(pcs ...int) PCMask {
	var m PCMask
	for _, p := range pcs {
		m |= 1 << mod12(p)
	}
	return m
}

// PitchClasses lists the mask's pitch classes in ascending order.
func (m PCMask) PitchClasses() []int {
	var pcs []int
	for p := range 12 {
		if m&(1<<p) != 0 {
			pcs = append(pcs, p)
		}
	}
	return pcs
}

// Transpose is Tn: every pitch class moved up n semitones.
func (m PCMask) Transpose(n int) PCMask {
	var out PCMask
	for p := range 12 {
		if m&(1<<p) != 0 {
			out |= 1 << mod12(p+n)
		}
	}
	return out
}

// Invert is I (T0I): every pitch class p reflected to -p.
func (m PCMask) Invert() PCMask {
	var out PCMask
	for p := range 12 {
		if m&(1<<p) != 0 {
			out |= 1 << mod12(-p)
		}
	}
	return out
}

// TranspositionClass names the set's class under transposition alone: the smallest mask among
// its twelve transpositions. Two sets share it exactly when some Tn maps one onto the other.
func (m PCMask) TranspositionClass() PCMask {
	best := m
	for n := 1; n < 12; n++ {
		best = min(best, m.Transpose(n))
	}
	return best
}

// SetClass names the set's class under transposition and inversion: the smallest mask among its
// twelve transpositions and the twelve of its inversion. Two sets share it exactly when some Tn
// or TnI maps one onto the other.
func (m PCMask) SetClass() PCMask {
	return min(m.TranspositionClass(), m.Invert().TranspositionClass())
}
