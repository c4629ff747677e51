package skills

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf16"

	"github.com/dlclark/regexp2/v2"

	"course/internal/lazy"
)

// ChordInfo is GA's ChordInfoSkill: it spells the chord a question names, or names the chord a
// list of notes makes, from ChordVocabulary's formulas
// (Common/GA.Business.ML/Agents/Skills/ChordInfoSkill.cs at a826864).
type ChordInfo struct{}

// ChordInfoCanHandle is the skill's CanHandle (ChordInfoSkill.cs:100-110).
func ChordInfoCanHandle(message string) bool { return guarded(chordInfoCanHandle)(message) }

// ChordInfoIntent is the skill's OrchestratorSkillIntent, skill.chordinfo, which returns the
// skill's answer unchanged (OrchestratorSkillIntent.cs:27-58).
func ChordInfoIntent() Intent { return intentOf("ChordInfo", ChordInfo{}.Execute) }

// chordInfoNoteRe is the skill's note token: a letter of either case and an optional # or b,
// with no ASCII letter on either side (ChordInfoSkill.cs:325-326).
var chordInfoNoteRe = lazy.Regexp2(`(?<![A-Za-z])(?<note>[A-Ga-g][#b]?)(?![A-Za-z])`)

// chordInfoParseFailure is the skill's answer when it reads no chord (ChordInfoSkill.cs:115-118).
const chordInfoParseFailure = "Could not parse a chord name from your question."

// Execute is the skill's ExecuteAsync: a chord named in words or as a symbol, else a list of 3
// to 5 notes, spelled with its quality's formula; the evidence gives the root, the quality,
// the intervals and the notes (ChordInfoSkill.cs:112-152).
func (ChordInfo) Execute(message string) Result {
	root, quality, ok := chordInfoParse(message)
	if !ok {
		root, quality, ok = identifyNoteSet(message)
	}
	if !ok {
		return cannotHelp(chordInfoParseFailure)
	}
	rootPc, known := ChordRootPitchClass(root)
	if !known {
		return cannotHelp(fmt.Sprintf("I do not recognise \"%s\" as a chord root.", root))
	}
	f := GetFormula(quality)
	display := qualityDisplayName(f.Quality)
	notes := SpellChord(root, rootPc, f)
	return Result{
		Text:       fmt.Sprintf("%s %s contains %s.", root, display, joinNotes(notes)),
		Confidence: 1,
		Evidence: []string{
			"Root: " + root,
			"Quality: " + display,
			"Intervals: " + strings.Join(f.IntervalNames, ", "),
			"Notes: " + strings.Join(notes, ", "),
		},
		Assumptions: []string{},
	}
}

// cannotHelp is AgentResponse.CannotHelp: the reason as the answer, no evidence
// (Common/GA.Business.ML/Agents/GuitarAlchemistAgentBase.cs:348-355).
func cannotHelp(reason string) Result {
	return Result{Text: reason, Evidence: []string{}, Assumptions: []string{"Request falls outside agent's domain"}}
}

// chordInfoParse is TryParse: the chord-question expression first, then the compact symbol
// (ChordInfoSkill.cs:154-169).
func chordInfoParse(message string) (root, quality string, ok bool) {
	for _, re := range []func() *regexp2.Regexp{chordQuestionRe, compactChordRe} {
		if m := find(re, message); m != nil {
			return NormalizeRoot(m.GroupByName("root").String()), NormalizeQuality(m.GroupByName("quality").String()), true
		}
	}
	return "", "", false
}

// candidateQualities are CandidateFormulas, the qualities the skill names from notes, in the
// order it tries them (ChordInfoSkill.cs:236-265).
var candidateQualities = []string{
	"major", "minor", "diminished", "augmented", "sus2", "sus4", "major 6", "minor 6",
	"dominant 7", "major 7", "minor 7", "diminished 7", "half-diminished",
	"add9", "dominant 9", "major 9", "minor 9", "dominant 7 flat 5", "dominant 7 sharp 5",
}

// CandidateQualities returns the 19 qualities the skill names from a list of notes.
func CandidateQualities() []string { return slices.Clone(candidateQualities) }

// identifyNoteSet is TryIdentifyNoteSet: after "what/which chord is/contains/has/uses", the
// note tokens the vocabulary knows, each once whatever its case; 3 to 5 of them name the first
// chord, root by root in the order written and quality by quality, whose pitch classes are
// theirs (ChordInfoSkill.cs:171-223).
func identifyNoteSet(message string) (root, quality string, ok bool) {
	if !match(noteSetRe, message) {
		return "", "", false
	}
	notes := ChordInfoNotes(message)
	if len(notes) < 3 || len(notes) > 5 {
		return "", "", false
	}
	pcs := make([]int, len(notes))
	for i, n := range notes {
		pcs[i], _ = ChordRootPitchClass(n)
	}
	slices.Sort(pcs)
	for _, r := range notes {
		rootPc, _ := ChordRootPitchClass(r)
		for _, q := range candidateQualities {
			f := GetFormula(q)
			if len(f.Intervals) != len(pcs) {
				continue
			}
			cand := make([]int, len(f.Intervals))
			for i, iv := range f.Intervals {
				cand[i] = mod12(rootPc + iv)
			}
			slices.Sort(cand)
			if slices.Equal(cand, pcs) {
				return r, q, true
			}
		}
	}
	return "", "", false
}

// ChordInfoNotes are the notes TryIdentifyNoteSet reads in message: its note tokens the
// vocabulary knows as roots, in the order written, each once whatever its case
// (the token loop of TryIdentifyNoteSet, ChordInfoSkill.cs:171-223).
func ChordInfoNotes(message string) []string {
	var notes []string
	for m := find(chordInfoNoteRe, message); m != nil; m = next(chordInfoNoteRe, m) {
		n := NormalizeRoot(m.GroupByName("note").String())
		if _, known := ChordRootPitchClass(n); !known {
			continue
		}
		if !slices.ContainsFunc(notes, func(seen string) bool { return equalFoldASCII(seen, n) }) {
			notes = append(notes, n)
		}
	}
	return notes
}

// qualityDisplayName is how the skill writes a canonical quality (ChordInfoSkill.cs:227-234).
func qualityDisplayName(quality string) string {
	switch quality {
	case "half-diminished":
		return "half-diminished chord (m7b5)"
	case "dominant 7 sharp 5":
		return "dominant 7 sharp 5 chord (augmented dominant)"
	case "dominant 7 sharp 9":
		return `dominant 7 sharp 9 chord ("Hendrix chord")`
	case "altered dominant":
		return "altered dominant chord (7alt)"
	}
	return quality + " chord"
}

// joinNotes lists notes in prose: "C, E, and G" (ChordInfoSkill.cs:293-300).
func joinNotes(notes []string) string {
	switch len(notes) {
	case 0:
		return ""
	case 1:
		return notes[0]
	case 2:
		return notes[0] + " and " + notes[1]
	}
	return strings.Join(notes[:len(notes)-1], ", ") + ", and " + notes[len(notes)-1]
}

// ChordToolDescription is the description ga_chord_info gives a model, its examples included
// (Common/GA.Business.ML/Agents/Mcp/ChordMcpTools.cs:36-42).
const ChordToolDescription = "Parse a chord symbol and return its notes, intervals, and quality. " +
	"Examples: 'Cmaj7' returns C E G B; 'F#m' returns F# A C#; 'Bbdim' returns Bb Db Fb; " +
	"'Cdim7' returns C Eb Gb Bbb; 'Bm7b5' returns B D F A. " +
	"Use this whenever a user asks for the notes / intervals / construction of a named chord. " +
	"Supports major, minor (m/min), diminished (dim), augmented (aug), dominant 7 (just '7'), " +
	"major 7 (maj7/M7), minor 7 (m7/min7), diminished 7 (dim7), and half-diminished (m7b5)."

// ChordResult is ga_chord_info's result: the symbol, root, canonical quality, notes and
// interval names, or only Error when the symbol is not read (ChordMcpTools.cs:94-112).
type ChordResult struct {
	// Symbol is the symbol as given, trimmed.
	Symbol string
	// Root is the normalized root.
	Root string
	// Quality is the formula's canonical quality.
	Quality string
	// Notes are the chord's tones, spelled on the formula's letters.
	Notes []string
	// Intervals name the tones.
	Intervals []string
	// Error is set when the symbol could not be read; the other fields are then empty.
	Error string
}

// maxChordSymbolLength is the longest symbol the tool reads, in UTF-16 code units (ChordMcpTools.cs:26).
const maxChordSymbolLength = 12

// chordSymbolRe is the tool's whole-symbol expression: fourteen suffixes, case-sensitive
// (ChordMcpTools.cs:81-83).
var chordSymbolRe = lazy.Regexp2(`^(?<root>[A-Ga-g][#b]?)(?<quality>maj7|min7b5|min7|m7b5|m7|maj|min|m|dim7|dim|aug|7|M7|M)?$`)

// GetChordInfo is ChordMcpTools.GetChordInfo, the ga_chord_info tool (ChordMcpTools.cs:43-73).
func GetChordInfo(symbol string) ChordResult {
	failure := func() ChordResult {
		return ChordResult{Error: fmt.Sprintf("Could not parse '%s' as a chord symbol. Try C, Cm, Cmaj7, F#dim, Bbm7, etc.", sanitizeEcho(symbol))}
	}
	if symbol == "" || len(utf16.Encode([]rune(symbol))) > maxChordSymbolLength {
		return failure()
	}
	m := find(chordSymbolRe, symbol)
	if m == nil {
		return failure()
	}
	root := NormalizeRoot(m.GroupByName("root").String())
	quality := NormalizeQuality(m.GroupByName("quality").String())
	rootPc, ok := ChordRootPitchClass(root)
	if !ok {
		return ChordResult{Error: fmt.Sprintf("'%s' is not a recognised chord root. Try C, F#, Bb, etc.", sanitizeEcho(root))}
	}
	f := GetFormula(quality)
	return ChordResult{
		Symbol:    strings.TrimSpace(symbol),
		Root:      root,
		Quality:   f.Quality,
		Notes:     SpellChord(root, rootPc, f),
		Intervals: slices.Clone(f.IntervalNames),
	}
}

// maxEchoLength is how many UTF-16 code units of an input an error echoes (McpEchoSanitizer.cs:24).
const maxEchoLength = 16

// sanitizeEcho is McpEchoSanitizer.SanitizeEcho: the input cut to 16 code units and an
// ellipsis, each control character shown as a middle dot (Agents/Mcp/McpEchoSanitizer.cs:36-44).
func sanitizeEcho(raw string) string {
	units := utf16.Encode([]rune(raw))
	clamped := raw
	if len(units) > maxEchoLength {
		clamped = string(utf16.Decode(units[:maxEchoLength])) + "…"
	}
	var b strings.Builder
	for _, r := range clamped {
		if unicode.IsControl(r) {
			r = '·'
		}
		b.WriteRune(r)
	}
	return b.String()
}
