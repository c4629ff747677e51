package skills

import (
	"slices"
	"strconv"
	"strings"

	"course/internal/lazy"
)

// The three SKILL.md skills that hand a question to a model with the instruction to call
// ga_dsl_eval (skills/diatonic-chords, skills/transpose and skills/common-tones, SKILL.md @
// c781df5c). They have no code: what they promise is the text the model reads. These functions
// read those promises out of the text, so a lesson can call the closures with the arguments
// the text prescribes and set the results beside what the text says they are.

// DiatonicClaim is one thing diatonic-chords' SKILL.md says domain.diatonicChords returns for a key.
type DiatonicClaim struct {
	Root, Scale string
	// Claim is the text's words: a JSON array as written, or a sentence.
	Claim string
}

// The shapes of the claims: "`[...]` for C major", "(root: Bb, scale: major) → returns `[...]`",
// and "Gb major returns Cm, not B#m".
var (
	diatonicForRe     = lazy.Regexp("`(\\[[^`]*\\])` for ([A-G][#b]?) (major|minor)")
	diatonicReturnsRe = lazy.Regexp("root: ([A-G][#b]?), scale: (major|minor)\\)`? → returns `(\\[[^`]*\\])`")
	diatonicSpellRe   = lazy.Regexp(`([A-G][#b]?) (major|minor) returns [^;)]+`)
)

// DiatonicClaims reads diatonic-chords' SKILL.md: the arrays it gives for the closure, in the
// order the text gives them, then the enharmonic spellings it promises.
func DiatonicClaims(skillMd string) []DiatonicClaim {
	var out []DiatonicClaim
	for _, m := range diatonicForRe().FindAllStringSubmatch(skillMd, -1) {
		out = append(out, DiatonicClaim{m[2], m[3], m[1]})
	}
	for _, m := range diatonicReturnsRe().FindAllStringSubmatch(skillMd, -1) {
		out = append(out, DiatonicClaim{m[1], m[2], m[3]})
	}
	for _, m := range diatonicSpellRe().FindAllStringSubmatch(skillMd, -1) {
		out = append(out, DiatonicClaim{m[1], m[2], m[0]})
	}
	return out
}

// TransposeInterval is a row of transpose's SKILL.md interval table: the short name and the
// semitones the model is told to pass.
type TransposeInterval struct {
	Name      string
	Semitones int
}

// transposeRowRe is a table row whose first cell names a short interval, "| perfect 4th / P4 | 5 |".
// The tritone's row, "tritone / TT / dim 5 / aug 4", names none and is left out.
var transposeRowRe = lazy.Regexp(`(?m)^\| [^|]*?\b([PMm]\d)\b[^|]*\| +(\d+) \|`)

// TransposeIntervals reads the interval table of transpose's SKILL.md, in its order.
func TransposeIntervals(skillMd string) []TransposeInterval {
	var out []TransposeInterval
	for _, m := range transposeRowRe().FindAllStringSubmatch(skillMd, -1) {
		n, _ := strconv.Atoi(m[2])
		out = append(out, TransposeInterval{m[1], n})
	}
	return out
}

// TransposeMapping is one of the phrasings transpose's SKILL.md maps to arguments.
type TransposeMapping struct {
	Prompt, Symbol string
	Semitones      int
}

var transposeMapRe = lazy.Regexp(`(?m)^- \*"([^"]+)"\* → ` + "`" + `args = \{ "symbol": "([^"]+)", "semitones": "(-?\d+)" \}`)

// TransposeMappings reads the "Mapping user phrasings" of transpose's SKILL.md: each prompt
// with the symbol and semitones the text says to pass.
func TransposeMappings(skillMd string) []TransposeMapping {
	var out []TransposeMapping
	for _, m := range transposeMapRe().FindAllStringSubmatch(skillMd, -1) {
		n, _ := strconv.Atoi(m[3])
		out = append(out, TransposeMapping{m[1], m[2], n})
	}
	return out
}

var commonTonesExampleRe = lazy.Regexp(`args: \{ "chord1": "([^"]+)", "chord2": "([^"]+)" \}`)

// CommonTonesExample reads the example invocation of common-tones' SKILL.md: its two chords.
func CommonTonesExample(skillMd string) (chord1, chord2 string, ok bool) {
	m := commonTonesExampleRe().FindStringSubmatch(skillMd)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// DraftExample is one of the phrasings of the progression-analysis draft
// (skills-dev/_pending-tools/progression-analysis/DRAFT.md @ c781df5c): the chords it names and
// the key and numerals it says the analysis returns.
type DraftExample struct {
	Chords, Key, Numerals string
}

// The parts of a phrasing line: the line itself, a chord symbol, the key, the numerals.
var (
	draftLineRe     = lazy.Regexp(`(?m)^- \*"([^"]+)"\* → (.*)$`)
	draftChordRe    = lazy.Regexp(`^[A-G][#b]?(?:m|maj|dim)?\d*$`)
	draftKeyRe      = lazy.Regexp(`\b([A-G][#b]?) (major|minor)\b`)
	draftNumeralsRe = lazy.Regexp(`\b([iIvV]+(?:-[iIvV]+)+)\b`)
)

// DraftExamples reads the "Mapping user phrasings" of the progression-analysis draft: the
// longest run of chord symbols in each prompt, the first key the line names, and the numerals
// it gives, written with spaces.
func DraftExamples(draft string) []DraftExample {
	var out []DraftExample
	for _, m := range draftLineRe().FindAllStringSubmatch(draft, -1) {
		var best, run []string
		for _, w := range strings.Fields(m[1]) {
			w = strings.TrimRight(w, "?:.,")
			if draftChordRe().MatchString(w) {
				run = append(run, w)
				if len(run) > len(best) {
					best = slices.Clone(run)
				}
				continue
			}
			run = nil
		}
		key := draftKeyRe().FindString(m[0])
		nums := draftNumeralsRe().FindString(m[2])
		if len(best) == 0 || key == "" || nums == "" {
			continue
		}
		out = append(out, DraftExample{strings.Join(best, " "), key, strings.ReplaceAll(nums, "-", " ")})
	}
	return out
}
