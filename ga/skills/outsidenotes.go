package skills

import (
	"fmt"
	"strings"

	"github.com/dlclark/regexp2/v2"

	"course/internal/lazy"
)

// OutsideNotes is GA's OutsideNotesSkill: it reads "<note> ... over <chord>" and says whether
// the note is a chord tone, an available tension or an avoid note, by one rule on the chord's
// tones; NewLine is what its AppendLine writes
// (Common/GA.Business.ML/Agents/Skills/OutsideNotesSkill.cs at a826864).
type OutsideNotes struct {
	// NewLine ends every line of an answer; "" means "\n", and "\r\n" is GA on Windows.
	NewLine string
}

// OutsideNotesCanHandle is the skill's CanHandle (OutsideNotesSkill.cs:76-86).
func OutsideNotesCanHandle(message string) bool { return guarded(outsideNotesCanHandle)(message) }

// RelationKind is how the skill classifies a note over a chord (OutsideNotesSkill.cs:130).
type RelationKind int

// The three kinds, named as GA's enum prints them.
const (
	ChordTone RelationKind = iota
	Tension
	Avoid
)

// String is the enum's name, as the skill's evidence prints it.
func (k RelationKind) String() string {
	switch k {
	case ChordTone:
		return "ChordTone"
	case Tension:
		return "Tension"
	}
	return "Avoid"
}

// Verdict is the skill's classification of one note: its kind, the degree's label, and the two
// texts of the answer (OutsideNotesSkill.cs:132-133).
type Verdict struct {
	// Kind is chord tone, tension or avoid note.
	Kind RelationKind
	// DegreeLabel names the note's degree, e.g. "11 (natural eleventh)" or "minor seventh".
	DegreeLabel string
	// Headline is the first line's verdict, e.g. "an avoid note — the 11 (natural eleventh)".
	Headline string
	// Explanation is the answer's second paragraph.
	Explanation string
}

// Classify is OutsideNotesSkill.Classify: a chord tone when the note's semitones above the root
// are in the formula; else an avoid note when it lies a semitone above a chord tone, the first
// in the formula's order; else an available tension (OutsideNotesSkill.cs:141-189).
func Classify(rootPc int, quality string, notePc int) Verdict {
	f := GetFormula(quality)
	var chordPcs []int
	for _, iv := range f.Intervals {
		if pc := mod12(iv); !containsInt(chordPcs, pc) {
			chordPcs = append(chordPcs, pc)
		}
	}
	rel := mod12(notePc - rootPc)
	if containsInt(chordPcs, rel) {
		function := chordToneFunction(f, rel)
		return Verdict{ChordTone, function, "a chord tone — the " + function,
			"It's part of the chord itself (the " + function + "), so it sounds fully consonant — " +
				"as inside as a note can be over this chord."}
	}
	degree := ExtensionLabel(rel)
	for _, ct := range chordPcs {
		if (ct+1)%12 != rel {
			continue
		}
		advice := "That half-step rub is the classic \"avoid note\" clash: play it as a fast " +
			"passing tone, but don't land or sustain on it."
		if strings.HasPrefix(quality, "dominant") || quality == "altered dominant" {
			advice = "That half-step rub is why it sounds outside — but over a dominant chord it's " +
				"exactly the kind of altered tension players reach for (" + degree + " on the V), so " +
				"it's usable if you resolve it, not a note to simply avoid."
		}
		return Verdict{Avoid, degree, "an avoid note — the " + degree,
			"It's the " + degree + ", sitting a semitone above the " + chordToneFunction(f, ct) + " of the chord. " + advice}
	}
	return Verdict{Tension, degree, "an available tension — the " + degree,
		"It's the " + degree + " — a non-chord tone, but it isn't a semitone above any chord " +
			"tone, so it adds colour without clashing. Safe to sustain as an extension."}
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// chordToneFunction names a chord tone by the formula's name for it (OutsideNotesSkill.cs:192-200).
func chordToneFunction(f ChordFormula, rel int) string {
	for i, iv := range f.Intervals {
		if mod12(iv) == rel {
			return f.IntervalNames[i]
		}
	}
	return ExtensionLabel(rel)
}

// extensionLabels are ExtensionLabel's names of the twelve semitones above a root
// (OutsideNotesSkill.cs:203-217).
var extensionLabels = [12]string{
	"root", "b9 (flat ninth)", "9 (ninth)", "#9 (sharp ninth)", "major 3rd", "11 (natural eleventh)",
	"#11 (sharp eleventh)", "5th", "b13 (flat thirteenth)", "13 (thirteenth)", "b7 (minor seventh)", "major 7th",
}

// ExtensionLabel is the skill's label for a note rel semitones above the root.
func ExtensionLabel(rel int) string { return extensionLabels[mod12(rel)] }

// sharpNames and flatNames are the two spellings of the twelve pitch classes that
// OutsideNotesSkill (OutsideNotesSkill.cs:226-230) and VoiceLeadingSkill (VoiceLeadingSkill.cs:70-74)
// each declare, with the same entries.
var (
	sharpNames = [12]string{"C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"}
	flatNames  = [12]string{"C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"}
)

// chordToneNames spells the chord by pitch class alone: flats for a minor, diminished or
// half-diminished quality or a root of F, Bb, Eb, Ab, Db or Gb, sharps otherwise
// (OutsideNotesSkill.cs:219-241).
func chordToneNames(rootPc int, quality string) []string {
	names := sharpNames
	if strings.Contains(quality, "minor") || strings.Contains(quality, "diminished") || strings.Contains(quality, "half") {
		names = flatNames
	}
	switch rootPc {
	case 5, 10, 3, 8, 1, 6:
		names = flatNames
	}
	f := GetFormula(quality)
	out := make([]string, len(f.Intervals))
	for i, iv := range f.Intervals {
		out[i] = names[mod12(rootPc+iv)]
	}
	return out
}

// qualityDisplaySuffix is how the answer writes the quality after the root (OutsideNotesSkill.cs:243-248).
func qualityDisplaySuffix(quality string) string {
	switch quality {
	case "major":
		return ""
	case "minor":
		return "m"
	}
	return " " + quality
}

// The skill's two expressions: the chord after a preposition, and a note token
// (OutsideNotesSkill.cs:291-299). outsideTargetRe, in registry.go, is the first.
var outsideNoteTokenRe = lazy.Regexp2(`\b(?<note>[A-G][#b]?)(?![A-Za-z0-9#])`)

// NoteOverChord is what the skill reads from a question: the note and the chord's root, each
// spelled as normalized and with its pitch class, and the chord's canonical quality
// (OutsideNotesSkill.cs:252-253).
type NoteOverChord struct {
	// NotePc and NoteName are the note read.
	NotePc   int
	NoteName string
	// RootPc and RootName are the chord's root.
	RootPc   int
	RootName string
	// Quality is the chord's canonical quality, as NormalizeQuality returns it.
	Quality string
}

// ParseNoteOverChord is the skill's parser: the chord after the first over, against or on
// followed by a root, and the last note token before that preposition; ok is false when either
// is missing (OutsideNotesSkill.cs:260-287).
func ParseNoteOverChord(message string) (NoteOverChord, bool) {
	if strings.TrimSpace(message) == "" {
		return NoteOverChord{}, false
	}
	chord := find(outsideTargetRe, message)
	if chord == nil {
		return NoteOverChord{}, false
	}
	rootName := NormalizeRoot(chord.GroupByName("root").String())
	rootPc, ok := ChordRootPitchClass(rootName)
	if !ok {
		return NoteOverChord{}, false
	}
	quality := NormalizeQuality(chord.GroupByName("qual").String())
	// GA looks for the preposition backwards from just past its own end, so it always finds the
	// one the expression matched, which starts the match: the note is read left of the match.
	start, _ := chord.ByteRange()
	left := message[:start]
	var note *regexp2.Match
	for m := find(outsideNoteTokenRe, left); m != nil; m = next(outsideNoteTokenRe, m) {
		note = m
	}
	if note == nil {
		return NoteOverChord{}, false
	}
	noteName := NormalizeRoot(note.GroupByName("note").String())
	notePc, ok := ChordRootPitchClass(noteName)
	if !ok {
		return NoteOverChord{}, false
	}
	return NoteOverChord{NotePc: notePc, NoteName: noteName, RootPc: rootPc, RootName: rootName, Quality: quality}, true
}

// outsideNotesDecline is the skill's answer when it reads no note over a chord (OutsideNotesSkill.cs:303-313).
const outsideNotesDecline = "Tell me a single note and a single chord and I'll say whether it's a chord " +
	"tone, a tension, or an avoid note — e.g. \"why does F sound outside over Cmaj7\" " +
	"or \"is A a tension over Cmaj7\"."

// Execute is the skill's ExecuteAsync: the verdict's headline, a blank line and its
// explanation, with the note, the chord's tones and the relation as evidence
// (OutsideNotesSkill.cs:88-126).
func (s OutsideNotes) Execute(message string) Result {
	q, ok := ParseNoteOverChord(message)
	if !ok {
		return Result{
			Text:        outsideNotesDecline,
			Confidence:  0.1,
			Evidence:    []string{"OutsideNotesSkill: could not parse a <note> over <chord> pair"},
			Assumptions: []string{"Query did not match the '<note> ... over <chord>' shape."},
		}
	}
	nl := s.NewLine
	if nl == "" {
		nl = "\n"
	}
	v := Classify(q.RootPc, q.Quality, q.NotePc)
	label := q.RootName + qualityDisplaySuffix(q.Quality)
	text := fmt.Sprintf("**%s** over **%s**: %s.", q.NoteName, label, v.Headline) + nl + nl + v.Explanation + nl
	return Result{
		Text:       text,
		Confidence: 1,
		Evidence: []string{
			fmt.Sprintf("Note: %s (pitch class %d)", q.NoteName, q.NotePc),
			fmt.Sprintf("Chord: %s — tones %s", label, strings.Join(chordToneNames(q.RootPc, q.Quality), ", ")),
			fmt.Sprintf("Relation: %s, %s", v.DegreeLabel, v.Kind),
		},
		Assumptions: []string{"Single note classified against a single chord; no key context assumed."},
	}
}
