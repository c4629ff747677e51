package skills

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"course/fixtures"
)

// SkillMd is one SKILL.md file as SkillMdParser reads it: its name and its triggers, and the
// phrasings its "Mapping user phrasings" list teaches the model.
type SkillMd struct {
	// Path is the file, relative to GA's repository root, "skills/transpose/SKILL.md".
	Path string `json:"path"`
	// Name is the frontmatter's name, "transpose".
	Name string `json:"name"`
	// Triggers are the frontmatter's triggers as the file writes them.
	Triggers []string `json:"triggers"`
	// Mapped are the phrasings of the body's "Mapping user phrasings" list; nil when it has none.
	Mapped []string `json:"mapped"`
	// Text is the whole file with LF line ends, for the files a lesson quotes; "" otherwise.
	Text string `json:"text"`
}

// minTriggerLength is SkillMdParser.MinTriggerLength: shorter triggers are dropped
// (Common/GA.Business.ML/Skills/SkillMdParser.cs:34 @ c781df5c).
const minTriggerLength = 3

// Keywords are the triggers SkillMdParser keeps, lower-cased: blank ones and those shorter
// than three characters are dropped (SkillMdParser.cs:124-128 @ c781df5c).
func (s SkillMd) Keywords() []string {
	var out []string
	for _, t := range s.Triggers {
		if strings.TrimSpace(t) != "" && len([]rune(t)) >= minTriggerLength {
			out = append(out, strings.ToLower(t))
		}
	}
	return out
}

// CanHandle is SkillMdDrivenSkill.CanHandle: a kept trigger is a substring of the lower-cased
// message (Common/GA.Business.ML/Agents/Skills/SkillMdDrivenSkill.cs:54-65 @ c781df5c).
func (s SkillMd) CanHandle(message string) bool {
	return len(s.Triggered(message)) > 0
}

// Triggered returns the kept triggers found in the lower-cased message, in the file's order.
func (s SkillMd) Triggered(message string) []string {
	if strings.TrimSpace(message) == "" {
		return nil
	}
	lower := strings.ToLower(message)
	var found []string
	for _, k := range s.Keywords() {
		if strings.Contains(lower, k) {
			found = append(found, k)
		}
	}
	return found
}

// ParseSkillMds reads a fixture in the format of fixtures/skillmd.json, in its order.
func ParseSkillMds(data []byte) ([]SkillMd, error) {
	mds, _, err := parseSkillMdFixture(data)
	return mds, err
}

// parseSkillMdFixture reads the fixture's SKILL.md files and its skills-dev drafts, each in
// its order.
func parseSkillMdFixture(data []byte) (mds, drafts []SkillMd, err error) {
	var f struct {
		Skills []SkillMd `json:"skills"`
		Drafts []SkillMd `json:"drafts"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, nil, fmt.Errorf("skills: read SKILL.md fixture: %w", err)
	}
	for i, s := range append(slices.Clone(f.Skills), f.Drafts...) {
		if strings.TrimSpace(s.Name) == "" || s.Path == "" {
			return nil, nil, fmt.Errorf("skills: SKILL.md fixture entry %d has no name or path", i)
		}
	}
	return f.Skills, f.Drafts, nil
}

var (
	skillMdOnce sync.Once
	skillMds    []SkillMd
	skillDrafts []SkillMd
	skillMdErr  error
)

// loadSkillMds reads the embedded fixture once. It is checked by the tests, so a failure to
// read it is a defect of the build and panics.
func loadSkillMds() {
	skillMdOnce.Do(func() { skillMds, skillDrafts, skillMdErr = parseSkillMdFixture(fixtures.SkillMD) })
	if skillMdErr != nil {
		panic(skillMdErr)
	}
}

// SkillMds returns every SKILL.md file GA ships, each call a fresh copy.
func SkillMds() []SkillMd {
	loadSkillMds()
	return cloneSkillMds(skillMds)
}

func cloneSkillMds(in []SkillMd) []SkillMd {
	out := make([]SkillMd, len(in))
	for i, s := range in {
		s.Triggers, s.Mapped = slices.Clone(s.Triggers), slices.Clone(s.Mapped)
		out[i] = s
	}
	return out
}

// LookupSkillMd returns the SKILL.md whose name is name, or else the skills-dev draft of that
// name (skills-dev/_pending-tools/<name>/DRAFT.md), which a model would read the same way but
// SkillMdLoader does not load.
func LookupSkillMd(name string) (SkillMd, bool) {
	loadSkillMds()
	for _, list := range [][]SkillMd{skillMds, skillDrafts} {
		if i := slices.IndexFunc(list, func(s SkillMd) bool { return s.Name == name }); i >= 0 {
			return cloneSkillMds(list[i : i+1])[0], true
		}
	}
	return SkillMd{}, false
}

// Registration is one IOrchestratorSkill the container holds.
type Registration struct {
	// Type is the implementing class, "TransposeSkill" or "SkillMdDrivenSkill".
	Type string
	// Name is the skill's Name, "Transpose" or a SKILL.md's "transpose".
	Name string
	// Intent is the id of the OrchestratorSkillIntent that wraps this very instance, "" for none.
	Intent string
	// CanHandle is the skill's keyword rule.
	CanHandle func(string) bool
}

// Registrations returns the IOrchestratorSkill registrations of GaChatbot.Api: GaPlugin's skills,
// each registered as itself, as IOrchestratorSkill and, through the same instance, as an intent
// (Common/GA.Business.Core.Orchestration/Intents/IntentRegistrationExtensions.cs:25-43), then
// SkillMdPlugin's, one SkillMdDrivenSkill for every SKILL.md, in ordinal path order, that keeps a
// trigger, behind no intent (Common/GA.Business.ML/Agents/Plugins/SkillMdPlugin.cs:52-92;
// Common/GA.Business.ML/Skills/SkillMdLoader.cs:28-48 @ c781df5c). types gives each GaPlugin
// skill's class by name; a missing name is Name+"Skill".
func Registrations(mds []SkillMd, types map[string]string) []Registration {
	var out []Registration
	for _, s := range Registered() {
		t, ok := types[s.Name]
		if !ok {
			t = s.Name + "Skill"
		}
		out = append(out, Registration{Type: t, Name: s.Name, Intent: s.IntentID(), CanHandle: s.CanHandle})
	}
	mds = slices.Clone(mds)
	slices.SortStableFunc(mds, func(a, b SkillMd) int { return strings.Compare(a.Path, b.Path) })
	for _, md := range mds {
		if len(md.Keywords()) == 0 {
			continue
		}
		out = append(out, Registration{Type: "SkillMdDrivenSkill", Name: strings.TrimSpace(md.Name), CanHandle: md.CanHandle})
	}
	return out
}

// Transpose is GA's TransposeSkill: a SkillMdDrivenWrapperBase over skills/transpose/SKILL.md
// that hands the question to a model with ga_dsl_eval, and whose CanHandle is always false
// (Common/GA.Business.ML/Agents/Skills/TransposeSkill.cs:13-31 @ c781df5c).
type Transpose struct{}

// The wrapper's fixed texts (TransposeSkill.cs:20-23; SkillMdDrivenWrapperBase.cs:95, 125 @ c781df5c).
const (
	transposeFolder  = "transpose"
	transposeClosure = "domain.transposeChord"
	// skillMdErrorText is SkillMdDrivenSkill's answer when the model call throws
	// (SkillMdDrivenSkill.cs:204-225 @ c781df5c).
	skillMdErrorText = "I encountered an error processing your request. Please try again."
)

// Execute is ExecuteAsync with no model to reach: the inner SkillMdDrivenSkill's call throws,
// it answers its error text with confidence 0 and no evidence, and the wrapper adds its two
// static tags and the warning that ga_dsl_eval was not invoked, keeping the lower confidence
// (SkillMdDrivenWrapperBase.cs:98-152; SkillMdDrivenSkill.cs:122-226 @ c781df5c).
func (Transpose) Execute(string) Result {
	evidence := []string{
		"Source: skills/" + transposeFolder + "/SKILL.md",
		"Closure: " + transposeClosure + " (via ga_dsl_eval)",
		"warning: ga_dsl_eval was NOT invoked — answer is LLM-only, not deterministic",
	}
	inner := 0.0 // the failed inner call's confidence
	return Result{Text: skillMdErrorText, Confidence: min(inner, 0.5), Evidence: evidence}
}
