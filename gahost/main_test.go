package gahost

import (
	"net/http"
	"strings"
	"testing"
)

// TestMainAnswersWithoutEmbeddings asks the host in its two behaviours the same questions: at the
// pin each ends in HTTP 500; on main each is answered by the skill the keyword rules pick, the
// voicing agent, or the unavailable fallback.
func TestMainAnswersWithoutEmbeddings(t *testing.T) {
	t.Parallel()
	pin := startHost(t, Config{})
	main := startHost(t, Config{Ga: "main"})
	for _, c := range []struct {
		message, agent, method, first string
	}{
		{"Move this F chord down a minor third", "skill.chordinfo", "orchestrator-skill-semantic", "F major chord contains F, A, and C."},
		{"Lower G by a tritone", "skill.chordsubstitution", "orchestrator-skill-semantic", "Harmonic substitutions for **G** (ranked by ICV distance):"},
		{"transpose this progression down a half step", "voicing", "keyword", "Found 10 voicings matching tags [half]:"},
		{"Transpose Cmaj7 up a perfect fourth", "voicing", "keyword", "Found 10 voicings matching chord Cmaj7 + tags [fourth]:"},
		{"Transpose this progression to capo 3", "voicing", "keyword", "I couldn't find a chord name, mode, or style tag in your request."},
		{"raise the key by two semitones", "fallback-direct", "error-fallback-unavailable", unavailableText},
		{"Move Am up two frets", "fallback-direct", "error-fallback-unavailable", unavailableText},
	} {
		if r := ask(t, pin, chatPath, c.message); r.status != http.StatusInternalServerError {
			t.Errorf("pin %q: status %d", c.message, r.status)
		}
		got := decodeChat(t, ask(t, main, chatPath, c.message))
		first, _, _ := strings.Cut(got.NaturalLanguageAnswer, "\n")
		if got.AgentID != c.agent || got.RoutingMethod != c.method || !strings.HasPrefix(first, c.first) {
			t.Errorf("main %q: %s (%s) %q; want %s (%s) %q", c.message, got.AgentID, got.RoutingMethod, first, c.agent, c.method, c.first)
		}
	}
}

// TestKeywordRoute checks SemanticRouter.KeywordRoute's scores: the share of an agent's keywords,
// the voicing agent's default 0.1 losing to any keyword but the theory agent's tie, which the
// earlier agent wins.
func TestKeywordRoute(t *testing.T) {
	for q, want := range map[string]string{
		"Compare major and minor":             "voicing",
		"raise the key by two semitones":      "theory", // 1/10 ties voicing's 0.1; theory is held first
		"Move Am up two frets":                "tab",
		"Play this song a whole step down":    "technique",
		"generate a variation of this chord":  "composer", // 2/6 beats theory's 1/10
		"critique and improve my progression": "critic",
	} {
		if got, conf := keywordRoute(q); got != want || conf < 0.3 {
			t.Errorf("keywordRoute(%q) = %s %.2f, want %s", q, got, conf, want)
		}
	}
}

// TestGaKey checks the configuration key: pin and main, any case, and nothing else.
func TestGaKey(t *testing.T) {
	cfg, err := ApplyArgs(ConfigFromEnv(func(k string) string {
		if k == "Course__Ga" {
			return "pin"
		}
		return ""
	}), []string{"--Course:Ga=MAIN"})
	if err != nil || cfg.Ga != "MAIN" {
		t.Fatalf("%+v %v", cfg, err)
	}
	if _, err := NewHandler(cfg, nil); err != nil {
		t.Errorf("MAIN: %v", err)
	}
	if _, err := NewHandler(Config{Ga: "latest"}, nil); err == nil || !strings.Contains(err.Error(), "Course:Ga") {
		t.Errorf("latest: %v", err)
	}
}
