package skills

import (
	"strings"
	"testing"
)

// TestGrothendieckParse checks the skill's gates, the expression it cuts out and the case it names.
func TestGrothendieckParse(t *testing.T) {
	var s GrothendieckParse
	tests := []struct{ q, prefix string }{
		{"parse C ⊗ G", "**Parsed**: `C ⊗ G`\n\n- **AST category**: `TensorProduct`"},
		{"what does C ⊗ G mean?", "**Parsed**: `C ⊗ G`"},
		{"parse C ⊗ G please", "Couldn't parse `C ⊗ G please`"},
		{"please parse C ⊗ G", "Couldn't parse `please parse C ⊗ G`"},
		{"parse Am ⊗ G7", "Couldn't parse `Am ⊗ G7`"},
		{"parse C + G", "Ask me to parse"},
		{"parse C ^ G", "Ask me to parse"},
		{"parse C ^G", "**Parsed**: `C ^G`\n\n- **AST category**: `Exponential`"},
		{"what is Hom(Cmaj7, Gmaj7)", "Ask me to parse"},
		{"parse " + strings.Repeat("(", 33) + " ⊗", "Expression has too many brackets"},
	}
	for _, tt := range tests {
		if got := s.Execute(tt.q).Text; !strings.HasPrefix(got, tt.prefix) {
			t.Errorf("%q: got\n%s\nwant a start %q", tt.q, got, tt.prefix)
		}
	}
	if s.CanHandle("parse C ⊗ G") {
		t.Error("CanHandle is always false")
	}
}
