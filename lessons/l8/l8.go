package l8

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/spf13/cobra"

	"course/fixtures"
	"course/ga/intents"
	"course/ga/skills"
	"course/internal/dotnet"
	"course/internal/report"
	"course/lessons/kit"
	"course/lessons/kit/chathost"
)

// Options is what `course l8` needs to run.
type Options struct {
	// Host says which host to start and how.
	Host chathost.Options
	// Corpus is the prompt corpus as JSON; nil is GA's, the fixture.
	Corpus []byte
	// Cost, when set, receives how long the host start and the chat requests took.
	Cost func(start, requests time.Duration, n int)
}

// NewCmd builds `course l8`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l8", Long: `Lesson 8: GA's prompt corpus run as a gate without a model.

Reads GA's prompt corpus, the invariants its chatbot changes are tested against, and runs
each prompt without a model: the prompts that name the intent that must answer are asked of
that intent, the others are posted to /api/chatbot/chat of the chatbot host, started as a
child process with the model's address on a closed port. Each answer is checked as GA's
PromptCorpusTests checks it. Then the gate itself is tested: each prompt's invariants are
applied to the other prompts' answers, and to its own answer a semitone higher.`, Run: run, Exercises: Exercises}, opts, runF)
	opts.Host.AddFlags(cmd)
	return cmd
}

// attempt is one prompt and what the host without a model made of it.
type attempt struct {
	n      int
	entry  corpusEntry
	served string
	// answer is nil when there was none: a skipped prompt, or an HTTP error.
	answer  *string
	verdict string // "" is a pass
	logs    []string
}

func (a attempt) passed() bool { return a.answer != nil && a.verdict == "" }

// lesson carries what the sections share.
type lesson struct {
	r        *report.Report
	corpus   []corpusEntry
	attempts []attempt
}

func run(ctx context.Context, w io.Writer, opts *Options) (err error) {
	data := opts.Corpus
	if data == nil {
		data = fixtures.Prompts
	}
	corpus, err := readCorpus(data)
	if err != nil {
		return fmt.Errorf("l8: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Host.Budget())
	defer cancel()
	// The prompts that name an intent are answered in process while the host starts.
	host := opts.Host.StartInBackground(ctx)
	defer func() {
		if stopErr := host.Stop(); stopErr != nil && err == nil {
			err = fmt.Errorf("l8: stop host: %w", stopErr)
		}
	}()
	var mu sync.Mutex
	var spent time.Duration
	posts := 0
	chat := func(prompt string) (int, []byte, error) {
		h, err := host.Wait()
		if err != nil {
			return 0, nil, err
		}
		t := time.Now()
		resp, err := h.Chat(ctx, chathost.ChatPath, prompt)
		mu.Lock()
		spent += time.Since(t)
		posts++
		mu.Unlock()
		if err != nil {
			return 0, nil, err
		}
		return resp.Status, resp.Body, nil
	}
	l := &lesson{r: report.New(w), corpus: corpus}
	if err := l.ask(chat); err != nil {
		return fmt.Errorf("l8: %w", err)
	}
	if opts.Cost != nil {
		opts.Cost(host.StartTime(), spent, posts)
	}
	return l.run(ctx)
}

// ask answers every prompt: a skipped one not at all, one that names an intent through that
// intent, in process, and any other through the host's /chat.
func (l *lesson) ask(chat func(string) (int, []byte, error)) error {
	registered := intents.RegisteredIDs()
	l.attempts = make([]attempt, len(l.corpus))
	var asked []int // the prompts that go to the host's /chat
	for i, e := range l.corpus {
		a := &l.attempts[i]
		*a = attempt{n: i + 1, entry: e}
		if e.Skip {
			a.served = "skipped"
			continue
		}
		inProcess, err := answerByIntent(a, registered)
		if err != nil {
			return err
		}
		if !inProcess {
			asked = append(asked, i)
		}
	}
	err := chathost.AskAll(len(asked), func(k int) error { return answerByChat(&l.attempts[asked[k]], chat) })
	if err != nil {
		return err
	}
	for i := range l.attempts {
		if a := &l.attempts[i]; a.answer != nil {
			a.verdict = corpusCheck(a.entry, *a.answer, gaContains)
		}
	}
	return nil
}

// answerByIntent answers a prompt that names a registered intent through that intent, in
// process, and reports whether it did; any other prompt is left for the host's /chat.
func answerByIntent(a *attempt, registered []string) (bool, error) {
	e := a.entry
	if e.RoutesTo == "" || !slices.Contains(registered, e.RoutesTo) {
		return false, nil
	}
	got, ok := skills.AnswerIntent(e.RoutesTo, "", e.Prompt)
	if !ok {
		return false, fmt.Errorf("prompt %d names %s, an intent the course does not model", a.n, e.RoutesTo)
	}
	a.served = e.RoutesTo
	text := dotnet.ReplaceLineEndings(got.Answer, "\n")
	a.answer = &text
	for _, g := range got.Logs {
		if !strings.HasPrefix(g.Category, "GA.Business.ML.Agents.Skills.") {
			continue
		}
		ex := g.Exception
		if ex == "" {
			ex = "no exception"
		}
		a.logs = append(a.logs, fmt.Sprintf("%s %s: %s (%s)", g.Level, strings.TrimPrefix(g.Category, "GA.Business.ML.Agents.Skills."), strings.TrimRight(g.Message, " \t\r\n"), ex))
	}
	return true, nil
}

// answerByChat posts a's prompt to the host's /chat through chat; an HTTP error leaves it
// without an answer.
func answerByChat(a *attempt, chat func(string) (int, []byte, error)) error {
	status, body, err := chat(a.entry.Prompt)
	if err != nil {
		return err
	}
	if status < 200 || status > 299 {
		a.served = fmt.Sprintf("chat: HTTP %d", status)
		return nil
	}
	var reply chathost.ChatReply
	if err := json.Unmarshal(body, &reply); err != nil {
		return fmt.Errorf("read the answer to prompt %d: %w", a.n, err)
	}
	text := dotnet.ReplaceLineEndings(reply.Answer, "\n")
	a.answer, a.served = &text, "chat: "+reply.AgentID
	return nil
}

// run prints the lesson's sections in order.
func (l *lesson) run(ctx context.Context) error {
	l.r.Heading("l8")
	sections := []func() error{l.describe, l.outcomes, l.pathB,
		func() error { return l.foreign(corpusCheck, gaContains, "GA's invariants") },
		func() error { return l.higher(51) },
		func() error { return l.accepted(26, 31, 38, 39, 49) },
		l.stricter}
	return kit.RunSections(ctx, "l8", l.r, sections...)
}

// describe counts the corpus.
func (l *lesson) describe() error {
	l.r.Title("GA's prompt corpus at a826864 (Tests/Apps/GaChatbot.Api.Tests/Corpus/prompts.yaml)")
	skipped, judged, routed, expected, single := 0, 0, 0, 0, 0
	for _, e := range l.corpus {
		if e.Skip {
			skipped++
		}
		if e.Judge != nil {
			judged++
		}
		if !e.Skip && e.RoutesTo != "" {
			routed++
		}
		for _, s := range append(slices.Clone(e.Contains), e.ContainsAny...) {
			expected++
			if utf16Len(s) == 1 {
				single++
			}
		}
	}
	l.r.Line("prompts %d, skipped %d, with a judge rubric %d, naming the intent that must answer %d", len(l.corpus), skipped, judged, routed)
	l.r.Line("expected strings %d, of one character %d", expected, single)
	return nil
}

// outcomes is the table of every prompt's answer and verdict.
func (l *lesson) outcomes() error {
	l.r.Title("Each prompt without a model, checked as PromptCorpusTests checks it")
	w := []int{3, 46, 26}
	l.r.FixedRow(w, "#", "prompt", "answered by", "verdict")
	skipped, httpErrors, answered, pass, degraded := 0, 0, 0, 0, 0
	for _, a := range l.attempts {
		verdict := ""
		if a.answer != nil {
			verdict = report.Judge(a.passed(), report.Wrong, cmpOr(a.verdict, "pass"))
			answered++
			if a.passed() {
				pass++
			}
			if a.verdict == degradedVerdict {
				degraded++
			}
		}
		if a.entry.Skip {
			skipped++
		}
		if strings.HasPrefix(a.served, "chat: HTTP") {
			httpErrors++
		}
		l.r.FixedRow(w, strconv.Itoa(a.n), kit.Cut(a.entry.Prompt, 45), a.served, verdict)
	}
	l.r.Blank()
	l.r.Line("%d prompts: %d skipped, %d end in an HTTP error, %d answered: %d pass, %d fail, %d of them flagged as a degraded backend",
		len(l.attempts), skipped, httpErrors, answered, pass, answered-pass, degraded)
	return nil
}

func cmpOr(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}

// pathB shows the first prompt that names the diatonic-chords intent: its answer and its
// skills' log records.
func (l *lesson) pathB() error {
	for _, a := range l.attempts {
		if a.entry.RoutesTo != "skill.diatonicchords" {
			continue
		}
		l.r.Title("#%d %s: the intent's answer and the skills' log lines", a.n, a.entry.Prompt)
		answer := ""
		if a.answer != nil {
			answer = *a.answer
		}
		l.r.Line("  | %s", answer)
		for _, g := range a.logs {
			l.r.Line("%s", g)
		}
		return nil
	}
	return fmt.Errorf("no prompt names skill.diatonicchords")
}

// examples lists up to three prompt numbers, then an ellipsis.
func examples(ns []int) string {
	if len(ns) == 0 {
		return ""
	}
	s := make([]string, 0, 3)
	for _, n := range ns[:min(3, len(ns))] {
		s = append(s, strconv.Itoa(n))
	}
	more := ""
	if len(ns) > 3 {
		more = ", …"
	}
	return " (#" + strings.Join(s, ", #") + more + ")"
}

// foreign applies each passing prompt's invariants to every other answer of the run, and to
// its own answer a semitone higher when the prompt names a pitch.
func (l *lesson) foreign(checkF func(corpusEntry, string, containsFunc) string, contains containsFunc, label string) error {
	var pool []attempt
	for _, a := range l.attempts {
		if a.answer != nil && !slices.ContainsFunc(pool, func(p attempt) bool { return *p.answer == *a.answer }) {
			pool = append(pool, a)
		}
	}
	l.r.Title("%s applied to the other answers, and to the same answer a semitone higher", label)
	w := []int{3, 42, 26}
	l.r.FixedRow(w, "#", "prompt", "other answers pass", "a semitone higher")
	passed, total, pitched, higherPass := 0, 0, 0, 0
	for _, a := range l.attempts {
		if a.answer == nil || checkF(a.entry, *a.answer, contains) != "" {
			continue
		}
		passed++
		others, passing := 0, []int(nil)
		for _, o := range pool {
			if *o.answer == *a.answer {
				continue
			}
			others++
			if checkF(a.entry, *o.answer, contains) == "" {
				passing = append(passing, o.n)
			}
		}
		total += len(passing)
		// These cells judge the checks: one that passes another answer, or this answer a
		// semitone higher, cannot tell a wrong answer from the right one, and is red.
		higher := "n/a"
		if namesPitch(a.entry.Prompt) {
			pitched++
			failure := checkF(a.entry, transposeUp(*a.answer), contains)
			higher = report.Judge(failure != "", report.Wrong, cmpOr(failure, "pass"))
			if failure == "" {
				higherPass++
			}
		}
		l.r.FixedRow(w, strconv.Itoa(a.n), kit.Cut(a.entry.Prompt, 41),
			report.Judge(len(passing) == 0, report.Wrong, fmt.Sprintf("%d of %d%s", len(passing), others, examples(passing))), higher)
	}
	l.r.Blank()
	l.r.Line("%d passing prompts; other answers accepted: %d; accepted a semitone higher: %d of %d that name a pitch", passed, total, higherPass, pitched)
	return nil
}

// attemptAt is prompt n (1-based), or an error when the corpus is shorter or it has no answer.
func (l *lesson) attemptAt(n int) (attempt, error) {
	if n < 1 || n > len(l.attempts) || l.attempts[n-1].answer == nil {
		return attempt{}, fmt.Errorf("prompt %d has no answer to show", n)
	}
	return l.attempts[n-1], nil
}

// higher shows prompt n's answer a semitone higher, judged by GA's reading and the strict one.
func (l *lesson) higher(n int) error {
	a, err := l.attemptAt(n)
	if err != nil {
		return err
	}
	up := transposeUp(*a.answer)
	l.r.Title("#%d %s, the answer a semitone higher: GA %s, strict %s", a.n, a.entry.Prompt,
		cmpOr(corpusCheck(a.entry, up, gaContains), "pass"), cmpOr(corpusCheck(a.entry, up, strictContains), "pass"))
	lines := strings.Split(up, "\n")
	for _, line := range lines[:min(3, len(lines))] {
		l.r.Line("%s", strings.TrimRight("  | "+line, " \t"))
	}
	return nil
}

// accepted shows, for answers the gate accepted, where each expected string was found.
func (l *lesson) accepted(ns ...int) error {
	for _, n := range ns {
		a, err := l.attemptAt(n)
		if err != nil {
			return err
		}
		l.r.Title("#%d %s: %s", a.n, a.entry.Prompt, cmpOr(a.verdict, "pass"))
		lines := strings.Split(strings.TrimRightFunc(*a.answer, unicode.IsSpace), "\n")
		for _, line := range lines[:min(6, len(lines))] {
			l.r.Line("%s", strings.TrimRight("  | "+line, " \t"))
		}
		if len(lines) > 6 {
			l.r.Line("  | … %d more lines", len(lines)-6)
		}
		found := slices.Clone(a.entry.Contains)
		for _, s := range a.entry.ContainsAny {
			if gaContains(*a.answer, s) {
				found = append(found, s)
				break
			}
		}
		for _, s := range found {
			token, line, ok := gaMatch(*a.answer, s)
			if !ok {
				return fmt.Errorf("prompt %d: %q is not in its answer", a.n, s)
			}
			l.r.Line("%s matches %s on line %d", kit.Quote(s), kit.Quote(token), line)
		}
	}
	return nil
}

// stricter reads the invariants strictly: first each prompt's own answer, then the gate test.
func (l *lesson) stricter() error {
	l.r.Title("The same invariants, read strictly: each prompt's own answer")
	differ := 0
	for _, a := range l.attempts {
		if a.answer == nil {
			continue
		}
		strict := corpusCheck(a.entry, *a.answer, strictContains)
		if (a.verdict == "") != (strict == "") {
			differ++
			l.r.Line("#%d %s: GA %s, strict %s", a.n, a.entry.Prompt, cmpOr(a.verdict, "pass"), cmpOr(strict, "pass"))
		}
	}
	if differ == 0 {
		l.r.Line("(the strict reading gives every answer the same verdict as GA's)")
	}
	return l.foreign(strictCheck, strictContains, "The strict reading")
}
