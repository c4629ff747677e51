package wire

import (
	"slices"
	"testing"

	"github.com/dlclark/regexp2/v2"
)

func TestSplitDotNetSemantics(t *testing.T) {
	tests := []struct {
		name    string
		pattern string
		opts    []regexp2.CompileOption
		input   string
		count   int
		want    []string
	}{
		{"empty pattern", ``, nil, "abc", 0, []string{"", "a", "b", "c", ""}},
		{"empty pattern right to left", ``, []regexp2.CompileOption{regexp2.RightToLeft}, "abc", 0, []string{"", "a", "b", "c", ""}},
		{"zero-width lookahead", `(?=b)`, nil, "abab", 0, []string{"a", "ba", "b"}},
		{"match at start and end", `-`, nil, "-a-", 0, []string{"", "a", ""}},
		{"adjacent matches", `-`, nil, "plum--pear", 0, []string{"plum", "", "pear"}},
		{"only participating groups", `(a)|(-)`, nil, "x-y", 0, []string{"x", "-", "y"}},
		{"every group that matched", `(-)(\+)?`, nil, "a-b-+c", 0, []string{"a", "-", "b", "-", "+", "c"}},
		{"count 2", `-`, nil, "a-b-c-d", 2, []string{"a", "b-c-d"}},
		{"count 3", `-`, nil, "a-b-c-d", 3, []string{"a", "b", "c-d"}},
		{"count 1", `-`, nil, "a-b", 1, []string{"a-b"}},
		{"count above matches", `-`, nil, "a-b", 9, []string{"a", "b"}},
		{"right to left with count", `-`, []regexp2.CompileOption{regexp2.RightToLeft}, "a-b-c-d", 2, []string{"a-b-c", "d"}},
		{"no match", `-`, nil, "abc", 0, []string{"abc"}},
		{"empty input", `-`, nil, "", 0, []string{""}},
		{"non-ASCII input", `–`, nil, "Am – F – C", 0, []string{"Am ", " F ", " C"}},
		{"non-ASCII around matches", `-`, nil, "é-→-ü", 0, []string{"é", "→", "ü"}},
		{"non-ASCII empty pattern", ``, nil, "é→", 0, []string{"", "é", "→", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			re := regexp2.MustCompile(tt.pattern, tt.opts...)
			got, err := Split(re, tt.input, tt.count)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Split(%q, %q, %d) = %q, want %q", tt.input, tt.pattern, tt.count, got, tt.want)
			}
		})
	}
}

func TestSplitNegativeCount(t *testing.T) {
	if _, err := Split(regexp2.MustCompile(`-`), "a-b", -1); err == nil {
		t.Error("Split with count -1 gave no error; .NET throws")
	}
}

func TestSplitters(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		pinned []string
		after  []string
	}{
		{"sentences", "Hi there.  How are you?I'm fine! Ok", []string{"Hi there.", "How are you?I'm fine!", "Ok"}, []string{"Hi there.  ", "How are you?I'm fine! ", "Ok"}},
		{"no sentence end", "0.369 and more", []string{"0.369 and more"}, []string{"0.369 and more"}},
		{"line breaks", "A.\nB.\n\nC.\n", []string{"A.", "B.", "C."}, []string{"A.\n", "B.\n\n", "C.\n"}},
		{"leading space kept", "  Hi. There", []string{"  Hi.", "There"}, []string{"  Hi. ", "There"}},
		{"blank text", " \n\t", nil, nil},
		{"empty text", "", nil, nil},
		// .NET's \s and string.IsNullOrWhiteSpace are Unicode-aware: NBSP, NEL, the Zs spaces and
		// U+2028/U+2029 separate sentences.
		{"NBSP", "One.\u00a0Two.", []string{"One.", "Two."}, []string{"One.\u00a0", "Two."}},
		{"NEL", "One.\u0085Two.", []string{"One.", "Two."}, []string{"One.\u0085", "Two."}},
		{"line separator", "One.\u2028Two!\u2029Three", []string{"One.", "Two!", "Three"}, []string{"One.\u2028", "Two!\u2029", "Three"}},
		{"ideographic and thin spaces", "One?\u3000Two.\u202fThree", []string{"One?", "Two.", "Three"}, []string{"One?\u3000", "Two.\u202f", "Three"}},
		{"Unicode blank text", "\u00a0\u2029\u3000", nil, nil},
		// Not white space in .NET: zero-width space, BOM, Mongolian vowel separator, U+001F.
		{"zero-width space", "One.\u200bTwo", []string{"One.\u200bTwo"}, []string{"One.\u200bTwo"}},
		{"BOM", "One.\ufeffTwo", []string{"One.\ufeffTwo"}, []string{"One.\ufeffTwo"}},
		{"Mongolian vowel separator", "One.\u180eTwo", []string{"One.\u180eTwo"}, []string{"One.\u180eTwo"}},
		{"unit separator", "One.\u001fTwo", []string{"One.\u001fTwo"}, []string{"One.\u001fTwo"}},
		{"BOM alone is text", "\ufeff", []string{"\ufeff"}, []string{"\ufeff"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SplitPinned(tt.text); !slices.Equal(got, tt.pinned) {
				t.Errorf("SplitPinned(%q) = %q, want %q", tt.text, got, tt.pinned)
			}
			if got := Split743(tt.text); !slices.Equal(got, tt.after) {
				t.Errorf("Split743(%q) = %q, want %q", tt.text, got, tt.after)
			}
		})
	}
}
