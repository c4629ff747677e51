package skills

import (
	"strings"
	"testing"
)

// TestChordInfoSpells checks ChordInfoSkill's three readings and ChordSpelling's accidentals.
func TestChordInfoSpells(t *testing.T) {
	for q, want := range map[string]string{
		"Move this F chord down a minor third":         "F major chord contains F, A, and C.",
		"What's Dm7 up a whole step?":                  "D minor 7 chord contains D, F, A, and C.",
		"Difference between a major and a minor chord": "A minor chord contains A, C, and E.",
		"Spell a Bb7 chord":                            "Bb dominant 7 chord contains Bb, D, F, and Ab.",
		"what chord is F A C E":                        "F major 7 chord contains F, A, C, and E.",
		"tell me about F#m7b5":                         "F# half-diminished chord (m7b5) contains F#, A, C, and E.",
		"Gb dim chord":                                 "Gb diminished chord contains Gb, Bbb, and Dbb.",
		"Gb diminished 7 chord":                        "Could not parse a chord name from your question.", // no "diminished 7" in the chord pattern
		"no chord here":                                "Could not parse a chord name from your question.",
	} {
		if got := (ChordInfo{}).Execute(q).Text; got != want {
			t.Errorf("%q: %q, want %q", q, got, want)
		}
	}
	want := "Harmonic substitutions for **G** (ranked by ICV distance):\n\n" +
		"- **Cm** — harmonic cost 0.00 (Δ L1=0)\n- **C** — harmonic cost 0.00 (Δ L1=0)\n- **Ab** — harmonic cost 0.00 (Δ L1=0)\n" +
		"- **Dbm** — harmonic cost 0.00 (Δ L1=0)\n- **Fm** — harmonic cost 0.00 (Δ L1=0)"
	if got := (ChordSubstitution{}).Execute("Lower G by a tritone").Text; got != want {
		t.Errorf("substitution %q, want %q", got, want)
	}
	// Another source moves the list: for C, C itself leaves it and Db joins.
	if got := (ChordSubstitution{}).Execute("substitute C").Text; !strings.Contains(got, "- **Db** —") || strings.Contains(got, "- **C** —") {
		t.Errorf("substitution for C %q", got)
	}
}
