package voicing

import (
	"strings"
	"testing"

	"course/ga/query"
)

// TestMainIndex checks the entries marked as main's: the pin's index leaves them out, and main's
// finds ten voicings for every chord the original course's runs against main asked for.
func TestMainIndex(t *testing.T) {
	pin, err := DefaultIndex()
	if err != nil {
		t.Fatal(err)
	}
	main, err := MainIndex()
	if err != nil {
		t.Fatal(err)
	}
	if pin.Len() != 10 || main.Len() <= pin.Len() {
		t.Fatalf("pin %d entries, main %d", pin.Len(), main.Len())
	}
	for _, chord := range []string{"G", "D", "Cmaj7", "G7", "Am7", "C", "A", "Dm7", "Bb7", "F#m"} {
		if n := len(main.Search(Filter{ChordName: chord})); n != 10 {
			t.Errorf("main, %s: %d voicings, want 10", chord, n)
		}
	}
	// The pin's answer to lesson 4's question keeps its two voicings.
	if n := len(pin.Search(Filter{ChordName: "Cmaj7"})); n != 2 {
		t.Errorf("pin, Cmaj7: %d voicings, want 2", n)
	}
	a := Agent{Index: main, Read: query.ExtractTyped}
	if first, _, _ := strings.Cut(a.Process("Shift Am7 up a fifth").Text, "\n"); first != "Found 10 voicings matching chord Am7 + tags [fifth]:" {
		t.Errorf("first line %q", first)
	}
	if _, err := LoadIndexFor([]byte(`{"voicings":[{"id":"x","index":"next","diagram":"0-0-0-0-0-0","score":1}]}`), true); err == nil {
		t.Error("an unknown index name loads")
	}
}
