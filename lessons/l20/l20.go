package l20

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/fixtures"
	"course/ga/composition"
	"course/ga/config"
	"course/ga/optick"
	"course/ga/revision"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// template is one of the tool's templates and the mode of the keys it is played in.
type template struct {
	name  string
	minor bool
}

// templates are the nine templates in the order of the tool's description.
var templates = []template{
	{"ii-V-I", false}, {"circle-of-fifths", false}, {"rhythm-changes-a", false}, {"I-V-vi-IV", false},
	{"I-vi-IV-V", false}, {"canon", false}, {"12-bar-blues", false}, {"minor-vamp", true}, {"andalusian", true},
}

// roots are the roots the lesson hands the tool, each with a template.
var roots = []struct{ root, template string }{
	{"C", "I-V-vi-IV"}, {"c", "I-V-vi-IV"}, {"B", "I-V-vi-IV"}, {"b", "I-V-vi-IV"}, {"Bb", "I-V-vi-IV"},
	{"bb", "I-V-vi-IV"}, {"B♭", "I-V-vi-IV"}, {"Cb", "I-V-vi-IV"}, {"E#", "I-V-vi-IV"},
	{"F major", "I-V-vi-IV"}, {"D minor", "I-V-vi-IV"}, {"D minor", "andalusian"}, {"Dm", "andalusian"},
	{"C", "andalusian"}, {"C7b9", "andalusian"},
	{"Cmaj7", "ii-V-I"},
}

// lengths are the lengths the lesson asks for; nil leaves the argument out.
func lengths() []*int {
	out := []*int{nil}
	for _, n := range []int{0, -1, 4, 13, 100000} {
		out = append(out, &n)
	}
	return out
}

// pairs are the catalogue's tables the tool answers, each with its template; the blues
// table lists only the I, IV and V chords, so the tool's answer is read at those numerals.
var pairs = []struct {
	table, template string
	romans          []string
}{
	{"ii–V–I (Major) — 12 keys", "ii-V-I", nil},
	{"Pop I–V–vi–IV — 12 keys (triads)", "I-V-vi-IV", nil},
	{"12-Bar Blues — common guitar keys", "12-bar-blues", []string{"I7", "IV7", "V7"}},
}

// Options is what `course l20` needs to run.
type Options struct {
	// Revision is the GA asked: on main, the templates are stitched over lesson 3's index as
	// GA's main branch builds and searches it, the one section whose answer depends on main.
	Revision revision.Revision
	// version replaces main's voicing pipeline, for tests that switch one of its changes off.
	version *optick.Version

	// templates replaces GA's template library and catalogue replaces the progression
	// catalogue fixture, for tests that change one of them; nil means GA's.
	templates composition.Templates
	catalogue []byte
}

// NewCmd builds `course l20`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l20", Long: `Lesson 20: generated progressions.

Calls GA's ga_generate_progression tool in-process: its nine templates in the
thirty keys a textbook writes, spelled against the course's own music theory; the
tool against the twelve-key tables of GA's progression catalogue; the roots it
reads; and the lengths it loops or cuts to, up to 100,000 chords and the size of
their JSON. Then it stitches each template with ga_voice_leading_pair over lesson
3's OPTIC-K voicing index, against the least total motion among the same
candidates. With --main, the stitching over the index GA's main branch builds and searches.`, Run: run, Exercises: Exercises}, opts, runF)
	kit.MainFlag(cmd, &opts.Revision, "build and search the index as on GA's main branch (f4f5b4a)")
	return cmd
}

// lesson carries what the sections share: the tool's templates and the catalogue.
type lesson struct {
	r         *report.Report
	templates composition.Templates
	catalogue []byte
	// rev is the GA asked, and version its voicing pipeline.
	rev     revision.Revision
	version optick.Version
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l := &lesson{r: report.New(w), templates: opts.templates, catalogue: opts.catalogue,
		rev: opts.Revision, version: opts.Revision.Voicings()}
	if l.templates == nil {
		l.templates = composition.GATemplates()
	}
	if l.catalogue == nil {
		l.catalogue = fixtures.ChordProgressions
	}
	l.r.Heading(l.rev.Heading("l20"))
	if l.rev.IsMain() {
		// ga_generate_progression and its parser are the same on main; only the stitching
		// searches the index.
		if opts.version != nil {
			l.version = *opts.version
		}
		return kit.RunSections(ctx, "l20", l.r, l.stitchTable)
	}
	return kit.RunSections(ctx, "l20", l.r, l.templatesTable, l.catalogueTables, l.rootsTable, l.lengthTable, l.stitchTable)
}

// textbookSymbol is the chord as a textbook writes it in key: the root on the numeral's
// letter that is the chord's distance above the tonic, and the tool's quality.
func textbookSymbol(key theory.Tonality, c composition.Chord) (string, error) {
	_, quality, err := theory.SplitSymbol(c.Symbol)
	if err != nil {
		return "", err
	}
	root, err := key.ChordRoot(c.Roman, c.Degree)
	if err != nil {
		return "", err
	}
	return root.String() + quality, nil
}

// textbookPitchClasses are the pitch classes of the tool's symbol as the course spells it,
// ascending.
func textbookPitchClasses(symbol string) ([]int, error) {
	chord, err := theory.ParseChord(symbol)
	if err != nil {
		return nil, err
	}
	pcs := make([]int, 0, len(chord.Tones))
	for _, t := range chord.Tones {
		pcs = append(pcs, t.PitchClass())
	}
	slices.Sort(pcs)
	return slices.Compact(pcs), nil
}

// majorKeyOf is the major key of a catalogue row, whose key is a tonic's name.
func majorKeyOf(tonic string) (theory.Tonality, error) {
	n, err := theory.ParseNote(tonic)
	if err != nil {
		return theory.Tonality{}, fmt.Errorf("progression catalogue: key %q: %w", tonic, err)
	}
	return theory.Tonality{Tonic: n}, nil
}

// templatesTable is section 1: every template in every key a signature writes, each chord's
// symbol against the textbook's spelling and its pitch classes against the symbol's.
func (l *lesson) templatesTable() error {
	l.r.Title("The nine templates in the keys a textbook writes, at the pin, against the textbook's spelling")
	widths := []int{18, 7, 6, 8, 15}
	l.r.FixedRow(widths, "template", "mode", "keys", "chords", "spelled right", "pitch classes right")
	type miss struct {
		text  string
		count int
	}
	var labels []string
	wrong := map[string][]miss{}
	total, spelled, pcsRight := 0, 0, 0
	for _, tpl := range templates {
		keys := theory.SignatureTable(tpl.minor)
		c, s, p := 0, 0, 0
		for _, key := range keys {
			chords, err := spellTemplate(l.templates, key, tpl.name)
			if err != nil {
				return err
			}
			for _, chord := range chords {
				c++
				if chord.spelledRight() {
					s++
				} else {
					label := key.String()
					if _, ok := wrong[label]; !ok {
						labels = append(labels, label)
					}
					text := chord.symbol + " for " + chord.textbook
					i := slices.IndexFunc(wrong[label], func(m miss) bool { return m.text == text })
					if i < 0 {
						wrong[label] = append(wrong[label], miss{text, 1})
					} else {
						wrong[label][i].count++
					}
				}
				if chord.pcsRight {
					p++
				}
			}
		}
		mode := "major"
		if tpl.minor {
			mode = "minor"
		}
		// Every chord right is green; a chord on the right pitches but spelled otherwise is a
		// changed answer, yellow; a wrong pitch class red.
		l.r.FixedRow(widths, tpl.name, mode, strconv.Itoa(len(keys)), strconv.Itoa(c),
			report.Judge(s == c, report.Lossy, strconv.Itoa(s)), report.Judge(p == c, report.Wrong, strconv.Itoa(p)))
		total, spelled, pcsRight = total+c, spelled+s, pcsRight+p
	}
	l.r.Line("chords %d: spelled right %d, pitch classes right %d", total, spelled, pcsRight)
	l.r.Line("the chords spelled otherwise, as the tool writes them, with the textbook's spelling and their count:")
	for _, label := range labels {
		parts := make([]string, len(wrong[label]))
		for i, m := range wrong[label] {
			parts[i] = fmt.Sprintf("%s %d", m.text, m.count)
		}
		l.r.Line("  %s %s", report.Pad(label, 10), strings.Join(parts, ", "))
	}
	return nil
}

// spelledChord is a chord of the tool's answer beside the textbook's spelling of it in the key,
// and whether its pitch classes are the symbol's.
type spelledChord struct {
	symbol, textbook string
	pcsRight         bool
}

// spelledRight reports whether the tool writes the chord as a textbook does.
func (c spelledChord) spelledRight() bool { return c.symbol == c.textbook }

// spellTemplate generates template in key with the tool and sets each chord beside the
// textbook's spelling.
func spellTemplate(templates composition.Templates, key theory.Tonality, template string) ([]spelledChord, error) {
	tonic := key.Tonic.String()
	answer := templates.Generate(tonic, template, nil)
	if answer.Error != "" {
		return nil, fmt.Errorf("%s %s: %s", tonic, template, answer.Error)
	}
	var out []spelledChord
	for _, chord := range answer.Chords() {
		textbook, err := textbookSymbol(key, chord)
		if err != nil {
			return nil, err
		}
		want, err := textbookPitchClasses(chord.Symbol)
		if err != nil {
			return nil, err
		}
		out = append(out, spelledChord{chord.Symbol, textbook, slices.Equal(want, chord.PitchClasses)})
	}
	return out, nil
}

// catalogueTables is section 2: the tool against three of the catalogue's tables, key by key,
// and the rows whose chords a textbook spells otherwise.
func (l *lesson) catalogueTables() error {
	l.r.Title("The tool against the twelve-key tables of GA's ChordProgressions.yaml, at the pin")
	tables, err := config.ReadTransposeTables(l.catalogue)
	if err != nil {
		return err
	}
	widths := []int{36, 15, 6, 13}
	l.r.FixedRow(widths, "table", "template", "keys", "same chords", "spelled otherwise by a textbook")
	for _, pair := range pairs {
		i := slices.IndexFunc(tables, func(t config.TransposeTable) bool { return t.Name == pair.table })
		if i < 0 {
			return fmt.Errorf("progression catalogue: no table %q", pair.table)
		}
		rows := tables[i].Rows
		same := 0
		var off []string
		for _, row := range rows {
			answer := l.templates.Generate(row.Key, pair.template, nil)
			if answer.Error != "" {
				return fmt.Errorf("%s %s: %s", row.Key, pair.template, answer.Error)
			}
			chords := answer.Chords()
			picked := chords
			if pair.romans != nil {
				picked = nil
				for _, roman := range pair.romans {
					j := slices.IndexFunc(chords, func(c composition.Chord) bool { return c.Roman == roman })
					if j < 0 {
						return fmt.Errorf("%s %s: no %s chord", row.Key, pair.template, roman)
					}
					picked = append(picked, chords[j])
				}
			}
			symbols := make([]string, len(picked))
			for j, c := range picked {
				symbols[j] = c.Symbol
			}
			if slices.Equal(symbols, row.Chords) {
				same++
			}
			key, err := majorKeyOf(row.Key)
			if err != nil {
				return err
			}
			textbook := make([]string, len(picked))
			differs := false
			for j, c := range picked {
				if textbook[j], err = textbookSymbol(key, c); err != nil {
					return err
				}
				differs = differs || textbook[j] != c.Symbol
			}
			if differs {
				off = append(off, fmt.Sprintf("%s: %s, textbook %s", row.Key, strings.Join(row.Chords, " "), strings.Join(textbook, " ")))
			}
		}
		verdict := "none"
		if len(off) > 0 {
			verdict = strings.Join(off, "; ")
		}
		l.r.FixedRow(widths, pair.table, pair.template, strconv.Itoa(len(rows)),
			report.Judge(same == len(rows), report.Wrong, strconv.Itoa(same)), report.Judge(len(off) == 0, report.Lossy, verdict))
	}
	return nil
}

// rootsTable is section 3: what the tool makes of roots written in other ways.
func (l *lesson) rootsTable() error {
	l.r.Title("The roots the tool reads, at the pin")
	widths := []int{10, 14}
	l.r.FixedRow(widths, "root", "template", "chords, or the error")
	for _, ask := range roots {
		answer := l.templates.Generate(ask.root, ask.template, nil)
		l.r.FixedRow(widths, ask.root, ask.template, chordsOrError(answer))
	}
	return nil
}

// chordsOrError is the answer's chord symbols, or its error.
func chordsOrError(p composition.Progression) string {
	if p.Error != "" {
		return p.Error
	}
	symbols := make([]string, p.Len())
	for i := range symbols {
		symbols[i] = p.At(i).Symbol
	}
	return strings.Join(symbols, " ")
}

// lengthTable is section 4: the 12-bar blues in C at each length, its last chord and the
// characters of the JSON the tool returns.
func (l *lesson) lengthTable() error {
	l.r.Title("The length, at the pin")
	widths := []int{8, 14, 9}
	l.r.FixedRow(widths, "length", "template", "chords", "last chord, characters of JSON")
	for _, length := range lengths() {
		answer := l.templates.Generate("C", "12-bar-blues", length)
		if answer.Error != "" || answer.Len() == 0 {
			return fmt.Errorf("12-bar-blues at length %s: %q", lengthName(length), answer.Error)
		}
		last := answer.At(answer.Len() - 1)
		l.r.FixedRow(widths, lengthName(length), "12-bar-blues", strconv.Itoa(answer.Len()),
			fmt.Sprintf("%s %s, %d", last.Roman, last.Symbol, answer.Characters()))
	}
	return nil
}

// lengthName writes a length argument, "(none)" where it is left out.
func lengthName(length *int) string {
	if length == nil {
		return "(none)"
	}
	return strconv.Itoa(*length)
}

// stitchTable is section 5: each template in C major or A minor, stitched as the tool's note
// advises with ga_voice_leading_pair over lesson 3's index: the tool's first pair for each two
// consecutive chords, whether consecutive first pairs meet on one voicing, and the least total
// motion of one voicing per chord chosen among the same 15 candidates, by the tool's distance.
func (l *lesson) stitchTable() error {
	tool, _, err := kit.VoiceLeadingTool(l.version)
	if err != nil {
		return err
	}
	l.r.Title("Each template stitched with ga_voice_leading_pair, in C major or A minor, %s", l.rev.Label())
	w := []int{18, 7, 10, 18, 19}
	l.r.FixedRow(w, "template", "chords", "moves", "first pairs meet", "sum of first pairs", "least joined path")
	junctions, meet, reached := 0, 0, 0
	var example []string
	for _, t := range templates {
		root := "C"
		if t.minor {
			root = "A"
		}
		answer := l.templates.Generate(root, t.name, nil)
		if answer.Error != "" {
			return fmt.Errorf("%s %s: %s", root, t.name, answer.Error)
		}
		chords := make([]string, answer.Len())
		for i := range chords {
			chords[i] = answer.At(i).Symbol
		}
		var firsts []composition.VoicingPair
		for k := 1; k < len(chords); k++ {
			a := tool.VoiceLeadingPair(chords[k-1], chords[k], kit.VoiceLeadingLimit, "", kit.VoiceLeadingCandidates)
			if a.Error != "" {
				return fmt.Errorf("%s → %s: %s", chords[k-1], chords[k], a.Error)
			}
			firsts = append(firsts, a.Pairs[0])
		}
		m, sum := 0, 0.0
		for k, p := range firsts {
			sum += p.Distance
			if k > 0 && firsts[k-1].To.Diagram == p.From.Diagram {
				m++
			}
		}
		candidates := make([][]optick.Result, len(chords))
		for k, c := range chords {
			if candidates[k], err = tool.SearchByChord(c, kit.VoiceLeadingCandidates, ""); err != nil {
				return err
			}
		}
		least, path := leastJoinedPath(candidates)
		if t.name == "I-V-vi-IV" {
			pairs := make([]string, len(firsts))
			for k, p := range firsts {
				from, err := kit.ShowVoicing(p.From)
				if err != nil {
					return err
				}
				to, err := kit.ShowVoicing(p.To)
				if err != nil {
					return err
				}
				pairs[k] = fmt.Sprintf("%s → %s, %s", from, to, kit.Number(p.Distance))
			}
			steps := make([]string, len(path))
			for k, i := range path {
				if steps[k], err = kit.ShowVoicing(candidates[k][i]); err != nil {
					return err
				}
			}
			example = append(example, t.name+", the first pairs: "+strings.Join(pairs, "; "),
				fmt.Sprintf("%s, the least joined path: %s, %s", t.name, strings.Join(steps, " → "), kit.Number(least)))
		}
		l.r.FixedRow(w, t.name, strconv.Itoa(len(chords)), strconv.Itoa(len(firsts)),
			fmt.Sprintf("%d of %d", m, len(firsts)-1), kit.Number(sum), kit.Number(least))
		junctions += len(firsts) - 1
		meet += m
		if least == sum {
			reached++
		}
	}
	l.r.Line("places where two first pairs should meet %d: they meet at %d; templates whose least joined path moves as little as the sum of first pairs %d of %d",
		junctions, meet, reached, len(templates))
	for _, line := range example {
		l.r.Line("%s", line)
	}
	return nil
}

// leastJoinedPath finds, among the candidates of each chord in turn, one voicing per chord whose
// total motion by the tool's distance is least, and that path's choices: the first voicing of a
// chord is free, each next one is reached from the earlier chord's candidate that reaches it
// with least motion (the first such on a tie), and the path ends on the first least total.
func leastJoinedPath(candidates [][]optick.Result) (float64, []int) {
	if len(candidates) == 0 || len(candidates[0]) == 0 {
		return 0, nil
	}
	best := make([]float64, len(candidates[0]))
	var from [][]int
	for k := 1; k < len(candidates); k++ {
		next := make([]float64, len(candidates[k]))
		back := make([]int, len(candidates[k]))
		for j, b := range candidates[k] {
			for i, a := range candidates[k-1] {
				total := best[i] + composition.VoiceLeadingDistance(a.MidiNotes, b.MidiNotes)
				if i == 0 || total < next[j] {
					next[j], back[j] = total, i
				}
			}
		}
		best = next
		from = append(from, back)
	}
	end := 0
	for i, v := range best {
		if v < best[end] {
			end = i
		}
	}
	path := []int{end}
	for k := len(from) - 1; k >= 0; k-- {
		path = append([]int{from[k][path[0]]}, path...)
	}
	return best[end], path
}
