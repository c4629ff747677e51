package theory

import (
	"fmt"
	"strings"
)

// romanNumerals are the seven scale degrees' numerals in upper case, the tonic first.
var romanNumerals = [7]string{"I", "II", "III", "IV", "V", "VI", "VII"}

// RomanDegree reads the scale degree a Roman numeral of harmony names, 1 to 7: the numeral
// alone, in either case, after any accidental that alters it and before the chord's quality,
// so "ii7" is 2, "bVII" is 7 and "Imaj7" is 1.
func RomanDegree(numeral string) (int, error) {
	rest := strings.TrimLeft(numeral, "b#♭♯")
	end := 0
	for end < len(rest) && strings.IndexByte("IViv", rest[end]) >= 0 {
		end++
	}
	upper := strings.ToUpper(rest[:end])
	for i, n := range romanNumerals {
		if n == upper {
			return i + 1, nil
		}
	}
	return 0, fmt.Errorf("theory: %q is not a Roman numeral of harmony", numeral)
}

// ChordRoot spells the root of the chord a Roman numeral names in the key, as a textbook
// writes it: on the letter of the numeral's degree counted from the tonic's letter, with the
// accidental that puts it semitones above the tonic. In Gb major the IV chord, five semitones
// up, is Cb, not B; in A minor the bVII chord, ten semitones up, is G.
func (t Tonality) ChordRoot(numeral string, semitones int) (Note, error) {
	degree, err := RomanDegree(numeral)
	if err != nil {
		return Note{}, err
	}
	letter := (t.Tonic.Letter + degree - 1) % 7
	pc := mod12(t.Tonic.PitchClass() + semitones)
	return Note{Letter: letter, Acc: mod12(pc-naturals[letter]+6) - 6}, nil
}

// SplitSymbol cuts a chord symbol into its root and its quality, the rest after the root:
// "Bbm7" is Bb and "m7".
func SplitSymbol(symbol string) (Note, string, error) {
	return splitRoot(symbol)
}

// SignatureTable returns the fifteen keys of a mode in the order a table of key signatures
// lists them: the key without sharps or flats, then the keys of one to seven sharps, then those
// of one to seven flats (C G D ... C# F Bb ... Cb in major, A E B ... A# D G ... Ab in minor).
func SignatureTable(minor bool) []Tonality {
	keys := Tonalities(minor)
	out := append([]Tonality(nil), keys[7:]...)
	for i := 6; i >= 0; i-- {
		out = append(out, keys[i])
	}
	return out
}
