package skills

import (
	"strconv"
	"strings"

	"github.com/dlclark/regexp2/v2"

	"course/internal/lazy"
)

// Interval is GA's IntervalSkill: the interval between two note names, computed by GA's domain
// notes and intervals (Common/GA.Business.ML/Agents/Skills/IntervalSkill.cs). The pin's tree is
// not readable; the line numbers here are of c781df5c, whose files the lesson's reference
// output of the pin confirms.
type Interval struct{}

// intervalPattern is IntervalSkill's IntervalPattern: its closing \b cannot follow a # that a
// space or a question mark follows, so "to F#?" backtracks to "F" (IntervalSkill.cs:62-64).
var intervalPattern = lazy.Regexp2(`\b([A-Ga-g][#b]?)\s*(?:to|and)\s+([A-Ga-g][#b]?)\b`, regexp2.IgnoreCase)

// The skill's fixed texts (IntervalSkill.cs:81, 87-88, 119-126).
const (
	intervalNoPairText   = "Could not parse two note names from your question."
	domainUnresolvedText = "Request could not be resolved from domain model"
)

// gaNote is GA's Note.Accidented as the skill builds it: a natural note 0-6 (C-B) and an
// accidental (Common/GA.Domain.Core/Primitives/Notes/Note.cs:266-316).
type gaNote struct {
	natural, acc int
}

// gaNaturalPitch are NaturalNote.PitchClass, C to B (NaturalNote.cs:96-105).
var gaNaturalPitch = [7]int{0, 2, 4, 5, 7, 9, 11}

// pitchClass is Accidented.PitchClass: the natural's pitch class plus the accidental, wrapped
// into 0-11 by PitchClass's range check (Note.cs:269; Theory/Atonal/PitchClass.cs:48-51).
func (n gaNote) pitchClass() int { return ((gaNaturalPitch[n.natural]+n.acc)%12 + 12) % 12 }

// gaNaturalNote is NaturalNote.TryParse: one letter A-G, either case (NaturalNote.cs:25, 40-78).
func gaNaturalNote(s string) (int, bool) {
	if len(s) != 1 {
		return 0, false
	}
	i := strings.IndexByte("CDEFGAB", strings.ToUpper(s)[0])
	return i, i >= 0
}

// parseGANote is IntervalNaming.TryParseNote: a token of at most four characters read as
// Note.Sharp, then Note.Flat, then Note.Accidented (Common/GA.Business.ML/Agents/IntervalNaming.cs:30-44;
// Note.cs:145-178, 219-252, 283-313).
func parseGANote(token string) (gaNote, bool) {
	if token == "" || len([]rune(token)) > 4 {
		return gaNote{}, false
	}
	norm := strings.ToUpper(strings.TrimSpace(token))
	// Note.Sharp: a trailing # is a sharp on the first letter, otherwise the whole is a letter.
	sharp := strings.ReplaceAll(norm, "♯", "#")
	if strings.HasSuffix(sharp, "#") {
		if nn, ok := gaNaturalNote(sharp[:1]); ok {
			return gaNote{nn, 1}, true
		}
	} else if nn, ok := gaNaturalNote(sharp); ok {
		return gaNote{nn, 0}, true
	}
	// Note.Flat: a trailing B (the letter upper-cased) is a flat on the first letter.
	flat := strings.ReplaceAll(norm, "♭", "b")
	if strings.HasSuffix(flat, "B") {
		if nn, ok := gaNaturalNote(flat[:1]); ok {
			return gaNote{nn, -1}, true
		}
	} else if nn, ok := gaNaturalNote(flat); ok {
		return gaNote{nn, 0}, true
	}
	// Note.Accidented: a letter and an accidental from Accidental.TryParse.
	nn, ok := gaNaturalNote(token[:1])
	if !ok {
		return gaNote{}, false
	}
	acc, ok := map[string]int{"": 0, "bbb": -3, "bb": -2, "b": -1, "n": 0, "#": 1, "##": 2, "x": 2}[strings.ToLower(strings.TrimSpace(token[1:]))]
	if !ok {
		return gaNote{}, false
	}
	return gaNote{nn, acc}, true
}

// gaInterval is GA's Interval.Simple: a size 1-8 and a quality from -3 (doubly diminished) to 3
// (doubly augmented), 0 being perfect (Primitives/Intervals/Interval.Diatonic.Simple.cs;
// IntervalQuality.cs:17-31).
type gaInterval struct {
	size, quality int
}

// The size's semitones in a major or perfect interval (SimpleIntervalSize.cs:82-92).
var gaSizeSemitones = [9]int{0, 0, 2, 4, 5, 7, 9, 11, 12}

// gaPerfectSize is SimpleIntervalSize.Consonance: 1, 4, 5 and 8 are perfect (SimpleIntervalSize.cs:70-75).
func gaPerfectSize(size int) bool { return size == 1 || size == 4 || size == 5 || size == 8 }

// intervalBetween is Note.Accidented.GetInterval: the size from the natural notes, the
// semitones from the pitch classes, 0-11, and the quality from their difference; a difference
// outside the table gives perfect or major, so C up to Cb is a perfect unison
// (Primitives/Extensions/NoteExtensions.cs:13-55, 104-116; NaturalNote.cs:128-129, 190-201).
func intervalBetween(a, b gaNote) gaInterval {
	// NaturalNoteIntervals keeps the first size that reaches b's letter: a unison, not an octave.
	size := (b.natural-a.natural+7)%7 + 1
	semitones := (b.pitchClass() - a.pitchClass() + 12) % 12
	diff := semitones - gaSizeSemitones[size]
	if gaPerfectSize(size) {
		q, ok := map[int]int{-2: -3, -1: -2, 0: 0, 1: 2, 2: 3}[diff]
		if !ok {
			q = 0
		}
		return gaInterval{size, q}
	}
	q, ok := map[int]int{-3: -3, -2: -2, -1: -1, 0: 1, 1: 2, 2: 3}[diff]
	if !ok {
		q = 1
	}
	return gaInterval{size, q}
}

// qualityShort is IntervalQuality.ShortName, what its ToString writes (IntervalQuality.cs:48-58).
func (iv gaInterval) qualityShort() string {
	return map[int]string{-3: "dd", -2: "d", -1: "m", 0: "P", 1: "M", 2: "A", 3: "AA"}[iv.quality]
}

// name is Interval.Simple.Name: the quality's short name and the size, "P5", "dd4"
// (Interval.Diatonic.Simple.cs:19).
func (iv gaInterval) name() string { return iv.qualityShort() + strconv.Itoa(iv.size) }

// semitones is Interval.Simple.Semitones: the size's semitones moved by the accidental of the
// quality, which differs for perfect and imperfect sizes (Interval.Diatonic.Simple.cs:28-37;
// IntervalQuality.cs:104-137).
func (iv gaInterval) semitones() int {
	shift := map[int]int{-3: -2, -2: -1, 0: 0, 2: 1, 3: 2}
	if !gaPerfectSize(iv.size) {
		shift = map[int]int{-3: -3, -2: -2, -1: -1, 1: 0, 2: 1, 3: 2}
	}
	return gaSizeSemitones[iv.size] + shift[iv.quality]
}

// qualityLongName is IntervalNaming.QualityLongName: five qualities have a word, "dd" and "AA"
// are written as they are (IntervalNaming.cs:56-64).
func qualityLongName(short string) string {
	if w, ok := map[string]string{"P": "perfect", "M": "major", "m": "minor", "A": "augmented", "d": "diminished"}[short]; ok {
		return w
	}
	return short
}

// sizeOrdinalName is IntervalNaming.SizeOrdinalName (IntervalNaming.cs:67-78).
func sizeOrdinalName(size int) string {
	names := []string{"", "unison", "second", "third", "fourth", "fifth", "sixth", "seventh", "octave"}
	if size >= 1 && size <= 8 {
		return names[size]
	}
	return strconv.Itoa(size) + "th"
}

// formatNote is IntervalNaming.FormatNote: the first letter upper-cased, the rest lower-cased
// (IntervalNaming.cs:47-53).
func formatNote(raw string) string {
	t := strings.TrimSpace(raw)
	if t == "" {
		return raw
	}
	return strings.ToUpper(t[:1]) + strings.ToLower(t[1:])
}

// unresolved is these skills' own private CannotHelp answer: the reason, confidence 0 (IntervalSkill.cs:119-126;
// ScaleInfoSkill.cs:159-166).
func unresolved(reason string) Result {
	return Result{Text: reason, Assumptions: []string{domainUnresolvedText}}
}

// Execute answers message: the first "X to Y" or "X and Y" pair of note names, the interval
// from the first up to the second (IntervalSkill.cs:77-117).
func (Interval) Execute(message string) Result {
	m := find(intervalPattern, message)
	if m == nil {
		return unresolved(intervalNoPairText)
	}
	raw1, raw2 := m.GroupByNumber(1).String(), m.GroupByNumber(2).String()
	n1, ok1 := parseGANote(raw1)
	n2, ok2 := parseGANote(raw2)
	if !ok1 || !ok2 {
		return unresolved(`I don't recognise "` + raw1 + `" or "` + raw2 + `" as a standard note name. Try notes like C, F#, Bb, etc.`)
	}
	iv := intervalBetween(n1, n2)
	name1, name2 := formatNote(raw1), formatNote(raw2)
	qual, size := qualityLongName(iv.qualityShort()), sizeOrdinalName(iv.size)
	semis := strconv.Itoa(iv.semitones())
	direction := "above"
	if n1.pitchClass() > n2.pitchClass() {
		direction = "below or above"
	}
	return Result{
		Text:       "From **" + name1 + "** to **" + name2 + "** is a **" + qual + " " + size + "** (" + iv.name() + ", " + semis + " semitones).",
		Confidence: 1,
		Evidence: []string{
			"Lower note: " + name1,
			"Upper note: " + name2 + " (" + direction + " the lower)",
			"Interval: " + iv.name() + " (" + qual + " " + size + ")",
			"Semitones: " + semis,
		},
	}
}
