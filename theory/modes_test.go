package theory

import (
	"slices"
	"testing"
)

// TestModesOfAParent plays the major scale from its degrees: Dorian from 2, and the minor
// pentatonic is the major pentatonic from its fifth degree.
func TestModesOfAParent(t *testing.T) {
	major, _ := ParentScale("Major Scale")
	if got := Rotation(major, 2); !slices.Equal(got, []int{0, 2, 3, 5, 7, 9, 10}) {
		t.Errorf("Dorian = %v", got)
	}
	if got := SpellOnC(Rotation(major, 7)); got != "C Db Eb F Gb Ab Bb" {
		t.Errorf("Locrian on C = %q", got)
	}
	penta, _ := ParentScale("Major Pentatonic")
	if d := DegreeOf(penta, []int{0, 10, 3, 5, 7}); d != 5 {
		t.Errorf("minor pentatonic from degree %d, want 5", d)
	}
	if d := DegreeOf(penta, []int{0, 4, 5, 9, 10}); d != 0 {
		t.Errorf("C E F A Bb from degree %d, want none", d)
	}
	if got := SpellOnC(penta); got != "semitones 0 2 4 7 9" {
		t.Errorf("pentatonic spelled %q", got)
	}
	if _, ok := ParentScale("Major Triad"); ok {
		t.Error("a parent scale for a chord family")
	}
}

// TestFormulas reads formulas by letter and by degree: they differ where a note is spelled on
// a neighbouring letter.
func TestFormulas(t *testing.T) {
	notes, err := ParseNotes("C D E Gb G Ab Bb")
	if err != nil {
		t.Fatal(err)
	}
	if got := LetterFormula(notes); got != "1 2 3 b5 5 b6 b7" {
		t.Errorf("letters: %q", got)
	}
	if got := TextbookFormula(notes); got != "1 2 3 #4 5 b6 b7" {
		t.Errorf("degrees: %q", got)
	}
	five, _ := ParseNotes("C D E G A")
	if got := TextbookFormula(five); got != "1 2 3 5 6" {
		t.Errorf("pentatonic: %q", got)
	}
	if _, err := ParseNotes("C H"); err == nil {
		t.Error("H read as a note")
	}
}
