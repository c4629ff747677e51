package skills

import (
	"strings"
	"testing"
)

// voices reads the From and To columns of a voice-leading answer's table.
func voices(t *testing.T, text string) [][2]string {
	t.Helper()
	var out [][2]string
	for line := range strings.SplitSeq(text, "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) == 4 && cells[0] != "Voice" && !strings.HasPrefix(cells[0], "-") {
			out = append(out, [2]string{cells[1], cells[2]})
		}
	}
	return out
}

func TestVoiceLeadingAnswer(t *testing.T) {
	got := VoiceLeading{}.Execute("voice leading from C to F").Text
	want := "**Smoothest voice leading C → F**: total motion = **3 semitones**.\n\n" +
		"| Voice | From | To | Move |\n|-------|------|----|----|\n" +
		"| 1 | C | C | stays |\n| 2 | E | F | +1 (up) |\n| 3 | G | A | +2 (up) |\n\n" +
		"This is the optimal pitch-class assignment — every other voicing of C → F requires more total semitone movement.\n"
	if got != want {
		t.Errorf("answer:\n%s\nwant:\n%s", got, want)
	}
	if crlf := (VoiceLeading{NewLine: "\r\n"}).Execute("voice leading from C to F").Text; crlf != strings.ReplaceAll(want, "\n", "\r\n") {
		t.Errorf("CRLF answer:\n%q", crlf)
	}
}

// TestVoiceLeadingQuirks holds the model to GA's reading of symbols and accidentals.
func TestVoiceLeadingQuirks(t *testing.T) {
	tests := []struct {
		name, prompt string
		want         [][2]string // nil: declined
	}{
		// The quality is lower-cased before the lookup: M7 is m7, C Eb G Bb.
		{"CM7 is Cm7", "voice leading CM7 to F", [][2]string{{"C", "C"}, {"D#", "F"}, {"G", "F"}, {"A#", "A"}}},
		// \b after ♯ at the end of the message fails, so the match backs off to the letter.
		{"a final ♯ is dropped", "voice leading C to F♯", [][2]string{{"C", "C"}, {"E", "F"}, {"G", "A"}}},
		// A triad going to a seventh chord doubles its root in the fourth voice.
		{"padded with the root", "voice leading C to G7", [][2]string{{"C", "B"}, {"E", "F"}, {"G", "G"}, {"C", "D"}}},
		// "Bb" alone has its b at index 0 of IndexOf's first hit, so sharps are used.
		{"Bb alone spells sharps", "voice leading Bb to C", [][2]string{{"A#", "C"}, {"D", "E"}, {"F", "G"}}},
		{"B♭ spells flats", "voice leading B♭ to C", [][2]string{{"Bb", "C"}, {"D", "E"}, {"F", "G"}}},
		{"an unknown quality declines", "voice leading Cadd9 to F", nil},
		{"no second chord declines", "voice leading G7 - C", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := VoiceLeading{}.Execute(tt.prompt)
			got := voices(t, r.Text)
			if tt.want == nil {
				if r.Confidence == 1 || got != nil {
					t.Fatalf("answered %q", r.Text)
				}
				return
			}
			if len(got) != len(tt.want) {
				t.Fatalf("voices %v, want %v\n%s", got, tt.want, r.Text)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("voice %d: %v, want %v", i+1, got[i], tt.want[i])
				}
			}
		})
	}
}

// TestVoiceLeadingKeepsTheFirstBestPermutation checks the lexicographic search keeps the first
// permutation of least cost, not a later one of the same cost.
func TestVoiceLeadingKeepsTheFirstBestPermutation(t *testing.T) {
	perm, cost := bestAssignment([]int{0, 4, 7}, []int{0, 4, 7})
	if cost != 0 || perm[0] != 0 || perm[1] != 1 || perm[2] != 2 {
		t.Errorf("C to C: %v cost %d", perm, cost)
	}
	// C and F# to Eb and A: both pairings move six semitones; the first in order is kept.
	perm, cost = bestAssignment([]int{0, 6}, []int{3, 9})
	if cost != 6 || perm[0] != 0 || perm[1] != 1 {
		t.Errorf("C F# to Eb A: %v cost %d", perm, cost)
	}
}
