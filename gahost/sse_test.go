package gahost

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"course/stream/wire"
)

// answerPieces are what the random answers are built from: sentence ends the splitters cut
// after, CR, LF and blank lines, whitespace .NET counts as white space (NBSP, NEL, the line and
// paragraph separators, ideographic space) and two it does not (ZWSP, BOM), and text that looks
// like SSE itself.
var answerPieces = []string{
	"a", "Cmaj7", "é", "😀", "e.g.", "3.", ".", "!", "?", "...", " ", "  ", "\t", "\v", "\f",
	"\r", "\n", "\r\n", "\n\n", "\r\r\n", "\n \n", "\u00a0", "\u0085", "\u2028", "\u2029",
	"\u3000", "\u1680", "\u200b", "\ufeff", "data: ", ":", "[DONE]", "| x |", "```",
}

// randomAnswer joins up to 40 random pieces.
func randomAnswer(rng *rand.Rand) string {
	var b strings.Builder
	for range rng.IntN(41) {
		b.WriteString(answerPieces[rng.IntN(len(answerPieces))])
	}
	return b.String()
}

// whitespaceChunk is a chunk of only .NET white space, which the controller skips.
func whitespaceChunk(rng *rand.Rand) string {
	spaces := []string{" ", "\t", "\r", "\n", "\r\n", "\u00a0", "\u0085", "\u2028", "\u3000"}
	var b strings.Builder
	for range 1 + rng.IntN(5) {
		b.WriteString(spaces[rng.IntN(len(spaces))])
	}
	return b.String()
}

// written returns what f writes through an sseResponse over a buffer, and how many flushes.
func written(t *testing.T, f func(sseResponse) error) ([]byte, int) {
	t.Helper()
	var buf bytes.Buffer
	flushes := 0
	if err := f(sseResponse{w: &buf, flush: func() error { flushes++; return nil }}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), flushes
}

// TestHostWriterAgreesWithLessonModel feeds thousands of random answers to the host's port of
// GaChatbot.Api's controller and to the lessons' model of its writer (wire.GaChatbot): every
// event, blank and whitespace-only chunks included, and every whole stream after either
// splitter, must be the same bytes.
func TestHostWriterAgreesWithLessonModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 743))
	const answers = 5000
	routing := string(MarshalJSON(Object{{"type", "routing"}, {"agentId", "voicing"}}, Strict))
	events, streams := 0, 0
	for i := range answers {
		answer := randomAnswer(rng)
		pinned, fixed := wire.SplitPinned(answer), wire.Split743(answer)

		chunks := []string{answer, "", whitespaceChunk(rng)}
		chunks = append(append(chunks, pinned...), fixed...)
		for _, c := range chunks {
			got, flushes := written(t, func(s sseResponse) error { return s.writeSseLine(c) })
			if want := wire.GaChatbotEvent(c); !bytes.Equal(got, want) || flushes != 1 {
				t.Fatalf("answer %d, chunk %q:\nhost  %q (%d flushes)\nmodel %q", i, c, got, flushes, want)
			}
			events++
		}

		for _, split := range [][]string{pinned, fixed} {
			got, _ := written(t, func(s sseResponse) error { return s.writeUpdates(routing, split) })
			want := append(wire.GaChatbotEvent(routing), wire.GaChatbot.Stream(split)...)
			if !bytes.Equal(got, want) {
				t.Fatalf("answer %d %q, chunks %q:\nhost  %q\nmodel %q", i, answer, split, got, want)
			}
			streams++
		}
	}
	t.Logf("%d events and %d streams from %d answers agree", events, streams, answers)
}

// TestHostWriterSkipsWhitespaceChunks checks the controller's own rule, which the lessons'
// writer model leaves to the splitter: a chunk of only white space sends no event.
func TestHostWriterSkipsWhitespaceChunks(t *testing.T) {
	got, flushes := written(t, func(s sseResponse) error {
		return s.writeUpdates("{}", []string{"a\r\n", " \u00a0\u2028", "", "b"})
	})
	want := "data: {}\n\ndata: a\ndata: \n\ndata: b\n\ndata: [DONE]\n\n"
	if string(got) != want || flushes != 4 {
		t.Errorf("got %q (%d flushes)\nwant %q (4 flushes)", got, flushes, want)
	}
}

// TestHostWriterError writes the busy event as WriteSseErrorAsync does: strict escaping, no
// [DONE].
func TestHostWriterError(t *testing.T) {
	got, _ := written(t, func(s sseResponse) error { return s.writeSseError("a <b> & 'c'") })
	if want := `data: {"error":"a \u003Cb\u003E \u0026 \u0027c\u0027"}` + "\n\n"; string(got) != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
