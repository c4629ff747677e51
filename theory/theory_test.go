package theory

import (
	"slices"
	"testing"
)

func TestNotesSpellAndSound(t *testing.T) {
	tests := []struct {
		name string
		pc   int
	}{
		{"C", 0}, {"B#", 0}, {"Cb", 11}, {"Bb", 10}, {"A#", 10}, {"Fbb", 3}, {"E##", 6}, {"G", 7},
	}
	for _, tt := range tests {
		n, err := ParseNote(tt.name)
		if err != nil {
			t.Fatalf("ParseNote(%q): %v", tt.name, err)
		}
		if n.PitchClass() != tt.pc || n.String() != tt.name {
			t.Errorf("ParseNote(%q) = %s, pitch class %d; want %s, %d", tt.name, n, n.PitchClass(), tt.name, tt.pc)
		}
	}
	for _, bad := range []string{"", "H", "Cx", "c"} {
		if _, err := ParseNote(bad); err == nil {
			t.Errorf("ParseNote(%q) succeeded", bad)
		}
	}
}

func TestDegreesAreSpelledOnTheirLetter(t *testing.T) {
	tests := []struct{ root, degree, want string }{
		{"C", "bb7", "Bbb"},
		{"C", "b3", "Eb"},
		{"C", "#11", "F#"},
		{"C", "#5", "G#"},
		{"A", "b3", "C"},
		{"Bb", "#11", "E"},
		{"E", "b9", "F"},
		{"F#", "b5", "C"},
		{"Eb", "13", "C"},
		{"Db", "3", "F"},
		{"G#", "7", "F##"},
		{"Gb", "4", "Cb"},
	}
	for _, tt := range tests {
		got, err := Spell(MustNote(tt.root), tt.degree)
		if err != nil {
			t.Fatal(err)
		}
		if got[0].String() != tt.want {
			t.Errorf("%s of %s = %s, want %s", tt.degree, tt.root, got[0], tt.want)
		}
	}
	for _, bad := range []string{"", "b", "14", "0", "x3", "3b", "+5"} {
		if _, err := ParseDegree(bad); err == nil {
			t.Errorf("ParseDegree(%q) succeeded", bad)
		}
	}
}

func TestChordTones(t *testing.T) {
	tests := []struct{ symbol, want string }{
		{"C7#11", "C E G Bb F#"},
		{"Cdim7", "C Eb Gb Bbb"},
		{"Bbm7b5", "Bb Db Fb Ab"},
		{"F#7", "F# A# C# E"},
		{"Ebmaj7", "Eb G Bb D"},
		{"Am", "A C E"},
		{"Caug", "C E G#"},
		{"Cm6", "C Eb G A"},
		{"Gsus4", "G C D"},
		{"D5", "D A"},
		{"C/E", "C E G"},
		{"Am7/D", "A C E G D"},
	}
	for _, tt := range tests {
		c, err := ParseChord(tt.symbol)
		if err != nil {
			t.Fatal(err)
		}
		if got := Names(c.Tones); got != tt.want {
			t.Errorf("%s = %s, want %s", tt.symbol, got, tt.want)
		}
	}
	for _, bad := range []string{"", "H7", "Cblues", "C7sus9", "C/H"} {
		if _, err := ParseChord(bad); err == nil {
			t.Errorf("ParseChord(%q) succeeded", bad)
		}
	}
}

func TestScaleNotes(t *testing.T) {
	tests := []struct{ name, want string }{
		{"F Lydian", "F G A B C D E"},
		{"C Ionian (major)", "C D E F G A B"},
		{"A Aeolian (natural minor)", "A B C D E F G"},
		{"D Dorian", "D E F G A B C"},
		{"G Mixolydian", "G A B C D E F"},
		{"Bb Mixolydian", "Bb C D Eb F G Ab"},
		{"C Melodic Minor", "C D Eb F G A B"},
		{"C Whole Tone", "C D E F# G# Bb"},
		{"E Phrygian Dominant", "E F G# A B C D"},
		{"A Minor Pentatonic", "A C D E G"},
	}
	for _, tt := range tests {
		s, err := ParseScale(tt.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := Names(s.Notes); got != tt.want {
			t.Errorf("%s = %s, want %s", tt.name, got, tt.want)
		}
	}
	for _, bad := range []string{"Lydian", "C Bebop", "H Lydian"} {
		if _, err := ParseScale(bad); err == nil {
			t.Errorf("ParseScale(%q) succeeded", bad)
		}
	}
}

func TestTwelveKeys(t *testing.T) {
	keys := Keys()
	var pcs []int
	for _, k := range keys {
		pcs = append(pcs, k.Tonic.PitchClass())
		letters := map[int]bool{}
		for _, n := range k.Notes() {
			letters[n.Letter] = true
			if n.Acc < -1 || n.Acc > 1 {
				t.Errorf("%s has %s", k, n)
			}
		}
		if len(letters) != 7 {
			t.Errorf("%s uses %d letters", k, len(letters))
		}
	}
	if !slices.Equal(pcs, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}) {
		t.Errorf("tonics' pitch classes = %v", pcs)
	}
	want := map[int]string{0: "C major / A minor", 1: "Db major / Bb minor", 6: "Gb major / Eb minor", 11: "B major / G# minor"}
	for i, w := range want {
		if got := keys[i].String(); got != w {
			t.Errorf("key %d = %q, want %q", i, got, w)
		}
	}
}

func chords(t *testing.T, symbols ...string) []Chord {
	t.Helper()
	var cs []Chord
	for _, s := range symbols {
		c, err := ParseChord(s)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	return cs
}

func TestFindKeys(t *testing.T) {
	tests := []struct {
		progression []string
		want        []string
		outside     int
	}{
		{[]string{"Cm7", "F7", "Bbmaj7"}, []string{"Bb major / G minor"}, 0},
		{[]string{"Em7", "A7", "Dmaj7"}, []string{"D major / B minor"}, 0},
		{[]string{"C", "G"}, []string{"C major / A minor", "G major / E minor"}, 0},
		{[]string{"Am", "Dm", "E7"}, []string{"C major / A minor"}, 1},
	}
	for _, tt := range tests {
		keys, outside := FindKeys(chords(t, tt.progression...))
		var got []string
		for _, k := range keys {
			got = append(got, k.String())
		}
		if !slices.Equal(got, tt.want) || outside != tt.outside {
			t.Errorf("FindKeys(%v) = %v, %d; want %v, %d", tt.progression, got, outside, tt.want, tt.outside)
		}
	}
}

func TestTextbookScales(t *testing.T) {
	c := Key{Tonic: MustNote("C")}
	tests := []struct {
		key         Key
		chord, want string
		notes       string
	}{
		{c, "Dm7", "D Dorian", "D E F G A B C"},
		{c, "G7", "G Mixolydian", "G A B C D E F"},
		{c, "F", "F Lydian", "F G A B C D E"},
		{c, "Bm7b5", "B Locrian", "B C D E F G A"},
		{c, "A7", "A Mixolydian b6", "A B C# D E F G"},
		{c, "E7", "E Phrygian dominant", "E F G# A B C D"},
		{c, "Fm", "F (0 2 3 6 7 9 11)", "F G Ab B C D E"},
		{Key{Tonic: MustNote("Eb")}, "G7", "G Phrygian dominant", "G Ab B C D Eb F"},
	}
	for _, tt := range tests {
		s := tt.key.Textbook(chords(t, tt.chord)[0])
		if s.Name != tt.want || Names(s.Notes) != tt.notes {
			t.Errorf("%s in %s = %s (%s), want %s (%s)", tt.chord, tt.key, s.Name, Names(s.Notes), tt.want, tt.notes)
		}
	}
}

func TestMissingComparesPitchClasses(t *testing.T) {
	a := chords(t, "Cm7#5")[0].Tones
	b := chords(t, "Caug")[0].Tones
	if got := Names(Missing(a, b)); got != "Eb Bb" {
		t.Errorf("Missing(Cm7#5, Caug) = %q", got)
	}
	if got := Names(Missing(b, a)); got != "E" {
		t.Errorf("Missing(Caug, Cm7#5) = %q", got)
	}
	if !SamePitches(chords(t, "C6")[0].Tones, chords(t, "Am7")[0].Tones) || SamePitches(a, b) {
		t.Error("SamePitches: C6 and Am7 share their notes, Cm7#5 and Caug do not")
	}
}
