package websocket

import (
	"context"
	"runtime"
	"testing"
)

// FuzzReadFrames feeds arbitrary bytes to both ends' frame readers: no panic, every message
// within the limit, the buffer never grown past it, and the bytes allocated bounded by the
// limit and the input's length, whatever a length field promises.
func FuzzReadFrames(f *testing.F) {
	for _, s := range [][]byte{
		rfcHello, rfcMaskedHello, cat(rfcHel, rfcLo), rfcPing, rfcMaskedPong,
		rfcBinary(256), cat(rfcHel, rfcPing, rfcLo, closeFrame(1000, "bye")),
		{0x82, 0x7F, 0x40, 0, 0, 0, 0, 0, 0, 0},
	} {
		f.Add(s, true)
		f.Add(s, false)
	}
	const limit = 4 << 10
	f.Fuzz(func(t *testing.T, in []byte, client bool) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		c, _ := fromBytes(client, in, Options{MaxMessageBytes: limit})
		for i := 0; ; i++ {
			if i > len(in) {
				t.Fatalf("%d messages from %d bytes", i, len(in))
			}
			m, err := c.Read(context.Background())
			if err != nil {
				break
			}
			if len(m.Data) > limit || cap(m.Data) > limit {
				t.Fatalf("message of %d bytes (cap %d) over the limit %d", len(m.Data), cap(m.Data), limit)
			}
		}
		runtime.ReadMemStats(&after)
		if got, bound := after.TotalAlloc-before.TotalAlloc, uint64(4*limit+16*len(in)+256<<10); got > bound {
			t.Fatalf("allocated %d bytes reading %d, bound %d", got, len(in), bound)
		}
	})
}
