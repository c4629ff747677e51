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
	"unicode/utf8"

	"github.com/spf13/cobra"

	"course/fixtures"
	"course/ga/intents"
	"course/ga/skills"
	"course/internal/dotnet"
	"course/internal/lazy"
	"course/internal/report"
	"course/lessons/kit"
	"course/theory"
)

// Options is what `course l8` needs to run.
type Options struct {
	// Host says which host to start and how.
	Host kit.HostOptions
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

// corpusEntry is one prompt of the corpus: the fields of PromptCorpusTests' PromptEntry the
// lesson reads (Tests/Apps/GaChatbot.Api.Tests/Corpus/PromptCorpusTests.cs @ c781df5c).
type corpusEntry struct {
	Prompt      string   `json:"prompt"`
	Category    string   `json:"category"`
	RoutesTo    string   `json:"routes_to"`
	Contains    []string `json:"contains"`
	ContainsAny []string `json:"contains_any"`
	NotContains []string `json:"not_contains"`
	MinLength   *int     `json:"min_length"`
	Skip        bool     `json:"skip"`
	Judge       *string  `json:"judge"`
}

// readCorpus reads the corpus's JSON form.
func readCorpus(data []byte) ([]corpusEntry, error) {
	var file struct {
		Prompts []corpusEntry `json:"prompts"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("read the prompt corpus: %w", err)
	}
	for i, e := range file.Prompts {
		if strings.TrimSpace(e.Prompt) == "" {
			return nil, fmt.Errorf("read the prompt corpus: prompt %d is empty", i+1)
		}
	}
	return file.Prompts, nil
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
		resp, err := h.Chat(ctx, kit.ChatPath, prompt)
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
	err := kit.AskAll(len(asked), func(k int) error { return answerByChat(&l.attempts[asked[k]], chat) })
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
	var reply kit.ChatReply
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

// GA's invariants, as PromptCorpusTests.EvaluatePromptAsync applies them to an answer's text
// (Tests/Apps/GaChatbot.Api.Tests/Corpus/PromptCorpusTests.cs @ c781df5c).
var (
	universalBannedMarkers = []string{"Reproduce the catalog below verbatim", "Pure pedagogy", "Use when a learner asks",
		"Use when a visitor asks", "doesn't need a tool call", "returned no matches", "not yet implemented", "index is not loaded"}
	backendDegradedMarkers = []string{"The chatbot can't serve a request right now", "right now. Please try again."}
)

// degradedVerdict is the verdict of an answer that says the backend is down.
const degradedVerdict = "BACKEND_DEGRADED"

// containsFunc says whether an answer contains an expected string, in one reading or another.
type containsFunc func(answer, s string) bool

// check applies the text invariants in GA's order; routing, grounding and trace do not apply
// to an intent asked directly. It returns "" for a pass.
func corpusCheck(e corpusEntry, answer string, contains containsFunc) string {
	if strings.TrimSpace(answer) == "" {
		return "empty response"
	}
	for _, m := range backendDegradedMarkers {
		if gaContains(answer, m) {
			return degradedVerdict
		}
	}
	minLen := 50
	if e.MinLength != nil {
		minLen = *e.MinLength
	}
	if n := utf16Len(answer); n < minLen {
		return fmt.Sprintf("too short (%d < %d chars)", n, minLen)
	}
	for _, m := range universalBannedMarkers {
		if gaContains(answer, m) {
			return "banned " + kit.Quote(m)
		}
	}
	for _, m := range e.NotContains {
		if contains(answer, m) {
			return "contains " + kit.Quote(m)
		}
	}
	for _, m := range e.Contains {
		if !contains(answer, m) {
			return "missing " + kit.Quote(m)
		}
	}
	if len(e.ContainsAny) > 0 && !slices.ContainsFunc(e.ContainsAny, func(s string) bool { return contains(answer, s) }) {
		return "none of contains_any"
	}
	return ""
}

// utf16Len is the answer's length as .NET's String.Length counts it, the unit of the corpus's
// minimum lengths.
func utf16Len(s string) int { return dotnet.UTF16Len(s) }

// upperCache holds the upper-cased text of answers and expected strings: the gate test compares
// every answer with every prompt's strings, twice. Text longer than upperCacheMax is mapped
// each time instead, so that the cache stays small whatever a host answers.
var upperCache sync.Map

const upperCacheMax = 1 << 16

// upper is s with each character mapped to its simple upper case, as .NET's OrdinalIgnoreCase
// compares characters; it keeps the number of characters.
func upper(s string) string {
	if u, ok := upperCache.Load(s); ok {
		return u.(string)
	}
	u := strings.Map(unicode.ToUpper, s)
	if len(s) <= upperCacheMax {
		upperCache.Store(s, u)
	}
	return u
}

// indexFrom is the byte offset of the first occurrence of needle in hay at or after byte from,
// -1 if none; fold compares case-insensitively, and then the offset is in upper(hay).
func indexFrom(hay, needle string, from int, fold bool) int {
	if fold {
		hay, needle = upper(hay), upper(needle)
	}
	if from > len(hay) {
		return -1
	}
	i := strings.Index(hay[from:], needle)
	if i < 0 {
		return -1
	}
	return from + i
}

// gaContains is the corpus's reading: the string anywhere, in any case.
func gaContains(answer, s string) bool { return strings.Contains(upper(answer), upper(s)) }

// isTokenChar is a character of a note name, chord symbol or word.
func isTokenChar(c rune) bool {
	return unicode.IsLetter(c) || unicode.IsDigit(c) || strings.ContainsRune("#♯♭°ø+", c)
}

var (
	// tokenRe is a run of token characters.
	tokenRe = lazy.Regexp(`[A-Za-z0-9#♯♭°ø+]+`)
	// noteTokenRe is a note name or chord symbol written with a capital letter: C, F#, Bb, Am,
	// Cmaj9, F#m7b5.
	noteTokenRe = lazy.Regexp(`^(?P<root>[A-G][#b♯♭]?)(maj|min|dim|aug|sus|add|mMaj|m|M|ø|°|\+)?[0-9]*((b|#|♭|♯|add|sus)[0-9]+)*$`)
)

// namesPitch says whether a prompt names a note or a chord.
func namesPitch(prompt string) bool {
	return slices.ContainsFunc(tokenRe().FindAllString(prompt, -1), noteTokenRe().MatchString)
}

// transposeUp writes every note name and chord root of an answer one semitone higher, spelled
// with sharps.
func transposeUp(answer string) string {
	return tokenRe().ReplaceAllStringFunc(answer, func(tok string) string {
		m := noteTokenRe().FindStringSubmatch(tok)
		if m == nil {
			return tok
		}
		root := []rune(m[1])
		pc := strings.IndexRune("C D EF G A B", root[0])
		if len(root) > 1 {
			if root[1] == '#' || root[1] == '♯' {
				pc++
			} else {
				pc--
			}
		}
		return theory.SharpName(pc+1) + tok[len(m[1]):]
	})
}

// strictContains reads an expected string strictly: one that starts with a note name must
// appear with the same capital letter and accidental, and every one must stand alone, with no
// token character against either end.
func strictContains(answer, s string) bool {
	fold := !noteTokenRe().MatchString(strings.Split(s, " ")[0])
	text := answer
	if fold {
		text = upper(answer)
	}
	for i := indexFrom(answer, s, 0, fold); i >= 0; {
		end := i + len(upper(s))
		if !fold {
			end = i + len(s)
		}
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if (i == 0 || !isTokenChar(before)) && (end == len(text) || !isTokenChar(after)) {
			return true
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		i = indexFrom(answer, s, i+size, fold)
	}
	return false
}

func strictCheck(e corpusEntry, answer string, _ containsFunc) string {
	return corpusCheck(e, answer, strictContains)
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

// word is the token around a match: token characters on both sides.
func word(text []rune, start, length int) string {
	end := start + length
	for start > 0 && isTokenChar(text[start-1]) {
		start--
	}
	for end < len(text) && isTokenChar(text[end]) {
		end++
	}
	return string(text[start:end])
}

// gaMatch is where GA's reading first finds s in answer: the token around the match and its
// line, from 1; ok is false when it is not there.
func gaMatch(answer, s string) (token string, line int, ok bool) {
	at := indexFrom(answer, s, 0, true)
	if at < 0 {
		return "", 0, false
	}
	// upper keeps the number of characters, so the character index carries over.
	text := []rune(answer)
	i := utf8.RuneCountInString(upper(answer)[:at])
	return word(text, i, len([]rune(s))), strings.Count(string(text[:i]), "\n") + 1, true
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
