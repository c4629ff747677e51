package l5

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"course/ga/skills"
	"course/internal/report"
	"course/theory"
)

// TestOracleKnowsTheSkill checks that the oracle spells every scale the skill can name and
// every arpeggio it can build, so the lesson never fails on a chord it has not met.
func TestOracleKnowsTheSkill(t *testing.T) {
	for q := skills.Major; q <= skills.Unknown; q++ {
		for _, s := range skills.ScalesFor(q) {
			if _, err := theory.ParseScale("Bb " + s.Name); err != nil {
				t.Errorf("%s: %v", q, err)
			}
		}
	}
	for _, tok := range skills.ChordTokens(strings.Join(chordRun, " ") + " Cmaj7#11 C7alt C7b9 Cø C°7 CΔ Cadd9 C13") {
		if _, err := theory.ParseChord(tok); err != nil {
			t.Errorf("chord %s: %v", tok, err)
		}
		if _, err := theory.ParseChord(skills.Arpeggio(tok)); err != nil {
			t.Errorf("arpeggio of %s: %v", tok, err)
		}
	}
}

// analysed is an analysis reduced to what a textbook states: the keys, and per chord the
// textbook scale in each key and the verdict.
type analysed struct {
	keys     string
	outside  int
	textbook []string
	verdicts []string
}

func analyse(t *testing.T, progression string) analysed {
	t.Helper()
	a, err := analyseProgression(skills.Improvisation{}, progression)
	if err != nil {
		t.Fatal(err)
	}
	got := analysed{keys: keyNames(a.keys), outside: a.outside}
	for _, c := range a.chords {
		var names []string
		for _, v := range c.views {
			names = append(names, v.textbook.Name)
		}
		got.textbook = append(got.textbook, strings.Join(names, " | "))
		got.verdicts = append(got.verdicts, c.verdict)
	}
	return got
}

// TestAnalysisOnProgressionsOutsideTheLesson holds the analysis to what a textbook says of
// progressions the lesson does not print.
func TestAnalysisOnProgressionsOutsideTheLesson(t *testing.T) {
	tests := []struct {
		name, progression string
		want              analysed
	}{
		{
			// ii-V-i in C minor: Locrian, the fifth mode of harmonic minor, Aeolian. The
			// skill's dominant list has no Phrygian dominant.
			name: "minor ii-V-i", progression: "Dm7b5 G7 Cm",
			want: analysed{
				keys: "Eb major / C minor", outside: 1,
				textbook: []string{"D Locrian", "G Phrygian dominant", "C Aeolian"},
				verdicts: []string{"same", "DIFF", "same"},
			},
		},
		{
			// A blues in F: Mixolydian over every dominant. No major collection holds the
			// three; the IV's, Bb major, leaves the fewest tones out (Bb7's Ab, C7's E).
			name: "blues in F", progression: "F7 Bb7 F7 C7",
			want: analysed{
				keys: "Bb major / G minor", outside: 2,
				textbook: []string{"F Mixolydian", "Bb Mixolydian", "F Mixolydian", "C Mixolydian"},
				verdicts: []string{"same", "same", "same", "same"},
			},
		},
		{
			// Without the repeated I, F's and Eb's collections tie with Bb's, and in F's the
			// IV7 reads as Lydian dominant, the skill's second choice.
			name: "blues in F, once round", progression: "F7 Bb7 C7",
			want: analysed{
				keys: "Eb major / C minor or F major / D minor or Bb major / G minor", outside: 2,
				textbook: []string{
					"F Mixolydian | F Mixolydian | F Mixolydian",
					"Bb Mixolydian | Bb (0 2 4 6 7 9 10) | Bb Mixolydian",
					"C Mixolydian b6 | C Mixolydian | C Mixolydian",
				},
				verdicts: []string{"same", "same in Eb major / C minor or Bb major / G minor", "same in F major / D minor or Bb major / G minor"},
			},
		},
		{
			// A Dorian vamp: i7 and IV7 of D Dorian, all in C major.
			name: "Dorian vamp", progression: "Dm7 G7",
			want: analysed{
				keys: "C major / A minor", outside: 0,
				textbook: []string{"D Dorian", "G Mixolydian"},
				verdicts: []string{"same", "same"},
			},
		},
		{
			// A Phrygian vamp: the skill plays Aeolian on the i and Ionian on the bII.
			name: "Phrygian vamp", progression: "Em F",
			want: analysed{
				keys: "C major / A minor", outside: 0,
				textbook: []string{"E Phrygian", "F Lydian"},
				verdicts: []string{"DIFF", "DIFF"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := analyse(t, tt.progression)
			if got.keys != tt.want.keys || got.outside != tt.want.outside {
				t.Errorf("key = %s with %d outside, want %s with %d", got.keys, got.outside, tt.want.keys, tt.want.outside)
			}
			if !slices.Equal(got.textbook, tt.want.textbook) {
				t.Errorf("textbook = %q\nwant       %q", got.textbook, tt.want.textbook)
			}
			if !slices.Equal(got.verdicts, tt.want.verdicts) {
				t.Errorf("verdicts = %q\nwant       %q", got.verdicts, tt.want.verdicts)
			}
		})
	}
}

func TestCheckReading(t *testing.T) {
	tests := []struct{ written, want string }{
		{"G7", "ok"},
		{"C6", "arpeggio drops A"},
		{"C7#11", "arpeggio drops F#; scale lacks F# (choice 2 of 3 has it)"},
		{"Cmaj7#5", "arpeggio adds G; arpeggio drops G#; scale lacks G# (none of 2 choices has it)"},
		{"C7b9", "arpeggio adds D# F# Ab; arpeggio drops G; scale lacks G (choice 2 of 3 has it)"},
		{"Eø", "ok"},
		{"C7alt", "ok"},
		{"Cmaj7#11", "ok"},
		{"Dm6", "arpeggio adds C#; arpeggio drops B"},
	}
	for _, tt := range tests {
		read := skills.ChordTokens(tt.written)
		res := skills.Improvisation{}.Execute("over " + read[0] + " " + read[0])
		got, _, err := checkReading(tt.written, res.Data.PerChord[0])
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("check of %s = %q, want %q", tt.written, got, tt.want)
		}
	}
}

func TestReadingRowsFollowTheSkill(t *testing.T) {
	written := []string{"C/E", "CmMaj7", "Am"}
	res := skills.Improvisation{}.Execute(strings.Join(written, " "))
	rows, err := readingRows(written, res.Data.PerChord)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rows {
		got = append(got, r[0]+">"+report.Text(r[1]))
	}
	if want := []string{"C/E>C", "C/E>E", "CmMaj7>(dropped)", "Am>"}; !slices.Equal(got, want) {
		t.Errorf("rows = %q, want %q", got, want)
	}
	if _, err := readingRows([]string{"Am", "F"}, res.Data.PerChord); err == nil {
		t.Error("readingRows accepted advice for other chords")
	}
}

func TestCommandTakesNoArguments(t *testing.T) {
	var ran bool
	cmd := NewCmd(func(_ context.Context, o *Options) error {
		ran = o != nil
		return nil
	})
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	cmd.SetArgs([]string{"extra"})
	if err := cmd.Execute(); err == nil {
		t.Error("l5 accepted an argument")
	}
	cmd.SetArgs(nil)
	if err := cmd.Execute(); err != nil || !ran {
		t.Errorf("l5 = %v, ran with output %v", err, ran)
	}
}
