package theory

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"course/internal/lazy"
)

// Symbols is what a message holds, read as lead sheets write chord symbols: the chord symbols,
// the words shaped like one but broken, and the Roman numerals of harmony.
type Symbols struct {
	// Chords are the chord symbols in the message's order, with ASCII accidentals (B♭ as Bb).
	Chords []string
	// Broken are the words shaped like a chord symbol that are not one, each with the reason.
	Broken []BrokenSymbol
	// Numerals are the Roman numerals, which name a chord only in a key.
	Numerals []string
}

// BrokenSymbol is a word shaped like a chord symbol that breaks the convention.
type BrokenSymbol struct {
	// Token is the word as written, trailing punctuation removed.
	Token string
	// Why says what breaks it: "root H", "lowercase root", "quality q7".
	Why string
}

// symbolShape is a letter, an optional accidental, the rest up to an optional slash bass.
var symbolShape = lazy.Regexp(`^(?P<letter>[A-Za-z])(?P<accidental>[#b♯♭]?)(?P<quality>[^/]*)(?:/(?P<bass>[A-G][#b♯♭]?))?$`)

// romanNumeral is a Roman numeral of harmony, I to VII in either case, with a seventh or a
// diminished or half-diminished sign.
var romanNumeral = lazy.Regexp(`^(?:VII|VI|V|IV|III|II|I|vii|vi|v|iv|iii|ii|i)(?:7|°|ø)?$`)

// extraQualities are written qualities the chord formulas do not list under that spelling.
var extraQualities = []string{"ø7"}

// knownQuality reports whether a chord symbol's quality is one the course can spell.
func knownQuality(q string) bool {
	_, ok := chordFormulas()[q]
	return ok || slices.Contains(extraQualities, q)
}

// ReadSymbols reads each space-separated word of message, without its trailing punctuation. A
// chord symbol is an uppercase root A-G, an optional accidental, a known quality and an
// optional slash bass. A word with that shape that breaks the rule (a root outside A-G, a
// lowercase root, an unknown quality with a digit in it) is broken; a word of two letters or
// more that is a Roman numeral is a numeral ("I" alone is the pronoun); any other word is text.
func ReadSymbols(message string) Symbols {
	var s Symbols
	for word := range strings.SplitSeq(message, " ") {
		token := strings.TrimRight(word, ",.?!")
		if utf8.RuneCountInString(token) >= 2 && romanNumeral().MatchString(token) {
			s.Numerals = append(s.Numerals, token)
			continue
		}
		m := symbolShape().FindStringSubmatch(token)
		if m == nil {
			continue
		}
		letter, accidental, quality := rune(m[1][0]), m[2], m[3]
		known := knownQuality(quality)
		inRange := letter >= 'A' && letter <= 'G'
		// A word that is not shaped like a symbol at all ("fits", "mode", "I") is text.
		if !known && !strings.ContainsFunc(quality, unicode.IsDigit) {
			continue
		}
		if quality == "" && accidental == "" && !inRange {
			continue
		}
		switch {
		case inRange && known:
			s.Chords = append(s.Chords, strings.NewReplacer("♭", "b", "♯", "#").Replace(token))
		case unicode.IsLower(letter):
			s.Broken = append(s.Broken, BrokenSymbol{token, "lowercase root"})
		case !inRange:
			s.Broken = append(s.Broken, BrokenSymbol{token, "root " + string(letter)})
		default:
			s.Broken = append(s.Broken, BrokenSymbol{token, "quality " + quality})
		}
	}
	return s
}
