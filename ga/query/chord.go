package query

import (
	"strings"
	"sync"
)

// Chord is a parsed chord symbol.
type Chord struct {
	Symbol       string // the symbol as written, e.g. "Bbm7b5"
	Root         int    // pitch class of the root, 0 = C
	Quality      string // the suffix after the root, e.g. "m7b5"; "" for a major triad
	PitchClasses []int  // the chord's pitch classes, root first, in chord-tone order
}

// suffixes maps each chord suffix the stand-in knows to its intervals above
// the root. The table is the stand-in's: GA's own chord parser accepts more
// spellings, but these cover the symbols the course and the guards use.
var suffixes = sync.OnceValue(func() map[string][]int {
	return map[string][]int{
		"":      {0, 4, 7},
		"M":     {0, 4, 7},
		"maj":   {0, 4, 7},
		"m":     {0, 3, 7},
		"min":   {0, 3, 7},
		"-":     {0, 3, 7},
		"dim":   {0, 3, 6},
		"aug":   {0, 4, 8},
		"+":     {0, 4, 8},
		"5":     {0, 7},
		"sus2":  {0, 2, 7},
		"sus4":  {0, 5, 7},
		"sus":   {0, 5, 7},
		"6":     {0, 4, 7, 9},
		"m6":    {0, 3, 7, 9},
		"69":    {0, 4, 7, 9, 2},
		"7":     {0, 4, 7, 10},
		"maj7":  {0, 4, 7, 11},
		"M7":    {0, 4, 7, 11},
		"m7":    {0, 3, 7, 10},
		"min7":  {0, 3, 7, 10},
		"-7":    {0, 3, 7, 10},
		"mmaj7": {0, 3, 7, 11},
		"mMaj7": {0, 3, 7, 11},
		"m7b5":  {0, 3, 6, 10},
		"dim7":  {0, 3, 6, 9},
		"aug7":  {0, 4, 8, 10},
		"7#5":   {0, 4, 8, 10},
		"7b5":   {0, 4, 6, 10},
		"7sus4": {0, 5, 7, 10},
		"7b9":   {0, 4, 7, 10, 1},
		"7#9":   {0, 4, 7, 10, 3},
		"add9":  {0, 4, 7, 2},
		"madd9": {0, 3, 7, 2},
		"9":     {0, 4, 7, 10, 2},
		"maj9":  {0, 4, 7, 11, 2},
		"m9":    {0, 3, 7, 10, 2},
		"11":    {0, 4, 7, 10, 2, 5},
		"m11":   {0, 3, 7, 10, 2, 5},
		"13":    {0, 4, 7, 10, 2, 9},
		"maj13": {0, 4, 7, 11, 2, 9},
		"m13":   {0, 3, 7, 10, 2, 9},
	}
})

var letterPitch = sync.OnceValue(func() map[byte]int {
	return map[byte]int{'C': 0, 'D': 2, 'E': 4, 'F': 5, 'G': 7, 'A': 9, 'B': 11}
})

// SplitRoot splits a chord or note name into the pitch class of its root
// (an uppercase letter A-G with an optional '#' or 'b') and the rest, which
// is how GA's OPTIC-K filter cuts a chord name into root and quality fragment
// (Common/GA.Business.ML/Search/OptickSearchStrategy.cs:296-329).
func SplitRoot(name string) (root int, rest string, ok bool) {
	if name == "" {
		return 0, "", false
	}
	pc, found := letterPitch()[name[0]]
	if !found {
		return 0, "", false
	}
	rest = name[1:]
	if rest != "" {
		switch rest[0] {
		case '#':
			pc++
			rest = rest[1:]
		case 'b':
			pc--
			rest = rest[1:]
		}
	}
	return (pc + 12) % 12, rest, true
}

// ParseChord parses a chord symbol such as "Cmaj7", "F#m7b5" or "Bb13",
// optionally with a slash bass ("C/E"), which is accepted and ignored.
func ParseChord(symbol string) (Chord, bool) {
	root, rest, ok := SplitRoot(symbol)
	if !ok {
		return Chord{}, false
	}
	quality := rest
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		if _, bassRest, ok := SplitRoot(rest[i+1:]); !ok || bassRest != "" {
			return Chord{}, false
		}
		quality = rest[:i]
	}
	intervals, ok := suffixes()[quality]
	if !ok {
		return Chord{}, false
	}
	pcs := make([]int, len(intervals))
	for i, iv := range intervals {
		pcs[i] = (root + iv) % 12
	}
	return Chord{Symbol: symbol, Root: root, Quality: quality, PitchClasses: pcs}, true
}
