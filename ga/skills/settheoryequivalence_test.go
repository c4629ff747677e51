package skills

import (
	"strings"
	"testing"
)

// TestSetTheoryVerdicts asks the skill about pairs and sees the verdict move with a set.
func TestSetTheoryVerdicts(t *testing.T) {
	var s SetTheoryEquivalence
	tests := []struct{ q, want string }{
		// "equivalent" eats the space "under" needs, so the relation falls back to the set class.
		{"are pitch classes 0,1,3 and 0,2,3 equivalent under transposition", "**Yes — they belong to the same set class**"},
		{"are 0,1,3 and 0,2,3 the same set class under transposition", "**No — not equivalent under transposition alone.**"},
		{"are 0,1,4 and 1,2,5 the same set class under transposition", "**Yes — equivalent under transposition.**"},
		{"are 0,1,4 and 1,2,6 the same set class under transposition", "**No — not transpositionally equivalent.** Interval"},
		{"are 0,1,4 and 1,2,5 the same set class under inversion", "**Yes — equivalent under inversion** (and also"},
		{"are 0,1,4,6 and 0,1,3,7 the same set class", "**No — they are Z-related.**"},
		{"do 0146 and 0137 belong to the same set class", "**No — they are Z-related.**"},
		{"are 0,1,4,6 and 0,1,3,8 the same set class", "**No — they are not equivalent.**"},
	}
	for _, tt := range tests {
		if got := s.Execute(tt.q).Text; !strings.Contains(got, "\n"+tt.want) {
			t.Errorf("%q:\n%s\nwant a verdict starting %q", tt.q, got, tt.want)
		}
	}
	if got := s.Execute("are pitch classes 0,1,12 and 0,1,6 equivalent").Text; !strings.HasPrefix(got, "I couldn't parse") {
		t.Errorf("12 is no pitch class, got %q", got)
	}
	if got := s.Execute("are pitch classes (0,1,4) and 0,1,6 equivalent").Text; !strings.HasPrefix(got, "Ask whether") {
		t.Errorf("parentheses are not read, got %q", got)
	}
}

// TestSetTheoryAnswerText checks the answer's set lines.
func TestSetTheoryAnswerText(t *testing.T) {
	got := SetTheoryEquivalence{}.Execute("are pitch classes [0,4,7] and 0,1,6 equivalent").Text
	want := "## Set comparison\n\n- **Set A** `0,4,7` → ICV `<0 0 1 1 1 0>`, prime form `{0,3,7}`\n" +
		"- **Set B** `0,1,6` → ICV `<1 0 0 0 1 1>`, prime form `{0,1,6}`\n\n**No — they are not equivalent.**"
	if !strings.HasPrefix(got, want) {
		t.Errorf("got\n%s\nwant it to start\n%s", got, want)
	}
}

// TestParseSet checks TryParseSet's readings.
func TestParseSet(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0,1,4", "{0,1,4}"}, {"014", "{0,1,4}"}, {"01t", "{0,1}"}, {"0te", "{0}"}, {"10", "{0,1}"},
		{"0,1,10", "{0,1,10}"}, {"0,4,7,4", "{0,4,7}"}, {"0,1,12", ""}, {"C,E,G", ""}, {" ", ""},
	}
	for _, tt := range tests {
		set, _, ok := ParseSet(tt.in)
		got := ""
		if ok {
			got = set.Braced()
		}
		if got != tt.want {
			t.Errorf("ParseSet(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
