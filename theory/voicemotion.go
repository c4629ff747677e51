package theory

// Voice leading between voicings, in pitches rather than pitch classes: how far the voices of
// one voicing, as MIDI notes, must move to sound another.

// LeastPitchMotion is the least total motion, in semitones, that takes the notes of voicing a to
// the notes of voicing b, one voice to each note, over every pairing of the two; a and b have
// the same number of notes (it returns -1 when they do not).
func LeastPitchMotion(a, b []int) int {
	if len(a) != len(b) {
		return -1
	}
	return leastAssignment(a, b, -1, pitchDistance)
}

// LeastPitchMotionWithout is the least motion between voicings of any sizes when the smaller
// one's voices may go to any as many notes of the larger, over every choice of those notes and
// every pairing, and each note of the larger left without a voice costs penalty semitones, as
// a voice that appears or falls silent.
func LeastPitchMotionWithout(a, b []int, penalty int) int {
	small, large := a, b
	if len(small) > len(large) {
		small, large = large, small
	}
	best := -1
	chosen := make([]int, 0, len(small))
	var choose func(start int)
	choose = func(start int) {
		if len(chosen) == len(small) {
			if m := LeastPitchMotion(small, chosen); best < 0 || m < best {
				best = m
			}
			return
		}
		for i := start; i <= len(large)-(len(small)-len(chosen)); i++ {
			chosen = append(chosen, large[i])
			choose(i + 1)
			chosen = chosen[:len(chosen)-1]
		}
	}
	choose(0)
	return best + penalty*(len(large)-len(small))
}
