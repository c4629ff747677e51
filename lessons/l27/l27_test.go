package l27

import (
	"slices"
	"strings"
	"testing"

	"course/internal/report"
)

// TestRuleMovesWithTheChord checks the rule's table on Cm7 alone: the textbook's rows follow
// Dorian, Aeolian and Phrygian, and the summary counts only that chord's differences; a chord
// without usual scales is an error, not a row of guesses.
func TestRuleMovesWithTheChord(t *testing.T) {
	rows, summary, err := ruleRows([]ruleChord{{"m7", "minor 7"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0][0] != "Cm7" || strings.Join(rows[1][2:], "") != "catcotocatco" {
		t.Errorf("rows = %q", rows)
	}
	if want := "cells 12: the same 9; avoid notes no usual scale holds 2; tensions no usual scale holds 1: #11 over Cm7; avoid notes the textbook makes tensions 0: "; summary != want {
		t.Errorf("summary = %q\nwant      %q", summary, want)
	}
	if _, _, err := ruleRows([]ruleChord{{"6", "major 6"}}); err == nil {
		t.Error("a chord without usual scales gave no error")
	}
}

// TestExtendedMovesWithTheChord asks about F over chords the lesson does not print.
func TestExtendedMovesWithTheChord(t *testing.T) {
	l := &lesson{}
	rows := l.extendedRows([]string{"Csus4", "Cm9", "Db7"})
	want := [][]string{
		{"Csus4", "**F** over **C sus4**: a chord tone — the perfect fourth.", "C, F, G"},
		{"Cm9", "**F** over **C minor 9**: an available tension — the 11 (natural eleventh).", "C, Eb, G, Bb, D"},
		{"Db7", "**F** over **Db dominant 7**: a chord tone — the major third.", "Db, F, Ab, B"},
	}
	if !slices.EqualFunc(rows, want, slices.Equal) {
		t.Errorf("rows = %q\nwant   %q", rows, want)
	}
}

// TestChordsMoveWithTheSuffix reads suffixes the lesson does not print: one the vocabulary
// reads right, and one it falls back to a major triad on.
func TestChordsMoveWithTheSuffix(t *testing.T) {
	l := &lesson{}
	rows, right, err := l.chordRows([]writtenChord{{"7b5", "dominant 7 flat 5"}, {"add9", "add9"}, {"6/9", "major 6 add 9"}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(right, []bool{true, true, false}) {
		t.Errorf("right = %v", right)
	}
	want := [][]string{{"C6/9", "C major 6", "C E G A", "C D E G A"}}
	if !slices.EqualFunc(rows, want, func(row, want []string) bool {
		return slices.EqualFunc(row, want, func(cell, want string) bool { return report.Text(cell) == want })
	}) {
		t.Errorf("rows = %q\nwant   %q", rows, want)
	}
}
