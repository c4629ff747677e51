package sse

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// chatTexts are answer fragments of the kind GA's chatbot streams, some of them not ASCII.
var chatTexts = []string{
	"Try a Cmaj7 voicing at the third fret: x32000.",
	"C♯m7♭5 is the half-diminished chord on the seventh degree of D major.",
	"Drop-2 voicings keep the top three notes close; move the second voice down an octave.",
	"Ça sonne bien avec un capo en 2e case — essaie G, Em, C, D. 🎸",
	"Ⅱ–Ⅴ–Ⅰ in B♭: Cm7, F7, B♭maj7.",
	"The answer is short.",
	"Für Jazz-Akkorde: Dm9 (xx0210), G13 (3x345x), Cmaj9 (x3243x).",
}

var benchStream = sync.OnceValues(func() ([]byte, int) { return chatStream(64<<20, 1) })

// chatStream builds about size bytes of chat events: GA-like JSON chunks, routing events
// with ids, multi-line answers, keep-alive comments, and a line-end style drawn per event.
func chatStream(size int, seed uint64) ([]byte, int) {
	rng := rand.New(rand.NewPCG(seed, 2))
	eols := []string{"\n", "\r\n", "\r"}
	var b bytes.Buffer
	b.Grow(size + 1024)
	events, id := 0, 0
	for b.Len() < size {
		eol := eols[rng.IntN(len(eols))]
		text := chatTexts[rng.IntN(len(chatTexts))]
		switch k := rng.IntN(10); {
		case k == 0:
			b.WriteString(": keep-alive" + eol + eol)
			continue
		case k <= 2:
			id++
			fmt.Fprintf(&b, "event: routing%sid: %d%sdata: {\"agent\":\"theory\",\"confidence\":0.%02d,\"reason\":%q}%s",
				eol, id, eol, rng.IntN(100), text, eol)
		case k == 3:
			for range 2 + rng.IntN(5) {
				b.WriteString("data: " + chatTexts[rng.IntN(len(chatTexts))] + eol)
			}
		default:
			fmt.Fprintf(&b, "data: {\"type\":\"chunk\",\"content\":%q}%s", text, eol)
		}
		b.WriteString(eol)
		events++
	}
	return b.Bytes(), events
}

func TestChatStream(t *testing.T) {
	stream, events := chatStream(1<<20, 7)
	whole := collect(bytes.NewReader(stream))
	if whole.err != io.EOF || len(whole.events) != events {
		t.Fatalf("read %d events (error %v), want %d", len(whole.events), whole.err, events)
	}
	if oracle := oracle(stream); !sameResult(whole, oracle) {
		t.Fatal("the reader and the oracle disagree on the chat stream")
	}
	if s := string(stream); !strings.Contains(s, "\r\n") || !strings.Contains(s, "\r\r") || !strings.Contains(s, "🎸") {
		t.Fatal("the chat stream lacks CRLF, CR or non-ASCII text")
	}
}

func BenchmarkReader(b *testing.B) {
	stream, events := benchStream()
	b.SetBytes(int64(len(stream)))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	runs := 0
	for b.Loop() {
		r := NewReader(bytes.NewReader(stream))
		n := 0
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != events {
			b.Fatalf("read %d events, want %d", n, events)
		}
		runs++
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(runs*events), "allocs/event")
	b.ReportMetric(float64(events), "events/op")
}

// TestOneAllocationPerEvent holds the reader to one allocation per event at most, its data,
// with the id and type that change sharing it, plus the Reader itself and its buffers; and
// holds the short events of a chat stream to sharing blocks, several to an allocation.
func TestOneAllocationPerEvent(t *testing.T) {
	var long bytes.Buffer
	for i := range 200 {
		fmt.Fprintf(&long, "id: %d\r\n", i)
		for range 40 {
			long.WriteString("data: " + chatTexts[i%len(chatTexts)] + "\r\n")
		}
		long.WriteString("\r\n")
	}
	chat, chatEvents := chatStream(1<<20, 3)
	for _, tc := range []struct {
		name   string
		stream []byte
		events int
		perEv  float64 // allocations per event at most, besides the Reader's two
	}{{"chat", chat, chatEvents, 0.25}, {"long events", long.Bytes(), 200, 1}} {
		src := bytes.NewReader(tc.stream)
		allocs := testing.AllocsPerRun(5, func() {
			src.Reset(tc.stream)
			r := NewReader(src)
			for {
				if _, err := r.Next(); err != nil {
					break
				}
			}
		})
		// The Reader and the one allocation that holds its buffers.
		if limit := float64(tc.events)*tc.perEv + 2; allocs > limit {
			t.Errorf("%s: %v allocations for %d events, want at most %v", tc.name, allocs, tc.events, limit)
		}
	}
}
