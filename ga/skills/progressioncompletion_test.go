package skills

import (
	"strings"
	"testing"

	"course/ga/keys"
)

func TestProgressionCompletionPromptFollowsTheKey(t *testing.T) {
	for _, tt := range []struct {
		service  keys.Service
		message  string
		detected string
		set      string
	}{
		{keys.Pin, "What chord comes next after C G Am?", "Detected key: A minor / C major / E minor / G major  (3/3 chords diatonic)", "Am, Bdim, C, Dm, Em, F, G"},
		{keys.Main, "What chord comes next after C G Am?", "Detected key: C major / G major / A minor / E minor  (3/3 chords diatonic)", "C, Dm, Em, F, G, Am, Bdim"},
		{keys.Pin, "What comes next after D A Bm G?", "Detected key: B minor / D major  (4/4 chords diatonic)", "Bm, C#dim, D, Em, F#m, G, A"},
		// F7 is not read at the pin: a digit follows it.
		{keys.Pin, "Continue Bb Eb F7", "Detected key: Bb major / C minor / Eb major / G minor  (2/2 chords diatonic)", "Bb, Cm, Dm, Eb, F, Gm, Adim"},
	} {
		turn := ProgressionCompletion{Service: tt.service}.Prepare(tt.message)
		if !strings.Contains(turn.Prompt, "\n"+tt.detected+"\n") {
			t.Errorf("%s %q: prompt lacks %q:\n%s", tt.service.Commit, tt.message, tt.detected, turn.Prompt)
		}
		if !strings.Contains(turn.Prompt, "you may ONLY suggest chords from this list:\n"+tt.set+"\n") {
			t.Errorf("%s %q: prompt lacks the set %q", tt.service.Commit, tt.message, tt.set)
		}
	}
	turn := ProgressionCompletion{Service: keys.Pin}.Prepare("What should follow Dm G C?")
	if !strings.HasPrefix(turn.Prompt, "You are Theory Agent, a Guitar Alchemist music theory expert.\n\nThe guitarist asked: \"What should follow Dm G C?\"\n\nThe input progression is: [Dm, G, C]\n") ||
		!strings.HasSuffix(turn.Prompt, "    ]\n  }\n}\n") {
		t.Errorf("prompt:\n%s", turn.Prompt)
	}
	if turn.Fallback != "Progression [Dm, G, C] is in A minor. Diatonic completions from: Am, Bdim, C, Dm, Em, F, G." {
		t.Errorf("fallback %q", turn.Fallback)
	}
	if turn := (ProgressionCompletion{Service: keys.Pin}).Prepare("finish it"); turn.Prompt != "" || turn.Fallback != completionDecline {
		t.Errorf("no chords: %+v", turn)
	}
}

func TestDetectedKeyAlone(t *testing.T) {
	all := keys.Main.Identify([]string{"C", "E7", "Am"})
	if got := DetectedKey(all[0], all); got != "A minor" && !strings.Contains(got, " / ") {
		t.Errorf("detected %q", got)
	}
	one := []keys.Candidate{{Key: "C major", MatchCount: 3}, {Key: "A minor", MatchCount: 2}}
	if got := DetectedKey(one[0], one); got != "C major" {
		t.Errorf("a key alone at the top is described as %q", got)
	}
}

func TestProgressionCompletionCanHandle(t *testing.T) {
	for m, want := range map[string]bool{
		"How do I finish this progression: Em D C": true,
		"What chord comes next after C G Am?":      false, // "what comes next" is not in it
		"Help me end Am F G":                       false,
		"Continue this progression: F C G":         true,
		"Continue this progression: F":             false,
	} {
		if got := progressionCompletionCanHandle(m); got != want {
			t.Errorf("CanHandle(%q) = %v, want %v", m, got, want)
		}
	}
}
