package dsl

import "strings"

// ChordAst is GA's ChordAst: a root letter and accidental, an optional quality, the components
// after it and an optional bass (Common/GA.Business.DSL/Types/ChordAst.fs @ c781df5c).
type ChordAst struct {
	// Root is the root letter, upper-cased.
	Root string
	// RootAccidental is "Natural", "Sharp", "Flat", "DoubleSharp" or "DoubleFlat".
	RootAccidental string
	// Quality is the QualityType case ("Major", "Minor", "Diminished", "Augmented",
	// "Suspended", "Dominant"), "" for none.
	Quality string
	// Extensions are the Extension components, in order ("7", "maj7", "9").
	Extensions []string
	// Others counts the alteration and omission components.
	Others int
	// Bass is the bass note after a slash, "" for none.
	Bass string
}

// ParseChord is ChordDslService.Parse, ChordParser.parse: pChord run without an end-of-input
// check, so text after a chord is ignored (Common/GA.Business.DSL/Parsers/ChordParser.fs @
// c781df5c, the newest readable version before the pin).
func ParseChord(symbol string) (ChordAst, bool) {
	s := &state{in: units(symbol)}
	return chordGrammar()(s)
}

func chordGrammar() parser[ChordAst] {
	stringReturn := func(lit, v string) parser[string] { return constant(pstring(lit), v) }
	pNote := mapTo(anyOf("CDEFGABcdefgab"), func(r rune) string { return string(r) })
	pAccidental := choice(
		attempt(choice(stringReturn("##", "DoubleSharp"), stringReturn("x", "DoubleSharp"), stringReturn("𝄪", "DoubleSharp"))),
		attempt(choice(stringReturn("bb", "DoubleFlat"), stringReturn("𝄫", "DoubleFlat"))),
		choice(stringReturn("#", "Sharp"), stringReturn("♯", "Sharp")),
		choice(stringReturn("b", "Flat"), stringReturn("♭", "Flat")),
		stringReturn("♮", "Natural"),
	)
	notFollowedBy := func(p parser[string]) parser[unit] {
		return func(s *state) (unit, bool) {
			start := s.pos
			_, ok := p(s)
			s.pos = start
			return unit{}, !ok
		}
	}
	digit := mapTo(many1Satisfy2(isDigit, func(uint16) bool { return false }), func(d string) string { return d })
	noDigitAfter := func(lit string) parser[string] {
		return attempt(constant(before(pstring(lit), notFollowedBy(digit)), "Major"))
	}
	pQuality := choice(
		attempt(choice(noDigitAfter("maj"), noDigitAfter("MAJ"), noDigitAfter("Maj"), stringReturn("M", "Major"), stringReturn("Δ", "Major"))),
		choice(stringReturn("min", "Minor"), stringReturn("MIN", "Minor"), stringReturn("mi", "Minor"), stringReturn("-", "Minor"),
			attempt(constant(before(pstring("m"), notFollowedBy(pstring("a"))), "Minor"))),
		choice(stringReturn("dim", "Diminished"), stringReturn("DIM", "Diminished"), stringReturn("°", "Diminished"), stringReturn("o", "Diminished")),
		choice(stringReturn("aug", "Augmented"), stringReturn("AUG", "Augmented"), stringReturn("+", "Augmented")),
		choice(stringReturn("sus", "Suspended"), stringReturn("SUS", "Suspended")),
	)
	type component struct {
		extension string
		other     bool
	}
	ext := func(lit, name string) parser[component] {
		return attempt(constant(pstring(lit), component{extension: name}))
	}
	pExtension := choice(
		ext("13", "13"), ext("11", "11"),
		ext("maj7", "maj7"), ext("maj9", "maj9"), ext("maj11", "maj11"), ext("maj13", "maj13"),
		ext("m7b5", "m7b5"), ext("-7b5", "m7b5"), ext("6/9", "6/9"),
		ext("add9", "add9"), ext("add11", "add11"), ext("add13", "add13"), ext("add2", "add2"), ext("add4", "add4"),
		mapTo(anyOf("796245"), func(r rune) component { return component{extension: string(r)} }),
	)
	pAlteration := choice(
		constant(pstring("alt"), component{other: true}),
		constant(pstring("ALT"), component{other: true}),
		pipe2(opt(pAccidental), choice(attempt(pstring("13")), attempt(pstring("11")), attempt(pstring("9")), attempt(pstring("5"))),
			func(option[string], string) component { return component{other: true} }),
	)
	many := func(p parser[component]) parser[[]component] {
		return func(s *state) ([]component, bool) {
			var out []component
			for {
				start := s.pos
				v, ok := p(s)
				if !ok {
					return out, s.pos == start
				}
				out = append(out, v)
			}
		}
	}
	bass := then(pstring("/"), pipe2(pNote, opt(pAccidental), func(n string, a option[string]) string { return strings.ToUpper(n) + a.v }))
	return pipe5(pNote, opt(pAccidental), opt(pQuality), many(choice(pExtension, pAlteration)), opt(bass),
		func(root string, acc option[string], q option[string], comps []component, b option[string]) ChordAst {
			ast := ChordAst{Root: strings.ToUpper(root), RootAccidental: "Natural", Quality: q.v, Bass: b.v}
			if acc.ok {
				ast.RootAccidental = acc.v
			}
			for _, c := range comps {
				if c.other {
					ast.Others++
				} else {
					ast.Extensions = append(ast.Extensions, c.extension)
				}
			}
			return ast
		})
}
