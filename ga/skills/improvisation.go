// Package skills models GA's orchestrator skills that answer without a model, at GA commit
// a826864: the improvisation skill, which suggests arpeggios and scales over written chords.
package skills

import (
	"slices"
	"strings"
	"unicode/utf8"

	"course/ga/query"
	"course/internal/lazy"
)

// chordToken is GA's progression tokenizer; it runs on regexp2 because its \b must follow .NET,
// where ø and Δ are word characters (ImprovisationSkill.cs:461).
var chordToken = lazy.Regexp2(`\b[A-G][#b]?(?:maj7#11|maj7\+11|maj7|maj9|maj13|maj|mmaj7|minmaj7|m7b5|m7#5|m7|m9|m11|m13|m6|min7|min|m|dim7|dim|aug|°7|°|ø|sus2|sus4|sus|add9|add11|7alt|alt|7b9|7#9|7b5|7#11|13b9|13|11|9|7|69|6|5|\+|Δ|-7|-)?\b`)

// ChordTokens returns every chord symbol GA's progression expression finds in message, in
// order and trimmed (ImprovisationSkill.cs:196-210, 461).
func ChordTokens(message string) []string {
	var tokens []string
	m := find(chordToken, message)
	for ; m != nil; m = next(chordToken, m) {
		tokens = append(tokens, strings.TrimSpace(m.String()))
	}
	return tokens
}

// Root returns the root of a chord symbol: its letter plus a following # or b, or "C" when the
// symbol does not start with A-G (ImprovisationSkill.cs:294-307).
func Root(chord string) string {
	if chord == "" || chord[0] < 'A' || chord[0] > 'G' {
		return "C"
	}
	if len(chord) > 1 && (chord[1] == '#' || chord[1] == 'b') {
		return chord[:2]
	}
	return chord[:1]
}

// QualityOf classifies a chord symbol by its written suffix; the first rule that matches
// wins, so the order decides cases such as m7b5 against m7 (ImprovisationSkill.cs:309-353).
func QualityOf(chord string) Quality {
	s := strings.ToLower(suffix(chord))
	s = strings.NewReplacer("(", "", ")", "").Replace(s)
	has := func(subs ...string) bool {
		for _, sub := range subs {
			if strings.Contains(s, sub) {
				return true
			}
		}
		return false
	}
	starts := func(prefixes ...string) bool {
		for _, p := range prefixes {
			if strings.HasPrefix(s, p) {
				return true
			}
		}
		return false
	}
	switch {
	case has("alt"):
		return Altered
	case has("m7b5", "ø"):
		return HalfDiminished
	case has("dim7", "°7", "o7"):
		return Diminished7
	case starts("dim", "°"):
		return Diminished
	case has("mmaj7", "minmaj7"):
		return MinorMajor7
	case has("maj7#11", "maj7+11"):
		return LydianMaj7
	case has("maj7", "maj9", "maj13", "δ"):
		return Major7
	case has("aug", "7#5") || starts("+"):
		return Augmented
	case has("sus") && has("7"):
		return SuspendedDominant
	case has("7b9", "7#9", "7b5", "13b9"):
		return AlteredDominant
	case has("m6"):
		return MinorMajor7
	case starts("m7", "min7", "-7", "m9", "m11", "m13"):
		return Minor7
	case starts("m", "min", "-"):
		return Minor
	case starts("7", "9", "11", "13"):
		return Dominant7
	case s == "" || starts("6", "69", "maj"):
		return Major
	}
	return Unknown
}

// suffix is the chord symbol without its root; a symbol whose root defaulted to "C" loses
// its first character, as GA cuts by the root's length.
func suffix(chord string) string {
	root := Root(chord)
	if strings.HasPrefix(chord, root) {
		return chord[len(root):]
	}
	_, n := utf8.DecodeRuneInString(chord)
	return chord[n:]
}

// Arpeggio returns the arpeggio GA names for a chord: its root plus the quality's suffix,
// so C6 gives "C" and Cm6 gives "CmMaj7" (ImprovisationSkill.cs:266-284).
func Arpeggio(chord string) string {
	return Root(chord) + QualityOf(chord).info().arpeggio
}

// Result is what the skill returns to the orchestrator: the answer and its grounding.
type Result struct {
	// Text is the markdown answer, each line ended by the skill's NewLine.
	Text string
	// Confidence is the skill's confidence from 0 to 1: 0.85 for advice, 0.2 when no chord was found.
	Confidence float64
	// Evidence has one line per chord of a progression, with its arpeggio and scales; nil on the single-chord path.
	Evidence []string
	// Assumptions are the caveats of a progression answer; nil on the single-chord path.
	Assumptions []string
	Data        *Progression // nil on the single-chord path
}

// Progression is the structured data of a progression answer, which GA passes only to hooks.
type Progression struct {
	// Progression is the chord symbols in the order the message writes them.
	Progression []string `json:"progression"`
	// PerChord is the advice for each chord, in the same order.
	PerChord []ChordAdvice `json:"perChord"`
}

// ChordAdvice is the advice for one chord of a progression.
type ChordAdvice struct {
	// Chord is the chord symbol as written in the message.
	Chord string `json:"chord"`
	// Quality is the chord's quality as read from its suffix; JSON writes its enum number.
	Quality Quality `json:"quality"`
	// Arpeggio is the arpeggio's name: the root plus the quality's suffix, e.g. "Am7".
	Arpeggio string `json:"arpeggio"`
	// Scales are the suggested scales on the chord's root, the lead scale first.
	Scales []RootedScale `json:"scales"`
}

// RootedScale is a suggested scale named on the chord's root, e.g. "A Aeolian (natural minor)".
type RootedScale struct {
	// Name is the root and the scale's name, e.g. "A Dorian".
	Name string `json:"name"`
	// Color is GA's short description of the scale over this chord quality.
	Color string `json:"color"`
}

// Improvisation is GA's ImprovisationSkill; NewLine is what its AppendLine writes.
type Improvisation struct {
	// NewLine ends every line of an answer; "" means "\n", and "\r\n" is GA on Windows.
	NewLine string
	// Extract is the skill's IMusicalQueryExtractor, which the single-chord path asks for the
	// chord; nil is the course's deterministic extractor, query.Extract. GA's composite
	// extractor asks a model after its typed stage, so a lesson that runs without one passes
	// an extractor that records the call.
	Extract func(message string) query.Query
	// InvalidChordGuard is the skill as GA PR #749 fixed it (merge commit d7efd41): a request
	// that names only chords whose root is outside A-G is declined before the extractor.
	InvalidChordGuard bool
}

// The skill's fixed texts (ImprovisationSkill.cs:117-261).
const (
	noChordText = "I couldn't find a chord name in your request. Name one chord (e.g. 'Cmaj7', 'G7', 'Am7b5') " +
		"and I'll suggest scales to improvise over it, or a run of chords (e.g. 'Am F C G') and I'll give " +
		"the arpeggio and scales for each. Roman-numeral progressions (ii-V-I) need concrete chord symbols " +
		"— name the chords in your key."
	progressionClosing    = "Each arpeggio spells the chord tones; the scale adds the passing notes for lines between them."
	progressionAssumption = "Each chord classified independently from its written quality; no key inferred."
)

// Execute answers message: with two or more chord tokens it advises on each chord, otherwise it
// advises on the one chord the typed extractor finds (ImprovisationSkill.cs:117-181).
func (s Improvisation) Execute(message string) Result {
	if tokens := ChordTokens(message); len(tokens) >= 2 {
		return s.progression(tokens)
	}
	if s.InvalidChordGuard {
		if invalid := InvalidChordNames(message); len(invalid) > 0 {
			return Result{
				Text:        DeclineInvalidChords(invalid),
				Confidence:  invalidChordConfidence,
				Assumptions: []string{"Not chord names (root outside A-G): " + strings.Join(invalid, ", ") + "."},
			}
		}
	}
	extract := s.Extract
	if extract == nil {
		extract = query.Extract
	}
	symbol := extract(message).ChordSymbol
	if symbol == "" {
		return Result{Text: noChordText, Confidence: 0.2}
	}
	return s.singleChord(symbol)
}

// newline is the line break AppendLine writes.
func (s Improvisation) newline() string {
	if s.NewLine == "" {
		return "\n"
	}
	return s.NewLine
}

// progression builds the per-chord answer (ImprovisationSkill.cs:212-261).
func (s Improvisation) progression(chords []string) Result {
	nl := s.newline()
	var b strings.Builder
	line := func(parts ...string) {
		for _, p := range parts {
			b.WriteString(p)
		}
		b.WriteString(nl)
	}
	data := &Progression{Progression: chords}
	evidence := make([]string, 0, len(chords))
	line("Over **", strings.Join(chords, " – "), "**, for each chord:")
	line()
	for _, chord := range chords {
		root, q := Root(chord), QualityOf(chord)
		arp := Arpeggio(chord)
		scales := ScalesFor(q)
		lead := scales[0]
		line("- **", chord, "** → arpeggio **", arp, "**, play **", root, " ", lead.Name, "** (", lead.Color, ").")
		advice := ChordAdvice{Chord: chord, Quality: q, Arpeggio: arp}
		names := make([]string, len(scales))
		for i, sc := range scales {
			names[i] = root + " " + sc.Name
			advice.Scales = append(advice.Scales, RootedScale{Name: names[i], Color: sc.Color})
		}
		data.PerChord = append(data.PerChord, advice)
		evidence = append(evidence, chord+": arpeggio "+arp+"; scales "+strings.Join(names, ", "))
	}
	line()
	line(progressionClosing)
	return Result{
		Text:        b.String(),
		Confidence:  0.85,
		Evidence:    evidence,
		Assumptions: []string{progressionAssumption},
		Data:        data,
	}
}

// singleChord builds the scale answer for one chord (ImprovisationSkill.cs:117-181).
func (s Improvisation) singleChord(symbol string) Result {
	nl := s.newline()
	root, q := Root(symbol), QualityOf(symbol)
	var b strings.Builder
	b.WriteString("For **" + symbol + "** (quality: " + q.Display() + "), try:" + nl)
	b.WriteString(nl)
	for _, sc := range ScalesFor(q) {
		b.WriteString("- **" + root + " " + sc.Name + "** — " + sc.Color + nl)
	}
	b.WriteString(nl)
	b.WriteString(q.Note() + nl)
	return Result{Text: b.String(), Confidence: 0.85}
}

// improvKeywords are the words of an improvisation request, matched as whole words in the
// lower-cased message (ImprovisationSkill.cs:86-108).
var improvKeywords = []string{
	"solo", "improvise", "improvisation", "improv", "improvising",
	"what scale", "scale for", "scale over", "scale to use", "scales for", "scales over", "scales work",
	"what to play over", "play over", "modes for", "modes over", "modes to solo", "modal choice",
	"modal choices", "which mode", "which modes", "what mode", "what modes", "chord-scale", "chord scale",
	"arpeggio", "arpeggios",
}

// HasImprovIntent reports whether message asks an improvisation question: one of the skill's
// keywords as a whole word (ImprovisationSkill.cs:109-111; #749 makes it a method of its own).
func HasImprovIntent(message string) bool {
	return containsAnyWord(strings.ToLower(message), improvKeywords...)
}

// NamesValidChord reports whether message names a chord with a root from A to G: a token of the
// progression expression, or a chord symbol as CanHandle reads one (#749's
// ImprovisationSkill.NamesValidChord). "C and Q7" names one, C.
func NamesValidChord(message string) bool {
	return len(ChordTokens(message)) > 0 || hasChordSymbol(message)
}

// invalidChordConfidence is InvalidChordNames.DeclineConfidence, above the orchestrator's
// fallback threshold of 0.25, so the decline is the answer (InvalidChordNames.cs @ d7efd41).
const invalidChordConfidence = 0.9

// invalidRootChord is InvalidChordNames' expression: an uppercase root outside A-G, an optional
// accidental, a chord suffix, as a whole token (InvalidChordNames.cs @ d7efd41). The readable
// copies of the file are of 01e9597, whose expression, interjection list and decline text the
// lesson's run of #749 bears out, and of an earlier commit that skipped any opening token.
var invalidRootChord = lazy.Regexp2(`(?<![\w#])(?<root>[H-Z][#b]?)(?<suffix>(?:maj|min|dim|aug|sus|add|m|M(?=\d)|°|ø|Δ|\+|-)?\d{0,2}(?:(?:b|#|\+|alt|sus|add)\d{0,2})*)(?![\w#])`)

// openingInterjections are the interjections InvalidChordNames lets open a message ("Hm, which
// mode...") without reading them as chords (InvalidChordNames.cs @ d7efd41).
var openingInterjections = []string{"Hm", "Um", "Mm"}

// romanNumeralRoots are the roots of the expression that are Roman numerals of harmony, I and
// V: #749's guard leaves "V7" to the model, which can ask for the key. d7efd41's file is not
// among the readable versions, which flag V7; the course follows the original lesson's run of
// #749, whose guard stays silent on "which arpeggio fits V7".
var romanNumeralRoots = []string{"I", "V"}

// InvalidChordNames is #749's InvalidChordNames.Find: the tokens shaped like chord symbols whose
// root is outside A-G, in order and once each, or none when message asks no improvisation
// question or names a valid chord (InvalidChordNames.cs @ d7efd41).
func InvalidChordNames(message string) []string {
	if strings.TrimSpace(message) == "" || !HasImprovIntent(message) || NamesValidChord(message) {
		return nil
	}
	var tokens []string
	m := find(invalidRootChord, message)
	for ; m != nil; m = next(invalidRootChord, m) {
		// A bare capital ("I", "X" in "X-ray") has no chord suffix: not a chord name.
		if m.GroupByName("suffix").RuneLength == 0 || slices.Contains(romanNumeralRoots, m.GroupByName("root").String()) {
			continue
		}
		start, length := m.ByteRange()
		if openingInterjection(message, m.String(), start, length) {
			continue
		}
		if !slices.Contains(tokens, m.String()) {
			tokens = append(tokens, m.String())
		}
	}
	return tokens
}

// openingInterjection is IsOpeningInterjection: "Hm", "Um" or "Mm" with only blanks before it and
// a punctuation mark right after it (InvalidChordNames.cs @ d7efd41).
func openingInterjection(message, token string, start, length int) bool {
	if !slices.Contains(openingInterjections, token) || strings.TrimSpace(message[:start]) != "" || start+length >= len(message) {
		return false
	}
	next, _ := utf8.DecodeRuneInString(message[start+length:])
	return strings.ContainsRune(",.!?…", next)
}

// DeclineInvalidChords is InvalidChordNames.Decline: the answer that names the invalid tokens,
// says what a chord name looks like, and for a token starting with H gives the German reading
// (InvalidChordNames.cs @ d7efd41).
func DeclineInvalidChords(tokens []string) string {
	quoted := make([]string, len(tokens))
	for i, t := range tokens {
		quoted[i] = `"` + t + `"`
	}
	list := quoted[0]
	noun, pronoun := "a chord name", "it"
	if len(quoted) > 1 {
		list = strings.Join(quoted[:len(quoted)-1], ", ") + " and " + quoted[len(quoted)-1]
		noun, pronoun = "chord names", "them"
	}
	answer := "I don't recognize " + list + " as " + noun + ", so I can't suggest arpeggios or scales for " + pronoun +
		". A chord name starts with a root letter from A to G, optionally followed by # or b, then the chord quality: " +
		"for example 'Bm', 'G7' or 'Cmaj7'."
	for _, t := range tokens {
		if strings.HasPrefix(t, "H") {
			answer += ` In German notation H is B: "` + t + `" is written "B` + t[1:] + `" here.`
			break
		}
	}
	return answer + " Name the chords again and I'll give the arpeggio and scales for each."
}
