package l14

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"course/internal/report"
)

// TestListsMoveWithTheChord asks for substitutes of chords of three qualities and sees the
// list follow the chord's set class.
func TestListsMoveWithTheChord(t *testing.T) {
	l := &lesson{}
	tests := []struct{ prompt, want string }{
		{"Substitute for G7", "list for G7: Dm7b5 Ab7 F7 D7 Ebm7b5"},
		{"Substitute for Gm7", "list for Gm7: Fm7 Dm7 F#m7 Am7 Ebm7"},
		{"Substitute for Gaug", "list for Gaug: Caug Dbaug Daug"},
		{"How are G7 and Db7 related?", "compares G7 with Db7: Tritone Substitution, Set-Class Equivalent, ICV Neighbor (L1 = 1)"},
		{"How are G7 and Dm7 related?", "compares G7 with Dm7: ICV Neighbor (L1 = 2)"},
		{"How are A7 and Dm7 related?", "compares A7 with Dm7: Secondary Dominant"},
	}
	for _, tt := range tests {
		if got := describeSubstitution(l.skill.Execute(tt.prompt).Text); !strings.HasPrefix(got, tt.want) {
			t.Errorf("%q: %q, want %q", tt.prompt, got, tt.want)
		}
	}
}

// TestSharedTones checks the lesson's own count of common notes.
func TestSharedTones(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{{"C", "Am", 2}, {"G7", "C", 1}, {"Bm7b5", "G7", 3}, {"F#m", "C", 0}, {"Cdim7", "Ebdim7", 4}} {
		if got := sharedTones(tt.a, tt.b); got != tt.want {
			t.Errorf("%s and %s share %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestClosureSection checks that the pin's ga_dsl_eval refuses the optional inputs and main
// reads them with their defaults.
func TestClosureSection(t *testing.T) {
	var out bytes.Buffer
	l := &lesson{r: report.New(&out)}
	if err := l.closure(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"  a826864  missing-required-arg: closure 'domain.chordSubs…' requires argument 'key'",
		"  6baf32e  Substitutions for Am in key of A major:",
		"F(m7/TT)", "F(m7/d5)", "  6baf32e  the same",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the section lacks %q:\n%s", want, out.String())
		}
	}
}

// TestRuns runs the lesson once.
func TestRuns(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), &out, &Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "# l14\n") {
		t.Errorf("output starts %q", out.String()[:20])
	}
}
