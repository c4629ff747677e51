package container

import (
	"strings"
	"testing"
)

func TestChatApplicationService(t *testing.T) {
	for mode, want := range map[string]string{
		"full":         "OrchestratedChatApplicationService",
		"Orchestrated": "OrchestratedChatApplicationService",
		"routed":       "RoutedChatApplicationService",
		"":             "DirectChatApplicationService",
		"direct":       "DirectChatApplicationService",
		"anything":     "DirectChatApplicationService",
	} {
		if got := ChatApplicationService(mode); got != want {
			t.Errorf("mode %q: %s, want %s", mode, got, want)
		}
	}
}

func TestResolve(t *testing.T) {
	s, err := Resolve("full")
	if err != nil {
		t.Fatal(err)
	}
	if s.Orchestrator != "ProductionOrchestrator" || len(s.Agents) != 6 || len(s.Hooks) != 4 || s.Hooks[0] != "PromptSanitizationHook" {
		t.Errorf("full: %+v", s)
	}
	for _, a := range s.Agents {
		if !strings.EqualFold(a.ID+"Agent", a.Type) {
			t.Errorf("agent %s is a %s", a.ID, a.Type)
		}
	}
	if _, err := Resolve("direct"); err == nil || !strings.Contains(err.Error(), "DirectChatApplicationService") {
		t.Errorf("direct: %v, want an error naming the direct service", err)
	}
}
