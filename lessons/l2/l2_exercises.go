package l2

import (
	"context"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"course/ga/algebra"
	"course/ga/embeddings"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
	"course/theory"
)

// Exercises is lesson 2's exercises, in the order docs/l2.md asks them, solved with
// the lesson's options: exercise 3 reads the weights --weight sets, MODAL's at 0.20 by default.
func Exercises(opts *Options) learn.Lesson {
	weights := opts.Weights
	if len(weights) == 0 {
		weights = []string{"MODAL=0.20"}
	}
	g, _ := theory.PitchClass("G")
	return learn.NewLesson("l2",
		documentRowExercise("x02220"),
		rootMoveExercise(shapes[0], g),
		weightExercise(weights),
		sweepExercise(algebra.SetClasses()),
	)
}

// documentsOf prints the lesson's document table for shapes.
func documentsOf(r *report.Report, shapes ...string) error {
	l := &lesson{r: r, partitions: embeddings.Partitions(), shapes: shapes}
	return l.documents()
}

// documentRowExercise is exercise 1, on a chord chart shape: its document row.
func documentRowExercise(shape string) *learn.Exercise {
	return learn.Compute(documentForm(), func(_ context.Context, w io.Writer) (string, error) {
		e, err := embedShape(shape)
		if err != nil {
			return "", err
		}
		value := fmt.Sprintf("%s; %s; %s; %d", e.analysis.Chord.DisplayName(), kit.JoinInts(e.doc.PitchClasses, " "),
			theory.SharpName(e.doc.RootPitchClass), e.doc.Inversion)
		return value, documentsOf(report.New(w), shape)
	}).WithHints(
		"GA numbers strings from the high E: the first MIDI note of the document is the high E string's.",
		"The doc root is that first note's pitch class, and the inversion is counted from it, not from the chord's root.",
	)
}

// documentForm is the form of a document row: the GA name, the pitch classes, the doc root and
// the inversion, separated by semicolons, each read by the learn form of its kind.
func documentForm() learn.Form {
	return learn.Fields("the GA name; the pitch classes; the doc root; the inversion, separated by semicolons", ";", learn.Chord, learn.Numbers, learn.PitchClass, learn.Numbers)
}

// rootMoveExercise is exercise 2: the changes of one string of base that keep its chord's name
// and move the document's root to the pitch class root, each with its ROOT cosine against base.
func rootMoveExercise(base string, root int) *learn.Exercise {
	return learn.Compute(shapesForm(), func(_ context.Context, w io.Writer) (string, error) {
		found, err := rootMoves(base, root)
		if err != nil {
			return "", err
		}
		shapes := []string{base}
		var items []string
		for _, f := range found {
			shapes = append(shapes, f.shape)
			items = append(items, f.shape+" "+kit.Fixed(f.cosine))
		}
		l := &lesson{r: report.New(w), partitions: embeddings.Partitions(), shapes: shapes}
		if err := l.documents(); err != nil {
			return "", err
		}
		if len(found) == 0 {
			l.r.Line("no change of one string keeps the name and moves the doc root to %s", theory.SharpName(root))
			return "none", l.r.Err()
		}
		return strings.Join(items, "; "), l.similarities()
	}).WithHints(
		"The document's root is the first MIDI note's pitch class: which string gives the first note?",
		"ROOT is a one-hot vector of the document's root; two one-hots on different notes share nothing.",
	)
}

// rootMove is a shape one string away from the base, and its ROOT cosine against the base.
type rootMove struct {
	shape  string
	cosine float64
}

// rootMoves tries every other fret, and muting, on each string of base, and keeps the shapes
// GA still names as base and whose document's root is root.
func rootMoves(base string, root int) ([]rootMove, error) {
	b, err := embedShape(base)
	if err != nil {
		return nil, err
	}
	rootPartition := slices.IndexFunc(embeddings.Partitions(), func(p embeddings.Partition) bool { return p.Name == "ROOT" })
	var found []rootMove
	for i := range base {
		for _, c := range "x0123456789" {
			if byte(c) == base[i] {
				continue
			}
			shape := base[:i] + string(c) + base[i+1:]
			e, err := embedShape(shape)
			if err != nil || len(e.doc.MidiNotes) == 0 {
				continue
			}
			if e.analysis.Chord.DisplayName() != b.analysis.Chord.DisplayName() || e.doc.RootPitchClass != root {
				continue
			}
			found = append(found, rootMove{shape, embeddings.PartitionCosine(b.raw, e.raw, embeddings.Partitions()[rootPartition])})
		}
	}
	return found, nil
}

// shapesForm is the form of shapes, each followed by its ROOT cosine, read to three decimals.
func shapesForm() learn.Form {
	return learn.Words("the shape as a chord chart writes it, low E first, then its ROOT cosine against open C (for more than one shape, each with its cosine, separated by semicolons)", []string{"none"}, learn.Chart, learn.Decimals(3))
}

// weightExercise is exercise 3, with the partition weights weights sets ("MODAL=0.20"): open C
// against itself and against 032010.
func weightExercise(weights []string) *learn.Exercise {
	form := learn.Numbers.Saying("two numbers: open C with itself, then x32010 against 032010's weighted score")
	return learn.Compute(form, func(_ context.Context, w io.Writer) (string, error) {
		partitions, err := kit.WithWeights(embeddings.Partitions(), weights)
		if err != nil {
			return "", err
		}
		shapes := []string{shapes[0], "032010"}
		var embedded []embedded
		for _, s := range shapes {
			e, err := embedShape(s)
			if err != nil {
				return "", err
			}
			embedded = append(embedded, e)
		}
		c, o := embedded[0].raw, embedded[1].raw
		l := &lesson{r: report.New(w), partitions: partitions, shapes: shapes}
		l.r.Title("The weights set: %s", strings.Join(weights, ", "))
		for _, section := range []func() error{l.schema, l.documents, l.similarities} {
			if err := section(); err != nil {
				return "", err
			}
		}
		return kit.Fixed(embeddings.WeightedPartitionCosine(c, c, partitions)) + ", " + kit.Fixed(embeddings.WeightedPartitionCosine(c, o, partitions)), nil
	}).WithHints(
		"A voicing against itself scores 1 in every partition it has; the weighted score adds each partition's cosine times its weight.",
		"Against 032010, the partition whose weight changed has a cosine you can read in the lesson's table: the score moves by that cosine times the change.",
	)
}

// sweep is what exercise 4's claims are decided on: the sweep's minimum cosines by set class.
type sweep struct {
	worst     sweptClass
	bySize    map[int][]float64
	sizes     []int
	invariant []sweptClass
}

// sweepExercise is exercise 4, on the set classes the sweep runs over.
func sweepExercise(classes []algebra.Set) *learn.Exercise {
	type claim = learn.Claim[sweep]
	return learn.Choose(func(_ context.Context, w io.Writer) (sweep, error) {
		swept := structureSweep(classes)
		if len(swept) == 0 {
			return sweep{}, fmt.Errorf("no set class of two notes or more to sweep")
		}
		f := sweep{worst: slices.MinFunc(swept, func(a, b sweptClass) int { return compareFloat(a.min, b.min) }), bySize: map[int][]float64{}}
		for _, s := range swept {
			f.bySize[s.class.Len()] = append(f.bySize[s.class.Len()], s.min)
			if s.min > invariantCosine {
				f.invariant = append(f.invariant, s)
			}
		}
		f.sizes = slices.Sorted(maps.Keys(f.bySize))
		r := report.New(w)
		r.Title("The sweep's minimum cosines, by the set class's size")
		rows := make([][]string, len(f.sizes))
		for i, n := range f.sizes {
			rows[i] = []string{strconv.Itoa(n), strconv.Itoa(len(f.bySize[n])), kit.Fixed(slices.Min(f.bySize[n])), kit.Fixed(mean(f.bySize[n])), kit.Fixed(slices.Max(f.bySize[n]))}
		}
		r.Table([]string{"notes", "set classes", "worst", "mean", "best"}, rows)
		r.Line("worst of all: %s (%d notes), %s", f.worst.class.Braced(), f.worst.class.Len(), kit.Fixed(f.worst.min))
		return f, r.Err()
	},
		claim{Text: "the worst minimum cosine belongs to a set class of two notes",
			Holds: func(f sweep) bool { return f.worst.class.Len() == 2 }},
		claim{Text: "the worst minimum cosine belongs to a set class of six notes or more",
			Holds: func(f sweep) bool { return f.worst.class.Len() >= 6 }},
		claim{Text: "the more notes a set class has, the higher the mean of its size's minimum cosines, size after size",
			Holds: func(f sweep) bool {
				for i := 1; i < len(f.sizes); i++ {
					if mean(f.bySize[f.sizes[i]]) <= mean(f.bySize[f.sizes[i-1]]) {
						return false
					}
				}
				return true
			}},
		claim{Text: "some set class of three notes has a lower minimum cosine than some set class of two notes",
			Holds: func(f sweep) bool {
				return len(f.bySize[3]) > 0 && len(f.bySize[2]) > 0 && slices.Min(f.bySize[3]) < slices.Max(f.bySize[2])
			}},
		claim{Text: "the one set class the sweep calls invariant is the twelve-note aggregate",
			Holds: func(f sweep) bool { return len(f.invariant) == 1 && f.invariant[0].class.Len() == 12 }},
	).WithHints(
		"STRUCTURE's first twelve slots are the pitch classes themselves: how much of a set does a transposition keep in place?",
		"A set of many notes always shares pitch classes with its transpositions; a set of two may share none.",
	)
}

// compareFloat orders two numbers for slices.MinFunc.
func compareFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// mean is the mean of xs.
func mean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / math.Max(1, float64(len(xs)))
}
