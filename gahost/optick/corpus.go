package optick

import (
	"bytes"
	"errors"
	"runtime"
	"sync"

	"course/gahost/embeddings"
	"course/gahost/voicinganalysis"
)

// The corpus the course's index holds: GA's voicing generator on the first frets of a guitar,
// the settings of the original course's lesson 3, which built the index every later lesson
// searches.
const (
	CorpusFretCount  = 3
	CorpusWindowSize = 3
	CorpusMinPlayed  = 3
)

// CorpusVoicing is a voicing after GA's pipeline: its analysis' chord name, its document and its
// raw vector, GA's float[].
type CorpusVoicing struct {
	Voicing voicinganalysis.Voicing
	// Name is the analysis' chord name, the index's QualityInferred.
	Name string
	Doc  embeddings.Document
	Raw  []float32
}

// CorpusIndex is a corpus, the OPTK index GA's writer writes for it, and GA's reader over it.
type CorpusIndex struct {
	Voicings []CorpusVoicing
	// Data is the index file's bytes.
	Data   []byte
	Reader *Reader
}

// BuildCorpus generates the voicings of standard tuning's first fretCount frets and runs each
// through VoicingAnalyzer, VoicingDocumentFactory and MusicalEmbeddingGenerator, in the
// generator's order.
func BuildCorpus(fretCount, windowSize, minPlayed int) ([]CorpusVoicing, error) {
	voicings, err := voicinganalysis.Generate(voicinganalysis.StandardTuning, fretCount, windowSize, minPlayed)
	if err != nil {
		return nil, err
	}
	out := make([]CorpusVoicing, len(voicings))
	// The raw vectors share one backing array; the voicings are split between the processors,
	// each writing its own elements of out.
	raws := make([]float32, len(voicings)*embeddings.TotalDimension)
	workers := max(1, min(runtime.GOMAXPROCS(0), len(voicings)/1000))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(voicings); i += workers {
				v := voicings[i]
				a, err := voicinganalysis.Analyze(v)
				if err != nil {
					errs[w] = err
					return
				}
				doc := embeddings.DocumentFromAnalysis(v, a)
				f := raws[i*embeddings.TotalDimension : (i+1)*embeddings.TotalDimension : (i+1)*embeddings.TotalDimension]
				for j, x := range embeddings.Generate(doc) {
					f[j] = float32(x)
				}
				out[i] = CorpusVoicing{Voicing: v, Name: a.Chord.DisplayName(), Doc: doc, Raw: f}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

// WriteCorpus writes a corpus as a guitar index with GA's writer: each voicing's raw vector,
// diagram, MIDI notes and chord name.
func WriteCorpus(corpus []CorpusVoicing, partitions []embeddings.Partition) ([]byte, error) {
	entries := make([]Entry, len(corpus))
	for i, e := range corpus {
		entries[i] = Entry{Embedding: e.Raw, Diagram: e.Voicing.Diagram(), Instrument: "guitar",
			MidiNotes: e.Doc.MidiNotes, QualityInferred: e.Name, HasQuality: true}
	}
	var buf bytes.Buffer
	if err := NewWriter(partitions).WriteIndex(&buf, entries); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// BuildCorpusIndex builds the course's index: the corpus of BuildCorpus on the given settings,
// written by WriteCorpus and opened with GA's reader.
func BuildCorpusIndex(fretCount, windowSize, minPlayed int, partitions []embeddings.Partition) (*CorpusIndex, error) {
	corpus, err := BuildCorpus(fretCount, windowSize, minPlayed)
	if err != nil {
		return nil, err
	}
	data, err := WriteCorpus(corpus, partitions)
	if err != nil {
		return nil, err
	}
	reader, err := Open(data, partitions)
	if err != nil {
		return nil, err
	}
	return &CorpusIndex{Voicings: corpus, Data: data, Reader: reader}, nil
}
