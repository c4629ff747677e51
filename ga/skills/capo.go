package skills

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dlclark/regexp2/v2"

	"course/internal/lazy"
)

// Capo is GA's CapoSkill: the shape to play for a sounding key, or the chord a shape sounds,
// by semitone arithmetic; NewLine is what its AppendLine writes
// (Common/GA.Business.ML/Agents/Skills/CapoSkill.cs at a826864, unchanged at f9ebd81).
type Capo struct {
	// NewLine ends every line of an answer; "" means "\n".
	NewLine string
}

// CanHandle is the skill's keyword rule: always false, the skill is reached only by semantic
// routing (CapoSkill.cs:47).
func (Capo) CanHandle(string) bool { return false }

// The skill's two patterns: a sounding key and a fret, in either order, and a shape and a
// fret, in either order (CapoSkill.cs:52-64).
var (
	capoSoundingToShapeRe = lazy.Regexp2(`(?:song\s+(?:is\s+)?in\s+|key\s+(?:is\s+|of\s+)?|in\s+)(?<key>[A-Ga-g][b#♭♯]?)(?:\s+(?<qual>major|minor|maj|min))?\b[^.?!]*?\bcapo\s+(?:on\s+|fret\s+|at\s+)?(?<n>\d{1,2})\b`+
		`|`+
		`\bcapo\s+(?:on\s+|fret\s+|at\s+)?(?<n2>\d{1,2})\b[^.?!]*?(?:song\s+(?:is\s+)?in\s+|key\s+(?:is\s+|of\s+)?|in\s+)(?<key2>[A-Ga-g][b#♭♯]?)(?:\s+(?<qual2>major|minor|maj|min))?\b`,
		regexp2.IgnoreCase)
	capoShapeToSoundingRe = lazy.Regexp2(`\b(?:play(?:ing)?\s+(?:a\s+|an\s+)?)?(?<shape>[A-Ga-g][b#♭♯]?m?)\s+shape\b[^.?!]*?\bcapo\s+(?:on\s+|fret\s+|at\s+)?(?<n>\d{1,2})\b`+
		`|`+
		`\bcapo\s+(?:on\s+|fret\s+|at\s+)?(?<n2>\d{1,2})\b[^.?!]*?\b(?:play(?:ing)?\s+(?:a\s+|an\s+)?)?(?<shape2>[A-Ga-g][b#♭♯]?m?)\s+shape\b`,
		regexp2.IgnoreCase)
)

// The skill's fixed texts (CapoSkill.cs:201, 224).
const (
	capoSource     = "Source: CapoSkill (pure semitone arithmetic)"
	capoCannotText = "Ask about a capo + sounding key (\"what shape do I play in E with capo 4\") or a capo + played shape (\"I play a C shape with capo 3, what does it sound like\")."
)

// group is the named group's text, and whether it took part in the match.
func group(m *regexp2.Match, name string) (string, bool) {
	g := m.GroupByName(name)
	if g == nil || len(g.Captures) == 0 {
		return "", false
	}
	return g.String(), true
}

// either is the first of two alternative groups that took part in the match.
func either(m *regexp2.Match, a, b string) string {
	if s, ok := group(m, a); ok {
		return s
	}
	s, _ := group(m, b)
	return s
}

// Execute is ExecuteAsync: shape to sounding first, then sounding to shape, else a decline
// (CapoSkill.cs:84-107).
func (c Capo) Execute(message string) Result {
	if m := find(capoShapeToSoundingRe, message); m != nil {
		shape := strings.TrimSpace(either(m, "shape", "shape2"))
		return c.shapeToSounding(shape, parseFret(either(m, "n", "n2")), shapeIsFlat(shape, message))
	}
	if m := find(capoSoundingToShapeRe, message); m != nil {
		key := strings.TrimSpace(either(m, "key", "key2"))
		qual := either(m, "qual", "qual2")
		minor := len(qual) >= 3 && strings.EqualFold(qual[:3], "min")
		return c.soundingToShape(capoNormalizeKey(key), parseFret(either(m, "n", "n2")), minor, keyIsFlat(key))
	}
	return Result{Text: capoCannotText, Confidence: 0.1, Evidence: []string{"CapoSkill: no recognised capo pattern in query"}}
}

// plural is the "s" the skill adds to a count other than one.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (c Capo) newline() string {
	if c.NewLine == "" {
		return "\n"
	}
	return c.NewLine
}

// soundingToShape is AnswerSoundingToShape: the shape a fret below the sounding key, and the
// Am shape's sound at the same fret (CapoSkill.cs:109-131).
func (c Capo) soundingToShape(key string, fret int, minor, flats bool) Result {
	pc, ok := rootPitchClass()[key]
	if !ok {
		return capoCannotParse(key)
	}
	if fret < 0 || fret > 12 {
		return capoCannotParseFret(fret)
	}
	shape := spellPitchClass(pc-fret, flats)
	quality, label := "major", shape
	if minor {
		quality, label = "minor", shape+"m"
	}
	nl := c.newline()
	text := fmt.Sprintf("With a capo on fret **%d**, play a **%s shape** to sound in **%s %s**.", fret, label, key, quality) + nl + nl +
		fmt.Sprintf("The capo raises every string by %d semitone%s, so the shape you finger (%s) sounds %d fret%s higher (= %s %s). All chord shapes shift the same way: an Am shape at capo %d would sound as %sm.",
			fret, plural(fret), label, fret, plural(fret), key, quality, fret, spellPitchClass(9+fret, flats)) + nl
	return Result{Text: text, Confidence: 1,
		Evidence: []string{capoSource, fmt.Sprintf("capo(%s %s sounding, fret %d → %s shape)", key, quality, fret, label)}}
}

// shapeToSounding is AnswerShapeToSounding: a trailing m (not of "maj") makes the shape minor,
// and the sounding root is the shape's a fret above (CapoSkill.cs:133-154).
func (c Capo) shapeToSounding(shape string, fret int, flats bool) Result {
	lower := strings.ToLower(shape)
	minor := strings.HasSuffix(lower, "m") && len([]rune(shape)) > 1 && !strings.HasSuffix(lower, "aj")
	root := shape
	if minor {
		root = shape[:len(shape)-1]
	}
	pc, ok := rootPitchClass()[capoNormalizeKey(root)]
	if !ok {
		return capoCannotParse(shape)
	}
	if fret < 0 || fret > 12 {
		return capoCannotParseFret(fret)
	}
	sounding := spellPitchClass(pc+fret, flats)
	chord, quality := sounding, "major"
	if minor {
		chord, quality = sounding+"m", "minor"
	}
	nl := c.newline()
	text := fmt.Sprintf("A **%s shape** with a capo on fret **%d** sounds as **%s** (%s %s).", shape, fret, chord, sounding, quality) + nl + nl +
		fmt.Sprintf("The capo raises every fingered note by %d semitone%s: %s + %d = %s. Same operation applies to every chord in the song you're playing.",
			fret, plural(fret), capoNormalizeKey(root), fret, sounding) + nl
	return Result{Text: text, Confidence: 1,
		Evidence: []string{capoSource, fmt.Sprintf("capo(%s shape, fret %d → %s sounding)", shape, fret, chord)}}
}

// parseFret is ParseFret: the fret's digits as a number, -1 when int.TryParse refuses them
// (Unicode digits match \d but do not parse) (CapoSkill.cs:156-157).
func parseFret(raw string) int {
	n, err := strconv.Atoi(raw)
	if err != nil {
		return -1
	}
	return n
}

// capoNormalizeKey is NormalizeKey: Unicode accidentals to ASCII, the letter upper-cased, the
// accidental lower-cased, and a third character m or M kept as m (CapoSkill.cs:165-176).
func capoNormalizeKey(raw string) string {
	a := []rune(unicodeAccidentals.Replace(raw))
	switch {
	case len(a) == 1:
		return strings.ToUpper(string(a))
	case len(a) == 2:
		return strings.ToUpper(string(a[0])) + strings.ToLower(string(a[1]))
	case len(a) == 3 && (a[2] == 'm' || a[2] == 'M'):
		return strings.ToUpper(string(a[0])) + strings.ToLower(string(a[1])) + "m"
	}
	return string(a)
}

// keyIsFlat is KeyIsFlat: a lower-case b or a ♭ anywhere in the key (CapoSkill.cs:186-187).
func keyIsFlat(key string) bool { return strings.ContainsAny(key, "b♭") }

// shapeIsFlat is ShapeIsFlat: a b or ♭ in the shape, or "flat" anywhere in the message
// (CapoSkill.cs:189-191).
func shapeIsFlat(shape, message string) bool {
	return strings.ContainsAny(shape, "b♭") || strings.Contains(strings.ToLower(message), "flat")
}

func capoCannotParse(key string) Result {
	return Result{
		Text:       fmt.Sprintf("I couldn't identify '%s' as a key or chord shape. Try a single pitch letter optionally followed by # or b (e.g. C, G, F#, Bb) — and `m` for minor shapes (e.g. Em).", key),
		Confidence: 0.3,
		Evidence:   []string{fmt.Sprintf("CapoSkill: unparseable root token '%s'", key)},
	}
}

func capoCannotParseFret(fret int) Result {
	return Result{
		Text:       fmt.Sprintf("A capo fret of %d isn't valid — try a fret number between 0 (open) and 12 (octave).", fret),
		Confidence: 0.3,
		Evidence:   []string{fmt.Sprintf("CapoSkill: out-of-range fret %d", fret)},
	}
}
