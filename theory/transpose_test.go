package theory

import "testing"

func TestNoteMove(t *testing.T) {
	for _, c := range []struct {
		from            string
		steps, semitone int
		want            string
	}{
		{"C", 3, 5, "F"},    // up a perfect fourth
		{"F", -2, -3, "D"},  // down a minor third
		{"C#", 2, 4, "E#"},  // up a major third, on the letter E
		{"Db", 1, 1, "Ebb"}, // up a minor second needs a double flat
		{"Cb", 0, 12, "Cb"}, // an octave keeps the name
		{"G", 5, 8, "Eb"},   // up a minor sixth
		{"G", -2, -4, "Eb"}, // down a major third
	} {
		if got := MustNote(c.from).Move(c.steps, c.semitone).String(); got != c.want {
			t.Errorf("%s moved %d letters, %d semitones = %s, want %s", c.from, c.steps, c.semitone, got, c.want)
		}
	}
}
