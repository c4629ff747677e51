package skills

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// amFCG is the skill's raw answer to "which arpeggio fits Am F C G" (ga-behaviour.md §4,
// l5.expected.txt's first section).
const amFCG = "Over **Am – F – C – G**, for each chord:\n" +
	"\n" +
	"- **Am** → arpeggio **Am**, play **A Aeolian (natural minor)** (diatonic minor — fits most i chords).\n" +
	"- **F** → arpeggio **F**, play **F Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).\n" +
	"- **C** → arpeggio **C**, play **C Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).\n" +
	"- **G** → arpeggio **G**, play **G Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).\n" +
	"\n" +
	"Each arpeggio spells the chord tones; the scale adds the passing notes for lines between them.\n"

func TestExecuteProgressionAnswer(t *testing.T) {
	const message = "which arpeggio fits Am F C G"
	tests := []struct {
		name    string
		newLine string
		want    string
		length  int
	}{
		{"default is LF", "", amFCG, 558},
		{"explicit LF", "\n", amFCG, 558},
		{"CRLF as on Windows", "\r\n", strings.ReplaceAll(amFCG, "\n", "\r\n"), 566},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Improvisation{NewLine: tt.newLine}.Execute(message)
			if got.Text != tt.want {
				t.Fatalf("text:\n got %q\nwant %q", got.Text, tt.want)
			}
			if n := utf8.RuneCountInString(got.Text); n != tt.length {
				t.Errorf("length = %d characters, want %d", n, tt.length)
			}
			if n := strings.Count(got.Text, "\n"); n != 8 {
				t.Errorf("line breaks = %d, want 8", n)
			}
			nonBlank := 0
			for _, l := range strings.Split(got.Text, "\n") {
				if strings.TrimSpace(l) != "" {
					nonBlank++
				}
			}
			if nonBlank != 6 {
				t.Errorf("non-blank lines = %d, want 6", nonBlank)
			}
			if got.Confidence != 0.85 {
				t.Errorf("confidence = %v, want 0.85", got.Confidence)
			}
		})
	}
}

func TestExecuteProgressionGrounding(t *testing.T) {
	got := Improvisation{}.Execute("which arpeggio fits Am F C G")
	wantEvidence := []string{
		"Am: arpeggio Am; scales A Aeolian (natural minor), A Dorian, A Minor Pentatonic",
		"F: arpeggio F; scales F Ionian (major), F Lydian, F Major Pentatonic",
		"C: arpeggio C; scales C Ionian (major), C Lydian, C Major Pentatonic",
		"G: arpeggio G; scales G Ionian (major), G Lydian, G Major Pentatonic",
	}
	if !reflect.DeepEqual(got.Evidence, wantEvidence) {
		t.Errorf("evidence:\n got %q\nwant %q", got.Evidence, wantEvidence)
	}
	wantAssumptions := []string{"Each chord classified independently from its written quality; no key inferred."}
	if !reflect.DeepEqual(got.Assumptions, wantAssumptions) {
		t.Errorf("assumptions = %q, want %q", got.Assumptions, wantAssumptions)
	}
	if got.Data == nil {
		t.Fatal("data is nil on the progression path")
	}
	if want := []string{"Am", "F", "C", "G"}; !reflect.DeepEqual(got.Data.Progression, want) {
		t.Errorf("data.progression = %q, want %q", got.Data.Progression, want)
	}
	am := got.Data.PerChord[0]
	wantAm := ChordAdvice{Chord: "Am", Quality: Minor, Arpeggio: "Am", Scales: []RootedScale{
		{"A Aeolian (natural minor)", "diatonic minor — fits most i chords"},
		{"A Dorian", "raise the 6 for a brighter minor color"},
		{"A Minor Pentatonic", "subtract tension notes for blues / rock"},
	}}
	if !reflect.DeepEqual(am, wantAm) {
		t.Errorf("data.perChord[0] = %+v, want %+v", am, wantAm)
	}
}

// l5Message is the title argument of l5.expected.txt's second section.
const l5Message = "arpeggios over Cmaj7 C7 Cm7 Cm7b5 Cdim Cdim7 Caug C6 Cm6 C7#11 Cm7#5 Cmaj7#5 C7sus4 CmMaj7 Csus4 Csus2 C5"

func TestChordTokensL5(t *testing.T) {
	got := strings.Join(ChordTokens(l5Message), " ")
	const want = "Cmaj7 C7 Cm7 Cm7b5 Cdim Cdim7 Caug C6 Cm6 C7#11 Cm7#5 Cmaj7 Csus4 Csus2 C5"
	if got != want {
		t.Errorf("read:\n got %s\nwant %s", got, want)
	}
}

func TestChordTokensDotNetBoundaries(t *testing.T) {
	tests := []struct {
		message string
		want    []string
	}{
		{"Cø F", []string{"Cø", "F"}},   // ø is a .NET word character
		{"CΔ F", []string{"CΔ", "F"}},   // so is Δ
		{"C° F", []string{"C", "F"}},    // ° is not: the trailing \b fails, only the root is left
		{"C°7 F", []string{"C°7", "F"}}, // the 7 ends the token on a word character
		{"C+ F", []string{"C", "F"}},    // + is not a word character either
		{"Cmaj7#11 Bb7b9", []string{"Cmaj7#11", "Bb7b9"}},
		{"solo on the A string over Em", []string{"A", "Em"}},
		{"A minor", []string{"A"}},
		{"Cmaj7#5", []string{"Cmaj7"}}, // backtracks to the shorter form
		{"C7sus4 CmMaj7", nil},         // no alternative ends on a boundary
		{"am f c g", nil},              // case-sensitive
		{"Hm7 Xmaj7", nil},
		{"Fmaj9 F#m11 Ebmin7 E-7", []string{"Fmaj9", "F#m11", "Ebmin7", "E-7"}},
	}
	for _, tt := range tests {
		if got := ChordTokens(tt.message); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ChordTokens(%q) = %q, want %q", tt.message, got, tt.want)
		}
	}
}

// TestL5Rows checks the rows of l5.expected.txt's second section: written symbol, what GA reads,
// quality display, arpeggio and lead scale.
func TestL5Rows(t *testing.T) {
	tests := []struct {
		written, read, quality, arpeggio, lead string
	}{
		{"Cmaj7", "Cmaj7", "major 7", "Cmaj7", "C Ionian (major)"},
		{"C7", "C7", "dominant 7", "C7", "C Mixolydian"},
		{"Cm7", "Cm7", "minor 7", "Cm7", "C Dorian"},
		{"Cm7b5", "Cm7b5", "half-diminished (m7b5)", "Cm7b5", "C Locrian"},
		{"Cdim", "Cdim", "diminished triad", "Cdim", "C Locrian"},
		{"Cdim7", "Cdim7", "diminished 7", "Cdim7", "C Whole-Half Diminished"},
		{"Caug", "Caug", "augmented", "Caug", "C Whole Tone"},
		{"C6", "C6", "major triad", "C", "C Ionian (major)"},
		{"Cm6", "Cm6", "minor major 7", "CmMaj7", "C Melodic Minor"},
		{"C7#11", "C7#11", "dominant 7", "C7", "C Mixolydian"},
		{"Cm7#5", "Cm7#5", "augmented", "Caug", "C Whole Tone"},
		{"Cmaj7#5", "Cmaj7", "major 7", "Cmaj7", "C Ionian (major)"},
		{"C7sus4", "", "", "", ""},
		{"CmMaj7", "", "", "", ""},
		{"Csus4", "Csus4", "unknown", "C", "C Major scale of the chord root"},
		{"Csus2", "Csus2", "unknown", "C", "C Major scale of the chord root"},
		{"C5", "C5", "unknown", "C", "C Major scale of the chord root"},
	}
	for _, tt := range tests {
		t.Run(tt.written, func(t *testing.T) {
			tokens := ChordTokens(tt.written)
			if tt.read == "" {
				if len(tokens) != 0 {
					t.Fatalf("read as %q, want dropped", tokens)
				}
				return
			}
			if len(tokens) != 1 || tokens[0] != tt.read {
				t.Fatalf("read as %q, want [%s]", tokens, tt.read)
			}
			chord := tokens[0]
			q := QualityOf(chord)
			if got := q.Display(); got != tt.quality {
				t.Errorf("quality = %q, want %q", got, tt.quality)
			}
			if got := Arpeggio(chord); got != tt.arpeggio {
				t.Errorf("arpeggio = %q, want %q", got, tt.arpeggio)
			}
			if got := Root(chord) + " " + ScalesFor(q)[0].Name; got != tt.lead {
				t.Errorf("lead scale = %q, want %q", got, tt.lead)
			}
		})
	}
}

func TestQualityRules(t *testing.T) {
	tests := []struct {
		chord string
		want  Quality
	}{
		{"C7alt", Altered},            // 1: alt wins over everything
		{"Calt", Altered},             // 1
		{"Cm7b5", HalfDiminished},     // 2: before m7
		{"Cø", HalfDiminished},        // 2
		{"Cø7", HalfDiminished},       // 2
		{"Cdim7", Diminished7},        // 3: before dim
		{"C°7", Diminished7},          // 3
		{"Co7", Diminished7},          // 3
		{"Cdim", Diminished},          // 4
		{"C°", Diminished},            // 4
		{"CmMaj7", MinorMajor7},       // 5: lowercased, before maj7
		{"Cminmaj7", MinorMajor7},     // 5
		{"Cmaj7#11", LydianMaj7},      // 6: before maj7
		{"Cmaj7+11", LydianMaj7},      // 6
		{"Cmaj7", Major7},             // 7
		{"CMaj9", Major7},             // 7
		{"Cmaj13", Major7},            // 7
		{"CΔ", Major7},                // 7: Δ lowercases to δ
		{"Cmaj7#5", Major7},           // 7 before 8
		{"Caug", Augmented},           // 8
		{"C7#5", Augmented},           // 8
		{"Cm7#5", Augmented},          // 8: before m7
		{"C+", Augmented},             // 8
		{"C7sus4", SuspendedDominant}, // 9
		{"Csus47", SuspendedDominant}, // 9: needs both, anywhere
		{"C7b9", AlteredDominant},     // 10
		{"C7#9", AlteredDominant},     // 10
		{"C7b5", AlteredDominant},     // 10
		{"C13b9", AlteredDominant},    // 10
		{"Cm6", MinorMajor7},          // 11: before m
		{"Cm7", Minor7},               // 12
		{"Cmin7", Minor7},             // 12
		{"C-7", Minor7},               // 12
		{"Cm9", Minor7},               // 12
		{"Cm11", Minor7},              // 12
		{"Cm13", Minor7},              // 12
		{"Cm", Minor},                 // 13
		{"Cmin", Minor},               // 13
		{"C-", Minor},                 // 13
		{"Cmaj", Minor},               // 13 before 15: "maj" starts with m
		{"C7", Dominant7},             // 14
		{"C9", Dominant7},             // 14
		{"C11", Dominant7},            // 14
		{"C13", Dominant7},            // 14
		{"C7#11", Dominant7},          // 14
		{"C", Major},                  // 15: empty
		{"C6", Major},                 // 15
		{"C69", Major},                // 15
		{"C(6)", Major},               // parentheses are removed first
		{"Csus4", Unknown},            // no rule
		{"Csus2", Unknown},            // no rule
		{"C5", Unknown},               // no rule
		{"Cadd9", Unknown},            // no rule
		{"F#m7b5", HalfDiminished},    // sharp root stripped
		{"Bbmaj7", Major7},            // flat root stripped
		{"Hm7", Minor7},               // root defaults to C, one character cut
	}
	for _, tt := range tests {
		if got := QualityOf(tt.chord); got != tt.want {
			t.Errorf("QualityOf(%q) = %v, want %v", tt.chord, got, tt.want)
		}
	}
}

func TestRootAndArpeggio(t *testing.T) {
	tests := []struct{ chord, root, arpeggio string }{
		{"Am", "A", "Am"},
		{"F#m7b5", "F#", "F#m7b5"},
		{"Bb7alt", "Bb", "Bb7alt"},
		{"Eb7b9", "Eb", "Eb7alt"},
		{"Gmaj7#11", "G", "Gmaj7#11"},
		{"D7sus4", "D", "D7sus4"},
		{"Cdim7", "C", "Cdim7"},
		{"Ab", "Ab", "Ab"},
		{"xyz", "C", "C"},
		{"", "C", "C"},
	}
	for _, tt := range tests {
		if got := Root(tt.chord); got != tt.root {
			t.Errorf("Root(%q) = %q, want %q", tt.chord, got, tt.root)
		}
		if got := Arpeggio(tt.chord); got != tt.arpeggio {
			t.Errorf("Arpeggio(%q) = %q, want %q", tt.chord, got, tt.arpeggio)
		}
	}
}

func TestQualityNames(t *testing.T) {
	tests := []struct {
		q                     Quality
		name, display, leader string
		scales                int
	}{
		{Major, "Major", "major triad", "Ionian (major)", 3},
		{Major7, "Major7", "major 7", "Ionian (major)", 2},
		{LydianMaj7, "LydianMaj7", "major 7#11", "Lydian", 1},
		{Dominant7, "Dominant7", "dominant 7", "Mixolydian", 3},
		{AlteredDominant, "AlteredDominant", "altered dominant", "Altered (Super Locrian)", 3},
		{Altered, "Altered", "altered", "Altered (Super Locrian)", 1},
		{SuspendedDominant, "SuspendedDominant", "suspended dominant", "Mixolydian", 2},
		{Minor, "Minor", "minor triad", "Aeolian (natural minor)", 3},
		{Minor7, "Minor7", "minor 7", "Dorian", 3},
		{MinorMajor7, "MinorMajor7", "minor major 7", "Melodic Minor", 1},
		{HalfDiminished, "HalfDiminished", "half-diminished (m7b5)", "Locrian", 2},
		{Diminished, "Diminished", "diminished triad", "Locrian", 2},
		{Diminished7, "Diminished7", "diminished 7", "Whole-Half Diminished", 1},
		{Augmented, "Augmented", "augmented", "Whole Tone", 2},
		{Unknown, "Unknown", "unknown", "Major scale of the chord root", 1},
	}
	for _, tt := range tests {
		if tt.q.String() != tt.name || tt.q.Display() != tt.display {
			t.Errorf("%d: String/Display = %q/%q, want %q/%q", int(tt.q), tt.q.String(), tt.q.Display(), tt.name, tt.display)
		}
		scales := ScalesFor(tt.q)
		if len(scales) != tt.scales || scales[0].Name != tt.leader {
			t.Errorf("ScalesFor(%v) = %q, want %d scales led by %q", tt.q, scales, tt.scales, tt.leader)
		}
		if tt.q.Note() == "" {
			t.Errorf("%v has no note", tt.q)
		}
	}
	ScalesFor(Major)[0].Name = "changed"
	if ScalesFor(Major)[0].Name != "Ionian (major)" {
		t.Error("ScalesFor returns the shared table, callers can change it")
	}
}

func TestExecuteSingleChord(t *testing.T) {
	tests := []struct {
		name, message, newLine, want string
	}{
		{
			name:    "half-diminished",
			message: "what should I play over Am7b5",
			want: "For **Am7b5** (quality: half-diminished (m7b5)), try:\n" +
				"\n" +
				"- **A Locrian** — diatonic — but b9 is an avoid note\n" +
				"- **A Locrian #2** — raise the 2 from melodic minor — better tonal target\n" +
				"\n" +
				"Locrian #2 (from melodic minor) is more usable than vanilla Locrian — the b9 is an avoid note.\n",
		},
		{
			name:    "dominant with CRLF",
			message: "what scale over G7?",
			newLine: "\r\n",
			want: "For **G7** (quality: dominant 7), try:\r\n" +
				"\r\n" +
				"- **G Mixolydian** — diatonic dominant — natural choice for V chords\r\n" +
				"- **G Lydian Dominant** — raise the 4 (b7 + #11) for fusion / outside color\r\n" +
				"- **G Mixolydian b6** — from melodic minor — leans tense without going altered\r\n" +
				"\r\n" +
				"Mixolydian for diatonic V chords; Lydian Dominant for static (non-resolving) dominants.\r\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Improvisation{NewLine: tt.newLine}.Execute(tt.message)
			if got.Text != tt.want {
				t.Errorf("text:\n got %q\nwant %q", got.Text, tt.want)
			}
			if got.Confidence != 0.85 {
				t.Errorf("confidence = %v, want 0.85", got.Confidence)
			}
			if got.Data != nil {
				t.Errorf("data = %+v, want nil on the single-chord path", got.Data)
			}
		})
	}
}

func TestExecuteNoChord(t *testing.T) {
	got := Improvisation{}.Execute("how do I improvise over a ii-V-I?")
	const want = "I couldn't find a chord name in your request. Name one chord (e.g. 'Cmaj7', 'G7', 'Am7b5') " +
		"and I'll suggest scales to improvise over it, or a run of chords (e.g. 'Am F C G') and I'll give the " +
		"arpeggio and scales for each. Roman-numeral progressions (ii-V-I) need concrete chord symbols — name " +
		"the chords in your key."
	if got.Text != want {
		t.Errorf("text:\n got %q\nwant %q", got.Text, want)
	}
	if got.Confidence != 0.2 {
		t.Errorf("confidence = %v, want 0.2", got.Confidence)
	}
	if got.Data != nil || got.Evidence != nil || got.Assumptions != nil {
		t.Errorf("grounding = %+v, want none", got)
	}
}
