package skills

import (
	"reflect"
	"testing"

	"course/ga/query"
)

func TestInvalidChordNames(t *testing.T) {
	tests := []struct {
		message string
		want    []string
	}{
		{"which arpeggio fits Hm Q7", []string{"Hm", "Q7"}},
		{"which arpeggio fits Q7 Q7 X7alt", []string{"Q7", "X7alt"}},
		// A chord-shaped token opening the message is read; an interjection is not.
		{"Q7, which arpeggio should I use?", []string{"Q7"}},
		{"Hm, which mode is brightest?", nil},
		{"Hm which mode is brightest?", []string{"Hm"}},
		// Case-sensitive roots, a valid chord anywhere, no improvisation keyword: silent.
		{"which arpeggio fits hm q7", nil},
		{"which arpeggio fits C and Q7", nil},
		{"what is a Q7 chord", nil},
		// A capital with no suffix, "M" without a digit, and the numerals I and V are no chords.
		{"which arpeggio should I use for X", nil},
		{"which arpeggio fits PM", nil},
		{"which arpeggio fits V7", nil},
		{"which arpeggio fits W7", []string{"W7"}},
		{"which arpeggio fits Hmaj7#11", []string{"Hmaj7#11"}},
		{"which arpeggio fits Hmm", nil},
	}
	for _, tt := range tests {
		if got := InvalidChordNames(tt.message); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("InvalidChordNames(%q) = %q, want %q", tt.message, got, tt.want)
		}
	}
}

func TestDeclineInvalidChords(t *testing.T) {
	tests := []struct {
		tokens []string
		want   string
	}{
		{[]string{"Q7"}, `I don't recognize "Q7" as a chord name, so I can't suggest arpeggios or scales for it. A chord name starts with a root letter from A to G, optionally followed by # or b, then the chord quality: for example 'Bm', 'G7' or 'Cmaj7'. Name the chords again and I'll give the arpeggio and scales for each.`},
		{[]string{"X7", "Hm7", "Q7"}, `I don't recognize "X7", "Hm7" and "Q7" as chord names, so I can't suggest arpeggios or scales for them. A chord name starts with a root letter from A to G, optionally followed by # or b, then the chord quality: for example 'Bm', 'G7' or 'Cmaj7'. In German notation H is B: "Hm7" is written "Bm7" here. Name the chords again and I'll give the arpeggio and scales for each.`},
	}
	for _, tt := range tests {
		if got := DeclineInvalidChords(tt.tokens); got != tt.want {
			t.Errorf("DeclineInvalidChords(%q):\n got %s\nwant %s", tt.tokens, got, tt.want)
		}
	}
}

// TestGuardIsAnOptionOfTheSkill holds the two versions apart on one message and together on
// the others: only #749's skill declines, and neither changes a progression's answer.
func TestGuardIsAnOptionOfTheSkill(t *testing.T) {
	asked := ""
	extract := func(m string) query.Query { asked = m; return query.Query{} }
	const invalid = "which arpeggio fits H7"
	pinned := Improvisation{Extract: extract}.Execute(invalid)
	if asked != invalid || pinned.Text != noChordText {
		t.Errorf("pinned skill: extractor asked %q, answer %q", asked, pinned.Text)
	}
	asked = ""
	fixed := Improvisation{Extract: extract, InvalidChordGuard: true}.Execute(invalid)
	if asked != "" || fixed.Confidence != 0.9 || !reflect.DeepEqual(fixed.Assumptions, []string{"Not chord names (root outside A-G): H7."}) {
		t.Errorf("#749 skill: extractor asked %q, confidence %v, assumptions %q", asked, fixed.Confidence, fixed.Assumptions)
	}
	for _, m := range []string{"which arpeggio fits Am F Q7 G", "which arpeggio fits Bø7 E7 Am"} {
		a, b := Improvisation{}.Execute(m), Improvisation{InvalidChordGuard: true}.Execute(m)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%q: the guard changed a progression's answer", m)
		}
	}
	if !improvisationCanHandle("solo over Cmaj7") || improvisationCanHandle("Solomon over Cmaj7") {
		t.Error("CanHandle no longer reads the improvisation keywords as whole words")
	}
}
