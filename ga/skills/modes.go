package skills

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"course/ga/config"
	"course/internal/dotnet"
)

// Modes is GA's ModesSkill, which answers from the mode catalogue ModesConfig reads; the line
// numbers cited are of Common/GA.Business.ML/Agents/Skills/ModesSkill.cs @ c781df5c, the newest
// readable commit before the pin. Catalog is the catalogue it answers from (nil: the course's
// Modes.yaml fixture), Atonal the atonal catalogue (nil: the fixture); NewLine is what its
// AppendLine writes ("" for LF).
type Modes struct {
	Catalog []config.ModalFamily
	Atonal  []config.AtonalFamily
	NewLine string
	// idx is the catalogue's tonal families and lookup list, built once by NewModes.
	idx *modesIndex
}

// modesIndex is what the skill derives from its catalogue on every call in GA; the model
// derives it once, which changes no answer.
type modesIndex struct {
	families []config.ModalFamily
	lookup   []ModeLookup
}

// NewModes is the skill over catalog (nil: the fixture), its families and lookup list built
// once, for callers that ask it many questions.
func NewModes(catalog []config.ModalFamily) Modes {
	s := Modes{Catalog: catalog}
	s.idx = s.index()
	return s
}

// defaultIndex is the index of the fixture's catalogue.
var defaultIndex = sync.OnceValue(func() *modesIndex { return buildModesIndex(config.ModalFamilies()) })

func (s Modes) index() *modesIndex {
	switch {
	case s.idx != nil:
		return s.idx
	case s.Catalog == nil:
		return defaultIndex()
	}
	return buildModesIndex(s.Catalog)
}

func (s Modes) newline() string {
	if s.NewLine == "" {
		return "\n"
	}
	return s.NewLine
}

// Families is GetTonalModalFamilies: the catalogue without the families whose name contains
// "Chord Family" or "Triad Family", in any case (ModesSkill.cs:522-532).
func (s Modes) Families() []config.ModalFamily { return s.index().families }

func tonalFamilies(all []config.ModalFamily) []config.ModalFamily {
	var out []config.ModalFamily
	for _, f := range all {
		if !IsChordOrTriadFamily(f.Name) {
			out = append(out, f)
		}
	}
	return out
}

// IsChordOrTriadFamily is IsChordOrTriadFamilyName (ModesSkill.cs:530-532): "All Interval
// Tetrachord Family" contains "chord family" too.
func IsChordOrTriadFamily(name string) bool {
	lower := strings.ToLower(name)
	return strings.Contains(lower, "chord family") || strings.Contains(lower, "triad family")
}

// StripFamilySuffix removes every " Family", in any case (ModesSkill.cs:510-511).
func StripFamilySuffix(name string) string {
	const suffix = " family"
	var b strings.Builder
	for {
		i := strings.Index(strings.ToLower(name), suffix)
		if i < 0 {
			b.WriteString(name)
			return b.String()
		}
		b.WriteString(name[:i])
		name = name[i+len(suffix):]
	}
}

// ExtractNameAliases is a name's searchable aliases, lower-cased: the whole name, and for
// "Canonical (Alt)" the canonical part and the part inside the parentheses
// (ModesSkill.cs:289-306).
func ExtractNameAliases(name string) []string {
	trimmed := strings.TrimSpace(name)
	if trimmed == "" {
		return nil
	}
	out := []string{strings.ToLower(trimmed)}
	open, closeAt := strings.IndexByte(trimmed, '('), strings.IndexByte(trimmed, ')')
	if open >= 0 && closeAt > open {
		if canonical := strings.TrimSpace(trimmed[:open]); canonical != "" {
			out = append(out, strings.ToLower(canonical))
		}
		if alt := strings.TrimSpace(trimmed[open+1 : closeAt]); alt != "" {
			out = append(out, strings.ToLower(alt))
		}
	}
	return out
}

// modeAliases is every alias CanHandle accepts over the fixture: each family's and each
// mode's ExtractNameAliases (ModesSkill.cs:133-145).
func modeAliases() map[string]bool {
	aliases := map[string]bool{}
	for _, f := range (Modes{}).Families() {
		for _, a := range ExtractNameAliases(f.Name) {
			aliases[a] = true
		}
		for _, m := range f.Modes {
			for _, a := range ExtractNameAliases(m.Name) {
				aliases[a] = true
			}
		}
	}
	return aliases
}

// CanHandle is ModesSkill.CanHandle: after a "what is / tell me about / describe" lead-in, the
// rest, trimmed of ?.! and at most 60 characters, must be exactly a family or mode alias, and
// must not mention a chord or triad (ModesSkill.cs:104-146).
func (s Modes) CanHandle(message string) bool {
	if strings.TrimSpace(message) == "" {
		return false
	}
	lead := find(leadIn, message)
	if lead == nil {
		return false
	}
	start, length := lead.ByteRange()
	rest := strings.TrimSpace(message[start+length:])
	rest = strings.TrimSpace(strings.TrimRight(rest, "?.!"))
	if n := dotnet.UTF16Len(rest); n == 0 || n > 60 {
		return false
	}
	lower := strings.ToLower(rest)
	if strings.Contains(lower, "chord") || strings.Contains(lower, "triad") {
		return false
	}
	for _, f := range s.Families() {
		for _, a := range ExtractNameAliases(f.Name) {
			if lower == a {
				return true
			}
		}
		for _, m := range f.Modes {
			for _, a := range ExtractNameAliases(m.Name) {
				if lower == a {
					return true
				}
			}
		}
	}
	return false
}

// ModeLookup is one entry of the alias list TryFindModeByName searches: an alias and the mode
// it names, with the family and the mode's 1-based place in it.
type ModeLookup struct {
	Alias  string
	Family config.ModalFamily
	Mode   config.ModeData
	Place  int
}

// LookupOrder is the list TryFindModeByName searches, in its order: for every mode of every
// family, the aliases of its name and of each alternate name, then sorted, stably, longest
// alias first (ModesSkill.cs:232-280).
func (s Modes) LookupOrder() []ModeLookup { return slices.Clone(s.index().lookup) }

func buildModesIndex(all []config.ModalFamily) *modesIndex {
	families := tonalFamilies(all)
	var list []ModeLookup
	for _, f := range families {
		for k, m := range f.Modes {
			aliases := ExtractNameAliases(m.Name)
			for _, alt := range m.AlternateNames {
				if strings.TrimSpace(alt) != "" {
					aliases = append(aliases, ExtractNameAliases(alt)...)
				}
			}
			for _, a := range aliases {
				list = append(list, ModeLookup{Alias: a, Family: f, Mode: m, Place: k + 1})
			}
		}
	}
	// OrderByDescending is a stable sort.
	sort.SliceStable(list, func(i, j int) bool { return dotnet.UTF16Len(list[i].Alias) > dotnet.UTF16Len(list[j].Alias) })
	return &modesIndex{families: families, lookup: list}
}

func stableSortBy[T any](s []T, less func(a, b T) bool) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && less(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// findMode is TryFindModeByName: the first alias, longest first, that the query contains.
func (s Modes) findMode(lowerQuery string) (ModeLookup, bool) {
	for _, l := range s.index().lookup {
		if strings.TrimSpace(l.Alias) != "" && strings.Contains(lowerQuery, l.Alias) {
			return l, true
		}
	}
	return ModeLookup{}, false
}

// findFamily is TryFindFamilyByName: the longest family alias the query contains, or failing
// that the longest whose words of three letters or more it all contains (ModesSkill.cs:308-360).
func (s Modes) findFamily(families []config.ModalFamily, lowerQuery string) (config.ModalFamily, bool) {
	var best, token config.ModalFamily
	bestLen, tokenLen := 0, 0
	for _, f := range families {
		for _, a := range ExtractNameAliases(StripFamilySuffix(f.Name)) {
			if strings.TrimSpace(a) == "" {
				continue
			}
			if strings.Contains(lowerQuery, a) && dotnet.UTF16Len(a) > bestLen {
				best, bestLen = f, dotnet.UTF16Len(a)
			} else if allTokensPresent(lowerQuery, a) && dotnet.UTF16Len(a) > tokenLen {
				token, tokenLen = f, dotnet.UTF16Len(a)
			}
		}
	}
	if bestLen > 0 {
		return best, true
	}
	return token, tokenLen > 0
}

func allTokensPresent(query, phrase string) bool {
	tokens := splitSpaces(phrase)
	if len(tokens) < 2 {
		return false
	}
	for _, t := range tokens {
		if dotnet.UTF16Len(t) > 2 && !strings.Contains(query, t) {
			return false
		}
	}
	return true
}

// familyListingMarkers, broadOverviewMarkers and atonalMarkers are the phrases of
// ModesSkill.cs:213-221, 362-379 and 541-558.
var (
	familyListingMarkers = []string{"modes of", "modes in", " modes", "scale modes", "scale family", "mode family"}
	broadOverviewMarkers = []string{"other mode", "other famous mode", "non-diatonic", "non diatonic", "all mode",
		"every mode", "all the mode", "list mode familie", "mode familie", "what modes are", "show me all",
		"more modes", "different modes", "additional modes", "exotic mode"}
	atonalMarkers = []string{"atonal mode", "atonal famil", "atonal scale", "all atonal", "list atonal", "icv",
		"interval class vector", "forte number", "forte numbers", "unnamed famil", "without a name",
		"have no traditional name", "all 200", "every modal famil", "all modal famil"}
)

// Execute is ModesSkill.ExecuteAsync: the atonal catalogue first, then a family listing, a
// single mode, a family, the overview, and the Major Scale family by default
// (ModesSkill.cs:152-211).
func (s Modes) Execute(message string) Result {
	query := strings.ToLower(message)
	if r, ok := s.answerAtonal(query, message); ok {
		return r
	}
	families := s.Families()
	if len(families) == 0 {
		return Result{Text: "The mode catalog is unavailable in this environment. Try again later, or ask about a specific scale by name.",
			Confidence: 0.3, Evidence: []string{"Source: ModesConfig.GetModalFamilies() returned empty"}}
	}
	listing := containsAny(query, familyListingMarkers...)
	family, familyHit := s.findFamily(families, query)
	if familyHit && listing {
		return s.formatFamily(family, len(families))
	}
	if hit, ok := s.findMode(query); ok {
		return s.formatSingleMode(hit.Family, hit.Mode)
	}
	if familyHit {
		return s.formatFamily(family, len(families))
	}
	if containsAny(query, broadOverviewMarkers...) {
		return s.formatAllFamilies(families)
	}
	for _, f := range families {
		if strings.Contains(strings.ToLower(f.Name), "major scale") {
			return s.formatFamily(f, len(families))
		}
	}
	return s.formatAllFamilies(families)
}

func quoted(items []string) string {
	q := make([]string, len(items))
	for i, it := range items {
		q[i] = "`" + it + "`"
	}
	return strings.Join(q, ", ")
}

// formatSingleMode is FormatSingleMode: the degree is the first mode of the family with the
// same name (ModesSkill.cs:390-427).
func (s Modes) formatSingleMode(family config.ModalFamily, mode config.ModeData) Result {
	nl := s.newline()
	degree := 0
	for i, m := range family.Modes {
		if m.Name == mode.Name {
			degree = i + 1
			break
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** is mode %d of the **%s** family", mode.Name, degree, StripFamilySuffix(family.Name))
	if strings.TrimSpace(mode.Notes) != "" {
		fmt.Fprintf(&b, "; on C its notes are `%s`", mode.Notes)
		if f := ComputeFormulaFromNotes(mode.Notes); f != "" {
			fmt.Fprintf(&b, " (formula `%s`)", f)
		}
	}
	b.WriteString("." + nl)
	if len(mode.CharacteristicIntervals) > 0 {
		b.WriteString(nl + "Characteristic interval(s): " + quoted(mode.CharacteristicIntervals) + ".")
	}
	return Result{Text: b.String(), Confidence: 1, Evidence: []string{
		"Source: ModesConfig.GetModalFamilies()",
		fmt.Sprintf("Family: %s (%d modes)", family.Name, len(family.Modes)),
		fmt.Sprintf("Mode: %s (degree %d)", mode.Name, degree),
	}}
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// formatFamily is FormatFamily (ModesSkill.cs:429-467).
func (s Modes) formatFamily(family config.ModalFamily, total int) Result {
	nl := s.newline()
	var b strings.Builder
	fmt.Fprintf(&b, "The **%s** family has %d mode%s:%s%s", StripFamilySuffix(family.Name), len(family.Modes), pluralS(len(family.Modes)), nl, nl)
	for i, m := range family.Modes {
		fmt.Fprintf(&b, "%d. **%s**", i+1, m.Name)
		if strings.TrimSpace(m.Notes) != "" {
			fmt.Fprintf(&b, " — on C: `%s`", m.Notes)
		}
		if len(m.CharacteristicIntervals) > 0 {
			b.WriteString(" — characteristic: " + quoted(m.CharacteristicIntervals))
		}
		b.WriteString(nl)
	}
	fmt.Fprintf(&b, "%sThere are %d mode families in the catalog overall. Ask about a specific family (\"modes of melodic minor\", \"harmonic major modes\") or a single mode (\"what is Lydian dominant?\") for more, or \"what are other famous modes?\" for the cross-family overview.", nl, total)
	return Result{Text: b.String(), Confidence: 1, Evidence: []string{
		"Source: ModesConfig.GetModalFamilies()",
		"Family: " + family.Name,
		fmt.Sprintf("Modes returned: %d", len(family.Modes)),
		fmt.Sprintf("Total families available: %d", total),
	}}
}

// formatAllFamilies is FormatAllFamilies (ModesSkill.cs:469-500).
func (s Modes) formatAllFamilies(families []config.ModalFamily) Result {
	nl := s.newline()
	var b strings.Builder
	fmt.Fprintf(&b, "The catalog has **%d mode families** total — these are the named scale collections from which modes are derived:%s%s", len(families), nl, nl)
	modes := 0
	for _, f := range families {
		modes += len(f.Modes)
		var first []string
		for _, m := range f.Modes[:min(3, len(f.Modes))] {
			first = append(first, m.Name)
		}
		more := ""
		if len(f.Modes) > 3 {
			more = fmt.Sprintf(" + %d more", len(f.Modes)-3)
		}
		fmt.Fprintf(&b, "- **%s** (%d mode%s): %s%s%s", StripFamilySuffix(f.Name), len(f.Modes), pluralS(len(f.Modes)), strings.Join(first, ", "), more, nl)
	}
	b.WriteString(nl + "Ask about a specific family (e.g. \"modes of harmonic minor\", \"melodic minor modes\", \"whole tone scale\") or a specific mode (\"what is Phrygian dominant?\", \"what is the altered scale?\") for detail.")
	return Result{Text: b.String(), Confidence: 1, Evidence: []string{
		"Source: ModesConfig.GetModalFamilies()",
		fmt.Sprintf("Families returned: %d", len(families)),
		fmt.Sprintf("Total modes: %d", modes),
	}}
}

// pitchSemitone is PitchSemitone, the note names ComputeFormulaFromNotes knows
// (ModesSkill.cs:760-774).
var pitchSemitone = sync.OnceValue(func() map[string]int {
	return map[string]int{
		"C": 0, "C#": 1, "Db": 1, "D": 2, "D#": 3, "Eb": 3, "E": 4, "Fb": 4, "E#": 5, "F": 5, "F#": 6, "Gb": 6,
		"G": 7, "G#": 8, "Ab": 8, "A": 9, "A#": 10, "Bb": 10, "B": 11, "Cb": 11, "B#": 0,
		"Dbb": 0, "Ebb": 2, "Fbb": 3, "Gbb": 5, "Abb": 7, "Bbb": 9, "Cbb": 10,
		"C##": 2, "D##": 4, "E##": 6, "F##": 7, "G##": 9, "A##": 11, "B##": 1,
	}
})

// degreeSemitones is the major scale on C, the reference of each position.
var degreeSemitones = [7]int{0, 2, 4, 5, 7, 9, 11}

// ComputeFormulaFromNotes is the skill's formula: the i-th note is degree i+1 whatever its
// letter, measured against the major scale's (i mod 7)-th note, its accidental dropped when it
// is more than two semitones off; "" when a note is unknown (ModesSkill.cs:779-811).
func ComputeFormulaFromNotes(notes string) string {
	tokens := splitSpaces(notes)
	if len(tokens) == 0 {
		return ""
	}
	parts := make([]string, 0, len(tokens))
	for i, t := range tokens {
		semi, ok := pitchSemitone()[t]
		if !ok {
			return ""
		}
		diff := semi - degreeSemitones[i%7]
		if diff > 6 {
			diff -= 12
		}
		if diff < -6 {
			diff += 12
		}
		acc := map[int]string{-2: "bb", -1: "b", 1: "#", 2: "##"}[diff]
		parts = append(parts, fmt.Sprintf("%s%d", acc, i+1))
	}
	return strings.Join(parts, " ")
}

// splitSpaces is .NET's Split(' ', RemoveEmptyEntries): only the space separates.
func splitSpaces(s string) []string {
	var out []string
	for _, t := range strings.Split(s, " ") {
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}
