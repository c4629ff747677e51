package l21

import (
	"io"
	"testing"

	"course/ga/embeddings"
	"course/ga/optick"
	"course/ga/revision"
	"course/internal/testutil"
)

// TestMainAnalysisTags: with the pin's positional analysis records, the rootless answers
// move.
func TestMainAnalysisTags(t *testing.T) {
	run := func(v *optick.Version) string {
		cfg := config{partitions: embeddings.Partitions(), prompts: prompts, rev: revision.Main, version: v}
		return testutil.Output(t, func(w io.Writer) error { return runLesson(t.Context(), w, cfg) })
	}
	base := run(nil)
	positional := run(optick.MainWithout(func(v *optick.Version) { v.Pipeline.Analysis.NamedArguments = false }))
	testutil.SectionsMoved(t, base, positional, []string{"\"rootless\" after a seventh chord"}, nil)
}
