package l19

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"course/ga/optick"
	"course/testutil"
)

// mainWithout is GA's main pipeline with one of its changes switched off by off.
func mainWithout(off func(*optick.Version)) *optick.Version {
	v := optick.Main()
	off(&v)
	return &v
}

// pinModalNames is main's pipeline with the pin's MODAL slot names, in the index and the query.
func pinModalNames() *optick.Version {
	return mainWithout(func(v *optick.Version) {
		v.Pipeline.Modal.CatalogueNames, v.Encode.Modal.CatalogueNames = false, false
	})
}

// TestL19MainQueryVector: without the query's interval-class vector, main's candidates are no
// longer all the chord asked.
func TestL19MainQueryVector(t *testing.T) {
	run := func(v *optick.Version) string {
		var out bytes.Buffer
		if err := run(context.Background(), &Options{Out: &out, Main: true, version: v}); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	base := run(nil)
	if !strings.Contains(base, "candidates 210: exact 210") {
		t.Fatalf("main's candidates:\n%s", base)
	}
	noICV := run(mainWithout(func(v *optick.Version) { v.Encode.IntervalClassVector = false }))
	testutil.SectionsMoved(t, base, noICV, []string{"The 15 candidates"}, nil)
	// The pin's MODAL names move the near ties among 50 candidates, and nothing else.
	pinModes := run(pinModalNames())
	testutil.SectionsMoved(t, base, pinModes, []string{"The first pair with 50 candidates"}, []string{"The 15 candidates", "The tool's first pair"})
}
