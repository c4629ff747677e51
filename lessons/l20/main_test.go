package l20

import (
	"io"
	"testing"

	"course/ga/optick"
	"course/ga/revision"
	"course/internal/testutil"
)

// TestMainDocumentRoot: with the pin's document root, the top note, main's stitching moves.
func TestMainDocumentRoot(t *testing.T) {
	run := func(v *optick.Version) string {
		return testutil.Output(t, func(w io.Writer) error {
			return run(t.Context(), w, &Options{Revision: revision.Main, version: v})
		})
	}
	base := run(nil)
	pinRoot := run(optick.MainWithout(func(v *optick.Version) { v.Pipeline.Document.ChordRoot = false }))
	testutil.SectionsMoved(t, base, pinRoot, []string{"Each template stitched"}, nil)
}
