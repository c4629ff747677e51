package dsl

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf16"
)

// Closure is a GaClosure of GA's closure registry as ga_dsl_eval sees it: its name, category,
// input schema and, for the closures the course runs, its Exec
// (Common/GA.Business.DSL/Closures/GaClosureRegistry.fs @ c781df5c).
type Closure struct {
	// Name is the dotted name, "domain.chordSubstitutions".
	Name string
	// Category is the GaClosureCategory case, "Domain" for every closure listed here.
	Category string
	// Inputs are the InputSchema, in the F# Map's order: ordinal by input name.
	Inputs []Input
	// Exec runs the closure on its inputs; nil for a closure the course does not run.
	Exec func(inputs map[string]string) (string, error)
}

// Input is one entry of an InputSchema: the input's name and its declared type, prose included.
type Input struct{ Name, Type string }

// ClosureError is a GaError a closure returns, as its ToString writes it.
type ClosureError struct{ Text string }

func (e *ClosureError) Error() string { return e.Text }

func inputs(pairs ...string) []Input {
	var in []Input
	for i := 0; i+1 < len(pairs); i += 2 {
		in = append(in, Input{pairs[i], pairs[i+1]})
	}
	slices.SortFunc(in, func(a, b Input) int { return strings.Compare(a.Name, b.Name) })
	return in
}

// DomainClosures are the closures of category Domain that GaClosureBootstrap.init registers at
// the pin, the ones ga_dsl_eval exposes: DomainClosures.register's eleven and TabClosures' four
// (Closures/BuiltinClosures/DomainClosures.fs:120-630, 698-710; TabClosures.fs:32-144 @ c781df5c).
// chordSubstitutions is the only one the course runs. main selects the version of GA's main
// branch after #625 (6baf32e).
func DomainClosures(main bool) []Closure {
	subs := ChordSubstitutions
	if main {
		subs = ChordSubstitutionsMain
	}
	return []Closure{
		{Name: "domain.parseChord", Category: "Domain", Inputs: inputs("symbol", "string — chord symbol to parse")},
		{Name: "domain.transposeChord", Category: "Domain", Inputs: inputs("symbol", "string", "semitones", "int")},
		{Name: "domain.diatonicChords", Category: "Domain", Inputs: inputs("root", "string", "scale", "string")},
		{Name: "domain.chordIntervals", Category: "Domain", Inputs: inputs("symbol", "string — chord symbol")},
		{Name: "domain.relativeKey", Category: "Domain", Inputs: inputs("root", "string", "scale", "string (major|minor)")},
		{Name: "domain.analyzeProgression", Category: "Domain", Inputs: inputs("chords", "string — space-separated chord symbols")},
		{Name: "domain.progressionCompletion", Category: "Domain", Inputs: inputs("chords", "string — space-separated chord symbols")},
		{Name: "domain.queryChords", Category: "Domain", Inputs: inputs(
			"key", "string — root note (e.g. G, Bb)",
			"scale", "string — major|minor",
			"quality", "string? — major|minor|diminished|augmented|dominant",
			"hasInterval", "string? — interval name a chord must contain (P1, m3, P5…)",
			"degree", "string? — Roman numeral to select (I, ii, IV…)")},
		{Name: "domain.projectChord", Category: "Domain", Inputs: inputs("symbol", "string — chord symbol", "fields", "string — space-separated field names")},
		{Name: "domain.commonTones", Category: "Domain", Inputs: inputs("chord1", "string — first chord symbol", "chord2", "string — second chord symbol")},
		{Name: "domain.chordSubstitutions", Category: "Domain", Inputs: inputs(
			"symbol", "string — chord to substitute (e.g. 'Am', 'G7')",
			"key", "string? — key root (e.g. 'C', 'G'). Defaults to chord root.",
			"scale", "string? — 'major' or 'minor'. Defaults to 'major'."), Exec: subs},
		{Name: "tab.parseAscii", Category: "Domain", Inputs: inputs("text", "string — ASCII tab text")},
		{Name: "tab.parseVexTab", Category: "Domain", Inputs: inputs("text", "string — VexTab source")},
		{Name: "tab.generateChord", Category: "Domain", Inputs: inputs("symbol", "string — chord symbol (e.g. Am7, Cmaj9)")},
		{Name: "tab.sources", Category: "Domain"},
	}
}

// EvalResult is DslEvalResult as the lesson reads it: the closure's text, or an error code and
// message.
type EvalResult struct {
	Result        string
	Code, Message string
}

// errNotRun is the error of a closure whose Exec the course does not model.
var errNotRun = errors.New("closure not modelled by the course")

// EvalClosure is ga_dsl_eval, DslEvalMcpTools.EvalClosure at the pin: the name looked up without
// regard to case, then every declared input required ("everything in InputSchema is required
// for v0.1"), the first missing one, in the schema's order, reported; then Exec
// (Common/GA.Business.ML/Agents/Mcp/DslEvalMcpTools.cs:139-300 @ c781df5c).
func EvalClosure(closures []Closure, name string, args map[string]string) EvalResult {
	if strings.TrimSpace(name) == "" || len(utf16.Encode([]rune(name))) > 64 {
		return EvalResult{Code: "closure-not-found", Message: "closure '" + SanitizeEcho(name) + "' not found; call ga_dsl_list_closures to see available names"}
	}
	i := slices.IndexFunc(closures, func(c Closure) bool { return strings.EqualFold(c.Name, name) })
	if i < 0 {
		return EvalResult{Code: "closure-not-found", Message: "closure '" + SanitizeEcho(name) + "' not found; call ga_dsl_list_closures to see available names"}
	}
	c := closures[i]
	for _, in := range c.Inputs {
		if _, ok := args[in.Name]; !ok {
			return EvalResult{Code: "missing-required-arg", Message: fmt.Sprintf("closure '%s' requires argument '%s' (declared type: %s)",
				SanitizeEcho(c.Name), SanitizeEcho(in.Name), in.Type)}
		}
	}
	if c.Exec == nil {
		return EvalResult{Code: "closure-exception", Message: errNotRun.Error()}
	}
	out, err := c.Exec(args)
	if err != nil {
		return EvalResult{Code: "closure-runtime-error", Message: SanitizeEcho(err.Error())}
	}
	return EvalResult{Result: out}
}

// SanitizeEcho is McpEchoSanitizer.SanitizeEcho: the text cut to 16 UTF-16 code units and an
// ellipsis, control characters shown as a middle dot (Agents/Mcp/McpEchoSanitizer.cs:36-44).
func SanitizeEcho(raw string) string {
	u := utf16.Encode([]rune(raw))
	clamped := raw
	if len(u) > 16 {
		clamped = string(utf16.Decode(u[:16])) + "…"
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return '·'
		}
		return r
	}, clamped)
}

// The note and interval helpers of DomainClosures.fs (lines 10-118, 262-266, 349-355).
var (
	sharpNames = [12]string{"C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"}
	flatNames  = [12]string{"C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"}
)

func noteToSemitone(n string) int {
	return map[string]int{"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}[n]
}

func accToSemitone(a string) int {
	return map[string]int{"Sharp": 1, "DoubleSharp": 2, "Flat": -1, "DoubleFlat": -2}[a]
}

func accStr(a string) string {
	return map[string]string{"Sharp": "#", "Flat": "b", "DoubleSharp": "##", "DoubleFlat": "bb"}[a]
}

func rootPc(ast ChordAst) int {
	return (noteToSemitone(ast.Root) + accToSemitone(ast.RootAccidental) + 120) % 12
}

// intervalName names semitones as the pin does; main names the tritone d5.
func intervalName(n int, main bool) string {
	names := map[int]string{0: "P1", 1: "m2", 2: "M2", 3: "m3", 4: "M3", 5: "P4", 6: "TT", 7: "P5", 8: "m6", 9: "M6",
		10: "m7", 11: "M7", 14: "M9", 15: "m10", 17: "P11", 21: "M13"}
	if main && n == 6 {
		return "d5"
	}
	if s, ok := names[n]; ok {
		return s
	}
	return fmt.Sprintf("+%d", n)
}

func qualityBaseIntervals(q string) []int {
	switch q {
	case "Minor":
		return []int{0, 3, 7}
	case "Diminished":
		return []int{0, 3, 6}
	case "Augmented":
		return []int{0, 4, 8}
	case "Dominant":
		return []int{0, 4, 7, 10}
	case "Suspended":
		return []int{0, 5, 7}
	}
	return []int{0, 4, 7}
}

func extensionSemitone(e string) (int, bool) {
	n, ok := map[string]int{"7": 10, "maj7": 11, "9": 14, "maj9": 14, "11": 17, "13": 21}[e]
	return n, ok
}

// chordIntervals are the quality's intervals and then the extensions' (not made distinct).
func chordIntervals(ast ChordAst) []int {
	iv := slices.Clone(qualityBaseIntervals(ast.Quality))
	for _, e := range ast.Extensions {
		if n, ok := extensionSemitone(e); ok {
			iv = append(iv, n)
		}
	}
	return iv
}

// chordPitchClasses are the distinct intervals above the root, mod 12, in order.
func chordPitchClasses(ast ChordAst) []int {
	var out []int
	seen := map[int]bool{}
	for _, i := range chordIntervals(ast) {
		if !seen[i] {
			seen[i] = true
			out = append(out, (rootPc(ast)+i)%12)
		}
	}
	return out
}

func conventionalKeyName(pc int) string {
	switch pc {
	case 1, 3, 8, 10:
		return flatNames[pc]
	}
	return sharpNames[pc]
}

// splitNoteAcc splits "C#" into ("C", "Sharp") and "Bb" into ("B", "Flat").
func splitNoteAcc(s string) (string, string) {
	switch {
	case strings.HasSuffix(s, "##"):
		return s[:len(s)-2], "DoubleSharp"
	case strings.HasSuffix(s, "#"):
		return s[:len(s)-1], "Sharp"
	case strings.HasSuffix(s, "bb"):
		return s[:len(s)-2], "DoubleFlat"
	case len(s) > 1 && strings.HasSuffix(s, "b") && strings.ContainsRune("CDEFGAB", rune(s[0])):
		return s[:len(s)-1], "Flat"
	}
	return s, "Natural"
}

func normalizeRoot(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func preferFlat(note, acc string) bool {
	switch acc {
	case "Flat", "DoubleFlat":
		return true
	case "Sharp", "DoubleSharp":
		return false
	}
	return note == "F"
}

type degree struct {
	offset  int
	quality string
}

var (
	majorPattern = []degree{{0, ""}, {2, "Minor"}, {4, "Minor"}, {5, ""}, {7, ""}, {9, "Minor"}, {11, "Diminished"}}
	minorPattern = []degree{{0, "Minor"}, {2, "Diminished"}, {3, ""}, {5, "Minor"}, {7, "Minor"}, {8, ""}, {10, ""}}
)

func qualSuffix(q string) string {
	return map[string]string{"Minor": "m", "Diminished": "dim", "Augmented": "aug", "Suspended": "sus", "Dominant": "7"}[q]
}

// ChordSubstitutions is domain.chordSubstitutions' Exec at the pin: the key's seven diatonic
// triads, each but the chord itself (same root, same quality) ranked by the notes it shares
// with the chord, most first and in scale order among equals, and a tritone substitute when the
// chord has a major third and a minor seventh (DomainClosures.fs:535-621 @ c781df5c, unchanged
// since a8971fb6, 2026-03-09).
func ChordSubstitutions(inputs map[string]string) (string, error) {
	return chordSubstitutions(inputs, false)
}

// ChordSubstitutionsMain is the closure on GA's main branch after #625 (6baf32e), which the
// store cannot read: the lesson's reference shows it run as at the pin except that the tritone
// is named d5.
func ChordSubstitutionsMain(inputs map[string]string) (string, error) {
	return chordSubstitutions(inputs, true)
}

func chordSubstitutions(inputs map[string]string, main bool) (string, error) {
	symbol, ok := inputs["symbol"]
	if !ok {
		return "", &ClosureError{"DomainError \"Missing 'symbol' input\""}
	}
	target, ok := ParseChord(symbol)
	if !ok {
		// GA's error carries FParsec's message, which the course does not reproduce.
		return "", &ClosureError{"ParseError (\"chord\", " + fmt.Sprintf("%q", symbol) + ")"}
	}
	targetRoot, targetPcs := rootPc(target), chordPitchClasses(target)
	keyStr, ok := inputs["key"]
	if !ok {
		keyStr = target.Root
	}
	scaleStr, ok := inputs["scale"]
	if !ok {
		scaleStr = "major"
	}
	keyNote, keyAcc := splitNoteAcc(normalizeRoot(keyStr))
	keyPc := (noteToSemitone(keyNote) + accToSemitone(keyAcc) + 120) % 12
	pattern := majorPattern
	if l := strings.ToLower(scaleStr); l == "minor" || l == "aeolian" {
		pattern = minorPattern
	}
	naming := sharpNames
	if preferFlat(keyNote, keyAcc) {
		naming = flatNames
	}
	tIvals := chordIntervals(target)
	type sub struct {
		name, desc string
		n          int
	}
	var subs []sub
	for _, d := range pattern {
		note, acc := splitNoteAcc(naming[(keyPc+d.offset)%12])
		candidate := note + accStr(acc) + qualSuffix(d.quality)
		c, ok := ParseChord(candidate)
		if !ok {
			continue
		}
		cRoot := rootPc(c)
		if cRoot == targetRoot && c.Quality == target.Quality {
			continue
		}
		cIvals, cPcs := chordIntervals(c), chordPitchClasses(c)
		var desc []string
		for _, pc := range targetPcs {
			if !slices.Contains(cPcs, pc) {
				continue
			}
			role := func(root int, ivals []int) string {
				for _, i := range ivals {
					if (root+i)%12 == pc {
						return intervalName(i, main)
					}
				}
				return "?"
			}
			desc = append(desc, fmt.Sprintf("%s(%s/%s)", conventionalKeyName(pc), role(targetRoot, tIvals), role(cRoot, cIvals)))
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
