package l12

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"course/ga/intents"
	"course/ga/keys"
	"course/ga/skills"
	"course/internal/dotnet"
	"course/internal/lazy"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// The intents lesson 12 asks, by id.
const (
	moodIntent       = "skill.progressionmood"
	completionIntent = "skill.progressioncompletion"
)

// moodAsks is what each of ProgressionMoodSkill's example prompts asks for, as a reader takes
// it: darken or brighten.
var moodAsks = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"How do I make this progression sound darker?":            "darken",
		"Make this progression sound moodier":                     "darken",
		"How can I make my chords sound sadder?":                  "darken",
		"What can I do to make a song sound more melancholy?":     "darken",
		"How to add a darker feel to a chord progression":         "darken",
		"Techniques to make a major progression minor-sounding":   "darken",
		"Make my song sound brighter":                             "brighten",
		"How to make a progression more uplifting":                "brighten",
		"Brighten up a minor key tune":                            "brighten",
		"Brighten this minor song":                                "brighten",
		"How do I lift the mood of a minor progression?":          "brighten",
		"How does Mixolydian flavor brighten rock progressions?":  "brighten",
		"Use Lydian color to brighten a major progression":        "brighten",
		"Phrygian flavor to darken a progression":                 "darken",
		"What mode adds the most brightness to a major key tune?": "brighten",
	}
})

// completionSkillMdProgression is the progression of the progression-completion SKILL.md's
// example (skills/progression-completion/SKILL.md:86 @ c781df5c), asked as a bare list.
const completionSkillMdProgression = "C G Am"

// completionPromptQuestion is the question whose pinned prompt lesson 12 prints.
const completionPromptQuestion = "What chord comes next after C G Am?"

// nextChordQuestions are the two progressions lesson 12 asks the next chord of in every key.
var nextChordQuestions = []struct {
	name    string
	minor   bool
	degrees []int
}{
	{"I vi IV", false, []int{0, 5, 3}},
	{"i VI VII", true, []int{0, 5, 6}},
}

// nextChordShown are the questions lesson 12 prints in full after its grid, in this order.
var nextChordShown = [][2]string{
	{"I vi IV", "C major"}, {"I vi IV", "G major"}, {"I vi IV", "Db major"}, {"I vi IV", "F# major"},
	{"i VI VII", "G# minor"},
}

// Options is what `course l12` needs to run.
type Options struct {
}

// NewCmd builds `course l12`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	return kit.NewCmd(kit.Spec[Options]{Use: "l12", Long: `Lesson 12: the two progression skills.

ProgressionMoodSkill answers without a model, with one of two fixed texts;
ProgressionCompletionSkill runs KeyIdentificationService first and tells the model which
chords it may suggest. The lesson sends both skills their own example prompts through
their intents, tests their keyword rules, prints the completion prompt, and asks for the
next chord of two textbook progressions in the 30 keys with the key service at the pin
and on main after #625.`, Run: run, Exercises: Exercises}, opts, runF)
}

// lesson carries what the sections share: the mood intent, both skills' example prompts, the
// progression-mood SKILL.md and the two key services.
type lesson struct {
	r        *report.Report
	mood     skills.Intent
	meta     map[string]intents.Intent
	skillMd  string
	versions []keys.Service
	// promptQuestion is the question whose pinned prompt section 5 prints.
	promptQuestion string
	// promptChecks counts the pinned prompts that said what the service computed.
	promptChecks int
}

// newLesson sets up the lesson's intents and data, writing to w.
func newLesson(w io.Writer) (*lesson, error) {
	mood, err := skills.LookupIntent(moodIntent, "")
	if err != nil {
		return nil, err
	}
	l := &lesson{
		r:              report.New(w),
		mood:           mood,
		meta:           map[string]intents.Intent{},
		versions:       []keys.Service{keys.Pin, keys.Main},
		promptQuestion: completionPromptQuestion,
	}
	for _, id := range []string{moodIntent, completionIntent} {
		meta, ok := intents.Lookup(id)
		if !ok {
			return nil, fmt.Errorf("the intents fixture has no %q", id)
		}
		l.meta[id] = meta
	}
	if l.skillMd, err = kit.SkillMdText("progression-mood"); err != nil {
		return nil, err
	}
	return l, nil
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	l, err := newLesson(w)
	if err != nil {
		return fmt.Errorf("l12: %w", err)
	}
	l.r.Heading("l12")
	return kit.RunSections(ctx, "l12", l.r, l.progressionIntents, l.moodAnswers, l.moodProgressions, l.keywords, l.completionExamples, l.prompt, l.textbook, l.dominant, l.promptCheck)
}

// progressionIntents is section 1: the registered intents whose id names a progression.
func (l *lesson) progressionIntents() error {
	l.r.Title("The intents that take a chord progression")
	for _, in := range intents.All() {
		if strings.Contains(in.ID, "progression") {
			l.r.Line("%s %s %d example prompts", report.Pad(in.ID, 30), report.Pad(in.Type, 28), len(in.Examples))
		}
	}
	return nil
}

// moodBranch names the text a mood answer opens with: brighten, darken or other.
func moodBranch(answer string) string {
	switch {
	case strings.HasPrefix(answer, "Here are four reliable ways to brighten"):
		return "brighten"
	case strings.HasPrefix(answer, "Here are five reliable ways to darken"):
		return "darken"
	}
	return "other"
}

// askMood sends prompt to the mood intent and returns its answer with LF line ends.
func (l *lesson) askMood(prompt string) string {
	return dotnet.ReplaceLineEndings(l.mood.Execute(prompt).Answer, "\n")
}

// moodAnswers is section 2: each example prompt of the mood skill, what it asks for and the
// answer it gets.
func (l *lesson) moodAnswers() error {
	examples := l.meta[moodIntent].Examples
	for _, p := range examples {
		if _, ok := moodAsks()[p]; !ok {
			return fmt.Errorf("ProgressionMoodSkill's example prompts changed: %q", p)
		}
	}
	l.r.Title("ProgressionMoodSkill's example prompts: what each asks for, and the answer it gets")
	widths := []int{58, 10}
	l.r.FixedRow(widths, "prompt", "asks", "gets")
	got := map[string]string{}
	for _, p := range examples {
		got[p] = moodBranch(l.askMood(p))
		l.r.FixedRow(widths, p, moodAsks()[p], report.Judge(got[p] == moodAsks()[p], report.Wrong, got[p]))
	}
	for _, asks := range []string{"darken", "brighten"} {
		asked, right := 0, 0
		for _, p := range examples {
			if moodAsks()[p] == asks {
				asked++
				right += kit.Count(got[p] == asks)
			}
		}
		l.r.Line("%d prompts ask to %s: %d get the %s answer", asked, asks, right, asks)
	}
	return nil
}

// The shapes a progression's tokens are checked against: a code span, a plain triad symbol and
// a Roman numeral.
var (
	codeSpanRe    = lazy.Regexp("`([^`]+)`")
	triadSymbolRe = lazy.Regexp(`^[A-G][b#]?(m|dim)?$`)
	numeralRe     = lazy.Regexp(`^[b#]?(VII|VI|V|IV|III|II|I|vii|vi|v|iv|iii|ii|i)°?$`)
)

// writtenProgressions are the code spans of text that read as progressions: three tokens or
// more, each an arrow, a chord symbol, a Roman numeral or at most three characters long. A
// token that is neither a chord symbol nor a numeral is named after the progression.
func writtenProgressions(text string) []string {
	var out []string
	for _, m := range codeSpanRe().FindAllStringSubmatch(text, -1) {
		tokens := strings.Split(m[1], " ")
		if len(tokens) < 3 {
			continue
		}
		var odd []string
		fits := true
		for _, t := range tokens {
			known := t == "→" || triadSymbolRe().MatchString(t) || numeralRe().MatchString(t)
			if !known && len([]rune(t)) > 3 {
				fits = false
				break
			}
			if !known {
				odd = append(odd, t)
			}
		}
		if !fits {
			continue
		}
		if len(odd) == 0 {
			out = append(out, m[1])
			continue
		}
		out = append(out, fmt.Sprintf("%s   <- %s: neither a chord symbol nor a Roman numeral", m[1], strings.Join(odd, ", ")))
	}
	return out
}

// moodProgressions is section 3: the progressions the two answers and the SKILL.md write out.
func (l *lesson) moodProgressions() error {
	l.r.Title("The progressions each text writes out")
	l.r.Line("ProgressionMoodSkill, darken answer:")
	for _, p := range writtenProgressions(l.askMood("How do I make this progression sound darker?")) {
		l.r.Line("  %s", p)
	}
	l.r.Line("ProgressionMoodSkill, brighten answer:")
	for _, p := range writtenProgressions(l.askMood("Make my song sound brighter")) {
		l.r.Line("  %s", p)
	}
	l.r.Line("skills/progression-mood/SKILL.md, the progressions written with chord names:")
	var seen []string
	for _, p := range writtenProgressions(l.skillMd) {
		if slices.Contains(seen, p) || !slices.ContainsFunc(strings.Split(p, " "), triadSymbolRe().MatchString) {
			continue
		}
		seen = append(seen, p)
		l.r.Line("  %s", p)
	}
	return nil
}

// keywords is section 4: how many example prompts each skill's CanHandle accepts.
func (l *lesson) keywords() error {
	l.r.Title("CanHandle, the keyword test main's router falls back on when it has no embeddings")
	for _, id := range []string{moodIntent, completionIntent} {
		meta := l.meta[id]
		i := slices.IndexFunc(skills.Registered(), func(s skills.Skill) bool { return s.Name == meta.Skill })
		if i < 0 {
			return fmt.Errorf("no registered skill %q", meta.Skill)
		}
		canHandle := skills.Registered()[i].CanHandle
		var rejected []string
		for _, p := range meta.Examples {
			if !canHandle(p) {
				rejected = append(rejected, p)
			}
		}
		accepted := len(meta.Examples) - len(rejected)
		l.r.Line("%s: %d of %d example prompts accepted", meta.Type, accepted, len(meta.Examples))
		if accepted == 0 {
			continue
		}
		for _, p := range rejected {
			l.r.Line("  rejected: %s", p)
		}
	}
	return nil
}

// show prints a question and what each version tells the model for it.
func (l *lesson) show(question string) error {
	l.r.Line("%q", question)
	for _, v := range l.versions {
		t, ok, err := l.tell(v, question)
		if err != nil {
			return err
		}
		for _, s := range toldLines(v, t, ok) {
			l.r.Line("%s", s)
		}
	}
	return nil
}

// completionExamples is section 5: the completion skill's example prompts, and the SKILL.md's
// progression.
func (l *lesson) completionExamples() error {
	l.r.Title("ProgressionCompletionSkill's example prompts: the key and the chords the model may suggest")
	for _, p := range append(slices.Clone(l.meta[completionIntent].Examples), completionSkillMdProgression) {
		if err := l.show(p); err != nil {
			return err
		}
	}
	return nil
}

// prompt is section 6: the pinned prompt for the lesson's question, from the progression to the
// JSON it asks for, then the two example suggestions the prompt gives.
func (l *lesson) prompt() error {
	q := l.promptQuestion
	l.r.Title("What the model reads for %q, pinned", q)
	turn := skills.ProgressionCompletion{Service: keys.Pin}.Prepare(q)
	lines := strings.Split(dotnet.ReplaceLineEndings(turn.Prompt, "\n"), "\n")
	from := slices.IndexFunc(lines, func(s string) bool { return strings.HasPrefix(s, "The input progression") })
	to := slices.IndexFunc(lines, func(s string) bool { return strings.HasPrefix(s, "Respond as valid JSON") })
	example := slices.IndexFunc(lines, func(s string) bool { return strings.Contains(s, `"suggestions"`) })
	if from < 0 || to < from || example < 0 || example+2 >= len(lines) {
		return fmt.Errorf("the completion prompt for %q lacks its progression, its JSON or its examples", q)
	}
	for _, s := range lines[from:to] {
		l.r.Line("%s", strings.TrimRight("  | "+s, " "))
	}
	for _, s := range lines[example+1 : example+3] {
		l.r.Line("  | %s", strings.TrimSpace(s))
	}
	return nil
}

// textbook is section 7: "What chord comes next after ...?" for two progressions in the 30
// keys, graded against the key's triads, then the questions of nextChordShown in full.
func (l *lesson) textbook() error {
	l.r.Title(`"What chord comes next after ...?" for two textbook progressions in the 30 keys`)
	tally := map[keys.Service]map[string]int{}
	other := map[keys.Service]int{}
	read := map[keys.Service]int{}
	shown := make([][]string, len(nextChordShown))
	for _, v := range l.versions {
		tally[v] = map[string]int{}
	}
	for _, q := range nextChordQuestions {
		tonalities := theory.Tonalities(q.minor)
		l.r.Blank()
		l.r.FixedRow([]int{19}, q.name, kit.TonicHeader(tonalities))
		for _, v := range l.versions {
			marks := make([]string, len(tonalities))
			for i, k := range tonalities {
				set := k.Triads()
				chords := make([]string, len(q.degrees))
				for j, d := range q.degrees {
					chords[j] = set[d]
				}
				question := "What chord comes next after " + strings.Join(chords, " ") + "?"
				t, ok, err := l.tell(v, question)
				if err != nil {
					return err
				}
				if !ok {
					return fmt.Errorf("no key for %q", question)
				}
				mark, err := nextChordMark(t, chords, set)
				if err != nil {
					return err
				}
				tally[v][mark]++
				if mark != "r" {
					read[v]++
					o, err := otherScale(t)
					if err != nil {
						return err
					}
					other[v] += kit.Count(o)
				}
				if s := slices.Index(nextChordShown, [2]string{q.name, k.String()}); s >= 0 {
					if v == keys.Pin {
						shown[s] = append(shown[s], fmt.Sprintf("%s, %s: %q", k, q.name, question))
					}
					shown[s] = append(shown[s], toldLines(v, t, true)...)
				}
				marks[i] = report.Mark(nextChordVerdicts[mark], mark)
			}
			// Each key's grade a column of its own, two wide, so that each carries its verdict.
			l.r.FixedRow(nextChordWidths(len(marks)), append([]string{"", v.Commit}, marks...)...)
		}
	}
	l.r.Blank()
	l.r.Line("= the chords read as written, and the model may suggest the key's chords as the textbook spells them;")
	l.r.Line("e the same chords, spelled from the enharmonic key; x other chords; r a chord dropped or read as another chord")
	for _, v := range l.versions {
		l.r.Line("%s: 30 questions, = %d, e %d, x %d, r %d; a key of another scale tied at the top in %d of the %d read as written",
			v.Commit, tally[v]["="], tally[v]["e"], tally[v]["x"], tally[v]["r"], other[v], read[v])
	}
	l.r.Blank()
	for _, lines := range shown {
		for _, s := range lines {
			l.r.Line("%s", s)
		}
	}
	return nil
}

// dominant is section 8: which triad on the fifth degree each key's allowed list holds, and the
// prompt's own example against A minor's list.
func (l *lesson) dominant() error {
	l.r.Title("The dominant the list holds, in each key's own list")
	for _, minor := range []bool{false, true} {
		tonalities := theory.Tonalities(minor)
		major, minorV := 0, 0
		for _, k := range tonalities {
			set, err := gaDiatonicSet(k)
			if err != nil {
				return err
			}
			fifth := k.Notes()[4].String()
			major += kit.Count(slices.Contains(set, fifth))
			minorV += kit.Count(slices.Contains(set, fifth+"m"))
		}
		mode := "major"
		if minor {
			mode = "minor"
		}
		l.r.Line("%d %s keys: the major triad on the fifth degree in %d, the minor one in %d", len(tonalities), mode, major, minorV)
	}
	aMinor := theory.Tonality{Tonic: theory.MustNote("A"), Minor: true}
	set, err := gaDiatonicSet(aMinor)
	if err != nil {
		return err
	}
	l.r.Line("A minor: %s", strings.Join(set, ", "))
	l.r.Line(`  the prompt's example suggests E7 ("V7-i"): E7 in the list: %s; E: %s`, kit.YesNo(slices.Contains(set, "E7")), kit.YesNo(slices.Contains(set, "E")))
	l.r.Line(`  and G as a half cadence ("bVII-i"): G is degree %d of the list; a half cadence ends on degree 5, %s`, slices.Index(set, "G")+1, set[4])
	return nil
}

// promptCheck is the closing line: how many pinned prompts said what the service computed.
func (l *lesson) promptCheck() error {
	l.r.Title("The pinned prompts, checked against ProgressionCompletionSkill.BuildPrompt")
	l.r.Line("%d questions: the prompt names the same keys and the same chords", l.promptChecks)
	return nil
}
