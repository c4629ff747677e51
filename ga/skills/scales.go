package skills

// Quality is a chord quality as ImprovisationSkill classifies a written chord symbol.
type Quality int

// The qualities, in the order of GA's ChordQuality enum in ImprovisationSkill.cs.
const (
	Major Quality = iota
	Major7
	LydianMaj7
	Dominant7
	AlteredDominant
	Altered
	SuspendedDominant
	Minor
	Minor7
	MinorMajor7
	HalfDiminished
	Diminished
	Diminished7
	Augmented
	Unknown
)

// Scale is one scale GA suggests over a chord quality: its name without the root, and the
// short description GA prints after it.
type Scale struct {
	// Name is the scale's name without a root, e.g. "Lydian" or "Aeolian (natural minor)".
	Name string
	// Color is the short description GA prints after the name, e.g. "bright — emphasize the #11 for color".
	Color string
}

// qualityInfo is everything GA attaches to one quality.
type qualityInfo struct {
	name     string // the C# enum member name
	display  string
	note     string
	arpeggio string // suffix added to the root
	scales   []Scale
}

// ImprovisationSkill's scale lists, display names, notes and arpeggio suffixes
// (Common/GA.Business.ML/Agents/Skills/ImprovisationSkill.cs:266-284, 360-437, 483-515).
var qualities = [...]qualityInfo{
	Major: {
		name:    "Major",
		display: "major triad",
		note:    "On a IV chord, prefer Lydian to dodge the avoid-note F over C.",
		scales: []Scale{
			{"Ionian (major)", "diatonic, includes the 7 — careful on the IV chord"},
			{"Lydian", "raise the 4 to avoid the avoid-note"},
			{"Major Pentatonic", "remove tension notes for blues feel"},
		},
	},
	Major7: {
		name:     "Major7",
		display:  "major 7",
		note:     "Lydian is the modern / modal choice; Ionian is the classical choice.",
		arpeggio: "maj7",
		scales: []Scale{
			{"Ionian (major)", "diatonic — the safe choice"},
			{"Lydian", "bright — emphasize the #11 for color"},
		},
	},
	LydianMaj7: {
		name:     "LydianMaj7",
		display:  "major 7#11",
		note:     "Lydian is the home scale — the #11 is what makes this chord sound this way.",
		arpeggio: "maj7#11",
		scales: []Scale{
			{"Lydian", "the home scale — #11 is the defining note"},
		},
	},
	Dominant7: {
		name:     "Dominant7",
		display:  "dominant 7",
		note:     "Mixolydian for diatonic V chords; Lydian Dominant for static (non-resolving) dominants.",
		arpeggio: "7",
		scales: []Scale{
			{"Mixolydian", "diatonic dominant — natural choice for V chords"},
			{"Lydian Dominant", "raise the 4 (b7 + #11) for fusion / outside color"},
			{"Mixolydian b6", "from melodic minor — leans tense without going altered"},
		},
	},
	AlteredDominant: {
		name:     "AlteredDominant",
		display:  "altered dominant",
		note:     "Altered scale (7th mode of melodic minor) is the workhorse for V chords with b9/#9/#11/b13.",
		arpeggio: "7alt",
		scales: []Scale{
			{"Altered (Super Locrian)", "b9 #9 #11 b13 — covers every alteration"},
			{"Half-Whole Diminished", "b9 #9 #11 13 — symmetric alternative"},
			{"Phrygian Dominant", "use over 7b9 chords with Phrygian color"},
		},
	},
	Altered: {
		name:     "Altered",
		display:  "altered",
		note:     "Use Altered — every extension is naturally a chord tone.",
		arpeggio: "7alt",
		scales: []Scale{
			{"Altered (Super Locrian)", "every extension is altered — the canonical alt scale"},
		},
	},
	SuspendedDominant: {
		name:     "SuspendedDominant",
		display:  "suspended dominant",
		note:     "Mixolydian for plain 7sus; Phrygian when the chart has a b9.",
		arpeggio: "7sus4",
		scales: []Scale{
			{"Mixolydian", "diatonic — strong"},
			{"Phrygian", "darker color; works over sus7 with b9"},
		},
	},
	Minor: {
		name:     "Minor",
		display:  "minor triad",
		note:     "Aeolian for diatonic i chords in minor keys; Dorian when the underlying progression suggests a major key.",
		arpeggio: "m",
		scales: []Scale{
			{"Aeolian (natural minor)", "diatonic minor — fits most i chords"},
			{"Dorian", "raise the 6 for a brighter minor color"},
			{"Minor Pentatonic", "subtract tension notes for blues / rock"},
		},
	},
	Minor7: {
		name:     "Minor7",
		display:  "minor 7",
		note:     "Dorian is the modern jazz default; Aeolian if you want a darker, more diatonic-to-minor sound.",
		arpeggio: "m7",
		scales: []Scale{
			{"Dorian", "natural 6 — modern jazz default"},
			{"Aeolian (minor)", "b6 — darker, fits ii in minor keys"},
			{"Phrygian", "b2 — Spanish / modal flavor over static m7"},
		},
	},
	MinorMajor7: {
		name:     "MinorMajor7",
		display:  "minor major 7",
		note:     "Melodic Minor is the home scale; m6 chords also live here.",
		arpeggio: "mMaj7",
		scales: []Scale{
			{"Melodic Minor", "the home scale for mMaj7 / m6 chords"},
		},
	},
	HalfDiminished: {
		name:     "HalfDiminished",
		display:  "half-diminished (m7b5)",
		note:     "Locrian #2 (from melodic minor) is more usable than vanilla Locrian — the b9 is an avoid note.",
		arpeggio: "m7b5",
		scales: []Scale{
			{"Locrian", "diatonic — but b9 is an avoid note"},
			{"Locrian #2", "raise the 2 from melodic minor — better tonal target"},
		},
	},
	Diminished: {
		name:     "Diminished",
		display:  "diminished triad",
		note:     "Locrian is the diatonic home; Half-Whole works for passing-dim contexts.",
		arpeggio: "dim",
		scales: []Scale{
			{"Locrian", "the diatonic mode whose 1-b3-b5 triad IS the dim chord"},
			{"Half-Whole Diminished", "symmetric — works when the chord moves like a passing dim"},
		},
	},
	Diminished7: {
		name:     "Diminished7",
		display:  "diminished 7",
		note:     "Whole-Half Diminished is symmetric and contains every chord tone of a dim7.",
		arpeggio: "dim7",
		scales: []Scale{
			{"Whole-Half Diminished", "symmetric scale that contains all chord tones"},
		},
	},
	Augmented: {
		name:     "Augmented",
		display:  "augmented",
		note:     "Whole Tone is the canonical aug choice; Lydian Augmented if the chord is a major7#5.",
		arpeggio: "aug",
		scales: []Scale{
			{"Whole Tone", "every step is a whole step — covers the #5 / b13"},
			{"Lydian Augmented", "from melodic minor — for major7#5 contexts"},
		},
	},
	Unknown: {
		name:    "Unknown",
		display: "unknown",
		note:    "I couldn't classify the chord quality; defaulting to the chord-root major scale.",
		scales: []Scale{
			{"Major scale of the chord root", "fallback — chord quality not classified"},
		},
	},
}

// info returns the table row of q; a value outside the enum reads as Unknown.
func (q Quality) info() qualityInfo {
	if q < 0 || int(q) >= len(qualities) {
		return qualities[Unknown]
	}
	return qualities[q]
}

// String returns the C# enum member name, e.g. "HalfDiminished".
func (q Quality) String() string { return q.info().name }

// Display returns the quality as GA prints it in answers, e.g. "half-diminished (m7b5)".
func (q Quality) Display() string { return q.info().display }

// Note returns the advisory note GA closes a single-chord answer with.
func (q Quality) Note() string { return q.info().note }

// ScalesFor returns the scales GA suggests over q, the lead scale first.
func ScalesFor(q Quality) []Scale {
	return append([]Scale(nil), q.info().scales...)
}
