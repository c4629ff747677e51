package bench

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	peer "github.com/tmaxmax/go-sse"

	"course/stream/sse"
)

// peerConfig gives the peer the course reader's default limit, so neither stops on a long event.
var peerConfig = &peer.ReadConfig{MaxEventSize: sse.DefaultLimit}

// words are the fragments the generated answers are made of, some of them not ASCII.
var words = []string{
	"Cmaj7", "voicing", "x32000", "the", "third", "fret", "C♯m7♭5", "half-diminished", "drop-2",
	"keeps", "top", "notes", "close", "Ça", "sonne", "bien", "🎸", "Ⅱ–Ⅴ–Ⅰ", "in", "B♭", "arpeggio",
	"fits", "Am", "F", "C", "G", "over", "each", "chord", "root", "fifth", "seventh",
}

func sentence(rng *rand.Rand, n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = words[rng.IntN(len(words))]
	}
	return strings.Join(parts, " ")
}

// input is one benchmark stream and the events a conforming reader yields from it.
type input struct {
	name   string
	stream []byte
	events int
}

// chatStream is about size bytes of GA-like chat chunks, short JSON events, each eighth a
// routing event with a type and an id; eol frames every line.
func chatStream(size int, eol string) input {
	rng := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	n := 0
	for b.Len() < size {
		if n%8 == 0 {
			fmt.Fprintf(&b, "event: routing%sid: %d%sdata: {\"type\":\"routing\",\"agentId\":\"theory\",\"confidence\":0.%02d}%s%s",
				eol, n, eol, rng.IntN(100), eol, eol)
		} else {
			fmt.Fprintf(&b, "data: {\"type\":\"chunk\",\"content\":%q}%s%s", sentence(rng, 1+rng.IntN(6)), eol, eol)
		}
		n++
	}
	return input{stream: b.Bytes(), events: n}
}

// longStream is about size bytes of long answers sent as one event each, a data line per line:
// 20 to 60 lines of up to a hundred bytes.
func longStream(size int) input {
	rng := rand.New(rand.NewPCG(3, 4))
	var b bytes.Buffer
	n := 0
	for b.Len() < size {
		for range 20 + rng.IntN(41) {
			b.WriteString("data: " + sentence(rng, 4+rng.IntN(10)) + "\n")
		}
		b.WriteString("\n")
		n++
	}
	return input{stream: b.Bytes(), events: n}
}

var inputs = sync.OnceValue(func() []input {
	chat, long, crlf := chatStream(4<<20, "\n"), longStream(4<<20), chatStream(4<<20, "\r\n")
	chat.name, long.name, crlf.name = "chat", "long", "crlf"
	return []input{chat, long, crlf}
})

// readers are the readers under comparison, each counting the events of a stream.
var readers = []struct {
	name string
	read func(src io.Reader, yield func(data, id string)) error
}{
	{"course", func(src io.Reader, yield func(data, id string)) error {
		r := sse.NewReader(src)
		for {
			ev, err := r.Next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			yield(ev.Data, ev.LastEventID)
		}
	}},
	{"go-sse", func(src io.Reader, yield func(data, id string)) error {
		for ev, err := range peer.Read(src, peerConfig) {
			if err != nil {
				return err
			}
			yield(ev.Data, ev.LastEventID)
		}
		return nil
	}},
}

// TestReadersAgree checks that both readers see the same events in every benchmark input, so
// the benchmark compares equal work.
func TestReadersAgree(t *testing.T) {
	for _, in := range inputs() {
		var want []string
		for i, rd := range readers {
			var got []string
			err := rd.read(bytes.NewReader(in.stream), func(data, id string) { got = append(got, id+"\x00"+data) })
			if err != nil {
				t.Fatalf("%s on %s: %v", rd.name, in.name, err)
			}
			if len(got) != in.events {
				t.Fatalf("%s on %s: %d events, want %d", rd.name, in.name, len(got), in.events)
			}
			if i == 0 {
				want = got
				continue
			}
			for j := range want {
				if got[j] != want[j] {
					t.Fatalf("%s on %s: event %d is %q, want %q", rd.name, in.name, j, got[j], want[j])
				}
			}
		}
	}
}

// BenchmarkRead reads each input with each reader; benchstat's -col /reader sets them side by side.
func BenchmarkRead(b *testing.B) {
	for _, in := range inputs() {
		for _, rd := range readers {
			b.Run("input="+in.name+"/reader="+rd.name, func(b *testing.B) {
				b.SetBytes(int64(len(in.stream)))
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				runs := 0
				for b.Loop() {
					n := 0
					if err := rd.read(bytes.NewReader(in.stream), func(string, string) { n++ }); err != nil {
						b.Fatal(err)
					}
					if n != in.events {
						b.Fatalf("read %d events, want %d", n, in.events)
					}
					runs++
				}
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(runs*in.events), "allocs/event")
			})
		}
	}
}

// cpuTime returns the CPU time the process has used, user and system, garbage collection
// included: on a shared machine it counts the work done rather than the turns waited for.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPair reads each input with both readers inside every iteration, in alternating
// order, so on a shared machine both meet the same load. It reports each reader's throughput,
// by the wall clock and by the CPU time the process spent, and the course reader's speed-up
// over go-sse by each; the CPU figures are the ones other processes disturb least.
func BenchmarkPair(b *testing.B) {
	for _, in := range inputs() {
		b.Run("input="+in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.stream)))
			var wall, cpu [2]time.Duration
			iter := 0
			for b.Loop() {
				for k := range readers {
					k = (k + iter) % len(readers)
					rd := readers[k]
					n := 0
					w0, c0 := time.Now(), cpuTime()
					if err := rd.read(bytes.NewReader(in.stream), func(string, string) { n++ }); err != nil {
						b.Fatal(err)
					}
					wall[k] += time.Since(w0)
					cpu[k] += cpuTime() - c0
					if n != in.events {
						b.Fatalf("%s read %d events, want %d", rd.name, n, in.events)
					}
				}
				iter++
			}
			mb := float64(len(in.stream)) * float64(iter) / 1e6
			for k, rd := range readers {
				b.ReportMetric(mb/wall[k].Seconds(), rd.name+"-MB/s")
				b.ReportMetric(mb/cpu[k].Seconds(), rd.name+"-cpu-MB/s")
			}
			b.ReportMetric(wall[1].Seconds()/wall[0].Seconds(), "speedup")
			b.ReportMetric(cpu[1].Seconds()/cpu[0].Seconds(), "speedup-cpu")
		})
	}
}

// BenchmarkFloor measures, on the same inputs, the work any conforming reader must do at the
// least, so the readers' figures have a floor to be read against: "lines" finds every LF with
// bytes.IndexByte and does nothing else; "strings" also copies each event's bytes, from its
// first line to its blank line, into one new string; "decode" makes that string with
// sse.DecodeUTF8 instead, which checks the bytes are well-formed UTF-8 before its one copy, as
// the standard's decoding asks. None of them interprets a field.
func BenchmarkFloor(b *testing.B) {
	floors := []struct {
		name string
		run  func(stream []byte) int
	}{
		{"lines", func(s []byte) int { return scanLines(s, nil) }},
		{"strings", func(s []byte) int {
			return scanLines(s, func(ev []byte) { sink = string(ev) })
		}},
		{"decode", func(s []byte) int {
			return scanLines(s, func(ev []byte) { sink = sse.DecodeUTF8(ev) })
		}},
	}
	for _, in := range inputs() {
		for _, fl := range floors {
			b.Run("input="+in.name+"/floor="+fl.name, func(b *testing.B) {
				b.SetBytes(int64(len(in.stream)))
				var cpu time.Duration
				iter := 0
				for b.Loop() {
					c0 := cpuTime()
					if n := fl.run(in.stream); fl.name != "lines" && n != in.events {
						b.Fatalf("%d events, want %d", n, in.events)
					}
					cpu += cpuTime() - c0
					iter++
				}
				b.ReportMetric(float64(len(in.stream))*float64(iter)/1e6/cpu.Seconds(), "cpu-MB/s")
			})
		}
	}
}

// sink keeps the floor's strings from being optimised away.
var sink string

// scanLines finds every LF of s with bytes.IndexByte and hands each event, its bytes from its
// first line to the LF of its blank line, to event when it is not nil. It returns the number
// of events, counting a blank line as the end of one whether or not CR precedes its LF.
func scanLines(s []byte, event func([]byte)) int {
	n, evStart := 0, 0
	for i := 0; i < len(s); {
		j := bytes.IndexByte(s[i:], '\n')
		if j < 0 {
			break
		}
		if j == 0 || j == 1 && s[i] == '\r' {
			if event != nil {
				event(s[evStart : i+j])
			}
			n++
			evStart = i + j + 1
		}
		i += j + 1
	}
	return n
}
