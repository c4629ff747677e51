package l21

import (
	"context"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/embeddings"
	"course/ga/optick"
	"course/ga/query"
	"course/ga/revision"
	"course/ga/search"
	"course/ga/voicingtools"
	"course/internal/dotnet"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// sources says where SymbolicTagRegistry takes each bit's tags from
// (Common/GA.Business.Config/Configuration/SymbolicTagRegistry.cs:46-111 @ c781df5c).
var sources = []string{
	"SemanticNomenclature, Structure", "SemanticNomenclature, Register", "SemanticNomenclature, Playability",
	"GuitarTechniques.yaml", "ArticulationTechniques.yaml", "SemanticNomenclature, CAGED",
	"SemanticNomenclature, Mood", "SemanticNomenclature, Genre", "AdvancedHarmony.yaml", "VoiceLeading.yaml",
	"AtonalTechniques.yaml, KeyModulationTechniques.yaml", "IconicChords",
}

// prompts are GA's own example queries (the tool's description, the vocabulary, the
// voicing-search SKILL.md and the parked chatbot draft), then, from coursePrompt on, the
// course's.
var prompts = []string{
	"Cmaj7 drop2 jazz", "F# Lydian", "Dm7", "something warm and mellow",
	"show me Cmaj7 voicings", "drop-2 Dm7", "rootless G7 shapes", "Lydian on guitar", "jazz voicings", "shell voicings",
	"voicings with a similar quality to F#m7b5", "something warm and dreamy", "something jazzy in F minor for a ballad",
	"Find me a mellow Cm9", "Rootless Dm7 voicing", "Drop-2 voicing for Gmaj7", "Bright open-position Em",
	"the best G7 voicing", "what is a good Am7 voicing", "a sad chord for the end of a song",
}

// rootlessChords are the seventh chords the lesson asks "rootless" after.
var rootlessChords = []string{"Cmaj7", "Dm7", "Em7", "Fmaj7", "G7", "Am7", "C7", "D7", "E7", "A7"}

// coursePrompt is the first of the course's own prompts.
const coursePrompt = "the best G7 voicing"

// scoreQueries are the queries whose top score the scores section prints.
var scoreQueries = []string{"Cmaj7", "Cmaj7 jazz", "Cmaj7 drop2 jazz", "Cmaj7 shell dreamy jazz", "G7", "G7 shell", "G7 shell for"}

// draft is the parked chatbot draft's example answer for "mellow Cm9": its voicing, low E
// first, its chord and its tags.
var draft = struct {
	chart, chord string
	tags         []string
}{"x-3-5-3-3-3", "Cm9", []string{"low-density", "rootless-on-bass", "quartal-flavour"}}

// Options is what `course l21` needs to run.
type Options struct {
	// Revision is the GA whose pipeline builds and searches lesson 3's index for the search.
	Revision revision.Revision
	// SymbolicWeight, when set, replaces the SYMBOLIC partition's weight in the index and the
	// query, as an exercise asks.
	SymbolicWeight *float64
}

// NewCmd builds `course l21`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l21", Long: `Lesson 21: searching voicings by words.

Builds lesson 3's OPTIC-K index, then asks GA's two voicing-search MCP tools about it:
ga_voicing_vocabulary lists the roots, chord qualities, modes and 188 symbolic tags the
search reads, and ga_search_voicings reads a query into a chord, a mode and tags, encodes
them and returns the nearest voicings with their scores. The lesson asks the search every
entry of the vocabulary, its examples and GA's example queries, and shows which words it
reads as what, which of them change the answer, and how high a score can go.
With --main, the sections whose answers depend on the search, over the index GA's main branch
builds and searches.`, Run: run, Exercises: Exercises}, opts, runF)
	kit.MainFlag(cmd, &opts.Revision, "build and search the index as on GA's main branch (f4f5b4a)")
	ga := ""
	for _, p := range embeddings.Partitions() {
		if p.Name == "SYMBOLIC" {
			ga = dotnet.FormatSingle(p.Weight32(), 2, false)
		}
	}
	cmd.Flags().Var(optionalWeight{&opts.SymbolicWeight}, "symbolic-weight", "give the SYMBOLIC partition this `weight` in the index and the query (GA's: "+ga+")")
	return cmd
}

// optionalWeight is a flag that sets a weight only when it is given.
type optionalWeight struct{ w **float64 }

func (o optionalWeight) String() string {
	if o.w == nil || *o.w == nil {
		return ""
	}
	return strconv.FormatFloat(**o.w, 'f', -1, 64)
}

func (o optionalWeight) Set(s string) error {
	v, err := kit.ParseWeight(s)
	if err != nil {
		return err
	}
	*o.w = &v
	return nil
}

func (optionalWeight) Type() string { return "weight" }

// config is what the lesson's output depends on besides GA's code: the partition registry
// (the weights), GA's example queries and the vocabulary's examples.
type config struct {
	partitions []embeddings.Partition
	prompts    []string
	examples   []voicingtools.Example
	// rev is the GA asked: on main, its voicing pipeline and the sections the original program
	// asks it.
	rev revision.Revision
	// version replaces main's voicing pipeline, for tests that switch one of its changes off.
	version *optick.Version
}

// run runs the lesson on GA's registry, queries and examples, SYMBOLIC weighing
// --symbolic-weight when it is given.
func run(ctx context.Context, w io.Writer, opts *Options) error {
	partitions := embeddings.Partitions()
	if opts.SymbolicWeight != nil {
		var err error
		if partitions, err = kit.WithWeight(partitions, "SYMBOLIC", *opts.SymbolicWeight); err != nil {
			return fmt.Errorf("l21: %w", err)
		}
	}
	return runLesson(ctx, w, config{partitions: partitions, prompts: prompts, rev: opts.Revision})
}

// lesson carries what the sections share.
type lesson struct {
	cfg   config
	r     *report.Report
	tool  *voicingtools.SearchTool
	vocab voicingtools.Vocabulary
	// index is the index's voicings, in its order, and indexPCs the pitch classes each plays.
	index    []optick.CorpusVoicing
	indexPCs []theory.PCMask
	asked    map[string]answer
	// shapes holds each diagram already read: answers repeat voicings.
	shapes map[string]shape
}

// runLesson builds the index and runs the sections on cfg.
func runLesson(ctx context.Context, w io.Writer, cfg config) error {
	l, err := newLesson(w, cfg)
	if err != nil {
		return err
	}
	return l.run(ctx)
}

// run prints the sections in order.
func (l *lesson) run(ctx context.Context) error {
	l.r.Heading(l.cfg.rev.Heading("l21"))
	if l.cfg.rev.IsMain() {
		// ga_search_voicings, its vocabulary and the readers they call are the same on main;
		// the original program asks main the sections whose answers depend on the search.
		return kit.RunSections(ctx, "l21", l.r, l.examples, l.modes, l.tagsAfterChord, l.rootless, l.scores)
	}
	return kit.RunSections(ctx, "l21", l.r, l.vocabulary, l.examples, l.modes, l.tagsAfterChord, l.rootless, l.words, l.scores, l.draft)
}

// newLesson builds the index on cfg and the search tool over it, and asks the sections'
// queries once, printing nothing yet.
func newLesson(w io.Writer, cfg config) (*lesson, error) {
	l := &lesson{cfg: cfg, r: report.New(w), asked: map[string]answer{}, shapes: map[string]shape{}}
	version := cfg.rev.Voicings()
	if cfg.rev.IsMain() && cfg.version != nil {
		version = *cfg.version
	}
	l.vocab = voicingtools.VoicingVocabulary()
	if cfg.examples != nil {
		l.vocab.Examples = cfg.examples
	}
	reader, voicings, err := kit.CorpusIndex(cfg.partitions, version.Pipeline)
	if err != nil {
		return nil, err
	}
	l.index = voicings
	for _, c := range l.index {
		l.indexPCs = append(l.indexPCs, theory.MaskOf(c.MidiNotes...))
	}
	l.tool = voicingtools.NewSearchToolWith(reader, cfg.partitions, version)
	// The sections ask over two thousand queries; one pass over the index answers them all.
	for _, p := range l.prefetches() {
		if err := l.tool.Prefetch(p.queries, p.limit); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// vocabulary counts the vocabulary, lists its tags by bit, and asks each entry alone.
func (l *lesson) vocabulary() error {
	l.r.Title("What ga_voicing_vocabulary lists, and how ga_search_voicings reads it, %s", l.cfg.rev.Label())
	v := l.vocab
	l.r.Line("roots %d, chord-quality suffixes %d, modes %d, symbolic tags %d", len(v.Roots), len(v.Qualities), len(v.Modes), len(v.Tags))
	dims := 0
	for _, p := range l.cfg.partitions {
		if p.Name == "SYMBOLIC" {
			dims = p.Dim()
		}
	}
	l.r.Line("the query's SYMBOLIC partition: %d dimensions; a tag sets the one its bit names", dims)
	w := []int{4, 52, 5}
	l.r.FixedRow(w, "bit", "where the registry takes it from", "tags", "the first four")
	for bit, source := range sources {
		var these []string
		for _, t := range v.Tags {
			if bitOf(t) == bit {
				these = append(these, t)
			}
		}
		l.r.FixedRow(w, strconv.Itoa(bit), source, strconv.Itoa(len(these)), strings.Join(these[:min(4, len(these))], ", "))
	}
	var aliases []string
	for _, t := range v.Tags {
		if !strings.Contains(t, "-") && slices.ContainsFunc(v.Tags, func(o string) bool { return o != t && strings.ReplaceAll(o, "-", "") == t }) {
			aliases = append(aliases, t)
		}
	}
	l.r.Line("entries listed twice, with and without hyphens: %d, %s", len(aliases), strings.Join(aliases[:min(4, len(aliases))], ", "))
	famous := 0
	for _, t := range v.Tags {
		a, err := l.ask10(t)
		if err != nil {
			return err
		}
		if a.chord != "" && slices.Contains(a.tags, t) {
			famous++
		}
	}
	l.r.Line("tags that also give the query a chord, a famous chord's: %d", famous)
	l.r.Line("entries read otherwise when typed alone:")
	for _, t := range append(slices.Clone(v.Tags), v.Modes...) {
		a, err := l.ask10(t)
		if err != nil {
			return err
		}
		right := slices.Equal(a.tags, []string{t}) && a.mode == ""
		if slices.Contains(v.Modes, t) {
			right = a.mode == t && len(a.tags) == 0
		}
		if !right {
			l.r.Line("  %s: %s", t, a.reading())
		}
	}
	return nil
}

// examples asks the vocabulary's five examples as said and as rewritten.
func (l *lesson) examples() error {
	l.r.Title("The vocabulary's five examples, as the user said them and as it rewrites them, %s", l.cfg.rev.Label())
	w := []int{28, 34, 17, 26, 15}
	l.r.FixedRow(w, "the user said", "read as", "rewritten", "read as", "same voicings", "top scores")
	for _, e := range l.vocab.Examples {
		a, err := l.ask10(e.UserSaid)
		if err != nil {
			return err
		}
		b, err := l.ask10(e.CanonicalQuery)
		if err != nil {
			return err
		}
		if len(a.hits) == 0 || len(b.hits) == 0 {
			return fmt.Errorf("the example %q or %q found no voicing", e.UserSaid, e.CanonicalQuery)
		}
		// The rewrite is meant to ask for the same thing: the same voicings are right.
		same := a.voicings() == b.voicings()
		l.r.FixedRow(w, e.UserSaid, a.reading(), e.CanonicalQuery, b.reading(), report.Judge(same, report.Wrong, kit.YesNo(same)),
			score(a.hits[0].score)+", "+score(b.hits[0].score))
	}
	for _, q := range []string{"F minor", "Fm"} {
		a, err := l.ask10(q)
		if err != nil {
			return err
		}
		l.r.Line("%s, read as %s: %s", q, a.reading(), a.named(3))
	}
	return nil
}

// modes asks each mode after four chords, and alone.
func (l *lesson) modes() error {
	modes := l.vocab.Modes
	l.r.Title("The %d modes after a chord, and alone, %s", len(modes), l.cfg.rev.Label())
	w := []int{7, 6, 30}
	l.r.FixedRow(w, "chord", "modes", "the same ten voicings as alone", "the others, as read")
	for _, chord := range []string{"C", "Am", "G7", "Dm7"} {
		alone, err := l.ask10(chord)
		if err != nil {
			return err
		}
		var others []string
		for _, m := range modes {
			a, err := l.ask10(chord + " " + m)
			if err != nil {
				return err
			}
			if a.voicings() != alone.voicings() {
				others = append(others, m+": "+strings.Replace(a.reading(), "chord "+chord+", ", "", -1))
			}
		}
		l.r.FixedRow(w, chord, strconv.Itoa(len(modes)), strconv.Itoa(len(modes)-len(others)), strings.Join(others, "; "))
	}
	var zero, rest []string
	answers := map[string]answer{}
	for _, m := range modes {
		a, err := l.ask10(m)
		if err != nil {
			return err
		}
		answers[m] = a
		if !slices.ContainsFunc(a.hits, func(h hit) bool { return h.score != 0 }) {
			zero = append(zero, m)
		} else {
			rest = append(rest, m)
		}
	}
	if len(zero) == 0 {
		return fmt.Errorf("no mode alone answers with every score zero")
	}
	var first []string
	for _, c := range l.index[:min(10, len(l.index))] {
		s, err := l.shape(c.Diagram)
		if err != nil {
			return err
		}
		first = append(first, s.chart)
	}
	same := true
	for _, m := range zero {
		same = same && answers[m].voicings() == answers[zero[0]].voicings()
	}
	l.r.Line("modes alone: %d of %d answer with every score %s, all the same ten voicings: %s, the index's first ten: %s",
		len(zero), len(modes), score(0), kit.YesNo(same), kit.YesNo(answers[zero[0]].voicings() == strings.Join(first, " ")))
	l.r.Line("  %s", answers[zero[0]].named(len(answers[zero[0]].hits)))
	for _, m := range rest {
		a := answers[m]
		l.r.Line("  %s: %s, top score %s", m, a.reading(), score(a.hits[0].score))
	}
	return nil
}

// tagsAfterChord asks every tag after three chords and groups the answers by the tag's bit.
func (l *lesson) tagsAfterChord() error {
	tags := l.vocab.Tags
	l.r.Title("The %d symbolic tags after a chord, %s", len(tags), l.cfg.rev.Label())
	w := []int{7, 6, 18, 32}
	l.r.FixedRow(w, "chord", "tags", "different answers", "the same ten as the chord alone", "bits whose tags all answer alike")
	for _, chord := range []string{"Cmaj7", "Dm7", "G7"} {
		different, same, alike, err := l.tagsAfter(chord)
		if err != nil {
			return err
		}
		l.r.FixedRow(w, chord, strconv.Itoa(len(tags)), strconv.Itoa(different), strconv.Itoa(same), fmt.Sprintf("%d of %d", alike, len(sources)))
	}
	bare, err := l.ask10("Cmaj7")
	if err != nil {
		return err
	}
	var nothing []string
	for b := range sources {
		all := true
		for _, t := range tags {
			if bitOf(t) != b {
				continue
			}
			a, err := l.ask10("Cmaj7 " + t)
			if err != nil {
				return err
			}
			if slices.Contains(a.tags, t) && a.key() != bare.key() {
				all = false
			}
		}
		if all {
			nothing = append(nothing, strconv.Itoa(b))
		}
	}
	l.r.Line("for Cmaj7, the bits whose tags change nothing: %s", strings.Join(nothing, ", "))
	for _, p := range [][2]string{{"jazz", "rock-guitar"}, {"shell-voicing", "rootless"}, {"jazz", "shell-voicing"}} {
		x, err := l.ask10("Cmaj7 " + p[0])
		if err != nil {
			return err
		}
		y, err := l.ask10("Cmaj7 " + p[1])
		if err != nil {
			return err
		}
		l.r.Line("for Cmaj7, %s and %s: the same answer %s", p[0], p[1], kit.YesNo(x.key() == y.key()))
	}
	return nil
}

// tagsAfter asks every tag of the vocabulary after chord: how many different answers they
// give, how many give the chord's own, and the bits whose tags, each read, all answer alike.
func (l *lesson) tagsAfter(chord string) (different, same, alike int, err error) {
	alone, err := l.ask10(chord)
	if err != nil {
		return 0, 0, 0, err
	}
	keys := map[string]bool{}
	byBit := map[int]map[string]bool{}
	for _, t := range l.vocab.Tags {
		a, err := l.ask10(chord + " " + t)
		if err != nil {
			return 0, 0, 0, err
		}
		keys[a.key()] = true
		if a.key() == alone.key() {
			same++
		}
		if slices.Contains(a.tags, t) {
			b := bitOf(t)
			if byBit[b] == nil {
				byBit[b] = map[string]bool{}
			}
			byBit[b][a.key()] = true
		}
	}
	for _, ks := range byBit {
		if len(ks) == 1 {
			alike++
		}
	}
	return len(keys), same, alike, nil
}

// rootless asks "rootless" after ten seventh chords and counts the rootless voicings answered
// and in the index: three notes or more, all the chord's, none of them its root.
func (l *lesson) rootless() error {
	l.r.Title("\"rootless\" after a seventh chord, %s", l.cfg.rev.Label())
	w := []int{7, 22, 22}
	l.r.FixedRow(w, "chord", "ten voicings, rootless", "rootless in the index", "the first three")
	asked, found := 0, 0
	for _, chord := range rootlessChords {
		root, pcs, ok := search.TryParse(chord)
		if !ok {
			return fmt.Errorf("ChordPitchClasses cannot read %s", chord)
		}
		chordPCs := theory.MaskOf(pcs...)
		isRootless := func(notes int, pcs theory.PCMask) bool {
			return notes >= 3 && bits.OnesCount16(uint16(pcs)) >= 3 && pcs&theory.MaskOf(root) == 0 && pcs&^chordPCs == 0
		}
		a, err := l.ask10(chord + " rootless")
		if err != nil {
			return err
		}
		right := 0
		for _, h := range a.hits {
			if isRootless(len(h.shape.midi), h.shape.pcs) {
				right++
			}
		}
		inIndex := 0
		for i, c := range l.index {
			if isRootless(len(c.MidiNotes), l.indexPCs[i]) {
				inIndex++
			}
		}
		// Every voicing asked for is to be rootless.
		l.r.FixedRow(w, chord, report.Judge(right == len(a.hits), report.Wrong, fmt.Sprintf("%d of %d", right, len(a.hits))), strconv.Itoa(inIndex), a.named(3))
		asked, found = asked+len(a.hits), found+right
	}
	l.r.Line("voicings answered %d: rootless %d", asked, found)
	return nil
}

// words asks GA's example queries and shows the tags no registry key spells.
func (l *lesson) words() error {
	l.r.Title("GA's example queries, and words read as tags, %s", l.cfg.rev.Label())
	known := query.KnownTags()
	w := []int{41, 34, 12}
	l.r.FixedRow(w, "query", "read as", "top score", "words no tag spells, and the tag they match")
	for _, q := range l.cfg.prompts {
		if q == coursePrompt {
			l.r.Line("the course's:")
		}
		a, err := l.ask10(q)
		if err != nil {
			return err
		}
		var odd []string
		for _, t := range a.tags {
			if slices.ContainsFunc(known, func(k string) bool { return strings.EqualFold(k, t) }) {
				continue
			}
			i := slices.IndexFunc(known, func(k string) bool { return strings.Contains(t, k) || strings.Contains(k, t) })
			if i < 0 {
				return fmt.Errorf("the tag %q matches no key of the registry", t)
			}
			odd = append(odd, t+" → "+known[i])
		}
		top := "none"
		if len(a.hits) > 0 {
			top = score(a.hits[0].score)
		}
		l.r.FixedRow(w, q, a.reading(), top, strings.Join(odd, ", "))
	}
	return nil
}

// reachable lists the partitions a query fills and those always empty, each with its weight,
// and writes the highest score a query can reach: the filled partitions' weights added up.
func (l *lesson) reachable() (filled, empty []string, highest string) {
	var sum float64
	for _, p := range l.cfg.partitions {
		switch p.Name {
		case "STRUCTURE", "SYMBOLIC", "MODAL", "ROOT":
			filled = append(filled, p.Name+" "+dotnet.FormatSingle(p.Weight32(), 2, false))
			sum += float64(p.Weight32())
		case "MORPHOLOGY", "CONTEXT":
			empty = append(empty, p.Name+" "+dotnet.FormatSingle(p.Weight32(), 2, false))
		}
	}
	return filled, empty, dotnet.FormatSingle(float32(sum), 2, false)
}

// scores shows the partitions a query fills, the highest score it can reach, and the top scores
// of every chord the vocabulary spells.
func (l *lesson) scores() error {
	l.r.Title("The scores, %s", l.cfg.rev.Label())
	filled, empty, highest := l.reachable()
	l.r.Line("partitions a query fills: %s; always empty: %s", strings.Join(filled, ", "), strings.Join(empty, ", "))
	l.r.Line("the highest score a query can reach: %s", highest)
	best, arg := 0.0, ""
	chords := l.chordQueries()
	for _, q := range chords {
		a, err := l.ask(q, 1)
		if err != nil {
			return err
		}
		if len(a.hits) == 1 && a.hits[0].score > best {
			best, arg = a.hits[0].score, q
		}
	}
	l.r.Line("chord queries %d: the highest top score %s, for %s", len(chords), score(best), arg)
	for _, q := range scoreQueries {
		a, err := l.ask10(q)
		if err != nil {
			return err
		}
		if len(a.hits) == 0 {
			return fmt.Errorf("%q found no voicing", q)
		}
		l.r.Line("  %s: %s", q, score(a.hits[0].score))
	}
	return nil
}

// draft plays the parked draft's answer for "mellow Cm9" and asks its tags after the chord.
func (l *lesson) draft() error {
	l.r.Title("The parked draft's example answer for \"mellow Cm9\", %s", l.cfg.rev.Label())
	chart, err := theory.ParseChart(draft.chart)
	if err != nil {
		return err
	}
	shape := shapeOf(chart)
	_, pcs, ok := search.TryParse(draft.chord)
	if !ok {
		return fmt.Errorf("ChordPitchClasses cannot read %s", draft.chord)
	}
	var plays, is, out []string
	for _, m := range shape.midi {
		plays = append(plays, theory.SharpName(m))
	}
	for _, p := range pcs {
		is = append(is, theory.SharpName(p))
		if shape.pcs&theory.MaskOf(p) == 0 {
			out = append(out, theory.SharpName(p))
		}
	}
	l.r.Line("%s plays %s; %s is %s, and the voicing leaves out %s", draft.chart, strings.Join(plays, " "), draft.chord,
		strings.Join(is, " "), strings.Join(out, " "))
	for _, t := range draft.tags {
		a, err := l.ask10(draft.chord + " " + t)
		if err != nil {
			return err
		}
		l.r.Line("its tag %s: in the vocabulary %s, read as %s", t, kit.YesNo(slices.Contains(l.vocab.Tags, t)), a.reading())
	}
	return nil
}
