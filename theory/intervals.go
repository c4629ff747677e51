package theory

import (
	"fmt"
	"strings"
)

// Interval is a simple interval as a textbook names it: its number counts letters (a third
// spans three letters, C to E), and its quality says how many semitones it holds compared
// with the major or perfect interval of that number.
type Interval struct {
	// Number is 1 (unison) to 7 (seventh).
	Number int
	// Semitones is the interval's size; it can be below zero (C up to Cb is a diminished
	// unison, -1) or past eleven (Cb up to B is an augmented seventh, 12).
	Semitones int
}

// intervalNames are the numbers' names, unison to seventh.
var intervalNames = [7]string{"unison", "second", "third", "fourth", "fifth", "sixth", "seventh"}

// perfectNumber reports whether an interval number is perfect (unison, fourth, fifth) rather
// than major or minor.
func perfectNumber(number int) bool { return number == 1 || number == 4 || number == 5 }

// height is the note's height in semitones from the C of its letter's octave: Cb is -1 and B#
// is 12, so the letters, not the pitch classes, decide which octave a note sits in.
func (n Note) height() int { return naturals[n.Letter] + n.Acc }

// IntervalBetween names the interval from a up to b within the octave: the number from the
// letters, the size from the semitones between them.
func IntervalBetween(a, b Note) Interval {
	steps := b.Letter - a.Letter
	height := b.height() - a.height()
	if steps < 0 {
		steps += 7
		height += 12
	}
	return Interval{Number: steps + 1, Semitones: height}
}

// Above returns the note the interval above n: on the letter the number reaches, with the
// accidentals that make up the semitones.
func (n Note) Above(iv Interval) Note {
	letter := n.Letter + iv.Number - 1
	octave := 0
	if letter >= 7 {
		letter -= 7
		octave = 12
	}
	return Note{Letter: letter, Acc: n.height() + iv.Semitones - naturals[letter] - octave}
}

// offset is how many semitones the interval is wider (above zero) or narrower than the major
// or perfect interval of its number.
func (iv Interval) offset() int { return iv.Semitones - naturals[iv.Number-1] }

// Quality is the interval's quality as abbreviated: "P", "M", "m", "A", "d", and "AA", "dd",
// "ddd" for doubly and triply augmented or diminished.
func (iv Interval) Quality() string {
	off := iv.offset()
	switch {
	case off > 0:
		return strings.Repeat("A", off)
	case perfectNumber(iv.Number) && off == 0:
		return "P"
	case perfectNumber(iv.Number):
		return strings.Repeat("d", -off)
	case off == 0:
		return "M"
	case off == -1:
		return "m"
	}
	// A major interval narrowed by two semitones is diminished: the minor step comes first.
	return strings.Repeat("d", -off-1)
}

// Short is the interval's abbreviation, e.g. "P5", "m3", "dd1".
func (iv Interval) Short() string { return iv.Quality() + fmt.Sprint(iv.Number) }

// Name is the interval written out, e.g. "perfect fifth", "doubly diminished unison".
func (iv Interval) Name() string {
	q := iv.Quality()
	var word string
	switch q[0] {
	case 'P':
		word = "perfect"
	case 'M':
		word = "major"
	case 'm':
		word = "minor"
	case 'A':
		word = "augmented"
	default:
		word = "diminished"
	}
	switch len(q) {
	case 1:
	case 2:
		word = "doubly " + word
	case 3:
		word = "triply " + word
	default:
		word = fmt.Sprintf("%d times %s", len(q), word)
	}
	return word + " " + intervalNames[iv.Number-1]
}

// ParseInterval reads an abbreviated simple interval such as "P5", "m3", "A4" or "dd1".
func ParseInterval(s string) (Interval, error) {
	if len(s) < 2 {
		return Interval{}, fmt.Errorf("theory: interval %q: want a quality and a number 1-7", s)
	}
	q, num := s[:len(s)-1], s[len(s)-1]
	if num < '1' || num > '7' {
		return Interval{}, fmt.Errorf("theory: interval %q: want a number 1-7", s)
	}
	iv := Interval{Number: int(num - '0')}
	base := naturals[iv.Number-1]
	perfect := perfectNumber(iv.Number)
	switch {
	case q == "P" && perfect, q == "M" && !perfect:
		iv.Semitones = base
	case q == "m" && !perfect:
		iv.Semitones = base - 1
	case strings.Trim(q, "A") == "":
		iv.Semitones = base + len(q)
	case strings.Trim(q, "d") == "" && perfect:
		iv.Semitones = base - len(q)
	case strings.Trim(q, "d") == "":
		iv.Semitones = base - len(q) - 1
	default:
		return Interval{}, fmt.Errorf("theory: interval %q: no such quality for a %s", s, intervalNames[iv.Number-1])
	}
	return iv, nil
}
