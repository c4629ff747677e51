package theory

import "testing"

func TestRomanDegree(t *testing.T) {
	for numeral, want := range map[string]int{"I": 1, "ii7": 2, "iii": 3, "IV7": 4, "V7": 5, "vi7": 6, "bVII": 7, "bVI": 6, "Imaj7": 1, "#iv": 4} {
		if got, err := RomanDegree(numeral); err != nil || got != want {
			t.Errorf("RomanDegree(%q) = %d, %v; want %d", numeral, got, err, want)
		}
	}
	for _, bad := range []string{"", "X", "IIII", "maj7", "b"} {
		if _, err := RomanDegree(bad); err == nil {
			t.Errorf("RomanDegree(%q) reads", bad)
		}
	}
}

func TestChordRoot(t *testing.T) {
	for _, c := range []struct {
		key     string
		minor   bool
		numeral string
		semis   int
		want    string
	}{
		{"Gb", false, "IV", 5, "Cb"},
		{"C#", false, "iii7", 4, "E#"},
		{"Cb", false, "V7", 7, "Gb"},
		{"A", true, "bVII", 10, "G"},
		{"D", true, "bVI", 8, "Bb"},
		{"A#", true, "V7", 7, "E#"},
		{"C", false, "vi", 9, "A"},
		// A numeral and a distance that disagree still land on the numeral's letter.
		{"C", false, "ii", 1, "Db"},
	} {
		key := Tonality{Tonic: MustNote(c.key), Minor: c.minor}
		got, err := key.ChordRoot(c.numeral, c.semis)
		if err != nil || got.String() != c.want {
			t.Errorf("%s %s %d: %s, %v; want %s", key, c.numeral, c.semis, got, err, c.want)
		}
	}
}

func TestSignatureTable(t *testing.T) {
	var major, minor string
	for _, k := range SignatureTable(false) {
		major += k.Tonic.String() + " "
	}
	for _, k := range SignatureTable(true) {
		minor += k.Tonic.String() + " "
	}
	if major != "C G D A E B F# C# F Bb Eb Ab Db Gb Cb " {
		t.Errorf("major: %s", major)
	}
	if minor != "A E B F# C# G# D# A# D G C F Bb Eb Ab " {
		t.Errorf("minor: %s", minor)
	}
}

func TestSplitSymbol(t *testing.T) {
	root, q, err := SplitSymbol("Bbm7")
	if err != nil || root.String() != "Bb" || q != "m7" {
		t.Errorf("Bbm7: %s %q %v", root, q, err)
	}
	if _, _, err := SplitSymbol("H7"); err == nil {
		t.Error("H7 splits")
	}
}
