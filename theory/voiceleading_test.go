package theory

import "testing"

func TestMove(t *testing.T) {
	for _, tt := range []struct{ from, to, want int }{
		{0, 0, 0}, {0, 5, 5}, {0, 6, 6}, {0, 7, -5}, {11, 0, 1}, {0, 11, -1}, {6, 0, 6},
	} {
		if got := Move(tt.from, tt.to); got != tt.want {
			t.Errorf("Move(%d, %d) = %d, want %d", tt.from, tt.to, got, tt.want)
		}
	}
}

func pcs(t *testing.T, symbol string) []int {
	t.Helper()
	c, err := ParseChord(symbol)
	if err != nil {
		t.Fatal(err)
	}
	return c.PitchClasses()
}

// TestLeastMotion checks textbook voice leadings: common tones held, the others by step.
func TestLeastMotion(t *testing.T) {
	for _, tt := range []struct {
		from, to string
		want     int
	}{
		{"C", "F", 3},      // C stays, E-F, G-A
		{"C", "Am", 2},     // C and E stay, G-A
		{"G7", "Cmaj7", 3}, // G and B stay, D-C, F-E
		{"C", "C", 0},
		{"C", "G7", 4},  // C-B, E-F, G stays, a doubled C or E to D
		{"Em", "A7", 4}, // the skill's padding with E finds 5
		{"Csus2", "Em9", 4},
	} {
		if got := LeastMotion(pcs(t, tt.from), pcs(t, tt.to)); got != tt.want {
			t.Errorf("LeastMotion(%s, %s) = %d, want %d", tt.from, tt.to, got, tt.want)
		}
	}
}

func TestPermutations(t *testing.T) {
	for n, want := range []int{1, 1, 2, 6, 24, 120, 720, 5040} {
		ps := Permutations(n)
		if len(ps) != want {
			t.Fatalf("Permutations(%d): %d, want %d", n, len(ps), want)
		}
		seen := map[string]bool{}
		for _, p := range ps {
			seen[string(rune(len(p)))+fmtInts(p)] = true
		}
		if len(seen) != want {
			t.Errorf("Permutations(%d) repeats an ordering", n)
		}
	}
}

func fmtInts(p []int) string {
	b := make([]byte, len(p))
	for i, x := range p {
		b[i] = byte('0' + x)
	}
	return string(b)
}

func TestNameChord(t *testing.T) {
	suffixes := []string{"", "m", "dim", "aug", "7", "m7", "maj7", "6"}
	for _, tt := range []struct {
		symbol, root, want string
	}{
		{"Cm7", "C", "Cm7"},
		{"C", "Db", "C"},   // no chord on Db fits: the next root up that fits, in sharps
		{"Bb", "Bb", "Bb"}, // on the root asked, spelled as asked
		{"C6", "A", "Am7"}, // the same notes, named on the root asked first
		{"Eb", "D#", "D#"},
	} {
		if got := NameChord(pcs(t, tt.symbol), MustNote(tt.root), suffixes); got != tt.want {
			t.Errorf("NameChord(%s on %s) = %s, want %s", tt.symbol, tt.root, got, tt.want)
		}
	}
	if got := NameChord([]int{0, 1, 2}, MustNote("C"), suffixes); got != "C C# D" {
		t.Errorf("a cluster: %s", got)
	}
}

func TestPitchClass(t *testing.T) {
	for name, want := range map[string]int{"C": 0, "B#": 0, "Cb": 11, "F##": 7, "E♭": 3, "g♯": 8} {
		if got, ok := PitchClass(name); !ok || got != want {
			t.Errorf("PitchClass(%s) = %d %v, want %d", name, got, ok, want)
		}
	}
	if _, ok := PitchClass("H"); ok {
		t.Error("H read as a note")
	}
}
