package l13

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/dsl"
	"course/ga/keys"
	"course/ga/skills"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// analyzeClosure is the closure lesson 13 asks.
const analyzeClosure = "domain.analyzeProgression"

// step is one chord of a textbook progression: a degree of the key's scale (of the harmonic
// minor when raised) and the chord's suffix.
type step struct {
	degree int
	suffix string
	raised bool
}

// progressions are the textbook progressions lesson 13 asks in each of the 15 keys of
// their mode, with the numerals the textbook writes for them.
var progressions = []struct {
	name     string
	minor    bool
	steps    []step
	numerals string
}{
	{"I IV V I", false, []step{{0, "", false}, {3, "", false}, {4, "", false}, {0, "", false}}, "I IV V I"},
	{"IV V I", false, []step{{3, "", false}, {4, "", false}, {0, "", false}}, "IV V I"},
	{"I vi IV V", false, []step{{0, "", false}, {5, "m", false}, {3, "", false}, {4, "", false}}, "I vi IV V"},
	{"ii7 V7 Imaj7", false, []step{{1, "m7", false}, {4, "7", false}, {0, "maj7", false}}, "ii V I"},
	// V is a major triad, the harmonic minor's.
	{"i iv V i", true, []step{{0, "m", false}, {3, "m", false}, {4, "", false}, {0, "m", false}}, "i iv V i"},
	{"i iv v i", true, []step{{0, "m", false}, {3, "m", false}, {4, "m", false}, {0, "m", false}}, "i iv v i"},
	{"iiø7 V7 i", true, []step{{1, "m7b5", false}, {4, "7", false}, {0, "m", false}}, "iiø V i"},
	// vii°7 stands on the leading tone, the raised seventh degree.
	{"i iv vii°7 i", true, []step{{0, "m", false}, {3, "m", false}, {6, "dim7", true}, {0, "m", false}}, "i iv vii° i"},
}

// shownInFull are the questions of the grid printed in full after it, by progression and key.
var shownInFull = [][2]string{
	{"IV V I", "Bb major"}, {"ii7 V7 Imaj7", "Gb major"}, {"i iv v i", "G# minor"}, {"i iv vii°7 i", "D minor"},
}

// chromatic are progressions with chords from outside the key's natural scale, with the
// textbook's reading.
var chromatic = [][2]string{
	{"C Ab G C", "C major, I bVI V I"},
	{"C Eb F C", "C major, I bIII IV I"},
	{"C Bb F C", "C major, I bVII IV I"},
	{"C Ab Bb C", "C major, I bVI bVII I"},
	{"Am G#dim7 Am", "A minor, i vii° i"},
	{"Bm7b5 E7 Am", "A minor, iiø V i"},
}

// identify are the progressions whose first three keys of main's Identify the lesson prints.
var identify = []string{"C Bb F C", "C Ab Bb C"}

// diatonic are the chords the lesson asks main's IsChordDiatonic about, by key. G# minor's
// leading tone is F double sharp.
var diatonic = []struct {
	key    string
	chords []string
}{
	{"A minor", []string{"Am", "Bdim", "Bm7b5", "E", "E7", "G#dim7"}},
	{"G# minor", []string{"G#m", "D#7", "F#", "F##dim7"}},
}

// Options is what `course l13` needs to run.
type Options struct {
}

// NewCmd builds `course l13`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	return kit.NewCmd(kit.Spec[Options]{Use: "l13", Long: `Lesson 13: Roman numerals from the DSL, at the pin and on main.

domain.analyzeProgression names the key of a chord progression and labels each chord with a
Roman numeral. The chatbot's progression-analysis skill is still a draft waiting for a tool;
the closure already answers through ga_dsl_eval. The lesson shows what ga_dsl_list_closures
and ga_dsl_get_closure_schema tell the model about it, then asks it the draft's examples, eight
textbook progressions in the 30 keys and six with borrowed chords, at the pin and as main
after #625 has it.`, Run: run, Exercises: Exercises}, opts, runF)
}

// analyzer is one version of the DSL, asked through ga_dsl_eval.
type analyzer struct {
	version dsl.Version
	reg     *dsl.Registry
}

func (a analyzer) analyze(chords string) string {
	r := a.reg.EvalClosure(analyzeClosure, map[string]string{"chords": chords})
	return strings.ReplaceAll(r.Answer(), "\r\n", "\n")
}

// lesson carries what the sections share: both versions of the DSL and the draft's text.
type lesson struct {
	r        *report.Report
	versions []analyzer
	draft    string
}

func newLesson(w io.Writer) (*lesson, error) {
	draft, err := kit.SkillMdText("progression-analysis")
	if err != nil {
		return nil, err
	}
	return &lesson{
		r:        report.New(w),
		versions: []analyzer{{dsl.Pin, dsl.Pin.Bootstrap()}, {dsl.Main, dsl.Main.Bootstrap()}},
		draft:    draft,
	}, nil
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l, err := newLesson(w)
	if err != nil {
		return fmt.Errorf("l13: %w", err)
	}
	l.r.Heading("l13")
	return kit.RunSections(ctx, "l13", l.r, l.listed, l.draftExamples, l.textbook, l.outside)
}

// analysis is what lesson 13 reads of the closure's three lines: the key, the confidence and
// the numerals.
type analysis struct {
	key, confidence string
	numerals        []string
}

func readAnalysis(answer string) (analysis, error) {
	lines := strings.Split(answer, "\n")
	head, ok := strings.CutPrefix(lines[0], "Key: ")
	key, conf, ok2 := strings.Cut(head, "  (confidence ")
	if !ok || !ok2 || len(lines) < 3 {
		return analysis{}, fmt.Errorf("%s: unexpected answer %q", analyzeClosure, answer)
	}
	return analysis{key, strings.TrimSuffix(conf, ")"), strings.Fields(lines[2])}, nil
}

// show prints a version's answer under its commit, trailing spaces trimmed.
func (l *lesson) show(a analyzer, chords string) {
	lines := strings.Split(a.analyze(chords), "\n")
	l.r.Line("  %-8s %s", a.version.Commit, lines[0])
	for _, line := range lines[1:] {
		l.r.Line("  %-8s %s", "", strings.TrimRight(line, " "))
	}
}

// listed is section 1: what the tool list and the schema show the model of the closure.
func (l *lesson) listed() error {
	l.r.Title("What ga_dsl_list_closures and ga_dsl_get_closure_schema show the model")
	reg := l.versions[0].reg
	all := reg.ListClosures()
	i := slices.IndexFunc(all, func(e dsl.ListEntry) bool { return e.Name == analyzeClosure })
	if i < 0 {
		return fmt.Errorf("ga_dsl_list_closures does not list %s", analyzeClosure)
	}
	e := all[i]
	l.r.Line("%d closures listed, among them %s (%s): %s", len(all), e.Name, e.Category, e.Description)
	schema := reg.GetClosureSchema(analyzeClosure)
	if schema.Error != "" {
		return fmt.Errorf("ga_dsl_get_closure_schema: %s", schema.Error)
	}
	for _, in := range schema.Inputs {
		l.r.Line("input  %s: %s", in.Name, in.Type)
	}
	l.r.Line("output %s", schema.OutputType)
	return nil
}

// draftExamples is section 2: the draft skill's own examples, in both versions.
func (l *lesson) draftExamples() error {
	l.r.Title("The four examples of skills-dev/_pending-tools/progression-analysis/DRAFT.md")
	examples := skills.DraftExamples(l.draft)
	if len(examples) == 0 {
		return fmt.Errorf("the progression-analysis draft has no examples")
	}
	for _, ex := range examples {
		l.r.Line("\"%s\": the draft expects %s, %s", ex.Chords, ex.Key, ex.Numerals)
		for _, a := range l.versions {
			l.show(a, ex.Chords)
		}
	}
	return nil
}

// raise is the raised degree on the same letter: G to G#, Bb to B, F# to F##.
func raise(n theory.Note) theory.Note { return theory.Note{Letter: n.Letter, Acc: n.Acc + 1} }

// progressionChords spells a progression in a key.
func progressionChords(k theory.Tonality, steps []step) []string {
	scale := k.Notes()
	out := make([]string, len(steps))
	for i, s := range steps {
		n := scale[s.degree]
		if s.raised {
			n = raise(n)
		}
		out[i] = n.String() + s.suffix
	}
	return out
}

// textbook is section 3: the grid of the eight progressions in the 30 keys, both versions, its
// tally, and four questions in full.
func (l *lesson) textbook() error {
	l.r.Title("Eight textbook progressions in the 30 keys")
	tally := map[string]map[string]int{}
	type partialRow struct{ version, name string }
	var partial []partialRow
	var shown []string
	for _, minor := range []bool{false, true} {
		keysOfMode := theory.Tonalities(minor)
		tonics := make([]string, len(keysOfMode))
		for i, k := range keysOfMode {
			tonics[i] = fmt.Sprintf("%-2s", k.Tonic)
		}
		l.r.Blank()
		l.r.FixedRow([]int{22}, map[bool]string{false: "major keys", true: "minor keys"}[minor], strings.Join(tonics, " "))
		for _, p := range progressions {
			if p.minor != minor {
				continue
			}
			for vi, a := range l.versions {
				if tally[a.version.Commit] == nil {
					tally[a.version.Commit] = map[string]int{}
				}
				marks := make([]string, len(keysOfMode))
				for i, k := range keysOfMode {
					chords := strings.Join(progressionChords(k, p.steps), " ")
					an, err := readAnalysis(a.analyze(chords))
					if err != nil {
						return err
					}
					tonic, mode, _ := strings.Cut(an.key, " ")
					same := mode == k.Mode() && kit.RootPitchClass(tonic) == k.Tonic.PitchClass()
					// v colours the grade: the textbook's key and numerals right, the key under
					// its enharmonic name or with other numerals partly right, another key wrong.
					mark, v := "x", report.Wrong
					switch {
					case same && strings.Join(an.numerals, " ") != p.numerals:
						mark, v = "n", report.Lossy
					case same && an.key == k.String():
						mark, v = "=", report.Right
					case same:
						mark, v = "e", report.Lossy
					}
					tally[a.version.Commit][mark]++
					if count, total, _ := strings.Cut(an.confidence, "/"); count != total {
						partial = append(partial, partialRow{a.version.Commit, p.name})
					}
					if slices.Contains(shownInFull, [2]string{p.name, k.String()}) {
						if vi == 0 {
							shown = append(shown, fmt.Sprintf("%s, %s: \"%s\"", k, p.name, chords))
						}
						shown = append(shown, fmt.Sprintf("  %-8s Key: %s (%s), %s", a.version.Commit, an.key, an.confidence, strings.Join(an.numerals, " ")))
					}
					marks[i] = report.Mark(v, mark)
				}
				// Each key's grade a column of its own, two wide, so that each carries its verdict.
				widths := []int{13, 8}
				for range marks {
					widths = append(widths, 2)
				}
				l.r.FixedRow(widths, append([]string{p.name, a.version.Commit}, marks...)...)
			}
		}
	}
	l.r.Blank()
	l.r.Line("= the textbook key, spelled as the question, and the textbook numerals; e the same key under its")
	l.r.Line("enharmonic name, the textbook numerals; n the key, other numerals; x another key")
	for _, a := range l.versions {
		t := tally[a.version.Commit]
		var names []string
		counts := map[string]int{}
		for _, p := range partial {
			if p.version != a.version.Commit {
				continue
			}
			if counts[p.name] == 0 {
				names = append(names, p.name)
			}
			counts[p.name]++
		}
		below := "none"
		if len(names) > 0 {
			parts := make([]string, len(names))
			for i, n := range names {
				parts[i] = fmt.Sprintf("%s in %d keys", n, counts[n])
			}
			below = strings.Join(parts, ", ")
		}
		l.r.Line("%s: %d questions, = %d, e %d, n %d, x %d; confidence below the chord count: %s", a.version.Commit,
			t["="]+t["e"]+t["n"]+t["x"], t["="], t["e"], t["n"], t["x"], below)
	}
	l.r.Blank()
	for _, s := range shown {
		l.r.Line("%s", s)
	}
	return nil
}

// outside is section 4: progressions with borrowed chords and the harmonic minor's V and
// vii°, then what main's key service says of them.
func (l *lesson) outside() error {
	l.r.Title("Chords borrowed from the parallel minor, and the harmonic minor's V and vii°")
	for _, c := range chromatic {
		l.r.Line("\"%s\": the textbook reads %s", c[0], c[1])
		for _, a := range l.versions {
			l.show(a, c[0])
		}
	}
	for _, chords := range identify {
		cands := keys.Main.Identify(strings.Fields(chords))
		parts := make([]string, 0, 3)
		for _, c := range cands[:min(3, len(cands))] {
			parts = append(parts, fmt.Sprintf("%s %d/%d", c.Key, c.MatchCount, c.TotalChords))
		}
		l.r.Line("KeyIdentificationService.Identify on main, \"%s\": %s", chords, strings.Join(parts, ", "))
	}
	for _, d := range diatonic {
		parts := make([]string, len(d.chords))
		for i, c := range d.chords {
			parts[i] = c + " " + map[bool]string{true: "yes", false: "no"}[keys.Main.IsChordDiatonic(d.key, c)]
		}
		l.r.Line("KeyIdentificationService.IsChordDiatonic(\"%s\", ...) on main: %s", d.key, strings.Join(parts, ", "))
	}
	return nil
}
