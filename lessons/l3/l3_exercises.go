package l3

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"course/ga/embeddings"
	"course/ga/optick"
	"course/ga/search"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
)

// Exercises is lesson 3's exercises, in the order docs/l3.md asks them, solved with
// the lesson's options: exercises 3 and 4 read the weights --weight sets, and exercise 3 asks
// about ROOT's at 0 unless --weight says otherwise.
func Exercises(opts *Options) learn.Lesson {
	partitions, err := kit.WithWeights(embeddings.Partitions(), opts.Weights)
	if err != nil {
		partitions = embeddings.Partitions()
	}
	weights := opts.Weights
	if len(weights) == 0 {
		weights = []string{"ROOT=0"}
	}
	cfg := config{fretCount, windowSize, minPlayed, symbols, partitions}
	four := cfg
	four.fretCount = 4
	// Exercise 3 compares the index written with GA's weights and with the weights set.
	ga := cfg
	ga.partitions = embeddings.Partitions()
	l := learn.NewLesson("l3",
		corpusSizeExercise(four),
		filterExercise(cfg, "G7", "Am7"),
		weightExercise(ga, weights),
		nearestExercise(cfg),
	)
	if err != nil {
		// A malformed --weight fails every solve as it fails the lesson's run, rather than
		// solving on weights the learner did not ask for.
		for _, e := range l.Exercises {
			e.Solve = func(context.Context) (learn.Answer, error) { return learn.Answer{}, fmt.Errorf("l3: %w", err) }
		}
	}
	return l
}

// builtLesson runs sections of the lesson on cfg, printing to w, and returns the lesson with
// what they built: its corpus and index, its reader.
func builtLesson(w io.Writer, cfg config, sections ...func(l *lesson) error) (*lesson, error) {
	l := &lesson{cfg: cfg, r: report.New(w)}
	for _, section := range sections {
		if err := section(l); err != nil {
			return nil, err
		}
	}
	return l, l.r.Err()
}

// corpusSizeExercise is exercise 1: the size of the corpus the generator makes with cfg's
// settings.
func corpusSizeExercise(cfg config) *learn.Exercise {
	return learn.Compute(countForm, func(_ context.Context, w io.Writer) (string, error) {
		l, err := builtLesson(w, cfg, (*lesson).corpusSection)
		if err != nil {
			return "", err
		}
		return strconv.Itoa(len(l.corpus)), nil
	}).WithHints(
		"A voicing belongs to the first window when it uses no fret 4, and to the second when it uses no open string.",
		"Count, for each number of strings played, the fret choices of either window, and take away those both windows share.",
	)
}

// thousands is a comma, a stop or a space between the digits of a large number.
var thousands = regexp.MustCompile(`(\d)[,. \x{202F}](\d{3})\b`)

// countForm reads one count, written with or without a separator between its thousands.
var countForm = learn.Form{Says: "a number (a comma between thousands is fine)",
	Rule: `one number; a comma, full stop, space or narrow space before each group of three digits separates thousands (12,345, 12.345 and 12 345 are 12345); words around it are skipped`, Read: func(s string) []string {
		for thousands.MatchString(s) {
			s = thousands.ReplaceAllString(s, "$1$2")
		}
		return learn.Numbers.Read(s)
	}}

// filterExercise is exercise 2, on the searches with the chord-name filter of symbol and of
// other.
func filterExercise(cfg config, symbol, other string) *learn.Exercise {
	root, quality := splitSymbol(symbol)
	otherRoot, _ := splitSymbol(other)
	// The claims are decided on the rows each filter keeps, and the pitch classes of symbol.
	type kept struct {
		kept, other []optick.Result
		pcs         []int
		parsed      bool
	}
	type claim = learn.Claim[kept]
	every := func(rs func(kept) []optick.Result, test func(optick.Result) bool) func(kept) bool {
		return func(k kept) bool { return len(rs(k)) > 0 && all(rs(k), test) }
	}
	symbols := func(k kept) []optick.Result { return k.kept }
	others := func(k kept) []optick.Result { return k.other }
	return learn.Choose(func(_ context.Context, w io.Writer) (kept, error) {
		c := cfg
		c.symbols = []string{symbol, other}
		l, err := builtLesson(io.Discard, c, (*lesson).corpusSection, (*lesson).readBack)
		if err != nil {
			return kept{}, err
		}
		var k kept
		if k.kept, err = filtered(l, symbol); err != nil {
			return kept{}, err
		}
		if k.other, err = filtered(l, other); err != nil {
			return kept{}, err
		}
		_, k.pcs, k.parsed = search.TryParse(symbol)
		// The lesson's own section prints the searches the claims rest on.
		l.r = report.New(w)
		return k, l.searches()
	},
		claim{Text: fmt.Sprintf("every row the %s filter keeps is a %s chord: its pitch classes are the symbol's", symbol, symbol),
			Holds: func(k kept) bool {
				return k.parsed && every(symbols, func(r optick.Result) bool { return samePitchClasses(r.MidiNotes, k.pcs) })(k)
			}},
		claim{Text: fmt.Sprintf("every row the %s filter keeps has a name that contains %q", symbol, quality),
			Holds: every(symbols, func(r optick.Result) bool { return strings.Contains(r.ChordName, quality) })},
		claim{Text: fmt.Sprintf("every row the %s filter keeps has %s as its lowest note", symbol, root),
			Holds: every(symbols, func(r optick.Result) bool { return lowest(r.MidiNotes) == pitchClass(root) })},
		claim{Text: fmt.Sprintf("every row the %s filter keeps has a name whose root is %s", symbol, root),
			Holds: every(symbols, func(r optick.Result) bool { return nameRoot(r.ChordName) == pitchClass(root) })},
		claim{Text: fmt.Sprintf("the %s filter keeps a row whose name's root is not %s", other, otherRoot),
			Holds: func(k kept) bool {
				return slices.ContainsFunc(k.other, func(r optick.Result) bool { return nameRoot(r.ChordName) != pitchClass(otherRoot) })
			}},
		claim{Text: fmt.Sprintf("every row the %s filter keeps has %s as its lowest note", other, otherRoot),
			Holds: every(others, func(r optick.Result) bool { return lowest(r.MidiNotes) == pitchClass(otherRoot) })},
	).WithHints(
		"ApplyFilters cuts the filter's symbol into a root and a quality, and compares each with something other than the row's chord.",
		"Look at each kept row's MIDI notes: which of them is the root compared with?",
	)
}

// filtered is HybridSearchAsync for symbol with the chord-name filter, as the lesson's
// searches section asks it.
func filtered(l *lesson, symbol string) ([]optick.Result, error) {
	query := optick.Encode(optick.Query{ChordSymbol: symbol}, l.cfg.partitions)
	return optick.NewStrategy(l.reader).HybridSearch(query, optick.Filters{ChordName: symbol}, 5)
}

// splitSymbol cuts a chord symbol into its root, a letter and an accidental, and the rest.
func splitSymbol(symbol string) (root, quality string) {
	n := min(1, len(symbol))
	if len(symbol) > 1 && (symbol[1] == '#' || symbol[1] == 'b') {
		n = 2
	}
	return symbol[:n], symbol[n:]
}

// pitchClass is a root's pitch class, -1 for none.
func pitchClass(root string) int {
	c, ok := optick.ParseChordName(root)
	if !ok {
		return -1
	}
	return c.Root
}

// nameRoot is the pitch class of a chord name's root, -1 when it starts with no note.
func nameRoot(name string) int {
	c, ok := optick.ParseChordName(name)
	if !ok {
		return -1
	}
	return c.Root
}

// lowest is the pitch class of the lowest of midi.
func lowest(midi []int) int {
	if len(midi) == 0 {
		return -1
	}
	return slices.Min(midi) % 12
}

// samePitchClasses says whether midi sounds exactly the pitch classes pcs.
func samePitchClasses(midi, pcs []int) bool {
	var got []int
	for _, n := range midi {
		got = append(got, n%12)
	}
	want := slices.Clone(pcs)
	slices.Sort(got)
	slices.Sort(want)
	return slices.Equal(slices.Compact(got), slices.Compact(want))
}

// all says whether every result satisfies f.
func all(rs []optick.Result, f func(optick.Result) bool) bool {
	for _, r := range rs {
		if !f(r) {
			return false
		}
	}
	return true
}

// reweighted is what exercise 3's claims are decided on: the lesson's header written with
// GA's weights and with the weights set, and whether the reader takes the second file.
type reweighted struct {
	before, after string
	refused       bool
	normSq, sum   float64
}

// changes says whether the header line that starts with prefix differs between the two files.
func (f reweighted) changes(prefix string) bool {
	return headerLine(f.before, prefix) != headerLine(f.after, prefix)
}

// weightExercise is exercise 3: the index written with weights set ("ROOT=0") against the
// index written with cfg's.
func weightExercise(cfg config, weights []string) *learn.Exercise {
	type claim = learn.Claim[reweighted]
	line := func(prefix string) func(reweighted) bool { return func(f reweighted) bool { return f.changes(prefix) } }
	return learn.Choose(func(_ context.Context, w io.Writer) (reweighted, error) {
		set, err := kit.WithWeights(cfg.partitions, weights)
		if err != nil {
			return reweighted{}, err
		}
		changed := cfg
		changed.partitions = set
		var before, after bytes.Buffer
		if _, err := builtLesson(&before, cfg, (*lesson).corpusSection, (*lesson).header); err != nil {
			return reweighted{}, err
		}
		l, err := builtLesson(&after, changed, (*lesson).corpusSection, (*lesson).header)
		if err != nil {
			return reweighted{}, err
		}
		f := reweighted{before: before.String(), after: after.String(), normSq: math.NaN(), sum: weightSum(set)}
		if err := l.readBack(); err != nil {
			f.refused = true
		} else if f.normSq, err = storedNormSq(l, 0); err != nil {
			return reweighted{}, err
		}
		r := report.New(w)
		r.Title("The header with GA's weights, then with %s", strings.Join(weights, ", "))
		rows := make([][]string, len(headerFields))
		for i, field := range headerFields {
			rows[i] = []string{field, headerValue(f.before, field), headerValue(f.after, field)}
		}
		r.Table([]string{"field", "GA's weights", strings.Join(weights, ", ")}, rows)
		r.Blank()
		if f.refused {
			r.Line("the reader refuses the file written with %s", strings.Join(weights, ", "))
			return f, r.Err()
		}
		r.Facts(0,
			report.Fact{Label: "sum of the similarity weights, as set", Value: kit.Fixed(f.sum)},
			report.Fact{Label: "voicing 0's squared norm, read back", Value: kit.Fixed(f.normSq)})
		return f, r.Err()
	},
		claim{Text: "the header's sqrt weights line changes", Holds: line("sqrt weights")},
		claim{Text: "the header's schema hash changes", Holds: line("schema hash")},
		claim{Text: "the header's dimension changes", Holds: line("dimension")},
		claim{Text: "the file size changes", Holds: line("file size")},
		claim{Text: "a stored vector's squared norm is the sum of the similarity weights, as set",
			Holds: func(f reweighted) bool { return !f.refused && math.Abs(f.normSq-f.sum) < 1e-3 }},
		claim{Text: "the reader refuses the file", Holds: func(f reweighted) bool { return f.refused }},
	).WithHints(
		"The schema hash is the CRC-32 of the compact layout: partition names and ranges. Is a weight among them?",
		"The writer scales each partition by the square root of its weight: what does a partition with weight 0 add to a vector's squared norm?",
	)
}

// headerFields are the header lines exercise 3 compares.
var headerFields = []string{"schema hash", "dimension", "sqrt weights, first dims", "file size"}

// headerValue is what the header line of the lesson's output that starts with field says.
func headerValue(out, field string) string {
	return strings.TrimSpace(strings.TrimPrefix(headerLine(out, field), field))
}

// headerLine is the line of the lesson's output that starts with prefix, "" for none.
func headerLine(out, prefix string) string {
	for line := range strings.SplitSeq(out, "\n") {
		if strings.HasPrefix(line, prefix) {
			return line
		}
	}
	return ""
}

// weightSum is the sum of the similarity partitions' weights, in floats as GA sums them.
func weightSum(partitions []embeddings.Partition) float64 {
	sum := 0.0
	for _, p := range embeddings.SimilarityPartitions(partitions) {
		sum += float64(p.Weight32())
	}
	return sum
}

// storedNormSq is the squared norm of voicing i's vector as the reader reads it.
func storedNormSq(l *lesson, i int64) (float64, error) {
	vec, err := l.reader.Vector(nil, i)
	if err != nil {
		return 0, err
	}
	sum := 0.0
	for _, v := range vec {
		sum += float64(v) * float64(v)
	}
	return sum, nil
}

// nearest is what exercise 4's claims are decided on: the search by open C's own vector.
type nearest struct {
	first                string
	sum, normSq, querySq float64
	unitPartitions       bool
}

// nearestExercise is exercise 4, on the index written with cfg: why the search by open C's own
// vector starts where it does.
func nearestExercise(cfg config) *learn.Exercise {
	type claim = learn.Claim[nearest]
	return learn.Choose(func(_ context.Context, w io.Writer) (nearest, error) {
		l, err := builtLesson(io.Discard, cfg, (*lesson).corpusSection, (*lesson).readBack)
		if err != nil {
			return nearest{}, err
		}
		l.r = report.New(w)
		if err := l.nearest(); err != nil {
			return nearest{}, err
		}
		i := slices.IndexFunc(l.corpus, func(e optick.CorpusVoicing) bool { return e.Voicing.Diagram() == openC })
		query := embeddings.ExtractCompact(l.corpus[i].RawFloat64(), cfg.partitions)
		results, err := optick.NewStrategy(l.reader).SemanticSearch(query, 1)
		if err != nil || len(results) == 0 {
			return nearest{}, fmt.Errorf("search by open C's vector: %v", err)
		}
		f := nearest{first: results[0].Diagram, sum: weightSum(cfg.partitions), unitPartitions: true}
		if f.normSq, err = storedNormSq(l, results[0].Index); err != nil {
			return nearest{}, err
		}
		vec, err := l.reader.Vector(nil, results[0].Index)
		if err != nil {
			return nearest{}, err
		}
		start := 0
		for _, p := range embeddings.SimilarityPartitions(cfg.partitions) {
			sum := 0.0
			for _, v := range vec[start : start+p.Dim()] {
				sum += float64(v) * float64(v)
			}
			f.unitPartitions = f.unitPartitions && math.Abs(sum-1) < 1e-3
			start += p.Dim()
		}
		for _, v := range query {
			f.querySq += v * v
		}
		l.r.Blank()
		l.r.Facts(0,
			report.Fact{Label: "sum of the similarity weights", Value: kit.Fixed(f.sum)},
			report.Fact{Label: "the first row's squared norm, read back", Value: kit.Fixed(f.normSq)},
			report.Fact{Label: "open C's compact vector, squared norm", Value: kit.Fixed(f.querySq)})
		return f, l.r.Err()
	},
		claim{Text: "the first row is open C itself", Holds: func(f nearest) bool { return f.first == openC }},
		claim{Text: "the similarity partitions' weights add up to 1", Holds: func(f nearest) bool { return math.Abs(f.sum-1) < 1e-6 }},
		claim{Text: "a stored vector's squared norm is the sum of the similarity partitions' weights",
			Holds: func(f nearest) bool { return math.Abs(f.normSq-f.sum) < 1e-3 }},
		claim{Text: "open C's query vector, its own compact vector, has length 1", Holds: func(f nearest) bool { return math.Abs(f.querySq-1) < 1e-3 }},
		claim{Text: "every similarity partition of a stored vector has length 1", Holds: func(f nearest) bool { return f.unitPartitions }},
	).WithHints(
		"The score is a dot product of two stored vectors; a vector with itself gives its squared norm.",
		"The writer normalises each partition on its own, then scales it: by what?",
	)
}
