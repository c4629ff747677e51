package skills

import (
	"strings"
	"testing"
)

// TestIcvNeighborsRows checks the skill's table: eight sets two away from C major, in id order,
// none for a diminished seventh, and other rows for another chord.
func TestIcvNeighborsRows(t *testing.T) {
	var s IcvNeighbors
	c := s.Execute("ICV neighbors of C").Text
	for _, want := range []string{
		"**ICV neighbors of C** (within L1 = 2):\n",
		"- Source ICV: `<0 0 1 1 1 0>`\n",
		"- 8 neighbors returned (top 8 by harmonic cost):\n",
		"| `{0,3}` | `<0 0 1 0 0 0>` | 2 | 1.20 |\n| `{0,4}` |",
	} {
		if !strings.Contains(c, want) {
			t.Errorf("C: no %q in\n%s", want, c)
		}
	}
	if got := s.Execute("ICV neighbors of Cdim7").Text; !strings.Contains(got, "- 0 neighbors returned") || !strings.Contains(got, "No pitch-class sets within L1 = 2. Try a wider radius.") {
		t.Errorf("Cdim7:\n%s", got)
	}
	if got := s.Execute("ICV neighbors of Cdim").Text; got == c || !strings.Contains(got, "`<0 0 2 0 0 1>`") {
		t.Errorf("Cdim:\n%s", got)
	}
	// The reverse pattern, and a refusal.
	if got := s.Execute("Dm7 and its icv neighbors").Text; !strings.HasPrefix(got, "**ICV neighbors of Dm7**") {
		t.Errorf("reverse: %s", got)
	}
	if got := s.Execute("which chords are most similar to Dm7"); got.Confidence != 0.1 || !strings.HasPrefix(got.Text, "Ask about ICV-neighbor") {
		t.Errorf("anchor: %+v", got)
	}
}

// TestGrothendieckChordSet checks the quality table's quirks.
func TestGrothendieckChordSet(t *testing.T) {
	for _, tt := range []struct {
		token string
		want  string
		ok    bool
	}{
		{"Cmaj7", "[0,4,7,11]", true},
		{"CM7", "[0,3,7,10]", true},   // lower-cased to m7
		{"Cdom7", "[0,4,7]", true},    // unknown: a major triad
		{"B♭7", "[2,5,8,10]", true},   // ♭ read as b
		{"C minor", "[0,3,7]", true},  // the quality is trimmed
		{"a Cmaj7", "[1,4,9]", true},  // root a, quality " cmaj7": unknown
		{"Cbm", "", false},            // RootPc has no Cb
		{"F#m7b5", "[0,4,6,9]", true}, // F# A C E
	} {
		set, ok := grothendieckChordSet(tt.token)
		if ok != tt.ok || (ok && set.String() != tt.want) {
			t.Errorf("%s: %v %v, want %s %v", tt.token, set, ok, tt.want, tt.ok)
		}
	}
	var s IcvNeighbors
	if got := s.Execute("ICV neighbors of Cbm").Text; !strings.HasPrefix(got, "I couldn't parse 'Cbm' as a chord.") {
		t.Errorf("Cbm: %s", got)
	}
	// A bare sharp at the end of the question is no word boundary: the chord read is C.
	if got := s.Execute("ICV neighbors of C#").Text; !strings.HasPrefix(got, "**ICV neighbors of C**") {
		t.Errorf("C#: %s", got)
	}
}

func TestIntervalClassVectorSkill(t *testing.T) {
	var s IntervalClassVector
	for _, tt := range []struct{ prompt, head string }{
		{"interval class vector for {0,1,4,8}", "**ICV of {0,1,4,8}**: `<1 0 1 3 1 0>`  (`[1, 0, 1, 3, 1, 0]`)"},
		{"ICV of {4, 0, 7, 12, 4}", "**ICV of {4,0,7}**: `<0 0 1 1 1 0>`"},
		{"what is the interval-class vector of Cmaj7", "**ICV of Cmaj7**: `<1 0 1 2 2 0>`"},
		{"ICV of the dorian mode", "**ICV of the dorian**: `<2 5 4 3 6 1>`"},
		{"ICV of the whole  tone scale", "Ask for an ICV"},
		{"what's the interval content of Am", "Ask for an ICV"},
	} {
		if got := s.Execute(tt.prompt).Text; !strings.HasPrefix(got, tt.head) {
			t.Errorf("%q: %s", tt.prompt, got)
		}
	}
	if got := s.Execute("ICV of {4, 0, 7}").Text; !strings.Contains(got, "- Pitch-class set: `{0, 4, 7}` (3 notes)") {
		t.Errorf("sorted set: %s", got)
	}
}

func TestGrothendieckDeltaSkill(t *testing.T) {
	var s GrothendieckDelta
	got := s.Execute("harmonic distance from Cmaj7 to G7").Text
	for _, want := range []string{
		"**Grothendieck delta Cmaj7 → G7**\n",
		"- **Δ (signed)**: `[-1, +1, +1, -1, -1, +1]`\n",
		"- **L1 norm** (Manhattan): **6**\n",
		"- **L2 norm** (Euclidean): **2.449**\n",
		"- **Harmonic cost**: **3.60**\n",
		"(tritone) â†’ more chromatic color\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	// One vector for both: the +1 ic1 GA adds, not zero.
	if got := s.Execute("harmonic distance from C to G").Text; !strings.Contains(got, "`[+1, 0, 0, 0, 0, 0]`") || !strings.Contains(got, "**L1 norm** (Manhattan): **1**") {
		t.Errorf("C to G:\n%s", got)
	}
	if got := s.Execute("measure the harmonic gap between Dm7 and G7").Text; !strings.Contains(got, "â†’ increased tension") {
		t.Errorf("Dm7 and G7:\n%s", got)
	}
	if got := s.Execute("how harmonically far is Am from D7"); got.Confidence != 0.1 {
		t.Errorf("from: %+v", got)
	}
}

func TestIcvShortestPathSkill(t *testing.T) {
	var s IcvShortestPath
	got := s.Execute("shortest harmonic path from Cmaj7 to G7").Text
	for _, want := range []string{
		"- **4 steps** total (3 intermediate moves).\n",
		"| 0 (Cmaj7) | `{0,4,7,11}` | `<1 0 1 2 2 0>` |\n| 1 | `{0,2,3,7}` |",
		"| 3 (G7) | `{2,5,7,11}` | `<0 1 2 1 1 1>` |\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if other := s.Execute("shortest harmonic path from Cmaj7 to Dm7").Text; other == got || strings.Contains(other, "No path") {
		t.Errorf("Cmaj7 to Dm7:\n%s", other)
	}
	if got := s.Execute("shortest harmonic route from Am to D7").Text; !strings.Contains(got, "No path found within 5 steps.") {
		t.Errorf("Am to D7:\n%s", got)
	}
	if got := s.Execute("shortest path from C to C").Text; !strings.Contains(got, "- **1 step** total (0 intermediate moves).") {
		t.Errorf("C to C:\n%s", got)
	}
	if got := s.Execute("how do I get from C to F harmonically").Text; !strings.HasPrefix(got, "**Shortest harmonic path C → F**") {
		t.Errorf("how do I get: %s", got)
	}
}
