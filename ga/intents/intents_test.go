package intents

import (
	"bytes"
	"strings"
	"testing"

	"course/fixtures"
)

func TestAllIsTheRegistration(t *testing.T) {
	all := All()
	if len(all) != 36 {
		t.Fatalf("%d intents, want 36", len(all))
	}
	for i, id := range RegisteredIDs() {
		if all[i].ID != id {
			t.Errorf("intent %d is %q, want %q", i, all[i].ID, id)
		}
		if all[i].Source == "" || all[i].Type == "" || all[i].Description == "" {
			t.Errorf("%s: source, type or description missing", id)
		}
	}
	// The first and last of each group, as GaChatbot.Api lists them.
	checks := []struct {
		id    string
		n     int
		first string
	}{
		{"skill.chordinfo", 32, "What is a C major chord?"},
		{"skill.fretspan", 0, ""},
		{"skill.theorycomparison", 7, "What is the difference between major and minor"},
		{"skill.rememberthis", 7, "remember that I prefer drop-2 voicings for jazz comping"},
		{"algebra", 13, "Are 0146 and 0137 z-related?"},
		{"voicing", 11, "Show me Drop 2 voicings of Cmaj7"},
	}
	for _, c := range checks {
		in, ok := Lookup(c.id)
		if !ok {
			t.Fatalf("no intent %q", c.id)
		}
		first, _ := in.FirstExample()
		if len(in.Examples) != c.n || first != c.first {
			t.Errorf("%s: %d examples, first %q; want %d, %q", c.id, len(in.Examples), first, c.n, c.first)
		}
	}
}

func TestAllReturnsCopies(t *testing.T) {
	a := All()
	a[0].Examples[0] = "changed"
	a[1].Examples = a[1].Examples[:1]
	b := All()
	if b[0].Examples[0] != "What is a C major chord?" || len(b[1].Examples) != 24 {
		t.Errorf("a caller's change reached the fixture: %q, %d", b[0].Examples[0], len(b[1].Examples))
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct {
		name, old, new, want string
	}{
		{"missing", `"id": "tab.analyze"`, `"id": "tab.analyse"`, `registered intent "tab.analyze" is not in the fixture`},
		{"duplicate", `"id": "tab.analyze"`, `"id": "tab.optimize"`, `"tab.optimize" appears twice`},
		{"wrong skill", `"skill": "Capo"`, `"skill": "Capo2"`, `"skill.capo" belongs to skill "Capo2"`},
		{"not json", `"intents": [`, `"intents": {`, "read fixture"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := bytes.Replace(fixtures.Intents, []byte(tt.old), []byte(tt.new), 1)
			if bytes.Equal(data, fixtures.Intents) {
				t.Fatalf("the fixture has no %s", tt.old)
			}
			_, err := Parse(data)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Parse: %v, want an error with %q", err, tt.want)
			}
		})
	}
}

func TestParseFollowsTheFixture(t *testing.T) {
	data := bytes.Replace(fixtures.Intents, []byte(`"Major vs minor",`), nil, 1)
	all, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range all {
		if in.ID == "skill.theorycomparison" && len(in.Examples) != 6 {
			t.Errorf("%d examples after removing one, want 6", len(in.Examples))
		}
	}
}
