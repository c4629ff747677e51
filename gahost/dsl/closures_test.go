package dsl

import (
	"strings"
	"testing"
)

// TestParseChord checks GA's chord grammar on the symbols the closure builds and reads.
func TestParseChord(t *testing.T) {
	tests := []struct{ in, root, acc, quality, ext string }{
		{"Am", "A", "Natural", "Minor", ""},
		{"G7", "G", "Natural", "", "7"},
		{"F#7", "F", "Sharp", "", "7"},
		{"Bbdim", "B", "Flat", "Diminished", ""},
		{"Cmaj7", "C", "Natural", "", "maj7"},
		{"CMaj7", "C", "Natural", "Major", ""}, // "M", then "aj7" is left unread
		{"cma", "C", "Natural", "", ""},
	}
	for _, tt := range tests {
		ast, ok := ParseChord(tt.in)
		if !ok || ast.Root != tt.root || ast.RootAccidental != tt.acc || ast.Quality != tt.quality || strings.Join(ast.Extensions, ",") != tt.ext {
			t.Errorf("ParseChord(%q) = %+v, %v", tt.in, ast, ok)
		}
	}
	if _, ok := ParseChord("H7"); ok {
		t.Error("H is no note letter")
	}
}

// TestChordSubstitutionsClosure checks the closure's ranking, its skip of the chord itself,
// and the one difference main makes.
func TestChordSubstitutionsClosure(t *testing.T) {
	out, err := ChordSubstitutions(map[string]string{"symbol": "G7", "key": "C", "scale": "major"})
	if err != nil {
		t.Fatal(err)
	}
	want := "Substitutions for G7 in key of C major:\n  ★★★ Bdim   — 3 shared: B(M3/P1) D(P5/m3) F(m7/TT)\n"
	if !strings.HasPrefix(out, want) || strings.Contains(out, "  G ") || !strings.HasSuffix(out, "◈  Db7    — tritone sub (shares guide tones enharmonically)") {
		t.Errorf("G7 in C:\n%s", out)
	}
	main, _ := ChordSubstitutionsMain(map[string]string{"symbol": "G7", "key": "C", "scale": "major"})
	if main != strings.Replace(out, "F(m7/TT)", "F(m7/d5)", 1) {
		t.Errorf("main:\n%s", main)
	}
	// G (no quality) is the chord itself for G7 (no quality, a 7 extension); Gm is not.
	minor, _ := ChordSubstitutions(map[string]string{"symbol": "G7", "key": "C", "scale": "minor"})
	if !strings.Contains(minor, "Gm") {
		t.Errorf("G7 in C minor should list Gm:\n%s", minor)
	}
	// Without a key the closure takes the chord's root letter, its accidental dropped.
	noKey, _ := ChordSubstitutions(map[string]string{"symbol": "F#7"})
	if !strings.HasPrefix(noKey, "Substitutions for F#7 in key of F major:") {
		t.Errorf("F#7 without a key:\n%s", noKey)
	}
}

// TestEvalClosure checks ga_dsl_eval's lookup and its reading of every input as required.
func TestEvalClosure(t *testing.T) {
	closures := DomainClosures(false)
	r := EvalClosure(closures, "Domain.ChordSubstitutions", map[string]string{"symbol": "Am", "scale": "major"})
	if r.Code != "missing-required-arg" || !strings.Contains(r.Message, "'domain.chordSubs…' requires argument 'key'") {
		t.Errorf("missing key: %+v", r)
	}
	r = EvalClosure(closures, "domain.chordSubstitutions", map[string]string{"symbol": "Am", "key": "C", "scale": "major"})
	if r.Code != "" || !strings.HasPrefix(r.Result, "Substitutions for Am in key of C major:") {
		t.Errorf("full: %+v", r)
	}
	if r := EvalClosure(closures, "domain.nothing", nil); r.Code != "closure-not-found" {
		t.Errorf("unknown: %+v", r)
	}
	if n := len(closures); n != 15 {
		t.Errorf("%d domain closures, want 15", n)
	}
}
