package dsl

import (
	"fmt"
	"slices"
	"strings"

	"course/ga/keys"
)

// domain.analyzeProgression, the closure that names a progression's key and numerals: by
// scale membership at the pin, by KeyIdentificationService on main after #625.

// The scales and numerals of analyzeProgression (DomainClosures.fs:260-266 @ c781df5c).
var (
	majorOffsets = []int{0, 2, 4, 5, 7, 9, 11}
	minorOffsets = []int{0, 2, 3, 5, 7, 8, 10}
	majorRomans  = []string{"I", "ii", "iii", "IV", "V", "vi", "vii°"}
	minorRomans  = []string{"i", "ii°", "III", "iv", "v", "VI", "VII"}
	romanDigits  = []string{"I", "II", "III", "IV", "V", "VI", "VII"}
)

// scoreKey counts the pitch classes, repeats included, in the scale on rootPc.
func scoreKey(rootPc int, offsets, pcs []int) int {
	n := 0
	for _, pc := range pcs {
		if slices.ContainsFunc(offsets, func(o int) bool { return (rootPc+o)%12 == pc }) {
			n++
		}
	}
	return n
}

// degreeOf is the index of pc in the scale offsets on rootPc, -1 when it is not in it.
func degreeOf(rootPc int, offsets []int, pc int) int {
	return slices.IndexFunc(offsets, func(o int) bool { return (rootPc+o)%12 == pc })
}

// parsedSymbol is a symbol of the progression and the chord it parses as, when it parses.
type parsedSymbol struct {
	symbol string
	chord  ChordAst
	ok     bool
}

// analyzeProgression is domain.analyzeProgression in version v.
func (v Version) analyzeProgression(args map[string]any) (any, error) {
	c, ok := str(args, "chords")
	if !ok {
		return nil, domainError("Missing 'chords' input")
	}
	symbols := strings.FieldsFunc(c, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	parsed := make([]parsedSymbol, len(symbols))
	valid := 0
	for i, s := range symbols {
		ch, err := ParseChord(s)
		parsed[i] = parsedSymbol{s, ch, err == nil}
		if err == nil {
			valid++
		}
	}
	if valid == 0 {
		return nil, domainError("Could not parse any chord symbols")
	}
	if v.main {
		return analyzeOnMain(symbols, parsed)
	}
	return analyzeAtPin(parsed)
}

// analyzeAtPin is the pin's analyzeProgression: each major and minor key from C up scored by
// how many roots fall in its scale, doubled, plus one for the key on the first root; the
// first highest wins; numerals by root alone (DomainClosures.fs:279-336 @ c781df5c).
func analyzeAtPin(parsed []parsedSymbol) (any, error) {
	var pcs []int
	for _, p := range parsed {
		if p.ok {
			pcs = append(pcs, p.chord.RootPc())
		}
	}
	bestScore, keyPc, minor := -1, 0, false
	for rpc := 0; rpc < 12; rpc++ {
		for _, m := range []bool{false, true} {
			offsets := majorOffsets
			if m {
				offsets = minorOffsets
			}
			s := scoreKey(rpc, offsets, pcs) * 2
			if rpc == pcs[0] {
				s++
			}
			if s > bestScore {
				bestScore, keyPc, minor = s, rpc, m
			}
		}
	}
	offsets, romans, scale := majorOffsets, majorRomans, "major"
	if minor {
		offsets, romans, scale = minorOffsets, minorRomans, "minor"
	}
	return formatAnalysis(conventionalKeyName(keyPc), scale, fmt.Sprintf("%d/%d", scoreKey(keyPc, offsets, pcs), len(pcs)),
		parsed, func(c ChordAst) string {
			if i := degreeOf(keyPc, offsets, c.RootPc()); i >= 0 {
				return romans[i]
			}
			return "?"
		}), nil
}

// analyzeOnMain is main's analyzeProgression: the key is the first of main's
// KeyIdentificationService.Identify, the confidence counts the symbols its IsChordDiatonic
// accepts, and a numeral's case and sign come from the chord's quality
// (DomainClosures.fs, romanFor and analyzeProgression @ 6baf32e).
func analyzeOnMain(symbols []string, parsed []parsedSymbol) (any, error) {
	candidates := keys.Main.Identify(symbols)
	if len(candidates) == 0 {
		return nil, domainError("Could not identify key for the given chords")
	}
	best := candidates[0].Key
	name, scale, _ := strings.Cut(best, " ")
	note, acc := splitNoteAcc(name)
	keyPc := mod12(noteToSemitone(note) + acc.Semitones())
	offsets := majorOffsets
	if scale != "major" {
		offsets = minorOffsets
	}
	matches := 0
	for _, s := range symbols {
		if keys.Main.IsChordDiatonic(best, s) {
			matches++
		}
	}
	return formatAnalysis(name, scale, fmt.Sprintf("%d/%d", matches, len(symbols)), parsed, func(c ChordAst) string {
		i := degreeOf(keyPc, offsets, c.RootPc())
		if i < 0 {
			return "?"
		}
		halfDiminished := slices.ContainsFunc(c.Components, func(k Component) bool {
			return (k.Kind == Extension && k.Text == "m7b5") ||
				(k.Kind == Alteration && k.Acc == Flat && k.Text == "5" && c.Quality == Minor)
		})
		digits := romanDigits[i]
		switch {
		case halfDiminished:
			return strings.ToLower(digits) + "ø"
		case c.Quality == Minor:
			return strings.ToLower(digits)
		case c.Quality == Diminished:
			return strings.ToLower(digits) + "°"
		case c.Quality == Augmented:
			return digits + "+"
		}
		return digits
	}), nil
}

// formatAnalysis writes the closure's three lines: the key and confidence, then the symbols
// and the numerals, each padded to six characters and joined by a space.
func formatAnalysis(key, scale, confidence string, parsed []parsedSymbol, roman func(ChordAst) string) string {
	syms := make([]string, len(parsed))
	roms := make([]string, len(parsed))
	for i, p := range parsed {
		s, r := "?", "?"
		if p.ok {
			s, r = p.symbol, roman(p.chord)
		}
		syms[i], roms[i] = pad6(s), pad6(r)
	}
	return fmt.Sprintf("Key: %s %s  (confidence %s)\n%s\n%s", key, scale, confidence,
		strings.Join(syms, " "), strings.Join(roms, " "))
}

// pad6 is sprintf "%-6s": padded to six characters (runes, as .NET counts "°" as one).
func pad6(s string) string {
	if n := len([]rune(s)); n < 6 {
		return s + strings.Repeat(" ", 6-n)
	}
	return s
}
