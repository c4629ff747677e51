package l3

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"maps"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"course/ga/embeddings"
	"course/ga/indexcache"
	"course/ga/optick"
	"course/internal/dotnet"
	"course/internal/report"
	"course/internal/verbose"
	"course/lessons/kit"
	"course/theory"
)

// The corpus the lesson indexes: GA's voicing generator on the first frets of a guitar.
const (
	fretCount  = optick.CorpusFretCount
	windowSize = optick.CorpusWindowSize
	minPlayed  = optick.CorpusMinPlayed
)

// symbols are the chord symbols the lesson encodes and searches for.
var symbols = []string{"Cmaj7", "Am7", "C"}

// openC is the voicing whose own vector the lesson searches with.
const openC = "0-1-0-2-3-x"

// Options is what `course l3` needs to run.
type Options struct {
	// Weights are partition weights set in place of GA's, "ROOT=0"; none runs GA's schema.
	Weights []string
}

// NewCmd builds `course l3`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l3", Long: `Lesson 3: a small OPTIC-K index, written with GA's writer, read back and searched.

Generates every voicing of the first three frets of a guitar with GA's voicing generator,
analyses and embeds each one, writes the OPTK v4 index GA's writer writes (in memory), reads
its header and records back with GA's reader, searches it with query vectors from GA's
query encoder, with and without a chord-name filter, and by a voicing's own vector, and
counts the dimensions that never vary over the corpus.`, Run: run, Exercises: Exercises}, opts, runF)
	kit.AddWeightFlag(cmd, &opts.Weights, "ROOT=0")
	return cmd
}

// config is what the lesson's output depends on: the generator's settings, the symbols
// searched for and the partition registry.
type config struct {
	fretCount, windowSize, minPlayed int
	symbols                          []string
	partitions                       []embeddings.Partition
}

// lesson carries what the sections share.
type lesson struct {
	cfg    config
	r      *report.Report
	corpus []optick.CorpusVoicing
	index  []byte
	reader *optick.Reader
}

// run runs the lesson on GA's settings and registry.
func run(ctx context.Context, w io.Writer, opts *Options) error {
	partitions, err := kit.WithWeights(embeddings.Partitions(), opts.Weights)
	if err != nil {
		return fmt.Errorf("l3: %w", err)
	}
	return runLesson(ctx, w, config{fretCount, windowSize, minPlayed, symbols, partitions})
}

// runLesson runs the lesson on cfg.
func runLesson(ctx context.Context, w io.Writer, cfg config) error {
	l := &lesson{cfg: cfg, r: report.New(w)}
	l.r.Heading("l3")
	return kit.RunSections(ctx, "l3", l.r, l.corpusSection, l.header, l.readBack, l.searches, l.nearest, l.deadDimensions)
}

// corpusSection builds the corpus and prints its size and first voicings.
func (l *lesson) corpusSection() error {
	built, err := optick.BuildCorpusIndex(l.cfg.fretCount, l.cfg.windowSize, l.cfg.minPlayed, l.cfg.partitions, true)
	if err != nil {
		return err
	}
	corpus := built.Voicings
	if len(corpus) == 0 {
		return fmt.Errorf("the generator produced no voicing")
	}
	l.corpus, l.index = corpus, built.Index
	// The index every later lesson and the host read: lesson 3 writes it to the course's cache
	// afresh. A cache that cannot be written costs the next lesson a build, which --verbose says.
	if err := indexcache.Store(indexcache.Spec{FretCount: l.cfg.fretCount, WindowSize: l.cfg.windowSize, MinPlayed: l.cfg.minPlayed,
		Partitions: l.cfg.partitions}, built.Index); err != nil {
		verbose.Printf("the index was not cached, the next run builds it again: %v", err)
	}
	l.r.Title("Corpus: GA's VoicingGenerator, standard tuning, %d frets, window %d, at least %d notes",
		l.cfg.fretCount, l.cfg.windowSize, l.cfg.minPlayed)
	l.r.Line("voicings                 %d", len(corpus))
	counts := map[int]int{}
	for _, e := range corpus {
		counts[len(e.MidiNotes)]++
	}
	for _, n := range slices.Sorted(maps.Keys(counts)) {
		l.r.Line("  with %d notes           %d", n, counts[n])
	}
	l.r.Line("first three, as generated:")
	w := []int{14, 18, 12}
	l.r.FixedRow(w, "diagram", "MIDI (in order)", "GA name", "doc root")
	for _, e := range corpus[:min(3, len(corpus))] {
		l.r.FixedRow(w, e.Voicing.Diagram(), kit.JoinInts(e.MidiNotes, " "), e.Name, theory.SharpName(e.RootPitchClass))
	}
	return nil
}

// header reads the header of the index GA's writer wrote, field by field.
func (l *lesson) header() error {
	b := l.index
	if len(b) < optick.HeaderSize(0) {
		return fmt.Errorf("the index has %d bytes, fewer than a header", len(b))
	}
	le := binary.LittleEndian
	u64 := func(at int) uint64 { return le.Uint64(b[at:]) }
	dim := le.Uint32(b[20:])
	count := u64(24)
	l.r.Title("The header OptickIndexWriter wrote (little-endian)")
	l.r.Line("magic                    %s", b[:4])
	l.r.Line("format version           %d", le.Uint32(b[4:]))
	l.r.Line("header size              %d", le.Uint32(b[8:]))
	l.r.Line("schema hash              0x%08X", le.Uint32(b[12:]))
	l.r.Line("endian marker            0x%04X", le.Uint16(b[16:]))
	l.r.Line("dimension                %d", dim)
	l.r.Line("voicings                 %d", count)
	l.r.Line("instruments              %d", b[32])
	at := 40
	for _, name := range optick.Instruments {
		l.r.Line("  %s offset %d, count %d", report.Pad(name, 8), u64(at), u64(at+8))
		at += 16
	}
	l.r.Line("metadata offsets at      %d", u64(at))
	l.r.Line("vectors at               %d (%d x %d x 4 bytes = %d)", u64(at+8), count, dim, count*uint64(dim)*4)
	l.r.Line("metadata at              %d (%d bytes of msgpack)", u64(at+16), u64(at+24))
	at += 32
	if len(b) < at+int(dim)*4 || dim == 0 {
		return fmt.Errorf("the index's header holds no weights")
	}
	weight := func(i int) float64 { return float64(math.Float32frombits(le.Uint32(b[at+4*i:]))) }
	l.r.Line("sqrt weights, first dims %s ... ROOT %s", kit.Vec([]float64{weight(0), weight(1), weight(2)}), kit.Vec([]float64{weight(int(dim) - 1)}))
	l.r.Line("file size                %d bytes", len(b))
	return nil
}

// readBack opens the index with GA's reader and compares voicing 0 with ExtractCompact.
func (l *lesson) readBack() error {
	reader, err := optick.Open(l.index, l.cfg.partitions)
	if err != nil {
		return err
	}
	l.reader = reader
	l.r.Title("OptickIndexReader")
	l.r.Line("Count                    %d", reader.Count())
	first, count := reader.InstrumentRange("guitar")
	l.r.Line("guitar range             (%d, %d)", first, count)
	first, count = reader.InstrumentRange("bass")
	l.r.Line("bass range               (%d, %d)", first, count)
	vec, err := reader.Vector(nil, 0)
	if err != nil {
		return err
	}
	meta, err := reader.Metadata(0)
	if err != nil {
		return err
	}
	l.r.Line("voicing 0                %s %s [%s]", meta.Diagram, meta.QualityInferred, kit.JoinInts(meta.MidiNotes, " "))
	normSq := 0.0
	for _, v := range vec {
		normSq += float64(v) * float64(v)
	}
	l.r.Line("its squared norm         %s", kit.Fixed(normSq))
	expected := embeddings.ExtractCompact(l.corpus[0].RawFloat64(), l.cfg.partitions)
	maxDiff := 0.0
	for i, x := range expected {
		maxDiff = math.Max(maxDiff, math.Abs(x-float64(vec[i])))
	}
	l.r.Line("max |disk - ExtractCompact| %s", exponent(maxDiff))
	return nil
}

// exponent writes a double as .NET's "0.0e0" custom format does: one decimal, the exponent
// with its sign only when negative.
func exponent(v float64) string {
	s := strconv.FormatFloat(v, 'e', 1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	n, _ := strconv.Atoi(exp)
	return mant + "e" + strconv.Itoa(n)
}

// searches encodes each symbol and searches the index with it, without and with the
// chord-name filter.
func (l *lesson) searches() error {
	strategy := optick.NewStrategy(l.reader)
	for _, symbol := range l.cfg.symbols {
		query := optick.Encode(optick.Query{ChordSymbol: symbol}, l.cfg.partitions)
		l.r.Title("HybridSearchAsync for %q (query vector from MusicalQueryEncoder)", symbol)
		var lit []string
		start := 0
		for _, p := range embeddings.SimilarityPartitions(l.cfg.partitions) {
			if slices.ContainsFunc(query[start:start+p.Dim()], func(v float64) bool { return v != 0 }) {
				lit = append(lit, p.Name)
			}
			start += p.Dim()
		}
		l.r.Line("query partitions set: %s", strings.Join(lit, ", "))
		results, err := strategy.HybridSearch(query, optick.Filters{}, 5)
		if err != nil {
			return err
		}
		l.results(results)
		l.r.Line("with the filter ChordName = %q:", symbol)
		if results, err = strategy.HybridSearch(query, optick.Filters{ChordName: symbol}, 5); err != nil {
			return err
		}
		l.results(results)
	}
	return nil
}

// nearest searches with open C's own compact vector, then asks FindSimilarVoicingsAsync.
func (l *lesson) nearest() error {
	i := slices.IndexFunc(l.corpus, func(e optick.CorpusVoicing) bool { return e.Voicing.Diagram() == openC })
	if i < 0 {
		return fmt.Errorf("the corpus has no %s", openC)
	}
	strategy := optick.NewStrategy(l.reader)
	l.r.Title("Nearest voicings to %s (open C), by its own compact vector", openC)
	results, err := strategy.SemanticSearch(embeddings.ExtractCompact(l.corpus[i].RawFloat64(), l.cfg.partitions), 6)
	if err != nil {
		return err
	}
	l.results(results)
	similar := strategy.FindSimilarVoicings(openC, 6)
	l.r.Line("FindSimilarVoicingsAsync(%q) returned %d results", openC, len(similar))
	return nil
}

// results prints search results in GA's order.
func (l *lesson) results(results []optick.Result) {
	w := []int{5, 14, 18, 12}
	l.r.FixedRow(w, "rank", "diagram", "MIDI", "name", "score")
	for i, res := range results {
		l.r.FixedRow(w, strconv.Itoa(i+1), res.Diagram, kit.JoinInts(res.MidiNotes, " "), res.ChordName, kit.Fixed(res.Score))
	}
	if len(results) == 0 {
		l.r.Line("(no results)")
	}
}

// deadDimensions counts, partition by partition, the dimensions that are 0 or one value for
// every voicing, and the named MODAL slots no voicing sets.
func (l *lesson) deadDimensions() error {
	l.r.Title("Dimensions that never vary over the %d voicings", len(l.corpus))
	w := []int{13, 5, 9, 9}
	l.r.FixedRow(w, "partition", "dims", "always 0", "constant", "weight")
	// One pass over the corpus, split between the processors: which dimensions are ever
	// non-zero, which ever differ from the first voicing's value.
	first := l.corpus[0].Raw
	workers := max(1, min(runtime.GOMAXPROCS(0), len(l.corpus)/2048))
	nonZeros, varieds := make([][]bool, workers), make([][]bool, workers)
	var wg sync.WaitGroup
	for w := range workers {
		nonZero, varies := make([]bool, len(first)), make([]bool, len(first))
		nonZeros[w], varieds[w] = nonZero, varies
		wg.Go(func() {
			for _, e := range l.corpus[len(l.corpus)*w/workers : len(l.corpus)*(w+1)/workers] {
				for d, x := range e.Raw[:len(first)] {
					if x != 0 {
						nonZero[d] = true
					}
					if x != first[d] {
						varies[d] = true
					}
				}
			}
		})
	}
	wg.Wait()
	nonZero, varies := nonZeros[0], varieds[0]
	for w := 1; w < workers; w++ {
		for d := range first {
			nonZero[d] = nonZero[d] || nonZeros[w][d]
			varies[d] = varies[d] || varieds[w][d]
		}
	}
	always0 := func(d int) bool { return !nonZero[d] }
	constant := func(d int) bool { return !varies[d] }
	deadTotal, constantTotal := 0, 0
	var modal *embeddings.Partition
	for _, p := range l.cfg.partitions {
		zero, same := 0, 0
		for d := p.Start; d <= p.End; d++ {
			if always0(d) {
				zero++
			} else if constant(d) {
				same++
			}
		}
		if p.Role == embeddings.Similarity {
			deadTotal += zero
			constantTotal += same
		}
		if p.Name == "MODAL" {
			modal = &p
		}
		l.r.FixedRow(w, p.Name, strconv.Itoa(p.Dim()), strconv.Itoa(zero), strconv.Itoa(same), dotnet.FormatSingle(p.Weight32(), 2, false))
	}
	l.r.Line("in the %d compact dims: %d always 0, %d constant", embeddings.CompactDimension(l.cfg.partitions), deadTotal, constantTotal)
	if modal == nil {
		return fmt.Errorf("the registry has no MODAL partition")
	}
	var never []string
	named := 0
	for i := modal.Start; i <= modal.End; i++ {
		name := embeddings.ModalSlotName(i)
		if name == "" {
			continue
		}
		named++
		if always0(i) {
			never = append(never, name)
		}
	}
	l.r.Line("named MODAL slots never set (%d of %d): %s", len(never), named, strings.Join(never, ", "))
	l.r.Line("MODAL slots without a name constant: %d", modal.Dim()-named)
	return nil
}
