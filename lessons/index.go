package lessons

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"course/internal/report"
	"course/lessons/l1"
	"course/lessons/l10"
	"course/lessons/l11"
	"course/lessons/l12"
	"course/lessons/l13"
	"course/lessons/l14"
	"course/lessons/l15"
	"course/lessons/l16"
	"course/lessons/l17"
	"course/lessons/l18"
	"course/lessons/l19"
	"course/lessons/l2"
	"course/lessons/l20"
	"course/lessons/l21"
	"course/lessons/l22"
	"course/lessons/l23"
	"course/lessons/l24"
	"course/lessons/l25"
	"course/lessons/l26"
	"course/lessons/l27"
	"course/lessons/l28"
	"course/lessons/l3"
	"course/lessons/l4"
	"course/lessons/l5"
	"course/lessons/l6"
	"course/lessons/l7"
	"course/lessons/l8"
	"course/lessons/l9"
)

// Lesson is one lesson of the course, ported or not.
type Lesson struct {
	// Slug is the lesson's command, "l6".
	Slug string
	// Title is the written lesson's title.
	Title string
	// About says in one line what the lesson covers, for the index.
	About string
	// New builds the lesson's command; nil while the lesson is not ported yet.
	New func() *cobra.Command
}

// Runs reports whether the course can run the lesson.
func (l Lesson) Runs() bool { return l.New != nil }

// Doc is the written lesson's file, relative to the repository.
func (l Lesson) Doc() string { return "docs/" + l.Slug + ".md" }

// Course lists every lesson of the course in order, the ones not ported yet included, so that
// the index shows a learner the whole path.
func Course() []Lesson {
	return []Lesson{
		{Slug: "l1", Title: "The map: what the chatbot host registers",
			About: "the orchestrator, 36 intents, 6 agents, 4 hooks and the embedding schema", New: func() *cobra.Command { return l1.NewCmd(nil) }},
		{Slug: "l2", Title: "The OPTIC-K schema and the embedding of a chord shape",
			About: "the embedding's partitions and weights, and what six chord shapes embed to", New: func() *cobra.Command { return l2.NewCmd(nil) }},
		{Slug: "l3", Title: "A small OPTIC-K index: write it, read it back, search it",
			About: "GA's index writer and reader, the query encoder and the search strategy's three searches", New: func() *cobra.Command { return l3.NewCmd(nil) }},
		{Slug: "l4", Title: "From a message to the answer",
			About: "a message through the host: the algebra guard, the voicing path, 500s, logs", New: func() *cobra.Command { return l4.NewCmd(nil) }},
		{Slug: "l5", Title: "The improvisation skill against chord-scale theory",
			About: "the improvisation skill's scales, graded by the course's chord-scale theory", New: func() *cobra.Command { return l5.NewCmd(nil) }},
		{Slug: "l6", Title: "The chatbot's answer on the wire",
			About: "the stream's bytes, GA's sentence splitter, two writers and three readers", New: func() *cobra.Command { return l6.NewCmd(nil) }},
		{Slug: "l7", Title: "Input that is not a chord",
			About: "the improvisation skill at the pin against PR #749's guard", New: func() *cobra.Command { return l7.NewCmd(nil) }},
		{Slug: "l8", Title: "GA's prompt corpus run as a gate without a model",
			About: "68 prompts checked as GA's corpus tests check them, then the gate tested", New: func() *cobra.Command { return l8.NewCmd(nil) }},
		{Slug: "l9", Title: "Intervals, scales and relative keys graded by letter arithmetic",
			About: "the interval, scale-info and relative-key skills: 441 intervals, 30 keys", New: func() *cobra.Command { return l9.NewCmd(nil) }},
		{Slug: "l10", Title: "SKILL.md skills that hand off to a model",
			About: "the DSL closures a model would call, and what the SKILL.md files claim of them", New: func() *cobra.Command { return l10.NewCmd(nil) }},
		{Slug: "l11", Title: "The key skill and the data in the model's prompt",
			About: "key identification at the pin and on main, tie order included", New: func() *cobra.Command { return l11.NewCmd(nil) }},
		{Slug: "l12", Title: "The two progression skills",
			About: "the mood skill's two texts and the completion skill's prompt", New: func() *cobra.Command { return l12.NewCmd(nil) }},
		{Slug: "l13", Title: "Roman numerals from the DSL, at the pin and on main",
			About: "domain.analyzeProgression over 240 questions, and the DSL's tool list", New: func() *cobra.Command { return l13.NewCmd(nil) }},
		{Slug: "l14", Title: "Chord substitution by interval-class vector",
			About: "substitution lists by ICV distance, pair relations, and the tools behind them", New: func() *cobra.Command { return l14.NewCmd(nil) }},
		{Slug: "l15", Title: "Spelling and naming chords",
			About: "the chord-info skill, GA's chord vocabulary and its tool over 588 chords", New: func() *cobra.Command { return l15.NewCmd(nil) }},
		{Slug: "l16", Title: "Chord voicings: extractor, encoder and index",
			About: "a grid of 144 chords through the voicing skill's search", New: func() *cobra.Command { return l16.NewCmd(nil) }},
		{Slug: "l17", Title: "Capo, tunings, and the first skill that says yes",
			About: "capo arithmetic, nine tunings, and the keyword fallback in registration order", New: func() *cobra.Command { return l17.NewCmd(nil) }},
		{Slug: "l18", Title: "Voice leading by least motion",
			About: "the voice-leading skill's permutations and spelling over 3,072 prompts", New: func() *cobra.Command { return l18.NewCmd(nil) }},
		{Slug: "l19", Title: "Voice leading between searched voicings",
			About: "fifteen index candidates per chord, 225 pairs, and their distance", New: func() *cobra.Command { return l19.NewCmd(nil) }},
		{Slug: "l20", Title: "Generated progressions",
			About: "nine templates, GA's twelve-key tables, roots, lengths, and stitching by voice leading", New: func() *cobra.Command { return l20.NewCmd(nil) }},
		{Slug: "l21", Title: "Searching voicings by words",
			About: "how a query is read into chord, mode and tags, and how results are scored", New: func() *cobra.Command { return l21.NewCmd(nil) }},
		{Slug: "l22", Title: "Neighbours by interval-class vector",
			About: "the sets within distance 2 of a chord's ICV over all 4,096 pitch-class sets", New: func() *cobra.Command { return l22.NewCmd(nil) }},
		{Slug: "l23", Title: "ICV deltas and shortest paths",
			About: "deltas between chords and breadth-first paths in GA's tie order", New: func() *cobra.Command { return l23.NewCmd(nil) }},
		{Slug: "l24", Title: "Set-class equivalence and GA's operation parser",
			About: "equivalence under transposition and inversion, and GA's F# parser", New: func() *cobra.Command { return l24.NewCmd(nil) }},
		{Slug: "l25", Title: "What reaches the transpose skill",
			About: "routing hints, SKILL.md triggers, two registrations, the router alone", New: func() *cobra.Command { return l25.NewCmd(nil) }},
		{Slug: "l26", Title: "Modes from the catalogue",
			About: "26 families and 165 names, each mode's formula, and how names are found", New: func() *cobra.Command { return l26.NewCmd(nil) }},
		{Slug: "l27", Title: "Chord tone, tension or avoid note",
			About: "the outside-notes skill's classification graded by the course's own rule", New: func() *cobra.Command { return l27.NewCmd(nil) }},
		{Slug: "l28", Title: "A skill only embeddings reach",
			About: "the theory-comparison skill's four expressions, and the host without them", New: func() *cobra.Command { return l28.NewCmd(nil) }},
	}
}

// All lists the lessons the course can run, in course order.
func All() []Lesson {
	var runs []Lesson
	for _, l := range Course() {
		if l.Runs() {
			runs = append(runs, l)
		}
	}
	return runs
}

// BySlug finds a lesson of the course, ported or not.
func BySlug(slug string) (Lesson, bool) {
	for _, l := range Course() {
		if l.Slug == slug {
			return l, true
		}
	}
	return Lesson{}, false
}

// NewCmdLessons builds `course lessons`, the index of the course.
func NewCmdLessons(runF func(io.Writer) error) *cobra.Command {
	return &cobra.Command{
		Use:   "lessons",
		Short: "List every lesson of the course, in order, and which ones run",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(cmd.OutOrStdout())
			}
			return RunIndex(cmd.OutOrStdout())
		},
	}
}

// RunIndex prints the course's index: every lesson with its title and whether it runs, the
// written lesson of those that do, and one line on what each lesson still to be ported covers.
func RunIndex(w io.Writer) error {
	r := report.New(w)
	var rows [][]string
	ported := 0
	for _, l := range Course() {
		if l.Runs() {
			ported++
			rows = append(rows, []string{l.Slug, "runs", l.Title + " (" + l.Doc() + ")"})
			continue
		}
		rows = append(rows, []string{l.Slug, "to come", l.Title}, []string{"", "", "  " + l.About})
	}
	r.Table([]string{"lesson", "status", "title"}, rows)
	r.Blank()
	r.Line("%d of %d lessons run: `course lN` runs one, beside its written lesson.", ported, len(Course()))
	return r.Err()
}

// NotPorted is the error of a lesson the course lists but cannot run yet.
func NotPorted(l Lesson) error {
	return fmt.Errorf("lesson %s (%s) is not ported yet: it covers %s; `course lessons` lists the lessons that run", l.Slug, l.Title, l.About)
}
