package skills

import (
	"reflect"
	"strings"
	"testing"
)

func TestIntervalAnswers(t *testing.T) {
	tests := []struct {
		message, want string
	}{
		{"What is the interval between C and G?", "From **C** to **G** is a **perfect fifth** (P5, 7 semitones)."},
		{"distance from f# to d", "From **F#** to **D** is a **minor sixth** (m6, 8 semitones)."},
		// The closing \b backtracks past a # that a question mark follows.
		{"What is the interval from C to F#?", "From **C** to **F** is a **perfect fourth** (P4, 5 semitones)."},
		{"What is the interval from C to F# please", "From **C** to **F** is a **perfect fourth** (P4, 5 semitones)."},
		{"What is the interval from C to Fb?", "From **C** to **Fb** is a **diminished fourth** (d4, 4 semitones)."},
		// Semitones are counted between pitch classes, 0 to 11: a unison a semitone down is
		// perfect, and a seventh of twelve semitones is major.
		{"What is the interval from C to Cb?", "From **C** to **Cb** is a **perfect unison** (P1, 0 semitones)."},
		{"What is the interval from Cb to B?", "From **Cb** to **B** is a **major seventh** (M7, 11 semitones)."},
		// Doubly altered qualities keep their short names in the long form.
		{"What is the interval from C# to Fb?", "From **C#** to **Fb** is a **dd fourth** (dd4, 3 semitones)."},
		{"What is the interval from Fb to B?", "From **Fb** to **B** is a **AA fourth** (AA4, 7 semitones)."},
		{"What is the interval from B♭ to D?", intervalNoPairText},
		{"What's a perfect fifth?", intervalNoPairText},
	}
	for _, tt := range tests {
		if got := (Interval{}).Execute(tt.message).Text; got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.message, got, tt.want)
		}
	}
}

func TestIntervalConfidenceAndEvidence(t *testing.T) {
	res := Interval{}.Execute("interval from A to E")
	want := []string{"Lower note: A", "Upper note: E (below or above the lower)", "Interval: P5 (perfect fifth)", "Semitones: 7"}
	if res.Confidence != 1 || !reflect.DeepEqual(res.Evidence, want) {
		t.Errorf("confidence %v, evidence %q; want 1, %q", res.Confidence, res.Evidence, want)
	}
	none := Interval{}.Execute("Define a minor third")
	if none.Confidence != 0 || len(none.Assumptions) != 1 {
		t.Errorf("no pair: confidence %v, assumptions %q", none.Confidence, none.Assumptions)
	}
}

func TestParseGANote(t *testing.T) {
	tests := []struct {
		token string
		want  gaNote
		ok    bool
	}{
		{"C", gaNote{0, 0}, true},
		{"c#", gaNote{0, 1}, true},
		{"Bb", gaNote{6, -1}, true},
		{"bB", gaNote{6, -1}, true},
		{"B", gaNote{6, 0}, true},
		// Note.Flat takes any token ending in B for a flat on its first letter.
		{"Cbb", gaNote{0, -1}, true},
		{"Cx", gaNote{0, 2}, true},
		{"H", gaNote{}, false},
		{"C##b#", gaNote{}, false},
	}
	for _, tt := range tests {
		got, ok := parseGANote(tt.token)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseGANote(%q) = %v, %v; want %v, %v", tt.token, got, ok, tt.want, tt.ok)
		}
	}
}

func TestScaleInfoAnswers(t *testing.T) {
	tests := []struct {
		message, want string
		confidence    float64
	}{
		{"What notes are in C major?", "The C major scale has 7 notes: **C – D – E – F – G – A – B**. Relative minor: A minor.", 1},
		{"What notes are in Cb major?", "The Cb major scale has 7 notes: **Cb – Db – Eb – Fb – Gb – Ab – Bb**. Relative minor: Ab minor.", 1},
		// The relative key is the first key of the other mode with the same pitch classes,
		// and the flat keys come first.
		{"What notes are in B major?", "The B major scale has 7 notes: **B – C# – D# – E – F# – G# – A#**. Relative minor: Ab minor.", 1},
		{"What notes are in G# minor?", "The G# minor scale has 7 notes: **G# – A# – B – C# – D# – E – F#**. Relative major: Cb major.", 1},
		{"notes in c major", "The C major scale has 7 notes: **C – D – E – F – G – A – B**. Relative minor: A minor.", 1},
		{"What notes are in G# major?", `I don't recognise "G# major" as a standard key. Try a key like C major, F# minor, or Bb major.`, 0},
		{"What's the formula for harmonic minor", "Could not parse a key name from your question.", 0},
		{"what notes are in the B flat major scale", "Could not parse a key name from your question.", 0},
	}
	for _, tt := range tests {
		res := ScaleInfo{}.Execute(tt.message)
		if res.Text != tt.want || res.Confidence != tt.confidence {
			t.Errorf("%q:\n got %s (%v)\nwant %s (%v)", tt.message, res.Text, res.Confidence, tt.want, tt.confidence)
		}
	}
	ev := ScaleInfo{}.Execute("Show me the F# minor scale").Evidence
	if want := "Key signature: 3 sharps"; len(ev) != 4 || ev[2] != want {
		t.Errorf("evidence %q, want %q third", ev, want)
	}
}

func TestGAKeysHoldSevenLetters(t *testing.T) {
	for _, k := range gaKeys() {
		notes := k.notes()
		var letters strings.Builder
		for _, n := range notes {
			letters.WriteByte(n[0])
		}
		if got := letters.String(); len(got) != 7 || !strings.Contains("CDEFGABCDEFGAB", got) {
			t.Errorf("%s %s: letters %s", k.root(), k.mode(), got)
		}
		if describeKeySignature(k) == "" {
			t.Errorf("%s %s: no signature", k.root(), k.mode())
		}
	}
}

func TestIntentsListTheKeySkills(t *testing.T) {
	for _, tt := range []struct{ id, message, prefix string }{
		{"skill.interval", "Interval from C to E", "From **C** to **E** is a **major third**"},
		{"skill.scaleinfo", "What is A minor?", "The A minor scale has 7 notes"},
	} {
		in, err := LookupIntent(tt.id, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := in.Execute(tt.message); !strings.HasPrefix(got.Answer, tt.prefix) || got.RoutingMethod != "orchestrator-skill-semantic" {
			t.Errorf("%s: %q (%s)", tt.id, got.Answer, got.RoutingMethod)
		}
	}
}

// TestRelativeKeyPastSevenAccidentals is what lesson 9 reads of the relative-key skill on keys
// its circle of fifths lacks: a tonic it knows counts no accidentals, Cb is not a tonic at all.
func TestRelativeKeyPastSevenAccidentals(t *testing.T) {
	tests := []struct{ message, want string }{
		{"How many sharps in D# major?", "**D# major** has no sharps or flats."},
		{"How many sharps in Db minor?", "**Db minor** has no sharps or flats."},
		{"How many sharps in B major?", "**B major** has 5 sharps."},
		{"How many flats in Cb major?", "I couldn't identify 'Cb' as a key. Try a single pitch letter optionally followed by # or b (e.g. C, G, F#, Bb)."},
		{"What is the relative minor of Cb major?", "The relative minor of **Cb major** is **Abm**.\n\nBoth share the same key signature (7 flats). Same notes, different tonal center — the relative minor starts on the 6th degree of the major scale.\n"},
	}
	for _, tt := range tests {
		if got := (RelativeKey{}).Execute(tt.message).Text; got != tt.want {
			t.Errorf("%q:\n got %q\nwant %q", tt.message, got, tt.want)
		}
	}
}
