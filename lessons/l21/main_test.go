package l21

import (
	"bytes"
	"context"
	"testing"

	"course/ga/embeddings"
	"course/ga/optick"
	"course/testutil"
)

// TestL21MainAnalysisTags: with the pin's positional analysis records, the rootless answers
// move.
func TestL21MainAnalysisTags(t *testing.T) {
	run := func(v *optick.Version) string {
		var out bytes.Buffer
		cfg := l21Config{partitions: embeddings.Partitions(), prompts: l21Prompts, main: true, version: v}
		if err := runLesson21(context.Background(), &out, cfg); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	base := run(nil)
	positional := run(optick.MainWithout(func(v *optick.Version) { v.Pipeline.Analysis.NamedArguments = false }))
	testutil.SectionsMoved(t, base, positional, []string{"\"rootless\" after a seventh chord"}, nil)
}
