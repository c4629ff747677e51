package l20

import (
	"bytes"
	"context"
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

// TestL20MainDocumentRoot: with the pin's document root, the top note, main's stitching moves.
func TestL20MainDocumentRoot(t *testing.T) {
	run := func(v *optick.Version) string {
		var out bytes.Buffer
		if err := run(context.Background(), &Options{Out: &out, Main: true, version: v}); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	base := run(nil)
	pinRoot := run(mainWithout(func(v *optick.Version) { v.Pipeline.Document.ChordRoot = false }))
	testutil.SectionsMoved(t, base, pinRoot, []string{"Each template stitched"}, nil)
}
