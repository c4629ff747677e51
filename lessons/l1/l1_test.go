package l1

import (
	"strings"
	"testing"

	"course/ga/embeddings"
	"course/ga/intents"
	"course/internal/testutil"
)

// runLesson runs the lesson after change has altered the registrations it reads.
func runLesson(t *testing.T, change func(*lesson)) string {
	t.Helper()
	return testutil.Lesson(t, newLesson, change, func(l *lesson) error { return l.run(t.Context()) })
}

// intentRow is the intent table's row for id.
func intentRow(t *testing.T, out, id string) []string {
	t.Helper()
	for l := range strings.SplitSeq(out, "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == id {
			return f
		}
	}
	t.Fatalf("no row for %s in:\n%s", id, out)
	return nil
}

// TestFollowsTheIntents removes an example prompt, empties an intent and registers one more,
// and checks that the counts, the first example and the title move with them.
func TestFollowsTheIntents(t *testing.T) {
	base := runLesson(t, func(*lesson) {})
	if got := intentRow(t, base, "skill.theorycomparison"); got[1] != "7" || got[2] != "What" {
		t.Fatalf("skill.theorycomparison row %v", got)
	}
	out := runLesson(t, func(l *lesson) {
		for i := range l.intents {
			switch l.intents[i].ID {
			case "skill.theorycomparison":
				l.intents[i].Examples = l.intents[i].Examples[1:]
			case "voicing":
				l.intents[i].Examples = nil
			}
		}
		l.intents = append(l.intents, intents.Intent{ID: "skill.extra", Examples: []string{"one more"}})
	})
	if got := intentRow(t, out, "skill.theorycomparison"); got[1] != "6" || strings.Join(got[2:], " ") != "Compare major and minor" {
		t.Errorf("after removing the first example: %v", got)
	}
	if got := intentRow(t, out, "voicing"); got[1] != "0" || got[2] != "(none)" {
		t.Errorf("an intent without examples: %v", got)
	}
	if !strings.Contains(out, "== Intents the semantic router chooses from (37)") || !strings.Contains(base, "chooses from (36)") {
		t.Errorf("the title does not count the intents")
	}
	// The fixture itself is untouched by the change.
	if in, _ := intents.Lookup("skill.theorycomparison"); len(in.Examples) != 7 {
		t.Errorf("the lesson's change reached the fixture: %d examples", len(in.Examples))
	}
}

// TestFollowsTheContainer drops a hook and an agent and moves a partition out of the search.
func TestFollowsTheContainer(t *testing.T) {
	out := runLesson(t, func(l *lesson) {
		l.services.Hooks = l.services.Hooks[1:]
		l.services.Agents = l.services.Agents[:5]
		for i := range l.partitions {
			if l.partitions[i].Name == "ROOT" {
				l.partitions[i].Role = embeddings.Info
			}
		}
	})
	for _, want := range []string{
		"== Hooks, in the order they run (3)\nMemoryHook\n",
		"== Agents behind the LLM path (5)\n",
		"240 dims in 11 partitions, 112 of them searched",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "VoicingAgent") {
		t.Errorf("the dropped agent is listed")
	}
}
