package l17

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"course/ga/revision"
	"course/ga/skills"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// capoWant is what a capo question asks for: the shape to play, or the chord that sounds.
type capoWant struct{ kind, chord string }

// capoWants are what each of CapoSkill's example prompts asks.
var capoWants = sync.OnceValue(func() map[string]capoWant {
	return map[string]capoWant{
		"What shape do I play in E with capo 4":                          {"shape", "C"},
		"Song is in E, what chord shape with capo on 4":                  {"shape", "C"},
		"Capo on 3, song in G, what shape":                               {"shape", "E"},
		"I play a C shape with capo 3 — what does it sound like":         {"sounds", "Eb"},
		"What does a G shape sound like with capo 2":                     {"sounds", "A"},
		"Capo on 5, song in A":                                           {"shape", "E"},
		"If I capo on 2 and play an Em shape, what's the sounding chord": {"sounds", "F#m"},
		"What's the sounding key if I play in G with capo on 5":          {"sounds", "C"},
		"Capo 7, D shape — sounding chord":                               {"sounds", "A"},
		"What chord shape for B major with capo 4":                       {"shape", "G"},
	}
})

// capoPhrasings are other ways of asking the capo skill.
var capoPhrasings = []struct {
	prompt string
	want   capoWant
}{
	{"song in Em, capo 2, what shape", capoWant{"shape", "Dm"}},
	{"song in E minor, capo 2, what shape", capoWant{"shape", "Dm"}},
	{"What shape do I play in e with capo 4", capoWant{"shape", "C"}},
	{"what shape for F with capo 3", capoWant{"shape", "D"}},
	{"capo on 3 in G, what shape", capoWant{"shape", "E"}},
	{"Capo on 2, song in F#, what shape", capoWant{"shape", "E"}},
	{"song in C#, capo 4, what shape", capoWant{"shape", "A"}},
	{"song in B♭, capo 1, what shape", capoWant{"shape", "A"}},
	{"I'm in a band, capo 2, song is in G", capoWant{"shape", "F"}},
	{"Playing in D with capo 2, what key does it sound in?", capoWant{"sounds", "E"}},
	{"I play a C7 shape with capo 3, what does it sound like", capoWant{"sounds", "Eb7"}},
	{"what does a Cmaj7 shape sound like with capo 2", capoWant{"sounds", "Dmaj7"}},
	{"capo 2, Dsus4 shape, what chord do I hear", capoWant{"sounds", "Esus4"}},
}

// openShapes are the eight open chord shapes a beginner knows, and caged the five major
// ones a capo moves up the neck.
var (
	openShapes = []string{"C", "A", "G", "E", "D", "Am", "Em", "Dm"}
	caged      = []string{"C", "A", "G", "E", "D"}
	openKeys   = []string{"C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"}
)

// tuningWants are the tuning each of AlternateTuningsSkill's example prompts asks for.
var tuningWants = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"what is DADGAD tuning": "DADGAD", "what's drop D tuning": "Drop D",
		"how do I tune to drop C": "Drop C", "drop C tuning notes": "Drop C",
		"how do I tune to open G": "Open G", "open D tuning notes": "Open D",
		"what is double drop D tuning": "Double Drop D", "what's half step down tuning": "Half-step down (Eb standard)",
		"whole step down tuning notes": "Whole-step down (D standard)", "DGCGCD tuning explained": "DGCGCD",
		"how is DADGAD different from standard": "DADGAD", "what tuning is Eb Ab Db Gb Bb Eb": "Half-step down (Eb standard)",
	}
})

// tuningPhrases name each textbook tuning in a question.
var tuningPhrases = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"DADGAD": "DADGAD", "Drop D": "drop D", "Double Drop D": "double drop D", "Drop C": "drop C",
		"Open G": "open G", "Open D": "open D", "DGCGCD": "DGCGCD",
		"Half-step down (Eb standard)": "half step down", "Whole-step down (D standard)": "whole step down",
	}
})

// notations write six notes four ways, as a guitarist might type them.
var notations = []struct {
	label string
	write func(string) string
}{
	{"ASCII", func(n string) string { return n }},
	{"♯ and ♭", func(n string) string { return strings.NewReplacer("#", "♯", "b", "♭").Replace(n) }},
	{"hyphens", func(n string) string { return strings.ReplaceAll(n, " ", "-") }},
	{"lower case", strings.ToLower},
}

// otherTunings are tunings outside the skill's table, with the notes each one is.
var otherTunings = []struct{ prompt, notes string }{
	{"what is open D minor tuning", "D A D F A D"}, {"what is open G minor tuning", "D G D G Bb D"},
	{"what is open E tuning", "E B E G# B E"}, {"what is open C tuning", "C G C G C E"},
	{"what is drop B tuning", "B F# B E G# C#"}, {"what is C standard tuning", "C F Bb Eb G C"},
	{"what is drop C# tuning", "C# G# C# F# A# D#"}, {"what is drop C♯ tuning", "C# G# C# F# A# D#"},
	{"what is drop D♭ tuning", "Db Ab Db Gb Bb Eb"}, {"what is standard tuning", "E A D G B E"},
}

// shapeInDropD is the question the skill's class comment promises a caveat for
// (AlternateTuningsSkill.cs:15).
const shapeInDropD = "What does an Em shape look like in drop-D"

// Options is what `course l17` needs to run.
type Options struct {
	// Revision is the GA whose tunings skill the lesson asks; on main, only the sections the
	// skill's changed name patterns move.
	Revision revision.Revision
}

// NewCmd builds `course l17`; runF replaces the lesson's run in tests of the flags.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l17", Long: `Lesson 17: capo, tunings, and the first skill that says yes.

Calls GA's capo and alternate-tunings skills in-process and grades their answers by the
course's own theory: the capo's semitone arithmetic and spelling over every key and fret,
and the nine tunings' notes and string moves. First, which skill would answer their
example prompts if the router could not embed them: the first, in registration order,
whose CanHandle accepts. With --main, the tunings skill of GA's main branch.`, Run: run, Exercises: Exercises}, opts, runF)
	kit.MainFlag(cmd, &opts.Revision, "ask the tunings skill of GA's main branch (f4f5b4a)")
	return cmd
}

// lesson carries what the sections share.
type lesson struct {
	r          *report.Report
	capo       skills.Capo
	tunings    skills.AlternateTunings
	registered []skills.Skill
	// textbook are the tunings the lesson grades against, standard the reference for moves.
	textbook []theory.Tuning
	standard theory.Tuning
	// majorKeys and minorKeys are the tonics a key signature writes.
	majorKeys, minorKeys []string
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l := &lesson{
		r:          report.New(w),
		tunings:    skills.AlternateTunings{Revision: opts.Revision},
		registered: skills.Registered(),
		textbook:   theory.AlternateTunings,
		standard:   theory.StandardTuning,
		majorKeys:  theory.SignatureKeys(false),
		minorKeys:  theory.SignatureKeys(true),
	}
	return l.run(ctx, opts.Revision)
}

func (l *lesson) run(ctx context.Context, rev revision.Revision) error {
	l.r.Heading(rev.Heading("l17"))
	byNotes := func() error { return l.byNotes(rev.Label()) }
	otherTunings := func() error { return l.otherTunings(rev.Label()) }
	if rev.IsMain() {
		return kit.RunSections(ctx, "l17", l.r, byNotes, otherTunings)
	}
	return kit.RunSections(ctx, "l17", l.r, l.fallback, l.capoExamples, l.soundingToShape, l.shapeToSounding, l.openShapes,
		l.capoPhrasings, l.tuningExamples, l.tuningTable, byNotes, otherTunings)
}

// fallback is section 1: which skill takes each example prompt without embeddings.
func (l *lesson) fallback() error {
	l.r.Title("Without embeddings: the first skill, in registration order, whose CanHandle accepts each example prompt")
	const capoIntent, tuningsIntent = "skill.capo", "skill.alternatetunings"
	capo, err := kit.ExamplePrompts(capoIntent)
	if err != nil {
		return err
	}
	tunings, err := kit.ExamplePrompts(tuningsIntent)
	if err != nil {
		return err
	}
	prompts := slices.Concat(capo, tunings)
	var rows [][]string
	accepted := 0
	for i, p := range prompts {
		// Right when the first skill to accept the prompt is the one whose example it is.
		own := capoIntent
		if i >= len(capo) {
			own = tuningsIntent
		}
		first := kit.FirstAccepting(l.registered, p)
		rows = append(rows, []string{p, report.Judge(first == own, report.Wrong, first)})
		if l.capo.CanHandle(p) || l.tunings.CanHandle(p) {
			accepted++
		}
	}
	l.r.TableWidths([]string{"prompt", "first skill that accepts it"}, rows, []int{63})
	l.r.Line("skill intents %d; CanHandle of skill.capo and skill.alternatetunings accepts %d of their %d example prompts",
		len(l.registered), accepted, len(prompts))
	return nil
}

// capoExamples is section 2: the capo skill's example prompts.
func (l *lesson) capoExamples() error {
	l.r.Title("CapoSkill's example prompts: what each asks, and the answer")
	prompts, err := kit.ExamplePrompts("skill.capo")
	if err != nil {
		return err
	}
	var rows [][]string
	for _, p := range prompts {
		want, ok := capoWants()[p]
		if !ok {
			return fmt.Errorf("the lesson does not know what the example prompt %q asks", p)
		}
		r := l.askCapo(p)
		v, mark, err := l.grade(r, want)
		if err != nil {
			return err
		}
		rows = append(rows, []string{p, want.kind + " " + want.chord, r.show(), report.Mark(mark, v)})
	}
	l.r.TableWidths([]string{"prompt", "asks", "answer", "verdict"}, rows, []int{63, 11, 13})
	return nil
}

// soundingToShape is section 3: every key a signature writes, with the capo on frets 1 to 11.
func (l *lesson) soundingToShape() error {
	l.r.Title(`"Song is in <key>, what shape with capo <fret>": 30 keys, frets 1 to 11`)
	amSeen, amWrong, amNoKey := 0, 0, 0
	var rows [][]string
	for _, quality := range []string{"major", "minor"} {
		minor := quality == "minor"
		suffix := ""
		if minor {
			suffix = "m"
		}
		keys := l.majorKeys
		if minor {
			keys = l.minorKeys
		}
		counts := map[string]int{}
		var odd, declined []string
		for _, key := range keys {
			for fret := 1; fret <= 11; fret++ {
				pc, _ := theory.PitchClass(key)
				want := capoWant{"shape", theory.SharpName(pc-fret) + suffix}
				r := l.askCapo(fmt.Sprintf("Song is in %s %s, what shape with capo %d", key, quality, fret))
				v, err := l.verdict(r, want)
				if err != nil {
					return err
				}
				counts[v]++
				if v == "right, theoretical spelling" && !slices.Contains(odd, r.chord) {
					odd = append(odd, r.chord)
				}
				if v == "declined" && !slices.Contains(declined, key) {
					declined = append(declined, key)
				}
				if r.am != "" {
					amSeen++
					apc, aq, err := chordParts(r.am)
					if err != nil {
						return err
					}
					wpc, wq, err := chordParts(theory.SharpName(9+fret) + "m")
					if err != nil {
						return err
					}
					switch {
					case apc != wpc || aq != wq:
						amWrong++
					case !l.spellable(r.am):
						amNoKey++
					}
				}
			}
		}
		slices.Sort(odd)
		slices.Sort(declined)
		declinedCell := "0"
		if len(declined) > 0 {
			declinedCell = fmt.Sprintf("%d (%s)", counts["declined"], strings.Join(declined, " "))
		}
		rows = append(rows, []string{quality, strconv.Itoa(len(keys) * 11), strconv.Itoa(counts["right"]),
			fmt.Sprintf("%d (%s)", counts["right, theoretical spelling"], strings.Join(odd, " ")),
			strconv.Itoa(counts["wrong chord"] + counts["wrong direction"]), declinedCell})
	}
	l.r.TableWidths([]string{"key", "prompts", "right", "right, theoretical spelling", "wrong", "declined"}, rows, []int{7, 8, 6, 29, 6})
	l.r.Line(`the answers' "an Am shape at capo N would sound as …m": %d, a wrong chord %d, a theoretical minor key %d`, amSeen, amWrong, amNoKey)
	return nil
}

// shapeToSounding is section 4: the eight open shapes, with the capo on frets 1 to 11.
func (l *lesson) shapeToSounding() error {
	l.r.Title(`"What does a <shape> shape sound like with capo <fret>": the eight open shapes, frets 1 to 11`)
	var rows [][]string
	for _, shape := range openShapes {
		counts := map[string]int{}
		var odd []string
		pc, quality, err := chordParts(shape)
		if err != nil {
			return err
		}
		article := "a"
		if shape[0] == 'A' || shape[0] == 'E' {
			article = "an"
		}
		for fret := 1; fret <= 11; fret++ {
			want := capoWant{"sounds", theory.SharpName(pc+fret) + quality}
			r := l.askCapo(fmt.Sprintf("What does %s %s shape sound like with capo %d", article, shape, fret))
			v, err := l.verdict(r, want)
			if err != nil {
				return err
			}
			counts[v]++
			if v == "right, theoretical spelling" {
				odd = append(odd, fmt.Sprintf("%d: %s", fret, r.chord))
			}
		}
		oddCell := "0"
		if len(odd) > 0 {
			oddCell = fmt.Sprintf("%d, capo %s", len(odd), strings.Join(odd, ", "))
		}
		rows = append(rows, []string{shape, "11", strconv.Itoa(counts["right"]), strconv.Itoa(counts["wrong chord"] + counts["wrong direction"]),
			strconv.Itoa(counts["declined"]), oddCell})
	}
	l.r.TableWidths([]string{"shape", "prompts", "right", "wrong", "declined", "right, theoretical spelling"}, rows, []int{7, 8, 6, 6, 9})
	return nil
}

// openShapes is section 5: where a capo lets a key be played with open shapes, and what the
// skill says when asked.
func (l *lesson) openShapes() error {
	l.r.Title(`"Where should I put the capo to play in <key> with open chords?"`)
	var rows [][]string
	for _, key := range openKeys {
		pc, _ := theory.PitchClass(key)
		var frets []string
		for f := 0; f <= 7; f++ {
			if shape := theory.SharpName(pc - f); slices.Contains(caged, shape) {
				frets = append(frets, fmt.Sprintf("%d %s", f, shape))
			}
		}
		r := l.askCapo("Where should I put the capo to play in " + key + " with open chords?")
		rows = append(rows, []string{key, strings.Join(frets, ", "), r.show()})
	}
	l.r.TableWidths([]string{"key", "frets 0 to 7 that give an open shape: C A G E D", "the skill's answer"}, rows, []int{4, 47})
	return nil
}

// capoPhrasings is section 6: other ways of asking the capo skill.
func (l *lesson) capoPhrasings() error {
	l.r.Title("Other phrasings")
	var rows [][]string
	for _, p := range capoPhrasings {
		r := l.askCapo(p.prompt)
		v, mark, err := l.grade(r, p.want)
		if err != nil {
			return err
		}
		rows = append(rows, []string{p.prompt, p.want.kind + " " + p.want.chord, r.show(), report.Mark(mark, v)})
	}
	l.r.TableWidths([]string{"prompt", "asks", "answer", "verdict"}, rows, []int{55, 13, 13})
	return nil
}

// tuningExamples is section 7: the tuning each of the skill's example prompts gets.
func (l *lesson) tuningExamples() error {
	l.r.Title("AlternateTuningsSkill's example prompts: the tuning each one gets")
	prompts, err := kit.ExamplePrompts("skill.alternatetunings")
	if err != nil {
		return err
	}
	var rows [][]string
	for _, p := range prompts {
		want, ok := tuningWants()[p]
		if !ok {
			return fmt.Errorf("the lesson does not know the tuning the example prompt %q asks for", p)
		}
		r := l.askTunings(p)
		verdict := "wrong"
		if r.name == want {
			verdict = "right"
		}
		rows = append(rows, []string{p, r.short(), report.Judge(r.name == want, report.Wrong, verdict)})
	}
	l.r.TableWidths([]string{"prompt", "answer", "verdict"}, rows, []int{39, 29})
	return nil
}

// tuningTable is section 8: the skill's notes and moves for each textbook tuning. Its moves
// run past their column, as the original's did, so the rows are printed at fixed widths.
func (l *lesson) tuningTable() error {
	l.r.Title("The nine tunings of the skill's table: notes and moves from standard, against a textbook")
	widths := []int{30, 22, 26}
	l.r.FixedRow(widths, "tuning", "notes", "moves from standard", "as a textbook")
	for _, t := range l.textbook {
		phrase, ok := tuningPhrases()[t.Name]
		if !ok {
			return fmt.Errorf("the lesson has no phrase for the tuning %s", t.Name)
		}
		r := l.askTunings("what is " + phrase + " tuning")
		m, err := t.MovesFrom(l.standard)
		if err != nil {
			return err
		}
		moves := moveNames(m)
		var deltas []string
		for _, row := range r.rows {
			deltas = append(deltas, row[1])
		}
		notesRight := r.notes != nil && slices.Equal(r.notes, t.Notes())
		movesRight := len(r.rows) == 6 && slices.Equal(deltas, moves)
		verdict := "right"
		if !notesRight || !movesRight {
			verdict = ""
			if !notesRight {
				verdict = "notes "
			}
			if !movesRight {
				verdict += "moves " + strings.Join(moves, " ")
			}
		}
		l.r.FixedRow(widths, t.Name, strings.Join(r.notes, " "), strings.Join(deltas, " "), report.Judge(notesRight && movesRight, report.Wrong, verdict))
	}
	return nil
}

// byNotes is section 9: "what tuning is …" with each textbook tuning's six notes, four ways.
func (l *lesson) byNotes(where string) error {
	l.r.Title(`"what tuning is …" with the six notes, %s: the tuning each notation gets`, where)
	// Eb standard's pitches, spelled with sharps: no table tuning is written that way.
	inSharps := theory.Tuning{Name: "Eb standard, in sharps", Strings: strings.Fields("D#2 G#2 C#3 F#3 A#3 D#4")}
	asked := slices.Concat(l.textbook, []theory.Tuning{l.standard, inSharps})
	header := []string{"tuning"}
	for _, n := range notations {
		header = append(header, n.label)
	}
	right, other, total := 0, 0, 0
	type miss struct{ tuning, notation, answer string }
	var wrong []miss
	var rows [][]string
	for _, t := range asked {
		midi, err := t.Midi()
		if err != nil {
			return err
		}
		expected := ""
		for _, y := range l.textbook {
			if ym, _ := y.Midi(); slices.Equal(ym, midi) {
				expected = y.Name
				break
			}
		}
		row := []string{t.Name}
		for _, n := range notations {
			r := l.askTunings("what tuning is " + n.write(strings.Join(t.Notes(), " ")))
			total++
			ok := r.name == expected && expected != ""
			if expected == "" && r.name == "" && r.notes != nil {
				ok = len(r.notes) == len(midi)
				for i, note := range r.notes {
					if pc, good := theory.PitchClass(note); !good || i >= len(midi) || pc != midi[i]%12 {
						ok = false
					}
				}
			}
			switch {
			case ok:
				right++
				row = append(row, report.Mark(report.Right, "right"))
				continue
			case r.name != "":
				other++
				row = append(row, report.Mark(report.Wrong, "another tuning"))
			case r.notes != nil:
				row = append(row, report.Mark(report.Wrong, "other notes"))
			default:
				row = append(row, report.Mark(report.Wrong, "declined"))
			}
			wrong = append(wrong, miss{t.Name, n.label, r.short()})
		}
		rows = append(rows, row)
	}
	l.r.TableWidths(header, rows, []int{29, 15, 15, 15})
	l.r.Line("questions %d: answered with the tuning asked or its notes %d, with another named tuning %d, other answers %d", total, right, other, total-right-other)
	type groupKey struct{ tuning, answer string }
	var order []groupKey
	labels := map[groupKey][]string{}
	for _, w := range wrong {
		k := groupKey{w.tuning, w.answer}
		if _, ok := labels[k]; !ok {
			order = append(order, k)
		}
		labels[k] = append(labels[k], w.notation)
	}
	for _, k := range order {
		which := strings.Join(labels[k], ", ")
		if len(labels[k]) == len(notations) {
			which = "every notation"
		}
		l.r.Line("  %s, %s: %s", k.tuning, which, k.answer)
	}
	return nil
}

// otherTunings is section 10: tunings outside the skill's table, and the drop-D shape question.
func (l *lesson) otherTunings(where string) error {
	l.r.Title("Tunings outside the table, %s", where)
	var rows [][]string
	for _, o := range otherTunings {
		r := l.askTunings(o.prompt)
		var asked []int
		for _, n := range strings.Fields(o.notes) {
			pc, ok := theory.PitchClass(n)
			if !ok {
				return fmt.Errorf("%q is not a note", n)
			}
			asked = append(asked, pc)
		}
		verdict, answer, right := "declined", "declined", false
		if r.notes != nil {
			var got []int
			for _, n := range r.notes {
				pc, _ := theory.PitchClass(n)
				got = append(got, pc)
			}
			name := r.name
			if name == "" {
				name = "no name"
			}
			answer = name + ": " + strings.Join(r.notes, " ")
			switch {
			case slices.Equal(got, asked):
				verdict, right = "right", true
			case r.name != "":
				verdict = "another tuning"
			default:
				verdict = "other notes"
			}
		}
		rows = append(rows, []string{o.prompt, o.notes, answer, report.Judge(right, report.Wrong, verdict)})
	}
	l.r.TableWidths([]string{"prompt", "asks for", "answer", "verdict"}, rows, []int{43, 18, 31})
	namesEm := "no"
	if strings.Contains(l.tunings.Execute(shapeInDropD).Text, "Em") {
		namesEm = "yes"
	}
	l.r.Line("\"%s\": %s, the answer names Em: %s", shapeInDropD, l.askTunings(shapeInDropD).short(), namesEm)
	return nil
}
