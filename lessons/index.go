// Package lessons is the course's one ordered list of lessons, which the root command, its help,
// `course lessons`, the README check and the snapshot guards read.
//
// A lesson is a package lessons/lN: Options for its flags, a kit.Spec naming its command, help,
// run and exercises, one method per section of the written lesson in print order, and its tests.
// A new lesson is that package, a line in Course below, its written lesson docs/lN.md and its
// snapshot snapshots/lN.txtar (`COURSE_UPDATE=1 go test ./cmd/root/` writes it).
package lessons

import (
	"context"

	"github.com/spf13/cobra"

	"course/learn"
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
	// New builds the lesson's command, its Short the lesson's title.
	New func() *cobra.Command
	// Exercises are the lesson's exercises, solved with the lesson's defaults.
	Exercises func() learn.Lesson
}

// lesson is an entry of the index; newCmd is the lesson package's NewCmd, and exercises its
// Exercises, solved here with the lesson's defaults, or nil when the lesson has none.
func lesson[O any](slug, title, about string, newCmd func(func(context.Context, *O) error) *cobra.Command, exercises func(*O) learn.Lesson) Lesson {
	return Lesson{Slug: slug, Title: title, About: about, New: func() *cobra.Command {
		cmd := newCmd(nil)
		cmd.Short = title
		return cmd
	}, Exercises: func() learn.Lesson {
		if exercises == nil {
			return learn.Lesson{Slug: slug}
		}
		return exercises(new(O))
	}}
}

// HasMain reports whether the lesson also runs on GA's main branch (`course lN --main`).
func (l Lesson) HasMain() bool { return l.New().Flags().Lookup("main") != nil }

// Doc is the written lesson's file, relative to the repository.
func (l Lesson) Doc() string { return "docs/" + l.Slug + ".md" }

// Course lists every lesson of the course in order: the one list that the root command, its
// help, the index, the README check and the snapshot and reference guards read.
func Course() []Lesson {
	return []Lesson{
		lesson("l1", "The map: what the chatbot host registers",
			"the orchestrator, 36 intents, 6 agents, 4 hooks and the embedding schema", l1.NewCmd, l1.Exercises),
		lesson("l2", "The OPTIC-K schema and the embedding of a chord shape",
			"the embedding's partitions and weights, and what six chord shapes embed to", l2.NewCmd, l2.Exercises),
		lesson("l3", "A small OPTIC-K index: write it, read it back, search it",
			"GA's index writer and reader, the query encoder and the search strategy's three searches", l3.NewCmd, l3.Exercises),
		lesson("l4", "From a message to the answer",
			"a message through the host: the algebra guard, the voicing path, 500s, logs", l4.NewCmd, nil),
		lesson("l5", "The improvisation skill against chord-scale theory",
			"the improvisation skill's scales, graded by the course's chord-scale theory", l5.NewCmd, nil),
		lesson("l6", "The chatbot's answer on the wire",
			"the stream's bytes, GA's sentence splitter, two writers and three readers", l6.NewCmd, l6.Exercises),
		lesson("l7", "Input that is not a chord",
			"the improvisation skill at the pin against PR #749's guard", l7.NewCmd, l7.Exercises),
		lesson("l8", "GA's prompt corpus run as a gate without a model",
			"68 prompts checked as GA's corpus tests check them, then the gate tested", l8.NewCmd, l8.Exercises),
		lesson("l9", "Intervals, scales and relative keys graded by letter arithmetic",
			"the interval, scale-info and relative-key skills: 441 intervals, 30 keys", l9.NewCmd, l9.Exercises),
		lesson("l10", "SKILL.md skills that hand off to a model",
			"the DSL closures a model would call, and what the SKILL.md files claim of them", l10.NewCmd, l10.Exercises),
		lesson("l11", "The key skill and the data in the model's prompt",
			"key identification at the pin and on main, tie order included", l11.NewCmd, l11.Exercises),
		lesson("l12", "The two progression skills",
			"the mood skill's two texts and the completion skill's prompt", l12.NewCmd, l12.Exercises),
		lesson("l13", "Roman numerals from the DSL, at the pin and on main",
			"domain.analyzeProgression over 240 questions, and the DSL's tool list", l13.NewCmd, l13.Exercises),
		lesson("l14", "Chord substitution by interval-class vector",
			"substitution lists by ICV distance, pair relations, and the tools behind them", l14.NewCmd, l14.Exercises),
		lesson("l15", "Spelling and naming chords",
			"the chord-info skill, GA's chord vocabulary and its tool over 588 chords", l15.NewCmd, l15.Exercises),
		lesson("l16", "Chord voicings: extractor, encoder and index",
			"a grid of 144 chords through the voicing skill's search", l16.NewCmd, l16.Exercises),
		lesson("l17", "Capo, tunings, and the first skill that says yes",
			"capo arithmetic, nine tunings, and the keyword fallback in registration order", l17.NewCmd, l17.Exercises),
		lesson("l18", "Voice leading by least motion",
			"the voice-leading skill's permutations and spelling over 3,072 prompts", l18.NewCmd, l18.Exercises),
		lesson("l19", "Voice leading between searched voicings",
			"fifteen index candidates per chord, 225 pairs, and their distance", l19.NewCmd, l19.Exercises),
		lesson("l20", "Generated progressions",
			"nine templates, GA's twelve-key tables, roots, lengths, and stitching by voice leading", l20.NewCmd, l20.Exercises),
		lesson("l21", "Searching voicings by words",
			"how a query is read into chord, mode and tags, and how results are scored", l21.NewCmd, l21.Exercises),
		lesson("l22", "Neighbours by interval-class vector",
			"the sets within distance 2 of a chord's ICV over all 4,096 pitch-class sets", l22.NewCmd, l22.Exercises),
		lesson("l23", "ICV deltas and shortest paths",
			"deltas between chords and breadth-first paths in GA's tie order", l23.NewCmd, l23.Exercises),
		lesson("l24", "Set-class equivalence and GA's operation parser",
			"equivalence under transposition and inversion, and GA's F# parser", l24.NewCmd, l24.Exercises),
		lesson("l25", "What reaches the transpose skill",
			"routing hints, SKILL.md triggers, two registrations, the router alone", l25.NewCmd, l25.Exercises),
		lesson("l26", "Modes from the catalogue",
			"26 families and 165 names, each mode's formula, and how names are found", l26.NewCmd, l26.Exercises),
		lesson("l27", "Chord tone, tension or avoid note",
			"the outside-notes skill's classification graded by the course's own rule", l27.NewCmd, l27.Exercises),
		lesson("l28", "A skill only embeddings reach",
			"the theory-comparison skill's four expressions, and the host without them", l28.NewCmd, l28.Exercises),
	}
}

// BySlug finds a lesson of the course.
func BySlug(slug string) (Lesson, bool) {
	for _, l := range Course() {
		if l.Slug == slug {
			return l, true
		}
	}
	return Lesson{}, false
}

// Exercises is the course's exercises, lesson by lesson in the course's order.
func Exercises() *learn.Course {
	c := &learn.Course{}
	for _, l := range Course() {
		c.Lessons = append(c.Lessons, l.Exercises())
	}
	return c
}
