// Package search models the pieces of GA.Business.ML.Search that the course's lessons read
// without an embedding index: ChordPitchClasses, GA's compositional chord-symbol parser, which
// the MCP tools use to read a root or a chord before they search.
package search

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dlclark/regexp2/v2"

	"course/internal/dotnet"
	"course/internal/lazy"
)

// The .NET expressions TryComputeChordOffsets runs, as written
// (Common/GA.Business.ML/Search/MusicalQueryEncoder.cs:246-325 @ c781df5c).
var (
	triangleRe     = expr{lazy.Regexp2(`△|Δ`), []string{"△", "Δ"}}
	halfDimRe      = expr{lazy.Regexp2(`ø|Ø`), []string{"ø", "Ø"}}
	upperMajRe     = expr{lazy.Regexp2(`M(?=7|9|11|13|6)`), []string{"M"}}
	alteredRe      = expr{lazy.Regexp2(`^7?alt$`), []string{"alt"}}
	additionRe     = expr{lazy.Regexp2(`add(b|#)?(2|4|6|9|11|13)`), []string{"add"}}
	alterationRe   = expr{lazy.Regexp2(`(b|#)(5|6|9|11|13)`), []string{"b", "#"}}
	omissionRe     = expr{lazy.Regexp2(`(omit|no)(2|3|4|5|6|9|11|13)`), []string{"omit", "no"}}
	susRe          = expr{lazy.Regexp2(`sus4|sus`), []string{"sus"}}
	sixNineRe      = expr{lazy.Regexp2(`6/9|69`), []string{"6/9", "69"}}
	separatorsRe   = expr{lazy.Regexp2(`[\s/()+\-]`), nil}
	rootsUppercase = [...]struct {
		name string
		pc   int
	}{
		{"C", 0}, {"C#", 1}, {"DB", 1}, {"D", 2}, {"D#", 3}, {"EB", 3},
		{"E", 4}, {"F", 5}, {"F#", 6}, {"GB", 6}, {"G", 7}, {"G#", 8},
		{"AB", 8}, {"A", 9}, {"A#", 10}, {"BB", 10}, {"B", 11}, {"CB", 11},
	}
)

// KnownRoots are the root names ChordPitchClasses recognises, in the order its dictionary
// declares them (MusicalQueryEncoder.cs:166-171 @ c781df5c).
var KnownRoots = [...]string{"C", "C#", "Db", "D", "D#", "Eb", "E", "F", "F#", "Gb", "G", "G#", "Ab", "A", "A#", "Bb", "B", "Cb"}

// rootPitchClass looks a root up as the dictionary does, with StringComparer.OrdinalIgnoreCase:
// "bb", "BB" and "bB" are all Bb (MusicalQueryEncoder.cs:166 @ c781df5c).
func rootPitchClass(name string) (int, bool) {
	upper := strings.ToUpper(name)
	for _, r := range rootsUppercase {
		if r.name == upper {
			return r.pc, true
		}
	}
	return 0, false
}

// TryParse is ChordPitchClasses.TryParse: the root is the first character and a '#' or 'b'
// after it, looked up without regard to case; a slash followed by a letter drops the bass;
// parentheses are dropped; the rest is read by TryComputeChordOffsets. It returns the root's
// pitch class and the chord's distinct pitch classes in ascending order
// (MusicalQueryEncoder.cs:194-228 @ c781df5c).
func TryParse(symbol string) (root int, pitchClasses []int, ok bool) {
	if dotnet.IsNullOrWhiteSpace(symbol) {
		return 0, nil, false
	}
	symbol = dotnet.Trim(symbol)
	// symbol[1] is one UTF-16 unit in GA; a second character that is not ASCII is never '#'
	// or 'b', and a first one that is not ASCII is no root, so bytes give the same answer.
	rootLen := 1
	if len(symbol) >= 2 && (symbol[1] == '#' || symbol[1] == 'b') {
		rootLen = 2
	}
	r, found := rootPitchClass(symbol[:rootLen])
	if !found {
		return 0, nil, false
	}
	quality := symbol[rootLen:]
	if slash := strings.IndexByte(quality, '/'); slash >= 0 && slash+1 < len(quality) {
		if next, _ := utf8.DecodeRuneInString(quality[slash+1:]); unicode.IsLetter(next) {
			quality = quality[:slash]
		}
	}
	quality = strings.ReplaceAll(strings.ReplaceAll(quality, "(", ""), ")", "")
	offsets, ok := TryComputeChordOffsets(quality)
	if !ok {
		return 0, nil, false
	}
	pcs := make([]int, 0, len(offsets))
	for _, o := range offsets {
		pcs = append(pcs, (r+o)%12)
	}
	slices.Sort(pcs)
	return r, slices.Compact(pcs), true
}

// expr is one of the expressions and the texts one of which each of its matches holds; a string
// that holds none of them cannot match, and is not handed to the regexp engine, which the
// parser would otherwise run ten times per chord symbol.
type expr struct {
	re func() *regexp2.Regexp
	// needs is nil for an expression without such a text.
	needs []string
}

// mayMatch reports whether s holds one of the texts every match holds.
func (e expr) mayMatch(s string) bool {
	if e.needs == nil {
		return true
	}
	for _, n := range e.needs {
		if strings.Contains(s, n) {
			return true
		}
	}
	return false
}

// matchString is Regex.IsMatch.
func (e expr) matchString(s string) bool {
	if !e.mayMatch(s) {
		return false
	}
	ok, _ := e.re().MatchString(s)
	return ok
}

// replace runs a .NET Regex.Replace whose replacement holds no substitutions.
func replace(e expr, s, with string) string {
	if !e.mayMatch(s) {
		return s
	}
	out, err := e.re().Replace(s, with, -1, -1)
	if err != nil {
		// regexp2 fails only on a match timeout, which these expressions do not set.
		return s
	}
	return out
}

// matches returns the groups 1 and 2 of every match of e in s, in order.
func matches(e expr, s string) [][2]string {
	if !e.mayMatch(s) {
		return nil
	}
	var out [][2]string
	m, _ := e.re().FindStringMatch(s)
	for m != nil {
		out = append(out, [2]string{m.GroupByNumber(1).String(), m.GroupByNumber(2).String()})
		m, _ = e.re().FindNextMatch(m)
	}
	return out
}

// TryComputeChordOffsets is ChordPitchClasses.TryComputeChordOffsets: it normalises the
// quality's spellings, takes additions, alterations and omissions out, reads the base triad and
// the sixth/seventh/extension spine, and refuses a quality that leaves anything but separators
// behind. The offsets are semitones above the root, distinct, ascending
// (MusicalQueryEncoder.cs:240-351 @ c781df5c). GA's StartsWith tests compare by culture; the
// model compares ordinally, which differs only for characters a culture ignores.
func TryComputeChordOffsets(quality string) ([]int, bool) {
	w := dotnet.Trim(quality)

	w = replace(triangleRe, w, "maj")
	w = replace(halfDimRe, w, "m7b5")
	w = replace(upperMajRe, w, "maj")
	w = strings.ReplaceAll(w, "Maj", "maj")
	w = strings.ReplaceAll(w, "MAJ", "maj")
	w = strings.ReplaceAll(w, "Major", "maj")
	w = strings.ReplaceAll(w, "major", "maj")
	w = strings.ReplaceAll(w, "Min", "min")
	w = strings.ReplaceAll(w, "MIN", "min")
	w = strings.ReplaceAll(w, "minor", "min")
	w = strings.ReplaceAll(w, "M", "maj")
	w = strings.ToLower(w)
	w = strings.ReplaceAll(w, "°", "dim")
	w = strings.ReplaceAll(w, "o7", "dim7")

	if w == "" {
		return []int{0, 4, 7}, true
	}
	if w == "5" {
		return []int{0, 7}, true
	}
	if alteredRe.matchString(w) {
		return []int{0, 1, 3, 4, 6, 8, 10}, true
	}

	set := map[int]bool{0: true}
	explicit := map[int]int{}
	omit := map[int]bool{}
	noThird := false
	fifth := 7
	sixth, seventh := -1, -1

	for _, g := range matches(additionRe, w) {
		d, _ := strconv.Atoi(g[1])
		explicit[d] = degreeSemitone(d, g[0])
	}
	w = replace(additionRe, w, "")

	for _, g := range matches(alterationRe, w) {
		d, _ := strconv.Atoi(g[1])
		switch {
		case d == 5 && g[0] == "b":
			fifth = 6
		case d == 5:
			fifth = 8
		case d == 6 && g[0] == "b":
			sixth = 8
		case d == 6:
			sixth = 10
		default:
			explicit[d] = degreeSemitone(d, g[0])
		}
	}
	w = replace(alterationRe, w, "")

	for _, g := range matches(omissionRe, w) {
		d, _ := strconv.Atoi(g[1])
		omit[d] = true
	}
	w = replace(omissionRe, w, "")

	// The base triad (MusicalQueryEncoder.cs:291-299).
	var thirdMinor bool
	switch {
	case strings.Contains(w, "sus2"):
		noThird, explicit[2] = true, 2
		w = strings.ReplaceAll(w, "sus2", "")
	case strings.Contains(w, "sus4") || strings.Contains(w, "sus"):
		noThird, explicit[4] = true, 5
		w = replace(susRe, w, "")
	case strings.Contains(w, "dim"):
		thirdMinor, fifth = true, 6
	case strings.Contains(w, "aug") || strings.HasPrefix(w, "+"):
		fifth = 8
		w = strings.ReplaceAll(strings.ReplaceAll(w, "aug", ""), "+", "")
	case strings.HasPrefix(w, "min"):
		thirdMinor = true
	case strings.HasPrefix(w, "m") && !strings.HasPrefix(w, "maj"):
		thirdMinor = true
	}

	majSeventh := strings.Contains(w, "maj")
	dimBase := strings.Contains(w, "dim")
	w = strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(w, "maj", ""), "min", ""), "dim", "")
	w = strings.TrimPrefix(w, "m")

	// The sixth / seventh / extension spine (MusicalQueryEncoder.cs:306-322).
	if sixNineRe.matchString(w) {
		if sixth < 0 {
			sixth = 9
		}
		if _, has := explicit[9]; !has {
			explicit[9] = 2
		}
		w = replace(sixNineRe, w, "")
	}
	topExt := 0
	switch {
	case strings.Contains(w, "13"):
		topExt, w = 13, strings.ReplaceAll(w, "13", "")
	case strings.Contains(w, "11"):
		topExt, w = 11, strings.ReplaceAll(w, "11", "")
	case strings.Contains(w, "9"):
		topExt, w = 9, strings.ReplaceAll(w, "9", "")
	case strings.Contains(w, "7"):
		topExt, w = 7, strings.ReplaceAll(w, "7", "")
	case strings.Contains(w, "6"):
		if sixth < 0 {
			sixth = 9
		}
		w = strings.ReplaceAll(w, "6", "")
	}
	switch {
	case dimBase && topExt >= 7:
		seventh = 9
	case topExt >= 7 && majSeventh:
		seventh = 11
	case topExt >= 7:
		seventh = 10
	}

	if w != "" && replace(separatorsRe, w, "") != "" { // an empty quality has nothing left to refuse
		return nil, false
	}

	// Assembly (MusicalQueryEncoder.cs:329-339).
	if !noThird && !omit[3] {
		if thirdMinor {
			set[3] = true
		} else {
			set[4] = true
		}
	}
	if !omit[5] {
		set[fifth] = true
	}
	if sixth >= 0 && !omit[6] {
		set[sixth] = true
	}
	if seventh >= 0 {
		set[seventh] = true
	}
	for _, ext := range []struct{ degree, natural int }{{9, 2}, {11, 5}, {13, 9}} {
		if topExt >= ext.degree && !omit[ext.degree] {
			if v, has := explicit[ext.degree]; has {
				set[v] = true
			} else {
				set[ext.natural] = true
			}
		}
	}
	for d, v := range explicit {
		if !omit[d] {
			set[v] = true
		}
	}
	offsets := make([]int, 0, len(set))
	for o := range set {
		offsets = append(offsets, o%12)
	}
	slices.Sort(offsets)
	return slices.Compact(offsets), true
}

// degreeSemitone is a chord degree's semitones above the root, natural or altered by sign,
// within one octave (MusicalQueryEncoder.cs:354-363 @ c781df5c).
func degreeSemitone(degree int, sign string) int {
	switch degree {
	case 2:
		return 2
	case 4:
		return 5
	case 6, 13:
		switch sign {
		case "b":
			return 8
		case "#":
			return 10
		}
		return 9
	case 9:
		switch sign {
		case "b":
			return 1
		case "#":
			return 3
		}
		return 2
	case 11:
		switch sign {
		case "#":
			return 6
		case "b":
			return 4
		}
		return 5
	}
	return 0
}
