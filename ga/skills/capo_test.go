package skills

import (
	"strings"
	"testing"
)

func TestCapoAnswers(t *testing.T) {
	got := Capo{}.Execute("What shape do I play in E with capo 4").Text
	want := "With a capo on fret **4**, play a **C shape** to sound in **E major**.\n\n" +
		"The capo raises every string by 4 semitones, so the shape you finger (C) sounds 4 frets higher (= E major). All chord shapes shift the same way: an Am shape at capo 4 would sound as C#m.\n"
	if got != want {
		t.Errorf("sounding to shape:\n%s\nwant:\n%s", got, want)
	}
	got = Capo{}.Execute("If I capo on 2 and play an Em shape, what's the sounding chord").Text
	if !strings.HasPrefix(got, "A **Em shape** with a capo on fret **2** sounds as **F#m** (F# minor).\n\nThe capo raises every fingered note by 2 semitones: E + 2 = F#.") {
		t.Errorf("shape to sounding:\n%s", got)
	}
}

// TestCapoQuirks holds the model to GA's reading of keys, shapes and spelling.
func TestCapoQuirks(t *testing.T) {
	for _, tt := range []struct{ name, prompt, want string }{
		// Sharps unless the key has a lower-case b or the message says "flat".
		{"sharps by default", "I play a C shape with capo 3 — what does it sound like", "sounds as **D#**"},
		{"flat keys by the word", "I play a C shape with capo 3, flat please", "sounds as **Eb**"},
		{"Bb spells flats", "Song is in Bb, what shape with capo 1", "play a **A shape**"},
		// "Cb" is not in the skill's root table.
		{"Cb is not a root", "Song is in Cb major, what shape with capo 2", "I couldn't identify 'Cb'"},
		// "Em" after "in" has no word boundary after E, so the minor key is not found.
		{"a minor key written Em", "song in Em, capo 2, what shape", "Ask about a capo"},
		{"a minor key in words", "song in E minor, capo 2, what shape", "play a **Dm shape**"},
		// A # before a comma leaves no word boundary: the key backs off to F.
		{"F# before a comma", "Capo on 2, song in F#, what shape", "play a **D# shape**"},
		{"a fret over 12", "Song is in E, what shape with capo 13", "A capo fret of 13 isn't valid"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := (Capo{}).Execute(tt.prompt).Text; !strings.Contains(got, tt.want) {
				t.Errorf("%q:\n%s\nwant it to contain %q", tt.prompt, got, tt.want)
			}
		})
	}
}
