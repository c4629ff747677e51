package theory

import "testing"

func TestIntervalsCountLettersThenSemitones(t *testing.T) {
	tests := []struct {
		from, to, short, name string
		semitones             int
	}{
		{"C", "G", "P5", "perfect fifth", 7},
		{"E", "G#", "M3", "major third", 4},
		{"F#", "D", "m6", "minor sixth", 8},
		{"F", "B", "A4", "augmented fourth", 6},
		{"B", "F", "d5", "diminished fifth", 6},
		{"C", "C", "P1", "perfect unison", 0},
		{"C", "Cb", "d1", "diminished unison", -1},
		{"C#", "Cb", "dd1", "doubly diminished unison", -2},
		{"Cb", "B", "A7", "augmented seventh", 12},
		{"E#", "Fb", "dd2", "doubly diminished second", -1},
		{"B#", "Fb", "ddd5", "triply diminished fifth", 4},
		{"C#", "Fb", "dd4", "doubly diminished fourth", 3},
		{"Fb", "B", "AA4", "doubly augmented fourth", 7},
		{"D", "Bb", "m6", "minor sixth", 8},
		{"Db", "B", "A6", "augmented sixth", 10},
		{"Cb", "A#", "AA6", "doubly augmented sixth", 11},
	}
	for _, tt := range tests {
		iv := IntervalBetween(MustNote(tt.from), MustNote(tt.to))
		if iv.Short() != tt.short || iv.Name() != tt.name || iv.Semitones != tt.semitones {
			t.Errorf("%s to %s = %s, %s, %d; want %s, %s, %d", tt.from, tt.to, iv.Short(), iv.Name(), iv.Semitones, tt.short, tt.name, tt.semitones)
		}
	}
}

// TestAboveUndoesBetween holds the two directions of the arithmetic together over every pair of
// names with up to two accidentals.
func TestAboveUndoesBetween(t *testing.T) {
	var notes []Note
	for l := range 7 {
		for acc := -2; acc <= 2; acc++ {
			notes = append(notes, Note{Letter: l, Acc: acc})
		}
	}
	for _, a := range notes {
		for _, b := range notes {
			iv := IntervalBetween(a, b)
			if got := a.Above(iv); got != b {
				t.Errorf("%s above %s = %s, want %s", iv.Short(), a, got, b)
			}
			back, err := ParseInterval(iv.Short())
			if err != nil || back != iv {
				t.Errorf("ParseInterval(%q) = %+v, %v; want %+v", iv.Short(), back, err, iv)
			}
		}
	}
}

func TestParseIntervalRefusesQualitiesANumberCannotHave(t *testing.T) {
	for _, bad := range []string{"", "P", "P3", "M5", "m1", "d", "x4", "P8", "P0", "Ad4"} {
		if iv, err := ParseInterval(bad); err == nil {
			t.Errorf("ParseInterval(%q) = %+v, want an error", bad, iv)
		}
	}
	if got := MustNote("D").Above(mustInterval(t, "m3")); got.String() != "F" {
		t.Errorf("a minor third above D = %s, want F", got)
	}
	if got := MustNote("G#").Above(mustInterval(t, "M7")); got.String() != "F##" {
		t.Errorf("a major seventh above G# = %s, want F##", got)
	}
}

func mustInterval(t *testing.T, s string) Interval {
	t.Helper()
	iv, err := ParseInterval(s)
	if err != nil {
		t.Fatal(err)
	}
	return iv
}

func TestKeySignaturesAndRelativeKeys(t *testing.T) {
	major, minor := Tonalities(false), Tonalities(true)
	for i := range 15 {
		if got := major[i].Signature(); got != i-7 {
			t.Errorf("%s has signature %d, want %d", major[i], got, i-7)
		}
		if got := minor[i].Signature(); got != i-7 {
			t.Errorf("%s has signature %d, want %d", minor[i], got, i-7)
		}
		if major[i].Relative() != minor[i] || minor[i].Relative() != major[i] {
			t.Errorf("%s and %s are not each other's relative", major[i], minor[i])
		}
	}
	if major[0].String() != "Cb major" || major[14].String() != "C# major" || minor[0].String() != "Ab minor" || minor[14].String() != "A# minor" {
		t.Errorf("ends of the circle: %s, %s, %s, %s", major[0], major[14], minor[0], minor[14])
	}
	tests := []struct {
		key       Tonality
		notes     string
		signature string
	}{
		{Tonality{Tonic: MustNote("G#")}, "G# A# B# C# D# E# F##", "8 sharps"},
		{Tonality{Tonic: MustNote("Db"), Minor: true}, "Db Eb Fb Gb Ab Bbb Cb", "8 flats"},
		{Tonality{Tonic: MustNote("F")}, "F G A Bb C D E", "1 flat"},
		{Tonality{Tonic: MustNote("E"), Minor: true}, "E F# G A B C D", "1 sharp"},
		{Tonality{Tonic: MustNote("A"), Minor: true}, "A B C D E F G", "no sharps or flats"},
	}
	for _, tt := range tests {
		if got := Names(tt.key.Notes()); got != tt.notes {
			t.Errorf("%s: notes %s, want %s", tt.key, got, tt.notes)
		}
		if got := SignatureName(tt.key.Signature()); got != tt.signature {
			t.Errorf("%s: signature %s, want %s", tt.key, got, tt.signature)
		}
	}
}
