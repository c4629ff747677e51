package theory

import (
	"fmt"
	"slices"
	"sync"
)

// Role is how a note sits over a chord in chord-scale terms.
type Role int

// The four roles, each with the letter the course's tables print.
const (
	// RoleChordTone is a note of the chord: c.
	RoleChordTone Role = iota
	// RoleTension is a note of one of the chord's usual scales that does not clash: t.
	RoleTension
	// RoleAvoid is a scale note a semitone above a chord tone: a.
	RoleAvoid
	// RoleOutside is a note none of the chord's usual scales holds: o.
	RoleOutside
)

// Letter is the role's letter in the course's tables: c, t, a or o.
func (r Role) Letter() string { return string("ctao"[r]) }

// usualScales are the scales a chord-scale textbook gives each seventh chord: the modes and
// symmetric scales whose notes hold the chord.
var usualScales = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"major 7":         {"Ionian (major)", "Lydian"},
		"minor 7":         {"Dorian", "Aeolian (natural minor)", "Phrygian"},
		"dominant 7":      {"Mixolydian", "Lydian Dominant", "Mixolydian b6", "Phrygian Dominant", "Altered (Super Locrian)", "Half-Whole Diminished", "Whole Tone"},
		"half-diminished": {"Locrian", "Locrian #2"},
		"diminished 7":    {"Whole-Half Diminished"},
	}
})

// UsualScales returns, spelled on root, the scales a textbook gives a seventh chord of the
// quality named in words.
func UsualScales(root Note, quality string) ([]Scale, error) {
	names, ok := usualScales()[quality]
	if !ok {
		return nil, fmt.Errorf("theory: no usual scales for %q", quality)
	}
	scales := make([]Scale, len(names))
	for i, name := range names {
		s, err := ParseScale(root.String() + " " + name)
		if err != nil {
			return nil, err
		}
		scales[i] = s
	}
	return scales, nil
}

// NoteRole says how note n sits over the chord of root and tones, given the chord's usual
// scales: a chord tone; outside when no usual scale holds it; an avoid note when it lies a
// semitone above a chord tone, except the b9 and b13 of a dominant chord (a major third and a
// minor seventh), which are its altered tensions; an available tension otherwise.
func NoteRole(root Note, tones []Note, scales []Scale, n Note) Role {
	pcs := PitchClasses(tones)
	has := func(pc int) bool { return slices.Contains(pcs, mod12(pc)) }
	pc := n.PitchClass()
	if has(pc) {
		return RoleChordTone
	}
	if !slices.ContainsFunc(scales, func(s Scale) bool { return slices.Contains(PitchClasses(s.Notes), pc) }) {
		return RoleOutside
	}
	rel := mod12(pc - root.PitchClass())
	dominant := has(root.Up(Degree{Number: 3}).PitchClass()) && has(root.Up(Degree{Number: 7, Acc: -1}).PitchClass())
	if has(pc-1) && !(dominant && (rel == 1 || rel == 8)) {
		return RoleAvoid
	}
	return RoleTension
}
