package skills

import (
	"slices"
	"strings"
	"testing"
)

func TestTheoryComparisonPatterns(t *testing.T) {
	var s TheoryComparison
	tests := []struct {
		message, pattern, evidence string
	}{
		{"What is the difference between major and minor", "DifferencePattern", "matched pair (major, minor)"},
		{"What's the distinction between minor and major keys", "DifferencePattern", "matched pair (major, minor)"},
		{"Compare minor with major", "ComparePattern", "matched pair (major, minor)"},
		{"compare major versus minor", "ComparePattern", "matched pair (major, minor)"},
		{"Major vs. minor", "VsPattern", "matched pair (major, minor)"},
		{"MINOR VERSUS MAJOR", "VsPattern", "matched pair (major, minor)"},
		{"How do major and minor differ", "HowDifferPattern", "matched pair (major, minor)"},
		{"Major vs major", "VsPattern", "same-token pair"},
		{"minor vs minor", "VsPattern", "same-token pair"},
		// The lookbehind: a key letter and one space before the first token keep it out.
		{"C major vs C minor", "", "no recognised comparison pattern"},
		{"F♯ major vs minor", "", "no recognised comparison pattern"},
		{"F#  major vs minor", "VsPattern", "matched pair (major, minor)"},
		// Only the two tokens, and only in these shapes.
		{"Majors vs minors", "", "no recognised comparison pattern"},
		{"Major vs dorian", "", "no recognised comparison pattern"},
		{"How are major and minor different", "", "no recognised comparison pattern"},
		{"Difference between the major and minor scales", "", "no recognised comparison pattern"},
	}
	for _, tt := range tests {
		if got := s.FirstPattern(tt.message); got != tt.pattern {
			t.Errorf("%q: pattern %q, want %q", tt.message, got, tt.pattern)
		}
		res := s.Execute(tt.message)
		if last := res.Evidence[len(res.Evidence)-1]; !strings.HasSuffix(last, tt.evidence) {
			t.Errorf("%q: evidence %q, want it to end with %q", tt.message, last, tt.evidence)
		}
	}
}

func TestTheoryComparisonAnswers(t *testing.T) {
	var s TheoryComparison
	full := s.Execute("Major vs minor")
	if full.Confidence != 1 || !strings.HasPrefix(full.Text, "Major and minor differ primarily in the **third scale degree**") ||
		strings.Count(full.Text, "\n") != 18 || strings.Contains(full.Text, "\r") {
		t.Errorf("the comparison: confidence %v, %d lines:\n%s", full.Confidence, strings.Count(full.Text, "\n")+1, full.Text)
	}
	same := s.Execute("Minor vs minor")
	if same.Confidence != 0.7 || !strings.HasSuffix(same.Text, `(e.g. "minor vs dorian").`) {
		t.Errorf("the same pair: %v %q", same.Confidence, same.Text)
	}
	none := s.Execute("Dorian vs Aeolian")
	if none.Confidence != 0 || none.Text != "" || len(none.Evidence) != 1 {
		t.Errorf("no pair: %+v", none)
	}
	if got := ComparisonPatternNames(); !slices.Equal(got, []string{"DifferencePattern", "ComparePattern", "VsPattern", "HowDifferPattern"}) {
		t.Errorf("pattern order %v", got)
	}
}

func TestTheoryComparisonIntent(t *testing.T) {
	in, err := LookupIntent("skill.theorycomparison", "")
	if err != nil {
		t.Fatal(err)
	}
	if r := in.Execute("Compare major and minor"); r.Confidence != 1 || r.RoutingMethod != "orchestrator-skill-semantic" {
		t.Errorf("through the intent: %+v", r)
	}
	if names := CanHandle("What is the difference between major and minor"); slices.Contains(names, "TheoryComparison") {
		t.Errorf("CanHandle accepts the skill's own example: %v", names)
	}
}
