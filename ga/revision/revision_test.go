package revision

import (
	"strings"
	"testing"

	"course/ga/optick"
)

// TestParseReadsSetting: every revision's setting reads back as the revision, in any case, and
// a setting that names neither is refused with the value it was given.
func TestParseReadsSetting(t *testing.T) {
	for _, r := range []Revision{Pin, Main} {
		for _, s := range []string{r.Setting(), strings.ToUpper(r.Setting())} {
			got, err := Parse(s)
			if err != nil || got != r {
				t.Errorf("Parse(%q) = %v, %v; want %v", s, got, err, r)
			}
		}
	}
	if got, err := Parse(""); err != nil || got != Pin {
		t.Errorf("Parse(\"\") = %v, %v; want the pin", got, err)
	}
	if _, err := Parse("mainline"); err == nil || err.Error() != `"mainline" is neither "pin" nor "main"` {
		t.Errorf("Parse(\"mainline\") error = %v", err)
	}
}

// TestWhatTheRevisionDecides: the pin and main differ in each thing a revision decides, and
// main's voicing pipeline is optick's main one.
func TestWhatTheRevisionDecides(t *testing.T) {
	if Pin.Label() == Main.Label() || Pin.Heading("l16") == Main.Heading("l16") || Pin.Setting() == Main.Setting() {
		t.Errorf("pin and main alike: %q/%q, %q/%q, %q/%q", Pin.Label(), Main.Label(), Pin.Heading("l16"), Main.Heading("l16"), Pin.Setting(), Main.Setting())
	}
	if got := Main.Heading("l21"); got != "l21, GA's main" {
		t.Errorf("main heading = %q", got)
	}
	if Pin.Heading("l21") != "l21" {
		t.Errorf("pin heading = %q", Pin.Heading("l21"))
	}
	if Pin.Voicings() != (optick.Version{}) {
		t.Errorf("pin's voicings are not the zero version: %+v", Pin.Voicings())
	}
	if Main.Voicings() != optick.Main() {
		t.Errorf("main's voicings = %+v, want optick.Main()", Main.Voicings())
	}
	if Pin.IsMain() || !Main.IsMain() {
		t.Error("IsMain")
	}
}
