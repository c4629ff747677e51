package skills

import (
	"strings"
	"testing"

	"course/ga/revision"
)

func TestTuningsAnswer(t *testing.T) {
	got := AlternateTunings{}.Execute("what's drop D tuning").Text
	for _, want := range []string{
		"**Drop D tuning** (low → high): **D – A – D – G – B – E**\n\n| String | Note | vs Standard |\n|--------|------|-------------|\n",
		"| 6 (low) | D | -2st |\n| 5 | A | same |\n",
		"| 1 (high) | E | same |\n\n**Change from standard**: Only string 6",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("answer lacks %q:\n%s", want, got)
		}
	}
}

// TestTuningsPinAndMain shows the one difference of main's name patterns: a sharp or flat after
// the tuning's letter.
func TestTuningsPinAndMain(t *testing.T) {
	for _, tt := range []struct{ prompt, pin, main string }{
		{"what is drop C♯ tuning", "**Drop C tuning**", "Ask about a named"},
		{"what is drop D♭ tuning", "**Drop D tuning**", "Ask about a named"},
		{"what is drop C# tuning", "Ask about a named", "Ask about a named"},
		{"what is open D minor tuning", "**Open D tuning**", "**Open D tuning**"},
		{"what is double drop D tuning", "**Double Drop D tuning**", "**Double Drop D tuning**"},
	} {
		if got := (AlternateTunings{}).Execute(tt.prompt).Text; !strings.HasPrefix(got, tt.pin) {
			t.Errorf("pin, %q: %.60s", tt.prompt, got)
		}
		if got := (AlternateTunings{Revision: revision.Main}).Execute(tt.prompt).Text; !strings.HasPrefix(got, tt.main) {
			t.Errorf("main, %q: %.60s", tt.prompt, got)
		}
	}
}

// TestTuningsBySixNotes holds the reading of six notes: a sharp or flat sign before a space
// leaves no word boundary, so the letter is read alone.
func TestTuningsBySixNotes(t *testing.T) {
	for _, tt := range []struct{ prompt, want string }{
		{"what tuning is Eb Ab Db Gb Bb Eb", "**Half-step down (Eb standard) tuning**"},
		{"what tuning is E♭ A♭ D♭ G♭ B♭ E♭", "That tuning (low → high: **E – A – D – G – B – E**)"},
		{"what tuning is D A D F# A D", "That tuning (low → high: **D – A – D – F – A – D**)"},
		{"what tuning is D# G# C# F# A# D#", "**Whole-step down (D standard) tuning**"},
		{"what tuning is d-g-c-f-a-d", "**Whole-step down (D standard) tuning**"},
		{"what tuning is E A D", "Ask about a named"},
	} {
		if got := (AlternateTunings{}).Execute(tt.prompt).Text; !strings.HasPrefix(got, tt.want) {
			t.Errorf("%q:\n%.90s\nwant %q", tt.prompt, got, tt.want)
		}
	}
}
