package composition

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func symbols(p Progression) string {
	var s []string
	for _, c := range p.Chords() {
		s = append(s, c.Symbol)
	}
	return strings.Join(s, " ")
}

// TestRootDecidesSpelling changes only the root's spelling: the same pitch class written with a
// 'b', as F, or otherwise moves the chords between the flat and the sharp list.
func TestRootDecidesSpelling(t *testing.T) {
	for _, c := range []struct{ root, template, want string }{
		{"G#", "I-V-vi-IV", "G# D# Fm C#"},
		{"Ab", "I-V-vi-IV", "Ab Eb Fm Db"},
		{"F", "I-V-vi-IV", "F C Dm Bb"},
		{"f", "I-V-vi-IV", "F C Dm Bb"},
		{"F major", "I-V-vi-IV", "F C Dm A#"},
		{"D", "andalusian", "Dm C A# A"},
		{"D7b9", "andalusian", "Dm C Bb A"},
		{"  Eb  ", "minor-vamp", "Ebm Abm Bb7"},
		{"C", "II-v-i", "Dm7 G7 Cmaj7"},
	} {
		p := GenerateProgression(c.root, c.template, nil)
		if p.Error != "" || symbols(p) != c.want {
			t.Errorf("%q %s: %q %q, want %q", c.root, c.template, symbols(p), p.Error, c.want)
		}
	}
}

// TestErrors checks the answers that carry an error instead of chords.
func TestErrors(t *testing.T) {
	for _, c := range []struct{ root, template, want string }{
		{" ", "canon", "root is required"},
		{"C", "", "template is required"},
		{"C", "bossa", "unknown template 'bossa'"},
		{"H", "canon", "unknown root 'H' — try C, D, Eb, F#, etc."},
		{"B♭", "canon", "unknown root 'B♭' — try C, D, Eb, F#, etc."},
	} {
		if p := GenerateProgression(c.root, c.template, nil); p.Error != c.want || p.Len() != 0 {
			t.Errorf("%q %q: %q, want %q", c.root, c.template, p.Error, c.want)
		}
	}
}

// TestLengthLoopsOrCuts checks that only a positive length other than the template's own
// changes the answer, and that chord i is step i mod the template's length.
func TestLengthLoopsOrCuts(t *testing.T) {
	steps := len(gaTemplates()[6].Steps)
	for _, c := range []struct{ length, want int }{{0, 12}, {-5, 12}, {12, 12}, {1, 1}, {11, 11}, {25, 25}} {
		n := c.length
		p := GenerateProgression("C", "12-bar-blues", &n)
		if p.Len() != c.want || len(p.Chords()) != c.want {
			t.Fatalf("length %d: %d chords, want %d", c.length, p.Len(), c.want)
		}
		for i, ch := range p.Chords() {
			if want := gaTemplates()[6].Steps[i%steps].Roman; ch.Roman != want {
				t.Errorf("length %d chord %d: %s, want %s", c.length, i, ch.Roman, want)
			}
		}
	}
}

// TestCharactersIsTheJSONsLength checks the count against the text it counts, at every length
// up to three passes of each template, at a length whose count has more digits, and for a
// root whose JSON escapes a character.
func TestCharactersIsTheJSONsLength(t *testing.T) {
	for _, tpl := range gaTemplates() {
		for n := 1; n <= 3*len(tpl.Steps)+1; n++ {
			p := GenerateProgression("Bb", tpl.Name, &n)
			if got, want := p.Characters(), len(p.JSON()); got != want {
				t.Errorf("%s length %d: %d characters, JSON has %d", tpl.Name, n, got, want)
			}
		}
	}
	n := 100000
	p := GenerateProgression("C", "12-bar-blues", &n)
	if got, want := p.Characters(), len(p.JSON()); got != want || got != 17300216 {
		t.Errorf("100000 chords: %d characters, JSON has %d", got, want)
	}
	// "C+" is a C root (an augmented chord) and the default encoder writes '+' as \u002B.
	plus := GenerateProgression("C+", "ii-V-I", nil)
	if !strings.Contains(plus.JSON(), `"root": "C\u002B"`) || plus.Characters() != len(plus.JSON()) {
		t.Errorf("C+: %d characters, JSON %s", plus.Characters(), plus.JSON())
	}
}

// TestJSONReadsBack parses the answer and finds the chords and the note GA writes.
func TestJSONReadsBack(t *testing.T) {
	p := GenerateProgression("Bb", "ii-v-i", nil)
	var got struct {
		Root, Template, Note string
		Length               int
		Chords               []struct {
			Roman, Symbol, Quality string
			Degree                 int
			PitchClasses           []int
		}
	}
	if err := json.Unmarshal([]byte(p.JSON()), &got); err != nil {
		t.Fatal(err)
	}
	if got.Root != "Bb" || got.Template != "ii-v-i" || got.Length != 3 || !strings.HasPrefix(got.Note, "Compose by") {
		t.Fatalf("answer %+v", got)
	}
	last := got.Chords[2]
	if last.Roman != "Imaj7" || last.Symbol != "Bbmaj7" || last.Quality != "maj7" || last.Degree != 0 || !slices.Equal(last.PitchClasses, []int{2, 5, 9, 10}) {
		t.Errorf("last chord %+v", last)
	}
	if !strings.Contains(p.JSON(), "\n    {\n      \"roman\": \"ii7\",\n") {
		t.Errorf("not indented as System.Text.Json indents:\n%s", p.JSON())
	}
}

// TestChangedTemplate changes one step: the answer follows it, and a template without steps
// fails as GA's loop would when a length is asked.
func TestChangedTemplate(t *testing.T) {
	ts := GATemplates()
	ts[0].Steps[2] = Step{Offset: 0, Quality: "6", Roman: "I6"}
	if got := symbols(ts.Generate("C", "ii-V-I", nil)); got != "Dm7 G7 C6" {
		t.Errorf("changed ii-V-I: %s", got)
	}
	if got := symbols(GenerateProgression("C", "ii-V-I", nil)); got != "Dm7 G7 Cmaj7" {
		t.Errorf("GA's templates changed with the copy: %s", got)
	}
	empty := Templates{{Name: "none"}}
	if p := empty.Generate("C", "none", nil); p.Error != "" || p.Len() != 0 {
		t.Errorf("empty template: %+v", p)
	}
	n := 2
	if p := empty.Generate("C", "none", &n); p.Error == "" {
		t.Errorf("empty template looped to 2: no error")
	}
}
