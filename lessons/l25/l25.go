package l25

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"course/fixtures"
	"course/ga/intents"
	"course/ga/revision"
	"course/ga/skills"
	"course/internal/report"
	"course/lessons/kit"
	"course/lessons/kit/chathost"
)

// transposeIntent is the intent id of TransposeSkill, whose example prompts the lesson asks.
const transposeIntent = "skill.transpose"

// transposeSkillMd is the name of the SKILL.md that SkillMdPlugin registers beside TransposeSkill.
const transposeSkillMd = "transpose"

// directQuestion is the phrasing the lesson gives TransposeSkill itself, the one its SKILL.md
// works through first.
const directQuestion = "Transpose Cmaj7 up a perfect fourth"

// transposePhrasings are the course's own ways of asking for a transposition: interval names,
// frets, keys, and the "step down" a guitarist also says of a tuning.
var transposePhrasings = []string{
	"Transpose Dm7 down a half step",
	"Move Am up two frets",
	"Shift the song to the key of E",
	"Put Cmaj7 in the key of A",
	"Raise Bb7 by a minor third",
	"Lower G by a tritone",
	"Play this song a whole step down",
	"Take F#m up a fourth",
}

// The widths the original program gave its columns (Report.Row pads each cell, then one space).
var (
	hintWidths    = []int{8, 44, 40}
	otherWidths   = []int{26, 58, 5}
	skillWidths   = []int{20, 12, 22}
	offlineWidths = []int{44, 24, 45}
)

// promptCut is how much of an example prompt
// the tables show.
const promptCut = 57

// Options is what `course l25` needs to run.
type Options struct {
	// Revision is the GA the lesson runs against: its routing, its skills and its host.
	Revision revision.Revision
	// Host says which host to start and how.
	Host chathost.Options
	// Phrasings are asked after the course's own, for exercise 1.
	Phrasings []string
}

// NewCmd builds `course l25`; runF replaces the lesson's run in tests of the flags.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l25", Long: `Lesson 25: what reaches the transpose skill.

Takes every way GA and the course phrase a transposition and shows which routing hints fire
(+0.06 each) and which triggers of transpose's SKILL.md each contains; which other intents'
example prompts the hint and the triggers also claim; the two skills registered under the
name Transpose; and, with no embeddings, what the semantic router picks and what the chat
endpoint of a real child host answers. With --main, the host behaves as GA's main.`, Run: run, Exercises: Exercises}, opts, runF)
	kit.MainFlag(cmd, &opts.Revision, "run against GA's main (f4f5b4a) instead of the pin")
	cmd.Flags().StringArrayVar(&opts.Phrasings, "phrasing", nil, "a phrasing to ask after the course's own (repeatable)")
	opts.Host.AddFlags(cmd)
	return cmd
}

// phrasing is one question of the lesson and where it comes from.
type phrasing struct{ source, prompt string }

// lesson carries the models and questions; tests change them to see the output move.
type lesson struct {
	r     *report.Report
	rev   revision.Revision
	hints skills.Hints
	md    skills.SkillMd
	// intents are the host's intents in registration order.
	intents   []intents.Intent
	mds       []skills.SkillMd
	phrasings []phrasing
	// chat asks the host's chat endpoint; nil skips the host (the tests of the in-process tables).
	chat func(prompt string) (agent, first string, err error)
}

// newLesson gathers the phrasings: the intent's example prompts, the SKILL.md phrasings that
// are not among them, the corpus's transposition requests, and the course's own, extra after
// them; the lesson asks GA at rev.
func newLesson(w io.Writer, rev revision.Revision, extra ...string) (*lesson, error) {
	md, ok := skills.LookupSkillMd(transposeSkillMd)
	if !ok {
		return nil, fmt.Errorf("no SKILL.md named %s", transposeSkillMd)
	}
	corpus, err := corpusTranspositions(fixtures.Corpus)
	if err != nil {
		return nil, err
	}
	l := &lesson{r: report.New(w), rev: rev, hints: skills.DefaultHints(), md: md,
		intents: intents.All(), mds: skills.SkillMds()}
	l.phrasings, err = l.gather(corpus, append(slices.Clone(transposePhrasings), extra...))
	if err != nil {
		return nil, err
	}
	return l, nil
}

// gather lists the phrasings in the lesson's order.
func (l *lesson) gather(corpus, course []string) ([]phrasing, error) {
	var examples []string
	for _, in := range l.intents {
		if in.ID == transposeIntent {
			examples = in.Examples
		}
	}
	if examples == nil {
		return nil, fmt.Errorf("no intent %s", transposeIntent)
	}
	var out []phrasing
	for _, p := range examples {
		out = append(out, phrasing{"example", p})
	}
	for _, p := range l.md.Mapped {
		if !slices.Contains(examples, p) {
			out = append(out, phrasing{"SKILL.md", p})
		}
	}
	for _, p := range corpus {
		out = append(out, phrasing{"corpus", p})
	}
	for _, p := range course {
		out = append(out, phrasing{"course", p})
	}
	return out, nil
}

// corpusTranspositions returns the prompts of GA's chatbot corpus that ask for a transposition.
func corpusTranspositions(data []byte) ([]string, error) {
	var f struct {
		Prompts []struct {
			Prompt string `json:"prompt"`
		} `json:"prompts"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("read the prompt corpus: %w", err)
	}
	var out []string
	for _, p := range f.Prompts {
		if strings.Contains(strings.ToLower(p.Prompt), "transpos") {
			out = append(out, p.Prompt)
		}
	}
	return out, nil
}

func run(ctx context.Context, w io.Writer, opts *Options) (err error) {
	ctx, cancel := context.WithTimeout(ctx, opts.Host.Budget())
	defer cancel()
	// The first three tables and the router's picks need no host: they are made while it starts.
	host := opts.Host.At(opts.Revision).StartInBackground(ctx)
	defer func() {
		if stopErr := host.Stop(); stopErr != nil && err == nil {
			err = fmt.Errorf("l25: stop host: %w", stopErr)
		}
	}()
	l, err := newLesson(w, opts.Revision, opts.Phrasings...)
	if err != nil {
		return fmt.Errorf("l25: %w", err)
	}
	l.chat = host.ChatFirstLines(ctx)
	return l.run(ctx)
}

// run prints the sections in order.
func (l *lesson) run(ctx context.Context) error {
	l.r.Heading(l.rev.Heading("l25"))
	return kit.RunSections(ctx, "l25", l.r, l.hintsTable, l.othersTable, l.skillsTable, l.offlineTable, l.direct)
}

// triggered is the SKILL.md column: the transpose triggers the prompt contains, or "none".
func (l *lesson) triggered(prompt string) string { return kit.ListCell(l.md.Triggered(prompt)) }

// hintsTable is section 1: each phrasing's hints and triggers, and their counts.
func (l *lesson) hintsTable() error {
	l.r.Title("Transpose phrasings: the intents whose routing hint fires, and the triggers of transpose's SKILL.md they contain (%s)", l.rev.Label())
	l.r.FixedRow(hintWidths, "source", "phrasing", fmt.Sprintf("hints, +%g each", skills.HintBoost), "SKILL.md triggers")
	var transpose, other, otherOnly, none, triggered int
	for _, p := range l.phrasings {
		d := l.hints.Deltas(p.prompt)
		l.r.FixedRow(hintWidths, p.source, p.prompt, kit.HintsCell(l.hints, p.prompt), l.triggered(p.prompt))
		_, hasTranspose := d[transposeIntent]
		if hasTranspose {
			transpose++
		}
		if len(d) > 0 && (!hasTranspose || len(d) > 1) {
			other++
		}
		if len(d) > 0 && !hasTranspose {
			otherOnly++
		}
		if len(d) == 0 {
			none++
		}
		if l.md.CanHandle(p.prompt) {
			triggered++
		}
	}
	l.r.Line("%d phrasings: the transpose hint fires on %d; another intent's hint on %d, %d of them without the transpose hint; no hint on %d; a SKILL.md trigger in %d",
		len(l.phrasings), transpose, other, otherOnly, none, triggered)
	return nil
}

// othersTable is section 2: every other intent's example prompts that the transpose hint or
// the transpose triggers claim.
func (l *lesson) othersTable() error {
	l.r.Title("The other intents' example prompts that the transpose hint or transpose's SKILL.md triggers claim (%s)", l.rev.Label())
	l.r.FixedRow(otherWidths, "intent", "example prompt", "hint", "SKILL.md triggers")
	var total, hinted, triggered int
	ids := map[string]bool{}
	for _, in := range l.intents {
		if in.ID == transposeIntent {
			continue
		}
		for _, p := range in.Examples {
			total++
			ids[in.ID] = true
			hint := l.hints.Boosts(p, transposeIntent)
			trig := l.triggered(p)
			if hint {
				hinted++
			}
			if trig != "none" {
				triggered++
			}
			if hint || trig != "none" {
				// Every prompt here is another intent's: the hint firing is a false claim.
				yes := report.Mark(report.Right, "no")
				if hint {
					yes = report.Mark(report.Wrong, "yes")
				}
				l.r.FixedRow(otherWidths, in.ID, kit.Cut(p, promptCut), yes, report.Judge(trig == "none", report.Wrong, trig))
			}
		}
	}
	l.r.Line("%d example prompts of %d other intents: the transpose hint fires on %d, a SKILL.md trigger is in %d",
		total, len(ids), hinted, triggered)
	return nil
}

// skillsTable is section 3: the registrations named Transpose, the intent behind each, and how
// many phrasings each one's CanHandle accepts; then the registrations counted.
func (l *lesson) skillsTable() error {
	types := map[string]string{}
	for _, in := range l.intents {
		if in.Skill != "" {
			types[in.Skill] = in.Type
		}
	}
	regs := skills.Registrations(l.mds, types)
	l.r.Title("The skills registered under the name Transpose, and the intent the router can pick for each (%s)", l.rev.Label())
	l.r.FixedRow(skillWidths, "skill", "name", "intent", "CanHandle accepts")
	var named []skills.Registration
	for _, s := range regs {
		if strings.EqualFold(s.Name, "transpose") {
			named = append(named, s)
		}
	}
	// Sorted by type, as the original does: the pin and main register them in different orders.
	slices.SortStableFunc(named, func(a, b skills.Registration) int { return strings.Compare(a.Type, b.Type) })
	for _, s := range named {
		accepted := 0
		for _, p := range l.phrasings {
			if s.CanHandle(p.prompt) {
				accepted++
			}
		}
		intent := s.Intent
		if intent == "" {
			intent = "none"
		}
		l.r.FixedRow(skillWidths, s.Type, s.Name, intent, fmt.Sprintf("%d of the %d phrasings", accepted, len(l.phrasings)))
	}
	fromMd, behind := 0, 0
	for _, s := range regs {
		if s.Type == "SkillMdDrivenSkill" {
			fromMd++
			if s.Intent != "" {
				behind++
			}
		}
	}
	l.r.Line("IOrchestratorSkill registrations %d, of them built from a SKILL.md %d, behind an intent %d", len(regs), fromMd, behind)
	return nil
}

// offlineTable is section 4: the router's pick without embeddings, and the chat endpoint's answer.
func (l *lesson) offlineTable() error {
	l.r.Title("Without embeddings: the intent SemanticIntentRouter picks for each phrasing, and what POST %s answers (%s)", chathost.ChatPath, l.rev.Label())
	prompts := make([]string, len(l.phrasings))
	for i, p := range l.phrasings {
		prompts[i] = p.prompt
	}
	_, _, err := chathost.RouterTable(l.r, offlineWidths, prompts, l.rev, l.chat)
	return err
}

// direct is section 5: TransposeSkill called without the router.
func (l *lesson) direct() error {
	res := skills.Transpose{}.Execute(directQuestion)
	l.r.Title("TransposeSkill called directly with %q (%s)", directQuestion, l.rev.Label())
	l.r.Line("confidence %.2f", res.Confidence)
	l.r.Line("  | %s", res.Text)
	for _, e := range res.Evidence {
		l.r.Line("  evidence: %s", e)
	}
	return nil
}
