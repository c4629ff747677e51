package skills

import (
	"fmt"
	"strings"

	"course/internal/dotnet"
)

// SkillLog is a record a skill writes to its logger: the level's name, the logger's category
// (the skill's full type name), the message as rendered, and the exception's type name, "" when
// none is attached.
type SkillLog struct {
	Level, Category, Message, Exception string
}

// skillCategory is the namespace of GA's skills, their loggers' category prefix.
const skillCategory = "GA.Business.ML.Agents.Skills."

// DiatonicChords is GA's DiatonicChordsSkill as it answers when no model can be reached: a
// SkillMdDrivenWrapperBase over the SKILL.md skill "diatonic-chords", whose inner
// SkillMdDrivenSkill fails to get a chat response, logs the failure and returns its generic
// error text, which the wrapper passes on after warning that ga_dsl_eval was not called
// (Common/GA.Business.ML/Agents/Skills/DiatonicChordsSkill.cs:20-23,
// SkillMdDrivenWrapperBase.cs:98-152, SkillMdDrivenSkill.cs:122-227 @ c781df5c).
type DiatonicChords struct{}

// diatonicToolCount is the number of tools InProcessMcpToolsProvider builds from GaPlugin's MCP
// tool types, which the inner skill's failure record reports: the host registers 15
// (Common/GA.Business.ML/Agents/Plugins/InProcessMcpToolsProvider.cs:56-106 @ c781df5c; the
// count is the one GA's host logs, the tool types themselves are not modelled).
const diatonicToolCount = 15

// Execute returns the answer and the records the skill and its inner SkillMdDrivenSkill log at
// Warning level or above.
func (DiatonicChords) Execute(message string) (Result, []SkillLog) {
	const folder, closure = "diatonic-chords", "domain.diatonicChords"
	head := message
	if dotnet.UTF16Len(message) > 200 {
		head = string(utf16Cut(message, 200)) + "…"
	}
	// SkillMdDrivenSkill.cs:204-227: the chat client throws without a model; the inner skill
	// returns no evidence.
	inner := Result{Text: "I encountered an error processing your request. Please try again.", Confidence: 0}
	logs := []SkillLog{{Level: "Error", Category: skillCategory + "SkillMdDrivenSkill",
		Message:   fmt.Sprintf("SkillMdDrivenSkill [%s] failed — tools=%d, message head=\"%s\"", folder, diatonicToolCount, head),
		Exception: "InvalidOperationException"}}
	// SkillMdDrivenWrapperBase.cs:110-152: no evidence names ga_dsl_eval, so the wrapper warns
	// and caps the confidence at 0.5.
	evidence := []string{"Source: skills/" + folder + "/SKILL.md", "Closure: " + closure + " (via ga_dsl_eval)",
		"warning: ga_dsl_eval was NOT invoked — answer is LLM-only, not deterministic"}
	logs = append(logs, SkillLog{Level: "Warning", Category: skillCategory + "DiatonicChordsSkill",
		Message: fmt.Sprintf("DiatonicChordsSkill: LLM produced an answer without invoking ga_dsl_eval. Closure %s should have been called. Evidence: %s",
			closure, strings.Join(inner.Evidence, " | "))})
	return Result{Text: inner.Text, Confidence: min(inner.Confidence, 0.5), Evidence: evidence}, logs
}

// utf16Cut is the first n UTF-16 units of s, as .NET's s[..n].
func utf16Cut(s string, n int) []rune {
	var out []rune
	units := 0
	for _, r := range s {
		w := 1
		if r > 0xFFFF {
			w = 2
		}
		if units+w > n {
			break
		}
		out = append(out, r)
		units += w
	}
	return out
}

// CorpusAnswer is what an intent answers to a prompt, with the records its skill logged.
type CorpusAnswer struct {
	Answer string
	Logs   []SkillLog
}

// AnswerIntent asks the intent id, in process, as the host's OrchestratorSkillIntent would, for
// the skills the course models; false for an intent the course does not model. newline is what
// the skills' AppendLine writes ("" for LF).
func AnswerIntent(id, newline, message string) (CorpusAnswer, bool) {
	plain := func(r Result) (CorpusAnswer, bool) { return CorpusAnswer{Answer: r.Text}, true }
	switch id {
	case "skill.chordinfo":
		return plain(ChordInfo{}.Execute(message))
	case "skill.scaleinfo":
		return plain(ScaleInfo{}.Execute(message))
	case "skill.modes":
		return plain(Modes{NewLine: newline}.Execute(message))
	case "skill.interval":
		return plain(Interval{}.Execute(message))
	case "skill.relativekey":
		return plain(RelativeKey{NewLine: newline}.Execute(message))
	case "skill.theorycomparison":
		return plain(TheoryComparison{}.Execute(message))
	case "skill.improvisation":
		return plain(Improvisation{NewLine: newline}.Execute(message))
	case "skill.outsidenotes":
		return plain(OutsideNotes{NewLine: newline}.Execute(message))
	case "skill.alternatetunings":
		return plain(AlternateTunings{NewLine: newline}.Execute(message))
	case "skill.diatonicchords":
		r, logs := DiatonicChords{}.Execute(message)
		return CorpusAnswer{Answer: r.Text, Logs: logs}, true
	}
	return CorpusAnswer{}, false
}
