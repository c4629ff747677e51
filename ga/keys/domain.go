package keys

import "strings"

// Key is one of GA's Key.Items: a signature from -7 (seven flats) to 7 (seven sharps) in a mode
// (Common/GA.Domain.Core/Theory/Tonal/Key.cs:11-28 @ c781df5c).
type Key struct {
	// Signature counts the key's sharps (above zero) or flats (below zero).
	Signature int
	// Minor is true for the minor keys, false for the major ones.
	Minor bool
}

// The keys' roots by signature, -7 first (Key.cs:164-182 for major, 290-308 for minor @ c781df5c).
var (
	majorRoots = [15]string{"Cb", "Gb", "Db", "Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#"}
	minorRoots = [15]string{"Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#", "G#", "D#", "A#"}
)

// Items is Key.Items: the fifteen major keys from seven flats to seven sharps, then the
// fifteen minor keys (Key.cs:25-26, 99-100, 229-230 @ c781df5c). The order decides which of two
// enharmonic keys a relative key names.
func Items() []Key {
	keys := make([]Key, 0, 30)
	for _, minor := range []bool{false, true} {
		for sig := -7; sig <= 7; sig++ {
			keys = append(keys, Key{sig, minor})
		}
	}
	return keys
}

// Root is Key.Root as its ToString writes it, e.g. "F#", "Cb".
func (k Key) Root() string {
	if k.Minor {
		return minorRoots[k.Signature+7]
	}
	return majorRoots[k.Signature+7]
}

// Mode is "major" or "minor", as KeyIdentificationService names a key's mode.
func (k Key) Mode() string {
	if k.Minor {
		return "minor"
	}
	return "major"
}

// Name is FormatKeyName: the root and the mode, "C# major"
// (Common/GA.Business.ML/Agents/KeyIdentificationService.cs:60-61 @ c781df5c).
func (k Key) Name() string { return k.Root() + " " + k.Mode() }

// Notes is Key.Notes: the root, then the next six letters, each sharpened or flattened when the
// signature holds it; sharps come in the order F C G D A E B, flats B E A D G C F
// (Key.cs:43-90; KeySignature.cs:40-50 @ c781df5c).
func (k Key) Notes() []string {
	const letters = "CDEFGAB"
	order, sign := "FCGDAEB", "#"
	if k.Signature < 0 {
		order, sign = "BEADGCF", "b"
	}
	held := order[:abs(k.Signature)]
	root := k.Root()
	notes := []string{root}
	l := strings.IndexByte(letters, root[0])
	for i := 1; i < 7; i++ {
		letter := string(letters[(l+i)%7])
		if strings.Contains(held, letter) {
			letter += sign
		}
		notes = append(notes, letter)
	}
	return notes
}

// naturalPitch is the pitch class of each letter from C.
var naturalPitch = [7]int{0, 2, 4, 5, 7, 9, 11}

// PitchClasses is each note's PitchClass.Value, in the order of Notes.
func (k Key) PitchClasses() []int {
	notes := k.Notes()
	pcs := make([]int, len(notes))
	for i, n := range notes {
		pc := naturalPitch[strings.IndexByte("CDEFGAB", n[0])]
		switch {
		case strings.HasSuffix(n, "#"):
			pc++
		case len(n) > 1:
			pc--
		}
		pcs[i] = mod12(pc)
	}
	return pcs
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func mod12(n int) int { return ((n % 12) + 12) % 12 }
