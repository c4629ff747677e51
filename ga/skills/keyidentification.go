package skills

import (
	"fmt"
	"strings"
	"unicode/utf16"

	"course/ga/keys"
)

// KeyIdentification is GA's KeyIdentificationSkill up to the model call: the chords it reads,
// the keys it scores, and the prompt it hands the model, which it asks to explain keys computed
// before (Common/GA.Business.ML/Agents/Skills/KeyIdentificationSkill.cs @ c781df5c). Service is
// the key service it calls: keys.Pin at the pin.
type KeyIdentification struct {
	// Service is the KeyIdentificationService the skill calls.
	Service keys.Service
	// NewLine is what the prompt's AppendLine writes; "" means "\n".
	NewLine string
}

// KeyTurn is what KeyIdentificationSkill.ExecuteAsync computes before it calls the model.
type KeyTurn struct {
	// Chords are the chord symbols ExtractChords read.
	Chords []string
	// Candidates is Identify's whole list.
	Candidates []keys.Candidate
	// Top are the keys tied at the first key's count.
	Top []keys.Candidate
	// Prompt is the system prompt the model gets; empty when no key was found.
	Prompt string
	// Fallback is the answer when the model's reply cannot be read.
	Fallback string
}

// keyDecline is the answer when no chord is read (KeyIdentificationSkill.cs:51-60).
const keyDecline = "I couldn't find recognisable chord symbols in your question. " +
	"Please write them as standard chord names, e.g. \"Am F C G\"."

// Prepare runs ExecuteAsync as far as the model call (KeyIdentificationSkill.cs:45-67): with no
// candidate the skill answers keyDecline and builds no prompt.
func (s KeyIdentification) Prepare(message string) KeyTurn {
	t := KeyTurn{Chords: s.Service.ExtractChords(message)}
	t.Candidates = s.Service.Identify(t.Chords)
	if len(t.Candidates) == 0 {
		t.Fallback = keyDecline
		return t
	}
	for _, c := range t.Candidates {
		if c.MatchCount == t.Candidates[0].MatchCount {
			t.Top = append(t.Top, c)
		}
	}
	t.Prompt = s.BuildPrompt(message, t.Chords, t.Top, t.Candidates)
	t.Fallback = keyFallback(t.Chords, t.Top)
	return t
}

// BuildPrompt is KeyIdentificationSkill.BuildPrompt: the question, the chords, every top key
// with its relative key and diatonic set, then the next three keys of all, and the
// instructions (KeyIdentificationSkill.cs:84-137).
func (s KeyIdentification) BuildPrompt(message string, chords []string, top, all []keys.Candidate) string {
	nl := s.NewLine
	if nl == "" {
		nl = "\n"
	}
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+nl, args...) }
	line("You are Theory Agent, a Guitar Alchemist music theory expert.")
	line("")
	line("The guitarist asked: \"%s\"", message)
	line("")
	line("I have already computed which keys fit the chord progression [%s].", strings.Join(chords, ", "))
	line("Use ONLY the data below — do not guess or add your own analysis.")
	line("── TOP MATCHES (all tied at the highest score) ──")
	for _, c := range top {
		line("• %s  (%d/%d chords diatonic)", c.Key, c.MatchCount, c.TotalChords)
		line("  Relative key : %s", c.RelativeKey)
		line("  Diatonic set : %s", strings.Join(c.DiatonicSet, ", "))
	}
	if len(all) > len(top) {
		line("")
		line("── PARTIAL MATCHES ──")
		rest := all[len(top):]
		for _, c := range rest[:min(3, len(rest))] {
			line("• %s  (%d/%d chords diatonic)", c.Key, c.MatchCount, c.TotalChords)
		}
	}
	for _, l := range keyInstructions {
		line("%s", l)
	}
	return b.String()
}

// keyInstructions is the prompt's closing raw string, its first line empty
// (KeyIdentificationSkill.cs:116-134).
var keyInstructions = []string{
	"",
	"Instructions:",
	"1. Explain which key (or keys) the progression is most likely in and WHY.",
	"2. If two keys tie (e.g. C major and A minor), explain how to distinguish them",
	"   by listening for the tonic chord or melodic resolution.",
	"3. Give the Roman numeral function of each input chord in the most likely key.",
	"4. Mention the natural scale (e.g. \"C major scale: C D E F G A B\").",
	"5. Keep the answer guitarist-friendly — no jargon without explanation.",
	"",
	"IMPORTANT: respond as valid JSON:",
	"{",
	"  \"result\": \"Your full explanation here...\",",
	"  \"confidence\": 0.0–1.0,",
	"  \"evidence\": [\"fact 1\", \"fact 2\"],",
	"  \"assumptions\": [\"assumption 1\"],",
	"  \"data\": null",
	"}",
}

// keyFallback is BuildFallback, the answer when the model's reply is not the JSON asked for
// (KeyIdentificationSkill.cs:139-149).
func keyFallback(chords []string, top []keys.Candidate) string {
	if len(top) == 0 {
		return "Could not determine a key for: " + strings.Join(chords, ", ")
	}
	names := make([]string, len(top))
	for i, c := range top {
		names[i] = c.Key
	}
	return fmt.Sprintf("The progression [%s] fits: %s. Diatonic set: %s.",
		strings.Join(chords, ", "), strings.Join(names, " / "), strings.Join(top[0].DiatonicSet, ", "))
}

// KeyIdentifyResult is KeyIdentificationResult, what ga_key_identify returns: the chords read,
// the top and partial keys and the distinct chord count, or only an error
// (Common/GA.Business.ML/Agents/Mcp/KeyIdentificationMcpTools.cs:100-150 @ c781df5c).
type KeyIdentifyResult struct {
	RecognizedChords []string
	TopCandidates    []keys.Candidate
	PartialMatches   []keys.Candidate
	TotalChords      int
	// Error is set, and everything else empty, when no key can be given.
	Error string
}

// maxKeyQueryLength is MaxQueryLength, in UTF-16 code units (KeyIdentificationMcpTools.cs:32).
const maxKeyQueryLength = 256

// IdentifyKey is KeyIdentificationMcpTools.IdentifyKey, the ga_key_identify tool over the
// pinned service: the keys tied at the top and the next three
// (KeyIdentificationMcpTools.cs:48-87 @ c781df5c).
func IdentifyKey(query string) KeyIdentifyResult {
	if query == "" || len(utf16.Encode([]rune(query))) > maxKeyQueryLength {
		return KeyIdentifyResult{Error: fmt.Sprintf("Could not parse '%s' — pass a chord list or question (e.g. 'C Am F G').", sanitizeEcho(query))}
	}
	chords := keys.Pin.ExtractChords(query)
	if len(chords) == 0 {
		return KeyIdentifyResult{Error: "No recognisable chord symbols found. Write them as standard chord names — e.g. 'Am F C G'."}
	}
	candidates := keys.Pin.Identify(chords)
	if len(candidates) == 0 {
		return KeyIdentifyResult{Error: fmt.Sprintf("No candidate key matches the progression [%s].", strings.Join(chords, ", "))}
	}
	sel := keys.Select(candidates)
	return KeyIdentifyResult{
		RecognizedChords: chords,
		TopCandidates:    sel.Top,
		PartialMatches:   sel.Partial,
		TotalChords:      sel.Top[0].TotalChords,
	}
}
