package l2

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/algebra"
	"course/ga/embeddings"
	"course/ga/voicinganalysis"
	"course/internal/dotnet"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// shapes are the six chord shapes the lesson embeds, written as a chord chart writes them,
// low E first; the first is the one the others are compared with.
var shapes = []string{"x32010", "x35553", "032010", "x32000", "x02210", "320003"}

// mcpDiagram is the example diagram of ga_generate_voicing_embedding's description.
const mcpDiagram = "x-3-2-0-1-0"

// scoredPartitions are the partitions the cosine table shows, the similarity partitions.
var scoredPartitions = []string{"STRUCTURE", "MORPHOLOGY", "CONTEXT", "SYMBOLIC", "MODAL", "ROOT"}

// Options is what `course l2` needs to run.
type Options struct {
	// Weights are partition weights set in place of GA's, "MODAL=0.20", to see what a weight
	// changes; none runs GA's schema.
	Weights []string
}

// partitions is GA's partition registry with opts.Weights set.
func (opts *Options) partitions() ([]embeddings.Partition, error) {
	return kit.WithWeights(embeddings.Partitions(), opts.Weights)
}

// NewCmd builds `course l2`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l2", Long: `Lesson 2: the OPTIC-K schema, real embeddings of six chord shapes, what they are invariant to.

Reads GA's embedding schema (partitions, weights, the compact layout and its hash), turns six
chord shapes into GA's voicing documents and 240-value embeddings, compares them partition by
partition, sweeps every set class through the STRUCTURE partition's twelve transpositions, and
reads the MCP tool's example diagram with the tool's own parser.`, Run: run, Exercises: Exercises}, opts, runF)
	kit.AddWeightFlag(cmd, &opts.Weights, "MODAL=0.2")
	return cmd
}

// embedded is a voicing after GA's pipeline: its analysis, its document and its raw vector.
type embedded struct {
	label    string
	voicing  voicinganalysis.Voicing
	analysis voicinganalysis.Analysis
	doc      embeddings.Document
	raw      embeddings.Embedding
}

// lesson carries what the sections share.
type lesson struct {
	r          *report.Report
	partitions []embeddings.Partition
	shapes     []string
	embedded   []embedded
}

// run runs the lesson on its six shapes and GA's partition registry.
func run(ctx context.Context, w io.Writer, opts *Options) error {
	partitions, err := opts.partitions()
	if err != nil {
		return fmt.Errorf("l2: %w", err)
	}
	return runLesson(ctx, w, shapes, partitions)
}

// runLesson runs the lesson on the given shapes, the first compared with the others, and the
// given partition registry.
func runLesson(ctx context.Context, w io.Writer, shapes []string, partitions []embeddings.Partition) error {
	l := &lesson{r: report.New(w), partitions: partitions, shapes: shapes}
	l.r.Heading("l2")
	return kit.RunSections(ctx, "l2", l.r, l.schema, l.looseConstants, l.documents, l.values,
		l.similarities, l.transpositions, l.mcpDiagram)
}

// fromShape reads a chord chart shape, low E first, into GA's voicing, whose positions run
// from string 1, the high E, as GA's own voicing generator builds them.
func fromShape(shape string) (voicinganalysis.Voicing, error) {
	if len(shape) != 6 {
		return voicinganalysis.Voicing{}, fmt.Errorf("six strings expected: %q", shape)
	}
	var v voicinganalysis.Voicing
	for str := 1; str <= 6; str++ {
		c := shape[6-str]
		if c == 'x' || c == 'X' {
			v.Frets = append(v.Frets, voicinganalysis.Muted)
			continue
		}
		if c < '0' || c > '9' {
			return voicinganalysis.Voicing{}, fmt.Errorf("shape %q: %q is neither a fret nor x", shape, c)
		}
		fret := int(c - '0')
		v.Frets = append(v.Frets, fret)
		v.Notes = append(v.Notes, theory.StandardMidi()[6-str]+fret)
	}
	return v, nil
}

// embed runs a voicing through VoicingAnalyzer, VoicingDocumentFactory and the generator.
func embed(label string, v voicinganalysis.Voicing) (embedded, error) {
	a, err := voicinganalysis.Analyze(v)
	if err != nil {
		return embedded{}, err
	}
	doc := embeddings.DocumentFromAnalysis(v, a)
	return embedded{label: label, voicing: v, analysis: a, doc: doc, raw: embeddings.Generate(doc)}, nil
}

// embedShape embeds a chord chart shape.
func embedShape(shape string) (embedded, error) {
	v, err := fromShape(shape)
	if err != nil {
		return embedded{}, err
	}
	return embed(shape, v)
}

// schema prints EmbeddingSchema.Partitions and what GA derives from them.
func (l *lesson) schema() error {
	l.r.Title("EmbeddingSchema.Partitions (%s)", embeddings.Version)
	w := []int{13, 8, 5, 11}
	l.r.FixedRow(w, "partition", "raw", "dims", "role", "weight")
	dims, weights := 0, 0.0
	for _, p := range l.partitions {
		l.r.FixedRow(w, p.Name, fmt.Sprintf("%d-%d", p.Start, p.End), strconv.Itoa(p.Dim()), role(p.Role),
			dotnet.FormatSingle(p.Weight32(), 2, false))
		dims += p.Dim()
		weights += float64(p.Weight32())
	}
	layout := embeddings.CompactLayoutV4(l.partitions)
	l.r.Line("TotalDimension          %d", embeddings.TotalDimension)
	l.r.Line("sum of dims             %d", dims)
	l.r.Line("sum of weights          %s", dotnet.FormatDouble(weights, 2, false))
	l.r.Line("CompactDimension        %d", embeddings.CompactDimension(l.partitions))
	l.r.Line("CompactLayoutV4         %s", layout)
	l.r.Line("SchemaHashV4            0x%08X", embeddings.SchemaHashV4(layout))
	return nil
}

// role names a role as GA's enum does.
func role(r embeddings.Role) string {
	return map[embeddings.Role]string{embeddings.Identity: "Identity", embeddings.Similarity: "Similarity", embeddings.Info: "Info"}[r]
}

// lookup is GetPartition on the lesson's registry.
func (l *lesson) lookup(name string) (embeddings.Partition, error) {
	for _, p := range l.partitions {
		if p.Name == name {
			return p, nil
		}
	}
	return embeddings.Partition{}, fmt.Errorf("unknown partition %q", name)
}

// looseConstants sets the schema's loose constants beside what the registry says.
func (l *lesson) looseConstants() error {
	hierarchy, err := l.lookup("HIERARCHY")
	if err != nil {
		return err
	}
	atonal, err := l.lookup("ATONAL_MODAL")
	if err != nil {
		return err
	}
	l.r.Title("Loose constants next to the registry")
	w := []int{24, 10}
	l.r.FixedRow(w, "constant", "value", "registry")
	// A constant is right when it agrees with the registry it stands next to.
	loose := func(name string, value, registry int) {
		l.r.FixedRow(w, name, report.Judge(value == registry, report.Wrong, strconv.Itoa(value)), strconv.Itoa(registry))
	}
	loose("HierarchyDim", embeddings.HierarchyDim, hierarchy.Dim())
	loose("AtonalModalDim", embeddings.AtonalModalDim, atonal.Dim())
	loose("ExtensionsEnd", embeddings.ExtensionsEnd, embeddings.TotalDimension)
	return nil
}

// documents embeds the shapes and prints each one's voicing document.
func (l *lesson) documents() error {
	if len(l.shapes) == 0 {
		return fmt.Errorf("no chord shape to embed")
	}
	for _, s := range l.shapes {
		e, err := embedShape(s)
		if err != nil {
			return err
		}
		l.embedded = append(l.embedded, e)
	}
	l.r.Title("From a chord shape to GA's voicing document")
	w := []int{7, 12, 13, 8, 15, 8, 5, 4}
	l.r.FixedRow(w, "shape", "GA diagram", "GA name", "pcs", "MIDI", "doc root", "inv", "rootless", "function")
	for _, e := range l.embedded {
		rootless := "no"
		if e.doc.IsRootless {
			rootless = "yes"
		}
		l.r.FixedRow(w, e.label, e.voicing.Diagram(), e.analysis.Chord.DisplayName(), kit.JoinInts(e.doc.PitchClasses, " "),
			kit.JoinInts(e.doc.MidiNotes, " "), fmt.Sprintf("%d %s", e.doc.RootPitchClass, theory.SharpName(e.doc.RootPitchClass)),
			strconv.Itoa(e.doc.Inversion), rootless, e.doc.HarmonicFunction)
	}
	return nil
}

// values prints the first shape's 240 values partition by partition; a partition longer than 24
// values stops at its last value that is not zero.
func (l *lesson) values() error {
	e := l.embedded[0]
	l.r.Title("The %d values of %s (%s), partition by partition", len(e.raw), e.label, e.analysis.Chord.DisplayName())
	for _, p := range l.partitions {
		slice := e.raw.Slice(p)
		nonZero, last := 0, -1
		for i, v := range slice {
			if v != 0 {
				nonZero++
				last = i
			}
		}
		shown := slice
		if len(slice) > 24 {
			shown = slice[:last+1]
		}
		suffix := ""
		if len(shown) < len(slice) {
			suffix = fmt.Sprintf(" (+%d zeros)", len(slice)-len(shown))
		}
		l.r.Line("%s%3d/%s %s%s", report.Pad(p.Name, 13), nonZero, report.Pad(strconv.Itoa(p.Dim()), 3), kit.Vec(shown), suffix)
	}
	modal, err := l.lookup("MODAL")
	if err != nil {
		return err
	}
	var lit []string
	for i := modal.Start; i <= modal.End; i++ {
		if e.raw[i] != 0 {
			name := embeddings.ModalSlotName(i)
			if name == "" {
				name = fmt.Sprintf("slot %d", i)
			}
			lit = append(lit, name+"="+kit.Float(e.raw[i]))
		}
	}
	l.r.Line("MODAL slots set: %s", strings.Join(lit, ", "))
	return nil
}

// similarities compares the first shape with each other one, partition by partition, and with
// GA's weighted score and the compact vectors' dot product.
func (l *lesson) similarities() error {
	scored := make([]embeddings.Partition, len(scoredPartitions))
	header := []string{"pair"}
	for i, name := range scoredPartitions {
		p, err := l.lookup(name)
		if err != nil {
			return err
		}
		scored[i] = p
		header = append(header, strings.ToLower(name))
	}
	header = append(header, "weighted", "compact dot")
	l.r.Title("Cosine per partition, and GA's weighted score, against open C")
	w := []int{16, 10, 11, 8, 9, 6, 6, 9}
	l.r.FixedRow(w, header...)
	c := l.embedded[0]
	for _, o := range l.embedded[1:] {
		row := []string{c.label + " " + o.label}
		for _, p := range scored {
			row = append(row, kit.Fixed(embeddings.PartitionCosine(c.raw, o.raw, p)))
		}
		weighted := embeddings.WeightedPartitionCosine(c.raw, o.raw, l.partitions)
		dot := embeddings.Dot(embeddings.ExtractCompact(c.raw, l.partitions), embeddings.ExtractCompact(o.raw, l.partitions))
		row = append(row, kit.Fixed(weighted), kit.Fixed(dot))
		l.r.FixedRow(w, row...)
	}
	l.r.Line("open C with itself: %s", kit.Fixed(embeddings.WeightedPartitionCosine(c.raw, c.raw, l.partitions)))
	return nil
}

// transpositions compares C major's STRUCTURE with its eleven transpositions, then sweeps every
// set class of two notes or more the same way.
func (l *lesson) transpositions() error {
	const icv = "<0 0 1 1 1 0>"
	pcs := []int{0, 4, 7}
	l.r.Title("STRUCTURE of C major (0 4 7) against its 11 transpositions (TheoryVectorService)")
	t0 := embeddings.StructureVector(pcs, true, icv)
	w := []int{4, 10, 10}
	l.r.FixedRow(w, "T", "pcs", "structure", "icv dims")
	for t := 1; t < 12; t++ {
		moved := algebra.NewSet(pcs...).Transpose(t).PitchClasses()
		tk := embeddings.StructureVector(moved, true, icv)
		l.r.FixedRow(w, strconv.Itoa(t), kit.JoinInts(moved, " "), kit.Fixed(embeddings.Cosine(t0, tk)),
			kit.Fixed(embeddings.Cosine(t0[12:19], tk[12:19])))
	}
	mins := structureSweep(algebra.SetClasses())
	invariant, sum, worst := 0, 0.0, 1.0
	for _, m := range mins {
		if m.min > invariantCosine {
			invariant++
		}
		sum += m.min
		worst = math.Min(worst, m.min)
	}
	l.r.Line("set classes swept                 %d", len(mins))
	l.r.Line("invariant (min cosine > 0.9999)   %d", invariant)
	l.r.Line("mean of the minimum cosines       %s", kit.Fixed(sum/float64(len(mins))))
	l.r.Line("worst minimum cosine              %s", kit.Fixed(worst))
	return nil
}

// invariantCosine is the minimum cosine above which the sweep calls a set class invariant.
const invariantCosine = 0.9999

// sweptClass is a set class and the lowest STRUCTURE cosine between it and a transposition.
type sweptClass struct {
	class algebra.Set
	min   float64
}

// structureSweep is the sweep of GA's Tools/GaStructureInvariance: for every set class of two
// notes or more among classes, the lowest STRUCTURE cosine between its prime form and a
// transposition.
func structureSweep(classes []algebra.Set) []sweptClass {
	var mins []sweptClass
	for _, sc := range classes {
		if sc.Len() < 2 {
			continue
		}
		icv := sc.IntervalClassVector().String()
		base := sc.PitchClasses()
		v0 := embeddings.StructureVector(base, true, icv)
		m := 1.0
		for t := 1; t < 12; t++ {
			moved := make([]int, len(base))
			for i, p := range base {
				moved[i] = (p + t) % 12
			}
			m = math.Min(m, embeddings.Cosine(v0, embeddings.StructureVector(moved, true, icv)))
		}
		mins = append(mins, sweptClass{sc, m})
	}
	return mins
}

// mcpDiagram reads the MCP tool's example diagram with the tool's parser, beside the chord
// chart's open C.
func (l *lesson) mcpDiagram() error {
	v, err := voicinganalysis.ParseMcpDiagram(mcpDiagram)
	if err != nil {
		return err
	}
	mcp, err := embed(mcpDiagram, v)
	if err != nil {
		return err
	}
	chart, err := embedShape("x32010")
	if err != nil {
		return err
	}
	l.r.Title("ga_generate_voicing_embedding's example diagram, %s", mcpDiagram)
	w := []int{22, 12, 16, 16}
	l.r.FixedRow(w, "parsed by", "GA diagram", "MIDI", "GA name", "pcs")
	for _, row := range []struct {
		by string
		e  embedded
	}{{"the MCP tool's parser", mcp}, {"chord chart x32010", chart}} {
		l.r.FixedRow(w, row.by, row.e.voicing.Diagram(), kit.JoinInts(row.e.doc.MidiNotes, " "),
			row.e.analysis.Chord.DisplayName(), kit.JoinInts(row.e.doc.PitchClasses, " "))
	}
	return nil
}
