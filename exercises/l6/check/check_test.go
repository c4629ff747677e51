package check

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"course/exercises/l6/solution"
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

// hidden stands for a CR that a reader under test must not see as one: a private-use character.
const hidden = "\ue000"

// crBlind turns the course's joining reader into one that ends lines at LF alone: every CR is
// hidden from it as an ordinary character, and put back in what it returns. With crlf, a CR
// before an LF is dropped first, as a reader that trims a line's last CR does.
func crBlind(crlf bool) func(stream []byte) (string, error) {
	return func(stream []byte) (string, error) {
		s := string(stream)
		if strings.Contains(s, hidden) {
			return "", errors.New("the stream holds U+E000, which hides its CRs")
		}
		if crlf {
			s = strings.ReplaceAll(s, "\r\n", "\n")
		}
		got, err := solution.ReadJoined([]byte(strings.ReplaceAll(s, "\r", hidden)))
		return strings.ReplaceAll(got, hidden, "\r"), err
	}
}

// refused runs read through the reader cases and names the ones it fails.
func refused(t *testing.T, read func([]byte) (string, error)) []string {
	t.Helper()
	results, err := Reader(read)
	if err != nil {
		t.Fatal(err)
	}
	var failed []string
	for _, r := range results {
		if !r.OK() {
			failed = append(failed, r.Name)
		}
	}
	return failed
}

// TestReaderCasesCatchEachLineEnd runs the course's reader three ways: cutting lines at LF
// alone, at LF with a CR before it dropped, and at LF, CRLF or CR as the standard says. The LF
// streams alone pass all three; the CRLF streams refuse the first, the CR streams the first two.
func TestReaderCasesCatchEachLineEnd(t *testing.T) {
	cases, err := ReaderCases()
	if err != nil {
		t.Fatal(err)
	}
	ending := func(suffix string) []string {
		var names []string
		for _, c := range cases {
			if strings.HasSuffix(c.Name, suffix) {
				names = append(names, c.Name)
			}
		}
		return names
	}
	crlf, cr := ending(", lines ending CRLF"), ending(", lines ending CR")
	if len(crlf) == 0 || len(cr) == 0 || len(crlf)+len(cr) >= len(cases) {
		t.Fatalf("the reader cases have %d CRLF and %d CR streams of %d", len(crlf), len(cr), len(cases))
	}
	for _, c := range cases {
		lf := !strings.Contains(string(c.Input), "\r")
		if onCR := slices.Contains(cr, c.Name); onCR == strings.Contains(string(c.Input), "\n") {
			t.Errorf("%s: a CR stream holds LF, or another stream none", c.Name)
		}
		if lf == (slices.Contains(crlf, c.Name) || slices.Contains(cr, c.Name)) {
			t.Errorf("%s: a CRLF or CR stream without CR, or an LF stream with one", c.Name)
		}
	}
	for _, tc := range []struct {
		name string
		read func([]byte) (string, error)
		want []string
	}{
		{"a reader that cuts lines at LF alone", crBlind(false), append(slices.Clone(crlf), cr...)},
		{"a reader that takes CRLF as LF", crBlind(true), cr},
		{"a reader that cuts lines as the standard says", solution.ReadJoined, nil},
	} {
		got := refused(t, tc.read)
		slices.Sort(got)
		want := slices.Sorted(slices.Values(tc.want))
		if !slices.Equal(got, want) {
			t.Errorf("%s is refused on %q, want %q", tc.name, got, want)
		}
	}
}
