package skills

import (
	"strconv"
	"strings"
	"sync"

	"github.com/dlclark/regexp2/v2"

	"course/internal/lazy"
)

// RelativeKey is GA's RelativeKeySkill: relative and parallel keys and key signatures by
// circle-of-fifths arithmetic; NewLine is what its AppendLine writes
// (Common/GA.Business.ML/Agents/Skills/RelativeKeySkill.cs).
type RelativeKey struct {
	// NewLine ends every line of an answer; "" means "\n", and "\r\n" is GA on Windows.
	NewLine string
}

// keyPart is the key and optional quality every pattern ends with (RelativeKeySkill.cs:52-70).
const keyPart = `(?<key>[A-Ga-g][b#♭♯]?)\s*(?<quality>maj(?:or)?|min(?:or)?)?`

// relativeKeyPatterns are tried in order; the first that matches wins (RelativeKeySkill.cs:52-70, 93-115).
var relativeKeyPatterns = []struct {
	kind string
	re   func() *regexp2.Regexp
}{
	{"relative-minor", lazy.Regexp2(`\brelative\s+min(?:or)?\s+of\s+`+keyPart, regexp2.IgnoreCase)},
	{"relative-major", lazy.Regexp2(`\brelative\s+maj(?:or)?\s+of\s+`+keyPart, regexp2.IgnoreCase)},
	{"parallel-minor", lazy.Regexp2(`\bparallel\s+min(?:or)?\s+of\s+`+keyPart, regexp2.IgnoreCase)},
	{"parallel-major", lazy.Regexp2(`\bparallel\s+maj(?:or)?\s+of\s+`+keyPart, regexp2.IgnoreCase)},
	{"key-signature", lazy.Regexp2(`\b(?:how\s+many\s+(?<acc>sharps|flats|accidentals)|key\s+signature)\s+(?:in|of|for)?\s+`+keyPart, regexp2.IgnoreCase)},
}

// The circle of fifths: index i has i-7 accidentals, sharps when positive (RelativeKeySkill.cs:85-91).
var (
	majorByFifth = []string{"Cb", "Gb", "Db", "Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#"}
	minorByFifth = []string{"Abm", "Ebm", "Bbm", "Fm", "Cm", "Gm", "Dm", "Am", "Em", "Bm", "F#m", "C#m", "G#m", "D#m", "A#m"}
)

// rootPitchClass is the skill's RootPc map: naturals and the five sharp/flat pairs (RelativeKeySkill.cs:75-82).
var rootPitchClass = sync.OnceValue(func() map[string]int {
	return map[string]int{
		"C": 0, "C#": 1, "Db": 1, "D": 2, "D#": 3, "Eb": 3, "E": 4, "F": 5, "F#": 6, "Gb": 6,
		"G": 7, "G#": 8, "Ab": 8, "A": 9, "A#": 10, "Bb": 10, "B": 11,
	}
})

// The skill's fixed texts (RelativeKeySkill.cs:117-259).
const (
	relativeKeySource = "Source: RelativeKeySkill (pure pitch-class arithmetic)"
	cannotHandleText  = "Ask about the relative or parallel key of a given major/minor key, or how many sharps/flats a key has."
)

// indexFold is the index of s in list, compared case-insensitively, or -1.
func indexFold(list []string, s string) int {
	for i, v := range list {
		if strings.EqualFold(v, s) {
			return i
		}
	}
	return -1
}

// normalizeKey is NormalizeKey: Unicode accidentals to # and b, then the letter upper-cased and
// the accidental lower-cased (RelativeKeySkill.cs:224-231).
func normalizeKey(k string) string {
	k = strings.NewReplacer("♯", "#", "♭", "b").Replace(k)
	switch len(k) {
	case 1:
		return strings.ToUpper(k)
	case 2:
		return strings.ToUpper(k[:1]) + strings.ToLower(k[1:])
	}
	return k
}

// signatureBlurb is KeySignatureBlurb: only the count of accidentals (RelativeKeySkill.cs:214-222).
func signatureBlurb(n int) string {
	switch {
	case n == 0:
		return "no sharps or flats"
	case n == 1:
		return "1 sharp"
	case n == -1:
		return "1 flat"
	case n > 1:
		return strconv.Itoa(n) + " sharps"
	}
	return strconv.Itoa(-n) + " flats"
}

// Execute answers message; a key outside the tables gives confidence 0.3, a message that asks
// none of the five questions 0.1 (RelativeKeySkill.cs:93-259).
func (s RelativeKey) Execute(message string) Result {
	nl := s.NewLine
	if nl == "" {
		nl = "\n"
	}
	for _, p := range relativeKeyPatterns {
		m := find(p.re, message)
		if m == nil {
			continue
		}
		key := normalizeKey(m.GroupByName("key").String())
		quality := strings.ToLower(m.GroupByName("quality").String())
		cannotParse := Result{
			Text:       "I couldn't identify '" + key + "' as a key. Try a single pitch letter optionally followed by # or b (e.g. C, G, F#, Bb).",
			Confidence: 0.3,
		}
		answer := func(kind, to string, lines ...string) Result {
			text := strings.Join(lines, nl)
			if kind != "key-signature" {
				text += nl
			}
			return Result{Text: text, Confidence: 1, Evidence: []string{relativeKeySource, kind + "(" + key + "→" + to + ")"}}
		}
		switch p.kind {
		case "relative-minor":
			i := indexFold(majorByFifth, key)
			if i < 0 {
				return cannotParse
			}
			return answer(p.kind, minorByFifth[i],
				"The relative minor of **"+key+" major** is **"+minorByFifth[i]+"**.",
				"",
				"Both share the same key signature ("+signatureBlurb(i-7)+"). Same notes, different tonal center — the relative minor starts on the 6th degree of the major scale.")
		case "relative-major":
			i := indexFold(minorByFifth, key+"m")
			if i < 0 {
				return cannotParse
			}
			return answer(p.kind, majorByFifth[i],
				"The relative major of **"+key+" minor** is **"+majorByFifth[i]+" major**.",
				"",
				"Both share the same key signature ("+signatureBlurb(i-7)+"). Same notes, different tonal center — the relative major starts on the 3rd degree of the minor scale.")
		case "parallel-minor":
			if _, ok := rootPitchClass()[key]; !ok {
				return cannotParse
			}
			maj := 0
			if i := indexFold(majorByFifth, key); i >= 0 {
				maj = i - 7
			}
			return answer(p.kind, key+"m",
				"The parallel minor of **"+key+" major** is **"+key+" minor**.",
				"",
				"Same root note (**"+key+"**) but different scales — the parallel minor lowers the 3rd, 6th, and 7th degrees. "+
					key+" major has "+signatureBlurb(maj)+"; "+key+" minor has "+signatureBlurb(maj-3)+" (three positions counter-clockwise on the circle of fifths).")
		case "parallel-major":
			return answer(p.kind, key,
				"The parallel major of **"+key+" minor** is **"+key+" major**.",
				"",
				"Same root note (**"+key+"**) but different scales — the parallel major raises the 3rd, 6th, and 7th degrees. The parallel major sits three positions clockwise on the circle of fifths.")
		default:
			if _, ok := rootPitchClass()[key]; !ok {
				return cannotParse
			}
			mode, list, name := "major", majorByFifth, key
			if strings.HasPrefix(quality, "min") {
				mode, list, name = "minor", minorByFifth, key+"m"
			}
			n := 0
			if i := indexFold(list, name); i >= 0 {
				n = i - 7
			}
			return answer(p.kind, signatureBlurb(n), "**"+key+" "+mode+"** has "+signatureBlurb(n)+".")
		}
	}
	return Result{Text: cannotHandleText, Confidence: 0.1}
}
