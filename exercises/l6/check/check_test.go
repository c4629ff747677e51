package check

import (
	"strings"
	"testing"
)

// TestWriterCasesCatchALoneCR runs a writer that splits a chunk at LF only: every data: line of
// its own, as #746 asks, but a CR left alone inside a line. A reader built to the standard ends
// the line at that CR, so only the lone-CR case can catch it.
func TestWriterCasesCatchALoneCR(t *testing.T) {
	lfOnly := func(chunk string) []byte {
		var b strings.Builder
		for line := range strings.SplitSeq(strings.ReplaceAll(chunk, "\r\n", "\n"), "\n") {
			b.WriteString("data: " + line + "\n")
		}
		return []byte(b.String() + "\n")
	}
	var failed []string
	for _, r := range Writer(lfOnly) {
		if !r.OK() {
			failed = append(failed, r.Name)
		}
	}
	if len(failed) != 1 || failed[0] != "a lone CR inside" {
		t.Errorf("the LF-only writer fails %q, want the lone CR alone", failed)
	}
}

// TestReportShowsTheInput checks that a failure shows the case's input, the wanted and got text.
func TestReportShowsTheInput(t *testing.T) {
	results := []Result{{Case: Case{Name: "two lines", Input: []byte("data: a\r\ndata: b\n\n"), Want: "a\nb"}, Got: "a"}}
	got := Report(results)
	for _, want := range []string{"two lines:\n", "  input, 18 bytes:\n", `    "data: a\r\n"`, `    "\n"`, "  - wanted, + got:\n", `- "a\n"`, `+ "a"`} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
}
