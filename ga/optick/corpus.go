package optick

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"course/ga/embeddings"
	"course/ga/voicinganalysis"
)

// The corpus the course's index holds: GA's voicing generator on the first frets of a guitar,
// the settings of the original course's lesson 3, which built the index every later lesson
// searches.
const (
	CorpusFretCount  = 3
	CorpusWindowSize = 3
	CorpusMinPlayed  = 3
)

// CorpusVoicing is a voicing after GA's indexing pipeline: the voicing, its analysis' chord
// name, its document and its raw vector, GA's float[].
type CorpusVoicing struct {
	Voicing voicinganalysis.Voicing
	// Diagram is the voicing's diagram, written once for the document, the index and the
	// lessons.
	Diagram string
	// Name is the analysis' chord name, the index's QualityInferred.
	Name string
	// MidiNotes and RootPitchClass are what the index and the lessons read of the voicing's
	// document; the rest of the document is dropped once the vector is written.
	MidiNotes      []int
	RootPitchClass int
	// Raw is the raw vector, GA's float[].
	Raw []float32
}

// RawFloat64 is the raw vector read as doubles.
func (e CorpusVoicing) RawFloat64() []float64 {
	out := make([]float64, len(e.Raw))
	for i, x := range e.Raw {
		out[i] = float64(x)
	}
	return out
}

// Corpus is a generated corpus and the OPTIC-K index GA's writer writes of it, every voicing
// a guitar's, in generation order.
type Corpus struct {
	Voicings []CorpusVoicing
	Index    []byte
}

// BuildCorpusIndex generates every voicing of standard tuning's first fretCount frets with GA's
// VoicingGenerator (window windowSize, at least minPlayed notes), runs each through
// VoicingAnalyzer, VoicingDocumentFactory and MusicalEmbeddingGenerator, and writes the index
// over partitions, as GA's index build does for a guitar corpus. keepRaw keeps each voicing's
// raw vector in the corpus; without it each raw vector is reduced to the index's compact one as
// soon as it is made, and Raw is nil.
func BuildCorpusIndex(fretCount, windowSize, minPlayed int, partitions []embeddings.Partition, keepRaw bool) (Corpus, error) {
	return BuildCorpusIndexWith(fretCount, windowSize, minPlayed, partitions, keepRaw, Pipeline{})
}

// Pipeline is the version of the indexing pipeline a corpus goes through: the analysis, the
// document factory and the embedding generator's MODAL service; the zero value is the pin's.
type Pipeline struct {
	Analysis voicinganalysis.Options
	Document embeddings.DocumentOptions
	Modal    embeddings.ModalOptions
}

// Version is one version of GA's whole voicing pipeline: the index's, the query encoder's and
// the search's.
type Version struct {
	Pipeline Pipeline
	Encode   EncodeOptions
	Search   SearchOptions
}

// Main is GA's voicing pipeline on main (f4f5b4a), each of its changes after the pin on: the
// version the original course's main-branch program builds its index with
// (spareilleux/learn code/ga-ai/GaMain/Program.cs, WriteIndex).
func Main() Version {
	modal := embeddings.ModalOptions{CatalogueNames: true}
	return Version{
		Pipeline: Pipeline{
			Analysis: voicinganalysis.Options{NamedArguments: true, ChartOrderShapes: true},
			Document: embeddings.DocumentOptions{ChordRoot: true},
			Modal:    modal,
		},
		Encode: EncodeOptions{IntervalClassVector: true, Modal: modal},
		Search: SearchOptions{ParsedNameFilter: true},
	}
}

// MainWithout is Main with one or more of its changes switched back to the pin's by off: the
// version a test runs to see which lines of a lesson that change moves.
func MainWithout(off func(*Version)) *Version {
	v := Main()
	off(&v)
	return &v
}

// PinModalNames switches v's MODAL slot names back to the pin's, in the index and the query
// alike, since the two must name the slots the same way.
func PinModalNames(v *Version) {
	v.Pipeline.Modal.CatalogueNames, v.Encode.Modal.CatalogueNames = false, false
}

// BuildCorpusIndexWith is BuildCorpusIndex through the pipeline p.
func BuildCorpusIndexWith(fretCount, windowSize, minPlayed int, partitions []embeddings.Partition, keepRaw bool, p Pipeline) (Corpus, error) {
	w := NewWriter(partitions)
	voicings, compact, err := buildCorpus(fretCount, windowSize, minPlayed, w, keepRaw, p)
	if err != nil {
		return Corpus{}, err
	}
	entries := make([]Entry, len(voicings))
	for i, e := range voicings {
		entries[i] = Entry{Embedding: e.Raw, Diagram: e.Diagram, Instrument: "guitar",
			MidiNotes: e.MidiNotes, QualityInferred: e.Name, HasQuality: true}
		if compact != nil {
			entries[i].Compact = compact[i*w.dim : (i+1)*w.dim : (i+1)*w.dim]
		}
	}
	index, err := w.Build(entries)
	if err != nil {
		return Corpus{}, err
	}
	return Corpus{Voicings: voicings, Index: index}, nil
}

// buildCorpus generates the voicings and embeds each one.
func buildCorpus(fretCount, windowSize, minPlayed int, w *Writer, keepRaw bool, p Pipeline) ([]CorpusVoicing, []float32, error) {
	voicings, err := voicinganalysis.Generate(voicinganalysis.StandardTuning, fretCount, windowSize, minPlayed)
	if err != nil {
		return nil, nil, err
	}
	out := make([]CorpusVoicing, len(voicings))
	var compact []float32 // without keepRaw, every voicing's compact vector, w.dim each
	if !keepRaw {
		compact = make([]float32, len(voicings)*w.dim)
	}
	// The processors take the voicings in blocks, each writing its own elements of out, so no
	// two write the same cache lines. A block's raw vectors share one array, made by the
	// processor that fills it: the clearing of the arrays is shared out with the rest.
	const dim = embeddings.TotalDimension
	workers := max(1, min(runtime.GOMAXPROCS(0), len(voicings)/1000))
	errs := make([]error, workers)
	const block = 256
	var next atomic.Int64
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() {
			for {
				lo := int(next.Add(block)) - block
				if lo >= len(voicings) {
					return
				}
				hi := min(lo+block, len(voicings))
				var raws []float32
				if keepRaw {
					raws = make([]float32, (hi-lo)*dim)
				}
				var scratch [dim]float32
				for i := lo; i < hi; i++ {
					v := voicings[i]
					a, err := voicinganalysis.AnalyzeWith(v, p.Analysis)
					if err != nil {
						errs[k] = err
						return
					}
					doc := embeddings.DocumentFromAnalysisWith(v, a, p.Document)
					f := scratch[:]
					if keepRaw {
						f = raws[(i-lo)*dim : (i-lo+1)*dim : (i-lo+1)*dim]
					}
					embeddings.GenerateIntoWith(f, doc, p.Modal)
					if !keepRaw {
						if err := w.ExtractAndNormalize(compact[i*w.dim:(i+1)*w.dim], f); err != nil {
							errs[k] = err
							return
						}
						f = nil
					}
					out[i] = CorpusVoicing{Voicing: v, Diagram: doc.Diagram, Name: a.Chord.DisplayName(), Raw: f,
						MidiNotes: doc.MidiNotes, RootPitchClass: doc.RootPitchClass}
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	return out, compact, nil
}

// ReadCorpus reads the voicings of a corpus index (BuildCorpusIndex) back from their metadata
// records, in index order: the diagram, the chord name and the MIDI notes, and the voicing they
// describe. The records do not hold the document's root or the raw vector: RootPitchClass is -1
// and Raw nil.
func ReadCorpus(r *Reader) ([]CorpusVoicing, error) {
	out := make([]CorpusVoicing, r.Count())
	var frets []int // the voicings' frets are cut from shared chunks
	for i := range out {
		m, err := r.Metadata(int64(i))
		if err != nil {
			return nil, err
		}
		n := strings.Count(m.Diagram, "-") + 1 // the strings
		if len(frets) < n {
			frets = make([]int, max(4096, n))
		}
		v := voicinganalysis.Voicing{Frets: frets[:n:n], Notes: m.MidiNotes}
		frets = frets[n:]
		if err := readFrets(v.Frets, m); err != nil {
			return nil, fmt.Errorf("voicing %d: %w", i, err)
		}
		out[i] = CorpusVoicing{Voicing: v, Diagram: m.Diagram, Name: m.QualityInferred, MidiNotes: m.MidiNotes, RootPitchClass: -1}
	}
	return out, nil
}

// readFrets reads the frets of a record's diagram into frets, one per string, and checks that
// the record has a note for each string played.
func readFrets(frets []int, m Metadata) error {
	played := 0
	rest := m.Diagram
	for i := range frets {
		f, tail, _ := strings.Cut(rest, "-")
		rest = tail
		if f == "x" {
			frets[i] = voicinganalysis.Muted
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return fmt.Errorf("diagram %q: fret %q", m.Diagram, f)
		}
		frets[i] = n
		played++
	}
	if played != len(m.MidiNotes) {
		return fmt.Errorf("diagram %q plays %d strings, the record has %d notes", m.Diagram, played, len(m.MidiNotes))
	}
	return nil
}
