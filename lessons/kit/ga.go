package kit

import (
	"fmt"
	"strings"

	"course/ga/intents"
	"course/ga/skills"
)

// What the lessons read of GA's data and answers: intents' example prompts, SKILL.md texts,
// the routing hints' column, the keyword fallback and an answer's lines.

// The intents of the skills lessons 22 and 23 ask.
const (
	DeltaIntent = "skill.grothendieckdelta"
	PathIntent  = "skill.icvshortestpath"
)

// HintsCell is the routing hints' column: the hinted intents in ordinal order, or "none".
func HintsCell(h skills.Hints, prompt string) string { return ListCell(h.Fired(prompt)) }

// AnswerLines splits an answer into lines without their line ends.
func AnswerLines(text string) []string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, "\r")
	}
	return lines
}

// ExamplePrompts are an intent's example prompts, from the intents fixture.
func ExamplePrompts(id string) ([]string, error) {
	in, ok := intents.Lookup(id)
	if !ok || len(in.Examples) == 0 {
		return nil, fmt.Errorf("the intents fixture has no example prompts for %s", id)
	}
	return in.Examples, nil
}

// SkillMdText is the text of a SKILL.md of the fixture fixtures/skillmd.json.
func SkillMdText(name string) (string, error) {
	s, ok := skills.LookupSkillMd(name)
	if !ok || s.Text == "" {
		return "", fmt.Errorf("skillmd.json has no text of %q", name)
	}
	return s.Text, nil
}

// FirstAccepting is the id of the first skill intent, in registration order, whose CanHandle
// accepts prompt, or "none": the keyword fallback of GA's main router when it cannot embed.
func FirstAccepting(registered []skills.Skill, prompt string) string {
	for _, s := range registered {
		if s.CanHandle(prompt) {
			return s.IntentID()
		}
	}
	return "none"
}
