package dsl

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// This file is GrothendieckOperationsParser, the FParsec grammar GrothendieckParseSkill calls
// (Common/GA.Business.DSL/Parsers/GrothendieckOperationsParser.fs @ c781df5c, unchanged there
// since 430c96c4, 2026-03-02, and so the pin's), and the parts of GrammarTypes it builds
// (Common/GA.Business.DSL/Types/GrammarTypes.fs:56-356 @ c781df5c). The grammar is written as
// GA writes it: its str helper skips the spaces after a word, so the many "word >>. ws1" rules
// can never find the space they need, and the first alternative of a choice that consumes
// input hides the alternatives after it.

// Note is GrammarTypes.Note: a letter A-G and an optional accidental.
type Note struct {
	// Letter is the note's letter, 'A' to 'G'.
	Letter rune
	// Accidental is the accidental's case name ("Sharp", "Flat", "DoubleSharp", "DoubleFlat"),
	// "" for none.
	Accidental string
}

// Chord is GrammarTypes.Chord as the parser fills it: a root and a quality.
type Chord struct {
	// Root is the chord's root.
	Root Note
	// Quality is the ChordQuality as F# prints it: "Major7", or `Custom "6/9"`.
	Quality string
}

// Scale is GrammarTypes.Scale as the parser fills it.
type Scale struct {
	// Root is the scale's tonic.
	Root Note
	// Name is the scale's name, "major".
	Name string
	// Intervals are the scale's semitones above the root.
	Intervals []int
}

// Position is a fretboard position, string and fret.
type Position struct{ String, Fret int }

// ObjectKind names a MusicalObject case.
type ObjectKind string

// The MusicalObject cases (GrammarTypes.fs:235-241).
const (
	NoteObject        ObjectKind = "NoteObject"
	ChordObject       ObjectKind = "ChordObject"
	ScaleObject       ObjectKind = "ScaleObject"
	ProgressionObject ObjectKind = "ProgressionObject"
	VoicingObject     ObjectKind = "VoicingObject"
	SetClassObject    ObjectKind = "SetClassObject"
)

// Object is a MusicalObject: its case and the field that case carries.
type Object struct {
	// Kind is the case.
	Kind ObjectKind
	// Note is a NoteObject's note.
	Note Note
	// Chord is a ChordObject's chord.
	Chord Chord
	// Scale is a ScaleObject's scale.
	Scale Scale
	// Chords are a ProgressionObject's chords: those of a braced list, none for Roman numerals.
	Chords []Chord
	// Positions are a VoicingObject's positions.
	Positions []Position
	// PitchClasses are a SetClassObject's pitch classes; none for a Forte number.
	PitchClasses []int
}

// Morphism is a MorphismExpression: its case and its number or name.
type Morphism struct {
	// Case is "TransposeExpr", "InvertExpr", "RotateExpr", "ReflectExpr" or "CustomExpr".
	Case string
	// N is the semitones or steps of TransposeExpr and RotateExpr.
	N int
	// Name is CustomExpr's name.
	Name string
}

// Operation is a GrothendieckOperation: its case name and the fields that case carries.
type Operation struct {
	// Case is the union case, the name GrothendieckParseSkill reports ("TensorProduct").
	Case string
	// Objects are the operation's musical objects, in order.
	Objects []Object
	// Morphisms are the morphism expressions, in order.
	Morphisms []Morphism
	// Names are the identifiers: a functor's or sheaf's name, composed functors, an open set.
	Names []string
	// Source and Target are a functor's categories or a natural transformation's functors.
	Source, Target string
	// Diagram names a limit's or colimit's named diagram; Objects holds a listed one.
	Diagram string
	// Space is a sheaf's space.
	Space string
}

// ParseError is the parser's failure: where in the expression it stopped, in UTF-16 code units
// as FParsec counts them.
type ParseError struct {
	// Input is the expression.
	Input string
	// Offset is the position the parser reached.
	Offset int
}

// Error says where the parser stopped.
func (e *ParseError) Error() string {
	return fmt.Sprintf("grothendieck expression %q: no parse (stopped at offset %d)", e.Input, e.Offset)
}

// Parse is GrothendieckOperationsParser.parse: spaces, one operation, then the end of the text
// (GrothendieckOperationsParser.fs:640-643).
func Parse(input string) (Operation, error) {
	g := grammar()
	s := &state{in: units(input)}
	op, ok := before(then(spaces, g.operation), eof)(s)
	if !ok {
		return Operation{}, &ParseError{Input: input, Offset: s.pos}
	}
	return op, nil
}

// Cases are GrammarTypes.GrothendieckOperation's 22 cases in declaration order
// (GrammarTypes.fs:327-356).
var Cases = []string{
	"TensorProduct", "DirectSum", "Product", "Coproduct", "Exponential",
	"DefineFunctor", "ApplyFunctor", "ComposeFunctors",
	"DefineNatTrans", "ApplyNatTrans",
	"Limit", "Pullback", "Equalizer",
	"Colimit", "Pushout", "Coequalizer",
	"SubobjectClassifier", "PowerObject", "InternalHom",
	"DefineSheaf", "SheafRestriction", "SheafGluing",
}

type rules struct {
	operation parser[Operation]
}

// grammar builds the parser once: its rules refer to each other through musicalObject.
var grammar = sync.OnceValue(buildGrammar)

type unit = struct{}

func buildGrammar() rules {
	// Basic parsers (lines 16-24).
	ws := parser[unit](spaces)
	ws1 := parser[unit](spaces1)
	str := func(s string) parser[string] { return before(pstring(s), ws) }
	ch := func(c rune) parser[rune] { return before(pchar(c), ws) }
	identifier := before(many1Satisfy2(isLetter, func(c uint16) bool { return isLetter(c) || isDigit(c) || c == '_' }), ws)

	// Musical objects (lines 31-110).
	noteLetter := before(anyOf("ABCDEFG"), ws)
	accidental := choice(
		constant(str("##"), "DoubleSharp"),
		constant(str("bb"), "DoubleFlat"),
		constant(str("x"), "DoubleSharp"),
		constant(ch('♯'), "Sharp"),
		constant(ch('♭'), "Flat"),
		constant(ch('#'), "Sharp"),
		constant(ch('b'), "Flat"),
	)
	note := pipe2(noteLetter, opt(accidental), func(l rune, a option[string]) Note { return Note{Letter: l, Accidental: a.v} })
	quality := func(word, name string) parser[string] { return constant(attempt(str(word)), name) }
	chordQuality := choice(
		quality("maj9", "Major9"), quality("min9", "Minor9"), quality("dom9", "Dominant9"),
		quality("maj7", "Major7"), quality("min7", "Minor7"), quality("dom7", "Dominant7"),
		quality("dim7", "Diminished7"), quality("aug7", "Augmented7"), quality("add9", "Add9"),
		quality("6/9", `Custom "6/9"`),
		quality("maj", "Major"), quality("min", "Minor"), quality("dim", "Diminished"), quality("aug", "Augmented"),
		quality("sus2", "Sus2"), quality("sus4", "Sus4"),
	)
	chordObject := pipe2(note, opt(chordQuality), func(root Note, q option[string]) Object {
		if !q.ok {
			q.v = "Major"
		}
		return Object{Kind: ChordObject, Chord: Chord{Root: root, Quality: q.v}}
	})
	scaleName := func(name string, intervals ...int) parser[Scale] {
		return constant(str(name), Scale{Name: name, Intervals: intervals})
	}
	scaleNameAndIntervals := choice(
		scaleName("harmonic minor", 0, 2, 3, 5, 7, 8, 11),
		scaleName("melodic minor", 0, 2, 3, 5, 7, 9, 11),
		scaleName("whole tone", 0, 2, 4, 6, 8, 10),
		scaleName("major", 0, 2, 4, 5, 7, 9, 11),
		scaleName("minor", 0, 2, 3, 5, 7, 8, 10),
		scaleName("dorian", 0, 2, 3, 5, 7, 9, 10),
		scaleName("phrygian", 0, 1, 3, 5, 7, 8, 10),
		scaleName("lydian", 0, 2, 4, 6, 7, 9, 11),
		scaleName("mixolydian", 0, 2, 4, 5, 7, 9, 10),
		scaleName("aeolian", 0, 2, 3, 5, 7, 8, 10),
		scaleName("locrian", 0, 1, 3, 5, 6, 8, 10),
		scaleName("pentatonic", 0, 2, 4, 7, 9),
		scaleName("blues", 0, 3, 5, 6, 7, 10),
		scaleName("diminished", 0, 2, 3, 5, 6, 8, 9, 11),
	)
	scaleObject := pipe2(note, scaleNameAndIntervals, func(root Note, sc Scale) Object {
		sc.Root = root
		return Object{Kind: ScaleObject, Scale: sc}
	})

	// Roman numerals (lines 113-147): an optional b or #, a numeral, an optional suffix.
	var numerals []parser[string]
	for _, n := range []string{"VII", "VI", "V", "IV", "III", "II", "I", "vii", "vi", "v", "iv", "iii", "ii", "i"} {
		numerals = append(numerals, str(n))
	}
	romanNumeral := pipe3(
		opt(choice(pchar('b'), pchar('#'))),
		choice(numerals...),
		opt(choice(str("maj7"), str("min7"), pstring("°"), pstring("ø"), pstring("+"), pstring("7"))),
		func(acc option[rune], num string, suf option[string]) string {
			out := num + suf.v
			if acc.ok {
				out = string(acc.v) + out
			}
			return out
		})

	musical := &ref[Object]{}
	musicalObject := parser[Object](musical.parse)

	// Progressions, voicings and set classes (lines 154-230).
	chordList := sepBy1(chordObject, ch(','))
	romanNumeralList := sepBy1(romanNumeral, ch('-'))
	progressionObject := choice(
		mapTo(between(ch('{'), ch('}'), chordList), func(objs []Object) Object {
			o := Object{Kind: ProgressionObject}
			for _, c := range objs {
				if c.Kind == ChordObject {
					o.Chords = append(o.Chords, c.Chord)
				}
			}
			return o
		}),
		// The Roman numerals are read and dropped: "TODO: Convert roman numerals to chords".
		mapTo(romanNumeralList, func([]string) Object { return Object{Kind: ProgressionObject} }),
	)
	fretNumber := before(parser[int](pint32), ws)
	position := pipe3(fretNumber, ch(':'), fretNumber, func(str int, _ rune, fret int) Position { return Position{str, fret} })
	voicingObject := mapTo(between(ch('{'), ch('}'), sepBy1(position, ch(','))), func(ps []Position) Object {
		return Object{Kind: VoicingObject, Positions: ps}
	})
	pitchClass := bind(parser[int](pint32), func(n int) parser[int] {
		if n >= 0 && n <= 11 {
			return preturn(n)
		}
		return fail[int]()
	})
	pitchClassList := sepBy1(pitchClass, ch(','))
	forteNumber := pipe3(parser[int](pint32), ch('-'), parser[int](pint32), func(a int, _ rune, b int) string {
		return strconv.Itoa(a) + "-" + strconv.Itoa(b)
	})
	setClassObject := choice(
		mapTo(then(str("PC"), between(ch('{'), ch('}'), pitchClassList)), func(pcs []int) Object {
			return Object{Kind: SetClassObject, PitchClasses: pcs}
		}),
		// A Forte number is read and dropped: "TODO: Convert Forte to pitch classes".
		mapTo(then(str("Forte"), forteNumber), func(string) Object { return Object{Kind: SetClassObject} }),
	)
	musical.p = choice(
		attempt(setClassObject),
		attempt(voicingObject),
		attempt(progressionObject),
		attempt(scaleObject),
		attempt(chordObject),
		mapTo(note, func(n Note) Object { return Object{Kind: NoteObject, Note: n} }),
	)

	// Morphisms (lines 248-254).
	morphismExpression := choice(
		mapTo(then(then(str("transpose"), ws1), parser[int](pint32)), func(n int) Morphism { return Morphism{Case: "TransposeExpr", N: n} }),
		constant(str("invert"), Morphism{Case: "InvertExpr"}),
		mapTo(then(then(str("rotate"), ws1), parser[int](pint32)), func(n int) Morphism { return Morphism{Case: "RotateExpr", N: n} }),
		constant(str("reflect"), Morphism{Case: "ReflectExpr"}),
		mapTo(identifier, func(n string) Morphism { return Morphism{Case: "CustomExpr", Name: n} }),
	)

	// Categories and functors (lines 270-347).
	categoryName := choice(str("Notes"), str("Chords"), str("Scales"), str("Progressions"), str("Voicings"),
		str("PitchClasses"), str("SetClasses"), str("Intervals"), identifier)
	morphismRule := pipe3(identifier, str("->"), morphismExpression, func(_ string, _ string, m Morphism) Morphism { return m })
	morphismMapping := sepBy1(morphismRule, ch(';'))
	type pair struct{ a, b string }
	functorDefinition := choice(
		pipe5(str("functor"), identifier, ch(':'),
			pipe3(categoryName, str("->"), categoryName, func(src, _, tgt string) pair { return pair{src, tgt} }),
			preturn(option[[]Morphism]{}),
			func(_ string, name string, _ rune, st pair, _ option[[]Morphism]) Operation {
				return Operation{Case: "DefineFunctor", Names: []string{name}, Source: st.a, Target: st.b}
			}),
		pipe4(then(then(str("define"), ws1), str("functor")), identifier, between(ch('{'), ch('}'), morphismMapping),
			preturn(pair{}),
			func(_ string, name string, ms []Morphism, st pair) Operation {
				return Operation{Case: "DefineFunctor", Names: []string{name}, Morphisms: ms, Source: st.a, Target: st.b}
			}),
	)
	functorApplication := choice(
		pipe3(identifier, ch('('), before(musicalObject, ch(')')), func(name string, _ rune, o Object) Operation {
			return Operation{Case: "ApplyFunctor", Names: []string{name}, Objects: []Object{o}}
		}),
		pipe4(str("apply"), identifier, str("to"), musicalObject, func(_ string, name string, _ string, o Object) Operation {
			return Operation{Case: "ApplyFunctor", Names: []string{name}, Objects: []Object{o}}
		}),
	)
	functorList := sepBy1(identifier, ch(','))
	compose := func(names []string) Operation { return Operation{Case: "ComposeFunctors", Names: names} }
	functorComposition := choice(
		pipe3(identifier, ch('∘'), identifier, func(a string, _ rune, b string) Operation { return compose([]string{a, b}) }),
		pipe3(identifier, str("compose"), identifier, func(a string, _ string, b string) Operation { return compose([]string{a, b}) }),
		mapTo(then(str("compose"), between(ch('('), ch(')'), functorList)), compose),
	)
	functorOperation := choice(attempt(functorDefinition), attempt(functorComposition), attempt(functorApplication))

	// Natural transformations (lines 355-391).
	natTransComponent := pipe3(musicalObject, str("->"), morphismExpression, func(o Object, _ string, m Morphism) Morphism { return m })
	componentMapping := sepBy1(natTransComponent, ch(';'))
	naturalTransformation := choice(
		pipe5(then(then(str("natural"), ws1), str("transformation")), identifier, ch(':'),
			pipe3(identifier, str("=>"), identifier, func(a, _, b string) pair { return pair{a, b} }),
			preturn(option[[]Morphism]{}),
			func(_ string, name string, _ rune, fs pair, _ option[[]Morphism]) Operation {
				return Operation{Case: "DefineNatTrans", Names: []string{name}, Source: fs.a, Target: fs.b}
			}),
		pipe3(then(then(str("define"), ws1), str("nat_trans")), identifier, between(ch('{'), ch('}'), componentMapping),
			func(_ string, name string, ms []Morphism) Operation {
				return Operation{Case: "DefineNatTrans", Names: []string{name}, Morphisms: ms}
			}),
		pipe3(identifier, ch('('), before(musicalObject, ch(')')), func(name string, _ rune, o Object) Operation {
			return Operation{Case: "ApplyNatTrans", Names: []string{name}, Objects: []Object{o}}
		}),
	)

	// Limits and colimits (lines 398-458).
	objectList := sepBy1(musicalObject, ch(','))
	diagramSpec := choice(
		mapTo(between(ch('{'), ch('}'), objectList), func(os []Object) Operation { return Operation{Objects: os} }),
		mapTo(identifier, func(n string) Operation { return Operation{Diagram: n} }),
	)
	withCase := func(c string) func(Operation) Operation { return func(o Operation) Operation { o.Case = c; return o } }
	span := func(c string) func(rune, Object, Morphism, Object, rune) Operation {
		return func(_ rune, a Object, m Morphism, b Object, _ rune) Operation {
			return Operation{Case: c, Objects: []Object{a, b}, Morphisms: []Morphism{m}}
		}
	}
	infix := func(c string) func(Object, string, Morphism) Operation {
		return func(a Object, _ string, m Morphism) Operation {
			return Operation{Case: c, Objects: []Object{a, a}, Morphisms: []Morphism{m}}
		}
	}
	parallel := func(c string) func(string, Morphism, string, Morphism, string) Operation {
		return func(_ string, m1 Morphism, _ string, m2 Morphism, _ string) Operation {
			return Operation{Case: c, Morphisms: []Morphism{m1, m2}}
		}
	}
	// F# reads `str "equalizer" >>. pstring "(" <|> str "eq" >>. pstring "("` left to right,
	// its operators being of one precedence: ((equalizer >>. "(") <|> eq) >>. "(", so that
	// "equalizer(" must be followed by a second "(" and "eq" by one (lines 426 and 453).
	opener := func(long, short string) parser[string] {
		return then(choice(then(str(long), pstring("(")), str(short)), pstring("("))
	}
	limitOperation := choice(
		mapTo(then(then(then(then(str("limit"), ws1), str("of")), ws1), diagramSpec), withCase("Limit")),
		mapTo(then(then(str("lim"), ws1), diagramSpec), withCase("Limit")),
		pipe5(then(str("pullback"), ch('(')), musicalObject, then(ch(','), morphismExpression), then(ch(','), musicalObject), ch(')'), span("Pullback")),
		pipe3(musicalObject, str("pullback"), morphismExpression, infix("Pullback")),
		pipe5(opener("equalizer", "eq"), morphismExpression, pstring(","), morphismExpression, pstring(")"), parallel("Equalizer")),
	)
	colimitOperation := choice(
		mapTo(then(then(then(then(str("colimit"), ws1), str("of")), ws1), diagramSpec), withCase("Colimit")),
		mapTo(then(then(str("colim"), ws1), diagramSpec), withCase("Colimit")),
		pipe5(then(str("pushout"), ch('(')), musicalObject, then(ch(','), morphismExpression), then(ch(','), musicalObject), ch(')'), span("Pushout")),
		pipe3(musicalObject, str("pushout"), morphismExpression, infix("Pushout")),
		pipe5(opener("coequalizer", "coeq"), morphismExpression, pstring(","), morphismExpression, pstring(")"), parallel("Coequalizer")),
	)

	// Topos operations (lines 465-482).
	one := func(c string) func(Object) Operation {
		return func(o Object) Operation { return Operation{Case: c, Objects: []Object{o}} }
	}
	two := func(c string) func(Object, string, Object) Operation {
		return func(a Object, _ string, b Object) Operation { return Operation{Case: c, Objects: []Object{a, b}} }
	}
	toposOperation := choice(
		mapTo(then(ch('Ω'), opt(between(ch('('), ch(')'), musicalObject))), func(o option[Object]) Operation {
			op := Operation{Case: "SubobjectClassifier"}
			if o.ok {
				op.Objects = []Object{o.v}
			}
			return op
		}),
		mapTo(then(then(then(then(str("truth_value"), ws1), str("of")), ws1), musicalObject), one("SubobjectClassifier")),
		mapTo(then(choice(str("P"), str("power")), between(ch('('), ch(')'), musicalObject)), one("PowerObject")),
		mapTo(then(then(then(then(str("subobjects"), ws1), str("of")), ws1), musicalObject), one("PowerObject")),
		pipe5(then(str("Hom"), ch('(')), musicalObject, ch(','), musicalObject, ch(')'),
			func(_ rune, a Object, _ rune, b Object, _ rune) Operation {
				return Operation{Case: "InternalHom", Objects: []Object{a, b}}
			}),
		pipe3(musicalObject, str("=>"), musicalObject, two("InternalHom")),
	)

	// Sheaf operations (lines 489-549).
	spaceSpec := choice(str("fretboard"), str("circle_of_fifths"), str("tonnetz"), str("pitch_class_space"), identifier)
	sheafSection := pipe3(identifier, str("->"), musicalObject, func(_ string, _ string, o Object) Object { return o })
	sectionMapping := sepBy1(sheafSection, ch(';'))
	gluingRule := pipe5(identifier, pstring("∩"), identifier, str("->"), morphismExpression,
		func(_ string, _ string, _ string, _ string, m Morphism) Morphism { return m })
	gluingData := between(ch('{'), ch('}'), sepBy1(gluingRule, ch(';')))
	sectionList := sepBy1(musicalObject, ch(','))
	sheafOperation := choice(
		pipe4(str("sheaf"), identifier, str("on"), spaceSpec, func(_ string, name string, _ string, sp string) Operation {
			return Operation{Case: "DefineSheaf", Names: []string{name}, Space: sp}
		}),
		pipe3(then(then(str("define"), ws1), str("sheaf")), identifier, between(ch('{'), ch('}'), sectionMapping),
			func(_ string, name string, os []Object) Operation {
				return Operation{Case: "DefineSheaf", Names: []string{name}, Objects: os}
			}),
		pipe3(identifier, choice(pstring("|"), constant(then(then(then(str("restrict"), ws1), str("to")), ws1), "|")), identifier,
			func(sheaf string, _ string, open string) Operation {
				return Operation{Case: "SheafRestriction", Names: []string{sheaf, open}}
			}),
		choice(
			mapTo(then(then(str("glue"), ws1), between(ch('{'), ch('}'), sectionList)), func(os []Object) Operation {
				return Operation{Case: "SheafGluing", Objects: os}
			}),
			pipe4(str("glue"), sectionList, str("along"), gluingData, func(_ string, os []Object, _ string, ms []Morphism) Operation {
				return Operation{Case: "SheafGluing", Objects: os, Morphisms: ms}
			}),
		),
	)

	// Category operations (lines 556-618): each binary form is tried first, and it consumes
	// the left object before it looks for its operator.
	binary := func(op parser[string], ctor func(a, b Object) Operation) parser[Operation] {
		return pipe3(musicalObject, op, musicalObject, func(a Object, _ string, b Object) Operation { return ctor(a, b) })
	}
	pair2 := func(c string) func(a, b Object) Operation {
		return func(a, b Object) Operation { return Operation{Case: c, Objects: []Object{a, b}} }
	}
	call2 := func(name, c string) parser[Operation] {
		return pipe5(then(str(name), ch('(')), musicalObject, ch(','), musicalObject, ch(')'),
			func(_ rune, a Object, _ rune, b Object, _ rune) Operation { return pair2(c)(a, b) })
	}
	sym := func(c rune) parser[string] { return mapTo(ch(c), func(rune) string { return string(c) }) }
	list := func(c string) func([]Object) Operation {
		return func(os []Object) Operation { return Operation{Case: c, Objects: os} }
	}
	tensorProduct := choice(binary(sym('⊗'), pair2("TensorProduct")),
		binary(str("tensor"), pair2("TensorProduct")), call2("tensor", "TensorProduct"))
	directSum := choice(binary(sym('⊕'), pair2("DirectSum")),
		binary(str("direct_sum"), pair2("DirectSum")), call2("direct_sum", "DirectSum"))
	productOp := choice(binary(sym('×'), pair2("Product")),
		binary(str("product"), pair2("Product")),
		mapTo(then(str("product"), between(ch('('), ch(')'), objectList)), list("Product")))
	coproductOp := choice(binary(sym('+'), pair2("Coproduct")),
		binary(str("coproduct"), pair2("Coproduct")),
		mapTo(then(str("coproduct"), between(ch('('), ch(')'), objectList)), list("Coproduct")))
	exponentialOp := choice(binary(sym('^'), pair2("Exponential")), call2("exp", "Exponential"))
	categoryOperation := choice(attempt(tensorProduct), attempt(directSum), attempt(productOp), attempt(coproductOp), attempt(exponentialOp))

	// The operation (lines 625-633).
	return rules{operation: choice(
		attempt(categoryOperation),
		attempt(functorOperation),
		attempt(naturalTransformation),
		attempt(limitOperation),
		attempt(colimitOperation),
		attempt(toposOperation),
		attempt(sheafOperation),
	)}
}

// String describes an object as the course prints it: "chord C Major7", "scale C major",
// "set class [0,4,7]", "note C", or the case name for the others.
func (o Object) String() string {
	switch o.Kind {
	case ChordObject:
		return "chord " + o.Chord.Root.String() + " " + o.Chord.Quality
	case NoteObject:
		return "note " + o.Note.String()
	case ScaleObject:
		return "scale " + o.Scale.Root.String() + " " + o.Scale.Name
	case SetClassObject:
		parts := make([]string, len(o.PitchClasses))
		for i, p := range o.PitchClasses {
			parts[i] = strconv.Itoa(p)
		}
		return "set class [" + strings.Join(parts, ",") + "]"
	}
	return string(o.Kind)
}

// String writes a note's letter and its accidental as # or b; a double accidental by name.
func (n Note) String() string {
	switch n.Accidental {
	case "":
		return string(n.Letter)
	case "Sharp":
		return string(n.Letter) + "#"
	case "Flat":
		return string(n.Letter) + "b"
	}
	return string(n.Letter) + " " + n.Accidental
}
