package algebra

import (
	"slices"
	"strings"
	"testing"
)

func set(s string) Set {
	p, ok := ParseSet(s)
	if !ok {
		panic("bad set " + s)
	}
	return p
}

// TestPrimeFormTextbook checks prime forms against Rahn's table, including the classes where
// Rahn's packing and Forte's differ.
func TestPrimeFormTextbook(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0146", "[0,1,4,6]"},           // 4-Z15
		{"0137", "[0,1,3,7]"},           // 4-Z29
		{"047", "[0,3,7]"},              // 3-11: C major triad
		{"037", "[0,3,7]"},              // 3-11: C minor triad
		{"0256", "[0,1,4,6]"},           // inversion of 4-Z15, transposed
		{"257E", "[0,2,5,8]"},           // G7 (G B D F) -> 4-27
		{"0258", "[0,2,5,8]"},           // 4-27
		{"048", "[0,4,8]"},              // 3-12
		{"02468T", "[0,2,4,6,8,10]"},    // 6-35
		{"012478", "[0,1,2,4,7,8]"},     // 6-Z17
		{"012568", "[0,1,2,5,6,8]"},     // 6-Z43
		{"01378", "[0,1,5,6,8]"},        // 5-20: Rahn, not Forte's [0,1,3,7,8]
		{"013689", "[0,2,3,6,7,9]"},     // 6-Z29: Rahn
		{"013589", "[0,1,4,5,7,9]"},     // 6-31: Rahn
		{"024579E", "[0,1,3,5,6,8,10]"}, // major scale, 7-35
	}
	for _, tt := range tests {
		if got := set(tt.in).PrimeForm().String(); got != tt.want {
			t.Errorf("prime form of %s = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestIntervalClassVector(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0146", "<1 1 1 1 1 1>"},
		{"047", "<0 0 1 1 1 0>"},
		{"0247", "<0 2 1 1 2 0>"},
		{"024579E", "<2 5 4 3 6 1>"},
		{"0369", "<0 0 4 0 0 2>"},
		{"0123456789TE", "<1 1 1 1 0 6>"}, // the aggregate's twelves overflow in GA's packing
	}
	for _, tt := range tests {
		if got := set(tt.in).IntervalClassVector().String(); got != tt.want {
			t.Errorf("ICV of %s = %s, want %s", tt.in, got, tt.want)
		}
	}
	if id := set("0146").IntervalClassVector(); int(id) != 271453 {
		t.Errorf("id of <1 1 1 1 1 1> = %d, want 271453", id)
	}
	if id := set("0247").IntervalClassVector(); int(id) != 43368 {
		t.Errorf("id of <0 2 1 1 2 0> = %d, want 43368", id)
	}
}

// TestCatalogue checks the stored table against set theory: one label per class, every class
// of one to six pitch classes labelled, and the Z labels exactly the classes that share a vector.
func TestCatalogue(t *testing.T) {
	counts := map[int]int{}
	for _, c := range SetClasses() {
		counts[c.Len()]++
		label, ok := ForteLabel(c)
		if !ok {
			t.Errorf("%s has no Forte label", c)
			continue
		}
		back, ok := PrimeFormOfLabel(label)
		if !ok || back != c {
			t.Errorf("%s -> %s -> %s", c, label, back)
		}
		_, hasPartner := ZPartner(c)
		if c.Len() > 1 && strings.Contains(label, "Z") != hasPartner {
			t.Errorf("%s (%s): Z in label %v, Z partner %v", c, label, strings.Contains(label, "Z"), hasPartner)
		}
	}
	want := map[int]int{0: 1, 1: 1, 2: 6, 3: 12, 4: 29, 5: 38, 6: 50, 7: 38, 8: 29, 9: 12, 10: 6, 11: 1, 12: 1}
	for n, w := range want {
		if counts[n] != w {
			t.Errorf("%d set classes of cardinality %d, want %d", counts[n], n, w)
		}
	}
	if len(SetClasses()) != 224 {
		t.Errorf("%d set classes, want 224", len(SetClasses()))
	}
	pairs := [][2]string{{"4-Z15", "4-Z29"}, {"5-Z12", "5-Z36"}, {"5-Z17", "5-Z37"}, {"5-Z18", "5-Z38"}, {"6-Z17", "6-Z43"}, {"6-Z29", "6-Z50"}, {"6-Z3", "6-Z36"}}
	for _, p := range pairs {
		a, _ := PrimeFormOfLabel(p[0])
		b, _ := PrimeFormOfLabel(p[1])
		if !ZRelated(a, b) {
			t.Errorf("%s %s and %s %s are not Z-related", p[0], a, p[1], b)
		}
	}
}

func TestForteLabels(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0146", "4-Z15"}, {"0137", "4-Z29"}, {"047", "3-11"}, {"012478", "6-Z17"}, {"012568", "6-Z43"},
		{"024579E", "7-35"}, {"0123456789TE", "12-1"}, {"18", "2-5"}, {"014589", "6-20"},
	}
	for _, tt := range tests {
		if got, _ := ForteLabel(set(tt.in)); got != tt.want {
			t.Errorf("Forte label of %s = %s, want %s", tt.in, got, tt.want)
		}
	}
	for _, label := range []string{"6-29", "5-18", "13-1", "0-2", "12-2", "x-1"} {
		if s, ok := PrimeFormOfLabel(label); ok {
			t.Errorf("%s resolved to %s, want no class", label, s)
		}
	}
	if s, _ := PrimeFormOfLabel("7-z18"); s.String() != "[0,1,4,5,6,7,9]" {
		t.Errorf("7-Z18 = %s, want GA's [0,1,4,5,6,7,9]", s)
	}
}

func TestIsAlgebraPrompt(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"Are 0146 and 0137 z-related?", true},
		{"What is the relative minor of C major?", false},
		{"Why does a ii-V-I sound resolved?", false},
		{"Show me Cmaj7 voicings", false},
		{"best tab for this riff", true}, // "tab" is a word of t/e/a/b
		{"Is this a Z RELATION?", true},
		{"Is this a z-relation?", false}, // GA has no hyphenated "z-relation" keyword
		{"play {0, 4, 7}", true},
		{"   ", false},
		{"an icvector", true}, // keywords are substrings
	}
	for _, tt := range tests {
		if got := IsAlgebraPrompt(tt.in); got != tt.want {
			t.Errorf("IsAlgebraPrompt(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestExtractSets(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Are 0146 and 0137 z-related?", []string{"[0,1,4,6]", "[0,1,3,7]"}},
		{"prime form of [0,1,4,6]", []string{"[0,1,4,6]"}},
		{"{0,4,7,10}", []string{"[0,4,7,10]"}},
		{"[0,12]", []string{"[0,1,2]"}},            // 12 is read as 1 then 2
		{"[Cmaj7]", []string{"[7,10]"}},            // the a of maj is a pitch class
		{"0, 1, 4 6 and 2", []string{"[0,1,4,6]"}}, // pass 2
		{"tea for two", []string{"[10,11]"}},
		{"be", []string{"[11]"}},
		{"no numbers", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, s := range ExtractSets(tt.in) {
			got = append(got, s.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("ExtractSets(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestTryAnswer(t *testing.T) {
	tests := []struct{ in, text, queryType string }{
		{"Are 0146 and 0137 z-related?", "[0,1,4,6] and [0,1,3,7] are Z-related: they share ICV <1 1 1 1 1 1> but have different prime forms.", "z-relation"},
		{"Are these Z-related: 0136 and 0146?", "[0,1,3,6] and [0,1,4,6] are not Z-related.", "z-relation"},
		{"Are 047 and 037 z-related?", "[0,3,7] and [0,3,7] are not Z-related.", "z-relation"},
		{"Is 012478 z-related?", "[0,1,2,4,7,8] is Z-related. One partner is [0,1,2,5,6,8], and both share ICV <3 2 2 3 3 2>.", "z-relation"},
		{"Is 047 z-related?", "[0,3,7] is not Z-related.", "z-relation"},
		{"What is the prime form of [0,2,5,6]?", "The prime form of [0,2,5,6] is [0,1,4,6].", "prime-form"},
		{"Compute the ICV of {0,2,4,7}", "The interval-class vector for [0,2,4,7] is <0 2 1 1 2 0>.", "interval-class-vector"},
		{"Forte number for 0146", "The Forte label for [0,1,4,6] is 4-Z15.", "forte"},
		{"Forte number for 047", "The Forte label for [0,4,7] is 3-11.", "forte"},
		{"What is Forte number 4-z29?", "Forte 4-z29 is the set class with prime form [0,1,3,7] (interval-class vector <1 1 1 1 1 1>).", "forte-lookup"},
		{"Forte 7-18", "The Forte label for [1,8] is 2-5.", "forte"},
		{"Set class summary for [0,1,3,7]", "Set-class summary for [0,1,3,7]: prime form [0,1,3,7], ICV <1 1 1 1 1 1>, Forte 4-Z29.", "set-class-summary"},
	}
	svc := NewService()
	for _, tt := range tests {
		a, ok := svc.TryAnswer(tt.in)
		if !ok || a.Text != tt.text || a.QueryType != tt.queryType {
			t.Errorf("TryAnswer(%q) = %q %q %v\nwant %q %q", tt.in, a.Text, a.QueryType, ok, tt.text, tt.queryType)
		}
	}
	for _, in := range []string{"Interval-class vector of 014", "pitch class set 0146", "z-relation of 0146", "what is the prime form?"} {
		if a, ok := svc.TryAnswer(in); ok {
			t.Errorf("TryAnswer(%q) = %q, want no answer", in, a.Text)
		}
	}
}

func TestTryAnswerFacts(t *testing.T) {
	a, _ := NewService().TryAnswer("Are 0146 and 0137 z-related?")
	want := []Fact{{"left", "[0,1,4,6]"}, {"right", "[0,1,3,7]"}, {"leftIcv", "<1 1 1 1 1 1>"}, {"rightIcv", "<1 1 1 1 1 1>"}, {"zRelated", "True"}}
	if !slices.Equal(a.Facts, want) {
		t.Errorf("facts = %v, want %v", a.Facts, want)
	}
	if n := len(a.Text); n != 99 {
		t.Errorf("answer length %d, want 99", n)
	}
	b, _ := NewService().TryAnswer("ICV of 0247")
	if b.Facts[2] != (Fact{"intervalClassVectorId", "43368"}) {
		t.Errorf("ICV facts = %v", b.Facts)
	}
}
