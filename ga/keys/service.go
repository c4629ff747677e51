// Package keys models GA's KeyIdentificationService, the pitch-class arithmetic behind the key
// skill, the ga_key_identify tool, the progression-completion skill and the DSL's key analysis:
// the version at the pin (GA.Business.ML.Agents) and the one on main after #625
// (GA.Domain.Services.Tonal), which reads more chord symbols, counts dominant sevenths and
// breaks ties by the first chord and by cadences.
package keys

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/dlclark/regexp2/v2"

	"course/internal/lazy"
)

// Service is one version of KeyIdentificationService.
//
// Pin follows Common/GA.Business.ML/Agents/KeyIdentificationService.cs @ c781df5c, the newest
// readable commit before the pin a826864, which cannot be read. Main follows
// Common/GA.Domain.Services/Tonal/KeyIdentificationService.cs in the stored version with
// CadenceWeight, the code of 6baf32e (main after #625), which cannot be read itself; the head
// of #625's branch, 09fbe51f, lacks the cadence and tie rules its merge has.
type Service struct {
	// Commit is the short commit the version is named by, "a826864" or "6baf32e".
	Commit string
	// main selects main's parser, dominant quality and ordering.
	main bool
	// SharpsFirst runs each mode's keys from seven sharps to seven flats, the other way round
	// from Key.Items, for lesson 11's question of which relative keys the order decides; GA's
	// service is the zero value.
	SharpsFirst bool
}

// The two versions.
var (
	// Pin is the service at the pin a826864.
	Pin = Service{Commit: "a826864"}
	// Main is the service on main after #625, 6baf32e.
	Main = Service{Commit: "6baf32e", main: true}
)

// Quality is ChordQuality: what a chord symbol counts as. Dominant exists on main only.
type Quality int

// The chord qualities, in the enum's order (KeyIdentificationService.cs:29).
const (
	Major Quality = iota
	Minor
	Diminished
	Dominant
)

// String is the enum member's name in lower case, "dominant".
func (q Quality) String() string {
	return [...]string{"major", "minor", "diminished", "dominant"}[q]
}

// Triad is a parsed chord: its root's pitch class and its quality.
type Triad struct {
	RootPc  int
	Quality Quality
}

// Candidate is KeyCandidate: one key, its relative, how many distinct chords it holds, of how
// many, and its seven diatonic chords from the tonic (KeyIdentificationService.cs:20-25).
type Candidate struct {
	Key         string
	RelativeKey string
	MatchCount  int
	TotalChords int
	DiatonicSet []string
}

// majorPattern and minorPattern are the triads of the natural major and minor scales
// (KeyIdentificationService.cs:32-45).
var (
	majorPattern = [7]Quality{Major, Minor, Minor, Major, Major, Minor, Diminished}
	minorPattern = [7]Quality{Minor, Diminished, Major, Minor, Minor, Major, Major}
)

// keyData is DomainKeyData, one key as BuildAllKeys prepares it (KeyIdentificationService.cs:49-102).
type keyData struct {
	name, relative string
	symbols        []string
	triads         [7]Triad
}

// allKeys is AllKeys: Key.Items with their names, diatonic chords and relative keys. The
// relative key is the first key of the other mode in Key.Items with the same pitch classes,
// so C# major's is Bb minor (KeyIdentificationService.cs:58-102).
var allKeys = sync.OnceValue(func() []keyData { return buildKeys(Items()) })

// buildKeys prepares items as BuildAllKeys does; a key's relative is the first key of the
// other mode in the order of items.
func buildKeys(items []Key) []keyData {
	masks := make([]int, len(items))
	data := make([]keyData, len(items))
	for i, k := range items {
		pattern := majorPattern
		if k.Minor {
			pattern = minorPattern
		}
		notes, pcs := k.Notes(), k.PitchClasses()
		d := keyData{name: k.Name()}
		for j, n := range notes {
			d.triads[j] = Triad{pcs[j], pattern[j]}
			switch pattern[j] {
			case Minor:
				n += "m"
			case Diminished:
				n += "dim"
			}
			d.symbols = append(d.symbols, n)
			masks[i] |= 1 << pcs[j]
		}
		data[i] = d
	}
	for i, k := range items {
		for j, s := range items {
			if s.Minor != k.Minor && masks[j] == masks[i] {
				data[i].relative = s.Name()
				break
			}
		}
	}
	return data
}

// rootPcs is RootPcMap, compared without regard to case (KeyIdentificationService.cs:106-120).
var rootPcs = sync.OnceValue(func() map[string]int {
	return map[string]int{
		"c": 0, "b#": 0, "c#": 1, "db": 1, "d": 2, "d#": 3, "eb": 3, "e": 4, "fb": 4, "f": 5, "e#": 5,
		"f#": 6, "gb": 6, "g": 7, "g#": 8, "ab": 8, "a": 9, "a#": 10, "bb": 10, "b": 11, "cb": 11,
	}
})

// The expressions, compiled on first use. ChordPattern: the pin's at
// KeyIdentificationService.cs:211 @ c781df5c; main's is case-sensitive and reads extensions and
// altered fifths and ninths. NormalizeChord: the pin strips "min" with the extensions
// (KeyIdentificationService.cs:205-209); main reads "min" as "m" first.
var (
	pinChordRe     = lazy.Regexp2(`\b[A-G][b#]?(m|dim|aug|maj)?\b`)
	mainChordRe    = lazy.Regexp2(`\b[A-G][b#]?(?:maj|Maj|min|m|dim|aug|sus|add)?\d*(?:b5|#5|b9|#9|#11|b13)?\b`)
	pinStripRe     = lazy.Regexp2(`(maj|min|aug|sus|add)?\d+.*$`, regexp2.IgnoreCase)
	mainMinRe      = lazy.Regexp2(`min`, regexp2.IgnoreCase)
	mainStripRe    = lazy.Regexp2(`(maj|aug|sus|add)?\d+.*$`, regexp2.IgnoreCase)
	enharmonicRoot = strings.NewReplacer("A#", "Bb", "D#", "Eb", "G#", "Ab")
)

// ExtractChords is ExtractChords: every match of the chord pattern in query, the first of
// each spelling that compares equal ignoring case (KeyIdentificationService.cs:185-189).
func (s Service) ExtractChords(query string) []string {
	re := pinChordRe()
	if s.main {
		re = mainChordRe()
	}
	var chords []string
	m, _ := re.FindStringMatch(query)
	for ; m != nil; m, _ = re.FindNextMatch(m) {
		v := m.String()
		if !slices.ContainsFunc(chords, func(c string) bool { return strings.EqualFold(c, v) }) {
			chords = append(chords, v)
		}
	}
	return chords
}

// IsKeyIdentificationQuery is IsKeyIdentificationQuery, KeyIdentificationSkill's CanHandle: a
// key question with at least two distinct chords (KeyIdentificationService.cs:192-201).
func (s Service) IsKeyIdentificationQuery(query string) bool {
	q := strings.ToLower(query)
	for _, phrase := range []string{"what key", "which key", "what scale", "identify the key", "key am i",
		"key is this", "key do these", "key are these", "find the key", "determine the key"} {
		if strings.Contains(q, phrase) {
			return len(s.ExtractChords(query)) >= 2
		}
	}
	return false
}

// normalize is NormalizeChord: the extensions stripped and A#, D#, G# respelled as flats.
func (s Service) normalize(chord string) string {
	t := strings.TrimSpace(chord)
	if s.main {
		t, _ = mainMinRe().Replace(t, "m", -1, -1)
		t, _ = mainStripRe().Replace(t, "", -1, -1)
	} else {
		t, _ = pinStripRe().Replace(t, "", -1, -1)
	}
	return enharmonicRoot.Replace(t)
}

// Parse is ParseChordRootAndQuality, the service's private parser: the root's pitch class and
// the quality, or false for a symbol it does not know. Whatever follows the root after
// NormalizeChord counts as major unless it is "m" or "dim"; on main a chord with a 7, nothing
// after its root and no "maj" is a dominant (KeyIdentificationService.cs:126-143 @ c781df5c).
func (s Service) Parse(chord string) (Triad, bool) {
	n := s.normalize(chord)
	if n == "" {
		return Triad{}, false
	}
	root := n[:1]
	if len(n) >= 2 && (n[1] == '#' || n[1] == 'b') {
		root = n[:2]
	}
	pc, ok := rootPcs()[strings.ToLower(root)]
	if !ok {
		return Triad{}, false
	}
	rest := strings.ToLower(n[len(root):])
	if s.main && strings.Contains(chord, "7") && rest == "" && !strings.Contains(strings.ToLower(chord), "maj") {
		return Triad{pc, Dominant}, true
	}
	switch rest {
	case "m":
		return Triad{pc, Minor}, true
	case "dim":
		return Triad{pc, Diminished}, true
	}
	return Triad{pc, Major}, true
}

// parseAll parses chords in order, dropping the ones the parser does not know.
func (s Service) parseAll(chords []string) []Triad {
	var out []Triad
	for _, c := range chords {
		if t, ok := s.Parse(c); ok {
			out = append(out, t)
		}
	}
	return out
}

// holds reports whether key d counts chord c as diatonic. At the pin the root and quality must
// be one of the key's seven triads. On main a dominant seventh counts on a major key's fifth
// degree or a minor key's seventh only.
func (s Service) holds(d keyData, c Triad) bool {
	for i, t := range d.triads {
		if t.RootPc != c.RootPc {
			continue
		}
		if c.Quality == Dominant {
			if strings.Contains(d.name, "major") {
				return i == 4 && t.Quality == Major
			}
			return i == 6 && t.Quality == Major
		}
		if t.Quality == c.Quality {
			return true
		}
	}
	return false
}

// cadenceWeight is main's CadenceWeight: 2 when the progression ends on the key's tonic triad
// right after a major triad or dominant seventh on its fifth degree, otherwise 0.
func cadenceWeight(d keyData, ordered []Triad) int {
	if len(ordered) < 2 {
		return 0
	}
	tonic, last, before := d.triads[0], ordered[len(ordered)-1], ordered[len(ordered)-2]
	if last != tonic {
		return 0
	}
	if before.RootPc == d.triads[4].RootPc && (before.Quality == Major || before.Quality == Dominant) {
		return 2
	}
	return 0
}

// IsChordDiatonic is main's IsChordDiatonic, which the pin does not have: whether chord belongs
// to the key named keyName (compared ignoring case). It counts as Identify does, and in a
// minor key it also accepts a major triad or dominant seventh on the fifth degree, the
// harmonic minor's V, which Identify does not count. At the pin it reports false.
func (s Service) IsChordDiatonic(keyName, chord string) bool {
	if !s.main {
		return false
	}
	i := slices.IndexFunc(s.keyTable(), func(d keyData) bool { return strings.EqualFold(d.name, keyName) })
	if i < 0 {
		return false
	}
	d := s.keyTable()[i]
	c, ok := s.Parse(chord)
	if !ok {
		return false
	}
	if strings.Contains(d.name, "minor") && c.RootPc == d.triads[4].RootPc && (c.Quality == Major || c.Quality == Dominant) {
		return true
	}
	return s.holds(d, c)
}

// Identify is Identify: the keys holding at least one of the distinct chords, with how many.
// At the pin they are ordered by that count, then by name (ordinal and culture order agree on
// these names) (KeyIdentificationService.cs:151-179 @ c781df5c). On main by the count plus the
// cadence weight, then the key whose tonic triad is the first chord, then major before minor,
// then the name.
func (s Service) Identify(chords []string) []Candidate {
	ordered := s.parseAll(chords)
	var parsed []Triad
	for _, t := range ordered {
		if !slices.Contains(parsed, t) {
			parsed = append(parsed, t)
		}
	}
	if len(parsed) == 0 {
		return nil
	}
	type scored struct {
		c            Candidate
		weight       int
		opensOnTonic bool
	}
	var list []scored
	for _, d := range s.keyTable() {
		n := 0
		for _, c := range parsed {
			if s.holds(d, c) {
				n++
			}
		}
		if n == 0 {
			continue
		}
		sc := scored{c: Candidate{Key: d.name, RelativeKey: d.relative, MatchCount: n, TotalChords: len(parsed), DiatonicSet: d.symbols}}
		if s.main {
			sc.weight = cadenceWeight(d, ordered)
			sc.opensOnTonic = ordered[0] == d.triads[0]
		}
		list = append(list, sc)
	}
	slices.SortStableFunc(list, func(a, b scored) int {
		if c := cmp.Compare(b.c.MatchCount+b.weight, a.c.MatchCount+a.weight); c != 0 {
			return c
		}
		if s.main {
			if a.opensOnTonic != b.opensOnTonic {
				return boolFirst(a.opensOnTonic)
			}
			am, bm := strings.HasSuffix(a.c.Key, "major"), strings.HasSuffix(b.c.Key, "major")
			if am != bm {
				return boolFirst(am)
			}
		}
		return strings.Compare(a.c.Key, b.c.Key)
	})
	out := make([]Candidate, len(list))
	for i, sc := range list {
		out[i] = sc.c
	}
	return out
}

// boolFirst orders the true side first: -1 when a is true, 1 when it is false.
func boolFirst(a bool) int {
	if a {
		return -1
	}
	return 1
}

// Selection is what the key skill and ga_key_identify keep of Identify's list: the keys whose
// count equals the first key's, then the next three of the list
// (KeyIdentificationSkill.cs:62-63, 108-114; KeyIdentificationMcpTools.cs:66-77 @ c781df5c).
type Selection struct {
	Top, Partial []Candidate
}

// Select keeps the top and partial matches of candidates as the key skill does. The top keys
// are taken from the whole list, wherever they stand; the partial ones are the list after as
// many places as there are top keys, so on main a key with a higher count can follow the top.
func Select(candidates []Candidate) Selection {
	if len(candidates) == 0 {
		return Selection{}
	}
	var sel Selection
	for _, c := range candidates {
		if c.MatchCount == candidates[0].MatchCount {
			sel.Top = append(sel.Top, c)
		}
	}
	rest := candidates[len(sel.Top):]
	sel.Partial = rest[:min(3, len(rest))]
	return sel
}
