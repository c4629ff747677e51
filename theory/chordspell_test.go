package theory

import "testing"

func TestSpellQuality(t *testing.T) {
	tests := []struct{ root, quality, want string }{
		{"Bb", "diminished 7", "Bb Db Fb Abb"},
		{"G", "major 13", "G B D F# A C E"},
		{"C#", "altered dominant", "C# E# G G## B D D##"},
		{"Fb", "minor 6", "Fb Abb Cb Db"},
		{"B#", "augmented", "B# D## F###"},
	}
	for _, tt := range tests {
		notes, err := SpellQuality(MustNote(tt.root), tt.quality)
		if err != nil {
			t.Fatal(err)
		}
		if got := Names(notes); got != tt.want {
			t.Errorf("%s %s = %s, want %s", tt.root, tt.quality, got, tt.want)
		}
	}
	if _, err := SpellQuality(MustNote("C"), "major 8"); err == nil {
		t.Error("an unknown quality spelled without an error")
	}
}

func TestPitchClassHelpers(t *testing.T) {
	notes := []Note{MustNote("C"), MustNote("Bbb"), MustNote("A"), MustNote("E#")}
	if got := FlatNames(PitchClasses(notes)); got != "C F A" {
		t.Errorf("FlatNames(PitchClasses) = %q, want C F A", got)
	}
	if got := Accidentals(notes); got != 2 {
		t.Errorf("Accidentals = %d, want 2", got)
	}
}

func TestNoteRole(t *testing.T) {
	c := MustNote("C")
	tests := []struct {
		quality, note string
		want          Role
	}{
		{"major 7", "F", RoleAvoid},    // a semitone above E, and in Ionian
		{"major 7", "F#", RoleTension}, // Lydian's #11
		{"major 7", "Eb", RoleOutside}, // in neither Ionian nor Lydian
		{"minor 7", "F", RoleTension},  // nothing below it in Cm7
		{"minor 7", "Db", RoleAvoid},   // Phrygian's b9, a semitone above C
		{"dominant 7", "Db", RoleTension},
		{"dominant 7", "Ab", RoleTension},
		{"dominant 7", "F", RoleAvoid},
		{"dominant 7", "B", RoleOutside},
		{"diminished 7", "B", RoleTension}, // whole-half diminished's 7
		{"half-diminished", "Bb", RoleChordTone},
	}
	for _, tt := range tests {
		tones, err := SpellQuality(c, tt.quality)
		if err != nil {
			t.Fatal(err)
		}
		scales, err := UsualScales(c, tt.quality)
		if err != nil {
			t.Fatal(err)
		}
		if got := NoteRole(c, tones, scales, MustNote(tt.note)); got != tt.want {
			t.Errorf("%s over C %s = %s, want %s", tt.note, tt.quality, got.Letter(), tt.want.Letter())
		}
	}
	// On another root the rule moves with the chord: Ab over Eb7 is its 11, an avoid note.
	eb := MustNote("Eb")
	tones, _ := SpellQuality(eb, "dominant 7")
	scales, _ := UsualScales(eb, "dominant 7")
	if got := NoteRole(eb, tones, scales, MustNote("Ab")); got != RoleAvoid {
		t.Errorf("Ab over Eb7 = %s, want a", got.Letter())
	}
}
