package skills

import (
	"fmt"
	"strings"

	"course/ga/config"
	"course/internal/lazy"
)

// The atonal half of GA's ModesSkill: the catalogue of 200 atonal modal families, answered by
// interval-class vector, Forte number, symmetry or the lack of a name before the skill looks at
// the tonal modes (Common/GA.Business.ML/Agents/Skills/ModesSkill.cs:536-747 @ c781df5c).

// ModesSkill's atonal patterns (ModesSkill.cs:536-539).
var (
	icvPattern   = lazy.Regexp2(`<\s*\d+\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s*>`)
	fortePattern = lazy.Regexp2(`\b\d{1,2}-Z?\d{1,3}\b`)
)

// atonal is the atonal catalogue the skill answers from: Atonal, or GA's.
func (s Modes) atonal() []config.AtonalFamily {
	if s.Atonal == nil {
		return config.AtonalFamilies()
	}
	return s.Atonal
}

// answerAtonal is TryAnswerAtonal: an ICV, a Forte number beside an atonal word, the symmetric
// or unnamed families, or the catalogue's summary (ModesSkill.cs:560-626).
func (s Modes) answerAtonal(lowerQuery, original string) (Result, bool) {
	all := s.atonal()
	if m := find(icvPattern, original); m != nil {
		icv := m.String()
		for _, f := range all {
			if strings.EqualFold(f.IntervalClassVector, strings.TrimSpace(icv)) {
				return s.formatAtonalFamily(f), true
			}
		}
		return Result{Text: fmt.Sprintf("No modal family with interval class vector `%s` exists in the atonal catalog. Valid ICVs have six non-negative integers separated by spaces inside angle brackets.", icv),
			Confidence: 0.8, Evidence: []string{fmt.Sprintf("AtonalModalFamiliesConfig.TryGetByIntervalClassVector(%s) = None", icv)}}, true
	}
	if m := find(fortePattern, original); m != nil && containsAny(lowerQuery, "forte", "atonal", "pitch class set", "pc set", "set class") {
		forte := m.String()
		var hits []config.AtonalFamily
		for _, f := range all {
			for _, n := range f.ForteNumbers {
				if strings.EqualFold(n, strings.TrimSpace(forte)) {
					hits = append(hits, f)
					break
				}
			}
		}
		if len(hits) > 0 {
			return s.formatAtonalForte(forte, hits), true
		}
		return Result{Text: fmt.Sprintf("No modal family with Forte number `%s` exists in the atonal catalog.", forte),
			Confidence: 0.8, Evidence: []string{fmt.Sprintf("AtonalModalFamiliesConfig.TryGetByForteNumber(%s) = []", forte)}}, true
	}
	if containsAny(lowerQuery, "symmetric mode", "symmetric famil", "messiaen mode", "modes of limited transposition") {
		var sym []config.AtonalFamily
		for _, f := range all {
			if f.IsSymmetric {
				sym = append(sym, f)
			}
		}
		return s.formatAtonalSymmetric(sym), true
	}
	if containsAny(lowerQuery, "unnamed famil", "no traditional name", "without a name", "forte-numbered famil") {
		var unnamed []config.AtonalFamily
		for _, f := range all {
			if strings.HasPrefix(f.FamilyName, "Family-") {
				unnamed = append(unnamed, f)
			}
		}
		return s.formatAtonalUnnamed(unnamed[:min(20, len(unnamed))], len(unnamed)), true
	}
	if containsAny(lowerQuery, atonalMarkers...) {
		named, symmetric := 0, 0
		for _, f := range all {
			if f.IsSymmetric {
				symmetric++
			}
			if !strings.HasPrefix(f.FamilyName, "Family-") {
				named++
			}
		}
		return s.formatAtonalSummary(len(all), named, symmetric), true
	}
	return Result{}, false
}

func ifThen(cond bool, yes string) string {
	if cond {
		return yes
	}
	return ""
}

// formatAtonalFamily is FormatAtonalFamily (ModesSkill.cs:628-665).
func (s Modes) formatAtonalFamily(f config.AtonalFamily) Result {
	nl := s.newline()
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** — ICV `%s`, %d-note set, %d distinct mode%s%s.%s", f.FamilyName, f.IntervalClassVector, f.NoteCount,
		f.DistinctModeCount, pluralS(f.DistinctModeCount), ifThen(f.IsSymmetric, " (symmetric — modes of limited transposition)"), nl)
	if len(f.ForteNumbers) > 0 {
		fmt.Fprintf(&b, "Forte number%s: %s.%s", pluralS(len(f.ForteNumbers)), strings.Join(f.ForteNumbers, ", "), nl)
	}
	if len(f.TonalSubfamilies) > 0 {
		fmt.Fprintf(&b, "Tonal analogs: %s.%s", strings.Join(f.TonalSubfamilies, ", "), nl)
	}
	fmt.Fprintf(&b, "%sModes (%d):%s", nl, len(f.Modes), nl)
	for i, m := range f.Modes[:min(12, len(f.Modes))] {
		label := m.TonalAnalog
		if label == "" {
			label = fmt.Sprintf("(unnamed mode %d)", m.Position)
		}
		fmt.Fprintf(&b, "  %d. %s", i+1, label)
		if strings.TrimSpace(m.PitchClasses) != "" {
			fmt.Fprintf(&b, " — PCs: `%s`", m.PitchClasses)
		}
		b.WriteString(nl)
	}
	if len(f.Modes) > 12 {
		fmt.Fprintf(&b, "  … + %d more%s", len(f.Modes)-12, nl)
	}
	return Result{Text: b.String(), Confidence: 1, Evidence: []string{
		"Source: AtonalModalFamiliesConfig", "Family: " + f.FamilyName, "ICV: " + f.IntervalClassVector,
		fmt.Sprintf("Modes: %d", len(f.Modes)),
	}}
}

// formatAtonalForte is FormatAtonalForteResults (ModesSkill.cs:667-685).
func (s Modes) formatAtonalForte(forte string, families []config.AtonalFamily) Result {
	nl := s.newline()
	var b strings.Builder
	suffix := "ies"
	if len(families) == 1 {
		suffix = "y"
	}
	fmt.Fprintf(&b, "Forte number **%s** matches %d famil%s:%s%s", forte, len(families), suffix, nl, nl)
	for _, f := range families {
		fmt.Fprintf(&b, "- **%s** — ICV `%s` — %d notes, %d mode%s%s%s", f.FamilyName, f.IntervalClassVector, f.NoteCount,
			f.DistinctModeCount, pluralS(f.DistinctModeCount), ifThen(f.IsSymmetric, " (symmetric)"), nl)
		if len(f.TonalSubfamilies) > 0 {
			fmt.Fprintf(&b, "  Tonal analogs: %s%s", strings.Join(f.TonalSubfamilies, ", "), nl)
		}
	}
	return Result{Text: b.String(), Confidence: 1, Evidence: []string{
		fmt.Sprintf("AtonalModalFamiliesConfig.TryGetByForteNumber(%s) returned %d match(es)", forte, len(families))}}
}

// formatAtonalSymmetric is FormatAtonalSymmetricListing: by note count, then by ICV as .NET's
// default string order sorts it, which for these digit-and-space strings is the ordinal one
// (ModesSkill.cs:687-705).
func (s Modes) formatAtonalSymmetric(sym []config.AtonalFamily) Result {
	nl := s.newline()
	sorted := append([]config.AtonalFamily(nil), sym...)
	stableSortBy(sorted, func(a, b config.AtonalFamily) bool {
		if a.NoteCount != b.NoteCount {
			return a.NoteCount < b.NoteCount
		}
		return a.IntervalClassVector < b.IntervalClassVector
	})
	var b strings.Builder
	fmt.Fprintf(&b, "**%d symmetric / modes-of-limited-transposition families** in the atonal catalog:%s%s", len(sym), nl, nl)
	for _, f := range sorted {
		forte := ""
		if len(f.ForteNumbers) > 0 {
			forte = " (Forte " + strings.Join(f.ForteNumbers, "/") + ")"
		}
		fmt.Fprintf(&b, "- **%s** — ICV `%s` — %d notes%s%s", f.FamilyName, f.IntervalClassVector, f.NoteCount, forte, nl)
	}
	b.WriteString(nl + "These are Messiaen's classical category — scales that repeat under rotation by fewer than 12 transpositions. The whole-tone scale (2 transpositions), octatonic (3), and hexatonic (4) are the most common in jazz / film vocabulary.")
	return Result{Text: b.String(), Confidence: 1, Evidence: []string{
		fmt.Sprintf("AtonalModalFamiliesConfig.GetSymmetricFamilies() returned %d families", len(sym))}}
}

// formatAtonalUnnamed is FormatAtonalUnnamedListing (ModesSkill.cs:707-723).
func (s Modes) formatAtonalUnnamed(unnamed []config.AtonalFamily, total int) Result {
	nl := s.newline()
	var b strings.Builder
	fmt.Fprintf(&b, "**%d modal families have no traditional name** in the atonal catalog — they're labelled `Family-{ForteNumber}` and indexed by interval class vector. First %d:%s%s", total, len(unnamed), nl, nl)
	for _, f := range unnamed {
		fmt.Fprintf(&b, "- **%s** — ICV `%s` — %d notes, %d mode%s%s", f.FamilyName, f.IntervalClassVector, f.NoteCount, f.DistinctModeCount, pluralS(f.DistinctModeCount), nl)
	}
	b.WriteString(nl + "Ask for a specific ICV (e.g. `<2 5 4 3 6 1>`) or Forte number (e.g. `6-Z29`) for full detail.")
	return Result{Text: b.String(), Confidence: 1, Evidence: []string{
		fmt.Sprintf("AtonalModalFamiliesConfig.GetUnnamedFamilies() count = %d", total)}}
}

// formatAtonalSummary is FormatAtonalSummary (ModesSkill.cs:725-747).
func (s Modes) formatAtonalSummary(total, named, symmetric int) Result {
	nl := s.newline()
	var b strings.Builder
	fmt.Fprintf(&b, "The **atonal modal-families catalog** has **%d families** indexed by interval class vector (ICV):%s%s", total, nl, nl)
	fmt.Fprintf(&b, "- **%d** have traditional names from Modes.yaml (Major Scale, Melodic Minor, Whole Tone, etc.)%s", named, nl)
	fmt.Fprintf(&b, "- **%d** are labelled `Family-{ForteNumber}` — they exist mathematically but no tradition names them%s", total-named, nl)
	fmt.Fprintf(&b, "- **%d** are symmetric (modes of limited transposition) — whole-tone, octatonic, augmented, etc.%s", symmetric, nl)
	b.WriteString(nl + "Try: \"what families have ICV `<2 5 4 3 6 1>`?\", \"what is Forte number 7-29?\", \"list symmetric families\", \"list unnamed families\".")
	return Result{Text: b.String(), Confidence: 1, Evidence: []string{
		fmt.Sprintf("AtonalModalFamiliesConfig: %d families total", total),
		fmt.Sprintf("Named (tonal analog): %d", named), fmt.Sprintf("Symmetric: %d", symmetric)}}
}
