package pager

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestCommandIsGits(t *testing.T) {
	for _, tc := range []struct {
		pager string
		set   bool
		want  string
	}{
		{"", false, "less -R"},
		{"", true, ""},
		{"cat", true, ""},
		{"most -s", true, "most -s"},
	} {
		got := Command(func(string) (string, bool) { return tc.pager, tc.set })
		if got != tc.want {
			t.Errorf("PAGER=%q (set %v): %q, want %q", tc.pager, tc.set, got, tc.want)
		}
	}
}

func TestEnvSetsLessOnlyWhenUnset(t *testing.T) {
	if got := Env([]string{"HOME=/h"}); !slices.Contains(got, "LESS=FRX") {
		t.Errorf("LESS unset: %q, want LESS=FRX added", got)
	}
	if got := Env([]string{"LESS=-i"}); !slices.Equal(got, []string{"LESS=-i"}) {
		t.Errorf("LESS=-i: %q, want it kept alone", got)
	}
}

// TestShortOutputSkipsThePager checks that output shorter than the terminal is held and then
// written to it whole, with no pager started.
func TestShortOutputSkipsThePager(t *testing.T) {
	var out bytes.Buffer
	w := New(&out, 5, "false-pager-that-must-not-start", nil)
	for range 4 {
		if _, err := w.Write([]byte("line\n")); err != nil {
			t.Fatal(err)
		}
	}
	if out.Len() != 0 || w.Paging() {
		t.Fatalf("wrote %q before the end", out.String())
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if out.String() != strings.Repeat("line\n", 4) || w.Paging() {
		t.Errorf("wrote %q, paging %v", out.String(), w.Paging())
	}
}

// TestAPagerThatFailsGivesTheTerminal checks that a pager that does not start leaves the
// output to the terminal, whole and in order.
func TestAPagerThatFailsGivesTheTerminal(t *testing.T) {
	var out bytes.Buffer
	w := New(&out, 2, "", nil)
	for _, l := range []string{"a\n", "b\n", "c\n"} {
		if _, err := w.Write([]byte(l)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if out.String() != "a\nb\nc\n" {
		t.Errorf("wrote %q", out.String())
	}
}
