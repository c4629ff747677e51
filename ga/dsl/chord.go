// Package dsl models GA's F# DSL (Common/GA.Business.DSL) as the chatbot reaches it: the
// chord-symbol parser and renderer (ChordParser.fs, ChordRenderer.fs), the closure registry
// that GaClosureBootstrap.init fills, with every Domain closure's schema, the closures the
// lessons run, and DslEvalMcpTools' list, schema and eval tools over it; and the Grothendieck
// operations parser with the FParsec rules it is built from. A Version selects the pin's
// closures (the files of c781df5c, the newest readable commit before the pin a826864) or
// main's (DomainClosures.fs at 6baf32e, main after #625).
package dsl

import (
	"fmt"
	"strings"
)

// Accidental is AccidentalType (Common/GA.Business.DSL/Types/ChordAst.fs:11-16 @ c781df5c).
type Accidental int

// The accidentals, in the union's order.
const (
	Natural Accidental = iota
	Sharp
	Flat
	DoubleSharp
	DoubleFlat
)

// String is the accidental as GA writes it: "", "#", "b", "##", "bb".
func (a Accidental) String() string { return [...]string{"", "#", "b", "##", "bb"}[a] }

// Semitones is accToSemitone (DomainClosures.fs:18-20 @ c781df5c).
func (a Accidental) Semitones() int { return [...]int{0, 1, -1, 2, -2}[a] }

// Quality is QualityType (ChordAst.fs:3-9 @ c781df5c). NoQuality stands for F#'s None.
type Quality int

// The qualities; NoQuality is a symbol with no quality written, "C" or "G7".
const (
	NoQuality Quality = iota
	Major
	Minor
	Diminished
	Augmented
	Suspended
	Dominant
)

// ComponentKind says which case of ChordComponent a Component is.
type ComponentKind int

// The cases of ChordComponent (ChordAst.fs:18-22 @ c781df5c).
const (
	Extension ComponentKind = iota
	Alteration
	Omission
	Alt
)

// Component is ChordComponent: an extension ("7", "maj7"), an alteration (b5), an omission or alt.
type Component struct {
	Kind ComponentKind
	// Text is the extension's text or the altered or omitted degree.
	Text string
	// Acc is an alteration's accidental.
	Acc Accidental
}

// ChordAst is ChordAst: what the parser reads from a chord symbol (ChordAst.fs:24-29 @ c781df5c).
type ChordAst struct {
	Root       string
	Acc        Accidental
	Quality    Quality
	Components []Component
	// Bass is the slash chord's bass note, "" when there is none.
	Bass    string
	BassAcc Accidental
}

// RootPc is the pitch class of the root as the closures compute it: noteToSemitone plus
// accToSemitone (DomainClosures.fs:14-20 @ c781df5c).
func (c ChordAst) RootPc() int { return mod12(noteToSemitone(c.Root) + c.Acc.Semitones()) }

// chordScanner reads a symbol as FParsec runs ChordParser.pChord: left to right, each alternative
// tried in order, and a failure after input was consumed fails the whole parse.
type chordScanner struct {
	s string
	i int
}

func (p *chordScanner) take(tokens ...string) (string, bool) {
	for _, t := range tokens {
		if strings.HasPrefix(p.s[p.i:], t) {
			p.i += len(t)
			return t, true
		}
	}
	return "", false
}

func (p *chordScanner) digitNext() bool { return p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' }

// accidental is pAccidental (Common/GA.Business.DSL/Parsers/ChordParser.fs:7-20 @ c781df5c).
func (p *chordScanner) accidental() (Accidental, bool) {
	switch t, _ := p.take("##", "x", "𝄪", "bb", "𝄫", "#", "♯", "b", "♭", "♮"); t {
	case "##", "x", "𝄪":
		return DoubleSharp, true
	case "bb", "𝄫":
		return DoubleFlat, true
	case "#", "♯":
		return Sharp, true
	case "b", "♭":
		return Flat, true
	case "♮":
		return Natural, true
	}
	return Natural, false
}

// note is pNote: one letter, either case.
func (p *chordScanner) note() (string, bool) {
	if p.i < len(p.s) && strings.IndexByte("CDEFGABcdefgab", p.s[p.i]) >= 0 {
		p.i++
		return strings.ToUpper(p.s[p.i-1 : p.i]), true
	}
	return "", false
}

// quality is pQuality (ChordParser.fs:22-42 @ c781df5c): "maj" only when no digit follows,
// "m" only when no "a" follows, so "maj7" is left to the extensions.
func (p *chordScanner) quality() Quality {
	for _, t := range []string{"maj", "MAJ", "Maj"} {
		if strings.HasPrefix(p.s[p.i:], t) {
			p.i += len(t)
			if !p.digitNext() {
				return Major
			}
			p.i -= len(t)
		}
	}
	if _, ok := p.take("M", "Δ"); ok {
		return Major
	}
	if _, ok := p.take("min", "MIN", "mi", "-"); ok {
		return Minor
	}
	if strings.HasPrefix(p.s[p.i:], "m") && !strings.HasPrefix(p.s[p.i+1:], "a") {
		p.i++
		return Minor
	}
	if _, ok := p.take("dim", "DIM", "°", "o"); ok {
		return Diminished
	}
	if _, ok := p.take("aug", "AUG", "+"); ok {
		return Augmented
	}
	if _, ok := p.take("sus", "SUS"); ok {
		return Suspended
	}
	return NoQuality
}

// component is pExtension <|> pAlteration (ChordParser.fs:44-75 @ c781df5c). It reports
// false when nothing matched, and an error when an accidental was read with no degree after it.
func (p *chordScanner) component() (Component, bool, error) {
	if t, ok := p.take("13", "11", "maj7", "maj9", "maj11", "maj13", "m7b5", "-7b5", "6/9",
		"add9", "add11", "add13", "add2", "add4"); ok {
		if t == "-7b5" {
			t = "m7b5"
		}
		return Component{Kind: Extension, Text: t}, true, nil
	}
	if p.i < len(p.s) && strings.IndexByte("796245", p.s[p.i]) >= 0 {
		p.i++
		return Component{Kind: Extension, Text: p.s[p.i-1 : p.i]}, true, nil
	}
	if _, ok := p.take("alt", "ALT"); ok {
		return Component{Kind: Alt}, true, nil
	}
	start := p.i
	acc, _ := p.accidental()
	if d, ok := p.take("13", "11", "9", "5"); ok {
		return Component{Kind: Alteration, Text: d, Acc: acc}, true, nil
	}
	if p.i > start {
		return Component{}, false, fmt.Errorf("expecting '11', '13', '5' or '9' at column %d", p.i+1)
	}
	return Component{}, false, nil
}

// Parse is ChordDslService.Parse, ChordParser.parse: the root, an accidental, a quality,
// extensions and alterations, and a bass after a slash. Whatever follows is ignored, as
// FParsec's run does not ask for the end of the input (ChordParser.fs:77-89 @ c781df5c).
func ParseChord(symbol string) (ChordAst, error) {
	p := &chordScanner{s: symbol}
	var c ChordAst
	var ok bool
	if c.Root, ok = p.note(); !ok {
		return ChordAst{}, fmt.Errorf("expecting a note letter at column %d", p.i+1)
	}
	c.Acc, _ = p.accidental()
	c.Quality = p.quality()
	for {
		comp, ok, err := p.component()
		if err != nil {
			return ChordAst{}, err
		}
		if !ok {
			break
		}
		c.Components = append(c.Components, comp)
	}
	if _, ok := p.take("/"); ok {
		if c.Bass, ok = p.note(); !ok {
			return ChordAst{}, fmt.Errorf("expecting a bass note letter at column %d", p.i+1)
		}
		c.BassAcc, _ = p.accidental()
	}
	return c, nil
}

// Render is ChordRenderer.render: the root, the quality as "maj", "m", "dim", "aug", "sus"
// or nothing, the components, then "/bass" (Common/GA.Business.DSL/Generators/ChordRenderer.fs:5-36 @ c781df5c).
func RenderChord(c ChordAst) string {
	var b strings.Builder
	b.WriteString(c.Root + c.Acc.String())
	b.WriteString([...]string{"", "maj", "m", "dim", "aug", "sus", ""}[c.Quality])
	for _, comp := range c.Components {
		switch comp.Kind {
		case Extension:
			b.WriteString(comp.Text)
		case Alteration:
			b.WriteString(comp.Acc.String() + comp.Text)
		case Omission:
			b.WriteString("(no " + comp.Text + ")")
		case Alt:
			b.WriteString("alt")
		}
	}
	if c.Bass != "" {
		b.WriteString("/" + strings.ToUpper(c.Bass) + c.BassAcc.String())
	}
	return b.String()
}

func mod12(n int) int { return ((n % 12) + 12) % 12 }
