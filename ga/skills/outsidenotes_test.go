package skills

import (
	"strings"
	"testing"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		quality    string
		rel        int
		kind       RelationKind
		label      string
		clashAbove string
	}{
		// F over Cmaj7 sits a semitone above E, the third.
		{"major 7", 5, Avoid, "11 (natural eleventh)", "major third"},
		// Over Cm7 the third is Eb, so F clashes with nothing.
		{"minor 7", 5, Tension, "11 (natural eleventh)", ""},
		// A chord tone is named by the formula, not by the extension labels.
		{"dominant 7", 10, ChordTone, "minor seventh", ""},
		// The rule knows no scale: the #9 over a major 7 chord is a tension.
		{"major 7", 3, Tension, "#9 (sharp ninth)", ""},
		// An unknown quality is a major triad: B is a tension over it.
		{"δ7", 11, Tension, "major 7th", ""},
	}
	for _, tt := range tests {
		v := Classify(0, tt.quality, tt.rel)
		if v.Kind != tt.kind || v.DegreeLabel != tt.label {
			t.Errorf("Classify(0, %q, %d) = %s %q, want %s %q", tt.quality, tt.rel, v.Kind, v.DegreeLabel, tt.kind, tt.label)
		}
		if tt.clashAbove != "" && !strings.Contains(v.Explanation, "a semitone above the "+tt.clashAbove+" of the chord") {
			t.Errorf("Classify(0, %q, %d) explains %q", tt.quality, tt.rel, v.Explanation)
		}
	}
	// Moving the root moves the note's degree: Db7 holds F as its major third.
	if v := Classify(1, "dominant 7", 5); v.Kind != ChordTone || v.DegreeLabel != "major third" {
		t.Errorf("F over Db7 = %s %q, want the major third", v.Kind, v.DegreeLabel)
	}
}

func TestOutsideNotesDominantAdvice(t *testing.T) {
	dom := OutsideNotes{}.Execute("why does Db sound outside over C7").Text
	maj := OutsideNotes{}.Execute("why does F sound outside over Cmaj7").Text
	if !strings.Contains(dom, "over a dominant chord") || strings.Contains(maj, "over a dominant chord") {
		t.Errorf("dominant advice:\n%s\nmajor advice:\n%s", dom, maj)
	}
	if crlf := (OutsideNotes{NewLine: "\r\n"}).Execute("why does F sound outside over Cmaj7").Text; strings.Count(crlf, "\r\n") != 3 {
		t.Errorf("CRLF answer %q", crlf)
	}
}

func TestParseNoteOverChord(t *testing.T) {
	tests := []struct {
		message string
		ok      bool
		want    NoteOverChord
	}{
		{"why does F sound outside over Cmaj7", true, NoteOverChord{5, "F", 0, "C", "major 7"}},
		// The article is optional, so "a" is read as the root when "minor" cannot be one.
		{"why does F sound outside over a minor chord", true, NoteOverChord{5, "F", 9, "A", "major"}},
		{"why does F sound outside over a dominant chord", true, NoteOverChord{5, "F", 2, "D", "major"}},
		// ♭ is no accidental of the note expression: B♭ is read as B.
		{"why does B♭ sound outside over Cmaj7", true, NoteOverChord{11, "B", 0, "C", "major 7"}},
		// The note expression is case-sensitive; the chord's is not.
		{"why does f sound outside over Cmaj7", false, NoteOverChord{}},
		{"why does F sound outside over cm7", true, NoteOverChord{5, "F", 0, "C", "minor 7"}},
		// ma7 is read as m followed by letters the expression does not take.
		{"why does F sound outside over Cma7", true, NoteOverChord{5, "F", 0, "C", "minor"}},
		// The note is the last before the preposition.
		{"is it C or E over G7", true, NoteOverChord{4, "E", 7, "G", "dominant 7"}},
		{"why does the 11 clash over Cmaj7", false, NoteOverChord{}},
		{"   ", false, NoteOverChord{}},
	}
	for _, tt := range tests {
		got, ok := ParseNoteOverChord(tt.message)
		if ok != tt.ok || got != tt.want {
			t.Errorf("ParseNoteOverChord(%q) = %+v, %v; want %+v, %v", tt.message, got, ok, tt.want, tt.ok)
		}
	}
}

func TestOutsideNotesEvidenceSpelling(t *testing.T) {
	// The tones are spelled by pitch class: sharps unless the quality is minor or diminished or
	// the root one of six flat keys, whatever the root is called.
	for _, tt := range []struct{ message, want string }{
		{"why does F sound outside over C7", "C dominant 7 — tones C, E, G, A#"},
		{"why does F sound outside over Cm7", "C minor 7 — tones C, Eb, G, Bb"},
		{"why does F sound outside over F#", "F# — tones Gb, Bb, Db"},
		{"why does F sound outside over Cm", "Cm — tones C, Eb, G"},
	} {
		r := OutsideNotes{}.Execute(tt.message)
		if len(r.Evidence) != 3 || r.Evidence[1] != "Chord: "+tt.want {
			t.Errorf("%q: evidence %q, want Chord: %s", tt.message, r.Evidence, tt.want)
		}
	}
}

func TestChordVocabulary(t *testing.T) {
	for _, tt := range []struct{ raw, want string }{
		{"M", "major"}, {"M7", "major 7"}, {"m", "minor"}, {"Maj7", "major 7"}, {" dom7 ", "dominant 7"},
		{"Δ7", "δ7"}, {"°7", "diminished 7"}, {"ø", "half-diminished"}, {"7+5", "dominant 7 sharp 5"}, {"7sus4", "7sus4"},
	} {
		if got := NormalizeQuality(tt.raw); got != tt.want {
			t.Errorf("NormalizeQuality(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
	if f := GetFormula("7sus4"); f.Quality != "major" {
		t.Errorf("GetFormula of an unknown quality = %q, want major", f.Quality)
	}
	for _, tt := range []struct {
		root string
		pc   int
		ok   bool
	}{{"c#", 1, true}, {"DB", 1, true}, {"B#", 0, true}, {"Fb", 4, true}, {"C♯", 0, false}, {"H", 0, false}} {
		if pc, ok := ChordRootPitchClass(tt.root); pc != tt.pc || ok != tt.ok {
			t.Errorf("ChordRootPitchClass(%q) = %d, %v", tt.root, pc, ok)
		}
	}
	if got := NormalizeRoot(" bB "); got != "Bb" {
		t.Errorf("NormalizeRoot = %q", got)
	}
	for _, tt := range []struct {
		root, quality, want string
	}{
		{"Bb", "diminished 7", "Bb Db Fb Abb"},
		{"C#", "altered dominant", "C# E# F## G## B D D##"},
		{"B#", "dominant 13", "B# D## F## A# C## E# G##"},
		{"Fb", "minor", "Fb Abb Cb"},
	} {
		pc, _ := ChordRootPitchClass(tt.root)
		if got := strings.Join(SpellChord(tt.root, pc, GetFormula(tt.quality)), " "); got != tt.want {
			t.Errorf("%s %s = %s, want %s", tt.root, tt.quality, got, tt.want)
		}
	}
}
