package l21

import (
	"context"
	"fmt"
	"io"
	"strings"

	"course/ga/embeddings"
	"course/learn"
	"course/lessons/kit"
)

// Exercises is lesson 21's exercises, in the order docs/l21.md asks them, solved at the
// pin whatever the lesson's flags say: each question names its own input.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l21",
		zeroScoresExercise("Lydian on guitar"),
		sameVoicingsExercise("Cmaj7 for", "Cmaj7 normal-form"),
		symbolicWeightExercise(0),
	)
}

// exerciseLesson is the lesson at the pin on partitions, its index built, printing to out.
func exerciseLesson(partitions []embeddings.Partition, out io.Writer) (*lesson, error) {
	return newLesson(out, config{partitions: partitions, prompts: prompts})
}

// answerRows prints what the tool reads of q and the voicings it answers, and returns them.
func (l *lesson) answerRows(q string) (answer, error) {
	a, err := l.ask10(q)
	if err != nil {
		return a, err
	}
	l.r.Title("%q: read as %s", q, a.reading())
	w := []int{4, 14, 8}
	l.r.FixedRow(w, "", "chart", "score", "name")
	for i, h := range a.hits {
		l.r.FixedRow(w, fmt.Sprint(i+1), h.shape.chart, score(h.score), h.name)
	}
	return a, nil
}

// zeroScores is what exercise 1's claims are decided on: what the tool reads in the query, and
// whether its answer scores 0 throughout (zero) and is the index's first voicings in its order
// (first).
type zeroScores struct {
	read        answer
	instrument  string
	zero, first bool
}

// zeroScoresExercise is exercise 1, on query q.
func zeroScoresExercise(q string) *learn.Exercise {
	type claim = learn.Claim[zeroScores]
	return learn.Choose(func(_ context.Context, w io.Writer) (zeroScores, error) {
		l, err := exerciseLesson(embeddings.Partitions(), w)
		if err != nil {
			return zeroScores{}, err
		}
		a, err := l.answerRows(q)
		if err != nil {
			return zeroScores{}, err
		}
		raw, err := l.tool.Search(q, 10)
		if err != nil {
			return zeroScores{}, err
		}
		instrument := ""
		if raw.Interpreted != nil {
			instrument = raw.Interpreted.Instrument
		}
		l.r.Line("instrument read: %s", orNone(instrument))
		zero, first := len(a.hits) > 0, len(a.hits) > 0
		for i, h := range a.hits {
			zero = zero && h.score == 0
			if i >= len(l.index) {
				first = false
				continue
			}
			s, err := l.shape(l.index[i].Diagram)
			if err != nil {
				return zeroScores{}, err
			}
			first = first && s.chart == h.shape.chart
		}
		var firsts []string
		for _, c := range l.index[:min(len(a.hits), len(l.index))] {
			s, err := l.shape(c.Diagram)
			if err != nil {
				return zeroScores{}, err
			}
			firsts = append(firsts, s.chart)
		}
		l.r.Line("the index's first %d voicings: %s", len(firsts), strings.Join(firsts, " "))
		return zeroScores{a, instrument, zero, first}, l.r.Err()
	},
		claim{Text: fmt.Sprintf("ga_search_voicings reads a mode from %q", q), Holds: func(f zeroScores) bool { return f.read.mode != "" }},
		claim{Text: fmt.Sprintf("it reads a chord from %q", q), Holds: func(f zeroScores) bool { return f.read.chord != "" }},
		claim{Text: fmt.Sprintf("it reads a symbolic tag from %q", q), Holds: func(f zeroScores) bool { return len(f.read.tags) > 0 }},
		claim{Text: fmt.Sprintf("it reads an instrument from %q", q), Holds: func(f zeroScores) bool { return f.instrument != "" }},
		claim{Text: "every score of the answer is 0", Holds: func(f zeroScores) bool { return f.zero }},
		claim{Text: "the answer is the index's first ten voicings, in the index's order", Holds: func(f zeroScores) bool { return f.first }},
	).WithHints(
		"The tool's reply says what it read in its \"interpreted\" part: look at the chord, the mode, the tags and the instrument.",
		"Which of those does the query vector encode? A vector of zeros scores 0 against every voicing, and ties keep the index's order.",
	)
}

// orNone is s, or "none" when it is empty.
func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// sameVoicingsExercise is exercise 2, on two queries.
func sameVoicingsExercise(q1, q2 string) *learn.Exercise {
	return learn.Compute(learn.YesNo, func(_ context.Context, w io.Writer) (string, error) {
		l, err := exerciseLesson(embeddings.Partitions(), w)
		if err != nil {
			return "", err
		}
		a, err := l.answerRows(q1)
		if err != nil {
			return "", err
		}
		b, err := l.answerRows(q2)
		if err != nil {
			return "", err
		}
		l.r.Blank()
		for _, t := range append(a.tags, b.tags...) {
			l.r.Line("the tag %s sets bit %d", t, bitOf(t))
		}
		same := a.voicings() == b.voicings()
		l.r.Line("the same voicings: %s", kit.YesNo(same))
		return kit.YesNo(same), l.r.Err()
	}).WithHints(
		"Section 4's rule: a word of three letters or more that a registry key contains, or that contains one, is read as that tag.",
		"A tag only sets its bit of the SYMBOLIC partition; two tags of the same bit make the same query vector.",
	)
}

// symbolicWeightExercise is exercise 3, with the SYMBOLIC partition weighing weight.
func symbolicWeightExercise(weight float64) *learn.Exercise {
	return learn.Compute(learn.Numbers.Saying("two numbers: the highest score a query can reach, then the number of different answers the tags after Cmaj7 give").Counting(), func(_ context.Context, w io.Writer) (string, error) {
		partitions, err := kit.WithWeight(embeddings.Partitions(), "SYMBOLIC", weight)
		if err != nil {
			return "", err
		}
		l, err := exerciseLesson(partitions, w)
		if err != nil {
			return "", err
		}
		filled, empty, highest := l.reachable()
		different, same, _, err := l.tagsAfter("Cmaj7")
		if err != nil {
			return "", err
		}
		l.r.Title("With SYMBOLIC weighing %s", kit.Number(weight))
		l.r.Line("partitions a query fills: %s; always empty: %s", strings.Join(filled, ", "), strings.Join(empty, ", "))
		l.r.Line("the highest score a query can reach: %s", highest)
		l.r.Line("the %d tags after Cmaj7: different answers %d; the same answer as Cmaj7 alone %d", len(l.vocab.Tags), different, same)
		for _, q := range scoreQueries {
			a, err := l.ask10(q)
			if err != nil {
				return "", err
			}
			if len(a.hits) > 0 {
				l.r.Line("  %s: %s", q, score(a.hits[0].score))
			}
		}
		return fmt.Sprintf("%s, %d", highest, different), l.r.Err()
	}).WithHints(
		"The highest score is the weights of the partitions a query fills, added up.",
		"The weight multiplies the SYMBOLIC slice of both the index's vectors and the query's: what is left of a tag then?",
	)
}
