package theory

import "testing"

// TestMasksAgreeWithLists checks the mask classes against Transposes and SameSetClass on every
// ordered pair of three-note sets.
func TestMasksAgreeWithLists(t *testing.T) {
	var sets []PCMask
	for m := PCMask(0); m < 1<<12; m++ {
		if len(m.PitchClasses()) == 3 {
			sets = append(sets, m)
		}
	}
	for _, a := range sets {
		for _, b := range sets {
			pa, pb := a.PitchClasses(), b.PitchClasses()
			if got, want := a.TranspositionClass() == b.TranspositionClass(), Transposes(pa, pb); got != want {
				t.Fatalf("%v %v: same transposition class %v, Transposes %v", pa, pb, got, want)
			}
			if got, want := a.SetClass() == b.SetClass(), SameSetClass(pa, pb); got != want {
				t.Fatalf("%v %v: same set class %v, SameSetClass %v", pa, pb, got, want)
			}
		}
	}
	if MaskOf(0, 1, 3).SetClass() != MaskOf(0, 2, 3).SetClass() || MaskOf(0, 1, 3).TranspositionClass() == MaskOf(0, 2, 3).TranspositionClass() {
		t.Error("{0,1,3} and {0,2,3} should be related by inversion only")
	}
}
