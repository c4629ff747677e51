package query

import (
	"reflect"
	"testing"
)

func TestExtract(t *testing.T) {
	tests := []struct {
		message string
		want    Query
	}{
		{"Show me Cmaj7 voicings", Query{ChordSymbol: "Cmaj7", PitchClasses: []int{0, 4, 7, 11}}},
		{"Show me voicings", Query{}},
		{"F# Lydian shapes", Query{ModeName: "F# Lydian"}},
		{"Am7 shell voicings on guitar", Query{ChordSymbol: "Am7", PitchClasses: []int{9, 0, 4, 7}, Instrument: "guitar", Tags: []string{"shell"}}},
		{"drop 2 and rootless Bbmaj7, on bass!", Query{ChordSymbol: "Bbmaj7", PitchClasses: []int{10, 2, 5, 9}, Instrument: "bass", Tags: []string{"drop2", "rootless"}}},
		{"give me [Dm7b5]?", Query{ChordSymbol: "Dm7b5", PitchClasses: []int{2, 5, 8, 0}}},
		{"cmaj7 voicings", Query{}},
		{"Give Dog Cxyz G7 then Am7", Query{ChordSymbol: "G7", PitchClasses: []int{7, 11, 2, 5}}},
		{"drop2 drop-2 Drop3 shell", Query{Tags: []string{"drop2", "drop3", "shell"}}},
		{"C/E grips for ukulele", Query{ChordSymbol: "C/E", PitchClasses: []int{0, 4, 7}, Instrument: "ukulele"}},
		{"D dorian\tover A\nAeolian", Query{ModeName: "D Dorian"}},
		{"E\r\nvoicings", Query{ChordSymbol: "E", PitchClasses: []int{4, 8, 11}}},
	}
	for _, tt := range tests {
		t.Run(tt.message, func(t *testing.T) {
			got := Extract(tt.message)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Extract(%q) = %+v, want %+v", tt.message, got, tt.want)
			}
		})
	}
}

func TestEmpty(t *testing.T) {
	tests := []struct {
		q    Query
		want bool
	}{
		{Query{}, true},
		{Query{ChordSymbol: "C"}, false},
		{Query{ModeName: "D Dorian"}, false},
		{Query{Instrument: "bass"}, false},
		{Query{Tags: []string{"shell"}}, false},
	}
	for _, tt := range tests {
		if got := tt.q.Empty(); got != tt.want {
			t.Errorf("%+v.Empty() = %v, want %v", tt.q, got, tt.want)
		}
	}
}

func TestParseChord(t *testing.T) {
	tests := []struct {
		symbol  string
		ok      bool
		root    int
		quality string
		pcs     []int
	}{
		{"C", true, 0, "", []int{0, 4, 7}},
		{"Cmaj7", true, 0, "maj7", []int{0, 4, 7, 11}},
		{"Am7", true, 9, "m7", []int{9, 0, 4, 7}},
		{"G7", true, 7, "7", []int{7, 11, 2, 5}},
		{"F#m7b5", true, 6, "m7b5", []int{6, 9, 0, 4}},
		{"Bbdim7", true, 10, "dim7", []int{10, 1, 4, 7}},
		{"Cb", true, 11, "", []int{11, 3, 6}},
		{"Esus4", true, 4, "sus4", []int{4, 9, 11}},
		{"Dadd9", true, 2, "add9", []int{2, 6, 9, 4}},
		{"A6", true, 9, "6", []int{9, 1, 4, 6}},
		{"E9", true, 4, "9", []int{4, 8, 11, 2, 6}},
		{"B13", true, 11, "13", []int{11, 3, 6, 9, 1, 8}},
		{"C/E", true, 0, "", []int{0, 4, 7}},
		{"Am7/G", true, 9, "m7", []int{9, 0, 4, 7}},
		{"C/H", false, 0, "", nil},
		{"H7", false, 0, "", nil},
		{"cmaj7", false, 0, "", nil},
		{"Cmaj8", false, 0, "", nil},
		{"Show", false, 0, "", nil},
		{"", false, 0, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.symbol, func(t *testing.T) {
			c, ok := ParseChord(tt.symbol)
			if ok != tt.ok {
				t.Fatalf("ParseChord(%q) ok = %v, want %v", tt.symbol, ok, tt.ok)
			}
			if !ok {
				return
			}
			if c.Symbol != tt.symbol || c.Root != tt.root || c.Quality != tt.quality || !reflect.DeepEqual(c.PitchClasses, tt.pcs) {
				t.Errorf("ParseChord(%q) = %+v, want root %d quality %q pcs %v", tt.symbol, c, tt.root, tt.quality, tt.pcs)
			}
		})
	}
}

func TestSplitRoot(t *testing.T) {
	tests := []struct {
		name string
		root int
		rest string
		ok   bool
	}{
		{"Cmaj7", 0, "maj7", true},
		{"C#m7", 1, "m7", true},
		{"Dbmaj7", 1, "maj7", true},
		{"Fb", 4, "", true},
		{"B#", 0, "", true},
		{"x7", 0, "", false},
	}
	for _, tt := range tests {
		root, rest, ok := SplitRoot(tt.name)
		if root != tt.root || rest != tt.rest || ok != tt.ok {
			t.Errorf("SplitRoot(%q) = %d, %q, %v; want %d, %q, %v", tt.name, root, rest, ok, tt.root, tt.rest, tt.ok)
		}
	}
}
