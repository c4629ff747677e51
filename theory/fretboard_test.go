package theory

import (
	"slices"
	"testing"
)

func TestTuningMidiAndMoves(t *testing.T) {
	std, err := StandardTuning.Midi()
	if err != nil || !slices.Equal(std, []int{40, 45, 50, 55, 59, 64}) {
		t.Fatalf("standard: %v %v", std, err)
	}
	if got := StandardMidi(); !slices.Equal(got[:], std) {
		t.Errorf("StandardMidi %v, want %v", got, std)
	}
	moves, err := AlternateTunings[0].MovesFrom(StandardTuning)
	if err != nil || !slices.Equal(moves, []int{-2, 0, 0, 0, -2, -2}) {
		t.Errorf("DADGAD moves %v %v", moves, err)
	}
	drop := Tuning{"drop B", []string{"B1", "F#2", "B2", "E3", "G#3", "C#4"}}
	if moves, _ := drop.MovesFrom(StandardTuning); !slices.Equal(moves, []int{-5, -3, -3, -3, -3, -3}) {
		t.Errorf("drop B moves %v", moves)
	}
	if !slices.Equal(drop.Notes(), []string{"B", "F#", "B", "E", "G#", "C#"}) {
		t.Errorf("drop B notes %v", drop.Notes())
	}
	if _, err := (Tuning{"bad", []string{"E"}}).Midi(); err == nil {
		t.Error("a pitch without an octave was read")
	}
	// B#3 is enharmonic to C4, Cb4 to B3: the octave belongs to the letter.
	if m, _ := (Tuning{"x", []string{"B#3", "Cb4"}}).Midi(); !slices.Equal(m, []int{60, 59}) {
		t.Errorf("B#3 Cb4: %v", m)
	}
}

func TestSignatureKeys(t *testing.T) {
	major, minor := SignatureKeys(false), SignatureKeys(true)
	if len(major) != 15 || len(minor) != 15 {
		t.Fatalf("%d major, %d minor keys: %v %v", len(major), len(minor), major, minor)
	}
	for _, k := range []string{"C#", "Cb", "Gb", "F#"} {
		if !slices.Contains(major, k) {
			t.Errorf("major keys lack %s", k)
		}
	}
	for _, k := range []string{"G#", "D#", "A#", "Fb"} {
		if slices.Contains(major, k) {
			t.Errorf("major keys hold %s", k)
		}
	}
	for _, k := range []string{"A#", "Ab", "D#", "G#"} {
		if !slices.Contains(minor, k) {
			t.Errorf("minor keys lack %s", k)
		}
	}
	for _, k := range []string{"Db", "Gb", "Cb"} {
		if slices.Contains(minor, k) {
			t.Errorf("minor keys hold %s", k)
		}
	}
}
