package skills

import (
	"fmt"
	"strings"

	"github.com/dlclark/regexp2/v2"

	"course/ga/revision"
	"course/internal/lazy"
)

// AlternateTunings is GA's AlternateTuningsSkill: nine named tunings found by name patterns,
// or by six notes read from the message; NewLine is what its AppendLine writes. Revision selects
// the pin's name patterns or GA's main branch's, which refuse a sharp or flat after the
// tuning's letter (Common/GA.Business.ML/Agents/Skills/AlternateTuningsSkill.cs at a826864, as at 16272a94).
type AlternateTunings struct {
	// NewLine ends every line of an answer; "" means "\n".
	NewLine string
	// Revision is the GA whose name patterns the skill reads: the pin's, or main's (f4f5b4a).
	Revision revision.Revision
}

// CanHandle is the skill's keyword rule: always false, the skill is reached only by semantic
// routing (AlternateTuningsSkill.cs:50).
func (AlternateTunings) CanHandle(string) bool { return false }

// TuningInfo is one row of the skill's table: its display name and notes, low string first.
type TuningInfo struct {
	// Key is the table's key, "drop-d".
	Key string
	// DisplayName is the name the answer prints, "Drop D".
	DisplayName string
	// Notes are the six strings' notes, low to high, as the table writes them.
	Notes []string
	// VsStandard and Flavor are the answer's two closing paragraphs.
	VsStandard, Flavor string
}

// tuningTable is the skill's Tunings dictionary, in its declaration order, which is the order
// a six-note question is matched in (AlternateTuningsSkill.cs:76-131).
var tuningTable = []TuningInfo{
	{"dadgad", "DADGAD", []string{"D", "A", "D", "G", "A", "D"},
		"Strings 6, 2 dropped a whole step (E→D, B→A); string 1 dropped a whole step (E→D). Strings 5, 4, 3 unchanged.",
		"Open Dsus4 chord when strummed unfretted. Beloved for Celtic, modal folk, and Indian-flavored playing (Pierre Bensusan, Davey Graham, Jimmy Page on 'Black Mountain Side')."},
	{"drop-d", "Drop D", []string{"D", "A", "D", "G", "B", "E"},
		"Only string 6 is changed — dropped from E down a whole step to D. Strings 5–1 are standard tuning.",
		"Easy power chords on the bottom three strings (one-finger barre). Used everywhere from Soundgarden to Foo Fighters to classical fingerstyle."},
	{"double-drop-d", "Double Drop D", []string{"D", "A", "D", "G", "B", "D"},
		"Strings 6 and 1 both dropped a whole step (E→D). Strings 5–2 are standard.",
		"Neil Young's signature ('Cinnamon Girl', 'Cortez the Killer'). Both Ds frame any voicing with a fat low-and-high D drone."},
	{"drop-c", "Drop C", []string{"C", "G", "C", "F", "A", "D"},
		"Whole-step-down (D standard) with the 6th string dropped one more whole step: string 6 is down a major third (E→C), strings 5–1 each down a whole step. Equivalently, drop-D shifted down a whole step.",
		"Metal / metalcore staple — System of a Down, Bullet for My Valentine, Killswitch Engage. Heavy low-C chug with one-finger power chords on the bottom three strings, like drop-D but darker and slacker. Pairs with thicker strings (.011–.056+) to keep tension."},
	{"open-g", "Open G", []string{"D", "G", "D", "G", "B", "D"},
		"Strings 6, 5, and 1 dropped a whole step (E→D, A→G, E→D). Strings 4, 3, 2 unchanged.",
		"Open G major chord when strummed unfretted. Keith Richards's tuning (often without the low D string entirely) — the engine behind 'Start Me Up', 'Brown Sugar', 'Honky Tonk Women'."},
	{"open-d", "Open D", []string{"D", "A", "D", "F#", "A", "D"},
		"Strings 6, 3, 2, 1 changed: E→D, G→F#, B→A, E→D. Strings 5 and 4 unchanged.",
		"Open D major chord when strummed unfretted. Slide-blues classic — Joni Mitchell, Bonnie Raitt, Ry Cooder, Elmore James. Bottleneck slide barring any fret gives a major chord."},
	{"dgcgcd", "DGCGCD", []string{"D", "G", "C", "G", "C", "D"},
		"Strings 6→1: D, G, C, G, C, D — heavily modal/quartal. Strings 6, 5, 4, 2, 1 changed; only string 3 (G) matches standard.",
		"Sonic Youth signature variant. Quartal stacking gives huge ringing drones; you can barre across with one finger and get sus-style chords almost anywhere."},
	{"half-step-down", "Half-step down (Eb standard)", []string{"Eb", "Ab", "Db", "Gb", "Bb", "Eb"},
		"Every string dropped exactly 1 semitone (half step). Relative intervals identical to standard — all standard chord shapes work, the whole guitar just sounds 1 fret lower.",
		"Jimi Hendrix's primary tuning. Easier on the voice (vocalists love it), looser strings for bigger bends. Stevie Ray Vaughan also tuned this way."},
	{"whole-step-down", "Whole-step down (D standard)", []string{"D", "G", "C", "F", "A", "D"},
		"Every string dropped exactly 2 semitones (whole step). All standard shapes still work — guitar sounds 2 frets lower.",
		"Heavy / doom / sludge staple — Black Sabbath ('Master of Reality'), Soundgarden, modern stoner rock. Combined with thicker strings for tension."},
}

// Tunings returns the skill's table, in declaration order.
func (AlternateTunings) Tunings() []TuningInfo {
	out := make([]TuningInfo, len(tuningTable))
	copy(out, tuningTable)
	return out
}

// tuningPattern is one of the name patterns tried in order, and the table key it selects.
type tuningPattern struct {
	re  func() *regexp2.Regexp
	key string
}

// pinTuningPatterns are TuningPatterns at the pin: drop C refuses a following # or b, the other
// letters refuse nothing (AlternateTuningsSkill.cs:53-74).
var pinTuningPatterns = []tuningPattern{
	{lazy.Regexp2(`\b(?:dadgad|d-a-d-g-a-d)\b`, regexp2.IgnoreCase), "dadgad"},
	{lazy.Regexp2(`(?<!\bdouble\s)(?<!\bdouble-)\bdrop[\s-]?d\b`, regexp2.IgnoreCase), "drop-d"},
	{lazy.Regexp2(`\bdouble[\s-]?drop[\s-]?d\b`, regexp2.IgnoreCase), "double-drop-d"},
	{lazy.Regexp2(`\bdrop[\s-]?c\b(?![#b])`, regexp2.IgnoreCase), "drop-c"},
	{lazy.Regexp2(`\bopen[\s-]?g\b`, regexp2.IgnoreCase), "open-g"},
	{lazy.Regexp2(`\bopen[\s-]?d\b`, regexp2.IgnoreCase), "open-d"},
	{lazy.Regexp2(`\bdgcgcd\b`, regexp2.IgnoreCase), "dgcgcd"},
	{lazy.Regexp2(`\bhalf[\s-]?step[\s-]?down\b|\beb\s+standard\b`, regexp2.IgnoreCase), "half-step-down"},
	{lazy.Regexp2(`\bwhole[\s-]?step[\s-]?down\b|\bd\s+standard\b`, regexp2.IgnoreCase), "whole-step-down"},
}

// mainTuningPatterns are the name patterns on GA's main (f4f5b4a): every pattern that ends on a
// note letter refuses a sharp or flat after it, ASCII or not. That source is not among the
// readable versions of the file; the patterns follow the course's original program's account
// of main (code/ga-ai/GaMain/Program.cs, Lesson17) and its recorded output.
var mainTuningPatterns = []tuningPattern{
	pinTuningPatterns[0],
	{lazy.Regexp2(`(?<!\bdouble\s)(?<!\bdouble-)\bdrop[\s-]?d\b(?![#b♯♭])`, regexp2.IgnoreCase), "drop-d"},
	{lazy.Regexp2(`\bdouble[\s-]?drop[\s-]?d\b(?![#b♯♭])`, regexp2.IgnoreCase), "double-drop-d"},
	{lazy.Regexp2(`\bdrop[\s-]?c\b(?![#b♯♭])`, regexp2.IgnoreCase), "drop-c"},
	{lazy.Regexp2(`\bopen[\s-]?g\b(?![#b♯♭])`, regexp2.IgnoreCase), "open-g"},
	{lazy.Regexp2(`\bopen[\s-]?d\b(?![#b♯♭])`, regexp2.IgnoreCase), "open-d"},
	pinTuningPatterns[6], pinTuningPatterns[7], pinTuningPatterns[8],
}

// sixNotesRe finds note tokens for a six-note question (AlternateTuningsSkill.cs:230).
var sixNotesRe = lazy.Regexp2(`\b[A-Ga-g][b#♭♯]?\b`)

// standardTuningNotes are StandardTuning (AlternateTuningsSkill.cs:133).
var standardTuningNotes = []string{"E", "A", "D", "G", "B", "E"}

// The skill's fixed texts (AlternateTuningsSkill.cs:275, 282).
const (
	tuningsSource     = "Source: AlternateTuningsSkill (tuning-table lookup, low→high convention)"
	tuningsCannotText = "Ask about a named alternate tuning (DADGAD, drop-D, drop-C, open-G, open-D, double-drop-D, DGCGCD, half-step-down, whole-step-down), or give 6 notes low→high."
)

// Execute is ExecuteAsync: the first name pattern that matches, else six notes looked up in
// the table or described string by string, else a decline (AlternateTuningsSkill.cs:135-151).
func (s AlternateTunings) Execute(message string) Result {
	patterns := pinTuningPatterns
	if s.Revision.IsMain() {
		patterns = mainTuningPatterns
	}
	for _, p := range patterns {
		if match(p.re, message) {
			for _, t := range tuningTable {
				if t.Key == p.key {
					return s.answerTuning(t)
				}
			}
		}
	}
	if notes := parseSixNotes(message); notes != nil {
		return s.answerByNotes(notes)
	}
	return Result{Text: tuningsCannotText, Confidence: 0.1,
		Evidence: []string{"AlternateTuningsSkill: no recognised tuning name or note sequence"}}
}

func (s AlternateTunings) newline() string {
	if s.NewLine == "" {
		return "\n"
	}
	return s.NewLine
}

// answerTuning is AnswerTuning: the notes, a row per string with its move from standard, and
// the two paragraphs (AlternateTuningsSkill.cs:153-178).
func (s AlternateTunings) answerTuning(t TuningInfo) Result {
	nl := s.newline()
	var sb strings.Builder
	sb.WriteString("**" + t.DisplayName + " tuning** (low → high): **" + strings.Join(t.Notes, " – ") + "**" + nl + nl)
	sb.WriteString("| String | Note | vs Standard |" + nl + "|--------|------|-------------|" + nl)
	for i := range 6 {
		label := ""
		switch i {
		case 0:
			label = " (low)"
		case 5:
			label = " (high)"
		}
		fmt.Fprintf(&sb, "| %d%s | %s | %s |%s", 6-i, label, t.Notes[i], describeDelta(standardTuningNotes[i], t.Notes[i]), nl)
	}
	sb.WriteString(nl + "**Change from standard**: " + t.VsStandard + nl + nl + "**Why use it**: " + t.Flavor + nl)
	return Result{Text: sb.String(), Confidence: 1, Evidence: []string{tuningsSource, "tuning(" + t.DisplayName + ")"}}
}

// answerByNotes is AnswerByNotes: the first table tuning with the same note names, else the
// notes described string by string (AlternateTuningsSkill.cs:180-201).
func (s AlternateTunings) answerByNotes(notes []string) Result {
	for _, t := range tuningTable {
		if notesMatch(t.Notes, notes) {
			return s.answerTuning(t)
		}
	}
	nl := s.newline()
	var sb strings.Builder
	sb.WriteString("That tuning (low → high: **" + strings.Join(notes, " – ") + "**) doesn't match any named alternate tuning I know." + nl + nl)
	sb.WriteString("Per-string difference from standard (E–A–D–G–B–E):" + nl + nl)
	sb.WriteString("| String | Note | vs Standard |" + nl + "|--------|------|-------------|" + nl)
	for i := range 6 {
		fmt.Fprintf(&sb, "| %d | %s | %s |%s", 6-i, notes[i], describeDelta(standardTuningNotes[i], notes[i]), nl)
	}
	return Result{Text: sb.String(), Confidence: 1,
		Evidence: []string{tuningsSource, "tuning(unnamed: " + strings.Join(notes, " ") + ")"}}
}

// notesMatch is NotesMatch: the same normalized name on every string; Eb and D# differ
// (AlternateTuningsSkill.cs:203-211).
func notesMatch(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if normalizeNote(a[i]) != normalizeNote(b[i]) {
			return false
		}
	}
	return true
}

// normalizeNote is NormalizeNote: Unicode accidentals to ASCII, one letter upper-cased, or a
// letter upper-cased and its accidental lower-cased (AlternateTuningsSkill.cs:213-222).
func normalizeNote(raw string) string {
	a := []rune(unicodeAccidentals.Replace(raw))
	switch len(a) {
	case 1:
		return strings.ToUpper(string(a))
	case 2:
		return strings.ToUpper(string(a[0])) + strings.ToLower(string(a[1]))
	}
	return string(a)
}

// parseSixNotes is TryParseSixNoteTuning: the first six note tokens, normalized; nil with fewer
// (AlternateTuningsSkill.cs:228-238).
func parseSixNotes(message string) []string {
	var notes []string
	for m := find(sixNotesRe, message); m != nil && len(notes) < 6; m = next(sixNotesRe, m) {
		notes = append(notes, normalizeNote(m.String()))
	}
	if len(notes) < 6 {
		return nil
	}
	return notes
}

// describeDelta is DescribeDelta: the shorter signed move from the standard string's note, or
// "(?)" for a name outside PcLookup (AlternateTuningsSkill.cs:240-265).
func describeDelta(standard, alt string) string {
	stdPc, ok1 := lookupFold(standard)
	altPc, ok2 := lookupFold(alt)
	if !ok1 || !ok2 {
		if alt == standard {
			return "—"
		}
		return "(?)"
	}
	d := shortestSemitones(stdPc, altPc)
	switch {
	case d == 0:
		return "same"
	case d > 0:
		return fmt.Sprintf("+%dst", d)
	}
	return fmt.Sprintf("%dst", d)
}

// lookupFold is PcLookup's case-insensitive lookup.
func lookupFold(name string) (int, bool) {
	for k, v := range rootPitchClass() {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	return 0, false
}
