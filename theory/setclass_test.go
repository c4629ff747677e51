package theory

import "testing"

// TestIntervalVector checks vectors a textbook tabulates.
func TestIntervalVector(t *testing.T) {
	tests := []struct {
		name string
		pcs  []int
		want [6]int
	}{
		{"major triad", []int{0, 4, 7}, [6]int{0, 0, 1, 1, 1, 0}},
		{"major seventh", []int{0, 4, 7, 11}, [6]int{1, 0, 1, 2, 2, 0}},
		{"dominant seventh", []int{7, 11, 2, 5}, [6]int{0, 1, 2, 1, 1, 1}},
		{"diminished seventh", []int{0, 3, 6, 9}, [6]int{0, 0, 4, 0, 0, 2}},
		{"major scale", []int{0, 2, 4, 5, 7, 9, 11}, [6]int{2, 5, 4, 3, 6, 1}},
		{"all-interval 4-Z15", []int{0, 1, 4, 6}, [6]int{1, 1, 1, 1, 1, 1}},
		{"aggregate", []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, [6]int{12, 12, 12, 12, 12, 6}},
		{"duplicates and octaves", []int{0, 12, 4, 16, 7}, [6]int{0, 0, 1, 1, 1, 0}},
	}
	for _, tt := range tests {
		if got := IntervalVector(tt.pcs); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestVectorDistanceAndCommonTones(t *testing.T) {
	cmaj7, g7 := IntervalVector([]int{0, 4, 7, 11}), IntervalVector([]int{7, 11, 2, 5})
	if d := VectorDistance(cmaj7, g7); d != 6 {
		t.Errorf("Cmaj7 to G7 = %d, want 6", d)
	}
	if d := VectorDistance(cmaj7, cmaj7); d != 0 {
		t.Errorf("Cmaj7 to itself = %d", d)
	}
	if n := CommonTones([]int{0, 4, 7, 11}, []int{7, 11, 2, 5}); n != 2 {
		t.Errorf("Cmaj7 and G7 share %d notes, want 2 (G, B)", n)
	}
}

func TestSameSetClass(t *testing.T) {
	tests := []struct {
		a, b      []int
		tn, class bool
	}{
		{[]int{0, 4, 7}, []int{5, 9, 0}, true, true},   // C and F major
		{[]int{0, 4, 7}, []int{0, 3, 7}, false, true},  // major and minor: inversions
		{[]int{0, 4, 7}, []int{0, 4, 8}, false, false}, // major and augmented
		{[]int{0, 1, 4, 6}, []int{0, 1, 3, 7}, false, false},
	}
	for _, tt := range tests {
		if got := Transposes(tt.a, tt.b); got != tt.tn {
			t.Errorf("Transposes(%v, %v) = %v", tt.a, tt.b, got)
		}
		if got := SameSetClass(tt.a, tt.b); got != tt.class {
			t.Errorf("SameSetClass(%v, %v) = %v", tt.a, tt.b, got)
		}
	}
	// 4-Z15 and 4-Z29 share a vector but not a class.
	if IntervalVector([]int{0, 1, 4, 6}) != IntervalVector([]int{0, 1, 3, 7}) {
		t.Error("the Z pair's vectors differ")
	}
}
