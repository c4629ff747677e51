package theory

import (
	"reflect"
	"testing"
)

func TestReadSymbols(t *testing.T) {
	tests := []struct {
		message string
		want    Symbols
	}{
		{"which arpeggio fits Am F C G", Symbols{Chords: []string{"Am", "F", "C", "G"}}},
		{"which arpeggio fits B♭ E♭ F#", Symbols{Chords: []string{"Bb", "Eb", "F#"}}},
		{"play Cmaj7/E, then Bø7 and G7alt.", Symbols{Chords: []string{"Cmaj7/E", "Bø7", "G7alt"}}},
		{"which arpeggio fits Hm Q7", Symbols{Broken: []BrokenSymbol{{"Hm", "root H"}, {"Q7", "root Q"}}}},
		{"which arpeggio fits hm q7", Symbols{Broken: []BrokenSymbol{{"hm", "lowercase root"}, {"q7", "lowercase root"}}}},
		{"which arpeggio fits Cq7", Symbols{Broken: []BrokenSymbol{{"Cq7", "quality q7"}}}},
		{"is I a chord in ii V7 I?", Symbols{Numerals: []string{"ii", "V7"}}},
		{"fits mode use a", Symbols{}},
	}
	for _, tt := range tests {
		if got := ReadSymbols(tt.message); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ReadSymbols(%q) = %+v, want %+v", tt.message, got, tt.want)
		}
	}
}
