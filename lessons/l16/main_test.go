package l16

import (
	"io"
	"strings"
	"testing"

	"course/ga/optick"
	"course/ga/revision"
	"course/internal/testutil"
)

func runMain(t *testing.T, v *optick.Version) string {
	t.Helper()
	cfg := config{examples: examples, phrasings: phrasings, gridQualities: gridQualities,
		fullAnswer: mainFullAnswer, rev: revision.Main, version: v}
	return testutil.Output(t, func(w io.Writer) error { return runLesson(t.Context(), w, cfg) })
}

// TestMainFilterAndDiagrams: with the pin's name filter, main's answers play other chords
// while its corpus keeps its names; with the pin's document root, the top note, the E minor
// answer and the techniques' answers move.
func TestMainFilterAndDiagrams(t *testing.T) {
	base := runMain(t, nil)
	if !strings.Contains(base, "show me Dm7 voicings             8          8      0      0      0") {
		t.Fatalf("main's Dm7 answer:\n%s", base)
	}
	pinFilter := runMain(t, optick.MainWithout(func(v *optick.Version) { v.Search.ParsedNameFilter = false }))
	testutil.SectionsMoved(t, base, pinFilter, []string{"The example prompts' answers", "A grid of"}, []string{"Corpus on main"})
	root := runMain(t, optick.MainWithout(func(v *optick.Version) { v.Pipeline.Document.ChordRoot = false }))
	testutil.SectionsMoved(t, base, root, []string{"\"open chord shape for E minor\"", "The techniques"}, []string{"Corpus on main"})
}

// TestMainAnalysisNames: with the pin's positional analysis records the corpus's names stay,
// since the chord recogniser is the same, while the tags and so the scores move.
func TestMainAnalysisNames(t *testing.T) {
	base := runMain(t, nil)
	positional := runMain(t, optick.MainWithout(func(v *optick.Version) { v.Pipeline.Analysis.NamedArguments = false }))
	testutil.SectionsMoved(t, base, positional, []string{"\"open chord shape for E minor\""}, []string{"Corpus on main"})
	// Read high E first, the open E chord is no E shape, and the E minor answer's ties move.
	pinShapes := runMain(t, optick.MainWithout(func(v *optick.Version) { v.Pipeline.Analysis.ChartOrderShapes = false }))
	testutil.SectionsMoved(t, base, pinShapes, []string{"\"open chord shape for E minor\""}, []string{"Corpus on main", "The example prompts' answers"})
	// The pin's MODAL names move near ties of the grid only.
	testutil.SectionsMoved(t, base, runMain(t, optick.MainWithout(optick.PinModalNames)), []string{"A grid of"}, []string{"Corpus on main", "The example prompts' answers"})
}
