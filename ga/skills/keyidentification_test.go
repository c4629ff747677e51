package skills

import (
	"strings"
	"testing"

	"course/ga/keys"
)

func TestKeyIdentificationPromptFollowsTheChords(t *testing.T) {
	s := KeyIdentification{Service: keys.Pin}
	turn := s.Prepare("What key is Db Gb Ab Db in?")
	for _, want := range []string{
		"The guitarist asked: \"What key is Db Gb Ab Db in?\"\n",
		"fit the chord progression [Db, Gb, Ab].\nUse ONLY the data below — do not guess or add your own analysis.\n── TOP MATCHES (all tied at the highest score) ──\n• A# minor  (3/3 chords diatonic)\n  Relative key : Db major\n  Diatonic set : A#m, B#dim, C#, D#m, E#m, F#, G#\n",
		"\n\n── PARTIAL MATCHES ──\n• Ab major  (2/3 chords diatonic)\n• D# minor  (2/3 chords diatonic)\n• Eb minor  (2/3 chords diatonic)\n\nInstructions:\n",
	} {
		if !strings.Contains(turn.Prompt, want) {
			t.Errorf("prompt lacks %q:\n%s", want, turn.Prompt)
		}
	}
	// Another progression, another key and set.
	turn = s.Prepare("What key is G D Em C in?")
	if !strings.Contains(turn.Prompt, "• E minor  (4/4 chords diatonic)\n  Relative key : G major\n  Diatonic set : Em, F#dim, G, Am, Bm, C, D\n") {
		t.Errorf("prompt for G D Em C:\n%s", turn.Prompt)
	}
	if turn.Fallback != "The progression [G, D, Em, C] fits: E minor / G major. Diatonic set: Em, F#dim, G, Am, Bm, C, D." {
		t.Errorf("fallback = %q", turn.Fallback)
	}
	if crlf := (KeyIdentification{Service: keys.Pin, NewLine: "\r\n"}).Prepare("Dm G C").Prompt; strings.Count(crlf, "\r\n") != strings.Count(crlf, "\n") {
		t.Error("a CRLF prompt has bare line feeds")
	}
	if turn := s.Prepare("What key is this?"); turn.Prompt != "" || turn.Fallback != keyDecline {
		t.Errorf("no chords: prompt %q, answer %q", turn.Prompt, turn.Fallback)
	}
}

func TestIdentifyKeyTool(t *testing.T) {
	r := IdentifyKey("What key is C Am F G C in?")
	if r.Error != "" || r.TotalChords != 4 || len(r.TopCandidates) != 2 || r.TopCandidates[0].Key != "A minor" {
		t.Errorf("tool = %+v", r)
	}
	if r := IdentifyKey("hello"); r.Error != "No recognisable chord symbols found. Write them as standard chord names — e.g. 'Am F C G'." {
		t.Errorf("no chords: %q", r.Error)
	}
	if r := IdentifyKey(strings.Repeat("C ", 129)); !strings.HasPrefix(r.Error, "Could not parse 'C C C C C C C C …'") {
		t.Errorf("too long: %q", r.Error)
	}
	if r := IdentifyKey(""); r.Error == "" || len(r.RecognizedChords) != 0 {
		t.Errorf("empty: %+v", r)
	}
}

func TestKeyIdentificationCanHandle(t *testing.T) {
	for m, want := range map[string]bool{
		"What key is C Am F G in?":       true,
		"what key is c am in?":           false, // the chord pattern is case-sensitive
		"Which key is C C in?":           false, // one distinct chord
		"Identify the tonic of D A Bm G": false,
		"Help me find the key of Dm G C": true,
		"   ":                            false,
	} {
		if got := keyIdentificationCanHandle(m) && strings.TrimSpace(m) != ""; got != want {
			t.Errorf("CanHandle(%q) = %v, want %v", m, got, want)
		}
	}
}
