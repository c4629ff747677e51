package l21

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"course/ga/embeddings"
	"course/internal/dotnet"
	"course/theory"
)

// How the lesson asks ga_search_voicings and reads its answers as an MCP client does: the
// queries the sections ask are searched before they print, and each answer is read once.

// shape is a voicing as a chart: the chart low E first, its MIDI notes in that order and
// its pitch classes.
type shape struct {
	chart string
	midi  []int
	pcs   theory.PCMask
}

// shapeOf is the shape of a chart the course has read.
func shapeOf(c theory.Chart) shape {
	return shape{chart: c.String(), midi: c.Midi(), pcs: c.PitchClasses()}
}

// hit is one voicing of an answer.
type hit struct {
	score float64
	shape shape
	name  string
}

// answer is ga_search_voicings' answer as a client reads it.
type answer struct {
	chord, mode string
	tags        []string
	hits        []hit
	// keyText is key's text, written once the hits are known: the sections compare answers
	// by it thousands of times.
	keyText string
}

// voicings are the answer's charts.
func (a answer) voicings() string {
	out := make([]string, len(a.hits))
	for i, h := range a.hits {
		out[i] = h.shape.chart
	}
	return strings.Join(out, " ")
}

// key is the answer's voicings and scores: two answers with the same key answer alike.
func (a answer) key() string { return a.keyText }

// writeKey writes the answer's key of its hits.
func (a *answer) writeKey() {
	out := make([]string, len(a.hits))
	for i, h := range a.hits {
		out[i] = score(h.score)
	}
	a.keyText = a.voicings() + "|" + strings.Join(out, " ")
}

// reading says what the tool read: the chord, the mode, the tags, or nothing.
func (a answer) reading() string {
	var parts []string
	if a.chord != "" {
		parts = append(parts, "chord "+a.chord)
	}
	if a.mode != "" {
		parts = append(parts, "mode "+a.mode)
	}
	if len(a.tags) > 0 {
		parts = append(parts, "tags "+strings.Join(a.tags, " "))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// named lists the first n hits as "chart name".
func (a answer) named(n int) string {
	var out []string
	for _, h := range a.hits[:min(n, len(a.hits))] {
		out = append(out, h.shape.chart+" "+h.name)
	}
	return strings.Join(out, ", ")
}

// score writes a score as "0.0000".
func score(v float64) string { return dotnet.FormatDouble(v, 4, false) }

// prefetch is queries searched together with limit.
type prefetch struct {
	limit   int
	queries []string
}

// prefetches are the queries newLesson searches before the sections run, one pass over the
// index for each limit. A query a section asks that is not among them costs a pass of its own:
// TestPrefetchHoldsEveryQuery runs the sections and fails on any such query.
func (l *lesson) prefetches() []prefetch {
	return []prefetch{{10, l.queries()}, {1, l.chordQueries()}}
}

// queries are the queries the sections ask with the tool's default limit.
func (l *lesson) queries() []string {
	v := l.vocab
	qs := append(slices.Clone(v.Tags), v.Modes...)
	for _, e := range v.Examples {
		qs = append(qs, e.UserSaid, e.CanonicalQuery)
	}
	qs = append(qs, "F minor", "Fm")
	for _, chord := range []string{"C", "Am", "G7", "Dm7", "Cmaj7"} {
		qs = append(qs, chord)
		for _, m := range v.Modes {
			qs = append(qs, chord+" "+m)
		}
		for _, t := range v.Tags {
			qs = append(qs, chord+" "+t)
		}
	}
	for _, chord := range rootlessChords {
		qs = append(qs, chord+" rootless")
	}
	qs = append(qs, l.cfg.prompts...)
	qs = append(qs, scoreQueries...)
	for _, t := range draft.tags {
		qs = append(qs, draft.chord+" "+t)
	}
	return qs
}

// chordQueries are the chords the vocabulary spells: every root, alone and with every quality.
func (l *lesson) chordQueries() []string {
	var qs []string
	for _, root := range l.vocab.Roots {
		for _, s := range append([]string{""}, l.vocab.Qualities...) {
			qs = append(qs, root+s)
		}
	}
	return qs
}

// ask puts a query to ga_search_voicings and reads its answer as an MCP client does.
func (l *lesson) ask(q string, limit int) (answer, error) {
	key := askKey(q, limit)
	if a, ok := l.asked[key]; ok {
		return a, nil
	}
	ans, err := l.tool.Search(q, limit)
	if err != nil {
		return answer{}, err
	}
	if ans.Error != "" {
		return answer{}, fmt.Errorf("ga_search_voicings %q: %s", q, ans.Error)
	}
	var a answer
	if in := ans.Interpreted; in != nil {
		a.chord, a.mode, a.tags = in.Chord, in.Mode, in.Tags
	}
	for _, h := range ans.Results {
		s, err := l.shape(h.Diagram)
		if err != nil {
			return answer{}, err
		}
		a.hits = append(a.hits, hit{h.Score, s, h.ChordName})
	}
	a.writeKey()
	l.asked[key] = a
	return a, nil
}

// askKey is the key of the answer to q asked with limit in lesson.asked.
func askKey(q string, limit int) string { return strconv.Itoa(limit) + "\x00" + q }

// shape reads a GA diagram, once per diagram.
func (l *lesson) shape(diagram string) (shape, error) {
	if s, ok := l.shapes[diagram]; ok {
		return s, nil
	}
	c, err := theory.ParseDiagram(diagram)
	if err != nil {
		return shape{}, err
	}
	s := shapeOf(c)
	l.shapes[diagram] = s
	return s, nil
}

// ask10 asks with the tool's default limit, ten.
func (l *lesson) ask10(q string) (answer, error) { return l.ask(q, 10) }

// bitOf is the registry's bit for a tag, -1 for none.
func bitOf(tag string) int {
	if b, ok := embeddings.BitIndex(tag); ok {
		return b
	}
	return -1
}
