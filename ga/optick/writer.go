// Package optick models GA's OPTIC-K v4 voicing index: the file FretboardVoicingsCLI's
// OptickIndexWriter writes (a header, a table of metadata offsets, one compact vector per
// voicing, MessagePack metadata), OptickIndexReader, which reads it back, and
// OptickSearchStrategy, which searches it with a query vector from MusicalQueryEncoder.
// Everything works on bytes in memory; the lesson never writes the file to disk.
package optick

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"sync"

	"course/ga/embeddings"
)

// The header's constants ("Demos/Music Theory/FretboardVoicingsCLI/OptickIndexWriter.cs":56-62 @ c781df5c).
const (
	// Magic opens every index file.
	Magic = "OPTK"
	// FormatVersion is the only version the reader accepts.
	FormatVersion = 4
	// InstrumentCount is the number of instrument groups, guitar, bass and ukulele.
	InstrumentCount = 3
	// EndianMarker is written little-endian, FF FE on disk.
	EndianMarker = 0xFEFF
)

// Instruments are the groups in file order.
var Instruments = [InstrumentCount]string{"guitar", "bass", "ukulele"}

// Entry is VoicingEntry: the raw 240-value embedding, the diagram, the instrument, the MIDI
// notes and the chord name, or none (OptickIndexWriter.cs:19-24 @ c781df5c).
type Entry struct {
	// Embedding is the raw vector MusicalEmbeddingGenerator returns, GA's float[].
	Embedding []float32
	// Compact, when set, is ExtractAndNormalize's vector of Embedding, made already by the
	// caller, which then need not keep Embedding: Build writes it as it is.
	Compact []float32
	Diagram string
	// Instrument is "guitar", "bass" or "ukulele"; entries are sorted by it in that order.
	Instrument string
	MidiNotes  []int
	// QualityInferred is the chord name; HasQuality false writes nil.
	QualityInferred string
	HasQuality      bool
}

// compactPart is one similarity partition's place in the compact vector.
type compactPart struct {
	cStart, rStart, dim int
	sqrtWeight          float32
}

// compactParts is BuildCompactPartitions without a weights override (OptickIndexWriter.cs:429-447 @ c781df5c).
func compactParts(partitions []embeddings.Partition) []compactPart {
	var out []compactPart
	c := 0
	for _, p := range embeddings.SimilarityPartitions(partitions) {
		out = append(out, compactPart{c, p.Start, p.Dim(), p.SqrtWeight()})
		c += p.Dim()
	}
	return out
}

// HeaderSize is ComputeHeaderSize: the fixed fields, three instrument groups and one float
// weight per compact dimension (OptickIndexWriter.cs:201-219 @ c781df5c).
func HeaderSize(dim int) int {
	return 4 + 4 + 4 + 4 + 2 + 2 + 4 + 8 + 1 + 7 + InstrumentCount*(8+8) + 8 + 8 + 8 + 8 + dim*4
}

// Writer is OptickIndexWriter on a given partition registry (GA's is embeddings.Partitions()).
type Writer struct {
	parts      []compactPart
	dim        int
	schemaHash uint32
	weights    []float32
}

// NewWriter builds a writer for the registry: the compact layout, its hash and the header's
// weights (OptickIndexWriter.cs:68-128, 409-420 @ c781df5c).
func NewWriter(partitions []embeddings.Partition) *Writer {
	w := &Writer{parts: compactParts(partitions), dim: embeddings.CompactDimension(partitions),
		schemaHash: embeddings.SchemaHashV4(embeddings.CompactLayoutV4(partitions))}
	w.weights = make([]float32, w.dim)
	for _, p := range w.parts {
		for j := range p.dim {
			w.weights[p.cStart+j] = p.sqrtWeight
		}
	}
	return w
}

// floatEpsilon is float.Epsilon, the smallest positive float.
const floatEpsilon = float32(1.401298464324817e-45)

// ExtractAndNormalize is the writer's ExtractAndNormalize: each similarity partition's raw slice
// divided by its own L2 norm, computed in floats, and scaled by the square root of its weight;
// a slice of zeros stays zeros (OptickIndexWriter.cs:326-360 @ c781df5c). dst gets the
// compact vector.
func (w *Writer) ExtractAndNormalize(dst, raw []float32) error {
	if len(raw) != embeddings.TotalDimension {
		return fmt.Errorf("expected %d raw dimensions, got %d", embeddings.TotalDimension, len(raw))
	}
	clear(dst[:w.dim])
	for _, p := range w.parts {
		var sumSq float32
		for j := range p.dim {
			v := raw[p.rStart+j]
			sumSq += float32(v * v) // the conversion keeps the product rounded, as C# does
		}
		if sumSq <= floatEpsilon {
			continue
		}
		norm := float32(math.Sqrt(float64(sumSq)))
		for j := range p.dim {
			dst[p.cStart+j] = float32(raw[p.rStart+j]/norm) * p.sqrtWeight
		}
	}
	return nil
}

// appendRecord is WriteMetadataRecord: a map of four pairs, diagram, instrument, midiNotes and
// quality_inferred (OptickIndexWriter.cs:284-301 @ c781df5c).
func appendRecord(b []byte, e Entry) []byte {
	b = appendFixMap(b, 4)
	b = appendString(appendString(b, "diagram"), e.Diagram)
	b = appendString(appendString(b, "instrument"), e.Instrument)
	b = appendIntArray(appendString(b, "midiNotes"), e.MidiNotes)
	b = appendString(b, "quality_inferred")
	if e.HasQuality {
		return appendString(b, e.QualityInferred)
	}
	return appendNil(b)
}

// Build is WriteIndex into memory: the header, the metadata offsets, the vectors and the
// metadata, little-endian (OptickIndexWriter.cs:137-194, 223-268, 376-403 @ c781df5c). The
// index is built in one buffer: the metadata's offsets and length are filled in once its
// records, written last, are known.
func (w *Writer) Build(entries []Entry) ([]byte, error) {
	n := uint64(len(entries))
	header := uint64(HeaderSize(w.dim))
	vectorBytes := uint64(w.dim) * 4
	offsetsAt := header
	vectorsAt := offsetsAt + n*8
	metaAt := vectorsAt + n*vectorBytes

	const recordGuess = 96 // a guitar voicing's record takes about 80 bytes
	out := make([]byte, 0, metaAt+n*recordGuess)
	le := binary.LittleEndian
	out = append(out, Magic...)
	out = le.AppendUint32(out, FormatVersion)
	out = le.AppendUint32(out, uint32(header))
	out = le.AppendUint32(out, w.schemaHash)
	out = le.AppendUint16(out, EndianMarker)
	out = le.AppendUint16(out, 0)
	out = le.AppendUint32(out, uint32(w.dim))
	out = le.AppendUint64(out, n)
	out = append(out, InstrumentCount, 0, 0, 0, 0, 0, 0, 0)
	// CountByInstrument: runs of each instrument in file order, compared ignoring case.
	at, idx := vectorsAt, 0
	for _, name := range Instruments {
		count := uint64(0)
		for idx < len(entries) && strings.EqualFold(entries[idx].Instrument, name) {
			count++
			idx++
		}
		out = le.AppendUint64(le.AppendUint64(out, at), count)
		at += count * vectorBytes
	}
	out = le.AppendUint64(out, offsetsAt)
	out = le.AppendUint64(out, vectorsAt)
	out = le.AppendUint64(out, metaAt)
	metaLenAt := len(out)
	out = le.AppendUint64(out, 0) // the metadata's length, once written
	for _, x := range w.weights {
		out = le.AppendUint32(out, math.Float32bits(x))
	}
	out = out[:metaAt] // the metadata offsets, once written, and the vectors
	if err := w.putVectors(out[vectorsAt:metaAt], entries); err != nil {
		return nil, err
	}
	for i, e := range entries {
		le.PutUint64(out[offsetsAt+uint64(i)*8:], uint64(len(out))-metaAt)
		out = appendRecord(out, e)
	}
	le.PutUint64(out[metaLenAt:], uint64(len(out))-metaAt)
	return out, nil
}

// putVectors writes each entry's compact vector into vectors, the entries split between the
// processors for a large index; the first entry in order that fails gives the error.
func (w *Writer) putVectors(vectors []byte, entries []Entry) error {
	vectorBytes := w.dim * 4
	workers := max(1, min(runtime.GOMAXPROCS(0), len(entries)/2048))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() {
			scratch := make([]float32, w.dim)
			lo, hi := len(entries)*k/workers, len(entries)*(k+1)/workers
			for i := lo; i < hi; i++ {
				vec := entries[i].Compact
				if vec == nil {
					vec = scratch
					if err := w.ExtractAndNormalize(vec, entries[i].Embedding); err != nil {
						errs[k] = fmt.Errorf("write index: %s: %w", entries[i].Diagram, err)
						return
					}
				}
				b := vectors[i*vectorBytes : (i+1)*vectorBytes]
				for j, x := range vec {
					binary.LittleEndian.PutUint32(b[4*j:], math.Float32bits(x))
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs { // the workers hold the entries in order
		if err != nil {
			return err
		}
	}
	return nil
}

// WriteIndex writes the index to out.
func (w *Writer) WriteIndex(out io.Writer, entries []Entry) error {
	b, err := w.Build(entries)
	if err != nil {
		return err
	}
	if _, err := out.Write(b); err != nil {
		return fmt.Errorf("write index: %w", err)
	}
	return nil
}
