// Package composition models GaMcpServer's CompositionTools, the MCP tools that write a chord
// progression from a template (ga_generate_progression) and pair voicings of two chords
// (ga_voice_leading_pair), the second over an OPTIC-K voicing index the caller builds.
package composition

import (
	"strconv"
	"strings"
	"sync"

	"course/ga/search"
	"course/internal/dotnet"
)

// Step is one chord of a template, GA's ProgressionStep: semitones above the key's root, the
// chord symbol's quality suffix, and the Roman numeral the answer labels it with
// (GaMcpServer/Tools/CompositionTools.cs:27 @ c781df5c).
type Step struct {
	// Offset is the chord root's distance above the key's root, in semitones.
	Offset int
	// Quality is the suffix written after the chord's root: "", "m", "7", "m7" or "maj7".
	Quality string
	// Roman is the Roman-numeral label, as GA writes it: "ii7", "bVII".
	Roman string
}

// Template is a named progression template.
type Template struct {
	// Name is the template's name as GA declares it, e.g. "ii-V-I".
	Name string
	// Steps are its chords in order.
	Steps []Step
}

// Templates is the tool's template library, in declaration order; names are matched without
// regard to case, as GA's dictionary is built with StringComparer.OrdinalIgnoreCase.
type Templates []Template

// gaTemplates are the nine templates of CompositionTools.Templates
// (GaMcpServer/Tools/CompositionTools.cs:29-106 @ c781df5c).
var gaTemplates = sync.OnceValue(func() Templates {
	return Templates{
		{"ii-V-I", []Step{{2, "m7", "ii7"}, {7, "7", "V7"}, {0, "maj7", "Imaj7"}}},
		{"circle-of-fifths", []Step{{9, "m7", "vi7"}, {2, "m7", "ii7"}, {7, "7", "V7"}, {0, "maj7", "Imaj7"}}},
		{"rhythm-changes-a", []Step{
			{0, "maj7", "Imaj7"}, {9, "m7", "vi7"}, {2, "m7", "ii7"}, {7, "7", "V7"},
			{4, "m7", "iii7"}, {9, "m7", "vi7"}, {2, "m7", "ii7"}, {7, "7", "V7"},
		}},
		{"I-V-vi-IV", []Step{{0, "", "I"}, {7, "", "V"}, {9, "m", "vi"}, {5, "", "IV"}}},
		{"I-vi-IV-V", []Step{{0, "", "I"}, {9, "m", "vi"}, {5, "", "IV"}, {7, "", "V"}}},
		{"canon", []Step{
			{0, "", "I"}, {7, "", "V"}, {9, "m", "vi"}, {4, "m", "iii"},
			{5, "", "IV"}, {0, "", "I"}, {5, "", "IV"}, {7, "", "V"},
		}},
		{"12-bar-blues", []Step{
			{0, "7", "I7"}, {0, "7", "I7"}, {0, "7", "I7"}, {0, "7", "I7"},
			{5, "7", "IV7"}, {5, "7", "IV7"}, {0, "7", "I7"}, {0, "7", "I7"},
			{7, "7", "V7"}, {5, "7", "IV7"}, {0, "7", "I7"}, {7, "7", "V7"},
		}},
		{"minor-vamp", []Step{{0, "m", "i"}, {5, "m", "iv"}, {7, "7", "V7"}}},
		{"andalusian", []Step{{0, "m", "i"}, {10, "", "bVII"}, {8, "", "bVI"}, {7, "", "V"}}},
	}
})

// GATemplates returns a copy of GA's nine templates, which a caller may change.
func GATemplates() Templates {
	ts := gaTemplates()
	out := make(Templates, len(ts))
	for i, t := range ts {
		out[i] = Template{Name: t.Name, Steps: append([]Step(nil), t.Steps...)}
	}
	return out
}

// Lookup finds a template by name as StringComparer.OrdinalIgnoreCase compares: character by
// character, each mapped to upper case.
func (ts Templates) Lookup(name string) (Template, bool) {
	upper := strings.ToUpper(name)
	for _, t := range ts {
		if strings.ToUpper(t.Name) == upper {
			return t, true
		}
	}
	return Template{}, false
}

// Chord is one chord of the tool's answer, the object it serialises for each step.
type Chord struct {
	// Roman is the step's Roman-numeral label.
	Roman string
	// Symbol is the chord symbol: the root's name, sharp or flat by the key, and the quality.
	Symbol string
	// Degree is the step's offset in semitones, which GA names "degree".
	Degree int
	// Quality is the step's quality, "maj" where the suffix is empty.
	Quality string
	// PitchClasses are the symbol's pitch classes as ChordPitchClasses reads them, ascending.
	PitchClasses []int
}

// Progression is the tool's answer: the chords, or the error it returns instead. A looped
// template repeats one pass of chords; the answer keeps that pass and its length, and gives the
// chords by index, so a 100,000-chord answer costs no more than its template.
type Progression struct {
	// Root and Template are the arguments as the answer echoes them, trimmed.
	Root, Template string
	// Error is the answer's "error" member; empty when the tool generated chords. GA adds the
	// list of templates or of roots it knows, which the model leaves out.
	Error string

	pass   []Chord // one pass of the template, or fewer chords when the answer is shorter
	length int     // the answer's chord count: chord i is pass[i%len(pass)]
}

// Len is the number of chords, the answer's "length".
func (p Progression) Len() int { return p.length }

// At is chord i of the answer, 0 <= i < Len().
func (p Progression) At(i int) Chord { return p.pass[i%len(p.pass)] }

// Chords lists the answer's chords in order.
func (p Progression) Chords() []Chord {
	out := make([]Chord, p.length)
	for i := range out {
		out[i] = p.At(i)
	}
	return out
}

// note is the answer's closing advice (CompositionTools.cs:173-174 @ c781df5c).
const note = "Compose by passing each chord to ga_search_voicings; stitch with " +
	"ga_voice_leading_pair for smooth-voiced transitions."

// GenerateProgression is ga_generate_progression with GA's own templates.
func GenerateProgression(root, template string, length *int) Progression {
	return gaTemplates().Generate(root, template, length)
}

// Generate is CompositionTools.GaGenerateProgression over the templates ts: it checks its
// arguments, looks the template up by its trimmed name, reads the trimmed root with
// ChordPitchClasses (so "C7b9" is the key of C), loops or truncates the template when length is
// positive and differs from the template's, and spells every root sharp unless the root as
// written contains a 'b' or is F (CompositionTools.cs:116-177 @ c781df5c).
func (ts Templates) Generate(root, template string, length *int) Progression {
	if dotnet.IsNullOrWhiteSpace(root) {
		return Progression{Error: "root is required"}
	}
	if dotnet.IsNullOrWhiteSpace(template) {
		return Progression{Error: "template is required"}
	}
	t, ok := ts.Lookup(dotnet.Trim(template))
	if !ok {
		return Progression{Error: "unknown template '" + template + "'"}
	}
	rootPc, _, ok := search.TryParse(dotnet.Trim(root))
	if !ok {
		return Progression{Error: "unknown root '" + root + "' — try C, D, Eb, F#, etc."}
	}
	n := len(t.Steps)
	if length != nil && *length > 0 && *length != len(t.Steps) {
		n = *length
	}
	if len(t.Steps) == 0 && n > 0 {
		// GA's loop indexes steps[i % 0] and throws; its templates all have steps.
		return Progression{Error: "Attempted to divide by zero."}
	}
	flats := PrefersFlats(root)
	// Each step's chord depends on the step alone, so a looped template builds each once.
	pass := make([]Chord, min(n, len(t.Steps)))
	for k, step := range t.Steps[:len(pass)] {
		quality := step.Quality
		if quality == "" {
			quality = "maj"
		}
		pass[k] = Chord{
			Roman:        step.Roman,
			Symbol:       BuildSymbol(rootPc, step, flats),
			Degree:       step.Offset,
			Quality:      quality,
			PitchClasses: pitchClassSetForDegree(rootPc, step, flats),
		}
	}
	return Progression{Root: dotnet.Trim(root), Template: dotnet.Trim(template), pass: pass, length: n}
}

// pitchClassSetForDegree reads the step's symbol back with ChordPitchClasses, or gives no pitch
// classes when it cannot (CompositionTools.cs:338-342 @ c781df5c).
func pitchClassSetForDegree(rootPc int, step Step, flats bool) []int {
	_, pcs, ok := search.TryParse(BuildSymbol(rootPc, step, flats))
	if !ok {
		return []int{}
	}
	return pcs
}

// BuildSymbol names the step's chord: the root's pitch class written with flats or sharps,
// then the quality (CompositionTools.cs:344-351 @ c781df5c).
func BuildSymbol(rootPc int, step Step, flats bool) string {
	pc := (rootPc + step.Offset) % 12
	if flats {
		return flatNames[pc] + step.Quality
	}
	return sharpNames[pc] + step.Quality
}

// The names of the twelve pitch classes, sharp and flat (CompositionTools.cs:353-367 @ c781df5c).
var (
	sharpNames = [12]string{"C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"}
	flatNames  = [12]string{"C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"}
)

// PrefersFlats is GA's test for the flat side: the trimmed root contains a lower-case 'b'
// anywhere, or is F in either case. "F major" and "D minor" are sharp; "b" and "C7b9" are flat
// (CompositionTools.cs:376-380 @ c781df5c).
func PrefersFlats(root string) bool {
	r := dotnet.Trim(root)
	return strings.Contains(r, "b") || strings.EqualFold(r, "F")
}

// JSON is the answer as the tool returns it, System.Text.Json with WriteIndented: two spaces
// per level, "name": value, every member and element on its own line, lines ended by "\n" as
// on Linux, strings with the default encoder's escaping (CompositionTools.cs:167-176 @
// c781df5c). An answer with an error has no JSON in the model.
func (p Progression) JSON() string {
	if p.Error != "" {
		return ""
	}
	b := p.appendHead(nil)
	for i := range p.length {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendChord(b, p.At(i))
	}
	return string(p.appendTail(b))
}

// Characters is the length of JSON in UTF-16 units, as .NET counts a string. Every chord is
// written the same way at the same depth, so the count is the head and the tail, the commas
// between the chords, and each chord's own text; a looped template repeats its pass of chords,
// so each chord of the pass is written once and counted as often as it recurs.
func (p Progression) Characters() int {
	if p.Error != "" {
		return 0
	}
	n := dotnet.UTF16Len(string(p.appendHead(nil))) + dotnet.UTF16Len(string(p.appendTail(nil)))
	if p.length > 1 {
		n += p.length - 1
	}
	for i, c := range p.pass {
		// Chords i, i+len(pass), i+2*len(pass), ... are this chord.
		times := (p.length - i + len(p.pass) - 1) / len(p.pass)
		n += times * dotnet.UTF16Len(string(appendChord(nil, c)))
	}
	return n
}

// appendHead writes the answer up to the chords' first element.
func (p Progression) appendHead(b []byte) []byte {
	b = append(b, "{\n  \"root\": "...)
	b = dotnet.AppendString(b, p.Root, dotnet.Strict)
	b = append(b, ",\n  \"template\": "...)
	b = dotnet.AppendString(b, p.Template, dotnet.Strict)
	b = append(b, ",\n  \"length\": "...)
	b = strconv.AppendInt(b, int64(p.length), 10)
	b = append(b, ",\n  \"chords\": ["...)
	if p.length == 0 {
		b = append(b, ']')
	}
	return b
}

// appendTail writes the answer after the chords' last element.
func (p Progression) appendTail(b []byte) []byte {
	if p.length > 0 {
		b = append(b, "\n  ]"...)
	}
	b = append(b, ",\n  \"note\": "...)
	b = dotnet.AppendString(b, note, dotnet.Strict)
	return append(b, "\n}"...)
}

// appendChord writes one element of "chords", from the newline before it to its closing brace.
func appendChord(b []byte, c Chord) []byte {
	b = append(b, "\n    {\n      \"roman\": "...)
	b = dotnet.AppendString(b, c.Roman, dotnet.Strict)
	b = append(b, ",\n      \"symbol\": "...)
	b = dotnet.AppendString(b, c.Symbol, dotnet.Strict)
	b = append(b, ",\n      \"degree\": "...)
	b = strconv.AppendInt(b, int64(c.Degree), 10)
	b = append(b, ",\n      \"quality\": "...)
	b = dotnet.AppendString(b, c.Quality, dotnet.Strict)
	b = append(b, ",\n      \"pitchClasses\": ["...)
	for i, pc := range c.PitchClasses {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n        "...)
		b = strconv.AppendInt(b, int64(pc), 10)
	}
	if len(c.PitchClasses) > 0 {
		b = append(b, "\n      "...)
	}
	return append(b, "]\n    }"...)
}
