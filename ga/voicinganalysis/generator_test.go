package voicinganalysis

import (
	"slices"
	"testing"

	"course/ga/algebra"
)

// bruteForce counts, for the given frets, every voicing of six strings that has at least
// minPlayed played strings and fits one window: frets start to start+window for some start.
func bruteForce(fretCount, window, minPlayed int) int {
	n := 0
	frets := make([]int, 6)
	var walk func(s int)
	walk = func(s int) {
		if s == 6 {
			played := 0
			for _, f := range frets {
				if f != Muted {
					played++
				}
			}
			if played < minPlayed {
				return
			}
			for start := 0; start <= fretCount-window; start++ {
				if !slices.ContainsFunc(frets, func(f int) bool { return f != Muted && (f < start || f > start+window) }) {
					n++
					return
				}
			}
			return
		}
		for f := Muted; f <= fretCount; f++ {
			frets[s] = f
			walk(s + 1)
		}
	}
	walk(0)
	return n
}

// TestGenerateCountsEveryWindowOnce checks the generator against a count of every voicing that
// fits a window: one window on three frets, two overlapping windows on four, whose common
// voicings GA keeps once.
func TestGenerateCountsEveryWindowOnce(t *testing.T) {
	for _, c := range []struct{ frets, window, minPlayed int }{{3, 3, 3}, {4, 3, 3}, {3, 2, 2}, {5, 3, 4}} {
		vs, err := Generate(StandardTuning, c.frets, c.window, c.minPlayed)
		if err != nil {
			t.Fatal(err)
		}
		if want := bruteForce(c.frets, c.window, c.minPlayed); len(vs) != want {
			t.Errorf("%+v: %d voicings, want %d", c, len(vs), want)
		}
		seen := map[string]bool{}
		for _, v := range vs {
			if seen[v.Diagram()] {
				t.Fatalf("%+v: %s twice", c, v.Diagram())
			}
			seen[v.Diagram()] = true
		}
	}
}

// TestGenerateOrder checks the odometer: string 1 turns fastest, muted first, and the notes are
// the played strings' in string order.
func TestGenerateOrder(t *testing.T) {
	vs, err := Generate(StandardTuning, 3, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"0-0-0-x-x-x", "1-0-0-x-x-x", "2-0-0-x-x-x", "3-0-0-x-x-x", "0-1-0-x-x-x"}
	for i, w := range want {
		if vs[i].Diagram() != w {
			t.Errorf("voicing %d is %s, want %s", i, vs[i].Diagram(), w)
		}
	}
	if !slices.Equal(vs[1].Notes, []int{65, 59, 55}) {
		t.Errorf("1-0-0-x-x-x's notes %v", vs[1].Notes)
	}
	if _, err := Generate(StandardTuning, 2, 3, 3); err == nil {
		t.Error("a window wider than the fretboard was accepted")
	}
}

// TestIdentifyRemembered checks the chord memory against the recognizer for every set of three
// pitch classes or more over each bass in it, and a bass below zero.
func TestIdentifyRemembered(t *testing.T) {
	for m := algebra.Set(1); m < 1<<12; m++ {
		if m.Len() < 3 {
			continue
		}
		pcs := m.PitchClasses()
		for _, bass := range append(pcs, -1, 23) {
			if got, want := Identify(pcs, bass), identifyChordSet(pcs, m, bass); got != want {
				t.Fatalf("Identify(%v, %d) = %+v, want %+v", pcs, bass, got, want)
			}
		}
	}
}
