package websocket

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
)

// Write sends data as one message of type typ, masked when this is the client end.
func (c *Conn) Write(ctx context.Context, typ MessageType, data []byte) error {
	if typ != Text && typ != Binary {
		return fmt.Errorf("websocket: write: message type %d is neither text nor binary", typ)
	}
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if c.closeSent {
		return errors.New("websocket: write after close")
	}
	stop := watch(ctx, c.nc.SetWriteDeadline)
	err := c.writeFrameLocked(Header{Fin: true, Opcode: Opcode(typ), Masked: c.client, Length: int64(len(data))}, data)
	stop()
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("websocket: write: %w", ctx.Err())
	}
	return err
}

// writeFrame writes one frame, masked as the end's role requires.
func (c *Conn) writeFrame(fin bool, op Opcode, p []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if c.closeSent {
		return nil
	}
	return c.writeFrameLocked(Header{Fin: fin, Opcode: op, Masked: c.client, Length: int64(len(p))}, p)
}

// WriteFrame writes exactly one frame as told, whatever the RFC says of it: a fragment, a
// control frame between fragments, an unmasked frame from a client. Test servers use it to put
// hazards on the wire. It does not check that a close was sent before.
func (c *Conn) WriteFrame(fin bool, op Opcode, payload []byte, masked bool) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	return c.writeFrameLocked(Header{Fin: fin, Opcode: op, Masked: masked, Length: int64(len(payload))}, payload)
}

// WriteFrameFrom writes one frame of length bytes copied from src, so a test server can send a
// message of any size, or a length it never delivers, without holding it in memory.
func (c *Conn) WriteFrameFrom(fin bool, op Opcode, length int64, src io.Reader, masked bool) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	h := Header{Fin: fin, Opcode: op, Masked: masked, Length: length}
	return c.writeStream(h, io.LimitReader(src, length))
}

func (c *Conn) writeFrameLocked(h Header, p []byte) error {
	if h.Masked {
		if _, err := rand.Read(h.Key[:]); err != nil {
			return fmt.Errorf("websocket: masking key: %w", err)
		}
	}
	c.wbuf = appendHeader(c.wbuf[:0], h)
	var err error
	if !h.Masked || len(p) > readChunk {
		if !h.Masked {
			bufs := net.Buffers{c.wbuf, p}
			_, err = bufs.WriteTo(c.nc)
		} else {
			err = c.writeMasked(h, p)
		}
	} else {
		// A small masked frame is masked in a copy, header and payload in one write.
		start := len(c.wbuf)
		c.wbuf = append(c.wbuf, p...)
		mask(h.Key, 0, c.wbuf[start:])
		_, err = c.nc.Write(c.wbuf)
	}
	c.noteOut(h)
	if err != nil {
		return fmt.Errorf("websocket: write %s frame: %w", h.Opcode, err)
	}
	return nil
}

// writeMasked writes a large masked frame in pieces so the caller's payload stays untouched.
func (c *Conn) writeMasked(h Header, p []byte) error {
	if _, err := c.nc.Write(c.wbuf); err != nil {
		return err
	}
	buf := make([]byte, readChunk)
	pos := 0
	for len(p) > 0 {
		n := copy(buf, p)
		p = p[n:]
		pos = mask(h.Key, pos, buf[:n])
		if _, err := c.nc.Write(buf[:n]); err != nil {
			return err
		}
	}
	return nil
}

func (c *Conn) writeStream(h Header, src io.Reader) error {
	if h.Masked {
		if _, err := rand.Read(h.Key[:]); err != nil {
			return fmt.Errorf("websocket: masking key: %w", err)
		}
	}
	c.wbuf = appendHeader(c.wbuf[:0], h)
	defer c.noteOut(h)
	if _, err := c.nc.Write(c.wbuf); err != nil {
		return fmt.Errorf("websocket: write %s frame: %w", h.Opcode, err)
	}
	buf := make([]byte, readChunk)
	pos := 0
	for {
		n, rerr := src.Read(buf)
		if n > 0 {
			if h.Masked {
				pos = mask(h.Key, pos, buf[:n])
			}
			if _, err := c.nc.Write(buf[:n]); err != nil {
				return fmt.Errorf("websocket: write %s frame: %w", h.Opcode, err)
			}
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return fmt.Errorf("websocket: write %s frame: %w", h.Opcode, rerr)
		}
	}
}

func (c *Conn) noteOut(h Header) {
	c.note(&Event{Kind: FrameOut, Header: h}, func(s *Stats) {
		s.FramesOut++
		switch h.Opcode {
		case OpPing:
			s.PingsOut++
		case OpPong:
			s.PongsOut++
		}
	})
}

// Ping sends a ping with payload p (at most 125 bytes); its pong is counted in Stats.
func (c *Conn) Ping(p []byte) error {
	if len(p) > maxControlPayload {
		return fmt.Errorf("websocket: ping payload of %d bytes, over 125", len(p))
	}
	return c.writeFrame(true, OpPing, p)
}
