// Package intents holds the IIntent registrations of GaChatbot.Api at the pin: the intents
// SemanticIntentRouter chooses from, with their descriptions and example prompts, read from
// the fixture fixtures/intents.json and ordered as the host registers them.
package intents

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"course/fixtures"
	"course/ga/skills"
)

// Intent is one IIntent: its routing metadata and where GA declares it.
type Intent struct {
	// ID is the intent's Id, "skill.chordinfo" or "algebra".
	ID string `json:"id"`
	// Skill is the Name of the IOrchestratorSkill an OrchestratorSkillIntent wraps, "ChordInfo";
	// empty for the host's own intents (algebra, tab.optimize, tab.analyze, voicing).
	Skill string `json:"skill"`
	// Type is the GA class that declares the metadata, "ChordInfoSkill" or "AlgebraIntent".
	Type string `json:"type"`
	// Source is the GA file that declares it, relative to the repository root.
	Source string `json:"source"`
	// Lines is the line range of the ExamplePrompts list in Source; empty when there is none.
	Lines string `json:"lines"`
	// Description is the Description property the router embeds beside the examples.
	Description string `json:"description"`
	// Examples is ExamplePrompts, in GA's order; empty for a skill that declares none.
	Examples []string `json:"examples"`
}

// FirstExample is the first example prompt, and false when the intent has none.
func (in Intent) FirstExample() (string, bool) {
	if len(in.Examples) == 0 {
		return "", false
	}
	return in.Examples[0], true
}

// hostIntentIDs are the intents ChatbotOrchestrationExtensions registers after GaPlugin's 32
// skill intents, in its order
// (Common/GA.Business.Core.Orchestration/Extensions/ChatbotOrchestrationExtensions.cs:141-157 @ c781df5c).
var hostIntentIDs = []string{"algebra", "tab.optimize", "tab.analyze", "voicing"}

// RegisteredIDs returns the ids of the intents in the order GetServices<IIntent>() returns them:
// GaPlugin's skills (skills.Registered) first, then the host's own four.
func RegisteredIDs() []string {
	ids, _ := registered()
	return ids
}

// registered is RegisteredIDs with the skill name behind each id, "" for the host's intents.
func registered() (ids, skillNames []string) {
	for _, s := range skills.Registered() {
		ids = append(ids, s.IntentID())
		skillNames = append(skillNames, s.Name)
	}
	for _, id := range hostIntentIDs {
		ids = append(ids, id)
		skillNames = append(skillNames, "")
	}
	return ids, skillNames
}

// Parse reads a fixture in the format of fixtures/intents.json and returns its intents in
// registration order. Every registered id must appear exactly once, and nothing else.
func Parse(data []byte) ([]Intent, error) {
	var f struct {
		Intents []Intent `json:"intents"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("intents: read fixture: %w", err)
	}
	byID := make(map[string]Intent, len(f.Intents))
	for _, in := range f.Intents {
		if _, dup := byID[in.ID]; dup {
			return nil, fmt.Errorf("intents: %q appears twice", in.ID)
		}
		byID[in.ID] = in
	}
	ids, skillNames := registered()
	all := make([]Intent, 0, len(ids))
	for i, id := range ids {
		in, ok := byID[id]
		if !ok {
			return nil, fmt.Errorf("intents: registered intent %q is not in the fixture", id)
		}
		if in.Skill != skillNames[i] {
			return nil, fmt.Errorf("intents: %q belongs to skill %q in the fixture, %q in the registry", id, in.Skill, skillNames[i])
		}
		all = append(all, in)
		delete(byID, id)
	}
	for id := range byID {
		return nil, fmt.Errorf("intents: %q is in the fixture but not registered", id)
	}
	return all, nil
}

var (
	loadOnce sync.Once
	loaded   []Intent
	loadErr  error
)

// All returns the 36 intents of the pin in registration order, each call a fresh copy the
// caller may change. The embedded fixture is checked by the tests, so a failure to read it is
// a defect of the build and panics.
func All() []Intent {
	loadOnce.Do(func() { loaded, loadErr = Parse(fixtures.Intents) })
	if loadErr != nil {
		panic(loadErr)
	}
	out := make([]Intent, len(loaded))
	for i, in := range loaded {
		in.Examples = slices.Clone(in.Examples)
		out[i] = in
	}
	return out
}

// Lookup returns the intent with the given id.
func Lookup(id string) (Intent, bool) {
	for _, in := range All() {
		if in.ID == id {
			return in, true
		}
	}
	return Intent{}, false
}
