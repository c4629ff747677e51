package websocket

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeConn is a net.Conn that reads a fixed byte stream and records what is written to it.
type fakeConn struct {
	r      io.Reader
	mu     sync.Mutex
	out    bytes.Buffer
	closed bool
}

func (f *fakeConn) Read(p []byte) (int, error) { return f.r.Read(p) }
func (f *fakeConn) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.out.Write(p)
}
func (f *fakeConn) Close() error {
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	return nil
}
func (f *fakeConn) LocalAddr() net.Addr              { return &net.TCPAddr{} }
func (f *fakeConn) RemoteAddr() net.Addr             { return &net.TCPAddr{} }
func (f *fakeConn) SetDeadline(time.Time) error      { return nil }
func (f *fakeConn) SetReadDeadline(time.Time) error  { return nil }
func (f *fakeConn) SetWriteDeadline(time.Time) error { return nil }
func (f *fakeConn) written() []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return bytes.Clone(f.out.Bytes())
}
func fromBytes(client bool, in []byte, o Options) (*Conn, *fakeConn) {
	fc := &fakeConn{r: bytes.NewReader(in)}
	return newConn(fc, nil, client, o), fc
}

// The examples of RFC 6455 section 5.7, byte for byte.
var (
	rfcHello       = []byte{0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f}
	rfcMaskedHello = []byte{0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58}
	rfcHel         = []byte{0x01, 0x03, 0x48, 0x65, 0x6c}
	rfcLo          = []byte{0x80, 0x02, 0x6c, 0x6f}
	rfcPing        = []byte{0x89, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f}
	rfcMaskedPong  = []byte{0x8a, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58}
	rfcKey         = [4]byte{0x37, 0xfa, 0x21, 0x3d}
)

func rfcBinary(n int) []byte {
	var b []byte
	if n == 256 {
		b = []byte{0x82, 0x7E, 0x01, 0x00}
	} else {
		b = []byte{0x82, 0x7F, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00}
	}
	for i := 0; i < n; i++ {
		b = append(b, byte(i))
	}
	return b
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func TestRFCExamplesRead(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name   string
		client bool
		in     []byte
		typ    MessageType
		data   string
		frames int
	}{
		{"unmasked Hello", true, rfcHello, Text, "Hello", 1},
		{"masked Hello", false, rfcMaskedHello, Text, "Hello", 1},
		{"fragmented Hel+lo", true, cat(rfcHel, rfcLo), Text, "Hello", 2},
		{"256-byte binary", true, rfcBinary(256), Binary, string(rfcBinary(256)[4:]), 1},
		{"64KiB binary", true, rfcBinary(65536), Binary, string(rfcBinary(65536)[10:]), 1},
	}
	for _, tc := range cases {
		c, _ := fromBytes(tc.client, tc.in, Options{})
		m, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if m.Type != tc.typ || string(m.Data) != tc.data || m.Frames != tc.frames {
			t.Errorf("%s: got %v %d bytes in %d frames", tc.name, m.Type, len(m.Data), m.Frames)
		}
		var ce *CloseError
		if _, err := c.Read(ctx); !errors.As(err, &ce) || ce.Code != CloseAbnormal {
			t.Errorf("%s: end of stream gave %v, want close 1006", tc.name, err)
		}
		if !c.Stats().Dropped {
			t.Errorf("%s: a stream ended without a close frame is not reported as dropped", tc.name)
		}
	}
}

func TestRFCExamplesWrite(t *testing.T) {
	hdr := func(h Header) []byte { return appendHeader(nil, h) }
	if got := cat(hdr(Header{Fin: true, Opcode: OpText, Length: 5}), []byte("Hello")); !bytes.Equal(got, rfcHello) {
		t.Errorf("unmasked Hello: % x", got)
	}
	masked := []byte("Hello")
	mask(rfcKey, 0, masked)
	if got := cat(hdr(Header{Fin: true, Opcode: OpText, Masked: true, Key: rfcKey, Length: 5}), masked); !bytes.Equal(got, rfcMaskedHello) {
		t.Errorf("masked Hello: % x", got)
	}
	if got := hdr(Header{Fin: false, Opcode: OpText, Length: 3}); !bytes.Equal(got, rfcHel[:2]) {
		t.Errorf("Hel header: % x", got)
	}
	if got := hdr(Header{Fin: true, Opcode: OpContinuation, Length: 2}); !bytes.Equal(got, rfcLo[:2]) {
		t.Errorf("lo header: % x", got)
	}
	if got := hdr(Header{Fin: true, Opcode: OpBinary, Length: 256}); !bytes.Equal(got, rfcBinary(256)[:4]) {
		t.Errorf("256 header: % x", got)
	}
	if got := hdr(Header{Fin: true, Opcode: OpBinary, Length: 65536}); !bytes.Equal(got, rfcBinary(65536)[:10]) {
		t.Errorf("64KiB header: % x", got)
	}
	// A server's own writes: the unmasked examples come out byte for byte.
	c, fc := fromBytes(false, nil, Options{})
	_ = c.WriteFrame(false, OpText, []byte("Hel"), false)
	_ = c.WriteFrame(true, OpContinuation, []byte("lo"), false)
	_ = c.WriteFrame(true, OpPing, []byte("Hello"), false)
	_ = c.Write(context.Background(), Binary, rfcBinary(256)[4:])
	if want := cat(rfcHel, rfcLo, rfcPing, rfcBinary(256)); !bytes.Equal(fc.written(), want) {
		t.Errorf("server writes:\n got % x\nwant % x", fc.written(), want)
	}
}

// A ping is answered with a pong carrying its payload; the client's pong is masked.
func TestRFCPingPong(t *testing.T) {
	c, fc := fromBytes(true, cat(rfcPing, rfcHello), Options{})
	m, err := c.Read(context.Background())
	if err != nil || string(m.Data) != "Hello" {
		t.Fatalf("read: %q %v", m.Data, err)
	}
	out := fc.written()
	h, err := readHeader(bytes.NewReader(out), new([maxHeaderLen]byte))
	if err != nil || h.Opcode != OpPong || !h.Masked || h.Length != 5 {
		t.Fatalf("answer: %+v %v", h, err)
	}
	p := bytes.Clone(out[len(out)-5:])
	mask(h.Key, 0, p)
	if string(p) != "Hello" {
		t.Errorf("pong payload %q", p)
	}
	// A server reads the RFC's masked pong and notes it.
	s, _ := fromBytes(false, cat(rfcMaskedPong, rfcMaskedHello), Options{})
	if _, err := s.Read(context.Background()); err != nil {
		t.Fatal(err)
	}
	if st := s.Stats(); st.PongsIn != 1 || st.PingsIn != 0 {
		t.Errorf("stats %+v", st)
	}
	// A ping between fragments is legal and counted with the message.
	var events []Event
	c, _ = fromBytes(true, cat(rfcHel, rfcPing, rfcLo), Options{Trace: func(e Event) { events = append(events, e) }})
	m, err = c.Read(context.Background())
	if err != nil || string(m.Data) != "Hello" || m.Frames != 2 || m.Controls != 1 {
		t.Fatalf("ping between fragments: %+v %v", m, err)
	}
	if st := c.Stats(); st.ControlsBetween != 1 || st.PongsOut != 1 || st.FragmentedIn != 1 {
		t.Errorf("stats %+v", st)
	}
	if len(events) < 3 || !events[1].Between || events[1].Header.Opcode != OpPing {
		t.Errorf("events %+v", events)
	}
}

func closeFrame(code int, reason string) []byte {
	p := binary.BigEndian.AppendUint16(nil, uint16(code))
	p = append(p, reason...)
	return cat([]byte{0x88, byte(len(p))}, p)
}

// sentClose decodes the close frame a connection wrote last.
func sentClose(t *testing.T, out []byte) (int, bool) {
	t.Helper()
	r := bytes.NewReader(out)
	var code int
	found := false
	for {
		h, err := readHeader(r, new([maxHeaderLen]byte))
		if err != nil {
			return code, found
		}
		p := make([]byte, h.Length)
		_, _ = io.ReadFull(r, p)
		if h.Masked {
			mask(h.Key, 0, p)
		}
		if h.Opcode == OpClose {
			found = true
			code = CloseNoStatus
			if len(p) >= 2 {
				code = int(binary.BigEndian.Uint16(p))
			}
		}
	}
}

func TestFaults(t *testing.T) {
	long := strings.Repeat("x", 126)
	cases := []struct {
		name   string
		client bool
		in     []byte
		code   int
		local  bool
	}{
		{"reserved bit", true, []byte{0xC1, 0x01, 'a'}, CloseProtocolError, true},
		{"reserved opcode", true, []byte{0x83, 0x00}, CloseProtocolError, true},
		{"fragmented ping", true, []byte{0x09, 0x00}, CloseProtocolError, true},
		{"ping over 125", true, cat([]byte{0x89, 0x7E, 0x00, 0x7E}, []byte(long)), CloseProtocolError, true},
		{"continuation first", true, rfcLo, CloseProtocolError, true},
		{"text inside fragments", true, cat(rfcHel, rfcHello), CloseProtocolError, true},
		{"masked from server", true, rfcMaskedHello, CloseProtocolError, true},
		{"unmasked from client", false, rfcHello, CloseProtocolError, true},
		{"invalid UTF-8", true, []byte{0x81, 0x02, 0xC3, 0x28}, CloseInvalidData, true},
		{"2^62 bytes promised", true, []byte{0x82, 0x7F, 0x40, 0, 0, 0, 0, 0, 0, 0}, CloseTooBig, true},
		{"64-bit MSB", true, []byte{0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0}, CloseProtocolError, true},
		{"close 1000 bye", true, closeFrame(1000, "bye"), 1000, false},
		{"close 4001", true, closeFrame(4001, ""), 4001, false},
		{"close without code", true, []byte{0x88, 0x00}, CloseNoStatus, false},
		{"close 1005 on the wire", true, closeFrame(1005, ""), CloseProtocolError, true},
		{"close one byte", true, []byte{0x88, 0x01, 0x03}, CloseProtocolError, true},
		{"close reason bad UTF-8", true, closeFrame(1000, "\xff"), CloseInvalidData, true},
		{"cut mid-frame", true, []byte{0x81, 0x05, 'H', 'e'}, CloseAbnormal, false},
	}
	for _, tc := range cases {
		c, fc := fromBytes(tc.client, tc.in, Options{})
		_, err := c.Read(context.Background())
		var ce *CloseError
		if !errors.As(err, &ce) {
			t.Errorf("%s: %v, want a close error", tc.name, err)
			continue
		}
		if ce.Code != tc.code || ce.Local != tc.local {
			t.Errorf("%s: %+v, want code %d local %v", tc.name, ce, tc.code, tc.local)
		}
		sent, found := sentClose(t, fc.written())
		switch {
		case tc.code == CloseAbnormal && found:
			t.Errorf("%s: a close frame was sent after a drop", tc.name)
		case tc.code != CloseAbnormal && !found:
			t.Errorf("%s: no close frame sent", tc.name)
		case tc.local && sent != tc.code:
			t.Errorf("%s: sent %d, want %d", tc.name, sent, tc.code)
		case !tc.local && tc.code != CloseAbnormal && sent != tc.code:
			t.Errorf("%s: echoed %d, want %d", tc.name, sent, tc.code)
		}
		if !fc.closed {
			t.Errorf("%s: connection left open", tc.name)
		}
		if _, again := c.Read(context.Background()); again != err {
			t.Errorf("%s: second read gave %v", tc.name, again)
		}
	}
}

func TestMaxMessageAcrossFragments(t *testing.T) {
	var in []byte
	for i := 0; i < 10; i++ {
		op := byte(0x00)
		if i == 0 {
			op = 0x02
		}
		in = append(in, op, 100)
		in = append(in, make([]byte, 100)...)
	}
	c, _ := fromBytes(true, in, Options{MaxMessageBytes: 550})
	_, err := c.Read(context.Background())
	var ce *CloseError
	if !errors.As(err, &ce) || ce.Code != CloseTooBig {
		t.Fatalf("%v", err)
	}
}

// A rune cut between two fragments is whole in the message: UTF-8 is checked on the message.
func TestUTF8AcrossFragments(t *testing.T) {
	c, _ := fromBytes(true, []byte{0x01, 0x02, 0xE2, 0x80, 0x80, 0x01, 0x82}, Options{})
	m, err := c.Read(context.Background())
	if err != nil || string(m.Data) != "\u2002" {
		t.Fatalf("%q %v", m.Data, err)
	}
}

// The handshake example of RFC 6455 section 1.3.
func TestAcceptKey(t *testing.T) {
	if got := AcceptKey("dGhlIHNhbXBsZSBub25jZQ=="); got != "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=" {
		t.Errorf("accept key %q", got)
	}
}
