package config

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"course/fixtures"
)

// TestReadModesComments reads the shapes Modes.yaml uses: a " #" ends a plain value, a quoted
// value keeps it, and "F#" inside a word is text.
func TestReadModesComments(t *testing.T) {
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

// TestModeNamesAsWritten keeps what a comment or quotes hold, where the reader finds the names.
func TestModeNamesAsWritten(t *testing.T) {
	doc := "\ufeffModalFamilies:\n  - Name: F\n    Modes:\n      - Name: Lydian #6\n      -   Notes: C\n          Name: 'Ionian #5'  \r\n" +
		"  - Name: G # Name: no\n    Modes:\n      - {Notes: C}\n      - Name: \"Dorian\"\n"
	got, err := ModeNamesAsWritten([]byte(doc))
	if want := []string{"Lydian #6", "Ionian #5", "Dorian"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("names = %q, %v; want %q", got, err, want)
	}
}

// TestScalarsReadAsWritten reads scalars YAML would resolve to numbers, booleans or null into
// strings as YamlDotNet does: as written, a null as "".
func TestScalarsReadAsWritten(t *testing.T) {
	doc := "ModalFamilies:\n  - Name: 7\n    Modes:\n      - Name: 0x1F\n        Notes: 1.50\n        AlternateNames: [yes, ~, null, 010, !!str 2, &a .inf, *a]\n"
	families, err := ReadModes([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	m := families[0].Modes[0]
	if families[0].Name != "7" || m.Name != "0x1F" || m.Notes != "1.50" {
		t.Errorf("read %+v", families[0])
	}
	if want := []string{"yes", "", "", "010", "2", ".inf", ".inf"}; !slices.Equal(m.AlternateNames, want) {
		t.Errorf("alternate names = %q, want %q", m.AlternateNames, want)
	}
}

// TestGaLoaderSettings holds the decode options to the builder's settings: an unknown key is
// skipped, and an error without IgnoreUnmatchedProperties; a repeated key keeps its last value.
func TestGaLoaderSettings(t *testing.T) {
	doc := []byte("ModalFamilies:\n  - Name: A\n    Colour: red\n    Name: B\n    Modes:\n      - Name: M\n")
	var v modesYaml
	d, root, err := gaLoader.parse("x.yaml", doc)
	if err == nil {
		err = d.decode(root, &v)
	}
	if err != nil || len(v.ModalFamilies) != 1 || v.ModalFamilies[0].Name != "B" {
		t.Errorf("gaLoader: %+v, %v", v, err)
	}
	d, root, err = deserializer{}.parse("x.yaml", doc)
	if err == nil {
		err = d.decode(root, &v)
	}
	if err == nil || !strings.HasPrefix(err.Error(), "x.yaml line 3 column 5: ") {
		t.Errorf("without IgnoreUnmatchedProperties: %v", err)
	}
}

// TestTagsArePascalCase holds every yaml tag to PascalCaseNamingConvention: the key is the GA
// property's name, which the Go field carries, as written.
func TestTagsArePascalCase(t *testing.T) {
	var check func(reflect.Type)
	check = func(typ reflect.Type) {
		for typ.Kind() == reflect.Slice || typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct {
			return
		}
		for i := range typ.NumField() {
			f := typ.Field(i)
			if tag := f.Tag.Get("yaml"); tag != f.Name {
				t.Errorf("%s.%s: yaml tag %q", typ, f.Name, tag)
			}
			check(f.Type)
		}
	}
	check(reflect.TypeFor[modesYaml]())
	check(reflect.TypeFor[transposeRowYaml]())
}

// TestMalformedCatalogues names the file, the line and the column of what is wrong.
func TestMalformedCatalogues(t *testing.T) {
	const modes = "ModalFamilies:\n  - Name: X\n    Modes:\n"
	const rows = "TransposeTables:\n  - Name: T\n    Rows:\n"
	for _, c := range []struct{ doc, want string }{
		{modes + "\t- Name: Y\n", "read modes: fixtures/modes.yaml line 4 column 1: found character '\t' that cannot start any token"},
		{modes + "      - Name: 'Y\n        Notes: C\n", "read modes: fixtures/modes.yaml line 4 column 15: could not find end character of single-quoted text"},
		{modes + "      - Name: Y\n        Notes: [C, D]\n", "read modes: fixtures/modes.yaml line 5 column 16: sequence was used where a string is expected"},
		{"ModalFamilies:\n  - Name: X\n    Modes: Ionian\n", "read modes: fixtures/modes.yaml line 3 column 12: string was used where sequence is expected"},
		{"ModalFamilies: {Name: X}\n", "read modes: fixtures/modes.yaml line 1 column 16: mapping was used where sequence is expected"},
		{rows + "      - Key: C\n\tChords: [Dm7]\n", "read transpose tables: fixtures/chordprogressions.yaml line 5 column 1: found character '\t' that cannot start any token"},
		{rows + "      - Key: \"C\n        Chords: [Dm7]\n", "read transpose tables: fixtures/chordprogressions.yaml line 4 column 14: could not find end character of double-quoted text"},
		{rows + "      - Key: C\n        Chords: [ \"Dm7\", \"G7\"\n", "read transpose tables: fixtures/chordprogressions.yaml line 5 column 17: sequence end token ']' not found"},
		{rows + "      - Key: C\n        Chords: Dm7 G7\n", "read transpose tables: fixtures/chordprogressions.yaml line 5 column 17: string was used where sequence is expected"},
		{rows + "      - Key: [C]\n        Chords: [Dm7]\n", "read transpose tables: fixtures/chordprogressions.yaml line 4 column 14: sequence was used where a string is expected"},
		{rows + "      - Key: C\n        I: E7\n        IV: A7\n", `read transpose tables: fixtures/chordprogressions.yaml line 4 column 12: "T": a row without a Key, or with neither Chords nor I, IV and V`},
		{rows + "      - Chords: [Dm7]\n", `read transpose tables: fixtures/chordprogressions.yaml line 4 column 15: "T": a row without a Key, or with neither Chords nor I, IV and V`},
		{"TransposeTables:\n  - Name: T\n", "read transpose tables: fixtures/chordprogressions.yaml line 2 column 9: a table without a Name or without Rows"},
		{"Progressions:\n  - Name: x\n", "read transpose tables: fixtures/chordprogressions.yaml: no TransposeTables section"},
	} {
		var err error
		if strings.HasPrefix(c.doc, "Modal") {
			_, err = ReadModes([]byte(c.doc))
		} else {
			_, err = ReadTransposeTables([]byte(c.doc))
		}
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.doc, err, c.want)
		}
	}
}

// TestOtherStylesReadTheSame reads the tables written in other YAML styles, flow collections,
// block scalars, anchors and comments, to the same values as the block style of the fixture.
func TestOtherStylesReadTheSame(t *testing.T) {
	block := "TransposeTables:\n  - Name: \"ii–V–I\"\n    Rows:\n      - Key: \"C\"\n        Chords: [ \"Dm7\", \"G7\", \"Cmaj7\" ]\n" +
		"  - Name: Blues\n    Rows:\n      - Key: E\n        I: E7\n        IV: A7\n        V: B7\n"
	want, err := ReadTransposeTables([]byte(block))
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []string{
		// flow mappings and sequences throughout
		`{TransposeTables: [{Name: "ii–V–I", Rows: [{Key: C, Chords: [Dm7, G7, Cmaj7]}]}, {Name: Blues, Rows: [{Key: E, I: E7, IV: A7, V: B7}]}]}`,
		// block sequences, block scalars, comments after values and on lines of their own
		"# tables\nTransposeTables:\n- Name: |-\n    ii–V–I\n  Rows:\n  - Key: C # the key\n    Chords:\n    - Dm7\n    - 'G7'\n    - >-\n      Cmaj7\n" +
			"  # the blues\n- Name: Blues\n  Rows:\n  - {Key: E, I: E7, IV: A7, V: B7}\n",
		// an anchor and its alias, an unknown key, a document marker
		"---\nOther: &seven G7\nTransposeTables:\n  - Name: ii–V–I\n    Source: book\n    Rows:\n      - Key: C\n        Chords: [Dm7, *seven, Cmaj7]\n" +
			"  - Name: Blues\n    Rows: [{Key: E, I: E7, IV: A7, V: B7}]\n...\n",
	} {
		got, err := ReadTransposeTables([]byte(doc))
		if err != nil {
			t.Errorf("%q: %v", doc, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n got %+v\nwant %+v", doc, got, want)
		}
	}
}

// TestFixtureInFlowStyle writes both fixtures again in flow style and reads them to the same
// values.
func TestFixtureInFlowStyle(t *testing.T) {
	for _, c := range []struct {
		data []byte
		read func([]byte) (any, error)
	}{
		{fixtures.Modes, func(b []byte) (any, error) { return ReadModes(b) }},
		{fixtures.ChordProgressions, func(b []byte) (any, error) { return ReadTransposeTables(b) }},
	} {
		want, err := c.read(c.data)
		if err != nil {
			t.Fatal(err)
		}
		var generic any
		if err := yaml.Unmarshal(c.data, &generic); err != nil {
			t.Fatal(err)
		}
		flow, err := yaml.MarshalWithOptions(generic, yaml.Flow(true))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(string(flow), "\n") > 1 || !strings.HasPrefix(string(flow), "{") {
			t.Fatalf("not one flow line: %.200s", flow)
		}
		got, err := c.read(flow)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("flow style reads otherwise: %.300v", got)
		}
	}
}

// TestFixtures reads the catalogues: 31 families and 165 modes, 200 atonal families, and four
// transpose tables.
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
	tables, err := ReadTransposeTables(fixtures.ChordProgressions)
	if err != nil {
		t.Fatal(err)
	}
	if len(tables) != 4 {
		t.Fatalf("%d tables", len(tables))
	}
	blues := tables[2]
	if blues.Name != "12-Bar Blues — common guitar keys" || len(blues.Rows) != 5 || strings.Join(blues.Rows[0].Chords, " ") != "E7 A7 B7" {
		t.Errorf("blues table %+v", blues)
	}
	if minor := tables[1]; len(minor.Rows) != 12 || strings.Join(minor.Rows[11].Chords, " ") != "C#m7b5 F#7 Bm" {
		t.Errorf("minor table %+v", minor)
	}
}
