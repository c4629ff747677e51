package optick

import (
	"bytes"
	"errors"
	"runtime"
	"sync"

	"course/gahost/embeddings"
	"course/gahost/voicinganalysis"
)

// The course's corpus: GA's voicing generator on the first frets of a guitar, the settings the
// original course's lesson 3 built its index with and its later lessons searched.
const (
	CorpusFretCount  = 3
	CorpusWindowSize = 3
	CorpusMinPlayed  = 3
)

// CorpusVoicing is a voicing after GA's pipeline: its analysis' chord name, its document and its
// raw vector, GA's float[].
type CorpusVoicing struct {
	Voicing voicinganalysis.Voicing
	Name    string
	Doc     embeddings.Document
	Raw     []float32
}

// BuildCorpus generates the voicings and runs each through VoicingAnalyzer, VoicingDocumentFactory
// and MusicalEmbeddingGenerator.
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

// CorpusEntries are the index entries of the corpus, as the course's lesson 3 hands them to
// OptickIndexWriter: guitar voicings named by their analysis.
func CorpusEntries(corpus []CorpusVoicing) []Entry {
	entries := make([]Entry, len(corpus))
	for i, e := range corpus {
		entries[i] = Entry{Embedding: e.Raw, Diagram: e.Voicing.Diagram(), Instrument: "guitar",
			MidiNotes: e.Doc.MidiNotes, QualityInferred: e.Name, HasQuality: true}
	}
	return entries
}

// BuildCorpusIndex builds the corpus on the course's settings, writes its OPTK index in memory
// and opens it with the reader, for the lessons that search it.
func BuildCorpusIndex(partitions []embeddings.Partition) ([]CorpusVoicing, *Reader, error) {
	corpus, err := BuildCorpus(CorpusFretCount, CorpusWindowSize, CorpusMinPlayed)
	if err != nil {
		return nil, nil, err
	}
	var buf bytes.Buffer
	if err := NewWriter(partitions).WriteIndex(&buf, CorpusEntries(corpus)); err != nil {
		return nil, nil, err
	}
	r, err := Open(buf.Bytes(), partitions)
	if err != nil {
		return nil, nil, err
	}
	return corpus, r, nil
}
