package config

import (
	"slices"
	"strings"
	"testing"
)

// TestParseYAMLComments reads the shapes Modes.yaml uses: a " #" ends a plain value, a quoted
// value keeps it, and "F#" inside a word is text.
func TestParseYAMLComments(t *testing.T) {
	doc := "\ufeff# heading\nModalFamilies:\n  - Name: X Family # note\n    Modes:\n      - Name: Lydian #6\n        Notes: C D E F# G A B\n" +
		"        AlternateNames:\n          - 'Lydian #6'\n          - \"Say \\\"hi\\\"\"\n          - It''s\n      - Name: 'It''s'\n        Notes: C\n  - Name: Empty\n"
	families, err := ReadModes([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if len(families) != 1 || families[0].Name != "X Family" {
		t.Fatalf("families = %+v (a family without modes is left out)", families)
	}
	m := families[0].Modes
	if m[0].Name != "Lydian" || m[0].Notes != "C D E F# G A B" || m[1].Name != "It's" {
		t.Errorf("modes = %+v", m)
	}
	if want := []string{"Lydian #6", `Say "hi"`, "It''s"}; !slices.Equal(m[0].AlternateNames, want) {
		t.Errorf("alternate names = %q, want %q", m[0].AlternateNames, want)
	}
}

// TestParseYAMLRefuses names the line of what it does not read.
func TestParseYAMLRefuses(t *testing.T) {
	for _, doc := range []string{"a: [1, 2]\n", "a: 1\n  b: 2\n", "a: 1\na: 2\n", "a:\n\t- x\n", "a: 'open\n", "- x\nb: y\n"} {
		if _, err := ParseYAML([]byte(doc)); err == nil || !strings.Contains(err.Error(), "line") {
			t.Errorf("%q: err = %v", doc, err)
		}
	}
}

// TestFixtures reads both catalogues: 31 families and 165 modes, 200 atonal families.
func TestFixtures(t *testing.T) {
	modes := 0
	for _, f := range ModalFamilies() {
		modes += len(f.Modes)
	}
	if len(ModalFamilies()) != 31 || modes != 165 {
		t.Errorf("%d families, %d modes", len(ModalFamilies()), modes)
	}
	a := AtonalFamilies()
	if len(a) != 200 || a[0].FamilyName != "Family-1-1" || a[0].Modes[0].TonalAnalog != "" {
		t.Errorf("atonal: %d families, first %+v", len(a), a[0])
	}
}
