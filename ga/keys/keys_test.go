package keys

import (
	"slices"
	"strings"
	"testing"
)

func names(cs []Candidate) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Key
	}
	return out
}

func TestItemsNotesAndRelatives(t *testing.T) {
	items := Items()
	if len(items) != 30 || items[0].Name() != "Cb major" || items[29].Name() != "A# minor" {
		t.Fatalf("Key.Items: %d keys, first %v, last %v", len(items), items[0].Name(), items[29].Name())
	}
	if got := strings.Join(Key{Signature: 7, Minor: true}.Notes(), " "); got != "A# B# C# D# E# F# G#" {
		t.Errorf("A# minor notes = %s", got)
	}
	rel := map[string]string{}
	for _, d := range allKeys() {
		rel[d.name] = d.relative
	}
	// The first key of the other mode with the same notes: Bb minor comes before A# minor.
	for key, want := range map[string]string{"C# major": "Bb minor", "Db major": "Bb minor", "A minor": "C major", "G# minor": "Cb major"} {
		if rel[key] != want {
			t.Errorf("relative of %s = %q, want %q", key, rel[key], want)
		}
	}
}

func TestExtractChords(t *testing.T) {
	cases := []struct {
		query     string
		pin, main string
	}{
		{"What key is C Am F G in?", "C Am F G", "C Am F G"},
		{"What's the tonic of these chords: C F G C", "C F G", "C F G"},
		{"What key is F#7 B7 Emaj7 in?", "F#", "F#7 B7 Emaj7"},
		{"What key is Cmin in?", "", "Cmin"},
		{"What key is B♭ in?", "B", "B"},
		{"What key is C/E in?", "C E", "C E"},
	}
	for _, c := range cases {
		if got := strings.Join(Pin.ExtractChords(c.query), " "); got != c.pin {
			t.Errorf("pin reads %q in %q, want %q", got, c.query, c.pin)
		}
		if got := strings.Join(Main.ExtractChords(c.query), " "); got != c.main {
			t.Errorf("main reads %q in %q, want %q", got, c.query, c.main)
		}
	}
}

func TestParse(t *testing.T) {
	cases := []struct {
		chord     string
		pin, main string
	}{
		{"Am", "minor", "minor"},
		{"Bdim", "diminished", "diminished"},
		{"Caug", "major", "major"},
		{"G7", "major", "dominant"},
		{"Cmaj7", "major", "major"},
		{"Cm7b5", "minor", "minor"},
		{"Cmin", "major", "minor"},
	}
	for _, c := range cases {
		p, _ := Pin.Parse(c.chord)
		m, _ := Main.Parse(c.chord)
		if p.Quality.String() != c.pin || m.Quality.String() != c.main {
			t.Errorf("%s counts as %s at the pin and %s on main, want %s and %s", c.chord, p.Quality, m.Quality, c.pin, c.main)
		}
	}
	if _, ok := Pin.Parse("H"); ok {
		t.Error("H parsed as a chord")
	}
}

// The pin orders a tie by name; main by the first chord, then major first, and a cadence
// V-I adds two.
func TestIdentifyTieOrder(t *testing.T) {
	cases := []struct {
		chords    string
		pin, main string
	}{
		{"C Am F G", "A minor", "C major"},
		{"Am F C G", "A minor", "A minor"},
		{"Dm G C", "A minor", "C major"},
		{"C D G", "E minor", "G major"},
		{"C D G C", "E minor", "C major"},
	}
	for _, c := range cases {
		chords := strings.Fields(c.chords)
		if got := Pin.Identify(chords)[0].Key; got != c.pin {
			t.Errorf("pin puts %s first for %s, want %s", got, c.chords, c.pin)
		}
		if got := Main.Identify(chords)[0].Key; got != c.main {
			t.Errorf("main puts %s first for %s, want %s", got, c.chords, c.main)
		}
	}
}

func TestIdentifyCountsAndSelect(t *testing.T) {
	all := Pin.Identify([]string{"Db", "Gb", "Ab", "Db"})
	sel := Select(all)
	if got := names(sel.Top); !slices.Equal(got, []string{"A# minor", "Bb minor", "C# major", "Db major"}) {
		t.Errorf("top = %v", got)
	}
	if sel.Top[0].TotalChords != 3 || sel.Top[0].MatchCount != 3 {
		t.Errorf("count = %d/%d, want 3/3", sel.Top[0].MatchCount, sel.Top[0].TotalChords)
	}
	if got := names(sel.Partial); !slices.Equal(got, []string{"Ab major", "D# minor", "Eb minor"}) {
		t.Errorf("partial = %v", got)
	}
	if got := strings.Join(sel.Top[0].DiatonicSet, ", "); got != "A#m, B#dim, C#, D#m, E#m, F#, G#" {
		t.Errorf("A# minor's set = %s", got)
	}
	// On main a V7 of a minor key does not count, but resolving to i weighs two: B minor comes
	// first with one chord while G# minor, with two, follows it.
	main := Main.Identify([]string{"C#m7b5", "F#7", "Bm"})
	if main[0].Key != "B minor" || main[0].MatchCount != 1 {
		t.Errorf("main first = %s %d", main[0].Key, main[0].MatchCount)
	}
	if sel := Select(main); !slices.ContainsFunc(sel.Partial, func(c Candidate) bool { return c.MatchCount > 1 }) {
		t.Errorf("no key after the top with a higher count: %v", names(sel.Partial))
	}
	if Pin.Identify([]string{"H", "x"}) != nil {
		t.Error("keys for no chord")
	}
}

func TestIsKeyIdentificationQuery(t *testing.T) {
	if !Pin.IsKeyIdentificationQuery("What key is C Am F G in?") {
		t.Error("a key question with four chords refused")
	}
	if Pin.IsKeyIdentificationQuery("What key is C in?") {
		t.Error("a key question with one chord accepted")
	}
	if Pin.IsKeyIdentificationQuery("Identify the tonic of D A Bm G") {
		t.Error("a question without a key phrase accepted")
	}
}

func TestIsChordDiatonic(t *testing.T) {
	for _, tt := range []struct {
		key, chord string
		want       bool
	}{
		{"A minor", "E", true},
		{"A minor", "E7", true},
		{"A minor", "Em", true},
		{"a MINOR", "G7", true}, // VII7: all four notes in the natural minor
		{"A minor", "Dm", true},
		{"A minor", "D", false},
		{"C major", "G7", true},
		{"C major", "D7", false},
		{"C major", "Bdim7", true},
		{"H major", "C", false},
		{"C major", "H", false},
	} {
		if got := Main.IsChordDiatonic(tt.key, tt.chord); got != tt.want {
			t.Errorf("main: %s in %s = %v, want %v", tt.chord, tt.key, got, tt.want)
		}
	}
	if Pin.IsChordDiatonic("C major", "C") {
		t.Error("the pinned service has no IsChordDiatonic")
	}
}
