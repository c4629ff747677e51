package dsl

import (
	"fmt"
	"slices"
	"strings"
)

// Version is one version of GA.Business.DSL: the pin's, or main's after #625, whose
// analyzeProgression asks KeyIdentificationService for the key and names numerals by quality.
type Version struct {
	// Commit is the short commit the version is named by.
	Commit string
	main   bool
}

// The two versions of the DSL.
var (
	// Pin is GA.Business.DSL at the pin a826864, read at c781df5c.
	Pin = Version{Commit: "a826864"}
	// Main is GA.Business.DSL on main after #625, 6baf32e.
	Main = Version{Commit: "6baf32e", main: true}
)

// Category is GaClosureCategory (Common/GA.Business.DSL/Closures/GaClosureRegistry.fs:10-15 @ c781df5c).
type Category string

// The categories; only Domain closures reach the chatbot.
const (
	Domain   Category = "Domain"
	Pipeline Category = "Pipeline"
	Agent    Category = "Agent"
	Io       Category = "Io"
)

// Input is one entry of a closure's InputSchema: a parameter and its type description.
type Input struct {
	Name, Type string
}

// Closure is GaClosure: a named, categorised computation with an input schema
// (GaClosureRegistry.fs:24-31 @ c781df5c). Exec is nil for closures the course lists but
// does not run.
type Closure struct {
	Name        string
	Category    Category
	Description string
	Tags        []string
	// Inputs is the InputSchema, a Map, so in ordinal order of the names.
	Inputs     []Input
	OutputType string
	Exec       func(args map[string]any) (any, error)
}

// GaError is a closure's Error value as .NET's ToString writes the F# union case,
// `DomainError "Missing 'chords' input"`.
type GaError struct {
	// Case is the union case's name, "DomainError".
	Case string
	// Args are the case's fields, quoted as .NET writes strings.
	Args []string
}

// Error writes the case as .NET's ToString does.
func (e *GaError) Error() string {
	quoted := make([]string, len(e.Args))
	for i, a := range e.Args {
		quoted[i] = fmt.Sprintf("%q", a)
	}
	if len(quoted) == 1 {
		return e.Case + " " + quoted[0]
	}
	return e.Case + " (" + strings.Join(quoted, ", ") + ")"
}

func domainError(msg string) error { return &GaError{Case: "DomainError", Args: []string{msg}} }

func parseError(what string, err error) error {
	return &GaError{Case: "ParseError", Args: []string{what, err.Error()}}
}

// The spellings and key helpers of DomainClosures.fs:14-49 @ c781df5c.
var (
	sharpNames = [12]string{"C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"}
	flatNames  = [12]string{"C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"}
)

// noteToSemitone is the letter's pitch class; anything else counts as C.
func noteToSemitone(letter string) int {
	if i := strings.Index("C D EF G A B", letter); letter != "" && len(letter) == 1 && i >= 0 {
		return i
	}
	return 0
}

// preferFlat chooses the spelling as DomainClosures.fs does: flats for a flat root and for F,
// sharps for every other root.
func preferFlat(note string, acc Accidental) bool {
	switch acc {
	case Flat, DoubleFlat:
		return true
	case Sharp, DoubleSharp:
		return false
	}
	return note == "F"
}

func spellingOf(useFlat bool) [12]string {
	if useFlat {
		return flatNames
	}
	return sharpNames
}

// splitNoteAcc parses a note name as DomainClosures.fs does: its letter part and its accidental,
// read from the end.
func splitNoteAcc(s string) (string, Accidental) {
	switch {
	case strings.HasSuffix(s, "##"):
		return s[:len(s)-2], DoubleSharp
	case strings.HasSuffix(s, "#"):
		return s[:len(s)-1], Sharp
	case strings.HasSuffix(s, "bb"):
		return s[:len(s)-2], DoubleFlat
	case len(s) > 1 && strings.HasSuffix(s, "b") && strings.ContainsRune("CDEFGAB", rune(s[0])):
		return s[:len(s)-1], Flat
	}
	return s, Natural
}

// normalizeRoot upper-cases the first letter of a root.
func normalizeRoot(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// intervalName is intervalName (DomainClosures.fs:78-83 @ c781df5c).
func intervalName(n int) string {
	names := map[int]string{0: "P1", 1: "m2", 2: "M2", 3: "m3", 4: "M3", 5: "P4", 6: "TT", 7: "P5",
		8: "m6", 9: "M6", 10: "m7", 11: "M7", 14: "M9", 15: "m10", 17: "P11", 21: "M13"}
	if s, ok := names[n]; ok {
		return s
	}
	return fmt.Sprintf("+%d", n)
}

// baseIntervals is qualityBaseIntervals (DomainClosures.fs:85-92 @ c781df5c).
func baseIntervals(q Quality) []int {
	switch q {
	case Minor:
		return []int{0, 3, 7}
	case Diminished:
		return []int{0, 3, 6}
	case Augmented:
		return []int{0, 4, 8}
	case Dominant:
		return []int{0, 4, 7, 10}
	case Suspended:
		return []int{0, 5, 7}
	}
	return []int{0, 4, 7}
}

// extensionIntervals are the semitones of the chord's extensions that extensionSemitone
// knows, in order (DomainClosures.fs:94-98 @ c781df5c).
func extensionIntervals(c ChordAst) []int {
	sizes := map[string]int{"7": 10, "maj7": 11, "9": 14, "maj9": 14, "11": 17, "13": 21}
	var out []int
	for _, comp := range c.Components {
		if s, ok := sizes[comp.Text]; ok && comp.Kind == Extension {
			out = append(out, s)
		}
	}
	return out
}

// chordIntervals are the quality's intervals, then the extensions' (not made distinct).
func chordIntervals(c ChordAst) []int {
	return append(baseIntervals(c.Quality), extensionIntervals(c)...)
}

// chordPitchClasses is chordPitchClasses: the quality's triad and the extensions, each
// interval once, as pitch classes above the root (DomainClosures.fs:348-354 @ c781df5c).
func chordPitchClasses(c ChordAst) []int {
	var out []int
	for _, i := range chordIntervals(c) {
		if pc := (c.RootPc() + i) % 12; !slices.Contains(out, pc) {
			out = append(out, pc)
		}
	}
	return out
}

// The diatonic patterns: each degree's offset and triad quality (DomainClosures.fs:104-115 @ c781df5c).
type degree struct {
	offset  int
	quality Quality
}

var (
	majorPattern = []degree{{0, NoQuality}, {2, Minor}, {4, Minor}, {5, NoQuality}, {7, NoQuality}, {9, Minor}, {11, Diminished}}
	minorPattern = []degree{{0, Minor}, {2, Diminished}, {3, NoQuality}, {5, Minor}, {7, Minor}, {8, NoQuality}, {10, NoQuality}}
)

// qualSuffix writes the triad quality as DomainClosures.fs's diatonicChords does.
func qualSuffix(q Quality) string {
	return [...]string{"", "", "m", "dim", "aug", "sus", "7"}[q]
}

func isMinorScale(s string) bool {
	switch strings.ToLower(s) {
	case "minor", "aeolian", "natural minor":
		return true
	}
	return false
}

// conventionalKeyName is conventionalKeyName: Db, Eb, Ab, Bb flat, every other pitch class
// sharp (DomainClosures.fs:268-271 @ c781df5c).
func conventionalKeyName(pc int) string {
	switch pc {
	case 1, 3, 8, 10:
		return flatNames[pc]
	}
	return sharpNames[pc]
}

func str(args map[string]any, name string) (string, bool) {
	v, ok := args[name]
	if !ok {
		return "", false
	}
	s, _ := v.(string)
	return s, true
}

// transposeChord is domain.transposeChord: the root moved by semitones and spelled from the
// sharp or flat list that preferFlat picks for the old root; the rest of the symbol rendered
// as parsed (DomainClosures.fs:140-165 @ c781df5c).
func transposeChord(args map[string]any) (any, error) {
	symbol, ok := str(args, "symbol")
	if !ok {
		return nil, domainError("Missing 'symbol' input")
	}
	n, ok := args["semitones"]
	if !ok {
		return nil, domainError("Missing 'semitones' input")
	}
	semitones, _ := n.(int)
	c, err := ParseChord(symbol)
	if err != nil {
		return nil, parseError("chord", err)
	}
	newPc := ((c.RootPc()+semitones%12)%12 + 12) % 12
	c.Root, c.Acc = splitNoteAcc(spellingOf(preferFlat(c.Root, c.Acc))[newPc])
	return RenderChord(c), nil
}

// diatonicChords is domain.diatonicChords: the seven triads, each root spelled from the sharp
// or flat list that preferFlat picks for the tonic (DomainClosures.fs:168-196 @ c781df5c).
func diatonicChords(args map[string]any) (any, error) {
	r, ok := str(args, "root")
	if !ok {
		return nil, domainError("Missing 'root' input")
	}
	s, ok := str(args, "scale")
	if !ok {
		return nil, domainError("Missing 'scale' input")
	}
	note, acc := splitNoteAcc(normalizeRoot(r))
	rootPc := mod12(noteToSemitone(note) + acc.Semitones())
	pattern := majorPattern
	if isMinorScale(s) {
		pattern = minorPattern
	}
	naming := spellingOf(preferFlat(note, acc))
	chords := make([]string, len(pattern))
	for i, d := range pattern {
		chords[i] = naming[(rootPc+d.offset)%12] + qualSuffix(d.quality)
	}
	return chords, nil
}

// commonTones is domain.commonTones: the first chord's pitch classes the second also has,
// each named by conventionalKeyName with its interval in both chords
// (DomainClosures.fs:489-533 @ c781df5c). On main the chord's tones and their names come
// from chordTones, so a diminished seventh, a sixth or an altered fifth count
// (DomainClosures.fs, commonTones @ 6baf32e).
func (v Version) commonTones(args map[string]any) (any, error) {
	c1, ok := str(args, "chord1")
	if !ok {
		return nil, domainError("Missing 'chord1' input")
	}
	c2, ok := str(args, "chord2")
	if !ok {
		return nil, domainError("Missing 'chord2' input")
	}
	a, err := ParseChord(c1)
	if err != nil {
		return nil, parseError("chord1", err)
	}
	b, err := ParseChord(c2)
	if err != nil {
		return nil, parseError("chord2", err)
	}
	pcsOf, role, _ := v.chordModel()
	pcs2 := pcsOf(b)
	var shared []int
	for _, pc := range pcsOf(a) {
		if slices.Contains(pcs2, pc) {
			shared = append(shared, pc)
		}
	}
	if len(shared) == 0 {
		return fmt.Sprintf("%s and %s share no common tones", c1, c2), nil
	}
	desc := make([]string, len(shared))
	for i, pc := range shared {
		desc[i] = fmt.Sprintf("%s (%s in %s, %s in %s)", conventionalKeyName(pc), role(a, pc), c1, role(b, pc), c2)
	}
	return fmt.Sprintf("Common tones (%d):\n  %s", len(shared), strings.Join(desc, "\n  ")), nil
}

// chordModel is how version v reads a parsed chord: its pitch classes, the name of the interval
// that reaches a pitch class, and its intervals. The pin's closures take the quality's triad and
// the extensions' sizes; main's take chordTones (DomainClosures.fs @ 6baf32e).
func (v Version) chordModel() (pcs func(ChordAst) []int, role func(ChordAst, int) string, intervals func(ChordAst) []int) {
	if v.main {
		return mainPitchClasses, mainRole, mainIntervals
	}
	return chordPitchClasses, pinRole, chordIntervals
}

// pinRole names the first of the chord's intervals (quality, then extensions) that reaches pc,
// or "?".
func pinRole(c ChordAst, pc int) string {
	for _, i := range chordIntervals(c) {
		if (c.RootPc()+i)%12 == pc {
			return intervalName(i)
		}
	}
	return "?"
}

// mainIntervals are the semitones of main's chordTones.
func mainIntervals(c ChordAst) []int {
	var out []int
	for _, t := range chordTones(c) {
		out = append(out, t.semitones)
	}
	return out
}

// mainPitchClasses is main's chordPitchClasses: the pitch classes of chordTones, each once.
func mainPitchClasses(c ChordAst) []int {
	var out []int
	for _, t := range chordTones(c) {
		if pc := (c.RootPc() + t.semitones) % 12; !slices.Contains(out, pc) {
			out = append(out, pc)
		}
	}
	return out
}

// mainRole names the first of chordTones that reaches pc, by intervalNameOf, or "?".
func mainRole(c ChordAst, pc int) string {
	for _, t := range chordTones(c) {
		if (c.RootPc()+t.semitones)%12 == pc {
			return intervalNameOf(t)
		}
	}
	return "?"
}

// chordSubstitutions is domain.chordSubstitutions in version v: the key's seven diatonic
// triads, each but the chord itself (same root, same quality) ranked by the notes it shares
// with the chord, most first and in scale order among equals, and a tritone substitute when the
// chord has a major third and a minor seventh (DomainClosures.fs:535-621 @ c781df5c, unchanged
// since a8971fb6, 2026-03-09). On main (6baf32e, after #625) the chords' tones and their names
// come from chordTones, as in commonTones: G7's F against Bdim is m7/d5 there, m7/TT at the pin,
// as lesson 14's reference shows.
func (v Version) chordSubstitutions(args map[string]any) (any, error) {
	symbol, ok := str(args, "symbol")
	if !ok {
		return nil, domainError("Missing 'symbol' input")
	}
	target, err := ParseChord(symbol)
	if err != nil {
		return nil, parseError("chord", err)
	}
	pcsOf, role, ivalsOf := v.chordModel()
	targetRoot, targetPcs, tIvals := target.RootPc(), pcsOf(target), ivalsOf(target)
	keyStr, ok := str(args, "key")
	if !ok {
		keyStr = target.Root
	}
	scaleStr, ok := str(args, "scale")
	if !ok {
		scaleStr = "major"
	}
	keyNote, keyAcc := splitNoteAcc(normalizeRoot(keyStr))
	keyPc := mod12(noteToSemitone(keyNote) + keyAcc.Semitones())
	pattern := majorPattern
	if l := strings.ToLower(scaleStr); l == "minor" || l == "aeolian" {
		pattern = minorPattern
	}
	naming := spellingOf(preferFlat(keyNote, keyAcc))
	type sub struct {
		name, desc string
		n          int
	}
	var subs []sub
	for _, d := range pattern {
		candidate := naming[(keyPc+d.offset)%12] + qualSuffix(d.quality)
		c, err := ParseChord(candidate)
		if err != nil {
			continue
		}
		if c.RootPc() == targetRoot && c.Quality == target.Quality {
			continue
		}
		cPcs := pcsOf(c)
		var desc []string
		for _, pc := range targetPcs {
			if slices.Contains(cPcs, pc) {
				desc = append(desc, fmt.Sprintf("%s(%s/%s)", conventionalKeyName(pc), role(target, pc), role(c, pc)))
			}
		}
		if len(desc) > 0 {
			subs = append(subs, sub{candidate, strings.Join(desc, " "), len(desc)})
		}
	}
	slices.SortStableFunc(subs, func(a, b sub) int { return b.n - a.n })
	lines := []string{fmt.Sprintf("Substitutions for %s in key of %s %s:", symbol, keyStr, scaleStr)}
	for _, s := range subs {
		stars := "★  "
		switch {
		case s.n >= 3:
			stars = "★★★"
		case s.n == 2:
			stars = "★★ "
		}
		lines = append(lines, fmt.Sprintf("  %s %-6s — %d shared: %s", stars, s.name, s.n, s.desc))
	}
	if len(subs) == 0 {
		lines = append(lines, "  (no diatonic substitutions found)")
	}
	if slices.Contains(tIvals, 4) && slices.Contains(tIvals, 10) {
		lines = append(lines, fmt.Sprintf("  ◈  %-6s — tritone sub (shares guide tones enharmonically)", flatNames[(targetRoot+6)%12]+"7"))
	}
	return strings.Join(lines, "\n"), nil
}
