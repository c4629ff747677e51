// Package theory is the course's own chord-scale oracle: spelled notes, degrees above a root,
// chord and scale formulas, and the twelve major keys. It knows nothing of GA; lesson 5 holds
// GA's improvisation skill against it.
package theory

import (
	"fmt"
	"slices"
	"strings"
)

// letters are the seven note letters in order, and naturals their pitch classes.
const letters = "CDEFGAB"

var naturals = [7]int{0, 2, 4, 5, 7, 9, 11}

// Note is a spelled note: a letter with its accidentals, so Bb and A# are different notes of
// the same pitch class.
type Note struct {
	// Letter is the note's index in C D E F G A B.
	Letter int
	// Acc counts sharps (positive) or flats (negative).
	Acc int
}

// ParseNote reads a note name such as "C", "Bb", "F#" or "Ebb".
func ParseNote(s string) (Note, error) {
	if s == "" {
		return Note{}, fmt.Errorf("theory: empty note name")
	}
	l := strings.IndexByte(letters, s[0])
	if l < 0 {
		return Note{}, fmt.Errorf("theory: note %q: no letter A-G", s)
	}
	n := Note{Letter: l}
	for _, c := range s[1:] {
		switch c {
		case '#':
			n.Acc++
		case 'b':
			n.Acc--
		default:
			return Note{}, fmt.Errorf("theory: note %q: %q is not an accidental", s, c)
		}
	}
	return n, nil
}

// MustNote is ParseNote for names known to be valid.
func MustNote(s string) Note {
	n, err := ParseNote(s)
	if err != nil {
		panic(err)
	}
	return n
}

// PitchClass is the note's pitch class, 0 for C up to 11 for B.
func (n Note) PitchClass() int { return mod12(naturals[n.Letter] + n.Acc) }

// String spells the note, e.g. "Bb", "F#", "Bbb".
func (n Note) String() string {
	acc := strings.Repeat("#", max(n.Acc, 0)) + strings.Repeat("b", max(-n.Acc, 0))
	return letters[n.Letter:n.Letter+1] + acc
}

// Up returns the note degree d above n, spelled on the degree's letter.
func (n Note) Up(d Degree) Note {
	step := (d.Number - 1) % 7
	letter := (n.Letter + step) % 7
	pc := mod12(n.PitchClass() + naturals[step] + d.Acc)
	// The accidental is the nearest way to reach pc from the letter's natural.
	acc := mod12(pc-naturals[letter]+6) - 6
	return Note{Letter: letter, Acc: acc}
}

// Degree is a scale degree above a root: a number 1-13 and its accidentals relative to the
// major scale, so "b3" is a minor third and "#11" an augmented eleventh.
type Degree struct {
	// Number is the degree from 1 to 13, the root being 1.
	Number int
	// Acc counts sharps (positive) or flats (negative) relative to the major-scale degree.
	Acc int
}

// ParseDegree reads a degree such as "5", "b3", "#11" or "bb7".
func ParseDegree(s string) (Degree, error) {
	var d Degree
	rest := s
	for rest != "" && (rest[0] == 'b' || rest[0] == '#') {
		if rest[0] == '#' {
			d.Acc++
		} else {
			d.Acc--
		}
		rest = rest[1:]
	}
	if _, err := fmt.Sscanf(rest, "%d", &d.Number); err != nil || fmt.Sprint(d.Number) != rest || d.Number < 1 || d.Number > 13 {
		return Degree{}, fmt.Errorf("theory: degree %q: want accidentals and a number 1-13", s)
	}
	return d, nil
}

// Spell returns the notes of a formula of degrees above root.
func Spell(root Note, formula ...string) ([]Note, error) {
	notes := make([]Note, 0, len(formula))
	for _, f := range formula {
		d, err := ParseDegree(f)
		if err != nil {
			return nil, err
		}
		notes = append(notes, root.Up(d))
	}
	return notes, nil
}

// Names spells notes separated by spaces, e.g. "C E G Bb".
func Names(notes []Note) string {
	s := make([]string, len(notes))
	for i, n := range notes {
		s[i] = n.String()
	}
	return strings.Join(s, " ")
}

// Missing returns the notes of want whose pitch class is not among have's, in want's order and
// spelling.
func Missing(want, have []Note) []Note {
	var out []Note
	for _, n := range want {
		if !slices.ContainsFunc(have, func(h Note) bool { return h.PitchClass() == n.PitchClass() }) {
			out = append(out, n)
		}
	}
	return out
}

// SamePitches reports whether a and b hold the same set of pitch classes.
func SamePitches(a, b []Note) bool {
	return len(Missing(a, b)) == 0 && len(Missing(b, a)) == 0
}

// splitRoot cuts a symbol into its root note and the rest.
func splitRoot(symbol string) (Note, string, error) {
	if symbol == "" {
		return Note{}, "", fmt.Errorf("theory: empty symbol")
	}
	// A root carries at most one accidental, as chord symbols write it.
	end := 1
	if len(symbol) > 1 && (symbol[1] == '#' || symbol[1] == 'b') {
		end = 2
	}
	root, err := ParseNote(symbol[:end])
	if err != nil {
		return Note{}, "", err
	}
	return root, symbol[end:], nil
}

func mod12(n int) int { return ((n % 12) + 12) % 12 }
