package skills

import (
	"fmt"
	"strings"

	"course/ga/keys"
)

// ProgressionCompletion is GA's ProgressionCompletionSkill up to the model call: it runs the key
// service on the message, then tells the model the detected key and the only chords it may
// suggest (Common/GA.Business.ML/Agents/Skills/ProgressionCompletionSkill.cs @ c781df5c). Its
// CanHandle is progressionCompletionCanHandle in registry.go. Service is the key service it
// calls: keys.Pin at the pin, keys.Main on main after #625.
type ProgressionCompletion struct {
	// Service is the KeyIdentificationService the skill calls.
	Service keys.Service
	// NewLine is what the prompt's AppendLine writes; "" means "\n".
	NewLine string
}

// CompletionTurn is what ProgressionCompletionSkill.ExecuteAsync computes before it calls the
// model.
type CompletionTurn struct {
	// Chords are the chord symbols ExtractChords read.
	Chords []string
	// Candidates is Identify's whole list; its first key is the one the skill goes by.
	Candidates []keys.Candidate
	// Prompt is the system prompt the model gets; empty when no key was found.
	Prompt string
	// Fallback is the answer when the model's reply cannot be read, or the decline.
	Fallback string
}

// completionDecline is the answer when no chord is read (ProgressionCompletionSkill.cs:55-64).
const completionDecline = "I couldn't find recognisable chord symbols in your question. " +
	"Please write them as standard chord names, e.g. \"Am F C\"."

// Prepare runs ExecuteAsync as far as the model call (ProgressionCompletionSkill.cs:47-69).
// Its opening repeats KeyIdentification.Prepare because GA's two skills repeat it, each with
// its own decline; the models stay two, so that either can follow its GA file when that changes.
func (s ProgressionCompletion) Prepare(message string) CompletionTurn {
	t := CompletionTurn{Chords: s.Service.ExtractChords(message)}
	t.Candidates = s.Service.Identify(t.Chords)
	if len(t.Candidates) == 0 {
		t.Fallback = completionDecline
		return t
	}
	top := t.Candidates[0]
	t.Prompt = s.BuildPrompt(message, t.Chords, top, t.Candidates)
	t.Fallback = fmt.Sprintf("Progression [%s] is in %s. Diatonic completions from: %s.",
		strings.Join(t.Chords, ", "), top.Key, strings.Join(top.DiatonicSet, ", "))
	return t
}

// DetectedKey is the prompt's key description: the first key alone, or every key whose count
// equals the first key's, joined by " / " (ProgressionCompletionSkill.cs:93-96).
func DetectedKey(top keys.Candidate, all []keys.Candidate) string {
	var tied []string
	for _, c := range all {
		if c.MatchCount == top.MatchCount {
			tied = append(tied, c.Key)
		}
	}
	if len(tied) == 1 {
		return top.Key
	}
	return strings.Join(tied, " / ")
}

// BuildPrompt is ProgressionCompletionSkill.BuildPrompt: the chords, the detected key with the
// first key's count, the first key's diatonic chords as the only ones allowed, the task and the
// JSON to answer with (ProgressionCompletionSkill.cs:85-138). Only the first key's chords are
// listed, whatever keys the description names.
func (s ProgressionCompletion) BuildPrompt(message string, chords []string, top keys.Candidate, all []keys.Candidate) string {
	nl := s.NewLine
	if nl == "" {
		nl = "\n"
	}
	key := DetectedKey(top, all)
	lines := []string{
		"You are Theory Agent, a Guitar Alchemist music theory expert.",
		"",
		fmt.Sprintf("The guitarist asked: \"%s\"", message),
		"",
		fmt.Sprintf("The input progression is: [%s]", strings.Join(chords, ", ")),
		fmt.Sprintf("Detected key: %s  (%d/%d chords diatonic)", key, top.MatchCount, top.TotalChords),
		"",
		"AVAILABLE DIATONIC CHORDS — you may ONLY suggest chords from this list:",
		strings.Join(top.DiatonicSet, ", "),
		"",
		"Task: Suggest 2-3 chord completions (each 1-2 chords) that cadence naturally",
		fmt.Sprintf("to end or continue the progression in %s.", key),
		"",
		"For each suggestion:",
		"  - Name the cadence type (authentic, half, deceptive, or plagal)",
		"  - Give the Roman numeral(s)",
		"  - Write a one-sentence guitarist-friendly explanation",
		"",
		"IMPORTANT: Every chord you suggest MUST appear in the AVAILABLE DIATONIC CHORDS list.",
		"You may substitute the plain V chord with V7 even if only V appears in the diatonic list",
		"(this is the standard harmonic minor adjustment).",
		"",
		"Respond as valid JSON:",
		"{",
		"  \"result\": \"Your formatted completion suggestions here (markdown)...\",",
		"  \"confidence\": 0.9,",
		"  \"evidence\": [\"key detection fact\", \"diatonic constraint applied\"],",
		"  \"assumptions\": [\"suggestions are strictly diatonic\"],",
		"  \"data\": {",
		"    \"event\": \"ga:completion-suggestions\",",
		"    \"suggestions\": [",
		"      { \"chords\": [\"E7\"], \"cadence\": \"authentic\", \"roman\": \"V7-i\", \"explanation\": \"Strongest resolution back to Am.\" },",
		"      { \"chords\": [\"G\"],  \"cadence\": \"half\",      \"roman\": \"bVII-i\", \"explanation\": \"Open loop, floats back to the top.\" }",
		"    ]",
		"  }",
		"}",
	}
	return strings.Join(lines, nl) + nl
}
