package skills

import (
	"strings"
	"testing"
)

// TestChordSubstitutionList checks the list for one chord and sees it move with the chord.
func TestChordSubstitutionList(t *testing.T) {
	var s ChordSubstitution
	tests := []struct{ q, want string }{
		{"Tritone substitution for G7", "Harmonic substitutions for **G7** (ranked by ICV distance):\n\n- **Dm7b5** — harmonic cost 0.60 (Δ L1=1)\n- **Ab7**"},
		{"Tritone substitution for Cmaj7", "Harmonic substitutions for **Cmaj7** (ranked by ICV distance):\n\n- **Dbmaj7** — harmonic cost 0.60 (Δ L1=1)"},
		{"Substitute for Cdim7", "Harmonic substitutions for **Cdim7** (ranked by ICV distance):\n\n- **Dbdim7** — harmonic cost 0.60 (Δ L1=1)\n- **Ddim7** — harmonic cost 0.60 (Δ L1=1)"},
		{"Substitute for Cmin7", "Could not identify a chord symbol in your message."},
	}
	for _, tt := range tests {
		if got := s.Execute(tt.q).Text; !strings.HasPrefix(got, tt.want) {
			t.Errorf("%q:\n%s\nwant a start\n%s", tt.q, got, tt.want)
		}
	}
	if got := s.Execute("Substitute for Cdim7").Text; strings.Count(got, "\n- ") != 2 {
		t.Errorf("three diminished 7ths exist, the list for Cdim7 has two others:\n%s", got)
	}
}

// TestChordSubstitutionPairs checks relationships and sees them move with the second chord.
func TestChordSubstitutionPairs(t *testing.T) {
	var s ChordSubstitution
	tests := []struct{ q, want string }{
		{"How are G7 and C related?", "**G7** → **C** relationship analysis:\n\n★★ **Secondary Dominant**\n"},
		{"How are Db7 and G7 related?", "★★★ **Tritone Substitution**"},
		{"How are Bb7 and C related?", "★★ **Backdoor Dominant**"},
		{"How are C and C related?", "★ **ICV Neighbor (L1 = 1)**"},
		{"How are A and G7 related?", "★★ **Harmonic Distance**\n  No standard substitution relationship detected. ICV distance = 3 (L1 norm)."},
	}
	for _, tt := range tests {
		if got := s.Execute(tt.q).Text; !strings.Contains(got, tt.want) {
			t.Errorf("%q:\n%s\nwant %q", tt.q, got, tt.want)
		}
	}
}

// TestChordSubstitutionTools checks the tools against the skill.
func TestChordSubstitutionTools(t *testing.T) {
	var tools ChordSubstitutionTools
	r := tools.GetSubstitutions("g7")
	if r.Error != "" || r.SourceChord != "G7" || len(r.Substitutions) != 5 || r.Substitutions[0].Name != "Dm7b5" {
		t.Errorf("g7: %+v", r)
	}
	if got := tools.GetSubstitutions("Cmin7").Error; got != "Could not parse 'Cmin7' as a chord symbol. Try Cmaj7, F#m, Bb7, etc." {
		t.Errorf("Cmin7: %q", got)
	}
	if got := tools.GetSubstitutions("Cmaj7 over a long bass").Error; got != "Could not parse 'Cmaj7 over a lon…' as a chord symbol." {
		t.Errorf("long symbol: %q", got)
	}
	c := tools.CompareChords("Gb7", "C7")
	if len(c.Relationships) == 0 || c.Relationships[0].Type != "Tritone Substitution" || c.IcvL1Distance != 1 {
		t.Errorf("Gb7, C7: %+v", c)
	}
}
