package skills

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

func TestModeAliases(t *testing.T) {
	a := modeAliases()
	if len(a) != 167 {
		var all []string
		for k := range a {
			all = append(all, k)
		}
		sort.Strings(all)
		t.Fatalf("%d aliases, want 167:\n%s", len(a), strings.Join(all, "\n"))
	}
	for _, want := range []string{"locrian n2 n7", "altered dominant n2", "inv 5", "augmented scale (inv 4)", "lydian b3 b7", "dominant bebop mode 8", "hexatonic", "double harmonic"} {
		if !a[want] {
			t.Errorf("no alias %q", want)
		}
	}
}

func TestRegistered(t *testing.T) {
	skills := Registered()
	if len(skills) != 32 {
		t.Fatalf("%d skills, want 32", len(skills))
	}
	if skills[0].IntentID() != "skill.chordinfo" || skills[15].IntentID() != "skill.relativekey" || skills[31].Name != "RememberThis" {
		t.Errorf("order: %s %s %s", skills[0].IntentID(), skills[15].IntentID(), skills[31].Name)
	}
}

func TestCanHandle(t *testing.T) {
	tests := []struct {
		message string
		want    []string
	}{
		// The lesson's prompts.
		{"Are 0146 and 0137 z-related?", nil},
		{"Show me Cmaj7 voicings", []string{"ChordVoicings"}},
		{"What is the relative minor of C major?", []string{"ScaleInfo"}},
		{"Why does a ii-V-I sound resolved?", nil},
		// Others, one rule or quirk each.
		{"What is an Am chord?", []string{"ChordInfo"}},
		{"tell me about G7", []string{"ChordInfo"}},
		{"which chord contains C E G", []string{"ChordInfo"}},
		{"list the notes of A minor", []string{"ScaleInfo"}},
		{"What is dorian?", []string{"Modes"}},
		{"describe Whole Tone.", []string{"Modes"}},
		{"describe the whole tone", nil},
		{"what is the dorian mode?", nil},
		{"what is the interval from C to G", []string{"Interval"}},
		{"is x32010 hard to play", []string{"FretSpan"}},
		{"is 3-x-0-2-3-x a big stretch", []string{"FretSpan"}},
		{"can I use Db7 instead of G7", []string{"ChordSubstitution"}},
		{"alternative chords for G7", []string{"ChordInfo"}}, // "chord" and G7; the trailing \b fails "chords"
		{"are 0146 and 0257 equivalent under inversion", []string{"SetTheoryEquivalence"}},
		{"drop-2 voicings for Dm7", []string{"ChordVoicings"}},
		{"voicings for C", nil},
		{"the shell of Cmaj7", []string{"ChordVoicings"}},
		{"the shellfish of Cmaj7", nil},
		{"what scale to solo over Am7", []string{"Improvisation"}},
		{"which notes avoid over a Cmaj7", []string{"ChordInfo", "OutsideNotes"}},
		{"what key is Am F C G in", []string{"KeyIdentification"}},
		{"what key is C c in", nil},
		{"help me finish C Am F", []string{"ProgressionCompletion"}},
		{"remember that I play in drop D", []string{"RememberThis"}},
		{"note: capo on 2", []string{"RememberThis"}},
		{"notes of C major", []string{"ScaleInfo"}},
		{"   ", nil},
	}
	for _, tt := range tests {
		if got := CanHandle(tt.message); !slices.Equal(got, tt.want) {
			t.Errorf("CanHandle(%q) = %v, want %v", tt.message, got, tt.want)
		}
	}
}

func TestRelativeKey(t *testing.T) {
	tests := []struct {
		message, text string
		conf          float64
	}{
		{"What is the relative minor of C major?", "The relative minor of **C major** is **Am**.\n\nBoth share the same key signature (no sharps or flats). Same notes, different tonal center — the relative minor starts on the 6th degree of the major scale.\n", 1},
		{"relative minor of f#", "The relative minor of **F# major** is **D#m**.\n\nBoth share the same key signature (6 sharps). Same notes, different tonal center — the relative minor starts on the 6th degree of the major scale.\n", 1},
		{"relative minor of B♭", "The relative minor of **Bb major** is **Gm**.\n\nBoth share the same key signature (2 flats). Same notes, different tonal center — the relative minor starts on the 6th degree of the major scale.\n", 1},
		{"relative major of E minor", "The relative major of **E minor** is **G major**.\n\nBoth share the same key signature (1 sharp). Same notes, different tonal center — the relative major starts on the 3rd degree of the minor scale.\n", 1},
		{"Relative major of Bbm", "The relative major of **Bb minor** is **Db major**.\n\nBoth share the same key signature (5 flats). Same notes, different tonal center — the relative major starts on the 3rd degree of the minor scale.\n", 1},
		{"relative major of d minor", "The relative major of **D minor** is **F major**.\n\nBoth share the same key signature (1 flat). Same notes, different tonal center — the relative major starts on the 3rd degree of the minor scale.\n", 1},
		{"relative minor of every key", "The relative minor of **E major** is **C#m**.\n\nBoth share the same key signature (4 sharps). Same notes, different tonal center — the relative minor starts on the 6th degree of the major scale.\n", 1},
		{"parallel minor of Gb", "The parallel minor of **Gb major** is **Gb minor**.\n\nSame root note (**Gb**) but different scales — the parallel minor lowers the 3rd, 6th, and 7th degrees. Gb major has 6 flats; Gb minor has 9 flats (three positions counter-clockwise on the circle of fifths).\n", 1},
		{"how many sharps in A major", "**A major** has 3 sharps.", 1},
		{"key signature of  C minor", "**C minor** has 3 flats.", 1},
		{"how many flats in Eb minor", "**Eb minor** has 6 flats.", 1},
		{"key signature E major", "Ask about the relative or parallel key of a given major/minor key, or how many sharps/flats a key has.", 0.1},
		{"relative minor of G#", "I couldn't identify 'G#' as a key. Try a single pitch letter optionally followed by # or b (e.g. C, G, F#, Bb).", 0.3},
		{"relative major of Db minor", "I couldn't identify 'Db' as a key. Try a single pitch letter optionally followed by # or b (e.g. C, G, F#, Bb).", 0.3},
		{"what's a good key?", "Ask about the relative or parallel key of a given major/minor key, or how many sharps/flats a key has.", 0.1},
	}
	for _, tt := range tests {
		r := RelativeKey{}.Execute(tt.message)
		if r.Text != tt.text || r.Confidence != tt.conf {
			t.Errorf("Execute(%q) = %q (%v)\nwant %q (%v)", tt.message, r.Text, r.Confidence, tt.text, tt.conf)
		}
	}
	crlf := RelativeKey{NewLine: "\r\n"}.Execute("relative minor of C")
	if strings.Count(crlf.Text, "\r\n") != 3 {
		t.Errorf("CRLF answer %q", crlf.Text)
	}
}

func TestLookupIntent(t *testing.T) {
	in, err := LookupIntent("skill.relativekey", "")
	if err != nil {
		t.Fatal(err)
	}
	r := in.Execute("What is the relative minor of C major?")
	if r.Confidence != 1 || r.RoutingMethod != "orchestrator-skill-semantic" || !strings.HasPrefix(r.Answer, "The relative minor of **C major** is **Am**.") {
		t.Errorf("intent result %+v", r)
	}
	if !slices.Equal(r.Evidence, []string{"Source: RelativeKeySkill (pure pitch-class arithmetic)", "relative-minor(C→Am)"}) {
		t.Errorf("evidence %v", r.Evidence)
	}
	if _, err := LookupIntent("skill.nothing", ""); err == nil {
		t.Error("an unknown intent was found")
	}
}
