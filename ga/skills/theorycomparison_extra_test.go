package skills

import "testing"

// TestTheoryComparisonExtraTokens checks that the course's extra words widen every expression
// and leave GA's skill, the zero value, as it is.
func TestTheoryComparisonExtraTokens(t *testing.T) {
	ga, wider := TheoryComparison{}, TheoryComparison{ExtraTokens: "dorian"}
	for _, p := range []string{"major vs dorian", "compare dorian with minor"} {
		if ga.FirstPattern(p) != "" || wider.FirstPattern(p) == "" {
			t.Errorf("%q: GA's %q, wider %q", p, ga.FirstPattern(p), wider.FirstPattern(p))
		}
	}
	if !ga.Matches("VsPattern", "Major vs minor") || ga.Matches("VsPattern", "Majors vs minors") || ga.Matches("NoSuchPattern", "Major vs minor") {
		t.Error("Matches does not follow VsPattern")
	}
}
