package l19

import (
	"io"
	"strings"
	"testing"

	"course/ga/optick"
	"course/ga/revision"
	"course/internal/testutil"
)

// TestMainQueryVector: without the query's interval-class vector, main's candidates are no
// longer all the chord asked.
func TestMainQueryVector(t *testing.T) {
	run := func(v *optick.Version) string {
		return testutil.Output(t, func(w io.Writer) error {
			return run(t.Context(), w, &Options{Revision: revision.Main, version: v})
		})
	}
	base := run(nil)
	if !strings.Contains(base, "candidates 210: exact 210") {
		t.Fatalf("main's candidates:\n%s", base)
	}
	noICV := run(optick.MainWithout(func(v *optick.Version) { v.Encode.IntervalClassVector = false }))
	testutil.SectionsMoved(t, base, noICV, []string{"The 15 candidates"}, nil)
	// The pin's MODAL names move the near ties among 50 candidates, and nothing else.
	pinModes := run(optick.MainWithout(optick.PinModalNames))
	testutil.SectionsMoved(t, base, pinModes, []string{"The first pair with 50 candidates"}, []string{"The 15 candidates", "The tool's first pair"})
}
