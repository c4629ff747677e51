package skills

import "strings"

// ProgressionMood is GA's ProgressionMoodSkill: one of two fixed catalogues of techniques, to
// darken or to brighten a progression, chosen by three words of the message, with no model
// (Common/GA.Business.ML/Agents/Skills/ProgressionMoodSkill.cs @ c781df5c). Its CanHandle is
// always false: only the semantic router reaches it (ProgressionMoodSkill.cs:56).
type ProgressionMood struct {
	// NewLine ends every line of an answer; "" means "\n", and "\r\n" is GA on Windows.
	NewLine string
}

// Execute is ExecuteAsync: the brighten answer when the lower-cased message holds "brighter",
// "uplift" or "happier", the darken answer for anything else (ProgressionMoodSkill.cs:58-66).
// "brighten" and "brightness" are not among the words.
func (s ProgressionMood) Execute(message string) Result {
	lower := strings.ToLower(message)
	if containsAny(lower, "brighter", "uplift", "happier") {
		return s.answer(brightenLines, brightenEvidence)
	}
	return s.answer(darkenLines, darkenEvidence)
}

// answer writes lines as the skill's StringBuilder does: AppendLine for each but the last,
// which is appended without a line end.
func (s ProgressionMood) answer(lines, evidence []string) Result {
	nl := s.NewLine
	if nl == "" {
		nl = "\n"
	}
	return Result{
		Text:        strings.Join(lines, nl),
		Confidence:  1.0,
		Evidence:    evidence,
		Assumptions: []string{"Caller wants a general technique catalog, not a transformation of a specific named progression"},
	}
}

// The darken answer and its evidence (ProgressionMoodSkill.cs:68-96).
var (
	darkenLines = []string{
		"Here are five reliable ways to darken a progression. Pick one or stack them — each shifts the harmonic mood without abandoning the underlying key.",
		"",
		"1. **Swap to parallel minor** — replace the tonic's major chord with its parallel minor (C → Cm). Pulls everything that follows toward minor-mode resolution.",
		"2. **Borrow from Aeolian (natural minor)** — substitute IV → iv, vi → bVI, V → v. So `C F G` → `C Fm G` or `C bA G`. Standard pop-ballad move.",
		"3. **Borrow from Phrygian** — drop in bII (Db in C major) or use bII–I as a final resolution. The half-step approach gives a Spanish/cinematic colour.",
		"4. **Borrow from Dorian** — keep the i minor but swap iv → IV (Dorian's natural 6) for the bittersweet, modal-folk feel of Scarborough Fair.",
		"5. **Replace V with bVII** — `C bB F` instead of `C G F`. Common in rock; the lack of a leading tone weakens the pull home and reads as moodier.",
		"",
		"Combine 1 + 2 for a strong sad-pop transformation; 3 alone for film-score gravity; 4 alone for folk melancholy.",
	}
	darkenEvidence = []string{
		"Technique 1: parallel minor (I → i)",
		"Technique 2: Aeolian modal interchange (IV → iv, vi → bVI, V → v)",
		"Technique 3: Phrygian modal interchange (bII)",
		"Technique 4: Dorian modal interchange (iv → IV)",
		"Technique 5: bVII substitution for V (drop the leading tone)",
	}
)

// The brighten answer and its evidence (ProgressionMoodSkill.cs:98-124).
var (
	brightenLines = []string{
		"Here are four reliable ways to brighten a progression that feels too dark or static.",
		"",
		"1. **Swap to parallel major** — flip a minor tonic to its parallel major (Am → A). Strongest mood-flip available.",
		"2. **Borrow from Lydian** — raise IV → #IV (#iv° actually), or hold a IV with a #11 colour. Floating, dreamy lift.",
		"3. **Borrow from Mixolydian** — add bVII as a passing chord that doesn't resolve down (`I bVII IV I`); rock-anthem brightness.",
		"4. **Reinforce V → I** — make sure the dominant resolves cleanly back to tonic. Add a V7 or V/V to strengthen pull.",
		"",
		"Combine 1 + 4 for a definitive lift from minor to major; 2 alone for ethereal/cinematic brightness.",
	}
	brightenEvidence = []string{
		"Technique 1: parallel major (i → I)",
		"Technique 2: Lydian modal interchange (#IV / IV#11)",
		"Technique 3: Mixolydian bVII passing chord",
		"Technique 4: strengthen V → I cadence",
	}
)
