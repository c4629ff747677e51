package skills

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"course/ga/embeddings"
	"course/ga/optick"
)

// chordVoicingsSkill is the skill over the course's index, built once for the tests.
var chordVoicingsSkill = sync.OnceValues(func() (ChordVoicings, error) {
	partitions := embeddings.Partitions()
	built, err := optick.BuildCorpusIndex(optick.CorpusFretCount, optick.CorpusWindowSize, optick.CorpusMinPlayed, partitions, false)
	if err != nil {
		return ChordVoicings{}, err
	}
	reader, err := optick.Open(built.Index, partitions)
	if err != nil {
		return ChordVoicings{}, err
	}
	return ChordVoicings{Search: optick.NewStrategy(reader), Partitions: partitions}, nil
})

func askChordVoicings(t *testing.T, message string) ChordVoicingsAnswer {
	t.Helper()
	s, err := chordVoicingsSkill()
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.Execute(message)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestChordVoicingsFilterKeepsNameAndBass checks the chord filter: every voicing listed for
// Cmaj7 has "maj7" in its name and C as its lowest note, and the text lists them as GA writes.
func TestChordVoicingsFilterKeepsNameAndBass(t *testing.T) {
	a := askChordVoicings(t, "voicings for Cmaj7")
	if len(a.Results) == 0 || len(a.Results) >= chordVoicingsTopK {
		t.Fatalf("%d results; the filter should keep fewer than %d", len(a.Results), chordVoicingsTopK)
	}
	for _, r := range a.Results {
		if !strings.Contains(strings.ToLower(r.ChordName), "maj7") || slices.Min(r.MidiNotes)%12 != 0 {
			t.Errorf("kept %s %s %v", r.ChordName, r.Diagram, r.MidiNotes)
		}
	}
	lines := strings.Split(a.Text, "\n")
	if lines[0] != "Found 2 voicings:" || lines[1] != "" || !strings.HasPrefix(lines[2], "- **"+a.Results[0].ChordName+"** `"+a.Results[0].Diagram+"` (guitar, score 0.") {
		t.Errorf("text:\n%s", a.Text)
	}
}

// TestChordVoicingsRetriesWithoutFilters asks for Cmaj7 on bass: the index holds no bass voicing,
// so the filtered search finds nothing and the retry without filters returns the whole index's
// best eight, guitar voicings on any bass, which the chord filter would have dropped.
func TestChordVoicingsRetriesWithoutFilters(t *testing.T) {
	a := askChordVoicings(t, "voicings for Cmaj7 on bass")
	if a.Query.Instrument != "bass" {
		t.Fatalf("instrument %q", a.Query.Instrument)
	}
	if len(a.Results) != chordVoicingsTopK {
		t.Fatalf("%d results, want %d", len(a.Results), chordVoicingsTopK)
	}
	if !slices.ContainsFunc(a.Results, func(r optick.Result) bool { return slices.Min(r.MidiNotes)%12 != 0 }) {
		t.Errorf("the unfiltered answer has only voicings on C: %v", a.Results)
	}
}

// TestChordVoicingsNoIntent gives the fixed text when the extractor reads nothing, and searches
// when it reads only a tag. No voicing of the corpus shares the SYMBOLIC bits of "for", so every
// score is 0 and the tie order, the index's own, gives the generator's first eight voicings.
func TestChordVoicingsNoIntent(t *testing.T) {
	if a := askChordVoicings(t, "hi"); a.Text != ChordVoicingsNoIntent || a.Results != nil {
		t.Errorf("hi: %q", a.Text)
	}
	a := askChordVoicings(t, "voicings for am")
	if a.Query.ChordSymbol != "" || len(a.Results) != chordVoicingsTopK {
		t.Fatalf("voicings for am: chord %q, %d results", a.Query.ChordSymbol, len(a.Results))
	}
	for i, r := range a.Results {
		if r.Score != 0 || r.Index != int64(i) {
			t.Errorf("result %d: voicing %d, score %v; want voicing %d, score 0", i, r.Index, r.Score, i)
		}
	}
}

// TestChordVoicingsCanHandle follows ChordVoicingsSkill's two chord expressions: a bare root is
// no chord symbol, a root with a spelled-out quality is.
func TestChordVoicingsCanHandle(t *testing.T) {
	for m, want := range map[string]bool{
		"voicings for C":        false,
		"voicings for C major":  true,
		"voicings for Cm":       true,
		"voicings for am":       false,
		"Cmaj7":                 false,
		"PowerShell for Cmaj7":  false,
		"shell voicing for Dm7": true,
		"   ":                   false,
	} {
		if got := (ChordVoicings{}).CanHandle(m); got != want {
			t.Errorf("CanHandle(%q) = %v, want %v", m, got, want)
		}
	}
}

// TestChordVoicingsTagsAddNothing asks for drop2 voicings of Cmaj7: the tag sets the query's
// SYMBOLIC partition, which no voicing of the corpus shares, so the answer is the plain one's.
func TestChordVoicingsTagsAddNothing(t *testing.T) {
	plain, drop2 := askChordVoicings(t, "voicings for Cmaj7"), askChordVoicings(t, "drop2 voicings of Cmaj7")
	if !slices.Equal(drop2.Query.Tags, []string{"drop2"}) {
		t.Fatalf("tags %v", drop2.Query.Tags)
	}
	if drop2.Text != plain.Text {
		t.Errorf("drop2 moved the answer:\n%s\nplain:\n%s", drop2.Text, plain.Text)
	}
}

// TestChordVoicingsLowEFirst: main's skill writes each diagram of the same answer in chart
// order, the pin's string order reversed.
func TestChordVoicingsLowEFirst(t *testing.T) {
	pin, err := chordVoicingsSkill()
	if err != nil {
		t.Fatal(err)
	}
	main := pin
	main.LowEFirst = true
	a, err := pin.Execute("voicings for Cmaj7")
	if err != nil {
		t.Fatal(err)
	}
	b, err := main.Execute("voicings for Cmaj7")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Results) == 0 {
		t.Fatal("no voicing")
	}
	for _, r := range a.Results {
		frets := strings.Split(r.Diagram, "-")
		slices.Reverse(frets)
		low := strings.Join(frets, "-")
		if low == r.Diagram || !strings.Contains(b.Text, "`"+low+"`") || strings.Contains(b.Text, "`"+r.Diagram+"`") {
			t.Errorf("%s: main's answer %q", r.Diagram, b.Text)
		}
	}
}
