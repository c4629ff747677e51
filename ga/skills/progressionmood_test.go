package skills

import (
	"strings"
	"testing"
)

func TestProgressionMoodBranches(t *testing.T) {
	s := ProgressionMood{}
	for m, brighten := range map[string]bool{
		"Make my song sound brighter":                  true,
		"How to make a progression more uplifting":     true,
		"Make it HAPPIER":                              true,
		"Brighten this minor song":                     false, // "brighten" is not one of the words
		"How do I make this progression sound darker?": false,
		"": false,
	} {
		got := s.Execute(m).Text
		if strings.HasPrefix(got, "Here are four reliable ways to brighten") != brighten {
			t.Errorf("%q: answer starts %q", m, got[:40])
		}
	}
	dark := s.Execute("darker")
	if !strings.HasSuffix(dark.Text, "4 alone for folk melancholy.") || strings.Count(dark.Text, "\n") != 8 || dark.Confidence != 1 || len(dark.Evidence) != 5 {
		t.Errorf("darken answer: %d lines, confidence %v, %d evidence", strings.Count(dark.Text, "\n")+1, dark.Confidence, len(dark.Evidence))
	}
	if crlf := (ProgressionMood{NewLine: "\r\n"}).Execute("brighter").Text; strings.Count(crlf, "\r\n") != 7 || strings.Count(crlf, "\n") != 7 {
		t.Errorf("CRLF brighten answer has %d CRLF and %d LF", strings.Count(crlf, "\r\n"), strings.Count(crlf, "\n"))
	}
	in, err := LookupIntent("skill.progressionmood", "")
	if err != nil {
		t.Fatal(err)
	}
	if r := in.Execute("Make my song sound brighter"); !strings.Contains(r.Answer, "`I bVII IV I`") || r.RoutingMethod != "orchestrator-skill-semantic" {
		t.Errorf("intent answer %q via %q", r.Answer, r.RoutingMethod)
	}
}
