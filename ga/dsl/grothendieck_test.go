package dsl

import "testing"

// TestParseFormsAsGAReadsThem checks forms the parser accepts and forms its grammar hides: an
// operator word after a consumed object, a "word >>. ws1" rule after str has eaten the space,
// and the second "(" that equalizer( needs.
func TestParseFormsAsGAReadsThem(t *testing.T) {
	tests := []struct{ in, want string }{
		{"C ⊗ G", "TensorProduct"},
		{"C tensor G", ""},
		{"tensor(C, G)", "TensorProduct"},
		{"C + G", "Coproduct"},
		{"C + G + F", ""},
		{"Invert(C)", "ApplyFunctor"},
		{"eta(C)", "ApplyFunctor"},
		{"Ω", "SubobjectClassifier"},
		{"Ω(C)", "ApplyFunctor"},
		{"Transpose ∘ Invert", "ComposeFunctors"},
		{"Transpose compose Invert", ""},
		{"limit of {C, G}", ""},
		{"pullback(C, invert, G)", "Pullback"},
		{"pullback(C, transpose 7, G)", ""},
		{"C pushout invert", "Pushout"},
		{"eq(invert, reflect)", ""},
		{"eq(invert,reflect)", "Equalizer"},
		{"equalizer(invert,reflect)", ""},
		{"equalizer((invert,reflect)", "Equalizer"},
		{"S | U", ""},
		{"S|U", "SheafRestriction"},
		{"sheaf S on fretboard", "DefineSheaf"},
		{"functor Transpose: Chords -> Chords", "DefineFunctor"},
		{"  Hom(C, G)", "InternalHom"},
		{"C => G", "InternalHom"},
	}
	for _, tt := range tests {
		op, err := Parse(tt.in)
		got := op.Case
		if err != nil {
			got = ""
		}
		if got != tt.want {
			t.Errorf("Parse(%q) = %q (%v), want %q", tt.in, got, err, tt.want)
		}
	}
}

// TestParseObjects checks what the parser builds on the left of ⊗.
func TestParseObjects(t *testing.T) {
	tests := []struct{ in, want string }{
		{"C", "chord C Major"},
		{"Bb", "chord Bb Major"},
		{"F#", "chord F# Major"},
		{"Cmaj7", "chord C Major7"},
		{"C6/9", `chord C Custom "6/9"`},
		{"C major", "scale C major"},
		{"Cminor", "scale C minor"},
		{"Cmin", "chord C Minor"},
		{"PC{0,4,7}", "set class [0,4,7]"},
		{"Am", ""},
		{"C°", ""},
		{"PC{0,4,12}", ""},
	}
	for _, tt := range tests {
		op, err := Parse(tt.in + " ⊗ G")
		got := ""
		if err == nil && op.Case == "TensorProduct" {
			got = op.Objects[0].String()
		}
		if got != tt.want {
			t.Errorf("%q ⊗ G: left is %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestPint32 checks the number parser's sign, prefixes and range.
func TestPint32(t *testing.T) {
	tests := []struct {
		in   string
		want int
		ok   bool
		rest int
	}{
		{"7", 7, true, 1}, {"-3,", -3, true, 2}, {"+4", 4, true, 2}, {"0x1F", 31, true, 4},
		{"0xg", 0, true, 1}, {"x", 0, false, 0}, {"2147483648", 0, false, 0},
	}
	for _, tt := range tests {
		s := &state{in: units(tt.in)}
		n, ok := pint32(s)
		if n != tt.want || ok != tt.ok || s.pos != tt.rest {
			t.Errorf("pint32(%q) = %d, %v at %d; want %d, %v at %d", tt.in, n, ok, s.pos, tt.want, tt.ok, tt.rest)
		}
	}
}
