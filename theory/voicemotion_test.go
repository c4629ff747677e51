package theory

import "testing"

// TestLeastPitchMotion checks the least motion between voicings of equal size: a voice that
// crosses another never helps, and held notes cost nothing.
func TestLeastPitchMotion(t *testing.T) {
	for _, tt := range []struct {
		a, b []int
		want int
	}{
		{[]int{60, 64, 67}, []int{60, 64, 67}, 0},
		{[]int{60, 64, 67}, []int{60, 65, 69}, 3}, // C to F over C: C held, E-F, G-A
		{[]int{67, 60, 64}, []int{69, 65, 60}, 3}, // the order given does not matter
		{[]int{48, 60}, []int{61, 47}, 2},         // each voice to its neighbour
		{[]int{40, 52}, []int{52, 64}, 24},        // both up an octave: 12 + 12, or 0 + 24
		{[]int{60, 64, 67}, []int{60, 64}, -1},    // sizes differ
	} {
		if got := LeastPitchMotion(tt.a, tt.b); got != tt.want {
			t.Errorf("LeastPitchMotion(%v, %v) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestLeastPitchMotionWithout checks voicings of different sizes: the smaller one's voices go
// to the nearest notes of the larger, and each note left over costs the penalty.
func TestLeastPitchMotionWithout(t *testing.T) {
	openC := []int{48, 52, 55, 60, 64} // x-3-2-0-1-0
	f := []int{53, 57, 60, 65}         // x-x-3-2-1-1
	for _, tt := range []struct {
		a, b          []int
		penalty, want int
	}{
		{openC, f, 3, 7}, // 52 55 60 64 to 53 57 60 65: 1 + 2 + 0 + 1, and 3 for C's 48
		{f, openC, 3, 7}, // either way round
		{openC, f, 0, 4}, // without the penalty
		{openC, f, 5, 9}, // the penalty counted once per note left over
		{[]int{40, 47, 52, 55, 59, 64}, []int{57, 61, 67}, 3, 16},
		{f, f, 3, 0}, // equal sizes: the least over every pairing
	} {
		if got := LeastPitchMotionWithout(tt.a, tt.b, tt.penalty); got != tt.want {
			t.Errorf("LeastPitchMotionWithout(%v, %v, %d) = %d, want %d", tt.a, tt.b, tt.penalty, got, tt.want)
		}
	}
}
