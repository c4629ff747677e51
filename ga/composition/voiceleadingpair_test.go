package composition

import (
	"cmp"
	"math"
	"slices"
	"sync"
	"testing"

	"course/ga/embeddings"
	"course/ga/optick"
)

// testTool is the tool over lesson 3's index: every voicing of a guitar's first three frets.
var testTool = sync.OnceValues(func() (*VoiceLeadingTool, error) {
	partitions := embeddings.Partitions()
	built, err := optick.BuildCorpusIndex(3, 3, 3, partitions, false)
	if err != nil {
		return nil, err
	}
	reader, err := optick.Open(built.Index, partitions)
	if err != nil {
		return nil, err
	}
	return &VoiceLeadingTool{Strategy: optick.NewStrategy(reader), Partitions: partitions}, nil
})

func tool(t *testing.T) *VoiceLeadingTool {
	t.Helper()
	tl, err := testTool()
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// TestVoiceLeadingDistance checks GA's distance: the sorted notes paired from the bottom, 3 for
// each note the larger voicing has over the smaller, an empty voicing as far as a double goes.
func TestVoiceLeadingDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b []int
		want float64
	}{
		{[]int{60, 64, 67}, []int{60, 64, 67}, 0},
		{[]int{67, 60, 64}, []int{60, 65, 69}, 3},              // sorted first
		{[]int{48, 52, 55, 60, 64}, []int{53, 57, 60, 65}, 23}, // 5 + 5 + 5 + 5, and 3 for 64
		{[]int{53, 57, 60, 65}, []int{48, 52, 55, 60, 64}, 23},
		{[]int{40, 47, 52, 55, 59, 64}, []int{57, 61, 67}, 55}, // 17 + 14 + 15, and 3 x 3
		{nil, []int{60}, math.MaxFloat64},
		{[]int{60}, nil, math.MaxFloat64},
	} {
		if got := VoiceLeadingDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("VoiceLeadingDistance(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestVoiceLeadingPairOrder checks the answer's order: distance first, then the higher sum of
// the two retrieval scores; and that each pair's distance is GA's distance of its notes.
func TestVoiceLeadingPairOrder(t *testing.T) {
	a := tool(t).VoiceLeadingPair("C", "Am", 20, "", 50)
	if a.Error != "" || len(a.Pairs) != 20 {
		t.Fatalf("%d pairs, error %q", len(a.Pairs), a.Error)
	}
	ties := 0
	for i, p := range a.Pairs {
		if d := VoiceLeadingDistance(p.From.MidiNotes, p.To.MidiNotes); d != p.Distance {
			t.Errorf("pair %d: distance %v, its notes %v", i, p.Distance, d)
		}
		if i == 0 {
			continue
		}
		q := a.Pairs[i-1]
		if p.Distance < q.Distance {
			t.Errorf("pair %d moves %v, less than pair %d's %v", i, p.Distance, i-1, q.Distance)
		}
		if p.Distance == q.Distance {
			ties++
			if p.From.Score+p.To.Score > q.From.Score+q.To.Score {
				t.Errorf("pair %d scores more than pair %d at the same distance", i, i-1)
			}
		}
	}
	if ties == 0 {
		t.Error("no tie to check the tie-break on")
	}
}

// TestSameChordPairsAVoicingWithItself: with the same chord on both sides, the first pair is the
// best-scored candidate with itself, distance 0.
func TestSameChordPairsAVoicingWithItself(t *testing.T) {
	tl := tool(t)
	hits, err := tl.SearchByChord("G7", 15, "")
	if err != nil {
		t.Fatal(err)
	}
	a := tl.VoiceLeadingPair("G7", "G7", 5, "", 15)
	if a.Error != "" || a.Pairs[0].Distance != 0 || a.Pairs[0].From.Index != hits[0].Index || a.Pairs[0].To.Index != hits[0].Index {
		t.Fatalf("first pair %+v, error %q; best candidate %d", a.Pairs[0], a.Error, hits[0].Index)
	}
}

// TestClamps checks the limits the tool clamps its arguments to: 1 to 20 pairs, 3 to 50
// candidates per chord.
func TestClamps(t *testing.T) {
	tl := tool(t)
	for _, tt := range []struct{ limit, candidates, pairs, evaluated int }{
		{5, 15, 5, 225},
		{0, 15, 1, 225},
		{-3, 15, 1, 225},
		{100, 15, 20, 225},
		{5, 1, 5, 9},
		{5, 1000, 5, 2500},
	} {
		a := tl.VoiceLeadingPair("C", "F", tt.limit, "", tt.candidates)
		if a.Error != "" || len(a.Pairs) != tt.pairs || a.TotalCandidatesEvaluated != tt.evaluated {
			t.Errorf("limit %d, candidates %d: %d pairs of %d, error %q; want %d of %d",
				tt.limit, tt.candidates, len(a.Pairs), a.TotalCandidatesEvaluated, a.Error, tt.pairs, tt.evaluated)
		}
	}
}

// TestErrorsAndInstruments checks the answers with an error, and the instrument filter: the
// index holds only guitar voicings, so asking for a bass finds none.
func TestErrorsAndInstruments(t *testing.T) {
	tl := tool(t)
	for _, tt := range []struct{ from, to, instrument, want string }{
		{"", "F", "", "fromChord and toChord are required"},
		{"C", "  ", "", "fromChord and toChord are required"},
		{"H7", "F", "", "fromChord: unrecognized chord symbol 'H7'"},
		{"C", "Xm", "", "toChord: unrecognized chord symbol 'Xm'"},
		{"C", "F", "bass", "no voicings retrieved for one or both chords"},
		{"C", "F", "guitar", ""},
		{" C ", "F", "", ""},
	} {
		if a := tl.VoiceLeadingPair(tt.from, tt.to, 5, tt.instrument, 15); a.Error != tt.want {
			t.Errorf("%q → %q (%q): error %q, want %q", tt.from, tt.to, tt.instrument, a.Error, tt.want)
		}
	}
	// The guitar group is the whole index: the same candidates as without an instrument.
	all, _ := tl.SearchByChord("Dm7", 15, "")
	guitar, _ := tl.SearchByChord("Dm7", 15, "guitar")
	same := slices.EqualFunc(all, guitar, func(a, b optick.Result) bool { return a.Index == b.Index })
	if !same || len(all) != 15 {
		t.Errorf("guitar candidates differ from the index's: %d and %d", len(all), len(guitar))
	}
}

// TestVoiceLeadingPairIsTheStableSort holds the answer to GA's OrderBy and ThenByDescending
// written plainly, a stable sort of every pair in enumeration order, on many prompts: on a full
// tie the pair enumerated first comes first.
func TestVoiceLeadingPairIsTheStableSort(t *testing.T) {
	tl := tool(t)
	chords := []string{"C", "Am", "G7", "Dm7", "Fmaj7", "E7", "Bdim", "C6", "Am7", "D"}
	fullTies := 0
	for _, x := range chords {
		for _, y := range chords {
			from, _ := tl.SearchByChord(x, 50, "")
			to, _ := tl.SearchByChord(y, 50, "")
			var want []VoicingPair
			for _, a := range from {
				for _, b := range to {
					want = append(want, VoicingPair{VoiceLeadingDistance(a.MidiNotes, b.MidiNotes), a, b})
				}
			}
			slices.SortStableFunc(want, func(a, b VoicingPair) int {
				if a.Distance != b.Distance {
					return cmp.Compare(a.Distance, b.Distance)
				}
				return cmp.Compare(b.From.Score+b.To.Score, a.From.Score+a.To.Score)
			})
			got := tl.VoiceLeadingPair(x, y, 20, "", 50)
			for i, p := range got.Pairs {
				w := want[i]
				if p.From.Index != w.From.Index || p.To.Index != w.To.Index || p.Distance != round2(w.Distance) {
					t.Fatalf("%s → %s, pair %d: %d → %d, want %d → %d", x, y, i, p.From.Index, p.To.Index, w.From.Index, w.To.Index)
				}
				if i > 0 && w.Distance == want[i-1].Distance && w.From.Score+w.To.Score == want[i-1].From.Score+want[i-1].To.Score {
					fullTies++
				}
			}
		}
	}
	if fullTies == 0 {
		t.Error("no full tie to check the enumeration order on")
	}
}
