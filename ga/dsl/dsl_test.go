package dsl

import (
	"strings"
	"testing"
)

func TestParseAndRender(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"Cmaj7", "Cmaj7"},     // "maj" before a digit is left to the extensions
		{"B°", "Bdim"},         // the degree sign reads as diminished, rendered "dim"
		{"Bm7b5", "Bm7b5"},     // minor, a 7, and a flat fifth
		{"CM", "Cmaj"},         // M is major, which the renderer writes out
		{"F##dim7", "F##dim7"}, // a double sharp root
		{"am", "Am"},           // a lower-case root is upper-cased
		{"C7zz", "C7"},         // the parse does not ask for the end of the input
		{"CMaj7", "Cmaj"},      // "M", then "aj7" is left unread
		{"cma", "C"},           // "m" before "a" is no minor, and "a" no extension
		{"Bbdim", "Bbdim"},     // a flat root and a quality
	} {
		ch, err := ParseChord(c.in)
		if err != nil {
			t.Errorf("ParseChord(%q): %v", c.in, err)
			continue
		}
		if got := RenderChord(ch); got != c.out {
			t.Errorf("RenderChord(ParseChord(%q)) = %q, want %q", c.in, got, c.out)
		}
	}
	for _, bad := range []string{"", "H7", "C#b", "C/", "C7x"} {
		if _, err := ParseChord(bad); err == nil {
			t.Errorf("ParseChord(%q) succeeded", bad)
		}
	}
}

func TestEvalClosureContract(t *testing.T) {
	reg := Pin.Bootstrap()
	for _, c := range []struct {
		name string
		args map[string]string
		want string
	}{
		{"DOMAIN.TRANSPOSECHORD", map[string]string{"symbol": "Bb", "semitones": "2"}, "C"},
		{"domain.transposeChord", map[string]string{"symbol": "Bb"}, "missing-required-arg: closure 'domain.transpose…' requires argument 'semitones' (declared type: int)"},
		{"domain.transposeChord", map[string]string{"symbol": "Bb", "semitones": "two"}, "arg-coerce-failed: argument 'semitones' could not be parsed as int (got 'two')"},
		{"domain.nope", nil, "closure-not-found: closure 'domain.nope' not found; call ga_dsl_list_closures to see available names"},
		{"io.readFile", nil, "closure-not-exposed: closure 'io.readFile' is not exposed to the chatbot (category: Io)"},
		{"domain.transposeChord", map[string]string{"symbol": "H", "semitones": "1"}, "closure-runtime-error: ParseError (\"cho…"},
		{"domain.parseChord", map[string]string{"symbol": "C"}, "closure-exception: NotImplementedEx…"},
		{"domain.nope\x01", nil, "closure-not-found: closure 'domain.nope·' not found"},
	} {
		if got := reg.EvalClosure(c.name, c.args).Answer(); !strings.HasPrefix(got, c.want) {
			t.Errorf("EvalClosure(%q, %v) = %q, want %q", c.name, c.args, got, c.want)
		}
	}
	if n := len(reg.ListClosures()); n != 15 {
		t.Errorf("ListClosures: %d closures, want the 15 Domain ones", n)
	}
}

// TestAnalyzeProgressionMoves changes a progression and sees the key and numerals move, in
// both versions.
func TestAnalyzeProgressionMoves(t *testing.T) {
	for _, c := range []struct {
		v         Version
		chords    string
		key, nums string
	}{
		{Pin, "C Am F G", "Key: C major  (confidence 4/4)", "I      vi     IV     V"},
		{Pin, "G Em C D", "Key: G major  (confidence 4/4)", "I      vi     IV     V"},
		{Pin, "Dm7 G7 Cmaj7", "Key: D minor  (confidence 3/3)", "i      iv     VII"},
		{Main, "Dm7 G7 Cmaj7", "Key: C major  (confidence 3/3)", "ii     V      I"},
		{Main, "Em7 A7 Dmaj7", "Key: D major  (confidence 3/3)", "ii     V      I"},
		{Main, "Bm7b5 E7 Am", "Key: A minor  (confidence 2/3)", "iiø    V      i"},
	} {
		got := c.v.Bootstrap().EvalClosure("domain.analyzeProgression", map[string]string{"chords": c.chords}).Answer()
		lines := strings.Split(got, "\n")
		if len(lines) != 3 || lines[0] != c.key || strings.TrimRight(lines[2], " ") != c.nums {
			t.Errorf("%s %q:\n%s\nwant %s / %s", c.v.Commit, c.chords, got, c.key, c.nums)
		}
	}
}

// TestCommonTonesOnMain sees main's chord tones reach what the pin's triads miss: the
// diminished seventh's sixth semitones, and its names for them.
func TestCommonTonesOnMain(t *testing.T) {
	args := map[string]string{"chord1": "Bdim7", "chord2": "G#m"}
	pin := Pin.Bootstrap().EvalClosure("domain.commonTones", args).Answer()
	main := Main.Bootstrap().EvalClosure("domain.commonTones", args).Answer()
	if want := "Common tones (1):\n  B (P1 in Bdim7, m3 in G#m)"; pin != want {
		t.Errorf("pin: %q, want %q", pin, want)
	}
	if want := "Common tones (2):\n  B (P1 in Bdim7, m3 in G#m)\n  Ab (d7 in Bdim7, P1 in G#m)"; main != want {
		t.Errorf("main: %q, want %q", main, want)
	}
	if got := intervalNameOf(tone{5, 6}); got != "d5" {
		t.Errorf("intervalNameOf(5, 6) = %q, want d5", got)
	}
}

// TestChordSubstitutions checks the closure's ranking, its skip of the chord itself, and the
// one difference main makes.
func TestChordSubstitutions(t *testing.T) {
	args := map[string]string{"symbol": "G7", "key": "C", "scale": "major"}
	out, err := Pin.Bootstrap().Run("domain.chordSubstitutions", args)
	if err != nil {
		t.Fatal(err)
	}
	want := "Substitutions for G7 in key of C major:\n  ★★★ Bdim   — 3 shared: B(M3/P1) D(P5/m3) F(m7/TT)\n"
	if !strings.HasPrefix(out, want) || strings.Contains(out, "  G ") || !strings.HasSuffix(out, "◈  Db7    — tritone sub (shares guide tones enharmonically)") {
		t.Errorf("G7 in C:\n%s", out)
	}
	if main, _ := Main.Bootstrap().Run("domain.chordSubstitutions", args); main != strings.Replace(out, "F(m7/TT)", "F(m7/d5)", 1) {
		t.Errorf("main:\n%s", main)
	}
	// G (no quality) is the chord itself for G7 (no quality, a 7 extension); Gm is not.
	minor, _ := Pin.Bootstrap().Run("domain.chordSubstitutions", map[string]string{"symbol": "G7", "key": "C", "scale": "minor"})
	if !strings.Contains(minor, "Gm") {
		t.Errorf("G7 in C minor should list Gm:\n%s", minor)
	}
	// Without a key the closure takes the chord's root letter, its accidental dropped.
	noKey, _ := Pin.Bootstrap().Run("domain.chordSubstitutions", map[string]string{"symbol": "F#7"})
	if !strings.HasPrefix(noKey, "Substitutions for F#7 in key of F major:") {
		t.Errorf("F#7 without a key:\n%s", noKey)
	}
	// ga_dsl_eval asks for every input, the optional ones too, and echoes the name cut short.
	r := Pin.Bootstrap().EvalClosure("Domain.ChordSubstitutions", map[string]string{"symbol": "Am", "scale": "major"})
	if r.Error == nil || r.Error.Code != "missing-required-arg" || !strings.Contains(r.Error.Message, "'domain.chordSubs…' requires argument 'key'") {
		t.Errorf("missing key: %+v", r)
	}
}
