package dotnet

import (
	"testing"
	"unicode"

	"github.com/dlclark/regexp2/v2"
)

// TestNormalizeKDAgreesWithTheOldTable runs every code point through NormalizeKD and, where the
// host's old hand-kept table had an entry (or the Hangul arithmetic applied), wants the same
// decomposition. Where the table had none, NormalizeKD may decompose more; that is the point of
// taking Unicode's own data.
func TestNormalizeKDAgreesWithTheOldTable(t *testing.T) {
	covered, more := 0, 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue // surrogates are no characters in a Go string
		}
		s := string(r)
		got := NormalizeKD(s)
		old, ok := tableNFKD(r)
		if !ok {
			if got != s {
				more++
			}
			continue
		}
		covered++
		if got != old {
			t.Errorf("%U: NormalizeKD gives %+q, the old table %+q", r, got, old)
		}
	}
	// 1,077 table entries and 11,172 Hangul syllables: a test that compared nothing would pass.
	if want := len(oldTable) + 11172; covered != want || len(oldTable) != 1077 {
		t.Errorf("compared %d code points, want %d (table of %d entries)", covered, want, len(oldTable))
	}
	if more == 0 {
		t.Error("NormalizeKD decomposes nothing the old table left out; is it the table again?")
	}
}

func TestNormalizeKD(t *testing.T) {
	for in, want := range map[string]string{
		"ＳＹＳＴＥＭ:":         "SYSTEM:",
		"𝐒𝐘𝐒𝐓𝐄𝐌:":         "SYSTEM:",
		"café":            "cafe\u0301",
		"ﬁ ½ ①":           "fi 1\u20442 1",
		"한":               "\u1112\u1161\u11ab",
		"plain ascii":     "plain ascii",
		"Ω (ohm) Å (ang)": "Ω (ohm) A\u030a (ang)",
	} {
		if got := NormalizeKD(in); got != want {
			t.Errorf("NormalizeKD(%q) = %+q, want %+q", in, got, want)
		}
	}
}

// TestIsWhiteSpaceIsRegexSpace checks IsWhiteSpace against regexp2's \s, which follows .NET's
// Regex, over the whole Basic Multilingual Plane and a few planes beyond.
func TestIsWhiteSpaceIsRegexSpace(t *testing.T) {
	re := regexp2.MustCompile(`^\s$`)
	n := 0
	for r := rune(0); r <= 0x2FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		ok, err := re.MatchString(string(r))
		if err != nil {
			t.Fatal(err)
		}
		if ok != IsWhiteSpace(r) {
			t.Errorf("%U: \\s %v, IsWhiteSpace %v", r, ok, IsWhiteSpace(r))
		}
		if ok {
			n++
		}
	}
	// Unicode 15 has 17 Zs, 1 Zl, 1 Zp; with U+0009-U+000D and U+0085 that is 25.
	if n != 25 {
		t.Errorf("%d white-space code points, want 25", n)
	}
}

func TestBlankAndTrim(t *testing.T) {
	for _, tc := range []struct {
		in    string
		blank bool
		trim  string
	}{
		{"", true, ""},
		{" \t\r\n", true, ""},
		{"\u00a0\u2028\u3000\u0085", true, ""},
		{"\ufeff", false, "\ufeff"}, // U+FEFF is no white space in .NET, unlike JavaScript's trim
		{"\u200b", false, "\u200b"},
		{"  a b \n", false, "a b"},
	} {
		if got := IsNullOrWhiteSpace(tc.in); got != tc.blank {
			t.Errorf("IsNullOrWhiteSpace(%+q) = %v", tc.in, got)
		}
		if got := Trim(tc.in); got != tc.trim {
			t.Errorf("Trim(%+q) = %+q, want %+q", tc.in, got, tc.trim)
		}
	}
	if got := TrimStart("  a "); got != "a " {
		t.Errorf("TrimStart = %q", got)
	}
}

func TestUTF16Len(t *testing.T) {
	for in, want := range map[string]int{"": 0, "abc": 3, "é": 1, "€": 1, "🎸": 2, "a🎸b": 4, "\xff": 1} {
		if got := UTF16Len(in); got != want {
			t.Errorf("UTF16Len(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestQuote(t *testing.T) {
	for _, tc := range []struct {
		in              string
		relaxed, strict string
	}{
		{"plain", `"plain"`, `"plain"`},
		{"w3c-trace-context+otel-genai+ag-ui", `"w3c-trace-context+otel-genai+ag-ui"`, `"w3c-trace-context\u002Botel-genai\u002Bag-ui"`},
		{`<a href='x'>&"</a>`, `"<a href='x'>&\"</a>"`, `"\u003Ca href=\u0027x\u0027\u003E\u0026\u0022\u003C/a\u003E"`},
		{"`code`", "\"`code`\"", `"\u0060code\u0060"`},
		{"Am – F → C", `"Am – F → C"`, `"Am \u2013 F \u2192 C"`},
		{"é ø Δ °", `"é ø Δ °"`, `"\u00E9 \u00F8 \u0394 \u00B0"`},
		{"a\nb\r\tc\\d\b\f", `"a\nb\r\tc\\d\b\f"`, `"a\nb\r\tc\\d\b\f"`},
		{"\x00\x1f\x7f\u0085", `"\u0000\u001F\u007F\u0085"`, `"\u0000\u001F\u007F\u0085"`},
		{"\u2028\u2029", `"\u2028\u2029"`, `"\u2028\u2029"`},
		{"\ue000", `"\uE000"`, `"\uE000"`},
		{"🎸", `"\uD83C\uDFB8"`, `"\uD83C\uDFB8"`},
		{"\xff", "\"\uFFFD\"", `"\uFFFD"`}, // invalid UTF-8 is the replacement character
	} {
		if got := Quote(tc.in, Relaxed); got != tc.relaxed {
			t.Errorf("relaxed %q: %s, want %s", tc.in, got, tc.relaxed)
		}
		if got := Quote(tc.in, Strict); got != tc.strict {
			t.Errorf("strict %q: %s, want %s", tc.in, got, tc.strict)
		}
	}
}

func TestReplaceLineEndings(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a\r\nb\rc\nd", "a|b|c|d"},
		{"\n\r\n\r", "|||"},
		{"x\u0085y\u2028z\u2029w\fv", "x|y|z|w|v"},
		{"\u00e9\u2027\u0084", "\u00e9\u2027\u0084"},
	}
	for _, tt := range tests {
		if got := ReplaceLineEndings(tt.in, "|"); got != tt.want {
			t.Errorf("ReplaceLineEndings(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
