package optick

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The MessagePack forms the index's metadata uses, written from the MessagePack specification
// (github.com/msgpack/msgpack/blob/master/spec.md), choosing each time the shortest form as the
// writer's own small encoder does: fixmap, fixstr/str 8/16/32, the integer forms, fixarray/array
// 16/32 and nil ("Demos/Music Theory/FretboardVoicingsCLI/OptickIndexWriter.cs":460-622 @ c781df5c).

// appendFixMap writes a map header of up to 15 pairs.
func appendFixMap(b []byte, n int) []byte {
	if n < 0 || n > 15 {
		panic(fmt.Sprintf("msgpack fixmap holds 0 to 15 pairs, not %d", n))
	}
	return append(b, 0x80|byte(n))
}

// appendNil writes nil.
func appendNil(b []byte) []byte { return append(b, 0xc0) }

// appendString writes a UTF-8 string: fixstr up to 31 bytes, then str 8, 16 and 32.
func appendString(b []byte, s string) []byte {
	n := len(s)
	switch {
	case n <= 31:
		b = append(b, 0xa0|byte(n))
	case n <= 0xff:
		b = append(b, 0xd9, byte(n))
	case n <= 0xffff:
		b = binary.BigEndian.AppendUint16(append(b, 0xda), uint16(n))
	default:
		b = binary.BigEndian.AppendUint32(append(b, 0xdb), uint32(n))
	}
	return append(b, s...)
}

// appendInt writes a 32-bit integer in the writer's order of forms: positive fixint, negative
// fixint, uint 8, int 8, uint 16, int 16, then uint 32 or int 32.
func appendInt(b []byte, v int32) []byte {
	switch {
	case v >= 0 && v <= 127:
		return append(b, byte(v))
	case v >= -32 && v < 0:
		return append(b, byte(v))
	case v > 127 && v <= 255:
		return append(b, 0xcc, byte(v))
	case v >= -128 && v < -32:
		return append(b, 0xd0, byte(v))
	case v > 255 && v <= 65535:
		return binary.BigEndian.AppendUint16(append(b, 0xcd), uint16(v))
	case v >= -32768 && v < -128:
		return binary.BigEndian.AppendUint16(append(b, 0xd1), uint16(v))
	case v >= 0:
		return binary.BigEndian.AppendUint32(append(b, 0xce), uint32(v))
	default:
		return binary.BigEndian.AppendUint32(append(b, 0xd2), uint32(v))
	}
}

// appendIntArray writes an array header, fixarray up to 15 items, then the integers.
func appendIntArray(b []byte, vs []int) []byte {
	n := len(vs)
	switch {
	case n <= 15:
		b = append(b, 0x90|byte(n))
	case n <= 0xffff:
		b = binary.BigEndian.AppendUint16(append(b, 0xdc), uint16(n))
	default:
		b = binary.BigEndian.AppendUint32(append(b, 0xdd), uint32(n))
	}
	for _, v := range vs {
		b = appendInt(b, int32(v))
	}
	return b
}

// errShort is a record that ends before its value does.
var errShort = errors.New("msgpack record overruns the metadata")

// decoder reads the forms OptickMetadataParser reads from a bounded slice
// (Common/GA.Business.ML/Search/OptickIndexReader.cs:231-336 @ c781df5c).
type decoder struct {
	b   []byte
	pos int
}

func (d *decoder) byte() (byte, error) {
	if d.pos >= len(d.b) {
		return 0, errShort
	}
	c := d.b[d.pos]
	d.pos++
	return c, nil
}

func (d *decoder) take(n int) ([]byte, error) {
	if n < 0 || n > len(d.b)-d.pos {
		return nil, errShort
	}
	out := d.b[d.pos : d.pos+n]
	d.pos += n
	return out, nil
}

func (d *decoder) be16() (int, error) {
	p, err := d.take(2)
	if err != nil {
		return 0, err
	}
	return int(binary.BigEndian.Uint16(p)), nil
}

func (d *decoder) be32() (uint32, error) {
	p, err := d.take(4)
	if err != nil {
		return 0, err
	}
	return binary.BigEndian.Uint32(p), nil
}

// length checks a 32-bit length as CheckedLength does.
func length(n uint32) (int, error) {
	if n > 1<<31-1 {
		return 0, fmt.Errorf("msgpack length %d exceeds Int32.MaxValue", n)
	}
	return int(n), nil
}

// mapHeader is ReadMapHeader: fixmap, map 16 or map 32.
func (d *decoder) mapHeader() (int, error) {
	t, err := d.byte()
	if err != nil {
		return 0, err
	}
	switch {
	case t&0xf0 == 0x80:
		return int(t & 0x0f), nil
	case t == 0xde:
		return d.be16()
	case t == 0xdf:
		n, err := d.be32()
		if err != nil {
			return 0, err
		}
		return length(n)
	}
	return 0, fmt.Errorf("expected msgpack map, got 0x%02X", t)
}

// str is ReadString: nil (ok false) or a string of any str form.
func (d *decoder) str() (s string, ok bool, err error) {
	t, err := d.byte()
	if err != nil {
		return "", false, err
	}
	var n int
	switch {
	case t == 0xc0:
		return "", false, nil
	case t&0xe0 == 0xa0:
		n = int(t & 0x1f)
	case t == 0xd9:
		c, err := d.byte()
		if err != nil {
			return "", false, err
		}
		n = int(c)
	case t == 0xda:
		if n, err = d.be16(); err != nil {
			return "", false, err
		}
	case t == 0xdb:
		u, err := d.be32()
		if err != nil {
			return "", false, err
		}
		if n, err = length(u); err != nil {
			return "", false, err
		}
	default:
		return "", false, fmt.Errorf("expected msgpack string, got 0x%02X", t)
	}
	p, err := d.take(n)
	if err != nil {
		return "", false, err
	}
	return string(p), true, nil
}

// int is ReadInt.
func (d *decoder) int() (int, error) {
	t, err := d.byte()
	if err != nil {
		return 0, err
	}
	switch {
	case t&0x80 == 0:
		return int(t), nil
	case t&0xe0 == 0xe0:
		return int(int8(t)), nil
	case t == 0xd0:
		c, err := d.byte()
		return int(int8(c)), err
	case t == 0xd1:
		n, err := d.be16()
		return int(int16(n)), err
	case t == 0xd2:
		n, err := d.be32()
		return int(int32(n)), err
	case t == 0xcc:
		c, err := d.byte()
		return int(c), err
	case t == 0xcd:
		return d.be16()
	case t == 0xce:
		n, err := d.be32()
		return int(int32(n)), err
	}
	return 0, fmt.Errorf("unsupported msgpack int type 0x%02X", t)
}

// intArray is ReadIntArray.
func (d *decoder) intArray() ([]int, error) {
	t, err := d.byte()
	if err != nil {
		return nil, err
	}
	var n int
	switch {
	case t&0xf0 == 0x90:
		n = int(t & 0x0f)
	case t == 0xdc:
		if n, err = d.be16(); err != nil {
			return nil, err
		}
	case t == 0xdd:
		u, err := d.be32()
		if err != nil {
			return nil, err
		}
		if n, err = length(u); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("expected msgpack array, got 0x%02X", t)
	}
	if n > len(d.b)-d.pos { // every item takes a byte at least
		return nil, errShort
	}
	out := make([]int, n)
	for i := range out {
		if out[i], err = d.int(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// skip is SkipValue: nil, booleans, fixints, fixstr, str 8 and str 16.
func (d *decoder) skip() error {
	t, err := d.byte()
	if err != nil {
		return err
	}
	switch {
	case t == 0xc0 || t == 0xc2 || t == 0xc3, t&0x80 == 0, t&0xe0 == 0xe0:
		return nil
	case t&0xe0 == 0xa0:
		_, err = d.take(int(t & 0x1f))
	case t == 0xd9:
		var c byte
		if c, err = d.byte(); err == nil {
			_, err = d.take(int(c))
		}
	case t == 0xda:
		var n int
		if n, err = d.be16(); err == nil {
			_, err = d.take(n)
		}
	default:
		return fmt.Errorf("cannot skip msgpack type 0x%02X", t)
	}
	return err
}
