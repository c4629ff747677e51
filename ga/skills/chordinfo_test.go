package skills

import (
	"slices"
	"strings"
	"testing"
)

// evidenceOf returns the chord-info skill's evidence as one line, or its answer when it read no chord.
func evidenceOf(message string) string {
	r := ChordInfo{}.Execute(message)
	if len(r.Evidence) == 0 {
		return r.Text
	}
	return strings.Join(r.Evidence, " | ")
}

func TestChordInfoExecute(t *testing.T) {
	tests := []struct{ message, want string }{
		{"What notes are in Bbdim7?", "Root: Bb | Quality: diminished 7 chord | Intervals: root, minor third, diminished fifth, diminished seventh | Notes: Bb, Db, Fb, Abb"},
		// The case-sensitive M is major, m minor.
		{"What notes are in CM?", "Root: C | Quality: major chord | Intervals: root, major third, perfect fifth | Notes: C, E, G"},
		{"What notes are in Cm?", "Root: C | Quality: minor chord | Intervals: root, minor third, perfect fifth | Notes: C, Eb, G"},
		// "a chord" is read as A major before the question's quality is looked at.
		{"what makes a chord a major seventh", "Root: A | Quality: major chord | Intervals: root, major third, perfect fifth | Notes: A, C#, E"},
		// The articles "a" are notes too: A C E G is A minor 7.
		{"Which chord has a C, an E and a G?", "Root: A | Quality: minor 7 chord | Intervals: root, minor third, perfect fifth, minor seventh | Notes: A, C, E, G"},
		// Bbb is no note token, so three notes are left.
		{"What chord is C Eb Gb Bbb", "Root: C | Quality: diminished chord | Intervals: root, minor third, diminished fifth | Notes: C, Eb, Gb"},
		// Six notes are more than the skill names.
		{"What chord is C E G Bb D F", "Could not parse a chord name from your question."},
		{"What is C7#9", `Root: C | Quality: dominant 7 sharp 9 chord ("Hendrix chord") | Intervals: root, major third, perfect fifth, minor seventh, augmented ninth | Notes: C, E, G, Bb, D#`},
	}
	for _, tt := range tests {
		if got := evidenceOf(tt.message); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.message, got, tt.want)
		}
	}
	if got := (ChordInfo{}).Execute("What notes are in Dm7?").Text; got != "D minor 7 chord contains D, F, A, and C." {
		t.Errorf("answer %q", got)
	}
	if in := ChordInfoIntent(); in.ID != "skill.chordinfo" || in.Execute("Spell a B7 chord").Answer != (ChordInfo{}).Execute("Spell a B7 chord").Text {
		t.Errorf("the intent %q does not answer as the skill", in.ID)
	}
}

func TestChordInfoNamesNotesRootFirst(t *testing.T) {
	// C E G A is C6 and Am7; the first note written is tried first as the root.
	for _, tt := range []struct{ message, want string }{
		{"What chord is C E G A", "Notes: C, E, G, A"},
		{"What chord is A C E G", "Notes: A, C, E, G"},
	} {
		if got := evidenceOf(tt.message); !strings.HasSuffix(got, tt.want) {
			t.Errorf("%q: %s, want %s", tt.message, got, tt.want)
		}
	}
	if !slices.Contains(CandidateQualities(), "dominant 7 sharp 5") || slices.Contains(CandidateQualities(), "dominant 7 flat 9") {
		t.Errorf("candidates %q", CandidateQualities())
	}
}

func TestGetChordInfo(t *testing.T) {
	if r := GetChordInfo("Bm7b5"); r.Error != "" || strings.Join(r.Notes, " ") != "B D F A" || r.Quality != "half-diminished" {
		t.Errorf("Bm7b5 = %+v", r)
	}
	if r := GetChordInfo("Cdom7"); r.Error != "Could not parse 'Cdom7' as a chord symbol. Try C, Cm, Cmaj7, F#dim, Bbm7, etc." || r.Notes != nil {
		t.Errorf("Cdom7 = %+v", r)
	}
	if r := GetChordInfo("C\x1bmaj7-and-much-more"); r.Error != "Could not parse 'C·maj7-and-much-…' as a chord symbol. Try C, Cm, Cmaj7, F#dim, Bbm7, etc." {
		t.Errorf("long input: %q", r.Error)
	}
	if r := GetChordInfo("CM7"); r.Quality != "major 7" {
		t.Errorf("CM7 = %+v", r)
	}
}

func TestQualitySuffixes(t *testing.T) {
	s := QualitySuffixes()
	if len(s) != 82 || s[0] != "M" || !slices.Contains(s, "Δ7") || slices.Contains(s, "") {
		t.Errorf("QualitySuffixes = %d %q", len(s), s)
	}
	// Every suffix but Δ7 reaches a quality GetFormula knows.
	for _, suffix := range s {
		q := NormalizeQuality(suffix)
		if known := GetFormula(q).Quality == q; known == (suffix == "Δ7") {
			t.Errorf("%q normalizes to %q, known to GetFormula: %v", suffix, q, known)
		}
	}
}
