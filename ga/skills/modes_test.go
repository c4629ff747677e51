package skills

import (
	"strings"
	"testing"

	"course/ga/config"
)

func TestComputeFormulaFromNotes(t *testing.T) {
	for notes, want := range map[string]string{
		"C D E F G A B":    "1 2 3 4 5 6 7",
		"C D E G A":        "1 2 3 ##4 ##5",
		"C D E F G A Bb B": "1 2 3 4 5 6 b7 b8",
		"C H":              "",
		"C  Eb":            "1 #2",
	} {
		if got := ComputeFormulaFromNotes(notes); got != want {
			t.Errorf("%q: %q, want %q", notes, got, want)
		}
	}
}

// TestModesExecute follows the skill's order of questions: a family listing beats a mode
// name, the longest alias wins, and the default is the Major Scale family.
func TestModesExecute(t *testing.T) {
	s := Modes{}
	for prompt, want := range map[string]string{
		"modes of melodic minor":               "The **Melodic Minor** family has 7 modes:",
		"What is Phrygian dominant":            "**Phrygian Dominant** is mode 5 of the **Harmonic Minor** family",
		"What is Phrygian":                     "**Phrygian** is mode 3 of the **Major Scale** family",
		"hello":                                "The **Major Scale** family has 7 modes:",
		"What is Forte number 7-29":            "Forte number **7-29** matches 1 family:",
		"What families have ICV <9 9 9 9 9 9>": "No modal family with interval class vector `<9 9 9 9 9 9>`",
	} {
		if got := s.Execute(prompt).Text; !strings.HasPrefix(got, want) {
			t.Errorf("%q: %q, want it to start %q", prompt, got, want)
		}
	}
	empty := Modes{Catalog: []config.ModalFamily{}, Atonal: []config.AtonalFamily{}}
	if got := empty.Execute("What is Dorian").Confidence; got != 0.3 {
		t.Errorf("empty catalogue: confidence %v", got)
	}
}

func TestModesCanHandleChordFamilies(t *testing.T) {
	s := Modes{}
	if !s.CanHandle("What is Dorian?") || s.CanHandle("Tell me about the major seventh chord family") || s.CanHandle("What is Bhairavi") {
		t.Error("CanHandle")
	}
	if got := StripFamilySuffix("All Interval Tetrachord FAMILY"); got != "All Interval Tetrachord" {
		t.Errorf("strip: %q", got)
	}
	if !IsChordOrTriadFamily("All Interval Tetrachord Family") {
		t.Error("tetrachord family kept")
	}
}

// TestDiatonicChordsWithoutModel returns the inner skill's apology, its confidence capped, and
// the two records: the inner failure with the message head, and the wrapper's warning with the
// empty evidence.
func TestDiatonicChordsWithoutModel(t *testing.T) {
	long := strings.Repeat("é", 201)
	r, logs := DiatonicChords{}.Execute(long)
	if r.Text != "I encountered an error processing your request. Please try again." || r.Confidence != 0 || len(r.Evidence) != 3 {
		t.Errorf("result %+v", r)
	}
	if len(logs) != 2 || logs[0].Exception != "InvalidOperationException" ||
		!strings.Contains(logs[0].Message, `message head="`+strings.Repeat("é", 200)+`…"`) ||
		!strings.HasSuffix(logs[1].Message, "Evidence: ") {
		t.Errorf("logs %+v", logs)
	}
	if _, ok := AnswerIntent("skill.beginnerchords", "", "x"); ok {
		t.Error("an intent the course does not model was answered")
	}
	if a, ok := AnswerIntent("skill.modes", "\r\n", "modes of harmonic minor"); !ok || !strings.Contains(a.Answer, "7 modes:\r\n\r\n1. ") {
		t.Errorf("modes through AnswerIntent: %q", a.Answer)
	}
}
